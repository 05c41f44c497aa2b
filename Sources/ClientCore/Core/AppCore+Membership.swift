import Accessibility
import ChatModel
import Foundation

/// Joins, parts, quits, nick changes and modes in the open channel: shown, and spoken as
/// `speech.events` says.
extension AppCore {
    /// Joins, parts, quits and nick changes in the open channel (and kicks, modes, away): a
    /// line, and spoken politely (they coalesce as "3 comings and goings in #b"). Joins, parts, quits
    /// and nick changes (`about` the people they name) are spoken as `speech.events` says: all,
    /// only for people who wrote in the last ``recentSpan`` (weechat's smart filter), or none.
    ///
    /// `spoken` is what is said when it differs from the line. In a channel whose messages are
    /// a sound or not spoken, its joins and quits are not spoken either.
    mutating func membership(_ text: String, spoken: String? = nil, in channelID: Int64, about nicks: [String]? = nil) {
        guard channelID == state.channelID else { return }
        _ = busy(state.channelName)
        effects.append(.lines([Lines.plain(SpokenText.unmarked(text))]))
        if let nicks {
            let policy = state.settings.speech.messagePolicy(in: state.channelName)
            guard policy != .sound, policy != .none else { return }
            switch state.settings.speech.events {
            case .all: break
            case .none: return
            case .recent:
                let recent = nicks.contains { nick in
                    channelNews.lastSpoke[state.names.fold(nick)].map { now - $0 < Self.recentSpan } ?? false
                }
                guard recent else { return }
            }
        }
        announce(
            announcer.liveRegionChanged(
                LiveRegionChange(region: state.channelName, politeness: .polite, text: spoken ?? text, noun: "event"),
                at: now))
    }

    /// The event a fact is in a run, if it is one: what was done, by whom, in the words heard.
    static func runEvent(_ fact: PeopleFact, spoken: PeopleFact?) -> MemberRun.Event? {
        let text = SpokenText.unmarked(Wording.sentence(.people(spoken ?? fact)))
        switch fact {
        case .joined(let nick, _): return .init(kind: .joined, nick: nick, text: text)
        case .left(let nick, _, _), .quit(let nick, _), .dropped(let nick, _), .kicked(let nick, _, _):
            return .init(kind: .left, nick: nick, text: text)
        case .renamedShown(_, let new): return .init(kind: .renamed, nick: new, text: text)
        default: return nil
        }
    }

    /// `event` joins the channel's run since its last message, or starts one (in the open
    /// channel after its last message; in another, at this moment among its messages).
    mutating func addToRun(_ event: MemberRun.Event, in channelID: Int64) {
        let here = channelID == state.channelID
        let after = here ? state.messages.last { $0.channelID == channelID && $0.replyTo == nil }?.id : nil
        if let index = state.memberRuns.lastIndex(where: { $0.channelID == channelID }),
            !state.memberRuns[index].closed, !here || state.memberRuns[index].after == after
        {
            state.memberRuns[index].add(event)
        } else {
            var run = MemberRun(id: state.nextMemberRunID, channelID: channelID, after: after)
            run.at = date
            run.byTime = !here
            state.nextMemberRunID += 1
            run.add(event)
            state.memberRuns.append(run)
            if state.memberRuns.count > MemberRun.runLimit { state.memberRuns.removeFirst() }
        }
        if here { rebuild() }
    }

    /// A message came in `channelID`: its run of joins and parts is over.
    mutating func closeRun(in channelID: Int64) {
        if let index = state.memberRuns.lastIndex(where: { $0.channelID == channelID }) {
            state.memberRuns[index].closed = true
        }
    }

    /// A run listed event by event, or gathered again. On the run itself focus stays and only the
    /// change is said ("Expanded, 4 follow"); from one of its events, focus goes to the run.
    mutating func expandRun(_ id: Int, _ expanded: Bool) {
        guard let index = state.memberRuns.firstIndex(where: { $0.id == id }) else { return }
        state.memberRuns[index].expanded = expanded
        let onRun = navigator.focusedElement?.identifier == ElementID.memberRun(id).identifier
        rebuild()
        let said = Wording.sentence(.people(expanded ? .runExpanded(state.memberRuns[index].count) : .runGathered))
        if onRun {
            say(said, .default, .announcer)
        } else {
            post(.layoutChanged(focus: ElementID.memberRun(id).identifier, announcing: said))
        }
    }

    /// A nick as the listener hears it: without decorations, then as `[speech.pronounce]` says.
    func spokenName(_ nick: String) -> String {
        let plain = SpokenText.plainNick(nick)
        return state.settings.speech.pronounce.first { $0.key.lowercased() == plain.lowercased() }?.value ?? plain
    }

    /// ``membership(_:spoken:in:about:)`` for what people did, in the phrase book's words. A
    /// join, part, quit, kick or nick change joins its channel's run of them since the channel's
    /// last message (``MemberRun``).
    mutating func membership(
        _ fact: PeopleFact, spoken: PeopleFact? = nil, in channelID: Int64, about nicks: [String]? = nil
    ) {
        if let event = Self.runEvent(fact, spoken: spoken) { addToRun(event, in: channelID) }
        membership(
            Wording.sentence(.people(fact)), spoken: spoken.map { Wording.sentence(.people($0)) }, in: channelID,
            about: nicks)
    }

    /// Whether `region` had news in the last ``busySpan`` (its messages may come in bursts, and
    /// wait a moment for more); notes this moment as news in it.
    mutating func busy(_ region: String) -> Bool {
        defer { channelNews.lastActivity[region] = now }
        if channelNews.lastActivity.count > 500 {
            channelNews.lastActivity = channelNews.lastActivity.filter { now - $0.value < Self.busySpan }
        }
        return channelNews.lastActivity[region].map { now - $0 < Self.busySpan } ?? false
    }

    static let busySpan: Duration = .seconds(10)

    /// How recently a person must have written for their joins and quits to be spoken.
    static let recentSpan: Duration = .seconds(600)

    /// What a nick change that only moves a status after a bar says: "is now marked away"
    /// ("kim" → "kim|away"), "is no longer marked lunch" ("eve|lunch" → "eve"); nil for other
    /// decorations (an underscore added on reconnecting is not news).
    static func statusChange(from old: String, to new: String) -> NickStatus? {
        func status(_ nick: String) -> String? {
            guard let bar = nick.firstIndex(of: "|"), bar != nick.startIndex else { return nil }
            let rest = nick[nick.index(after: bar)...].filter { $0 != "_" && $0 != "^" && $0 != "`" }
            return rest.isEmpty ? nil : rest
        }
        switch (status(old), status(new)) {
        case (let was, let now?) where was != now: return .nowMarked(now)
        case (let was?, nil): return .noLongerMarked(was)
        default: return nil
        }
    }
}
