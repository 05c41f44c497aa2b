/// Turns the bytes a terminal sends into ``KeyEvent``s.
///
/// The decoder is pure: it does no I/O and keeps only a small buffer, so it can be fed from a
/// reader thread or from a test table. One read can carry several keys, and one key can be
/// split across reads: bytes that end in the middle of a sequence wait for the next
/// ``feed(_:)``.
///
/// Escape is ambiguous in a terminal: the Escape key sends `ESC`, and Alt-x sends `ESC x`.
/// A lone `ESC` therefore waits; the reader calls ``flushPendingEscape()`` when no byte has
/// followed for a short time (25 ms in ``TerminalInput``), and only then is it an Escape key.
///
/// Understood: CSI and SS3 cursor keys with xterm modifier parameters (`ESC [1;5C` is
/// Ctrl-Right), Home/End in every common form, Insert/Delete/PageUp/PageDown and F1–F24,
/// Shift-Tab (`ESC [Z`), `CSI 27;m;c~` and `CSI c;m u` keys, the Linux console's `ESC [[A`,
/// Enter (CR, LF, or CR LF in one read), Backspace (DEL and BS), Ctrl-letters, Ctrl-Space
/// (NUL), UTF-8 text (invalid bytes become U+FFFD), bracketed paste (`ESC [200~ … ESC [201~`)
/// and SGR mouse reports (`ESC [<b;x;yM` and `m`). Anything else becomes
/// ``KeyEvent/unknown(_:)`` with its bytes.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.feed([0x1B, 0x5B, 0x31, 0x3B])    // []: the sequence is not finished
/// decoder.feed([0x35, 0x43, 0x61])          // [.key(.right, .control), .character("a")]
/// decoder.feed([0x1B])                      // []: Escape, or the start of Alt-something?
/// decoder.flushPendingEscape()              // [.escape]
/// ```
public struct KeyDecoder: Sendable {
    /// Where the decoder is between two bytes.
    enum State: Sendable, Hashable {
        /// Decoding keys; `buffer` holds the start of an unfinished sequence, if any.
        case ground
        /// Inside a bracketed paste; `pasteBytes` holds its content so far.
        case paste
        /// Dropping the rest of a sequence that grew too long, up to its final byte.
        case skippingSequence
    }

    /// What one step of decoding found at the front of the buffer.
    enum Step: Hashable {
        case event(KeyEvent, consumed: Int)
        /// A character of text, kept apart so neighbouring scalars join into grapheme clusters.
        case text(Unicode.Scalar, consumed: Int)
        case startPaste(consumed: Int)
        case ignore(consumed: Int)
        /// A sequence too long to be a key: report its start, drop the rest.
        case tooLong(consumed: Int)
        /// The buffer ends in the middle of a sequence.
        case incomplete
    }

    private(set) var state: State = .ground
    private(set) var buffer: [UInt8] = []
    private var pasteBytes: [UInt8] = []

    /// The longest escape sequence accepted before it is reported as unknown.
    static let maximumSequenceLength = 64
    static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    public init() {}

    /// The buffer starts with `ESC` that may be the Escape key or a prefix; the reader
    /// should call ``flushPendingEscape()`` after a short silence.
    public var hasPendingEscape: Bool { state == .ground && buffer.first == 0x1B }

    /// Bytes are waiting for the rest of their sequence (or a paste for its end).
    public var hasPendingInput: Bool { state != .ground || !buffer.isEmpty }

    /// Decodes `bytes`, with any left over from the previous call in front of them.
    ///
    /// Returns the events completed so far, in order. Bytes that end in an unfinished
    /// sequence are kept for the next call.
    public mutating func feed(_ bytes: [UInt8]) -> [KeyEvent] {
        buffer.append(contentsOf: bytes)
        var events: [KeyEvent] = []
        var text = ""
        var index = 0

        func flushText() {
            guard !text.isEmpty else { return }
            for character in text { events.append(.character(character)) }
            text = ""
        }

        decoding: while index < buffer.count {
            if state == .skippingSequence {
                while index < buffer.count, (0x20...0x3F).contains(buffer[index]) { index += 1 }
                guard index < buffer.count else { break decoding }
                if (0x40...0x7E).contains(buffer[index]) { index += 1 }
                state = .ground
                continue
            }
            if state == .paste {
                flushText()
                guard let (content, after) = takePaste(from: index) else {
                    index = buffer.count
                    break decoding
                }
                events.append(.paste(content))
                index = after
                continue
            }
            switch step(at: index) {
            case .text(let scalar, let consumed):
                text.unicodeScalars.append(scalar)
                index += consumed
            case .event(let event, let consumed):
                flushText()
                events.append(event)
                index += consumed
            case .startPaste(let consumed):
                flushText()
                state = .paste
                pasteBytes = []
                index += consumed
            case .ignore(let consumed):
                index += consumed
            case .tooLong(let consumed):
                flushText()
                events.append(.unknown(Array(buffer[index..<(index + consumed)])))
                index += consumed
                state = .skippingSequence
            case .incomplete:
                break decoding
            }
        }
        flushText()
        buffer.removeFirst(index)
        return events
    }

    /// Resolves a waiting `ESC` after a short silence: alone it is the Escape key; with one
    /// printable byte after it (such as `ESC [` or `ESC O`) it is Alt with that character;
    /// an unfinished longer sequence is reported as unknown.
    ///
    /// Does nothing unless ``hasPendingEscape`` is true.
    public mutating func flushPendingEscape() -> [KeyEvent] {
        guard hasPendingEscape else { return [] }
        if buffer.count == 2, let scalar = Self.printable(buffer[1]) {
            buffer = []
            return [.alt(Character(scalar))]
        }
        if buffer.count >= 2, buffer[1] == UInt8(ascii: "[") || buffer[1] == UInt8(ascii: "O") {
            let bytes = buffer
            buffer = []
            return [.unknown(bytes)]
        }
        // ESC followed by nothing, by another ESC, or by the start of a UTF-8 character.
        buffer.removeFirst()
        let rest = feed([])
        return [.escape] + rest + (hasPendingEscape ? flushPendingEscape() : [])
    }

    // MARK: - Steps

    private func step(at index: Int) -> Step {
        let byte = buffer[index]
        switch byte {
        case 0x1B:
            return escape(at: index)
        case 0x0D:
            let consumed = index + 1 < buffer.count && buffer[index + 1] == 0x0A ? 2 : 1
            return .event(.enter, consumed: consumed)
        case 0x0A:
            return .event(.enter, consumed: 1)
        case 0x09:
            return .event(.tab, consumed: 1)
        case 0x7F, 0x08:
            return .event(.backspace, consumed: 1)
        case 0x00:
            return .event(.control(" "), consumed: 1)
        case 0x01...0x1A:
            return .event(.control(Character(Unicode.Scalar(byte + 0x60))), consumed: 1)
        case 0x1C...0x1F:
            return .event(.control(Character(Unicode.Scalar(byte + 0x40))), consumed: 1)
        case 0x20...0x7E:
            return .text(Unicode.Scalar(byte), consumed: 1)
        default:
            switch utf8(at: index) {
            case .scalar(let scalar, let length): return .text(scalar, consumed: length)
            case .invalid(let length): return .text("\u{FFFD}", consumed: length)
            case .incomplete: return .incomplete
            }
        }
    }

    /// `ESC` at `index`: a CSI or SS3 sequence, Alt with a key, or (when another `ESC`
    /// follows) the Escape key.
    private func escape(at index: Int) -> Step {
        guard index + 1 < buffer.count else { return .incomplete }
        let next = buffer[index + 1]
        switch next {
        case UInt8(ascii: "["):
            return controlSequence(start: index, parameters: index + 2, alt: false)
        case UInt8(ascii: "O"):
            return singleShift(start: index, parameters: index + 2, alt: false)
        case 0x1B:
            // `ESC ESC [ A` is Alt-Up in rxvt; otherwise the first ESC is the Escape key.
            guard index + 2 < buffer.count else { return .incomplete }
            switch buffer[index + 2] {
            case UInt8(ascii: "["): return controlSequence(start: index, parameters: index + 3, alt: true)
            case UInt8(ascii: "O"): return singleShift(start: index, parameters: index + 3, alt: true)
            default: return .event(.escape, consumed: 1)
            }
        case 0x20...0x7E:
            return .event(.alt(Character(Unicode.Scalar(next))), consumed: 2)
        case 0x7F, 0x08:
            return .event(.key(.backspace, .alt), consumed: 2)
        case 0x0D, 0x0A:
            return .event(.key(.enter, .alt), consumed: 2)
        case 0x09:
            return .event(.key(.tab, .alt), consumed: 2)
        case 0x80...:
            switch utf8(at: index + 1) {
            case .scalar(let scalar, let length): return .event(.alt(Character(scalar)), consumed: 1 + length)
            case .invalid: return .event(.escape, consumed: 1)
            case .incomplete: return .incomplete
            }
        default:
            // Escape, then a control key; the control key is decoded on its own.
            return .event(.escape, consumed: 1)
        }
    }

    /// `ESC [` then parameter bytes (0x30–0x3F), intermediate bytes (0x20–0x2F) and one final
    /// byte (0x40–0x7E). `start` is the index of the `ESC`.
    private func controlSequence(start: Int, parameters: Int, alt: Bool) -> Step {
        var index = parameters
        while index < buffer.count {
            let byte = buffer[index]
            if (0x40...0x7E).contains(byte) { break }
            if index - start >= Self.maximumSequenceLength { return .tooLong(consumed: index - start) }
            guard (0x20...0x3F).contains(byte) else {
                // Not a well-formed sequence: report what came before the stray byte.
                return .event(.unknown(Array(buffer[start..<index])), consumed: index - start)
            }
            index += 1
        }
        guard index < buffer.count else { return .incomplete }
        let final = buffer[index]
        let consumed = index + 1 - start
        let parameterBytes = buffer[parameters..<index]
        let bytes = Array(buffer[start..<(index + 1)])

        // Linux console: `ESC [ [ A` … `ESC [ [ E` are F1…F5.
        if final == UInt8(ascii: "["), parameterBytes.isEmpty {
            guard index + 1 < buffer.count else { return .incomplete }
            let letter = buffer[index + 1]
            if (UInt8(ascii: "A")...UInt8(ascii: "E")).contains(letter) {
                return .event(
                    .key(.function(Int(letter - UInt8(ascii: "A")) + 1), alt ? .alt : []), consumed: consumed + 1)
            }
            return .event(.unknown(bytes), consumed: consumed)
        }

        let sequence = ControlSequence(parameterBytes: parameterBytes, final: final)
        switch sequence.meaning(alt: alt) {
        case .event(let event): return .event(event, consumed: consumed)
        case .startPaste: return .startPaste(consumed: consumed)
        case .ignore: return .ignore(consumed: consumed)
        case .unknown: return .event(.unknown(bytes), consumed: consumed)
        }
    }

    /// `ESC O` then optional parameter bytes and one final byte: application-mode cursor
    /// keys, Home/End, F1–F4 and the keypad.
    private func singleShift(start: Int, parameters: Int, alt: Bool) -> Step {
        var index = parameters
        while index < buffer.count, (0x30...0x3F).contains(buffer[index]), index - start < Self.maximumSequenceLength {
            index += 1
        }
        guard index < buffer.count else { return .incomplete }
        let final = buffer[index]
        let consumed = index + 1 - start
        guard (0x40...0x7E).contains(final) else {
            return .event(.unknown(Array(buffer[start..<index])), consumed: index - start)
        }
        let numbers = ControlSequence.numbers(buffer[parameters..<index])
        var modifiers = KeyEvent.Modifiers(xtermParameter: (numbers.last ?? nil) ?? 1)
        if alt { modifiers.insert(.alt) }
        if let key = Self.cursorKey(final: final) { return .event(.key(key, modifiers), consumed: consumed) }
        let key: KeyEvent.Key
        switch final {
        case UInt8(ascii: "M"): key = .enter
        case UInt8(ascii: "j")...UInt8(ascii: "y"):
            // Keypad in application mode: `ESC O p` is 0, `ESC O j` is *.
            return .text(Unicode.Scalar(final - 0x40), consumed: consumed)
        default:
            return .event(.unknown(Array(buffer[start..<(index + 1)])), consumed: consumed)
        }
        return .event(.key(key, modifiers), consumed: consumed)
    }

    /// Takes paste content from `buffer[index...]` until `ESC [201~`. Returns the text and
    /// the index after the end marker, or nil (keeping the bytes) when the end has not come.
    private mutating func takePaste(from index: Int) -> (String, Int)? {
        let searchFrom = max(0, pasteBytes.count - (Self.pasteEnd.count - 1))
        let appendedFrom = pasteBytes.count
        pasteBytes.append(contentsOf: buffer[index...])
        guard let end = Self.firstIndex(of: Self.pasteEnd, in: pasteBytes, from: searchFrom) else {
            return nil
        }
        let content = Self.pastedText(pasteBytes[..<end])
        let after = index + (end + Self.pasteEnd.count - appendedFrom)
        pasteBytes = []
        state = .ground
        return (content, after)
    }

    // MARK: - Helpers

    static func printable(_ byte: UInt8) -> Unicode.Scalar? {
        (0x20...0x7E).contains(byte) ? Unicode.Scalar(byte) : nil
    }

    static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var index = start
        while index + needle.count <= haystack.count {
            if haystack[index] == needle[0], haystack[index..<(index + needle.count)].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }

    /// Pasted bytes as text that is safe to print: CR LF and CR become LF, Tab and LF stay,
    /// other C0 controls and DEL become Control Pictures (U+2400…), C1 controls and invalid
    /// UTF-8 become U+FFFD.
    static func pastedText(_ bytes: ArraySlice<UInt8>) -> String {
        let decoded = String(decoding: bytes, as: UTF8.self)
        var result = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in decoded.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar.value {
            case 0x0D: result.append("\n")
            case 0x0A: if !previousWasCR { result.append("\n") }
            case 0x09: result.append(scalar)
            case 0x00...0x1F: result.append(Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}")
            case 0x7F: result.append("\u{2421}")
            case 0x80...0x9F: result.append("\u{FFFD}")
            default: result.append(scalar)
            }
        }
        return String(result)
    }
}

extension KeyDecoder {
    /// The key a CSI or SS3 sequence's final byte names, the same in both forms: arrows,
    /// Home (`H`), End (`F`), and F1–F4 (`P`–`S`).
    static func cursorKey(final: UInt8) -> KeyEvent.Key? {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "P")...UInt8(ascii: "S"): .function(Int(final - UInt8(ascii: "P")) + 1)
        default: nil
        }
    }
}
