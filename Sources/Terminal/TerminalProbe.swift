import Typography

/// Asks the terminal itself, once at start, what it can show: its background (OSC 11) and
/// whether it really draws larger text (kitty's OSC 66, DEC double-width lines).
///
/// Larger text is asked for with cursor position reports (`ESC [ 6 n`), so the answer is what
/// the terminal did, not what `TERM` claims. With autowrap off for the probe:
///
/// 1. `ESC ] 66 ; s=2 ; M ESC \` then a report: a terminal that draws OSC 66 advanced two
///    columns (column 3); one that ignores it did not move.
/// 2. `ESC # 6` (double width), then more `M`s than half the line holds, then a report; then
///    the same on a single-width line (`ESC # 5`). A terminal that draws DEC double-width lines
///    stops the cursor at half the width, so the first column is less than the second.
///
/// Each step is erased at once (`CR`, `ESC [ 2 K`, `ESC # 5`), autowrap is turned back on, and a
/// primary device attributes request (`ESC [ c`), which every terminal answers, ends the round:
/// once its answer is in, nothing more will come. Within the timeout (half a second) or not at
/// all; without an answer the text is plain. Keys the user typed meanwhile are kept in
/// ``Answer/unrelated``, for the key decoder.
///
/// ```swift
/// let answer = TerminalProbe.ask(background: true, textSizing: true)
/// answer.textSizing   // .dec in xterm, .kitty in kitty, .none in tmux or the Linux console
/// ```
public enum TerminalProbe {
    /// What the terminal said.
    public struct Answer: Sendable, Hashable {
        /// The background (OSC 11), when asked and answered.
        public var background: RGBColor?
        /// How larger text is drawn here, when asked and the terminal answered the reports.
        public var textSizing: TextSizingMethod?
        /// The device attributes answer arrived: the terminal has said all it will.
        public var complete = false
        /// Bytes that were no answer (keys typed during the probe), in order.
        public var unrelated: [UInt8] = []

        public init(
            background: RGBColor? = nil, textSizing: TextSizingMethod? = nil, complete: Bool = false,
            unrelated: [UInt8] = []
        ) {
            self.background = background
            self.textSizing = textSizing
            self.complete = complete
            self.unrelated = unrelated
        }
    }

    /// The request: the probes asked for, then the device attributes request.
    ///
    /// - Parameter columns: the line's width; the DEC probe writes more than half of it.
    public static func request(background: Bool, textSizing: Bool, columns: Int) -> String {
        var out = ""
        if textSizing {
            let filler = String(repeating: "M", count: max(4, min(1000, columns / 2 + 2)))
            out += "\r\u{1B}[?7l"
            out += "\u{1B}]66;s=2;M\u{1B}\\\u{1B}[6n\r\u{1B}[2K"
            out += "\u{1B}#6" + filler + "\u{1B}[6n\r\u{1B}[2K\u{1B}#5"
            out += filler + "\u{1B}[6n\r\u{1B}[2K"
            out += "\u{1B}[?7h"
        }
        if background { out += "\u{1B}]11;?\u{1B}\\" }
        return out + "\u{1B}[c"
    }

    /// Reads the answers in `bytes`: cursor position reports, an OSC 11 colour, the device
    /// attributes; everything else is ``Answer/unrelated``. An answer cut off at the end is
    /// neither (it is still arriving).
    ///
    /// - Parameter textSizing: whether the sizing probe was sent (its three reports decide it).
    public static func parse(_ bytes: [UInt8], textSizing: Bool) -> Answer {
        var answer = Answer()
        var columns: [Int] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] == 0x1B, index + 1 < bytes.count else {
                if bytes[index] == 0x1B { break }  // a lone ESC at the end: wait for the rest
                answer.unrelated.append(bytes[index])
                index += 1
                continue
            }
            switch reply(in: bytes, at: index) {
            case .incomplete:
                index = bytes.count
            case .none:
                answer.unrelated.append(bytes[index])
                index += 1
            case .position(let column, let end):
                columns.append(column)
                index = end
            case .attributes(let end):
                answer.complete = true
                index = end
            case .osc(let text, let end):
                if text.hasPrefix("11;rgb:") { answer.background = BackgroundQuery.rgb(String(text.dropFirst(7))) }
                index = end
            }
        }
        if textSizing, columns.count >= 3 {
            if columns[0] == 3 {
                answer.textSizing = .kitty
            } else if columns[1] < columns[2] {
                answer.textSizing = .dec
            } else {
                answer.textSizing = TextSizingMethod.none
            }
        }
        return answer
    }

    /// One reply that starts with ESC at `start`.
    enum Reply: Equatable {
        /// `ESC [ row ; column R`.
        case position(column: Int, end: Int)
        /// `ESC [ ? … c`.
        case attributes(end: Int)
        /// `ESC ] text` ended by BEL or `ESC \`.
        case osc(String, end: Int)
        /// Not a reply.
        case none
        /// A reply that has not all arrived.
        case incomplete
    }

    static func reply(in bytes: [UInt8], at start: Int) -> Reply {
        let introducer = bytes[start + 1]
        if introducer == UInt8(ascii: "]") {
            var index = start + 2
            while index < bytes.count {
                if bytes[index] == 0x07 {
                    return .osc(String(decoding: bytes[(start + 2)..<index], as: UTF8.self), end: index + 1)
                }
                if bytes[index] == 0x1B {
                    guard index + 1 < bytes.count else { return .incomplete }
                    guard bytes[index + 1] == UInt8(ascii: "\\") else { return .none }
                    return .osc(String(decoding: bytes[(start + 2)..<index], as: UTF8.self), end: index + 2)
                }
                if index - start > 512 { return .none }
                index += 1
            }
            return .incomplete
        }
        guard introducer == UInt8(ascii: "[") else { return .none }
        var index = start + 2
        let isPrivate = index < bytes.count && bytes[index] == UInt8(ascii: "?")
        if isPrivate { index += 1 }
        var numbers: [Int] = []
        var current: Int?
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                current = min(100_000, (current ?? 0) * 10 + Int(byte - UInt8(ascii: "0")))
            case UInt8(ascii: ";"):
                numbers.append(current ?? 0)
                current = nil
            case UInt8(ascii: "c") where isPrivate:
                return .attributes(end: index + 1)
            case UInt8(ascii: "R") where !isPrivate:
                if let current { numbers.append(current) }
                guard numbers.count == 2 else { return .none }
                return .position(column: numbers[1], end: index + 1)
            default:
                return .none
            }
            if index - start > 256 { return .none }
            index += 1
        }
        return .incomplete
    }

    /// Asks the controlling terminal (`/dev/tty`) and waits at most `timeoutMilliseconds`.
    ///
    /// Nothing is asked, and an empty answer comes back, when there is no terminal.
    public static func ask(background: Bool, textSizing: Bool, timeoutMilliseconds: Int = 500) -> Answer {
        guard background || textSizing else { return Answer() }
        return TerminalReply.withControllingTerminal {
            ask(
                input: $0, output: $0, background: background, textSizing: textSizing,
                timeoutMilliseconds: timeoutMilliseconds)
        } ?? Answer()
    }

    /// Asks the terminal on `input`/`output`; an empty answer when either is not a terminal.
    public static func ask(
        input: Int32, output: Int32, background: Bool, textSizing: Bool, timeoutMilliseconds: Int
    ) -> Answer {
        let columns = TerminalSize.current(fd: output).columns
        let query = Array(request(background: background, textSizing: textSizing, columns: columns).utf8)
        guard
            let bytes = TerminalReply.ask(
                query, input: input, output: output, timeoutMilliseconds: timeoutMilliseconds,
                isComplete: { parse($0, textSizing: textSizing).complete })
        else { return Answer() }
        var answer = parse(bytes, textSizing: textSizing)
        // A reply cut off by the timeout is dropped, not taken for keys; a lone ESC last is a key.
        if bytes.last == 0x1B { answer.unrelated.append(0x1B) }
        return answer
    }
}
