/// One `[[irc.servers]]` entry.
///
/// A password is taken from the environment variable named by `password_env`, or from a
/// `password` key — but only when the settings file can be read by its owner alone (mode 0600).
///
/// ```toml
/// [[irc.servers]]
/// host = "irc.libera.chat"
/// port = 6697
/// tls = true
/// nick = "ada"
/// channels = ["#earshot"]
/// sasl_user = "ada"
/// password_env = "EARSHOT_IRC_PASSWORD"
/// sasl_required = true    # false: go on without the account when sign-in fails
/// ```
///
/// `sasl_mechanism` chooses how a password signs in: `"SCRAM-SHA-256"`, `"PLAIN"` or
/// `"EXTERNAL"`; without it, SCRAM-SHA-256 where the server lists it, else PLAIN.
/// `tls_fingerprint` pins the server's certificate by its SHA-256 (hex, colons allowed): a
/// self-signed certificate is then taken when it matches, and any other refused.
///
/// `client_cert` (and `client_key`) sign in with a certificate instead (SASL EXTERNAL):
///
/// ```toml
/// client_cert = "/home/ada/.config/earshot/libera.pem"   # chmod 600
/// ```
///
/// Without `sasl_user`, the password is the server password (PASS), as a bouncer wants it:
/// ZNC's is `user/network:password`. Where both are needed, `server_password_env` (or
/// `server_password`) holds the server's.
///
/// ```toml
/// [[irc.servers]]
/// host = "127.0.0.1"
/// port = 6501
/// tls = false
/// nick = "ada"
/// password_env = "ZNC_PASSWORD"   # export ZNC_PASSWORD='ada/libera:secret'
/// ```
public struct IRCServerSettings: Sendable, Equatable {
    public var host: String
    public var port: Int
    public var tls: Bool
    public var nick: String
    public var channels: [String]
    public var saslUser: String?
    /// `sasl_required` (default true): with `sasl_user`, a failed sign-in disconnects and is
    /// said aloud, rather than going on without the account.
    public var saslRequired: Bool
    /// `ca_file`: certificate authorities to trust for this server's TLS (PEM).
    public var caFile: String?
    /// The name of the environment variable that holds the password.
    public var passwordEnvironmentVariable: String?
    /// A password from the file (only accepted from an owner-only file).
    public var password: String?
    /// `server_password_env` and `server_password`: the server password where `sasl_user`
    /// takes `password_env` for the account.
    public var serverPasswordEnvironmentVariable: String?
    public var serverPassword: String?
    /// `client_cert` and `client_key`: a TLS client certificate (PEM) and its key (an owner-only
    /// file; the certificate's own file when it holds both). Without a password it is also the
    /// sign-in (SASL EXTERNAL, CertFP), as Libera.Chat and OFTC offer.
    public var clientCertificate: String?
    public var clientKey: String?
    /// `sasl_mechanism`, upper case as IRC spells it ("SCRAM-SHA-256"); nil: chosen by what
    /// the server lists.
    public var saslMechanism: String?
    /// `tls_fingerprint`: the SHA-256 of the server's certificate, 64 lower-case hex digits.
    public var tlsFingerprint: String?

    /// The mechanisms `sasl_mechanism` takes.
    public static let saslMechanisms = ["SCRAM-SHA-256", "PLAIN", "EXTERNAL"]

    public init(
        host: String, port: Int? = nil, tls: Bool = true, nick: String = "earshot",
        channels: [String] = [], saslUser: String? = nil, caFile: String? = nil,
        passwordEnvironmentVariable: String? = nil,
        password: String? = nil, saslRequired: Bool = true, serverPasswordEnvironmentVariable: String? = nil,
        serverPassword: String? = nil, clientCertificate: String? = nil, clientKey: String? = nil,
        saslMechanism: String? = nil, tlsFingerprint: String? = nil
    ) {
        self.saslMechanism = saslMechanism
        self.tlsFingerprint = tlsFingerprint
        self.clientCertificate = clientCertificate
        self.clientKey = clientKey
        self.serverPasswordEnvironmentVariable = serverPasswordEnvironmentVariable
        self.serverPassword = serverPassword
        self.saslRequired = saslRequired
        self.host = host
        self.port = port ?? (tls ? 6697 : 6667)
        self.tls = tls
        self.nick = nick
        self.channels = channels
        self.saslUser = saslUser
        self.caFile = caFile
        self.passwordEnvironmentVariable = passwordEnvironmentVariable
        self.password = password
    }

    /// A fingerprint as people copy it ("AB:CD:…", "abcd…"): 64 lower-case hex digits, or nil
    /// when it is not a SHA-256.
    public static func normalisedFingerprint(_ text: String) -> String? {
        let digits = text.lowercased().filter { $0 != ":" && $0 != " " }
        guard digits.count == 64, digits.allSatisfy(\.isHexDigit) else { return nil }
        return digits
    }

    /// The password: from the environment variable when set there, else from the file.
    public func resolvedPassword(environment: [String: String]) -> String? {
        if let name = passwordEnvironmentVariable, let value = environment[name] { return value }
        return password
    }

    /// The server password (PASS): `server_password_env` or `server_password`; without
    /// `sasl_user`, the password itself.
    public func resolvedServerPassword(environment: [String: String]) -> String? {
        if let name = serverPasswordEnvironmentVariable, let value = environment[name] { return value }
        if let serverPassword { return serverPassword }
        return saslUser == nil ? resolvedPassword(environment: environment) : nil
    }
}
