import Foundation
import Synchronization

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A TCP relay on 127.0.0.1 in front of a server, which a test opens and shuts: while shut,
/// a connection is accepted and closed at once (the client sees the server refuse it), so a
/// test decides when the client gets back in, instead of racing the client's retry delay.
public final class Gate: Sendable {
    /// The port the client connects to.
    public let port: Int
    private let target: Int
    private let listener: Int32
    private let state = Mutex<(open: Bool, stopped: Bool)>((true, false))

    public init(to target: Int) throws {
        let (fd, port) = try InspIRCdFixture.boundLoopbackSocket()
        guard listen(fd, 16) == 0 else {
            close(fd)
            throw Failure("listen() failed")
        }
        self.listener = fd
        self.port = port
        self.target = target
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Let new connections through to the server.
    public func open() { state.withLock { $0.open = true } }

    /// Refuse new connections (ones already through stay until either side closes).
    public func shut() { state.withLock { $0.open = false } }

    /// Stops accepting; relayed connections end when their server side does.
    public func stop() {
        state.withLock { $0.stopped = true }
        shutdown(listener, Int32(SHUT_RDWR))
    }

    private func acceptLoop() {
        while true {
            let client = retryingOnInterrupt { accept(listener, nil, nil) }
            if client < 0 { break }
            let (open, stopped) = state.withLock { ($0.open, $0.stopped) }
            if stopped {
                close(client)
                break
            }
            guard open, let server = RawSocket.connectLoopback(port: target) else {
                close(client)
                continue
            }
            let pair = Pair(client: client, server: server)
            Thread.detachNewThread { pair.pump(from: client, to: server) }
            Thread.detachNewThread { pair.pump(from: server, to: client) }
        }
        close(listener)
    }

}

/// A relayed connection: two descriptors, closed by whichever pump ends last (closing earlier
/// could close a number the system has since given to another file).
private final class Pair: Sendable {
    let client: Int32
    let server: Int32
    private let running = Mutex(2)

    init(client: Int32, server: Int32) {
        self.client = client
        self.server = server
    }

    /// Copies bytes one way until either side ends, then shuts both down so the other pump
    /// ends too.
    func pump(from source: Int32, to sink: Int32) {
        var buffer = [UInt8](repeating: 0, count: 16384)
        loop: while true {
            let count = retryingOnInterrupt {
                buffer.withUnsafeMutableBytes { recv(source, $0.baseAddress, $0.count, 0) }
            }
            if count <= 0 { break }
            var offset = 0
            while offset < count {
                let sent = retryingOnInterrupt {
                    buffer[offset..<count].withUnsafeBytes { send(sink, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                }
                if sent <= 0 { break loop }
                offset += sent
            }
        }
        shutdown(client, Int32(SHUT_RDWR))
        shutdown(server, Int32(SHUT_RDWR))
        let last = running.withLock {
            $0 -= 1
            return $0 == 0
        }
        if last {
            close(client)
            close(server)
        }
    }
}
