/// Cuts the byte stream from the server into lines, without I/O.
///
/// Lines end at LF (a CR before it is dropped). A line longer than `maximumLineLength` is cut
/// there and the rest of it, up to the next LF, is thrown away, so a peer cannot make the client
/// buffer without bound.
///
/// ```swift
/// var framer = IRCLineFramer()
/// framer.append(Array("PING :a\r\nPI".utf8))  // [Array("PING :a".utf8)]
/// framer.append(Array("NG :b\n".utf8))        // [Array("PING :b".utf8)]
/// ```
public struct IRCLineFramer: Sendable {
    /// Tags may take 8191 bytes and the rest of a line 512; a little slack on top.
    public static let defaultMaximumLineLength = 16 * 1024

    public let maximumLineLength: Int
    private var buffer: [UInt8] = []
    private var discarding = false

    public init(maximumLineLength: Int = IRCLineFramer.defaultMaximumLineLength) {
        self.maximumLineLength = maximumLineLength
    }

    /// Feeds bytes; returns the complete lines they finish.
    public mutating func append(_ bytes: some Sequence<UInt8>) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        append(bytes, into: &lines)
        return lines
    }

    /// Feeds bytes, appending complete lines to `lines`.
    public mutating func append(_ bytes: some Sequence<UInt8>, into lines: inout [[UInt8]]) {
        buffer.append(contentsOf: bytes)
        var start = 0
        while let newline = buffer[start...].firstIndex(of: 0x0A) {
            if discarding {
                discarding = false
            } else {
                var end = newline
                if end > start, buffer[end - 1] == 0x0D { end -= 1 }
                if end > start { lines.append(Array(buffer[start..<min(end, start + maximumLineLength)])) }
            }
            start = newline + 1
        }
        if buffer.count - start > maximumLineLength {
            if !discarding { lines.append(Array(buffer[start..<(start + maximumLineLength)])) }
            discarding = true
            start = buffer.count
        }
        if start > 0 { buffer.removeFirst(start) }
    }
}
