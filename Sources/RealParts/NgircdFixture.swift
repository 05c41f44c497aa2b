import Foundation

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Test support: Debian's ngIRCd 26 on 127.0.0.1 at a free port, with a generated config, for
/// tests against a second, plainer kind of server than ``InspIRCdFixture``.
///
/// What it offers (as recorded against ngIRCd 26.1): of IRCv3 only `multi-prefix` (`CAP LS 302`
/// answers `CAP * LS :multi-prefix`), so no message-tags, server-time or echo-message; a line
/// starting with `@tags` is answered `421 <nick> @tags :Unknown command`, and so is `TAGMSG`.
/// ISUPPORT: `CASEMAPPING=ascii`, `PREFIX=(qaohv)~&@%+`, `CHANTYPES=#&+`, `NICKLEN=30` (set
/// here), `CHARSET=UTF-8`. New channels have no modes (not `+nt`): anyone may send to a channel
/// from outside it. The first joiner is op. A line longer than 512 bytes ends the connection
/// (`ERROR :Request too long`); a relayed line that would be longer is cut and ends `[CUT]`.
/// QUIT reasons come back in quotes (`QUIT :"bye"`). On SIGTERM every client gets
/// `ERROR :Server going down`.
///
/// Config: no DNS or ident lookups, no command penalties (`MaxPenaltyTime = 0`, so dozens of
/// lines sent at once all pass at once; a wrong OPER password still costs 10 s, by design), no
/// connection limits, PING after 120 s idle, an operator ``operName``/``operPassword``. As
/// root it runs as `nobody` (ngIRCd will not stay root), so its folder is handed to nobody.
/// Always call ``tearDown()`` (tests use `defer`).
///
/// ```swift
/// let server = try NgircdFixture()
/// defer { server.tearDown() }
/// // connect to 127.0.0.1:\(server.port)
/// ```
public final class NgircdFixture: ServerProcessFixture {
    public static let binary = "/usr/sbin/ngircd"
    public static let serverName = "irc.earshot.test"
    /// An IRC operator: `OPER oper oper-password`.
    public static let operName = "oper"
    public static let operPassword = "oper-password"

    public let port: Int
    public let directory: TemporaryDirectory
    public let server: ServerProcess

    /// Writes the config and starts the server on a free port; returns once it accepts
    /// connections.
    public init() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary) else {
            throw Failure.notInstalled("ngircd", lookedFor: Self.binary, install: "apt-get install -y ngircd")
        }
        (directory, port) = try TemporaryDirectory.forServer { path, port in
            try Self.writeConfig(directory: path, port: port)
        }
        let dir = directory.path
        // ngIRCd logs to its standard output when it runs in the foreground (--nodaemon).
        server = ServerProcess(
            name: "ngircd", executable: Self.binary, arguments: ["--nodaemon", "--config", dir + "/ngircd.conf"],
            port: port, outputPath: dir + "/ngircd.log", errorsPath: dir + "/ngircd.err", logPath: dir + "/ngircd.log",
            readyPhrase: "Now listening on [127.0.0.1]:\(port)")
        try directory.removed(ifThrowing: start)
    }

    public var configPath: String { directory.path + "/ngircd.conf" }

    private static func writeConfig(directory dir: String, port: Int) throws {
        // Snippets of an IncludeDir are read after the file; the default is /etc/ngircd/ngircd.conf.d,
        // which must not change a test's server, so it is an empty folder here.
        try FileManager.default.createDirectory(atPath: dir + "/conf.d", withIntermediateDirectories: true)
        // ngIRCd switches from root to ServerUID (nobody when it is 0) before it writes its PID
        // file; as anyone else it stays who it is (these lines then name that user).
        let user = ServerProcess.unprivilegedUser ?? (uid: getuid(), gid: getgid())
        // MaxPenaltyTime 0: no penalty delays commands (by default ngIRCd handles three lines a
        // second from a client that sent many at once: 50 PRIVMSGs took 16 s); ChrootDir is
        // left unset (no chroot).
        let config = """
            [Global]
                Name = \(serverName)
                Info = Earshot test server
                Network = EarshotTest
                AdminInfo1 = Earshot
                AdminInfo2 = Earshot test server
                AdminEMail = earshot@localhost
                Listen = 127.0.0.1
                Ports = \(port)
                MotdPhrase = Earshot test server
                PidFile = \(dir)/ngircd.pid
                ServerUID = \(user.uid)
                ServerGID = \(user.gid)
            [Limits]
                MaxConnections = 0
                MaxConnectionsIP = 0
                MaxJoins = 0
                MaxNickLength = 30
                MaxPenaltyTime = 0
                PingTimeout = 120
                PongTimeout = 20
            [Options]
                DNS = no
                Ident = no
                PAM = no
                IncludeDir = \(dir)/conf.d
                OperCanUseMode = yes
            [Operator]
                Name = \(operName)
                Password = \(operPassword)

            """
        try config.write(toFile: dir + "/ngircd.conf", atomically: true, encoding: .utf8)
        if let nobody = ServerProcess.unprivilegedUser {
            ServerProcess.handOver([dir, dir + "/conf.d", dir + "/ngircd.conf"], to: nobody)
        }
    }
}
