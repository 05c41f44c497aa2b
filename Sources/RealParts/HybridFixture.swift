import Foundation

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Test support: Debian's ircd-hybrid 8.2 on 127.0.0.1 at a free port, with a generated config,
/// for tests against a server with no message tags at all.
///
/// Debian's package conflicts with ngircd (``NgircdFixture``), so it is unpacked, not
/// installed: `.ci/setup` puts it under `.build-servers/ircd-hybrid` in the repository and
/// copies its modules to /usr/lib/ircd-hybrid/modules, the only folder it loads them from (the
/// path is compiled in). It refuses to run as root: as root it is started as `nobody`
/// (`setpriv`), and its folder is handed to nobody.
///
/// What it offers (as recorded against 8.2.43): `CAP LS 302` answers `account-notify
/// away-notify cap-notify chghost extended-join invite-notify multi-prefix userhost-in-names`:
/// no message-tags, server-time or echo-message. It does not parse tags: a line starting with
/// `@tags` is answered `421 <nick> @tags :Unknown command` and not delivered, and `TAGMSG` is
/// an unknown command too. ISUPPORT: `CASEMAPPING=ascii`, `PREFIX=(ohv)@%+`, `CHANTYPES=#`,
/// `NICKLEN=30` (set here). New channels are `+nt`; the first joiner is op. It looks up every
/// client's host name (no setting turns that off; `NOTICE * :*** Looking up your hostname`
/// comes first), so registration waits for the machine's resolver to answer about
/// 127.0.0.1. A line longer than 512 bytes is cut, not refused. On SIGTERM each client gets
/// `NOTICE <nick> :Server Terminating: received signal SIGTERM` and no ERROR line.
///
/// Config: no ident lookups, no flood limits (the `can_flood` auth flag and
/// `default_floodcount = 0`: dozens of lines sent at once all pass at once), no connection
/// throttle for 127.0.0.1, no pacing of commands, PING after 120 s idle, a MOTD, an operator
/// ``operName``/``operPassword``. Always call ``tearDown()`` (tests use `defer`).
///
/// ```swift
/// let server = try HybridFixture()
/// defer { server.tearDown() }
/// // connect to 127.0.0.1:\(server.port)
/// ```
public final class HybridFixture: ServerProcessFixture {
    /// Where the binary is looked for, first to last: unpacked in the repository, then installed.
    public static var candidates: [String] {
        (packageRoot.map { [$0 + "/.build-servers/ircd-hybrid/usr/sbin/ircd-hybrid"] } ?? []) + [
            "/usr/sbin/ircd-hybrid"
        ]
    }

    /// The first of ``candidates`` that is there.
    public static var binary: String? {
        candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Where ircd-hybrid loads its modules from, whatever its config says (compiled in).
    public static let modules = "/usr/lib/ircd-hybrid/modules"
    /// Starts it as another user when the tests run as root.
    public static let setpriv = "/usr/bin/setpriv"
    public static let serverName = "irc.earshot.test"
    /// An IRC operator: `OPER oper oper-password`.
    public static let operName = "oper"
    public static let operPassword = "oper-password"

    /// The folder holding Package.swift, found from this file's path at build time (absolute
    /// under SwiftPM).
    public static var packageRoot: String? {
        let file = #filePath
        var folder = Substring(file.hasPrefix("/") ? file : FileManager.default.currentDirectoryPath + "/" + file)
        while let slash = folder.lastIndex(of: "/") {
            folder = folder[..<slash]
            if FileManager.default.fileExists(atPath: String(folder) + "/Package.swift") { return String(folder) }
        }
        return nil
    }

    public let port: Int
    public let directory: TemporaryDirectory
    public let server: ServerProcess

    /// Writes the config and starts the server on a free port; returns once it accepts
    /// connections.
    public init() throws {
        let user = ServerProcess.unprivilegedUser
        guard let binary = Self.binary,
            FileManager.default.fileExists(atPath: Self.modules + "/autoload"),
            user == nil || FileManager.default.isExecutableFile(atPath: Self.setpriv)
        else {
            throw Failure(
                "ircd-hybrid is not unpacked (looked for \(Self.candidates.joined(separator: " and ")), and for "
                    + "its modules in \(Self.modules)). .ci/setup unpacks it. By hand, from the repository root "
                    + "(Debian's package conflicts with ngircd, so it is unpacked, not installed): "
                    + "(cd /tmp && apt-get download ircd-hybrid) && mkdir -p .build-servers/ircd-hybrid && "
                    + "dpkg-deb -x /tmp/ircd-hybrid_*.deb .build-servers/ircd-hybrid && "
                    + "cp -a .build-servers/ircd-hybrid/usr/lib/ircd-hybrid /usr/lib/")
        }
        (directory, port) = try TemporaryDirectory.forServer { path, port in
            try Self.writeConfig(directory: path, port: port)
        }
        let dir = directory.path
        // Every file it writes is named here: its defaults are under /var (kline.db and the
        // other databases are written on exit).
        let arguments = [
            "-foreground", "-configfile", dir + "/ircd.conf", "-logfile", dir + "/ircd.log",
            "-pidfile", dir + "/ircd.pid", "-klinefile", dir + "/kline.db", "-dlinefile", dir + "/dline.db",
            "-xlinefile", dir + "/xline.db", "-resvfile", dir + "/resv.db",
        ]
        // As root: setpriv runs it as nobody (it execs, so the server keeps setpriv's PID).
        let asUser = user.map { ["--reuid=\($0.uid)", "--regid=\($0.gid)", "--clear-groups", binary] } ?? []
        // It goes on running when it cannot bind the port, and says so in its log.
        server = ServerProcess(
            name: "ircd-hybrid", executable: user == nil ? binary : Self.setpriv, arguments: asUser + arguments,
            port: port,
            outputPath: dir + "/ircd.out", errorsPath: dir + "/ircd.err", logPath: dir + "/ircd.log",
            readyPhrase: "Server ready.", bindFailure: "binding listener socket")
        try directory.removed(ifThrowing: start)
    }

    public var configPath: String { directory.path + "/ircd.conf" }

    private static func writeConfig(directory dir: String, port: Int) throws {
        try "Earshot test server\n".write(toFile: dir + "/ircd.motd", atomically: true, encoding: .utf8)
        // auth flags: can_flood lifts the flood limit (by default five lines pass, then two
        // every 2 s: 50 PRIVMSGs sent at once took 45 s), exceed_limit the class limits,
        // no_tilde keeps user names as sent. The exempt block lifts the connection throttle
        // (by default one connection per IP every 2 s). disable_auth: no ident lookups; the
        // host name lookup cannot be turned off.
        let config = """
            serverinfo {
                name = "\(serverName)";
                description = "Earshot test server";
                network_name = "EarshotTest";
                network_description = "Earshot test network";
                hub = no;
                default_max_clients = 1000;
                max_nick_length = 30;
                max_topic_length = 300;
            };
            admin { name = "Earshot"; description = "Earshot test server"; email = "<earshot@localhost>"; };
            class {
                name = "users";
                ping_time = 120 seconds;
                number_per_ip_local = 1000;
                number_per_ip_global = 1000;
                max_number = 1000;
                cidr_bitlen_ipv4 = 32;
                number_per_cidr = 1000;
                sendq = 8 megabytes;
                recvq = 8000 bytes;
                max_channels = 100;
            };
            listen { host = "127.0.0.1"; port = \(port); };
            auth { user = "*@*"; class = "users"; flags = exceed_limit, can_flood, no_tilde; };
            exempt { ip = "127.0.0.0/8"; };
            operator {
                name = "\(operName)";
                user = "*@127.0.0.1";
                password = "\(operPassword)";
                encrypted = no;
                class = "users";
                umodes = locops, servnotice, wallop;
                flags = admin, connect, die, globops, kill, kline, module, rehash, restart, set, unkline, unxline, xline;
            };
            channel { disable_fake_channels = yes; max_channels = 100; default_join_flood_count = 0; default_join_flood_time = 0 seconds; };
            general {
                disable_auth = yes;
                default_floodcount = 0;
                throttle_count = 1000;
                throttle_time = 0;
                anti_nick_flood = no;
                ping_cookie = no;
                pace_wait = 0;
                pace_wait_simple = 0;
                invisible_on_connect = no;
                max_targets = 20;
                away_count = 100;
                anti_spam_exit_message_time = 0;
            };
            motd { mask = "*"; file = "\(dir)/ircd.motd"; };
            log { use_logging = yes; };

            """
        try config.write(toFile: dir + "/ircd.conf", atomically: true, encoding: .utf8)
        if let nobody = ServerProcess.unprivilegedUser {
            ServerProcess.handOver([dir, dir + "/ircd.conf", dir + "/ircd.motd"], to: nobody)
        }
    }
}
