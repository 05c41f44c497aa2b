#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Reading a terminal's answer to a query: what arrives on `input` until `isComplete` says the
/// answer is all there, or `timeoutMilliseconds` pass (for terminals that answer nothing).
///
/// ```swift
/// let bytes = TerminalReply.read(from: fd, timeoutMilliseconds: 500) { BackgroundQuery.parse($0).complete }
/// ```
enum TerminalReply {
    static func read(from input: Int32, timeoutMilliseconds: Int, isComplete: ([UInt8]) -> Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        while true {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let elapsed = (now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1_000_000
            let remaining = timeoutMilliseconds - elapsed
            if remaining <= 0 { break }
            var poller = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(remaining))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { break }
            var chunk = [UInt8](repeating: 0, count: 256)
            let count = chunk.withUnsafeMutableBytes { Glibc.read(input, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes += chunk[..<count]
            if isComplete(bytes) { break }
        }
        return bytes
    }
}
