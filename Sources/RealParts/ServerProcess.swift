import Foundation

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Test support: one IRC server program in the foreground, for the fixtures that start a server
/// on 127.0.0.1 at a free port (``NgircdFixture``, ``HybridFixture``).
///
/// It is started with ``ChildProcess`` (an empty signal mask, so SIGTERM reaches it), and
/// ``start(timeout:)`` returns once it accepts connections on `port` and its log says it is
/// ready: a bare connect could reach another program that took the port first, and
/// ircd-hybrid goes on running without its listener when the port is taken. ``stop()`` sends
/// SIGTERM, then SIGKILL after 1.5 s; ``kill()`` sends SIGKILL at once (a crash).
///
/// ```swift
/// let server = ServerProcess(
///     name: "ngircd", executable: "/usr/sbin/ngircd", arguments: ["--nodaemon", "--config", path],
///     port: port, outputPath: dir + "/ngircd.log", errorsPath: dir + "/ngircd.err",
///     logPath: dir + "/ngircd.log", readyPhrase: "Now listening on [127.0.0.1]:\(port)")
/// try server.start()
/// ```
public final class ServerProcess {
    /// The program's name, for messages ("ngircd").
    public let name: String
    public let executable: String
    public let arguments: [String]
    public let port: Int
    /// Where its standard output and its errors go, each emptied at every start.
    public let outputPath: String
    public let errorsPath: String
    /// The server's log (its own file, or `outputPath`): removed before every start, read for
    /// `readyPhrase` and `bindFailure` and quoted when it does not start.
    public let logPath: String
    /// What the log says once the server listens; nil: accepting connections is enough.
    public let readyPhrase: String?
    /// What the log says when the port cannot be bound, for a server that goes on running
    /// without its listener: the start fails at once instead of at the deadline.
    public let bindFailure: String?
    private var child: ChildProcess?

    public init(
        name: String, executable: String, arguments: [String], port: Int, outputPath: String, errorsPath: String,
        logPath: String, readyPhrase: String? = nil, bindFailure: String? = nil
    ) {
        self.name = name
        self.executable = executable
        self.arguments = arguments
        self.port = port
        self.outputPath = outputPath
        self.errorsPath = errorsPath
        self.logPath = logPath
        self.readyPhrase = readyPhrase
        self.bindFailure = bindFailure
    }

    /// The running server's process ID (nil when it is stopped).
    public var pid: pid_t? { child?.pid }

    public var isRunning: Bool { child?.isRunning ?? false }

    /// The log, then whatever else it printed.
    public var log: String {
        var paths = [logPath]
        for path in [outputPath, errorsPath] where !paths.contains(path) { paths.append(path) }
        return paths.compactMap { path -> String? in
            guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else { return nil }
            return String(decoding: data, as: UTF8.self)
        }.joined(separator: "\n")
    }

    /// Starts the server (again, on the same port; one still running is stopped first) and
    /// waits until it accepts connections. Generous by default: a loaded 2-core machine can
    /// take long to start it (unloaded, both servers accept within about 15 ms).
    public func start(timeout: Double = 60) throws {
        stop()
        try? FileManager.default.removeItem(atPath: logPath)
        let child = try ChildProcess(executable, arguments, output: outputPath, errors: errorsPath)
        self.child = child
        var problem: String?
        let ready = waitBlocking(timeout: .seconds(timeout), every: .milliseconds(20)) {
            let log = readyPhrase == nil && bindFailure == nil ? "" : self.log
            if let bindFailure, let line = log.split(separator: "\n").first(where: { $0.contains(bindFailure) }) {
                problem = "could not listen on 127.0.0.1:\(port): \(line)"
                return true
            }
            if !child.isRunning {
                problem = "exited"
                return true
            }
            return (readyPhrase.map({ log.contains($0) }) ?? true) && InspIRCdFixture.accepts(port: port)
                && child.isRunning
        }
        if ready && problem == nil { return }
        let problemSaid = problem ?? "did not start within \(Int(timeout)) s"
        let log = self.log
        stop()
        throw Failure("\(name) \(problemSaid) (port \(port)). Log:\n\(log.suffix(3000))")
    }

    /// Sends `signal` to the running server (SIGSTOP to freeze it, SIGCONT to let it go on).
    public func signal(_ signal: Int32) {
        child?.signal(signal)
    }

    /// Kills the server with SIGKILL (a crash), without cleaning anything up, and waits for it.
    /// Its clients see their connections end without a word from it (an orderly close, or a
    /// reset when it had not read all they sent).
    public func kill() {
        guard let child else { return }
        child.signal(SIGKILL)
        child.wait()
        self.child = nil
    }

    /// Terminates the server (SIGTERM, then SIGKILL after 1.5 s) and waits for it.
    public func stop() {
        guard let child else { return }
        child.terminate(grace: 1.5)
        self.child = nil
    }

    /// The user and group a server runs as when the tests run as root: `nobody` (ircd-hybrid
    /// refuses to run as root; ngircd refuses to stay root and switches to its ServerUID).
    /// Nil when not root: the server runs as the caller.
    public static var unprivilegedUser: (uid: uid_t, gid: gid_t)? {
        guard geteuid() == 0 else { return nil }
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        let size = 4096
        var buffer = [CChar](repeating: 0, count: size)
        guard getpwnam_r("nobody", &entry, &buffer, size, &result) == 0, result != nil else {
            return (65534, 65534)
        }
        return (entry.pw_uid, entry.pw_gid)
    }

    /// Gives `paths` (a server's folder and the files written into it) to `user`, so a server
    /// running as that user can read its config and write its log and PID file there.
    public static func handOver(_ paths: [String], to user: (uid: uid_t, gid: gid_t)) {
        for path in paths { _ = chown(path, user.uid, user.gid) }
    }
}
