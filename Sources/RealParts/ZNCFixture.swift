import Foundation

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Test support: Debian's ZNC 1.8 as a bouncer on 127.0.0.1 at a free port, in front of an IRC
/// server on 127.0.0.1 (usually an ``InspIRCdFixture``).
///
/// ZNC runs in the foreground with a generated `znc.conf` in a temporary folder: a plain IPv4
/// listener, one user with one network whose server is `127.0.0.1:upstreamPort`, the channels
/// given, buffers kept across attaches (`AutoClearChanBuffer` and `AutoClearQueryBuffer` off)
/// and no flood throttling towards the server (`FloodRate = 0`). The initialiser returns once
/// ZNC accepts clients and its nick is in all the channels on the server. Clients log in with
/// `PASS` ``passString`` (`user/network:password`). Always call ``tearDown()`` (tests use
/// `defer`).
///
/// ZNC started as root sleeps 30 s before it starts, even with `--allow-root`: as root, the
/// fixture runs it as nobody (65534) through util-linux's `setpriv` and hands it its data folder.
///
/// ```swift
/// let ircd = try InspIRCdFixture()
/// defer { ircd.stop() }
/// let znc = try ZNCFixture(upstreamPort: ircd.port, channels: ["#a", "#b"])
/// defer { znc.tearDown() }
/// // connect to 127.0.0.1:\(znc.port), send "PASS \(znc.passString)", NICK and USER
/// ```
public final class ZNCFixture {
    public static let binary = "/usr/bin/znc"
    /// util-linux's, to run ZNC as an unprivileged user when the tests run as root.
    public static let setpriv = "/usr/bin/setpriv"
    /// nobody and nogroup: whom ZNC runs as when the tests run as root.
    public static let unprivilegedID: UInt32 = 65534

    /// The port clients connect to, on 127.0.0.1.
    public let port: Int
    /// The IRC server's port on 127.0.0.1.
    public let upstreamPort: Int
    /// The ZNC user, also its nick, ident and the user part of ``passString``.
    public let user: String
    public let network: String
    /// Kept in the config as `Method = plain`: no leading or trailing spaces, no line breaks.
    public let password: String
    /// The channels ZNC joins on the server and keeps for its clients.
    public let channels: [String]
    /// How many lines ZNC keeps for each channel and each query (`ChanBufferSize`, `QueryBufferSize`).
    public let bufferSize: Int
    public let directory: TemporaryDirectory
    private var process: ChildProcess?

    /// What a client sends as `PASS`: `user/network:password`.
    public var passString: String { "\(user)/\(network):\(password)" }

    /// ZNC's `--datadir`.
    public var dataDirectory: String { directory.path + "/znc" }
    public var configPath: String { dataDirectory + "/configs/znc.conf" }
    public var outputPath: String { directory.path + "/znc.out" }
    public var errorsPath: String { directory.path + "/znc.err" }

    /// The end of what ZNC wrote (for failure messages).
    public var log: String {
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        let errors = (try? String(contentsOfFile: errorsPath, encoding: .utf8)) ?? ""
        return String((output + errors).suffix(3000))
    }

    /// Writes the config, starts ZNC and waits (60 s, generous for a loaded machine) until it
    /// accepts clients and has joined `channels` on the server at `upstreamPort`.
    public init(
        upstreamPort: Int, user: String = "ada", network: String = "test", password: String = "secret",
        channels: [String] = ["#a"], bufferSize: Int = 500
    ) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary) else {
            throw Failure.notInstalled("znc", lookedFor: Self.binary, install: "apt-get install -y znc")
        }
        self.upstreamPort = upstreamPort
        self.user = user
        self.network = network
        self.password = password
        self.channels = channels
        self.bufferSize = bufferSize
        port = try InspIRCdFixture.freePort()
        directory = try TemporaryDirectory()
        do {
            try writeConfig()
            try start()
        } catch {
            tearDown()
            throw error
        }
    }

    /// Whether ZNC has to be run as another user: it waits 30 s when started as root.
    private static var runsAsRoot: Bool { geteuid() == 0 || getuid() == 0 }

    private func writeConfig() throws {
        try FileManager.default.createDirectory(atPath: dataDirectory + "/configs", withIntermediateDirectories: true)
        let chans = channels.map { "        <Chan \($0)>\n        </Chan>" }.joined(separator: "\n")
        // Every key must be one ZNC knows: it refuses to start on an unknown one.
        // ConnectDelay and ServerThrottle 1: it reconnects within seconds when the server
        // restarts. AnonIPLimit: many test clients may be logging in at once. FloodRate 0: no
        // throttling towards the server (the default lets through about a line a second).
        let config = """
            Version = 1.8.0
            ConnectDelay = 1
            ServerThrottle = 1
            AnonIPLimit = 1000
            MaxBufferSize = \(max(bufferSize, 500))
            <Listener listener>
                Host = 127.0.0.1
                Port = \(port)
                IPv4 = true
                IPv6 = false
                SSL = false
                AllowIRC = true
                AllowWeb = false
            </Listener>
            <User \(user)>
                <Pass password>
                    Method = plain
                    Hash = \(password)
                </Pass>
                Admin = true
                Nick = \(user)
                AltNick = \(user)_
                Ident = \(user)
                RealName = Earshot ZNC test user
                QuitMsg = Earshot ZNC fixture stopped
                AutoClearChanBuffer = false
                AutoClearQueryBuffer = false
                ChanBufferSize = \(bufferSize)
                QueryBufferSize = \(bufferSize)
                <Network \(network)>
                    Server = 127.0.0.1 \(upstreamPort)
                    FloodRate = 0
            \(chans)
                </Network>
            </User>

            """
        try config.write(toFile: configPath, atomically: true, encoding: .utf8)
        if Self.runsAsRoot {
            // ZNC (as nobody) writes its users/ and moddata/ folders into its data folder.
            for path in [dataDirectory, dataDirectory + "/configs", configPath] {
                guard chown(path, uid_t(Self.unprivilegedID), gid_t(Self.unprivilegedID)) == 0 else {
                    throw Failure("cannot hand \(path) to uid \(Self.unprivilegedID): errno \(errno)")
                }
            }
        }
    }

    /// Starts ZNC (again) on the same port and waits until it accepts clients and has joined
    /// its channels on the server.
    public func start() throws {
        // EARSHOT_ZNC_DEBUG=1: ZNC writes every line both ways to its output (``outputPath``).
        let debug = ProcessInfo.processInfo.environment["EARSHOT_ZNC_DEBUG"] != nil
        let arguments = ["--foreground", "--datadir", dataDirectory] + (debug ? ["--debug"] : [])
        var seconds = 60.0
        let child: ChildProcess
        if Self.runsAsRoot && FileManager.default.isExecutableFile(atPath: Self.setpriv) {
            let id = String(Self.unprivilegedID)
            child = try ChildProcess(
                Self.setpriv, ["--reuid=\(id)", "--regid=\(id)", "--clear-groups", Self.binary] + arguments,
                output: outputPath, errors: errorsPath)
        } else if Self.runsAsRoot {
            // Without setpriv: ZNC sleeps 30 s first.
            seconds += 30
            child = try ChildProcess(Self.binary, arguments + ["--allow-root"], output: outputPath, errors: errorsPath)
        } else {
            child = try ChildProcess(Self.binary, arguments, output: outputPath, errors: errorsPath)
        }
        process = child
        let deadline = Date() + seconds
        var accepting = false
        waitBlocking(timeout: .seconds(seconds), every: .milliseconds(50)) {
            accepting = InspIRCdFixture.accepts(port: port)
            return accepting || !child.isRunning
        }
        guard accepting else {
            stop()
            throw Failure("znc did not start on port \(port). Log:\n\(log)")
        }
        let joined = Self.waitUntilPresent(
            nick: user, in: channels, upstreamPort: upstreamPort, timeout: deadline.timeIntervalSinceNow,
            while: { child.isRunning })
        guard joined else {
            stop()
            throw Failure(
                "znc on port \(port) did not get onto the server at 127.0.0.1:\(upstreamPort) as \(user) "
                    + "in \(channels.joined(separator: ",")) within \(Int(seconds)) s (is the nick taken?). Log:\n\(log)"
            )
        }
    }

    /// Waits until ZNC is (again) on the server and in all its channels, e.g. after the server
    /// restarted (ZNC reconnects within about 5 s).
    public func waitUntilJoined(timeout: Double = 60) throws {
        let joined = Self.waitUntilPresent(
            nick: user, in: channels, upstreamPort: upstreamPort, timeout: timeout,
            while: { self.process?.isRunning ?? false })
        guard joined else {
            throw Failure(
                "znc is not on the server at 127.0.0.1:\(upstreamPort) as \(user) in "
                    + "\(channels.joined(separator: ",")) after \(Int(timeout)) s. Log:\n\(log)")
        }
    }

    /// Waits until ZNC has received `text` from the server: a client attached for the moment
    /// (signed in as the user) sees it in the playback or live, then leaves. Lines a peer wrote
    /// to the server reach ZNC a little later; a test that wants them in the buffer before the
    /// client under test attaches waits for the last one. (The buffer is kept whether or not
    /// a client is attached: `AutoClearChanBuffer = false`.)
    public func waitUntilReceived(_ text: String, timeout: Double = 60) throws {
        let socket = try RawSocket(port: port)
        defer {
            socket.send("QUIT :seen\r\n")
            socket.close()
        }
        socket.send("PASS \(passString)\r\nNICK \(user)\r\nUSER \(user) 0 * :ZNCFixture observer\r\n")
        let seen = Self.read(socket, until: { $0.contains(text) }, deadline: Date() + timeout) ?? ""
        guard seen.contains(text) else {
            throw Failure("znc never passed on \"\(text)\" within \(Int(timeout)) s. Log:\n\(log)")
        }
    }

    /// Stops ZNC (SIGTERM, then SIGKILL after 5 s: it takes about 2 s to exit) and waits for it.
    public func stop() {
        process?.terminate(grace: 5)
        process = nil
    }

    /// Stops ZNC and removes its folder.
    public func tearDown() {
        stop()
        directory.remove()
    }

    /// Whether `nick` gets onto the IRC server at `upstreamPort` and into every one of
    /// `channels` (with none: onto the server) within `timeout` seconds, as a client of its own
    /// on that server sees it: NAMES for each channel (WHOIS without channels), asked again
    /// every 0.1 s. Stops early, false, once `running` is false (the bouncer has exited).
    public static func waitUntilPresent(
        nick: String, in channels: [String], upstreamPort: Int, timeout: Double, while running: () -> Bool = { true }
    ) -> Bool {
        let deadline = Date() + timeout
        var found = false
        waitBlocking(timeout: .seconds(timeout), every: .milliseconds(200)) {
            guard running() else { return true }
            if let socket = try? RawSocket(port: upstreamPort) {
                found = probe(socket, nick: nick, channels: channels, deadline: deadline, running: running)
                socket.send("QUIT :done\r\n")
                socket.close()
            }
            return found
        }
        return found
    }

    /// Registers on `socket` with a nick of its own, then asks until `nick` is there; false
    /// when the deadline passes, `running` turns false or the connection closes.
    private static func probe(
        _ socket: RawSocket, nick: String, channels: [String], deadline: Date, running: () -> Bool
    ) -> Bool {
        let probe = "zncprobe\(Int.random(in: 100_000...999_999))"
        socket.send("NICK \(probe)\r\nUSER probe 0 * :ZNCFixture probe\r\n")
        guard let welcome = read(socket, until: { $0.contains(" 001 ") || $0.contains(" 433 ") }, deadline: deadline),
            welcome.contains(" 001 ")
        else { return false }
        var present = false
        waitBlocking(timeout: .seconds(deadline.timeIntervalSinceNow), every: .milliseconds(100)) {
            guard running(), let now = isPresent(nick, in: channels, asking: socket, deadline: deadline) else {
                return true
            }
            present = now
            return present
        }
        return present
    }

    /// Whether `nick` is on the server and in every one of `channels` now, as the client on
    /// `socket` is told (NAMES for each channel, WHOIS without channels); nil once the
    /// connection has closed.
    private static func isPresent(
        _ nick: String, in channels: [String], asking socket: RawSocket, deadline: Date
    ) -> Bool? {
        if channels.isEmpty {
            socket.send("WHOIS \(nick)\r\n")
            guard let reply = read(socket, until: { $0.contains(" 318 ") }, deadline: deadline) else { return nil }
            return reply.contains(" 311 ")
        }
        let wanted = nick.lowercased()
        for channel in channels {
            socket.send("NAMES \(channel)\r\n")
            guard let reply = read(socket, until: { $0.contains(" 366 ") }, deadline: deadline) else { return nil }
            if !names(inReply: reply).contains(wanted) { return false }
        }
        return true
    }

    /// The nicks (lowercased, without status prefixes or `!user@host`) in the 353 lines of a
    /// NAMES reply.
    static func names(inReply reply: String) -> Set<String> {
        var names: Set<String> = []
        // "\r\n" is one Character, and a newline.
        for line in reply.split(whereSeparator: { $0.isNewline }) where line.contains(" 353 ") {
            guard let colon = line.range(of: " :") else { continue }
            for entry in line[colon.upperBound...].split(separator: " ") {
                let name = entry.drop { "~&@%+".contains($0) }.prefix { $0 != "!" }
                if !name.isEmpty { names.insert(String(name).lowercased()) }
            }
        }
        return names
    }

    /// Reads from `socket` until `done` holds for all that arrived or `deadline` passes; nil once
    /// the connection has closed.
    private static func read(_ socket: RawSocket, until done: (String) -> Bool, deadline: Date) -> String? {
        var received: [UInt8] = []
        while Date() < deadline {
            guard let bytes = socket.receive(timeoutMilliseconds: 200) else { return nil }
            received += bytes
            if done(String(decoding: received, as: UTF8.self)) { break }
        }
        return String(decoding: received, as: UTF8.self)
    }
}
