import Foundation
import Synchronization

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Test support, shared by the chat and app tests.
///
/// Debian's InspIRCd 3 on 127.0.0.1 at a free port, with a generated config enabling the
/// IRCv3 modules Earshot uses. Always call `stop()` (tests use `defer`).
public final class InspIRCdFixture {
    public static let binary = "/usr/sbin/inspircd"
    public static let modules = [
        "cap", "ircv3", "ircv3_ctctags", "ircv3_servertime", "ircv3_msgid", "ircv3_echomessage", "ircv3_batch",
        "ircv3_labeledresponse", "chanhistory", "namesx",
    ]

    /// The client port: TLS only when ``tls`` is set and there is no second port (see
    /// ``tlsPort``), plaintext otherwise.
    public let port: Int
    /// The port that takes TLS: ``port`` itself with ``tls`` alone; a second port with `sts` or
    /// `plaintextPort` (then ``port`` stays plaintext); nil without ``tls``.
    public let tlsPort: Int?
    public let directory: TemporaryDirectory
    /// How many lines a channel with mode +H may keep (InspIRCd's chanhistory `maxlines`).
    public let historyLines: Int
    /// Whether the server offers message-tags.
    public let messageTags: Bool
    /// With certificates, the port takes TLS only (InspIRCd's `ssl_gnutls`).
    public let tls: TestCertificates?
    /// Channels that exist from the start, with their modes (InspIRCd's permchannels), e.g.
    /// `["#soak": "+H 5000:1d"]`: they keep their modes across restarts, whoever joins first.
    public let permanentChannels: [String: String]
    /// Where services (Anope, see ``AnopeFixture``) link in, when they do.
    public let services: ServicesLink?
    /// Whether TLS clients are asked for a certificate (sslprofile `requestclientcert`) and
    /// `sslinfo` keeps its fingerprint: shown in WHOIS (276) and the connect notice, and sent to
    /// services, where NickServ CERT and SASL EXTERNAL use it.
    public let requestClientCertificates: Bool
    /// The IRCv3 STS policy the server advertises (`ircv3_sts`), if any.
    public let sts: STSPolicy?
    /// Modules loaded besides ``modules`` and the ones the options need, e.g. `monitor`,
    /// `ircv3_chghost`, `ircv3_invitenotify`, `setname`, `ircv3_accounttag`.
    public let extraModules: [String]
    /// Who hears of an INVITE (`<security announceinvites>`; invite-notify carries it).
    public let announceInvites: InviteAnnouncement
    /// Tags appended to the config as they are, e.g. `<class>`, `<type>` and `<oper>` blocks.
    public let extraConfig: String
    private var process: Process?

    /// An IRCv3 STS policy (InspIRCd's `ircv3_sts` and its `<sts>` tag). The plaintext ``port``
    /// advertises `sts=port=<tlsPort>` (never a duration); the TLS port advertises
    /// `sts=duration=<duration>` only to a client that sent a TLS server name (SNI) matching
    /// `host`. Without SNI it advertises nothing: clients send none when they connect to an IP
    /// address such as 127.0.0.1. Only `CAP LS 302` lists it.
    public struct STSPolicy: Sendable {
        /// The TLS port; nil: a free one.
        public var tlsPort: Int?
        /// How long clients keep the policy, in seconds.
        public var duration: Int
        /// A glob the SNI host name must match; "*" matches any name sent.
        public var host: String
        public var preload: Bool

        public init(tlsPort: Int? = nil, duration: Int = 300, host: String = "*", preload: Bool = false) {
            self.tlsPort = tlsPort
            self.duration = duration
            self.host = host
            self.preload = preload
        }
    }

    /// InspIRCd's `<security announceinvites>`: `dynamic` (InspIRCd's default) tells the channel's
    /// ops when it is +i and nobody otherwise; `all` tells every member; `ops` the ops; `none`
    /// nobody. The inviter and the invited always see it.
    public enum InviteAnnouncement: String, Sendable {
        case none, all, ops, dynamic
    }

    /// A services server allowed to link to this one: InspIRCd's `spanningtree` listens on
    /// `port` for it, it is U-lined, `m_sasl` sends sign-ins to it and `m_services_account`
    /// keeps the accounts it reports (Anope also insists on `hidechans`).
    public struct ServicesLink: Sendable {
        /// The services' server name (`<link name>`, `<uline>`, `<sasl target>`).
        public var name: String
        /// The port the services connect to, on 127.0.0.1.
        public var port: Int
        public var password: String

        public init(name: String = "services.earshot.test", port: Int, password: String) {
            self.name = name
            self.port = port
            self.password = password
        }
    }

    /// `messageTags: false` leaves out `ircv3_ctctags`: a server without message-tags, where
    /// reactions, replies and typing cannot be carried.
    ///
    /// `requestClientCertificates`, `plaintextPort` and `sts` need `tls`. `plaintextPort: true`
    /// (implied by `sts`) keeps ``port`` plaintext and takes TLS on a second port, ``tlsPort``.
    public init(
        historyLines: Int = 100, permanentChannels: [String: String] = [:], messageTags: Bool = true,
        tls: TestCertificates? = nil, services: ServicesLink? = nil, requestClientCertificates: Bool = false,
        plaintextPort: Bool = false, sts: STSPolicy? = nil, extraModules: [String] = [],
        announceInvites: InviteAnnouncement = .dynamic, extraConfig: String = ""
    ) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary) else {
            throw Failure.notInstalled("inspircd", lookedFor: Self.binary, install: "apt-get install -y inspircd")
        }
        guard tls != nil || (!requestClientCertificates && !plaintextPort && sts == nil) else {
            throw Failure("requestClientCertificates, plaintextPort and sts need tls certificates")
        }
        self.messageTags = messageTags
        self.tls = tls
        self.historyLines = historyLines
        self.permanentChannels = permanentChannels
        self.services = services
        self.requestClientCertificates = requestClientCertificates
        self.sts = sts
        self.extraModules = extraModules
        self.announceInvites = announceInvites
        self.extraConfig = extraConfig
        directory = try TemporaryDirectory()
        let clientPort = try Self.freePort()
        port = clientPort
        if tls == nil {
            tlsPort = nil
        } else if sts == nil && !plaintextPort {
            tlsPort = clientPort
        } else if let chosen = sts?.tlsPort {
            tlsPort = chosen
        } else {
            var second = try Self.freePort()
            while second == clientPort { second = try Self.freePort() }
            tlsPort = second
        }
        try writeConfig()
        try start()
    }

    public var configPath: String { directory.path + "/inspircd.conf" }

    private func writeConfig() throws {
        let dir = directory.path
        try "Earshot test server\n".write(toFile: dir + "/motd", atomically: true, encoding: .utf8)
        let extra =
            (permanentChannels.isEmpty ? [] : ["permchannels"]) + (tls == nil ? [] : ["ssl_gnutls"])
            + (services == nil ? [] : ["spanningtree", "services_account", "sasl", "hidechans"])
        var optionalModules: [String] = requestClientCertificates ? ["sslinfo"] : []
        if sts != nil { optionalModules.append("ircv3_sts") }
        let link =
            services.map {
                """
                <bind address="127.0.0.1" port="\($0.port)" type="servers">
                <link name="\($0.name)" ipaddr="127.0.0.1" port="\($0.port)" allowmask="127.0.0.0/8" sendpass="\($0.password)" recvpass="\($0.password)">
                <uline server="\($0.name)" silent="yes">
                <sasl target="\($0.name)" requiressl="no">
                """
            } ?? ""
        let tlsProfile =
            tls.map {
                "<sslprofile name=\"Clients\" provider=\"gnutls\" certfile=\"\($0.certFile)\" keyfile=\"\($0.keyFile)\" "
                    + "hash=\"sha256\" requestclientcert=\"\(requestClientCertificates ? "yes" : "no")\" priority=\"NORMAL\">"
            } ?? ""
        var moduleNames = Self.modules.filter { messageTags || $0 != "ircv3_ctctags" } + extra + optionalModules
        for name in extraModules where !moduleNames.contains(name) { moduleNames.append(name) }
        let modules = moduleNames.map { "<module name=\"\($0)\">" }.joined(separator: "\n")
        // With a second port: plaintext on `port`, TLS on `tlsPort`.
        let binds: String
        if tls != nil, let second = tlsPort, second != port {
            binds = """
                <bind address="127.0.0.1" port="\(port)" type="clients">
                <bind address="127.0.0.1" port="\(second)" type="clients" sslprofile="Clients">
                """
        } else {
            binds =
                "<bind address=\"127.0.0.1\" port=\"\(port)\" type=\"clients\"\(tls == nil ? "" : " sslprofile=\"Clients\"")>"
        }
        // ircv3_sts refuses to load unless its `port` is a TLS listener of this server.
        let stsTag =
            sts.map {
                "<sts host=\"\($0.host)\" port=\"\(tlsPort ?? port)\" duration=\"\($0.duration)\" preload=\"\($0.preload ? "yes" : "no")\">"
            } ?? ""
        let permanent = permanentChannels.sorted { $0.key < $1.key }.map { channel, modes in
            "<permchannels channel=\"\(channel)\" modes=\"+P\(modes.drop { $0 == "+" })\" topic=\"\">"
        }.joined(separator: "\n")
        // netbuffersize: InspIRCd 3 accepts at most 65534 and silently falls back to a small
        // buffer above it, which limits every connection to about 15 KB/s.
        let config = """
            <server name="irc.earshot.test" description="Earshot test server" network="EarshotTest">
            <admin name="Earshot" nick="earshot" email="earshot@localhost">
            \(tlsProfile)
            \(binds)
            <connect name="main" allow="*" timeout="20" pingfreq="120" hardsendq="64M" softsendq="8M" recvq="8M"
                     threshold="1000000" commandrate="1000000000" fakelag="no" localmax="1000" globalmax="1000"
                     maxchans="50" resolvehostnames="no" useident="no">
            <files motd="\(dir)/motd">
            <channels users="100" opers="100">
            <dns server="127.0.0.1" timeout="1">
            <pid file="\(dir)/inspircd.pid">
            <options prefixquit="Quit: " syntaxhints="no" announcets="yes" hostintopic="yes" pingwarning="15" splitwhois="no" exemptchanops="">
            <security hideserver="" userstats="Pu" customversion="" flatlinks="no" hidesplits="no" hideulines="no" hidebans="no" maxtargets="20" announceinvites="\(announceInvites.rawValue)">
            <performance quietbursts="yes" softlimit="1024" somaxconn="128" netbuffersize="65000">
            <log method="file" type="* -USERINPUT -USEROUTPUT" level="default" target="\(dir)/ircd.log">
            \(modules)
            <chanhistory bots="yes" maxlines="\(historyLines)" prefixmsg="no">
            \(messageTags ? "<ctctags allowclientonlytags=\"yes\">" : "")
            \(permanent)
            \(link)
            \(stsTag)
            \(extraConfig)
            """
        try config.write(toFile: configPath, atomically: true, encoding: .utf8)
    }

    /// Starts the server (again) on the same port and waits until it accepts connections.
    public func start() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = ["--runasroot", "--nofork", "--config", configPath]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        // InspIRCd raises its own core-file limit, and 3.15 with ssl_gnutls segfaults on SIGTERM
        // once a TLS client has connected: the core file lands in the temporary folder.
        process.currentDirectoryURL = URL(fileURLWithPath: directory.path)
        try process.run()
        self.process = process
        // Generous: a loaded 2-core machine can take long to start it.
        var accepting = false
        waitBlocking(timeout: .seconds(60), every: .milliseconds(50)) {
            accepting = Self.accepts(port: port)
            return accepting || !process.isRunning
        }
        if accepting { return }
        stop()
        let log = (try? String(contentsOfFile: directory.path + "/ircd.log", encoding: .utf8)) ?? ""
        throw Failure("inspircd did not start on port \(port). Log:\n\(log.suffix(2000))")
    }

    /// Sends `signal` to the running server (SIGSTOP to freeze it, SIGCONT to let it go on).
    public func signal(_ signal: Int32) {
        guard let process else { return }
        Glibc.kill(process.processIdentifier, signal)
    }

    /// Kills the server with SIGKILL (a crash), without cleaning anything up.
    public func kill() {
        guard let process else { return }
        Glibc.kill(process.processIdentifier, SIGKILL)
        Self.wait(for: process, seconds: 5)
        self.process = nil
    }

    /// Terminates the server (SIGTERM, then SIGKILL after 1.5 s) and waits for it.
    public func stop() {
        guard let process else { return }
        if process.isRunning {
            process.terminate()
            if !Self.wait(for: process, seconds: 1.5) {
                Glibc.kill(process.processIdentifier, SIGKILL)
                Self.wait(for: process, seconds: 5)
            }
        }
        self.process = nil
    }

    /// Waits until `process` has exited; false on timeout.
    @discardableResult
    private static func wait(for process: Process, seconds: Double) -> Bool {
        waitBlocking(timeout: .seconds(seconds), every: .milliseconds(20)) { !process.isRunning }
    }

    /// Stops the server and removes its directory.
    public func tearDown() {
        stop()
        directory.remove()
    }

    /// A port on 127.0.0.1 that nothing listens on now.
    public static func freePort() throws -> Int {
        let (fd, port) = try boundLoopbackSocket()
        close(fd)
        return port
    }

    /// A TCP socket bound to 127.0.0.1 at a port the kernel chose (`SO_REUSEADDR` set), and
    /// that port; the caller listens on it or closes it.
    public static func boundLoopbackSocket() throws -> (fd: Int32, port: Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure("socket() failed") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            close(fd)
            throw Failure("bind() failed")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }

    public static func accepts(port: Int) -> Bool {
        guard let socket = try? RawSocket(port: port) else { return false }
        socket.close()
        return true
    }
}
