import Foundation
import UnicodeData

extension SpokenText {
    /// Stands for an emoji in ``normalized(_:punctuation:)``'s text while the symbols are named;
    /// a private-use character, removed from the input first.
    static let emojiMarker: Unicode.Scalar = "\u{E000}"

    /// `text` with emoji replaced by ``emojiMarker`` (their spoken names apart, in order, as
    /// `emoji` says them; a run of one emoji, spaces between or not, is one marker and its name
    /// with a count), invisible characters removed and styled letters made plain (NFKC, but for
    /// ``keptFromCompatibility(_:)``). ASCII text is returned as it is; the emoji data is read
    /// only for text that may hold an emoji, so typographic quotes or accents at start cost
    /// nothing.
    static func normalized(
        _ text: String, punctuation: PunctuationLevel, emoji: EmojiSpeech = .names
    ) -> (text: String, names: [String]) {
        guard text.utf8.contains(where: { $0 >= 0x80 }) else { return (text, []) }
        let scalars = Array(text.unicodeScalars)
        let catalog: EmojiCatalog? = EmojiCatalog.mayHoldEmoji(scalars) ? EmojiCatalog.shared : nil
        var names: [String] = []
        // The run of one emoji being counted: its name as said and how many (two skin tones of
        // one emoji are one run where the short name leaves tones out); spaces after it are
        // held back until it is known whether the same emoji follows.
        var last: (name: String, count: Int)?
        var held = String.UnicodeScalarView()
        func endRun() {
            guard let run = last else { return }
            // The count's comma is a pause, but a named comma at `all`: a space there.
            let count = run.count > 1 && emoji != .none ? (punctuation == .all ? " " : ", ") + "\(run.count) times" : ""
            names.append(run.name + count)
            last = nil
        }
        var result = String.UnicodeScalarView()
        // Scalars waiting for compatibility normalisation, and whether any of them may change.
        var run = String.UnicodeScalarView()
        var runMayChange = false
        func flush() {
            guard !run.isEmpty else { return }
            if runMayChange {
                result.append(contentsOf: String(run).precomposedStringWithCompatibilityMapping.unicodeScalars)
            } else {
                result.append(contentsOf: run)
            }
            run.removeAll(keepingCapacity: true)
            runMayChange = false
        }
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            // An ASCII starter ("#", "1") is an emoji only as a keycap, with a scalar after it.
            if let catalog, catalog.canStart(scalar),
                !scalar.isASCII || (index + 1 < scalars.count && !scalars[index + 1].isASCII),
                let match = catalog.longestMatch(in: scalars, at: index)
            {
                index = match.scalars.upperBound
                let said = spokenEmoji(match.entry.name, punctuation: punctuation, emoji: emoji)
                if last?.name == said {
                    last?.count += 1
                    held.removeAll()
                    continue
                }
                endRun()
                flush()
                result.append(contentsOf: held)
                held.removeAll()
                result.append(emojiMarker)
                last = (said, 1)
                continue
            }
            index += 1
            if isInvisible(scalar) || scalar == emojiMarker || EmojiCatalog.isPresentationSelector(scalar) {
                continue
            }
            if last != nil {
                if scalar == " " {
                    held.append(scalar)
                    continue
                }
                endRun()
                run.append(contentsOf: held)
                held.removeAll()
            }
            if keptFromCompatibility(scalar) {
                flush()
                result.append(scalar)
            } else {
                run.append(scalar)
                if scalar.value >= 0xA0 { runMayChange = true }
            }
        }
        endRun()
        run.append(contentsOf: held)
        flush()
        return (String(result), names)
    }

    /// Zero-width and bidi control characters, the soft hyphen and the word joiners: nothing to
    /// hear, and inside a nick they hide what it is ("k\u{200B}im").
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0xFEFF, 0x00AD, 0x180E:
            true
        default:
            false
        }
    }

    /// Characters that compatibility normalisation would make worse to hear: vulgar fractions
    /// ("½" is "a half"; "1⁄2" would be "one two"), superscripts and subscripts ("x²"), and the
    /// micro sign ("µs" is "microseconds"; the Greek mu it becomes is not).
    static func keptFromCompatibility(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00BC...0x00BE, 0x2150...0x215F, 0x2189,
            0x00B2, 0x00B3, 0x00B9, 0x2070...0x209F,
            0x00B5:
            true
        default:
            false
        }
    }

    /// An emoji's CLDR name said as `emoji` asks: whole, without what follows its colon (skin
    /// tone, hair; a flag and a keycap keep theirs, which is what they are), or not at all.
    static func spokenEmoji(_ name: String, punctuation: PunctuationLevel, emoji: EmojiSpeech) -> String {
        switch emoji {
        case .names: return spokenEmojiName(name, punctuation: punctuation)
        case .none: return ""
        case .short:
            guard let colon = name.firstIndex(of: ":"), !name.hasPrefix("flag"), !name.hasPrefix("keycap") else {
                return spokenEmojiName(name, punctuation: punctuation)
            }
            return spokenEmojiName(String(name[..<colon]), punctuation: punctuation)
        }
    }

    /// A CLDR name as words: its colon a comma (a space at ``PunctuationLevel/all``, where a
    /// comma would be named), a lone symbol by its name ("keycap: #" → "keycap, hash",
    /// "Bosnia & Herzegovina" → "Bosnia and Herzegovina"), other punctuation gone ("T-Rex" →
    /// "T Rex", "woman’s hat" → "womans hat"), so that nothing in it is read as punctuation.
    static func spokenEmojiName(_ name: String, punctuation: PunctuationLevel) -> String {
        let characters = Array(name)
        var result = ""
        result.reserveCapacity(name.utf8.count + 4)
        for (index, character) in characters.enumerated() {
            if character.isLetter || character.isNumber || character == " " {
                result.append(character)
            } else if character == ":" {
                result += punctuation == .all ? " " : ","
            } else if let symbol = symbols[character],
                index == 0 || characters[index - 1] == " ",
                index == characters.count - 1 || characters[index + 1] == " "
            {
                result += symbol.name
            } else if character == "-" || character == "_" {
                result += " "
            }
        }
        return result.foldingWhitespace()
    }
}
