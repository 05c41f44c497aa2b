import Accessibility
import ChatModel
import Terminal

/// Tab in a composer with text completes its last word, as irssi and weechat do: a command
/// at the start ("/jo" → "/join "), a channel ("#ea" → "#earshot"), or a nick of the open
/// channel (at the start of the line followed by ": "). Tab again cycles through the
/// candidates; each completion is spoken. In an empty composer Tab moves on as anywhere else.
extension AppCore {
    /// What the last Tab completed, to cycle on the next Tab.
    struct Completion: Sendable {
        var before: String
        var candidates: [String]
        var index: Int
        var result: String
    }

    /// Completes in the composer; false when Tab should move focus instead.
    mutating func complete() -> Bool {
        guard let focused = navigator.focusedElement, focused.identifier == ElementID.composer.identifier else {
            return false
        }
        let text = state.composer
        // Completion is of the word before the caret, with the caret at the end.
        guard editor(.composer).atEnd else { return false }
        guard !text.isEmpty, !text.hasSuffix(" ") || keyMemory.completion?.result == text else { return false }
        if let current = keyMemory.completion, current.result == text, current.candidates.count < 2 {
            // The one completion is in: Tab goes on to the next element.
            keyMemory.completion = nil
            return false
        }
        if var current = keyMemory.completion, current.result == text, current.candidates.count > 1 {
            current.index = (current.index + 1) % current.candidates.count
            current.result = current.before + current.candidates[current.index]
            keyMemory.completion = current
            return accept(current)
        }
        let word = String(text.split(separator: " ", omittingEmptySubsequences: false).last ?? "")
        let before = String(text.dropLast(word.count))
        let candidates = Self.candidates(for: word, atStart: before.isEmpty, state: state)
        // Nothing to complete: Tab leaves the field, as anywhere else.
        guard !candidates.isEmpty else { return false }
        let entry = Completion(before: before, candidates: candidates, index: 0, result: before + candidates[0])
        keyMemory.completion = entry
        return accept(entry)
    }

    private mutating func accept(_ entry: Completion) -> Bool {
        state.composer = entry.result
        rebuild()
        let word = entry.candidates[entry.index].trimmingCharacters(in: .whitespaces)
        let more = entry.candidates.count > 1 ? ", \(entry.index + 1) of \(entry.candidates.count)" : ""
        // What went into the field is said: a nick that addresses someone carries its colon.
        let addressed = word.hasSuffix(":")
        say(
            SpokenText.verbatim(addressed ? String(word.dropLast()) : word) + (addressed ? " colon" : "") + more,
            .default, .reader)
        return true
    }

    /// Candidates for `word`, each with what follows it (a space, or ": " after a nick that
    /// starts the line).
    static func candidates(for word: String, atStart: Bool, state: AppState) -> [String] {
        guard !word.isEmpty else { return [] }
        if word.hasPrefix("/") && atStart {
            return ComposerCommand.completions(of: word).map { $0 + " " }
        }
        let lower = word.lowercased()
        if word.hasPrefix("#") || word.hasPrefix("&") {
            return state.channels.map(\.name).filter { $0.lowercased().hasPrefix(lower) }.sorted().map { $0 + " " }
        }
        var nicks: [String] = []
        let members = state.channel?.members ?? []
        // Recent authors too, but not a nick its owner has since given up (kim is now kimmy).
        let authors = state.messages.reversed().map(\.author).filter {
            !state.formerNicks.contains(state.names.fold($0)) || members.contains($0)
        }
        for nick in members + authors
        where nick != state.nick && !state.ownFormerNicks.contains(state.names.fold(nick))
            && nick.lowercased().hasPrefix(lower) && !nicks.contains(nick)
        {
            nicks.append(nick)
        }
        return nicks.map { $0 + (atStart ? ": " : " ") }
    }
}
