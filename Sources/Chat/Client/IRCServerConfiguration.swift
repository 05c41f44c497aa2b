/// Where and how to connect to an IRC server.
///
/// TLS with certificate verification is the default. Plain TCP is allowed only to a loopback
/// address, or when `insecure` is set (the `--insecure` flag).
///
/// ```swift
/// let libera = IRCServerConfiguration(name: "libera", host: "irc.libera.chat", nick: "ada", channels: ["#earshot"])
/// let local = IRCServerConfiguration(name: "test", host: "127.0.0.1", port: 6667, usesTLS: false, nick: "ada")
/// ```
public struct IRCServerConfiguration: Sendable, Hashable {
    /// Name of the network in the store.
    public var name: String
    public var host: String
    public var port: Int
    public var usesTLS: Bool
    /// Allows plain TCP to a host that is not loopback.
    public var insecure: Bool
    public var nick: String
    public var user: String?
    public var realName: String
    public var credentials: SASLCredentials?
    /// With credentials: whether a failed sign-in disconnects (without reconnecting) rather
    /// than going on without the account (`sasl_required` in the settings).
    public var requiresAuthentication: Bool
    /// Channels to join, and rejoin after every reconnect.
    public var channels: [String]
    public var reconnect: ReconnectPolicy
    /// A PEM file of the certificate authorities to trust for TLS instead of the system's
    /// (a server with its own CA).
    public var caFile: String?
    /// The server password (PASS): a bouncer's `user/network:password`, or a server's.
    public var serverPassword: String?
    /// Nicks to follow with MONITOR (`irc.monitor`).
    public var monitor: [String]
    /// A client certificate and its key (PEM files, owner-only): presented over TLS, and the
    /// sign-in (SASL EXTERNAL, CertFP) when there is no password.
    public var clientCertificate: String?
    public var clientKey: String?
    /// How a password signs in; nil: SCRAM-SHA-256 where the server lists it, else PLAIN.
    public var saslMechanism: SASLMechanism?
    /// The SHA-256 of the server's certificate (64 lower-case hex digits): the certificate is
    /// taken when it matches, self-signed or not, and refused otherwise.
    public var tlsFingerprint: String?

    public init(
        name: String, host: String, port: Int = 6697, usesTLS: Bool = true, insecure: Bool = false, nick: String,
        user: String? = nil, realName: String = "Earshot user", credentials: SASLCredentials? = nil,
        requiresAuthentication: Bool = true, channels: [String] = [], reconnect: ReconnectPolicy = ReconnectPolicy(),
        caFile: String? = nil, serverPassword: String? = nil, monitor: [String] = [], clientCertificate: String? = nil,
        clientKey: String? = nil, saslMechanism: SASLMechanism? = nil, tlsFingerprint: String? = nil
    ) {
        self.saslMechanism = saslMechanism
        self.tlsFingerprint = tlsFingerprint
        self.clientCertificate = clientCertificate
        self.clientKey = clientKey
        self.serverPassword = serverPassword
        self.monitor = monitor
        self.requiresAuthentication = requiresAuthentication
        self.caFile = caFile
        self.name = name
        self.host = host
        self.port = port
        self.usesTLS = usesTLS
        self.insecure = insecure
        self.nick = nick
        self.user = user
        self.realName = realName
        self.credentials = credentials
        self.channels = channels
        self.reconnect = reconnect
    }

    /// Whether `host` is a loopback address or name.
    public var isLoopback: Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }

    /// Throws ``ChatError/Code/insecureConnection`` for plain TCP to a non-loopback host.
    public func validate() throws {
        if !usesTLS && !isLoopback && !insecure {
            throw ChatError(.plainToRemoteHost(host))
        }
    }
}
