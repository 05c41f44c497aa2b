/// Checks a tree against the rules every screen must keep (see ``AuditRule``).
///
/// The seven rules of the design, plus: hints describe keys, not gestures; a toggle carries no
/// value; a value never repeats a trait word; a count agrees with its noun. Hidden elements and
/// everything under them are skipped. A hint must start with a verb;
/// the check knows the verbs hints use (imperative "Press…" or descriptive "Opens…") and
/// takes more through ``init(extraVerbs:)``.
///
/// ```swift
/// let findings = Audit().run(on: screen(state))
/// #expect(findings.isEmpty, "\(findings)")
/// ```
public struct Audit: Sendable {
    /// Verbs a hint may start with, lowercased, in their base form.
    public var verbs: Set<String>

    /// An audit that also accepts hints starting with `extraVerbs`.
    public init(extraVerbs: Set<String> = []) {
        verbs = Audit.baseVerbs.union(extraVerbs.map { $0.lowercased() })
    }

    /// Every finding in `tree`, in reading order.
    public func run(on tree: Element) -> [AuditFinding] {
        var findings: [AuditFinding] = []
        check(tree, path: .root, trail: [], into: &findings)
        return findings.enumerated().sorted {
            ($0.element.path, $0.offset) < ($1.element.path, $1.offset)
        }.map(\.element)
    }

    private func check(
        _ element: Element, path: ElementPath, trail: [String], into findings: inout [AuditFinding]
    ) {
        guard !element.isHidden else { return }
        let name = element.label.isEmpty ? "unlabelled" : element.normalizedLabel
        let trail = trail + [name]
        func report(_ rule: AuditRule, _ message: String) {
            findings.append(
                AuditFinding(
                    rule: rule, path: path, location: trail.joined(separator: " > "),
                    message: message))
        }
        let label = element.normalizedLabel
        let isContainer = !element.children.isEmpty
        if label.isEmpty && element.isInteractive && !isContainer {
            report(.interactiveWithoutLabel, "An element people can operate needs a label.")
        }
        if let word = repeatedTraitWord(in: element) {
            report(.labelRepeatsTrait, "The label repeats the trait word \"\(word)\"; remove it.")
        }
        if element.traits.contains(.adjustable) && element.value.isEmpty {
            report(.adjustableWithoutValue, "An adjustable element needs a value to speak.")
        }
        if element.traits.contains(.image) && label.isEmpty {
            report(.imageWithoutLabel, "An image needs a label, or hide it if it is decoration.")
        }
        if !element.hint.isEmpty && !startsWithVerb(element.hint) {
            report(.hintWithoutVerb, "A hint is a sentence starting with a verb (\"Press Enter to …\").")
        }
        if let gesture = gestureWord(in: element.hint) {
            report(.hintDescribesGesture, "The hint says \"\(gesture)\"; describe keys (\"Press Enter to …\").")
        }
        if element.traits.contains(.toggleButton) && !element.value.isEmpty {
            report(.toggleWithValue, "A toggle's state is its selected trait; remove the value \"\(element.value)\".")
        }
        if let word = traitWordInValue(of: element) {
            report(.traitWordInValue, "The value says \"\(word)\", which the traits already say; remove it.")
        }
        for text in [element.label, element.value, element.hint] {
            if let count = Audit.disagreeingCount(in: text) {
                report(
                    .countDisagreesWithNoun,
                    "\"\(count)\" does not agree in number; say it as \(Audit.agreeing(count)).")
            }
        }
        if element.isModal && !canEscape(element) {
            report(.modalWithoutEscape, "A modal container needs an escape handler so Escape can leave it.")
        }
        var seen: [String: Int] = [:]
        for (index, child) in element.children.enumerated() where !child.isHidden {
            let childLabel = child.normalizedLabel
            guard !childLabel.isEmpty else { continue }
            // Told apart by label or value: two messages of one writer differ by their text.
            let key = "\(child.traits.rawValue):" + childLabel + "\u{0}" + child.value
            if let first = seen[key] {
                findings.append(
                    AuditFinding(
                        rule: .duplicateSiblings, path: path.appending(index),
                        location: (trail + [childLabel]).joined(separator: " > "),
                        message: "Same label, value and traits as sibling \(first); tell them apart."))
            } else {
                seen[key] = index
            }
        }
        for (index, child) in element.children.enumerated() {
            check(child, path: path.appending(index), trail: trail, into: &findings)
        }
    }

    private func repeatedTraitWord(in element: Element) -> String? {
        let words = element.normalizedLabel.lowercased().split(whereSeparator: {
            !$0.isLetter && !$0.isNumber
        }).map(String.init)
        guard !words.isEmpty else { return nil }
        let joined = " " + words.joined(separator: " ") + " "
        for (trait, word) in Phrase.traitVocabulary where element.traits.contains(trait) {
            if joined.contains(" \(word) ") { return word }
        }
        return nil
    }

    /// The first word of `element`'s value that its traits speak, unless the value is the
    /// user's own words (an editable field or a message).
    private func traitWordInValue(of element: Element) -> String? {
        let traits = element.traits
        guard !element.value.isEmpty, traits.isDisjoint(with: [.searchField, .textField, .message])
        else { return nil }
        let words = element.value.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        guard !words.isEmpty else { return nil }
        let joined = " " + words.joined(separator: " ") + " "
        var spoken = Phrase.traitVocabulary.filter { traits.contains($0.0) }.map(\.1)
        if traits.contains(.toggleButton) { spoken += ["on", "off"] }
        if traits.contains(.selected) && !traits.contains(.toggleButton) { spoken.append("selected") }
        if traits.contains(.notEnabled) { spoken.append("dimmed") }
        if traits.contains(.unread) { spoken.append("unread") }
        return spoken.first { joined.contains(" \($0) ") }
    }

    /// The first count in `text` whose noun disagrees with it ("1 new messages", "2 reply"), as
    /// written; `nil` when every count agrees. A count is digits (or "one"); its noun is one of
    /// ``Plural/checkedNouns``, right after it or after up to two of ``countAdjectives``
    /// ("1 new unread messages").
    static func disagreeingCount(in text: String) -> String? {
        let words = text.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        guard words.count > 1 else { return nil }
        for (index, word) in words.enumerated() {
            let lower = word.lowercased()
            let isOne = lower == "one" || (word.allSatisfy(\.isNumber) && Int(word) == 1)
            guard isOne || word.allSatisfy(\.isNumber) else { continue }
            for offset in 1...3 where index + offset < words.count {
                let candidate = words[index + offset].lowercased()
                guard
                    let noun = Plural.checkedNouns.first(where: {
                        $0.singular == candidate || $0.plural == candidate
                    })
                else {
                    if Audit.countAdjectives.contains(candidate) { continue }
                    break
                }
                if noun.singular != noun.plural,
                    (isOne && candidate == noun.plural) || (!isOne && candidate == noun.singular)
                {
                    return words[index...(index + offset)].joined(separator: " ")
                }
                break
            }
        }
        return nil
    }

    /// Words that may stand between a count and its noun.
    public static let countAdjectives: Set<String> = [
        "new", "unread", "more", "other", "old", "recent", "missed", "pending", "open", "active",
    ]

    /// `count` ("1 new messages") with its noun made to agree ("1 new message").
    static func agreeing(_ count: String) -> String {
        var words = count.split(separator: " ").map(String.init)
        guard let last = words.last, let number = words.first else { return count }
        let isOne = number.lowercased() == "one" || Int(number) == 1
        if let noun = Plural.checkedNouns.first(where: {
            $0.singular == last.lowercased() || $0.plural == last.lowercased()
        }) {
            words[words.count - 1] = isOne ? noun.singular : noun.plural
        }
        return "\"" + words.joined(separator: " ") + "\""
    }

    private func startsWithVerb(_ hint: String) -> Bool {
        guard let first = hint.split(whereSeparator: { !$0.isLetter }).first else { return false }
        let word = first.lowercased()
        if verbs.contains(word) { return true }
        // Descriptive forms: "Opens", "Sends", "Dismisses", "Replies".
        if word.hasSuffix("ies"), verbs.contains(String(word.dropLast(3)) + "y") { return true }
        if word.hasSuffix("es"), verbs.contains(String(word.dropLast(2))) { return true }
        if word.hasSuffix("s"), verbs.contains(String(word.dropLast())) { return true }
        return false
    }

    private func gestureWord(in hint: String) -> String? {
        let words = hint.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init)
        return words.first { Audit.gestureWords.contains($0) }
    }

    /// Words that describe touch gestures, which a keyboard user cannot make.
    public static let gestureWords: Set<String> = [
        "tap", "taps", "tapping", "swipe", "swipes", "swiping", "pinch", "flick", "scrub",
    ]

    private func canEscape(_ modal: Element) -> Bool {
        var found = false
        modal.walk { element, _ in
            guard !element.isHidden else { return false }
            if element.escape != nil { found = true }
            return !found
        }
        return found
    }

    /// Verbs that hints start with.
    public static let baseVerbs: Set<String> = [
        "activate", "add", "adjust", "answer", "archive", "browse", "call", "cancel", "change",
        "choose", "clear", "close", "collapse", "compose", "copy", "create", "cycle", "decrease",
        "delete", "dismiss", "download", "drag", "edit", "enter", "expand", "filter", "find",
        "focus", "follow", "forward", "go", "hear", "hide", "increase", "insert", "invite", "join",
        "jump", "leave", "list", "listen", "load", "mark", "mention", "move", "mute", "navigate",
        "open", "pause", "pick", "pin", "play", "press", "preview", "quote", "react", "read",
        "refresh", "remove", "rename", "reply", "report", "reset", "retry", "return", "review",
        "save", "scroll", "search", "select", "send", "set", "share", "show", "skip", "speak",
        "start", "stop", "switch", "tab", "toggle", "turn", "type", "undo", "unmute", "unpin",
        "update", "use", "view", "write",
    ]
}
