import Foundation

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Test support: Debian's Anope 2.0 services linked to an ``InspIRCdFixture``, both on
/// 127.0.0.1 at free ports, for SASL PLAIN and EXTERNAL against real services.
///
/// Anope runs in the foreground (`--nofork`) with a generated `services.conf`, its database and
/// logs in a temporary folder: protocol module `inspircd3`, NickServ with `ns_register` (no
/// e-mail confirmation), `ns_identify`, `ns_logout` and `ns_cert`, and `m_sasl` (PLAIN, and
/// EXTERNAL, which finds the account by the client certificate's fingerprint in `ns_cert`'s
/// lists). The initialiser returns once Anope has linked and InspIRCd offers `sasl=…PLAIN`.
/// Accounts are registered the way a user would, by ``register(account:password:)``. Always
/// call ``tearDown()`` (tests use `defer`).
///
/// ```swift
/// let services = try AnopeFixture()
/// defer { services.tearDown() }
/// try services.register(account: "ada", password: "correct-horse-7")
/// // connect to 127.0.0.1:\(services.port) with SASL PLAIN
/// ```
///
/// For EXTERNAL, pass certificates: ``port`` stays plaintext, and ``tlsPort`` takes TLS and asks
/// for client certificates.
///
/// ```swift
/// let services = try AnopeFixture(tls: TestCertificates(in: directory.path))
/// try services.register(account: "ada", password: "correct-horse-7")
/// let certificate = try ClientCertificate(in: directory.path, name: "ada")
/// try services.addCertificate(account: "ada", fingerprint: certificate.fingerprint)
/// // connect to 127.0.0.1:\(services.tlsPort!) with TLS, the certificate and SASL EXTERNAL
/// ```
public final class AnopeFixture {
    public static let binary = "/usr/sbin/anope"
    /// Where Debian puts Anope's modules (`modules/` under it) and translations.
    public static let modulesDirectory = "/usr/lib/anope"
    public static let localeDirectory = "/usr/share/anope/locale"

    /// The IRC server the services link to; clients connect to its ``port``.
    public let ircd: InspIRCdFixture
    public let directory: TemporaryDirectory
    private var process: ChildProcess?

    /// The client port of the IRC server (plaintext).
    public var port: Int { ircd.port }

    /// The IRC server's TLS port, which asks for client certificates; nil without `tls`.
    public var tlsPort: Int? { ircd.tlsPort }

    /// The services operator's account (an `oper` block in `services.conf`, privilege
    /// `nickserv/access`), which ``addCertificate(account:fingerprint:timeout:)`` signs in as:
    /// Anope 2.0 lets a user add only the fingerprint of the certificate they are connected
    /// with, a services operator any fingerprint to any account.
    public static let administrator = "earshotadmin"
    private let administratorPassword = "admin-" + UUID().uuidString.prefix(8).lowercased()
    private var administratorRegistered = false

    /// Starts InspIRCd with a services link, then Anope, and waits (up to `timeout` seconds,
    /// generous for a loaded machine) until Anope has linked and SASL is offered.
    ///
    /// With `tls`, the IRC server also listens for TLS on ``tlsPort``, asks clients there for a
    /// certificate and passes its SHA-256 fingerprint on to Anope (`sslinfo`), for NickServ's
    /// CERT and SASL EXTERNAL. `ircdModules` are more InspIRCd modules to load (see
    /// ``InspIRCdFixture/extraModules``).
    public init(timeout: Double = 90, tls: TestCertificates? = nil, ircdModules: [String] = []) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary) else {
            throw Failure.notInstalled("anope", lookedFor: Self.binary, install: "apt-get install -y anope")
        }
        let link = InspIRCdFixture.ServicesLink(
            port: try InspIRCdFixture.freePort(), password: "link-" + UUID().uuidString.prefix(8).lowercased())
        let directory = try TemporaryDirectory()
        do {
            ircd = try InspIRCdFixture(
                tls: tls, services: link, requestClientCertificates: tls != nil, plaintextPort: tls != nil,
                extraModules: ircdModules)
        } catch {
            directory.remove()
            throw error
        }
        self.directory = directory
        do {
            try writeConfig(link)
            try start()
            try waitUntilLinked(timeout: timeout)
        } catch {
            tearDown()
            throw error
        }
    }

    public var configPath: String { directory.path + "/services.conf" }

    /// What Anope wrote to its standard output and log (for failure messages).
    public var log: String {
        let output = (try? String(contentsOfFile: directory.path + "/anope.out", encoding: .utf8)) ?? ""
        return String(output.suffix(3000))
    }

    private func writeConfig(_ link: InspIRCdFixture.ServicesLink) throws {
        let dir = directory.path
        try FileManager.default.createDirectory(atPath: dir + "/db", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/logs", withIntermediateDirectories: true)
        try "Earshot test services\n".write(toFile: dir + "/services.motd", atomically: true, encoding: .utf8)
        // casemap must be InspIRCd's (rfc1459) or the link is refused at CAPAB; the lengths
        // are InspIRCd 3's defaults. badpasslimit 0: wrong passwords in tests never get us killed.
        let config = """
            uplink { host = "127.0.0.1"; ipv6 = no; ssl = no; port = \(link.port); password = "\(link.password)"; }
            serverinfo { name = "\(link.name)"; description = "Earshot test services"; id = "00A"; pid = "\(dir)/anope.pid"; motd = "\(dir)/services.motd"; }
            module { name = "inspircd3"; use_server_side_mlock = yes; use_server_side_topiclock = yes; }
            networkinfo { networkname = "EarshotTest"; nicklen = 30; userlen = 10; hostlen = 64; chanlen = 64; modelistsize = 100; vhost_chars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-"; allow_undotted_vhosts = false; disallow_start_or_end = ".-"; }
            options { casemap = "rfc1459"; strictpasswords = yes; badpasslimit = 0; updatetimeout = 5m; expiretimeout = 30m; readtimeout = 5s; warningtimeout = 4h; timeoutcheck = 1s; retrywait = 1s; hideprivilegedcommands = yes; hideregisteredcommands = yes; }
            log { target = "services.log"; logage = 0; admin = "*"; override = "*"; commands = "*"; servers = "*"; users = "*"; other = "*"; }
            mail { usemail = no; }
            module { name = "db_flatfile"; database = "anope.db"; fork = no; }
            module { name = "enc_sha256"; }
            service { nick = "NickServ"; user = "services"; host = "\(link.name)"; gecos = "Nickname Registration Service"; }
            module { name = "nickserv"; client = "NickServ"; forceemail = no; defaults = "hide_email hide_mask"; regdelay = 0; expire = 0; killquick = 20s; kill = 60s; enforceruser = "enforcer"; enforcerhost = "\(link.name)"; releasetimeout = 1m; guestnickprefix = "Guest"; passlen = 32; }
            command { service = "NickServ"; name = "HELP"; command = "generic/help"; }
            module { name = "ns_identify"; maxlogins = 10; }
            command { service = "NickServ"; name = "IDENTIFY"; command = "nickserv/identify"; }
            module { name = "ns_register"; registration = "none"; }
            command { service = "NickServ"; name = "REGISTER"; command = "nickserv/register"; }
            module { name = "ns_logout"; }
            command { service = "NickServ"; name = "LOGOUT"; command = "nickserv/logout"; }
            module { name = "ns_cert"; max = 5; }
            command { service = "NickServ"; name = "CERT"; command = "nickserv/cert"; }
            module { name = "m_sasl"; }
            opertype { name = "Earshot Admin"; privs = "nickserv/access"; }
            oper { name = "\(Self.administrator)"; type = "Earshot Admin"; require_oper = no; }

            """
        try config.write(toFile: configPath, atomically: true, encoding: .utf8)
    }

    private func start() throws {
        let dir = directory.path
        let arguments = [
            "--nofork", "--confdir=\(dir)", "--config=services.conf", "--dbdir=\(dir)/db", "--logdir=\(dir)/logs",
            "--modulesdir=\(Self.modulesDirectory)", "--localedir=\(Self.localeDirectory)",
        ]
        // Anope 2.0 warns and sleeps 3 s when it starts with uid 0 and gid 0; as root it starts
        // with gid nogroup (65534) instead, still uid 0, so it can write its folder.
        let setpriv = "/usr/bin/setpriv"
        if getuid() == 0, getgid() == 0, FileManager.default.isExecutableFile(atPath: setpriv) {
            process = try ChildProcess(
                setpriv, ["--regid=65534", "--clear-groups", Self.binary] + arguments,
                output: dir + "/anope.out", errors: dir + "/anope.out")
        } else {
            process = try ChildProcess(Self.binary, arguments, output: dir + "/anope.out", errors: dir + "/anope.out")
        }
    }

    /// Polls the server's CAP LS until it offers SASL PLAIN, which InspIRCd does only while
    /// the services are linked.
    private func waitUntilLinked(timeout: Double) throws {
        let linked = try waitBlocking(timeout: .seconds(timeout), every: .milliseconds(100)) {
            if let process, !process.isRunning {
                throw Failure("anope exited before linking. Output:\n\(log)")
            }
            guard let socket = try? RawSocket(port: port) else { return false }
            socket.send("CAP LS 302\r\n")
            let reply = Self.read(socket, until: { $0.contains(" LS ") && $0.utf8.last == 0x0A }, seconds: 5)
            socket.close()
            return reply.range(of: #"sasl=[A-Z,]*PLAIN"#, options: .regularExpression) != nil
        }
        guard linked else { throw Failure("anope did not link within \(Int(timeout)) s. Output:\n\(log)") }
    }

    /// Registers `account` with NickServ as a user would: connects with that nick, sends
    /// `REGISTER password e-mail`, waits for NickServ's answer and quits.
    ///
    /// Throws with NickServ's words when it does not say the nick is registered. The password
    /// must be at least five characters and differ from the account (Anope's strictpasswords).
    public func register(account: String, password: String, timeout: Double = 30) throws {
        let socket = try RawSocket(port: port)
        defer { socket.close() }
        socket.send("NICK \(account)\r\nUSER \(account) 0 * :Earshot test\r\n")
        let welcome = Self.read(socket, until: { $0.contains(" 001 ") || $0.contains(" 433 ") }, seconds: timeout)
        guard welcome.contains(" 001 ") else {
            throw Failure("cannot register \(account): no welcome. Server said:\n\(welcome)")
        }
        socket.send("PRIVMSG NickServ :REGISTER \(password) \(account)@earshot.test\r\n")
        let answer = Self.read(socket, until: { $0.contains(":NickServ!") && $0.utf8.last == 0x0A }, seconds: timeout)
        guard answer.contains("registered"), !answer.contains("not registered") else {
            throw Failure("NickServ did not register \(account). It said:\n\(answer)")
        }
        // The nick is free again only once the server has closed our connection.
        socket.send("QUIT :registered\r\n")
        _ = Self.read(socket, until: { $0.contains("ERROR") }, seconds: timeout)
    }

    /// Adds `fingerprint` (a ``ClientCertificate/fingerprint``: SHA-256, lowercase hex) to the
    /// certificate list of the registered `account`, so that a client presenting that
    /// certificate signs in to it with SASL EXTERNAL (and, without SASL, NickServ signs it in
    /// when it connects).
    ///
    /// Anope 2.0's `CERT ADD` takes a fingerprint only from a services operator: this connects
    /// as ``administrator`` (registering it the first time), identifies, sends
    /// `CERT ADD account fingerprint` and quits. Throws with NickServ's words unless it says the
    /// fingerprint was added (or already on that account's list).
    public func addCertificate(account: String, fingerprint: String, timeout: Double = 30) throws {
        let nick = Self.administrator
        let socket = try RawSocket(port: port)
        defer { socket.close() }
        socket.send("NICK \(nick)\r\nUSER \(nick) 0 * :Earshot test\r\n")
        let welcome = Self.read(socket, until: { $0.contains(" 001 ") || $0.contains(" 433 ") }, seconds: timeout)
        guard welcome.contains(" 001 ") else {
            throw Failure("cannot connect as \(nick): no welcome. Server said:\n\(welcome)")
        }
        if administratorRegistered {
            socket.send("PRIVMSG NickServ :IDENTIFY \(nick) \(administratorPassword)\r\n")
        } else {
            socket.send("PRIVMSG NickServ :REGISTER \(administratorPassword) \(nick)@earshot.test\r\n")
        }
        // RPL_LOGGEDIN (900) either way.
        let signedIn = Self.read(socket, until: { $0.contains(" 900 ") }, seconds: timeout)
        guard signedIn.contains(" 900 ") else {
            throw Failure("\(nick) could not sign in to NickServ. It said:\n\(signedIn)")
        }
        administratorRegistered = true
        socket.send("PRIVMSG NickServ :CERT ADD \(account) \(fingerprint)\r\n")
        // Anope 2.0's answers (the fingerprint in bold, \u{02}): "… added to ada's certificate
        // list.", "Fingerprint … already present on ada's certificate list.", "Fingerprint … is
        // already in use.", "Nick ada isn't registered.", "Access denied.", "Sorry, the maximum
        // of 5 certificate entries has been reached."
        let outcomes = [
            "certificate list", "already in use", "isn't registered", "Access denied", "maximum of", "suspended",
        ]
        let answer = Self.read(
            socket, until: { text in outcomes.contains(where: { text.contains($0) }) && text.utf8.last == 0x0A },
            seconds: timeout)
        guard answer.contains("added to") || answer.contains("already present") else {
            throw Failure("NickServ did not add the certificate to \(account). It said:\n\(answer)")
        }
        socket.send("QUIT :certificate added\r\n")
        _ = Self.read(socket, until: { $0.contains("ERROR") }, seconds: timeout)
    }

    /// Reads from `socket` until `done` holds for all that arrived, or `seconds` pass, or it closes.
    /// (A line's end is `utf8.last == 0x0A`: "\r\n" is one Character, so `hasSuffix("\n")` fails.)
    static func read(_ socket: RawSocket, until done: (String) -> Bool, seconds: Double) -> String {
        let deadline = Date() + seconds
        var received: [UInt8] = []
        while Date() < deadline {
            guard let bytes = socket.receive(timeoutMilliseconds: 200) else { break }
            received += bytes
            if done(String(decoding: received, as: UTF8.self)) { break }
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// Stops Anope (SIGTERM, then SIGKILL) and waits for it.
    public func stop() {
        process?.terminate(grace: 5)
        process = nil
    }

    /// Stops Anope and the IRC server and removes their folders.
    public func tearDown() {
        stop()
        ircd.tearDown()
        directory.remove()
    }
}
