extension Settings {
    /// Every effective setting as a dotted key and a TOML value, in the order of
    /// ``table``; each IRC server is one inline table (`irc.servers[0]`), its password
    /// shown as "(set)" and never printed.
    ///
    /// ```swift
    /// Settings().values.first  // ("text.size", .string("large"))
    /// ```
    public var values: [(key: String, value: TOMLValue)] {
        var result = Settings.table.filter { $0.key != .ircServers }.map { (key: $0.dotted, value: $0.value(in: self)) }
        for (index, server) in ircServers.enumerated() {
            var entries: [TOMLTable.Entry] = [
                .init(key: "host", value: .string(server.host)),
                .init(key: "port", value: .integer(Int64(server.port))),
                .init(key: "tls", value: .boolean(server.tls)),
                .init(key: "nick", value: .string(server.nick)),
                .init(key: "channels", value: .array(server.channels.map(TOMLValue.string))),
            ]
            if let user = server.saslUser {
                entries.append(.init(key: "sasl_user", value: .string(user)))
                entries.append(.init(key: "sasl_required", value: .boolean(server.saslRequired)))
            }
            if let caFile = server.caFile { entries.append(.init(key: "ca_file", value: .string(caFile))) }
            if let name = server.passwordEnvironmentVariable {
                entries.append(.init(key: "password_env", value: .string(name)))
            }
            if server.password != nil { entries.append(.init(key: "password", value: .string("(set)"))) }
            if let name = server.serverPasswordEnvironmentVariable {
                entries.append(.init(key: "server_password_env", value: .string(name)))
            }
            if server.serverPassword != nil { entries.append(.init(key: "server_password", value: .string("(set)"))) }
            if let file = server.clientCertificate { entries.append(.init(key: "client_cert", value: .string(file))) }
            if let file = server.clientKey { entries.append(.init(key: "client_key", value: .string(file))) }
            if let mechanism = server.saslMechanism {
                entries.append(.init(key: "sasl_mechanism", value: .string(mechanism)))
            }
            if let fingerprint = server.tlsFingerprint {
                entries.append(.init(key: "tls_fingerprint", value: .string(fingerprint)))
            }
            result.append(("irc.servers[\(index)]", .table(TOMLTable(entries: entries))))
        }
        return result
    }
}

extension SpeechSettings.ChannelSpeech {
    /// As the file writes it: the policy alone when that is all, else an inline table.
    public var tomlValue: TOMLValue {
        if language == nil, let messages { return .string(messages.rawValue) }
        var entries: [TOMLTable.Entry] = []
        if let messages { entries.append(.init(key: "messages", value: .string(messages.rawValue))) }
        if let language { entries.append(.init(key: "language", value: .string(language))) }
        return .table(TOMLTable(entries: entries))
    }
}
