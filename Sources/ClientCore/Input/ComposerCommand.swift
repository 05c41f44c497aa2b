/// A line typed in the composer that starts with "/": irssi's and weechat's commands. A line
/// starting with "//" is sent as text, with one "/" fewer.
///
/// ```swift
/// ComposerCommand.parse("/join #b", channel: "#a")   // .success(.join("#b"))
/// ComposerCommand.parse("/jion #b", channel: "#a")   // .failure(.unknown("jion", nearest: "join"))
/// ```
public enum ComposerCommand: Hashable, Sendable {
    case join(String)
    /// Join a channel that needs a key (`/join #c key`).
    case joinWithKey(String, key: String)
    case part(String, reason: String)
    case message(to: String, text: String)
    /// Open the direct-message conversation with a nick, and send `text` there if any.
    case query(String, text: String?)
    /// Who is in a channel (the open one when nil).
    case names(String?)
    case whois(String)
    /// Follow nicks (MONITOR): said when they come online and go offline; `false` stops.
    case monitor([String], follow: Bool)
    case me(String)
    case nick(String)
    case topic(String?)
    case away(String?)
    case quit(String)
    /// Try a lost connection again now.
    case reconnect
    case help(String?)
    case search(String)
    /// How a word or nick is said (`[speech.pronounce]`); nil says it as written again.
    case pronounce(String, as: String?)

    /// One command: its name, what it takes, and what it does (for /help and completion).
    public struct Entry: Sendable {
        public var name: String
        public var usage: String
        public var does: String
    }

    /// Every command, in the order /help says them.
    public static let all: [Entry] = [
        Entry(name: "join", usage: "/join #channel [key]", does: "join a channel, with its key if it has one"),
        Entry(name: "part", usage: "/part [#channel] [reason]", does: "leave this channel or the one named"),
        Entry(name: "msg", usage: "/msg nick text", does: "send a direct message"),
        Entry(name: "query", usage: "/query nick [text]", does: "open a direct conversation with someone"),
        Entry(name: "me", usage: "/me does something", does: "send an action"),
        Entry(name: "nick", usage: "/nick newname", does: "change your nick"),
        Entry(name: "topic", usage: "/topic [new topic]", does: "say or set this channel's topic"),
        Entry(name: "names", usage: "/names [#channel]", does: "list who is in this channel, by rank"),
        Entry(name: "whois", usage: "/whois nick", does: "say who someone is"),
        Entry(
            name: "monitor", usage: "/monitor +nick or -nick", does: "hear when someone comes online or goes offline"),
        Entry(name: "away", usage: "/away [reason]", does: "mark yourself away"),
        Entry(name: "back", usage: "/back", does: "mark yourself back"),
        Entry(name: "search", usage: "/search words", does: "find messages in every channel"),
        Entry(
            name: "pronounce", usage: "/pronounce word [how it is said]",
            does: "say a nick or word your way, or as written again"),
        Entry(name: "reconnect", usage: "/reconnect", does: "try a lost connection again now"),
        Entry(name: "quit", usage: "/quit [reason]", does: "leave the server and quit"),
        Entry(name: "help", usage: "/help [command]", does: "say the commands, or how to use one"),
    ]

    /// The command in `line`, or what is wrong with it in words; `channel` is the open one.
    public static func parse(_ line: String, channel: String?) -> Result<ComposerCommand, CommandProblem> {
        let body = line.dropFirst()
        let name = String(body.prefix { $0 != " " }).lowercased()
        let rest = body.drop { $0 != " " }.drop { $0 == " " }
        let words = rest.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true).map(String.init)
        let text = String(rest).trimmingCharacters(in: .whitespaces)
        // Aliases ("/j") are refused as the command they stand for.
        let command = all.first { $0.name == name }?.name ?? aliases[name] ?? name
        func usage(_ misuse: CommandProblem.Misuse) -> Result<ComposerCommand, CommandProblem> {
            .failure(.misuse(command: command, misuse))
        }
        switch name {
        case "join", "j":
            guard let target = words.first else { return usage(.needsChannel) }
            let name = target.hasPrefix("#") || target.hasPrefix("&") ? target : "#" + target
            // A second word is the channel's key ("/join #c secret"), as irssi takes it.
            if words.count == 2 {
                let key = words[1].trimmingCharacters(in: .whitespaces)
                guard !key.isEmpty, !key.contains(" ") else { return usage(.keyHasSpaces) }
                return .success(.joinWithKey(name, key: key))
            }
            return .success(.join(name))
        case "part", "leave":
            if let first = words.first, first.hasPrefix("#") || first.hasPrefix("&") {
                return .success(.part(first, reason: words.count > 1 ? words[1] : ""))
            }
            guard let channel else { return usage(.noChannelToLeave) }
            return .success(.part(channel, reason: text))
        case "msg":
            guard words.count == 2, !words[1].trimmingCharacters(in: .whitespaces).isEmpty else {
                return usage(words.count == 1 ? .needsText(nick: words[0]) : .needsNickAndText)
            }
            return .success(.message(to: words[0], text: words[1]))
        case "query", "q":
            guard let nick = words.first else { return usage(.needsNick) }
            guard !nick.hasPrefix("#"), !nick.hasPrefix("&") else { return usage(.takesNickNotChannel) }
            let said = words.count > 1 ? words[1].trimmingCharacters(in: .whitespaces) : ""
            return .success(.query(nick, text: said.isEmpty ? nil : said))
        case "names", "who":
            guard words.count <= 1 else { return usage(.takesOneChannel) }
            return .success(.names(words.first))
        case "whois", "wi":
            guard words.count == 1 else { return usage(words.isEmpty ? .needsNick : .nickHasSpaces) }
            return .success(.whois(words[0]))
        case "monitor", "notify":
            // "+kim,bob", "-kim", or plain nicks to follow.
            guard let first = words.first else {
                return usage(.needsSign)
            }
            let stop = first.hasPrefix("-")
            let nicks = words.joined(separator: ",").split(separator: ",")
                .map { String($0.drop { $0 == "+" || $0 == "-" }) }.filter { !$0.isEmpty }
            guard !nicks.isEmpty else { return usage(.needsNickAfter(stop ? "-" : "+")) }
            return .success(.monitor(nicks, follow: !stop))
        case "me":
            guard !text.isEmpty else { return usage(.needsAction) }
            return .success(.me(text))
        case "nick":
            guard words.count == 1 else {
                return usage(words.isEmpty ? .needsNewNick : .nickHasSpaces)
            }
            return .success(.nick(words[0]))
        case "topic":
            return .success(.topic(text.isEmpty ? nil : text))
        case "away":
            return .success(.away(text.isEmpty ? "Away" : text))
        case "back":
            return .success(.away(nil))
        case "quit", "exit":
            return .success(.quit(text))
        case "reconnect":
            return .success(.reconnect)
        case "search", "find":
            return .success(.search(text))
        case "pronounce", "say-as":
            guard let word = words.first else { return usage(.needsWord) }
            let spoken = words.count > 1 ? words[1].trimmingCharacters(in: .whitespaces) : ""
            return .success(.pronounce(word, as: spoken.isEmpty ? nil : spoken))
        case "help":
            return .success(.help(words.first.map { $0.hasPrefix("/") ? String($0.dropFirst()) : $0 }))
        default:
            return .failure(.unknown(name, nearest: nearest(to: name)))
        }
    }

    /// Other names of the commands, as irssi and weechat take them.
    static let aliases = [
        "j": "join", "leave": "part", "q": "query", "who": "names", "wi": "whois", "notify": "monitor",
        "exit": "quit", "find": "search", "say-as": "pronounce",
    ]

    /// The command `name` is a slip of (a letter or two added, dropped, changed or swapped).
    static func nearest(to name: String) -> String? {
        guard name.count >= 2 else { return nil }
        return all.map(\.name).map { ($0, distance(name, $0)) }.filter { $0.1 <= 2 }.min { $0.1 < $1.1 }?.0
    }

    /// Edits from `a` to `b` (Damerau–Levenshtein, adjacent swaps counted as one).
    static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a)
        let y = Array(b)
        guard !x.isEmpty, !y.isEmpty else { return max(x.count, y.count) }
        var d = [[Int]](repeating: [Int](repeating: 0, count: y.count + 1), count: x.count + 1)
        for i in 0...x.count { d[i][0] = i }
        for j in 0...y.count { d[0][j] = j }
        for i in 1...x.count {
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[x.count][y.count]
    }

    /// Completions of `prefix` among the commands ("/jo" → "/join").
    public static func completions(of prefix: String) -> [String] {
        let word = prefix.dropFirst().lowercased()
        return all.map { "/" + $0.name }.filter { $0.dropFirst().hasPrefix(word) }
    }
}
