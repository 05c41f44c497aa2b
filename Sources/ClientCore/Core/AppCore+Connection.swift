import Accessibility
import ChatModel

extension AppCore {
    /// The connection's events, routed to ``ConnectionMachine`` and carried out as it says: the
    /// words are the phrase book's, the channel it names opens.

    mutating func disconnected(_ network: Int64?, _ reason: DisconnectReason) {
        waits.progress.answerAll()
        guard case .said(let wasConnected, let then) = state.connection.connectionLost(network ?? 0, reason, at: now)
        else {
            return
        }
        let sentence = Wording.sentence(.connection(.lost(host: host(of: network), wasConnected: wasConnected, reason)))
        effects.append(.lines([Lines.plain(sentence)]))
        // The connection-lost sound only for a connection there was.
        playCue(wasConnected ? .connectionLost : .error, .high)
        post(.announcement(sentence, priority: .high))
        arrive(then)
    }

    /// A long outage is not silence: once a minute at most, that the client is still at it; a
    /// try the listener asked for (/reconnect) is answered whatever the minute says.
    mutating func retrying(_ network: Int64?, after delay: Duration) {
        answered(.reconnect)
        switch state.connection.retrying(network ?? 0, after: delay, at: now) {
        case .quiet: break
        case .tryingAgain(let seconds): say(.tryingAgain(host(of: network), inSeconds: seconds), .low, .announcer)
        case .failed(let reason, let seconds):
            say(.retryFailed(host(of: network), reason, inSeconds: seconds), .default, .announcer)
        }
    }

    mutating func registered(_ network: Int64?, as nick: String) {
        answered(.reconnect)
        if let network { state.nicks[network] = nick }
        if network == nil || network == state.channel?.networkID
            || state.channel?.networkID == configuration.localNetworkID
        {
            state.nick = nick
        }
        let connected = Fact.connection(.connectedAs(nick, network: networkName(network)))
        let welcome = state.connection.registered(
            network ?? 0, nick: nick, news: connected, onWelcome: state.channelID == configuration.welcomeChannelID,
            onMain: state.route == .main)
        switch welcome {
        case .back:
            // One sentence on return: where the user is again.
            let channels = state.channels.filter {
                !$0.isDirect && !state.leftChannels.contains($0.id)
                    && (network == nil ? $0.networkID != configuration.localNetworkID : $0.networkID == network)
            }.map(\.name)
            let back = ConnectionFact.backOn(host: host(of: network), channels: channels)
            effects.append(.lines([Lines.plain(Wording.sentence(.connection(back)))]))
            announce(.connection(back), .default)
        case .held: break
        case .connected: announce(connected, .default)
        }
    }

    mutating func synced(_ network: Int64?) {
        let synced = state.connection.synced(network ?? 0)
        if let arrival = synced.arrival { arrive(arrival) } else { refresh() }
        // The replay on (re)joining is over: what came while away is said once, now, or after
        // the channel that opens says where the listener is ("Connected as ada. hash a").
        if synced.replayEnded {
            say(awayNews: channelNews.away.replayEnded(channelOpening: state.connection.holdsNews))
        }
    }

    mutating func signInFailed(account: String, _ reason: SignInFailure, continuing: Bool) {
        let then = state.connection.signInFailed(continuing: continuing)
        let failed = ConnectionFact.signInFailed(account: account, reason, continuing: continuing)
        effects.append(.lines([Lines.plain(SpokenText.unmarked(Wording.sentence(.connection(failed))))]))
        playCue(.error, .high)
        announce(.connection(failed), .high)
        arrive(then)
    }

    /// Said once; the client has stopped rather than ask again and again.
    mutating func passwordRefused(_ network: Int64?, given: Bool) {
        let then = state.connection.passwordRefused()
        let server = host(of: network)
        // The settings entry of this server, to say what is missing.
        let known = state.networks.first { $0.id == network }
        let entry = state.settings.ircServers.first { $0.host == known?.host && $0.port == known?.port }
        let sentence = Wording.sentence(
            .connection(
                given
                    ? .passwordRefused(host: server)
                    : entry?.passwordEnvironmentVariable.map { .passwordVariableUnset(host: server, variable: $0) }
                        ?? .passwordNotNamed(host: server)))
        effects.append(.lines([Lines.plain(sentence)]))
        playCue(.error, .high)
        post(.announcement(sentence, priority: .high))
        arrive(then)
    }

    /// Time passed for the connection: the wait for the first channel may end, and a silent
    /// wait is said to be one.
    mutating func connectionTick() {
        let tick = state.connection.tick(at: now)
        arrive(tick.arrival)
        if tick.stillConnecting { say(.connection(.stillConnecting(host: connectingHost)), .default, .announcer) }
    }

    /// The server being connected to at start: the one the settings name, before the store
    /// knows its network.
    var connectingHost: String {
        let servers = state.settings.ircServers
        return servers.count == 1 ? servers[0].host : host(of: nil)
    }

    /// Opens what the wait for the first channel ended in: the first IRC channel joined, in
    /// place of the local workspace, or the local workspace when none came, so the listener is
    /// somewhere. Neither takes the place of another channel, a sheet or another screen.
    mutating func arrive(_ arrival: ConnectionMachine.Arrival?) {
        switch arrival {
        case nil: break
        case .channel(let channelID):
            guard state.channelID == configuration.welcomeChannelID, state.route == .main, !state.sheets.hasSheet
            else { return }
            state.show(channel: channelID)
            effects.append(.load(ChatLoad(channelID: channelID, purpose: .open)))
        case .welcome:
            if state.channelID == configuration.welcomeChannelID {
                effects.append(.load(ChatLoad(channelID: state.channelID, purpose: .open)))
            }
        }
    }
}
