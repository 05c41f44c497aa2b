import Foundation

/// Registration: capability negotiation, SASL (PLAIN, EXTERNAL, SCRAM-SHA-256), the welcome and
/// a nick in use.
extension IRCConnection {
    // MARK: Registration

    mutating func receivedCap(_ message: IRCMessage) -> [Action] {
        guard let sub = message.parameter(1)?.uppercased() else { return [] }
        switch sub {
        case "LS":
            let more = message.parameters.count >= 4 && message.parameter(2) == "*"
            for entry in (message.parameters.last ?? "").split(separator: " ") {
                let parts = entry.split(separator: "=", maxSplits: 1)
                let capability = IRCCapability(rawValue: String(parts.first ?? entry))
                session.advertised.insert(capability)
                if parts.count == 2 { session.values[capability] = String(parts[1]) }
            }
            guard !more, state == .negotiating else { return [] }
            var actions: [Action] = []
            if session.advertised.contains(.sts) {
                let policy = Self.keys(session.values[.sts] ?? "")
                if !session.secure, let port = policy["port"].flatMap({ Int($0) }), (1...65535).contains(port) {
                    // STS on a plain connection: go to the TLS port now, registering nothing here.
                    state = .disconnected
                    return [.emit(.secureConnectionRequired(port: port))]
                }
                if session.secure, let duration = policy["duration"].flatMap({ Int($0) }), duration >= 0 {
                    actions.append(.emit(.securityPolicy(duration: duration)))
                }
            }
            // The mechanism we sign in with must be one the server lists (`sasl=EXTERNAL`
            // alone takes no password): else it is not asked for, and the failure said once.
            let listed = session.values[.sasl].map { $0.split(separator: ",").map(String.init) }
            session.mechanism = Self.mechanism(for: configuration, listed: listed)
            let usable = session.advertised.contains(.sasl) && (listed?.contains(session.mechanism.rawValue) ?? true)
            if configuration.signsIn, !usable {
                let offered = session.values[.sasl] ?? ""
                let reason: SignInFailure =
                    if !session.advertised.contains(.sasl) || offered.isEmpty || configuration.certificateSignIn {
                        .notOffered
                    } else if configuration.mechanism != nil {
                        .mechanismNotOffered(session.mechanism.rawValue, offered: offered)
                    } else {
                        .noPasswordSignIn(offered: offered)
                    }
                actions += signInFailed(reason)
                if state == .refused { return actions }
            }
            let wanted = IRCCapability.wanted.filter { cap in
                session.advertised.contains(cap) && (cap != .sasl || (configuration.signsIn && usable))
            }
            if wanted.isEmpty { return actions + finishNegotiation() }
            return actions + [
                .send(IRCMessage(command: "CAP", ["REQ", wanted.map(\.rawValue).joined(separator: " ")]))
            ]
        case "ACK":
            for entry in (message.parameters.last ?? "").split(separator: " ") {
                if entry.hasPrefix("-") {
                    session.capabilities.remove(IRCCapability(rawValue: String(entry.dropFirst())))
                } else {
                    session.capabilities.insert(IRCCapability(rawValue: String(entry)))
                }
            }
            guard state == .negotiating else { return [] }
            if session.capabilities.contains(.sasl), configuration.signsIn {
                state = .authenticating
                return [.send(IRCMessage(command: "AUTHENTICATE", [session.mechanism.rawValue]))]
            }
            return finishNegotiation()
        case "NAK":
            guard state == .negotiating else { return [] }
            let refused = (message.parameters.last ?? "").split(separator: " ").contains("sasl")
            guard refused, configuration.signsIn else { return finishNegotiation() }
            let actions = signInFailed(.refusedToStart)
            return state == .refused ? actions : actions + finishNegotiation()
        case "NEW":
            // cap-notify (implied by CAP LS 302): a bouncer offers its network's capabilities
            // once it is connected upstream (ZNC: away-notify, account-notify, extended-join).
            var offered: [IRCCapability] = []
            for entry in (message.parameters.last ?? "").split(separator: " ") {
                let capability = IRCCapability(
                    rawValue: String(entry.split(separator: "=", maxSplits: 1).first ?? entry))
                session.advertised.insert(capability)
                offered.append(capability)
            }
            let wanted = IRCCapability.wanted.filter {
                offered.contains($0) && !session.capabilities.contains($0) && $0 != .sasl
            }
            guard state != .negotiating, state != .refused, !wanted.isEmpty else { return [] }
            return [.send(IRCMessage(command: "CAP", ["REQ", wanted.map(\.rawValue).joined(separator: " ")]))]
        case "DEL":
            for entry in (message.parameters.last ?? "").split(separator: " ") {
                session.capabilities.remove(IRCCapability(rawValue: String(entry)))
            }
            return []
        default:
            return []
        }
    }

    /// The mechanism for this connection: EXTERNAL with a certificate alone, else the one the
    /// settings name, else SCRAM-SHA-256 where the server lists it, else PLAIN.
    static func mechanism(for configuration: Configuration, listed: [String]?) -> SASLMechanism {
        if configuration.certificateSignIn { return .external }
        if let chosen = configuration.mechanism { return chosen }
        return listed?.contains(SASLMechanism.scramSHA256.rawValue) == true ? .scramSHA256 : .plain
    }

    /// A challenge from the server: `+` (empty) or base64, in 400-byte pieces until a shorter one.
    mutating func receivedAuthenticate(_ message: IRCMessage) -> [Action] {
        guard state == .authenticating, let piece = message.parameter(0) else { return [] }
        if piece != "+" { session.authenticateBuffer += piece }
        if piece.utf8.count == 400 { return [] }
        let challenge = session.authenticateBuffer
        session.authenticateBuffer = ""
        switch session.mechanism {
        case .external:
            // The certificate is the proof, and an empty answer takes the account it names.
            return [.send(IRCMessage(command: "AUTHENTICATE", ["+"]))]
        case .plain:
            guard challenge.isEmpty, let credentials = configuration.credentials else { return [] }
            return authenticate(Array(credentials.plainPayload.utf8))
        case .scramSHA256:
            return scramStep(challenge: challenge)
        }
    }

    /// SCRAM's three steps: our first message, our proof for the server's salt and nonce, and
    /// the check of the server's proof (a server that cannot prove it knows the password is
    /// left, whatever it says next).
    mutating func scramStep(challenge: String) -> [Action] {
        guard let credentials = configuration.credentials else { return [] }
        guard !challenge.isEmpty else {
            let exchange = SCRAMExchange(account: credentials.account, password: credentials.password)
            session.scram = exchange
            return authenticate(Array(exchange.clientFirst.utf8))
        }
        guard var exchange = session.scram, let decoded = Data(base64Encoded: challenge) else {
            return abortSignIn(.aborted)
        }
        let text = String(decoding: decoded, as: UTF8.self)
        do {
            if text.hasPrefix("v=") || text.hasPrefix("e=") {
                try exchange.verify(text)
                session.scram = nil
                return [.send(IRCMessage(command: "AUTHENTICATE", ["+"]))]
            }
            let final = try exchange.respond(to: text)
            session.scram = exchange
            return authenticate(Array(final.utf8))
        } catch .serverNotProven {
            return abortSignIn(.serverNotProven)
        } catch .refused {
            return abortSignIn(.credentialsRefused)
        } catch {
            return abortSignIn(.aborted)
        }
    }

    /// Ends the exchange (`AUTHENTICATE *`) and says why.
    mutating func abortSignIn(_ reason: SignInFailure) -> [Action] {
        session.scram = nil
        let actions = [Action.send(IRCMessage(command: "AUTHENTICATE", ["*"]))] + signInFailed(reason)
        return state == .refused ? actions : actions + finishNegotiation()
    }

    /// A payload as AUTHENTICATE lines: base64 in 400-byte pieces, and `+` after a full last one.
    func authenticate(_ bytes: [UInt8]) -> [Action] {
        let payload = Array(Data(bytes).base64EncodedString().utf8)
        var actions: [Action] = []
        var start = 0
        while start < payload.count {
            let end = min(start + 400, payload.count)
            actions.append(
                .send(IRCMessage(command: "AUTHENTICATE", [String(decoding: payload[start..<end], as: UTF8.self)])))
            start = end
        }
        if payload.count % 400 == 0 { actions.append(.send(IRCMessage(command: "AUTHENTICATE", ["+"]))) }
        return actions
    }

    /// The SASL numerics: 900/901 logged in or out, 903 success (907: already signed in),
    /// 908 the mechanisms on offer, 902/904/905/906 failure.
    mutating func receivedSASLReply(_ message: IRCMessage) -> [Action] {
        switch message.command {
        case "900":
            session.account = message.parameter(2).map(clean)
            return []
        case "901":
            session.account = nil
            return []
        case "903", "907":
            session.signedIn = state == .authenticating
            return finishNegotiation()
        case "908":
            session.saslMechanisms = message.parameter(1).map(clean)
            return []
        default:
            guard state == .authenticating else { return [] }
            let reason: SignInFailure
            if message.command == "904", configuration.certificateSignIn {
                reason = .certificateRefused
            } else if message.command == "904" {
                if let mechanisms = session.saslMechanisms,
                    !mechanisms.split(separator: ",").contains(Substring(session.mechanism.rawValue))
                {
                    reason = .noPasswordSignIn(offered: mechanisms)
                } else {
                    reason = .credentialsRefused
                }
            } else if message.command == "902" {
                reason = .nickNotAllowed
            } else {
                reason = .aborted
            }
            let actions = signInFailed(reason)
            return state == .refused ? actions : actions + finishNegotiation()
        }
    }

    /// Sign-in failed: say so, and either go on without the account or, when it is required,
    /// quit and read nothing more (the shell must not reconnect).
    mutating func signInFailed(_ reason: SignInFailure) -> [Action] {
        let account = clean(configuration.credentials?.account ?? session.nick)
        guard configuration.requiresAuthentication else {
            return [.emit(.authenticationFailed(account: account, reason: reason, continuing: true))]
        }
        state = .refused
        return [
            .send(IRCMessage(command: "QUIT", ["Sign-in failed"])),
            .emit(.authenticationFailed(account: account, reason: reason, continuing: false)),
        ]
    }

    /// ERR_PASSWDMISMATCH (464): the server (or bouncer) wants a password we did not give, or
    /// refused the one we gave. Trying again would only fail the same way.
    mutating func passwordRefused() -> [Action] {
        guard state != .registered else { return [] }
        state = .refused
        return [
            .send(IRCMessage(command: "QUIT", ["Password refused"])),
            .emit(.passwordRefused(given: configuration.serverPassword != nil)),
        ]
    }

    mutating func finishNegotiation() -> [Action] {
        guard state == .negotiating || state == .authenticating else { return [] }
        state = .registering
        return [.send(IRCMessage(command: "CAP", ["END"]))]
    }

    mutating func receivedWelcome(_ message: IRCMessage, now: Date) -> [Action] {
        guard state != .registered else { return [] }
        state = .registered
        session.registeredAt = now
        if let given = message.parameter(0), !given.isEmpty { session.nick = given }
        registrations += 1
        var actions: [Action] = [.emit(.registered(nick: clean(session.nick), again: registrations > 1))]
        for channel in wantedChannels {
            actions.append(.send(IRCMessage(command: "JOIN", [channel])))
            // Before the sync PING: what was missed comes before "synced", so it is summed up.
            actions += historyRequest(channel)
        }
        // Direct conversations since the newest message known (a day back on a first visit).
        let newest = historyAnchors.values.compactMap(\.time).max() ?? now.addingTimeInterval(-86_400)
        actions += targetsRequest(since: newest, now: now)
        let token = "earshot-sync-\(registrations)"
        session.syncToken = token
        actions.append(.send(IRCMessage(command: "PING", [token])))
        return actions
    }

    mutating func receivedNickInUse(_ message: IRCMessage) -> [Action] {
        guard state != .registered else {
            return [.emit(.refused(refusal(message.command == "432" ? .erroneousNick : .nickInUse, message)))]
        }
        session.nickAttempt += 1
        let base = String(configuration.nick.prefix(25))
        session.nick = session.nickAttempt == 1 ? base + "_" : base + String(session.nickAttempt)
        return [.send(IRCMessage(command: "NICK", [session.nick]))]
    }
}
