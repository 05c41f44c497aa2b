import Accessibility
import BrailleVocabulary
import Settings
import UnicodeData

/// The braille display: the focus as a line (label, value, short trait forms, position), the
/// caret of a text field as the display's cursor, announcements as timed messages, and what
/// the display's keys ask for. The display machine (``BrailleDisplay``) pans and times; the
/// core decides what is shown and what a key does.
extension AppCore {
    /// The focus's braille line: written words, never the spoken forms ("#a", not "hash a").
    ///
    /// ```swift
    /// AppCore.brailleLine(Element(label: "Send", traits: .button), caret: nil, emoji: .shared)  // "Send btn"
    /// AppCore.brailleLine(rate, caret: nil, emoji: .shared)       // "Rate, 175 words per minute adj 3/10"
    /// AppCore.brailleLine(composer, caret: 2, emoji: .shared)   // "Message #a edt hello", caret 17, field at 15
    /// ```
    package static func brailleLine(
        _ element: Element, caret: Int?, emoji: @autoclosure () -> EmojiCatalog
    ) -> BrailleLine {
        var line = brailleText(element, caret: caret, emoji: emoji())
        line.element = element.identifier
        return line
    }

    static func brailleText(_ element: Element, caret: Int?, emoji: @autoclosure () -> EmojiCatalog) -> BrailleLine {
        var parts: [String] = []
        if !element.label.isEmpty { parts.append(Self.written(element.label, emoji: emoji())) }
        if !element.traits.isDisjoint(with: .editable) {
            let prefix = (parts + Phrase.brailleTraits(for: element)).joined(separator: " ") + " "
            let start = prefix.count
            return BrailleLine(prefix + element.value, caret: start + (caret ?? element.value.count), fieldStart: start)
        }
        // Label and value apart as the screen has them ("Right or Tab, next element"), the short
        // trait forms after a space.
        var text = parts.joined()
        if !element.value.isEmpty, !element.traits.contains(.toggleButton) {
            text += (text.isEmpty ? "" : ", ") + Self.written(element.value, emoji: emoji())
        }
        let traits = Phrase.brailleTraits(for: element)
        if !traits.isEmpty { text += (text.isEmpty ? "" : " ") + traits.joined(separator: " ") }
        return BrailleLine(text)
    }

    /// The braille line of the focus now, caret and all.
    var focusBraille: BrailleLine {
        guard let focused = navigator.focusedElement else { return BrailleLine("") }
        let field = tree.behaviour(focused.identifier)?.edits
        return Self.brailleLine(focused, caret: field.map { editor($0).caret }, emoji: state.emoji.catalog)
    }

    /// Puts an announcement on the display for its timeout, written as it is read: at once when
    /// it answers the reader's key, else in its turn.
    mutating func brailleMessage(_ text: String, about channel: String? = nil) {
        guard configuration.braille, !text.isEmpty else { return }
        effects.append(
            .brailleMessage(
                Self.written(text, emoji: state.emoji.catalog), answer: outputs.answeringKey, topic: outputs.newsTopic,
                about: channel))
    }

    /// Whether reading is at the reader's pace on the display: a message is read when its line
    /// has been read through there (``BrailleInput/read(_:)``), not when speech said it; say-all
    /// moves on as the reader pans past a message's end, not when its speech ends.
    var paced: Bool { configuration.braille && (configuration.speechOff || state.settings.braille.paced) }

    /// `[braille]` as the display is to work: paced when speech is off, whatever the file says.
    func brailleSettings(_ settings: Settings) -> BrailleSettings {
        var braille = settings.braille
        if configuration.speechOff { braille.paced = true }
        return braille
    }

    /// `text` with each emoji as its name between colons ("ship it :rocket:"): a display shows
    /// an emoji as "?", or liblouis as its code point. (Not in a text field's text, whose
    /// characters the caret counts.) The catalog is asked for only when `text` may hold an
    /// emoji: it is read from Unicode's data on first use, which start-up need not wait for.
    static func written(_ text: String, emoji catalog: @autoclosure () -> EmojiCatalog) -> String {
        guard text.utf8.contains(where: { $0 >= 0x80 }) else { return text }
        let scalars = Array(text.unicodeScalars)
        guard EmojiCatalog.mayHoldEmoji(scalars) else { return text }
        let matches = catalog().matches(in: scalars)
        guard !matches.isEmpty else { return text }
        var result = String.UnicodeScalarView()
        var index = 0
        for match in matches {
            result.append(contentsOf: scalars[index..<match.scalars.lowerBound])
            // Two emoji side by side stay two (":rocket: :fire:"); a name's own colon ("woman
            // technologist: medium skin tone") is a comma, so one emoji reads as one.
            if index == match.scalars.lowerBound, index > 0 { result.append(" ") }
            let name = match.entry.name.replacingOccurrences(of: ": ", with: ", ")
            result.append(contentsOf: ":\(name):".unicodeScalars)
            index = match.scalars.upperBound
        }
        result.append(contentsOf: scalars[index...])
        return String(result)
    }

    /// A key on the display.
    mutating func handle(braille input: BrailleInput) {
        switch input {
        case .read(let identifier):
            // Read through on the display: a message is read, and the marker follows.
            guard paced, let id = tree.behaviour(identifier)?.message else { return }
            heard(id)
        case .next: perform(.next)
        case .previous: perform(.previous)
        case .route(let offset):
            guard let focused = navigator.focusedElement else { return }
            if let field = tree.behaviour(focused.identifier)?.edits, let start = focusBraille.fieldStart {
                // Over the text: the caret goes there, and the character it is on is said; over
                // the label, to the start.
                var line = editor(field)
                let target = min(max(0, (offset ?? Int.max) - start), line.text.count)
                line = LineEditor(text: line.text, caret: target)
                keep(line, in: field)
                if let character = line.characterAtCaret {
                    say(
                        SpokenText.characterName(character, capitals: state.settings.speech.capitals), .default,
                        .keyEcho)
                } else {
                    say(.edit(line.isEmpty ? .empty : .endOfText), .default, .keyEcho)
                }
            } else {
                perform(.activate)
            }
        }
    }

    /// The display came, went or was refused: said once per change. With `braille.enabled =
    /// "auto"` a display that is not there at start is not news (`earshot config` says why).
    mutating func brailleStatus(_ status: BrailleStatus) {
        let before = outputs.brailleSaid
        guard status != .connecting else { return }
        if case .unavailable(.lost)? = before, case .unavailable(let why) = status {
            // Looked for again in vain: still the display that was lost, so that when BRLTTY
            // answers it is "back", whether or not a look failed meanwhile.
            switch why {
            case .noServer, .refused, .noDisplay: return
            case .lost, .noTable: break
            }
        }
        outputs.brailleSaid = status
        switch status {
        case .connecting: break
        case .connected(let cells):
            // Back after a loss; found after being said missing (asked for by name). A display
            // that was simply not ready at start is not news.
            if case .unavailable(.lost)? = before {
                say(.device(.brailleBack(cells: cells)), .low, .announcer)
            } else if case .unavailable? = before, state.settings.braille.enabled == .on {
                say(.device(.brailleConnected(cells: cells)), .low, .announcer)
            }
        case .unavailable(let why):
            if case .unavailable(let old)? = before, old == why { return }
            switch why {
            case .lost:
                // On screen too: with speech off, a lost display would otherwise go unnoticed.
                effects.append(.lines([Lines.plain(Wording.sentence(.device(.brailleUnavailable(why))) + ".")]))
                say(.device(.brailleUnavailable(why)), .default, .announcer)
            case .noTable:
                say(.device(.brailleUnavailable(why)), .default, .announcer)
            case .noServer, .refused, .noDisplay:
                // Said only when braille was asked for by name, and only at the first look.
                guard state.settings.braille.enabled == .on, before == nil else { return }
                say(.device(.brailleUnavailable(why)), .default, .announcer)
            }
        }
    }

    /// Whether a chat message in `channel` goes to the display, by `braille.messages`.
    func brailles(_ message: ChatMessageFacts) -> Bool {
        switch state.settings.braille.messages {
        case .all: true
        case .active: message.here || message.direct || message.mention
        case .mentions, .sound: message.direct || message.mention
        case .none: false
        }
    }

    /// What a message's policy is decided on.
    struct ChatMessageFacts {
        var here: Bool
        var direct: Bool
        var mention: Bool
    }
}
