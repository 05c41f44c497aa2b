/// The composer's commands as help says them aloud: what each takes, in words, not its usage
/// line's symbols ("/part [#channel] [reason]" is shown; "/part, optionally a channel and a
/// reason" is said).
extension Wording {
    /// The spoken usage of each command, by name.
    static let commandUsage: [String: String] = [
        "join": "/join and a channel, then its key if it has one",
        "part": "/part, optionally a channel and a reason",
        "msg": "/msg, a nick and the text",
        "query": "/query, a nick, optionally the text",
        "me": "/me and what you do",
        "nick": "/nick and the new nick",
        "topic": "/topic, optionally a new topic",
        "names": "/names, optionally a channel",
        "whois": "/whois and a nick",
        "monitor": "/monitor, then plus or minus and a nick",
        "away": "/away, optionally a reason",
        "back": "/back",
        "search": "/search and the words",
        "pronounce": "/pronounce, a word, optionally how it is said",
        "reconnect": "/reconnect",
        "quit": "/quit, optionally a reason",
        "help": "/help, optionally a command",
    ]

    /// One line that works, for each command a mistake can be made in; said after the mistake.
    static let commandExample: [String: String] = [
        "join": "/join #earshot", "part": "/part #earshot back tomorrow", "msg": "/msg kim hello",
        "query": "/query kim", "me": "/me waves", "nick": "/nick ada2", "names": "/names #earshot",
        "whois": "/whois kim", "monitor": "/monitor +kim", "search": "/search release date",
        "pronounce": "/pronounce nginx engine x", "help": "/help join",
    ]

    /// `/help part`: "/part, optionally a channel and a reason: leave this channel or the one named".
    static func help(command name: String, usage: String, does: String) -> String {
        (commandUsage[name] ?? usage) + ": " + does
    }

    /// A command as help shows it: "/part [#channel] [reason]: leave this channel or the one named".
    static func helpShown(usage: String, does: String) -> String { usage + ": " + does }

    /// `/help`: the commands by name, the slash said once.
    static func help(commands names: [String]) -> String {
        "Commands, each typed after a slash: " + names.joined(separator: ", ")
            + ". Type /help and a command for more"
    }

    /// `/help frob`.
    static func noSuchCommand(_ name: String, nearest: String? = nil) -> String {
        nearest.map { "No command \(name). Did you mean /help \($0)?" }
            ?? "No command \(name). Type /help for the commands"
    }
}
