import Foundation

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Ergo 2.11 (IRCv3's drafts: CHATHISTORY, read-marker, multiline, labeled-response, an
/// always-on bouncer per account) on 127.0.0.1 at a free port, built from
/// `../shared/servers/ergo-2.11.1.tar.gz` into `.build-servers/` by `.ci/setup`.
///
/// Its config is the source's own `default.yaml` with the plain listener moved to the free
/// port, the TLS listener removed, fakelag off (tests send bursts), and every file it writes in
/// the fixture's folder. History is kept in memory: it lasts while the server runs.
///
/// ```swift
/// let ergo = try ErgoFixture()
/// defer { ergo.tearDown() }
/// // connect to 127.0.0.1:ergo.port
/// ```
public final class ErgoFixture: ServerProcessFixture {
    /// The source folder (`default.yaml`, `languages/`), unpacked by `.ci/setup`.
    public static var sourceFolder: String? {
        HybridFixture.packageRoot.map { $0 + "/.build-servers/ergo-2.11.1" }
    }

    /// The binary `.ci/setup` builds.
    public static var binary: String? {
        HybridFixture.packageRoot.map { $0 + "/.build-servers/ergo/ergo" }
    }

    public static let serverName = "ergo.test"

    public let port: Int
    public let directory: TemporaryDirectory
    public let server: ServerProcess

    /// - Parameter changes: more replacements in `default.yaml`'s text (what it says, what it
    ///   should say), for a test that needs another setting.
    public init(changes: [(String, String)] = []) throws {
        guard let binary = Self.binary, FileManager.default.isExecutableFile(atPath: binary),
            let source = Self.sourceFolder, FileManager.default.fileExists(atPath: source + "/default.yaml")
        else {
            throw Failure(
                "Ergo is not built (looked for .build-servers/ergo/ergo and .build-servers/ergo-2.11.1). "
                    + ".ci/setup builds it. By hand, from the repository root: apt-get install -y golang-go && "
                    + "tar xzf ../shared/servers/ergo-2.11.1.tar.gz -C .build-servers && "
                    + "(cd .build-servers/ergo-2.11.1 && GOFLAGS=-mod=vendor GOPROXY=off go build -o ../ergo/ergo .)")
        }
        (directory, port) = try TemporaryDirectory.forServer { path, port in
            try Self.writeConfig(directory: path, source: source, port: port, changes: changes)
            try Self.initialise(binary: binary, config: path + "/ircd.yaml")
        }
        let dir = directory.path
        server = ServerProcess(
            name: "ergo", executable: binary, arguments: ["run", "--conf", dir + "/ircd.yaml"], port: port,
            outputPath: dir + "/ergo.out", errorsPath: dir + "/ergo.err", logPath: dir + "/ergo.err",
            readyPhrase: "Server running", bindFailure: "address already in use")
        try directory.removed(ifThrowing: start)
    }

    public var configPath: String { directory.path + "/ircd.yaml" }

    /// Listing SCRAM-SHA-256 in `sasl=` (Ergo takes it always, but lists it only when asked,
    /// its `advertise-scram`): pass as `changes` to a fixture that should offer it.
    public static let advertisingSCRAM = [
        ("    authentication-enabled: true\n", "    authentication-enabled: true\n    advertise-scram: true\n")
    ]

    /// Registers `account` with NickServ from a raw connection (`REGISTER password`; Ergo's
    /// default asks no e-mail), and quits once it says so.
    public func register(account: String, password: String, timeout: Double = 30) throws {
        let socket = try RawSocket(port: port)
        defer { socket.close() }
        socket.send("NICK \(account)\r\nUSER \(account) 0 * :Earshot test\r\n")
        let welcome = AnopeFixture.read(
            socket, until: { $0.contains(" 001 ") || $0.contains(" 433 ") }, seconds: timeout)
        guard welcome.contains(" 001 ") else { throw Failure("cannot register \(account) on Ergo: \(welcome)") }
        socket.send("PRIVMSG NickServ :REGISTER \(password)\r\n")
        let answer = AnopeFixture.read(
            socket, until: { $0.contains(":NickServ!") && $0.utf8.last == 0x0A }, seconds: timeout)
        guard answer.contains("Account created") else {
            throw Failure("Ergo's NickServ did not register \(account). It said:\n\(answer)")
        }
        socket.send("QUIT :registered\r\n")
        _ = AnopeFixture.read(socket, until: { $0.contains("ERROR") }, seconds: timeout)
    }

    /// `default.yaml`, changed as the type's documentation says.
    static func writeConfig(directory dir: String, source: String, port: Int, changes: [(String, String)]) throws {
        var text = try String(contentsOfFile: source + "/default.yaml", encoding: .utf8)
        func replace(_ old: String, _ new: String) throws {
            guard text.contains(old) else {
                throw Failure("Ergo's default.yaml no longer says \(old.debugDescription)")
            }
            text = text.replacingOccurrences(of: old, with: new)
        }
        try replace("\"127.0.0.1:6667\": # (loopback ipv4, localhost-only)", "\"127.0.0.1:\(port)\":")
        try replace("        \"[::1]:6667\":     # (loopback ipv6, localhost-only)\n", "")
        // The TLS listener, from its port to its last setting.
        guard let tlsStart = text.range(of: "        \":6697\":"),
            let tlsEnd = text.range(of: "min-tls-version: 1.2", range: tlsStart.upperBound..<text.endIndex)
        else { throw Failure("Ergo's default.yaml has no TLS listener on 6697 to remove") }
        text.removeSubrange(tlsStart.lowerBound..<tlsEnd.upperBound)
        try replace("fakelag:\n    # whether to enforce fakelag\n    enabled: true", "fakelag:\n    enabled: false")
        try replace("    path: ircd.db", "    path: \(dir)/ircd.db")
        try replace("    path: languages", "    path: \(source)/languages")
        try replace("    motd: ergo.motd", "    motd: \(dir)/ergo.motd")
        try replace("lock-file: \"ircd.lock\"", "lock-file: \"\(dir)/ircd.lock\"")
        for (old, new) in changes { try replace(old, new) }
        try "Earshot test server\n".write(toFile: dir + "/ergo.motd", atomically: true, encoding: .utf8)
        try text.write(toFile: dir + "/ircd.yaml", atomically: true, encoding: .utf8)
    }

    /// `ergo initdb`: the database the config names.
    static func initialise(binary: String, config: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["initdb", "--conf", config]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let said = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure("ergo initdb failed: \(String(decoding: said, as: UTF8.self).suffix(2000))")
        }
    }
}
