import Accessibility
import ChatModel
import IRC

/// A WHOIS answer in words: "kim, real name Kim Lee, from host.example; in #x and #y; on server
/// irc.example; idle 5 minutes"; the IRC module reports each as a ``WhoisFact``.
extension Wording {
    /// `host`: where they connect from is part of it (on screen; not said).
    static func whois(_ nick: String, _ facts: [WhoisFact], host withHost: Bool = true) -> String {
        guard !facts.isEmpty else { return "\(nick): nothing known" }
        // The nick is named once, in the first part (its identity when the server gave one).
        var named = false
        let parts = facts.map { fact -> String in
            switch fact {
            case .identity(let name, let rawHost):
                named = true
                let from = withHost ? ", from " + Self.whoisHost(rawHost) : ""
                // A real name that is only the nick again says nothing ("kim is kim").
                let plain = name.trimmingCharacters(in: .whitespaces)
                if plain.isEmpty || plain.lowercased() == nick.lowercased() { return nick + from }
                return "\(nick), real name \(SpokenText.verbatim(name))" + from
            case .server(let server): return "on server \(server)"
            case .ircOperator: return "an IRC operator"
            case .away(let reason): return "away: " + SpokenText.verbatim(reason)
            case .idle(let seconds):
                return seconds < 60
                    ? "idle " + Plural.phrase(seconds, "second") : "idle " + Plural.phrase(seconds / 60, "minute")
            case .channels(let names): return "in " + andList(names)
            case .account(let account): return signedIn(nick, as: account)
            case .secure: return "on a secure connection"
            case .notOnServer:
                named = true
                return "\(nick) is not on the server now"
            }
        }
        return named ? parts.joined(separator: "; ") : "\(nick): " + parts.joined(separator: "; ")
    }

    /// Where someone connects from, as said: "this computer" for a loopback address (a server
    /// here, where every host is 127.0.0.1), else the host as written (read verbatim).
    static func whoisHost(_ host: String) -> String {
        let loopback = host == "localhost" || host == "::1" || host == "0::1" || host.hasPrefix("127.")
        return loopback ? "this computer" : SpokenText.verbatim(host)
    }

    /// The account someone is signed in to: "signed in as kimberly", or "signed in" when it is
    /// their nick again (under the server's case mapping).
    static func signedIn(_ nick: String, as account: String, names: IRCCaseMapping = .rfc1459) -> String {
        names.equal(account, nick) ? "signed in" : "signed in as \(SpokenText.verbatim(account))"
    }
}
