import ChatModel

/// A channel's mode change in words: who did what to whom, never the server's letters
/// ("kim sets mode +H 50:1d" is "kim changed the modes of #b").
///
/// Ranks (`qaohv`) and the common channel modes are named; a change with letters Earshot does
/// not know says so in words. Parameters are matched to letters only where every letter is
/// known (which letters take one depends on the server, so an unknown letter leaves them in
/// doubt), and a mask or a key is never read out.
extension Wording {
    static func modeChange(
        _ change: String, by: String, in channel: String, me: String? = nil, names: IRCCaseMapping = .rfc1459
    ) -> String {
        // The listener's own rank is theirs: "kim made you an operator".
        func who(_ nick: String) -> String { me.map { names.equal($0, nick) } == true ? "you" : nick }
        let words = change.split(separator: " ").map(String.init)
        guard let modes = words.first else { return "\(by) changed the modes of \(channel)" }
        var parameters = Array(words.dropFirst())
        var adding = true
        var clauses: [String] = []
        var unknown = false
        let letters = modes.filter { $0 != "+" && $0 != "-" }
        let aligned = letters.allSatisfy { rankNames[$0] != nil || simpleModes[$0] != nil || "klbeI".contains($0) }
        for letter in modes {
            if letter == "+" || letter == "-" {
                adding = letter == "+"
                continue
            }
            if let rank = rankNames[letter] {
                guard aligned, !parameters.isEmpty else {
                    unknown = true
                    continue
                }
                let nick = who(parameters.removeFirst())
                clauses.append(
                    letter == "v"
                        ? (adding ? "gave voice to \(nick)" : "took voice from \(nick)")
                        : (adding ? "made \(nick) \(rank.article) \(rank.name)" : "took \(rank.name) from \(nick)"))
            } else if let simple = simpleModes[letter] {
                clauses.append(adding ? simple.on : simple.off)
            } else if aligned, "klbeI".contains(letter) {
                // A key, a limit, a ban and its exceptions: the value is not read out.
                let value = (letter == "l" && !adding) ? nil : (parameters.isEmpty ? nil : parameters.removeFirst())
                switch letter {
                case "k": clauses.append(adding ? "set a key on {c}" : "removed the key of {c}")
                case "l":
                    if adding, let value, let limit = Int(value) {
                        clauses.append("limited {c} to \(limit) people")
                    } else {
                        clauses.append("removed the limit of people in {c}")
                    }
                case "b": clauses.append(adding ? "banned someone from {c}" : "lifted a ban on {c}")
                default:
                    clauses.append(
                        adding ? "let someone past the bans of {c}" : "took back a pass past the bans of {c}")
                }
            } else {
                unknown = true
            }
        }
        guard !clauses.isEmpty else { return "\(by) changed the modes of \(channel)" }
        if unknown { clauses.append("changed other modes of {c}") }
        // The channel is named once, in the first clause about it; "it" stands for it after.
        var named = false
        let said = clauses.map { clause -> String in
            guard clause.contains("{c}") else { return clause }
            defer { named = true }
            return clause.replacingOccurrences(of: "{c}", with: named ? "it" : channel)
        }
        return by + " " + Self.andList(said)
    }

    /// "a, b and c".
    static func andList(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }

    static let rankNames: [Character: (name: String, article: String)] = [
        "q": ("owner", "an"), "a": ("admin", "an"), "o": ("operator", "an"), "h": ("half-operator", "a"),
        "v": ("voice", "a"),
    ]

    /// Channel modes without a parameter, as what was done: on, then off.
    static let simpleModes: [Character: (on: String, off: String)] = [
        "i": ("made {c} invite only", "opened {c} to everyone"),
        "m": ("let only people with voice write in {c}", "let everyone write in {c} again"),
        "n": ("closed {c} to messages from outside", "opened {c} to messages from outside"),
        "t": ("let only operators set the topic of {c}", "let anyone set the topic of {c}"),
        "s": ("made {c} secret", "made {c} no longer secret"),
        "p": ("made {c} private", "made {c} no longer private"),
        "r": ("let only people signed in to an account into {c}", "let people without an account into {c}"),
        "c": ("took colours out of {c}", "let colours into {c}"),
        "C": ("refused CTCP in {c}", "let CTCP into {c} again"),
    ]
}
