import IRC

/// A chat network: an IRC server the user is on, or the local workspace.
///
/// Networks are rows of the store; channels and direct messages belong to one.
///
/// ```swift
/// let libera = try store.network(named: "libera", host: "irc.libera.chat", port: 6697)
/// ```
public struct ChatNetwork: Sendable, Hashable, Identifiable {
    /// Row id in the store.
    public var id: Int64
    /// Name shown to the user ("local", "libera").
    public var name: String
    /// Host name, empty for the local workspace.
    public var host: String
    /// TCP port.
    public var port: Int
    /// Whether the connection uses TLS.
    public var usesTLS: Bool
    /// The nick the user asked for on this network.
    public var nick: String
    /// How its server compares nicks and channel names (RFC 1459's until it names another).
    public var caseMapping: IRCCaseMapping = .rfc1459

    /// Whether this network is the embedded local workspace.
    public var isLocal: Bool { host.isEmpty }

    public init(id: Int64, name: String, host: String, port: Int, usesTLS: Bool, nick: String) {
        self.id = id
        self.name = name
        self.host = host
        self.port = port
        self.usesTLS = usesTLS
        self.nick = nick
    }
}
