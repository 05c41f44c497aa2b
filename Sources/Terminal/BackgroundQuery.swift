import Typography

/// Asks the terminal for its background colour (OSC 11), so the palette suits it.
///
/// The query is followed by a primary device attributes request (`ESC [ c`), which every
/// terminal answers: once that answer is in, a terminal that ignores OSC 11 has said all it will,
/// and nothing is waited for. A short timeout covers terminals that answer neither. Nothing is
/// printed when there is no answer.
///
/// ```swift
/// let background = BackgroundQuery.ask()          // RGBColor(0x000000) in `xterm -bg black`
/// BackgroundQuery.parse(Array("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\\u{1B}[?1;2c".utf8))
/// // (color: #FFFFFF, complete: true)
/// ```
public enum BackgroundQuery {
    /// OSC 11 query, then the device attributes request.
    public static let request = "\u{1B}]11;?\u{1B}\\\u{1B}[c"

    /// The colour in `bytes` (an OSC 11 answer, ended by ST or BEL), and whether the device
    /// attributes answer (`ESC [ ? … c`) has arrived, after which nothing more will come.
    public static func parse(_ bytes: [UInt8]) -> (color: RGBColor?, complete: Bool) {
        let text = String(decoding: bytes, as: UTF8.self)
        var color: RGBColor?
        if let start = text.firstRange(of: "\u{1B}]11;rgb:") {
            let rest = text[start.upperBound...]
            let end = rest.firstIndex { $0 == "\u{1B}" || $0 == "\u{07}" } ?? rest.endIndex
            if end != rest.endIndex { color = rgb(String(rest[..<end])) }
        }
        var complete = false
        if let attributes = text.firstRange(of: "\u{1B}[?") {
            complete = text[attributes.upperBound...].contains("c")
        }
        return (color, complete)
    }

    /// `RRRR/GGGG/BBBB` with 1 to 4 hex digits per channel, scaled to 8 bits.
    static func rgb(_ text: String) -> RGBColor? {
        let channels = text.split(separator: "/")
        guard channels.count == 3 else { return nil }
        var bytes: [UInt8] = []
        for channel in channels {
            guard (1...4).contains(channel.count), let value = UInt32(channel, radix: 16) else { return nil }
            let maximum = (UInt32(1) << (4 * UInt32(channel.count))) - 1
            bytes.append(UInt8((value * 255 + maximum / 2) / maximum))
        }
        return RGBColor(UInt32(bytes[0]) << 16 | UInt32(bytes[1]) << 8 | UInt32(bytes[2]))
    }

    /// Asks the controlling terminal (`/dev/tty`, so it works while stdout is redirected) and
    /// waits at most `timeoutMilliseconds`; nil when there is no terminal or it did not say.
    public static func ask(timeoutMilliseconds: Int = 500) -> RGBColor? {
        TerminalReply.withControllingTerminal {
            ask(input: $0, output: $0, timeoutMilliseconds: timeoutMilliseconds)
        } ?? nil
    }

    /// Asks the terminal on `input`/`output` and waits at most `timeoutMilliseconds`; nil when
    /// either is not a terminal or the terminal did not say.
    public static func ask(input: Int32, output: Int32, timeoutMilliseconds: Int) -> RGBColor? {
        let bytes = TerminalReply.ask(
            Array(request.utf8), input: input, output: output, timeoutMilliseconds: timeoutMilliseconds
        ) { parse($0).complete }
        return bytes.flatMap { parse($0).color }
    }
}
