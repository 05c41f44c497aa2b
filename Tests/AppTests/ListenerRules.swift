import Foundation

/// The listener's rules (DESIGN.md, principle 9), checked on a reviewed transcript: what a
/// journey says, step by step, and the phrase table's lines.
///
/// A rule names what a listener minds, not how the code is built:
/// - a sentence said again without the listener asking (a move, Enter, Alt-L) is noise, and an
///   error said again on the next key is worse;
/// - one action, one result: "Leaving hash b" then "Left hash b" is two;
/// - a count is a total of what was not heard: "9 new messages", then "10 new messages" in
///   the same place sound like totals and are not;
/// - a channel is named once in a sentence;
/// - Earshot's own words never say how Earshot is built ("sheet", "utterance", "element") and
///   never read a symbol by name where a word says it.
///
/// ```swift
/// let broken = try Journey("> \"hi\"\n< Not sent\n> BSpace\n< Not sent\n")
/// ListenerRules.check(broken) // [.init(rule: .repeated, phrase: "Not sent", line: "> BSpace")]
/// ```
enum ListenerRules {
    enum Rule: String, CaseIterable {
        case repeated = "said again without the listener asking"
        case errorRepeated = "an error said again on a key that was not a new attempt"
        case progressThenResult = "progress said, then its result, for one action"
        case partialCount = "a partial count where a total is due"
        case namedTwice = "a channel named twice in one sentence"
        case implementationWord = "a word of how Earshot is built"
        case symbolName = "a symbol read by name where a word says it"
    }

    struct Violation: Equatable, CustomStringConvertible {
        var rule: Rule
        var phrase: String
        /// The step's line (`> keys`), or the table's section.
        var line: String

        var description: String { "\(rule.rawValue): \"\(phrase)\" (after \(line))" }
    }

    /// Keys with which the listener asks to hear something again, or makes a new attempt:
    /// moves, activation, escape, the repeat key, reading keys.
    static let askingKeys: Set<String> = [
        "Left", "Right", "Up", "Down", "Home", "End", "Tab", "BTab", "Enter", "Space", "Escape", "M-l", "M-L",
        "M-Up", "M-Down", "M-r", "M-R", "M-a", "M-A", "M-t", "M-h", "F1", "C-Right", "C-Left", "]", "[",
        "S-Up", "S-Down", "a", "A", "?", "M-f", "C-f", "M-=", "M--", "M-p", "M-1", "M-2", "M-3", "M-4", "M-5", "M-6",
        "M-7", "M-8", "M-9", "C-c", "C-d",
    ]

    /// Words that say how Earshot is built, never what the listener meets.
    static let implementationWords = [
        "sheet", "sheets", "short form", "long form", "utterance", "utterances", "element", "elements",
        "top level", "errno", "nil",
    ]

    /// Symbol names that a sentence of Earshot's own may say only when it names a key.
    static let symbolNames = [
        "left bracket", "right bracket", "left paren", "right paren", "less than", "greater than", "vertical line",
        "colon", "underscore", "asterisk",
    ]

    /// What the listener hears in a step: the phrase without its journey marks, or nil for a
    /// sound and a silence.
    static func words(_ phrase: String) -> String? {
        var text = phrase
        if text.hasPrefix("~ ") || text.hasPrefix("? ") { text = String(text.dropFirst(2)) }
        if text.isEmpty || (text.hasPrefix("(") && text.hasSuffix(")")) { return nil }
        return text
    }

    /// Every violation in a journey's reviewed transcript.
    static func check(_ journey: Journey) -> [Violation] {
        var found: [Violation] = []
        // What was said since the window last closed, and whether each was an error.
        var heard: [String: Bool] = [:]
        // Counts said since the listener last pressed a key: place → count.
        var counted: [String: Int] = [:]
        for step in journey.steps {
            let line = step.line?.trimmingCharacters(in: .whitespaces) ?? "start"
            var asking = false
            switch step.action {
            case .keys(let keys):
                asking = keys.contains { askingKeys.contains($0) }
                counted = [:]
            case .text:
                counted = [:]
            case .restart, .quit, .start, .server:
                // A new start, or the server gone or back: a new window.
                heard = [:]
                counted = [:]
                asking = true
            case .peer, .write, .none:
                break
            }
            var inStep: Set<String> = []
            var afterError = false
            var said: [String] = []
            for phrase in step.phrases {
                if phrase.contains("(error sound)") {
                    afterError = true
                    continue
                }
                guard let text = words(phrase) else { continue }
                defer { afterError = false }
                if inStep.contains(text) {
                    found.append(Violation(rule: .repeated, phrase: text, line: line))
                } else if let wasError = heard[text], !asking {
                    found.append(Violation(rule: wasError ? .errorRepeated : .repeated, phrase: text, line: line))
                }
                inStep.insert(text)
                heard[text] = afterError || (heard[text] ?? false)
                for earlier in said where isProgress(earlier, resultedIn: text) {
                    found.append(Violation(rule: .progressThenResult, phrase: earlier + " / " + text, line: line))
                }
                said.append(text)
                if let (count, place) = newCount(text) {
                    if counted[place] != nil {
                        found.append(Violation(rule: .partialCount, phrase: text, line: line))
                    }
                    counted[place] = count
                }
                found += checkWords(text, line: line)
            }
        }
        return found
    }

    /// Every violation in the phrase table: each line is a focus phrase and its hint.
    static func check(table: String) -> [Violation] {
        var found: [Violation] = []
        var section = "the table"
        for line in table.components(separatedBy: "\n") {
            if line.hasPrefix("## ") {
                section = String(line.dropFirst(3))
                continue
            }
            if line.isEmpty { continue }
            found += checkWords(line, line: section)
        }
        return found
    }

    /// The rules that read one phrase alone.
    static func checkWords(_ text: String, line: String) -> [Violation] {
        var found: [Violation] = []
        let lower = text.lowercased()
        // Swift's own spelling of a missing value ("Optional(\"kim\")") is never a word for a listener.
        if text.contains("Optional(") || implementationWords.contains(where: { containsWord(lower, $0) }) {
            found.append(Violation(rule: .implementationWord, phrase: text, line: line))
        }
        for name in symbolNames {
            for range in ranges(of: name, in: lower) where !namesAKey(lower, range) {
                found.append(Violation(rule: .symbolName, phrase: text, line: line))
            }
        }
        if lower.components(separatedBy: "slash ").count > 2 {
            found.append(Violation(rule: .symbolName, phrase: text, line: line))
        }
        var channels: [String: Int] = [:]
        if let regex = try? Regex(#"\bhash [\w-]+"#) {
            for match in lower.matches(of: regex) { channels[String(lower[match.range]), default: 0] += 1 }
        }
        if channels.values.contains(where: { $0 > 1 }) {
            found.append(Violation(rule: .namedTwice, phrase: text, line: line))
        }
        return found
    }

    /// Whether `text` holds `word` as a whole word (or words).
    static func containsWord(_ text: String, _ word: String) -> Bool {
        !ranges(of: word, in: text).isEmpty
    }

    static func ranges(of word: String, in text: String) -> [Range<String.Index>] {
        var result: [Range<String.Index>] = []
        var start = text.startIndex
        while let range = text.range(of: word, range: start..<text.endIndex) {
            let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
            let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
            if !(before?.isLetter ?? false), !(after?.isLetter ?? false) { result.append(range) }
            start = range.upperBound
        }
        return result
    }

    /// A symbol's name that names a key: "press colon", "right bracket and left bracket",
    /// "colon, 3 of 32" in key help.
    static func namesAKey(_ text: String, _ range: Range<String.Index>) -> Bool {
        let before = text[..<range.lowerBound].split(separator: " ").last.map(String.init) ?? ""
        let after = text[range.upperBound...].split(separator: " ").first.map(String.init) ?? ""
        return ["press", "or", "and", "also", "key", "keys"].contains(
            before.trimmingCharacters(in: .punctuationCharacters))
            || ["or", "and", "key", "keys", "change", "changes", "turn", "turns"].contains(
                after.trimmingCharacters(in: .punctuationCharacters))
    }

    /// "Joining hash a" then "Joined hash a": the progress of one action and its result.
    static func isProgress(_ earlier: String, resultedIn later: String) -> Bool {
        let words = earlier.split(separator: " ", maxSplits: 1)
        guard words.count == 2, words[0].hasSuffix("ing") else { return false }
        let rest = String(words[1]).trimmingCharacters(in: .punctuationCharacters)
        let laterWords = later.split(separator: " ", maxSplits: 1)
        guard laterWords.count == 2, !laterWords[0].hasSuffix("ing") else { return false }
        return String(laterWords[1]).trimmingCharacters(in: .punctuationCharacters).hasPrefix(rest)
    }

    /// "12 new messages in hash a": the count and the place.
    static func newCount(_ text: String) -> (Int, String)? {
        guard let regex = try? Regex(#"^(\d+) new (messages|mentions) in ([^.,:]+)"#),
            let match = text.firstMatch(of: regex),
            let count = match.output[1].substring.flatMap({ Int($0) }),
            let kind = match.output[2].substring, let place = match.output[3].substring
        else { return nil }
        return (count, kind + " in " + place)
    }
}
