#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A fixture that is one IRC server program in its own folder (``NgircdFixture``,
/// ``HybridFixture``): starting, stopping and signalling are the ``ServerProcess``'s, written
/// once here; each fixture writes its own config and says what its server tells clients.
public protocol ServerProcessFixture: AnyObject {
    /// The plaintext port on 127.0.0.1.
    var port: Int { get }
    var directory: TemporaryDirectory { get }
    var server: ServerProcess { get }
}

extension ServerProcessFixture {
    /// What the server has logged since it last started.
    public var log: String { server.log }

    /// The running server's process ID (nil when it is stopped).
    public var pid: pid_t? { server.pid }

    /// Starts the server (again) on the same port and waits until it accepts connections.
    public func start() throws {
        try server.start()
    }

    /// Sends `signal` to the running server (SIGSTOP to freeze it, SIGCONT to let it go on).
    public func signal(_ signal: Int32) {
        server.signal(signal)
    }

    /// Kills the server with SIGKILL (a crash), without cleaning anything up. Its clients read
    /// the end of their connections with no ERROR line first.
    public func kill() {
        server.kill()
    }

    /// Terminates the server (SIGTERM, then SIGKILL after 1.5 s) and waits for it; what its
    /// clients are told first is the fixture's (see its type's documentation).
    public func stop() {
        server.stop()
    }

    /// Stops the server and removes its directory.
    public func tearDown() {
        stop()
        directory.remove()
    }
}
