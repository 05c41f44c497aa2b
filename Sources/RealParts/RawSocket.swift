import Foundation
import Synchronization

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A blocking TCP socket to 127.0.0.1, for a raw (possibly malicious) IRC peer. One thread may
/// read while another sends or closes it: the descriptor is atomic, and -1 once closed.
public final class RawSocket: Sendable {
    private let descriptor: Atomic<Int32>
    private var fd: Int32 { descriptor.load(ordering: .acquiring) }

    public init(port: Int) throws {
        guard let connected = Self.connectLoopback(port: port) else {
            throw Failure("connect() to 127.0.0.1:\(port) failed")
        }
        descriptor = Atomic(connected)
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// A descriptor connected to `port` on 127.0.0.1, or nil when nothing answers there.
    public static func connectLoopback(port: Int) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            Glibc.close(fd)
            return nil
        }
        return fd
    }

    public func send(_ bytes: [UInt8]) { sendAll(bytes) }

    public func send(_ text: String) { send(Array(text.utf8)) }

    /// Reads until `marker` appears in what was received (or a timeout); returns everything read.
    @discardableResult
    public func read(until marker: String) -> String {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while !String(decoding: received, as: UTF8.self).contains(marker) {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received.append(contentsOf: chunk[0..<count])
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// What arrives within `timeoutMilliseconds` (empty when nothing did); nil once the server
    /// has closed the connection or it failed.
    public func receive(timeoutMilliseconds: Int32) -> [UInt8]? {
        guard fd >= 0 else { return nil }
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = retryingOnInterrupt { poll(&descriptor, 1, timeoutMilliseconds) }
        if ready < 0 { return nil }
        if ready == 0 { return [] }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count <= 0 { return nil }
        return Array(chunk[0..<count])
    }

    /// Sends all of `bytes`; false when the connection is gone.
    @discardableResult
    public func sendAll(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if sent <= 0 { return false }
            offset += sent
        }
        return true
    }

    public func close() {
        let closing = descriptor.exchange(-1, ordering: .acquiringAndReleasing)
        if closing >= 0 { Glibc.close(closing) }
    }

    deinit { close() }
}

extension RawSocket {
    /// A raw client registered as `nick` on the server at `port`: the capabilities given asked
    /// for first (where any are), then in `channel` once the server has listed its names.
    ///
    /// ```swift
    /// let bob = try RawSocket.registered("bob", port: ergo.port, capabilities: ["message-tags"], in: "#a")
    /// ```
    public static func registered(
        _ nick: String, port: Int, capabilities: [String] = [], in channel: String? = nil
    ) throws -> RawSocket {
        let peer = try RawSocket(port: port)
        let asking =
            capabilities.isEmpty ? "" : "CAP LS 302\r\nCAP REQ :\(capabilities.joined(separator: " "))\r\nCAP END\r\n"
        peer.send(asking + "NICK \(nick)\r\nUSER \(nick) 0 * :\(nick)\r\n")
        peer.read(until: " 001 ")
        if let channel {
            peer.send("JOIN \(channel)\r\n")
            peer.read(until: " 366 ")
        }
        return peer
    }
}
