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
        if let command = Self.lineCommands[trimmed] {
            perform(command)
        } else if trimmed.hasPrefix("/say ") {
            say(String(trimmed.dropFirst(5)), .default, .reader)
        } else if trimmed.hasPrefix("/") {
            let known = Self.lineCommands.keys.sorted().joined(separator: " ") + " /say TEXT"
            effects.append(.lines([Lines.plain("Unknown command \(trimmed). Commands: \(known)")]))
            say("Unknown command \(trimmed)", .high, .announcer)
        } else if !trimmed.isEmpty {
            guard state.route == .main else {
                return post(.announcement("Not sent: finish onboarding first. \(trimmed)", priority: .high))
            }
            state.composer = trimmed
            carryOut(.send)
            rebuild()
        }
    }
}
