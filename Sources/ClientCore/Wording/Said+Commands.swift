import Accessibility

/// What a command typed in the message field (or a scripted line) did or could not do.
enum CommandFact: Hashable, Sendable {
    /// A command line that could not be read (``CommandProblem``).
    case problem(CommandProblem)
    case alreadyIn(String)
    case notIn(String)
    case directConversation(with: String)
    case joining(String)
    case leaving(String)
    case askingForNick(String)
    case settingTopic(of: String)
    case topicIs(channel: String, topic: String)
    case following([String])
    case notFollowing([String])
    case away(reason: String)
    case back
    /// The search's count: `count` results (30 means "30 or more").
    case found(Int)
    /// A search's count as its words are typed: `count` of `noun` ("emoji", "channel") match.
    case matching(Int, String)
    /// Clear text emptied a search field.
    case searchCleared
    /// Enter in the search field with nothing found (said already): what Enter could not do.
    case noResultToOpen
    /// The search as shown, above its results.
    case searchShown(query: String, count: Int)
    case noPronunciation(String)
    case pronunciationSaved(String)
    case pronunciationRemoved(String)
    case typeHowItIsSaid
    /// A scripted line before onboarding is done: `sent` for a message, else a command.
    case finishOnboardingFirst(String, sent: Bool)
    /// A scripted line starting with a slash that is no command; `known` lists the commands.
    case unknownLineCommand(String, known: String?)
    case waitingForServer(String)
    case noChannelJoinedInTime(String)
}

/// Why a command line was not carried out: the phrase book words it.
public enum CommandProblem: Error, Hashable, Sendable {
    /// `/jion`: no such command; `nearest` is the one it was likely meant to be (`join`).
    case unknown(String, nearest: String?)
    /// The command is known and was typed wrongly: what is wrong.
    case misuse(command: String, Misuse)

    /// What is wrong with a command typed.
    public enum Misuse: Hashable, Sendable {
        case needsChannel, keyHasSpaces, noChannelToLeave, needsNickAndText, needsNick, takesNickNotChannel
        case takesOneChannel, nickHasSpaces, needsSign, needsAction, needsNewNick, needsWord
        /// `/monitor +` with no nick after the sign.
        case needsNickAfter(String)
        /// `/msg kim`: the nick, and no text to send.
        case needsText(nick: String)
    }
}

extension Wording {
    static func sentence(_ fact: CommandFact) -> String {
        switch fact {
        case .problem(let problem): sentence(problem)
        case .alreadyIn(let channel): "You are already in \(channel)"
        case .notIn(let channel): "You are not in \(channel)"
        case .directConversation(let nick): "This is a direct conversation with \(nick)"
        case .joining(let channel): "Joining \(channel)"
        case .leaving(let channel): "Leaving \(channel)"
        case .askingForNick(let nick): "Asking for the nick \(nick)"
        case .settingTopic(let channel): "Setting the topic of \(channel)"
        case .topicIs(let channel, let topic):
            "\(channel) has " + (topic.isEmpty ? "no topic" : "topic: " + SpokenText.verbatim(topic))
        case .following(let nicks):
            "Following \(andList(nicks)): you will hear when they come online or go offline"
        case .notFollowing(let nicks): "No longer following \(andList(nicks))"
        case .away(let reason): "You are away: " + SpokenText.verbatim(reason)
        case .back: "You are back"
        case .noResultToOpen: "No result to go to. Type other words, or Escape to close"
        case .found(let count):
            count == 30
                ? "30 or more messages found"
                : count == 0 ? "No messages found" : Plural.phrase(count, "message") + " found"
        case .matching(let count, let noun):
            count == 0
                ? "No \(Plural.of(noun)) match"
                : Plural.phrase(count, noun) + (count == 1 ? " matches" : " match")
        case .searchCleared: "Search cleared"
        case .searchShown(let query, let count): "Search for \"\(query)\": " + sentence(.found(count))
        case .noPronunciation(let word):
            "\(SpokenText.verbatim(word)) has no pronunciation of its own. To give it one, type /pronounce, the word, and how it is said"
        // Whose is not named: the name itself would be said the new way.
        case .pronunciationSaved(let spoken):
            "Pronunciation saved. The name is now said: " + SpokenText.verbatim(spoken)
        case .pronunciationRemoved(let word):
            "Pronunciation of \(SpokenText.verbatim(word)) removed: it is said as written"
        case .typeHowItIsSaid: "Type how the name is said, then press Enter"
        case .finishOnboardingFirst(let line, let sent):
            (sent ? "Not sent" : "Not done") + ": finish onboarding first. " + SpokenText.verbatim(line)
        case .unknownLineCommand(let line, let known):
            "Unknown command \(line)" + (known.map { ". Commands: \($0)" } ?? "")
        case .waitingForServer(let line): "Waiting for the server to send: \(line)"
        case .noChannelJoinedInTime(let line):
            "Not sent: no IRC channel was joined within 30 seconds. " + SpokenText.verbatim(line)
        }
    }

    /// A command typed wrongly: what is missing, then one line that works ("/msg needs a nick
    /// and the text. For example: /msg kim hello"). The usage in words would say the missing
    /// part a second time; an example says it once and shows the order.
    static func sentence(_ problem: CommandProblem) -> String {
        switch problem {
        case .unknown(let name, let nearest):
            nearest.map { "Unknown command /\(name). Did you mean /\($0)?" }
                ?? "Unknown command /\(name). Type /help for the commands"
        case .misuse(let command, let misuse):
            misuseWords(command, misuse) + (commandExample[command].map { ". For example: " + $0 } ?? "")
        }
    }

    static func misuseWords(_ command: String, _ misuse: CommandProblem.Misuse) -> String {
        switch misuse {
        case .needsChannel: "/\(command) needs a channel name"
        case .keyHasSpaces: "A channel's key has no spaces"
        case .noChannelToLeave: "No channel is open to leave"
        case .needsNickAndText: "/\(command) needs a nick and the text"
        case .needsText(let nick): "/\(command) \(SpokenText.verbatim(nick)) needs the text to send"
        case .needsNick: "/\(command) needs a nick"
        case .takesNickNotChannel: "/\(command) takes a nick, not a channel"
        case .takesOneChannel: "/\(command) takes one channel"
        case .nickHasSpaces: "A nick has no spaces"
        case .needsSign: "/\(command) needs plus and a nick to follow someone, or minus and a nick to stop"
        case .needsNickAfter(let sign): "/\(command) needs a nick after the \(sign == "-" ? "minus" : "plus")"
        case .needsAction: "/\(command) needs what you do"
        case .needsNewNick: "/\(command) needs the new nick"
        case .needsWord: "/\(command) needs the word, then how it is said"
        }
    }
}
