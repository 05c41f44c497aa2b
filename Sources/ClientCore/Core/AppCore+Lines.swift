import Accessibility
import Foundation

extension AppCore {
    /// The scripted interface's commands (stdin is not a terminal).
    static let lineCommands: [String: KeyMap.Command] = [
        "/next": .next, "/previous": .previous, "/first": .first, "/last": .last, "/activate": .activate,
        "/up": .up, "/down": .down, "/escape": .escape, "/actions": .actions, "/expand": .expand,
        "/compress": .compress, "/help": .help, "/stop": .stopSpeech, "/quit": .quit, "/rotor": .nextRotor,
    ]

    /// A line from the scripted interface: a command, `/say TEXT`, or a message to send (refused
    /// aloud, with the reason, when no channel is open).
    mutating func handle(line: String) {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed == "/quit", !waits.lines.isEmpty {
            // The script ended before the channel was joined: send first, then quit.
            waits.lines.quitWhenSent()
        } else if trimmed == "/quit" {
            // A script has no key to answer a question with: it quits.
            quit(asking: false)
        } else if let command = Self.lineCommands[trimmed] {
            perform(command)
        } else if trimmed.hasPrefix("/say ") {
            say(String(trimmed.dropFirst(5)), .default, .reader)
        } else if trimmed.hasPrefix("/"), case .success = ComposerCommand.parse(trimmed, channel: state.channel?.name) {
            guard state.route == .main else {
                return announce(.command(.finishOnboardingFirst(trimmed, sent: false)), .high)
            }
            command(trimmed)
        } else if trimmed.hasPrefix("//") {
            send(String(trimmed.dropFirst()), replyTo: nil)
        } else if trimmed.hasPrefix("/") {
            let known = Self.lineCommands.keys.sorted().joined(separator: " ") + " /say TEXT"
            effects.append(
                .lines([Lines.plain(Wording.sentence(.command(.unknownLineCommand(trimmed, known: known))))]))
            say(.command(.unknownLineCommand(trimmed, known: nil)), .high, .announcer)
        } else if !trimmed.isEmpty {
            if configuration.expectsIRC, !onIRC {
                // Connecting: the line goes to the first channel joined, or is refused aloud.
                waits.lines.add(trimmed, at: now)
                return say(.command(.waitingForServer(trimmed)), .low, .announcer)
            }
            guard state.route == .main else {
                return announce(.command(.finishOnboardingFirst(trimmed, sent: true)), .high)
            }
            state.composer = trimmed
            carryOut(.send)
            rebuild()
        }
    }

    /// The first IRC channel is open: the lines that waited for it are sent, in order.
    mutating func sendWaitingLines() {
        guard onIRC, let waiting = waits.lines.channelOpened() else { return }
        for line in waiting.lines { send(line, replyTo: nil) }
        if waiting.quit { effects.append(.quit) }
    }

    /// No channel in time: every waiting line is refused aloud, with the reason.
    mutating func giveUpWaitingLines() {
        guard let waiting = waits.lines.tick(at: now) else { return }
        for line in waiting.lines {
            announce(.command(.noChannelJoinedInTime(line)), .high)
        }
        if waiting.quit { effects.append(.quit) }
    }

    /// Quitting: "Goodbye", said before the client goes (the runtime lets it be heard); with
    /// lines still waiting to send, and `asking`, a question first, answered by the next key.
    mutating func quit(reason: String = "", asking: Bool) {
        let waiting = state.waitingToSend.count
        if asking, waiting > 0 {
            state.quitAsked = true
            return say(Wording.sentence(.quitWithLinesWaiting(waiting)), .high, .announcer)
        }
        // The local workspace quits too; on IRC each server hears why.
        if onIRC { transmit(.quit(reason)) }
        say(Wording.sentence(.goodbye), .high, .announcer)
        effects.append(.quit)
    }

    /// `/reconnect`: every lost server is tried again now, instead of after its pause.
    mutating func reconnectNow() {
        let lost = state.connection.lost.keys.sorted()
        if lost.isEmpty, configuration.expectsIRC, state.connection.welcomed.isEmpty {
            // The first connection is still being made: it is not "connected".
            return say(.connection(.stillConnecting(host: connectingHost)), .default, .announcer)
        }
        guard !lost.isEmpty else { return say(Wording.sentence(.nothingToReconnect), .default, .announcer) }
        for network in lost {
            transmit(.reconnect, on: network)
            // The try asked for is answered: its failure is said at once (see `.reconnecting`).
            state.connection.retryAsked(network)
        }
        // Its answer (back, or still no connection) usually comes at once: "Trying again now"
        // only while it does not, as progress and its result are one thing to hear.
        expectSlowly(.reconnect, .tryingNow(lost.map { host(of: $0) }))
    }
}
