/// Reads typed keys out of a TOML document, collecting sources and problems.
struct SettingsReader {
    let document: TOMLDocument
    let file: String
    var sources: [String: SettingsSource] = [:]
    var problems: [SettingsProblem] = []

    init(document: TOMLDocument, file: String) {
        self.document = document
        self.file = file
    }

    /// Reads `dotted` ("speech.rate"); nil when absent or bad (a bad value adds an error).
    mutating func read<T>(_ dotted: String, _ convert: (TOMLValue) -> Check<T>) -> T? {
        guard let value = lookUp(dotted) else { return nil }
        switch convert(value) {
        case .ok(let result):
            if let location = document.locations[dotted] ?? firstLocation(under: dotted) {
                sources[dotted] = .file(path: file, line: location.line)
            }
            return result
        case .bad(let message):
            problem(.forMessage(message), message, key: dotted, atValue: true)
            return nil
        }
    }

    mutating func integer(_ dotted: String, in range: ClosedRange<Int>, unit: String = "") -> Int? {
        read(dotted) { value in
            guard let number = value.integerValue else {
                return .bad(
                    "expected a whole number from \(range.lowerBound) to \(range.upperBound), found a \(value.typeName)"
                )
            }
            guard number >= Int64(range.lowerBound), number <= Int64(range.upperBound) else {
                return .bad("\(number) is out of range: use \(range.lowerBound) to \(range.upperBound)\(unit)")
            }
            return .ok(Int(number))
        }
    }

    mutating func bool(_ dotted: String) -> Bool? {
        read(dotted) { value in
            value.boolValue.map { .ok($0) } ?? .bad("expected true or false, found a \(value.typeName)")
        }
    }

    // A key the client also writes is read by its ``SettingKey``, so that it is spelled once.

    mutating func read<T>(_ key: SettingKey, _ convert: (TOMLValue) -> Check<T>) -> T? { read(key.dotted, convert) }

    /// One `[[irc.servers]]` element; nil when it has no usable host.
    mutating func server(at index: Int, ownerOnly: Bool) -> IRCServerSettings? {
        let prefix = "irc.servers[\(index)]"
        guard case .array(let servers)? = document.value(at: ["irc", "servers"]), index < servers.count,
            let table = servers[index].tableValue
        else {
            problem(.wrongType, "expected a table", key: prefix, atValue: true)
            return nil
        }
        for entry in table.entries where !Settings.serverKeys.contains(entry.key) {
            problem(
                .unknownKey, "unknown key \(entry.key) is ignored", key: "\(prefix).\(entry.key)", severity: .warning)
        }
        func string(_ key: String) -> String? {
            read("\(prefix).\(key)") { value in
                value.stringValue.map { .ok($0) } ?? .bad("expected a string, found a \(value.typeName)")
            }
        }
        guard let host = string("host"), !host.isEmpty else {
            if table["host"] == nil {
                problem(
                    .missingKey, "this server has no host, so it is left out", key: "\(prefix).host", atValue: false,
                    fallback: prefix)
            }
            return nil
        }
        let tls = bool("\(prefix).tls") ?? true
        let port = integer("\(prefix).port", in: 1...65535)
        let nick = string("nick") ?? "earshot"
        let channels =
            read("\(prefix).channels") { value -> Check<[String]> in
                guard let array = value.arrayValue else {
                    return .bad("expected an array of channel names, found a \(value.typeName)")
                }
                let names = array.compactMap(\.stringValue)
                return names.count == array.count ? .ok(names) : .bad("expected channel names as strings")
            } ?? []
        let saslUser = string("sasl_user")
        let saslRequired = bool("\(prefix).sasl_required") ?? true
        let caFile = string("ca_file")
        let passwordEnv = string("password_env")
        let serverPasswordEnv = string("server_password_env")
        var passwords: [String: String] = [:]
        for key in ["password", "server_password"] where table[key] != nil {
            if ownerOnly {
                passwords[key] = string(key)
            } else {
                problem(
                    .insecurePassword,
                    "a password is only read from a file that only its owner can read; run chmod 600 on the file, or use \(key)_env",
                    key: "\(prefix).\(key)", atValue: false)
            }
        }
        let mechanism = read("\(prefix).sasl_mechanism") { value -> Check<String> in
            let allowed = IRCServerSettings.saslMechanisms.map { "\"\($0)\"" }.joined(separator: ", ")
            guard let text = value.stringValue else {
                return .bad("expected one of \(allowed), found a \(value.typeName)")
            }
            return IRCServerSettings.saslMechanisms.contains(text.uppercased())
                ? .ok(text.uppercased()) : .bad("\"\(text)\" is not one of \(allowed)")
        }
        let fingerprint = read("\(prefix).tls_fingerprint") { value -> Check<String> in
            guard let text = value.stringValue else {
                return .bad("expected the certificate's SHA-256 as hex, found a \(value.typeName)")
            }
            return IRCServerSettings.normalisedFingerprint(text).map { .ok($0) }
                ?? .bad("expected the certificate's SHA-256: 64 hex digits, colons allowed")
        }
        return IRCServerSettings(
            host: host, port: port, tls: tls, nick: nick, channels: channels, saslUser: saslUser, caFile: caFile,
            passwordEnvironmentVariable: passwordEnv, password: passwords["password"], saslRequired: saslRequired,
            serverPasswordEnvironmentVariable: serverPasswordEnv, serverPassword: passwords["server_password"],
            clientCertificate: string("client_cert"), clientKey: string("client_key"), saslMechanism: mechanism,
            tlsFingerprint: fingerprint)
    }

    /// Adds a warning for every key and section Earshot does not know.
    mutating func warnAboutUnknownKeys() {
        let known = Dictionary(uniqueKeysWithValues: Settings.knownKeys.map { ($0.section, Set($0.keys)) })
        for entry in document.root.entries {
            guard let keys = known[entry.key] else {
                problem(
                    .unknownKey, "unknown section or key \(entry.key) is ignored", key: entry.key, severity: .warning)
                continue
            }
            guard let table = entry.value.tableValue else {
                problem(
                    .wrongType, "expected a [\(entry.key)] table, found a \(entry.value.typeName)", key: entry.key,
                    atValue: true)
                continue
            }
            for sub in table.entries where !keys.contains(sub.key) {
                problem(
                    .unknownKey, "unknown key \(sub.key) is ignored", key: "\(entry.key).\(sub.key)", severity: .warning
                )
            }
        }
    }

    mutating func problem(
        _ code: SettingsProblem.Code, _ message: String, key: String, atValue: Bool = false,
        severity: SettingsProblem.Severity = .error, fallback: String? = nil
    ) {
        var line = 1
        var column = 1
        if let location = document.locations[key] {
            line = atValue ? location.valueLine : location.line
            column = atValue ? location.valueColumn : location.column
        } else if let location = firstLocation(under: fallback ?? key) {
            line = location.line
            column = location.column
        }
        problems.append(
            SettingsProblem(
                code: code, severity: severity, message: message, file: file, line: line, column: column,
                key: key))
    }

    /// The value at a dotted key whose parts may end in an index: "irc.servers[0].host".
    func lookUp(_ dotted: String) -> TOMLValue? {
        var value = TOMLValue.table(document.root)
        for part in dotted.split(separator: ".") {
            var name = Substring(part)
            var index: Int?
            if name.hasSuffix("]"), let open = name.lastIndex(of: "[") {
                index = Int(name[name.index(after: open)..<name.index(before: name.endIndex)])
                name = name[..<open]
            }
            guard let next = value.tableValue?[String(name)] else { return nil }
            value = next
            if let index {
                guard let array = value.arrayValue, array.indices.contains(index) else { return nil }
                value = array[index]
            }
        }
        return value
    }

    /// The earliest key inside `prefix` (for a section that has no location of its own).
    private func firstLocation(under prefix: String) -> TOMLDocument.Location? {
        document.locations.filter { $0.key.hasPrefix(prefix + ".") || $0.key.hasPrefix(prefix + "[") }
            .map(\.value)
            .min { ($0.line, $0.column) < ($1.line, $1.column) }
    }
}

extension SettingsProblem.Code {
    /// Range messages say "out of range", or that a word is "not one of" the choices; the rest
    /// are type errors.
    static func forMessage(_ message: String) -> SettingsProblem.Code {
        message.contains("out of range") || message.contains("is not one of") ? .outOfRange : .wrongType
    }
}
