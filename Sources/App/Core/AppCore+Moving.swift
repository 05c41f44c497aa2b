import Accessibility
import Chat

/// Moving between channels and through messages without hunting: the next channel with
/// activity (Alt-A, mentions first, as irssi and weechat), a channel by its number (Alt-1 …
/// Alt-9), and a review of the open channel's messages that leaves focus where it is
/// (Alt-Up, Alt-Down, as Orca's message history).
extension AppCore {
    /// Alt-A: the next channel after this one, in drawer order, with a mention, else with
    /// unread messages; it opens on its first unread message.
    mutating func goToNextActivity() {
        let channels = state.channels
        let start = channels.firstIndex { $0.id == state.channelID } ?? -1
        let order = channels.indices.map { channels[(start + 1 + $0) % channels.count] }.filter {
            $0.id != state.channelID
        }
        let next =
            order.first { state.mentionedChannelIDs.contains($0.id) } ?? order.first { $0.unread > 0 && !$0.muted }
        guard let next else { return say(.reading(.noNewsElsewhere), .default, .reader) }
        open(channel: next.id)
    }

    /// Alt-1 … Alt-9: the channel with that number in the drawer's list.
    mutating func goToChannel(number: Int) {
        guard state.channels.indices.contains(number - 1) else {
            return say(.reading(.noChannel(number)), .default, .reader)
        }
        let channel = state.channels[number - 1]
        if channel.id == state.channelID { return say(state.channelHeading, .default, .reader) }
        open(channel: channel.id)
    }

    /// Opens a channel as choosing it in the drawer does: the read marker of the one left
    /// moves, and the new one says its heading and focuses its first unread message.
    mutating func open(channel id: Int64) {
        if state.sheets.hasSheet { return say(.closeThisFirst, .default, .reader) }
        state.mentionedChannelIDs.remove(id)
        reviewIndex = nil
        carryOut(.selectChannel(id))
    }

    /// Alt-Up and Alt-Down: the previous or next message of the open channel, said without
    /// moving focus; the first Alt-Up says the newest. "top" and "bottom" at the ends.
    /// Alt-T: when the reviewed message (after Alt-Up or Alt-Down), else the focused one, was
    /// written ("kim, 10:42, 3 minutes ago" is not said on focus unless `speech.times` is on).
    mutating func sayTime() {
        let reviewed = reviewIndex.flatMap { state.messages.indices.contains($0) ? state.messages[$0] : nil }
        let focused = navigator.focusedElement?.identifier.flatMap { identifier in
            state.messages.first { ElementID.message($0.id).identifier == identifier }
        }
        guard let message = reviewed ?? focused else {
            return say(.reading(.noMessageHere), .default, .reader)
        }
        say(
            Format.day(message.time, today: state.today, in: state.localTime) + " "
                + Format.time(message.time, in: state.localTime), .default, .reader)
    }

    mutating func review(by step: Int) {
        let messages = state.messages
        guard !messages.isEmpty else { return say(.reading(.noMessages), .default, .reader) }
        let previous = reviewIndex.flatMap { messages.indices.contains($0) ? messages[$0] : nil }
        let current = reviewIndex ?? messages.count
        let target = current + step
        guard messages.indices.contains(target) else {
            reviewIndex = min(max(current, 0), messages.count - 1)
            return say(step < 0 ? "top" : "bottom", .default, .reader)
        }
        reviewIndex = target
        let message = messages[target]
        // Crossing into another day (or starting on a day that is not today) names it first.
        let local = state.localTime
        let day = local.dayNumber(message.time)
        let newDay = previous.map { local.dayNumber($0.time) != day } ?? (day != state.today)
        let dayCue = newDay ? Format.day(message.time, today: state.today, in: local) + ". " : ""
        let said =
            dayCue
            + (message.kind == .action
                ? SpokenText.verbatim("\(message.author) \(message.text)")
                : SpokenText.verbatim(message.author) + ", " + Format.time(message.time, in: state.localTime) + ": "
                    + SpokenText.verbatim(message.text))
        say(said, .default, .reader)
        hearing = Hearing(messageID: message.id)
    }
}
