import Accessibility
import ChatModel

/// Who is in a channel (/names), by rank as irssi lists them: operators, half-operators,
/// voiced people, then everyone else, each group by name. Each person is an element whose value
/// is their rank ("kim, operator"); on IRC, Enter opens a direct-message conversation with them.
enum NamesSheet {
    static func build(_ state: AppState, channelID: Int64, into b: inout ScreenTree.Builder) -> [Element] {
        let people = members(state, channelID: channelID)
        // Direct messages go over IRC: the local workspace's people are listed, not messaged.
        let network = state.channels.first { $0.id == channelID }?.networkID
        let canMessage = state.networks.first { $0.id == network }?.isLocal != true
        guard !people.isEmpty else {
            return [b.make(.member(""), Element(label: "Nobody is listed yet", traits: .staticText))]
        }
        return people.enumerated().map { index, person in
            let messageable = canMessage && person.nick != state.nick
            let names = state.names(onNetwork: network)
            let followed = state.settings.speech.follow.contains { names.equal($0, person.nick) }
            let spoken = SpokenText.plainNick(person.nick)
            let own = person.nick == state.nick
            // The listener's own name: said from every channel means nothing for it, and its
            // name is theirs ("Set how your name is said", not "how ada is said").
            var actions: [ElementBehaviour.Action] = [
                .init(
                    name: own ? "Set how your name is said" : "Set how \(spoken) is said",
                    intent: .pronounceNick(person.nick))
            ]
            if !own {
                actions.append(
                    followed
                        ? .init(
                            name: "Stop saying \(spoken)'s messages from every channel",
                            intent: .follow(person.nick, false))
                        : .init(name: "Say \(spoken)'s messages from every channel", intent: .follow(person.nick, true))
                )
            }
            return b.make(
                .member(person.nick),
                Element(
                    label: person.nick,
                    value: [
                        // ("you, you" where the name is "you", as it is without $USER.)
                        own && person.nick.lowercased() != "you" ? "you" : nil, rank(of: person.prefix),
                        signedIn(person.nick, state, network: network),
                        followed ? "said from every channel" : nil,
                    ].compactMap { $0 }.joined(separator: ", "),
                    traits: messageable ? .button : .staticText,
                    hint: messageable
                        ? "Press Enter to send a direct message, or A for more."
                        : "Press A for more.",
                    positionInSet: SetPosition(index + 1, of: people.count)),
                ElementBehaviour(
                    activate: messageable ? .query(person.nick) : nil, actions: actions))
        }
    }

    /// "People in #a".
    static func title(_ state: AppState, channelID: Int64) -> String {
        let name = state.channels.first { $0.id == channelID }?.name ?? "this channel"
        return "People in \(name)"
    }

    /// The channel's members with their prefixes, highest rank first, then by name.
    static func members(_ state: AppState, channelID: Int64) -> [(nick: String, prefix: String)] {
        let nicks = state.channels.first { $0.id == channelID }?.members ?? []
        let ranks = state.memberRanks[channelID] ?? [:]
        return nicks.map { ($0, ranks[$0] ?? "") }.sorted { left, right in
            let (a, b) = (order(left.1), order(right.1))
            return a != b ? a < b : left.0.lowercased() < right.0.lowercased()
        }
    }

    /// The account someone is signed in to, where the server says (WHOX): "signed in as
    /// kimberly", or "signed in" under their own name; nil when signed in to none or not known.
    static func signedIn(_ nick: String, _ state: AppState, network: Int64?) -> String? {
        let names = state.names(onNetwork: network)
        guard let account = state.accounts[network ?? 0]?[names.fold(nick)] else { return nil }
        return Wording.signedIn(nick, as: account, names: names)
    }

    /// What a prefix means, in words; nil for no rank.
    static func rank(of prefix: String) -> String? {
        switch prefix.first {
        case "~": "owner"
        case "&": "administrator"
        case "@": "operator"
        case "%": "half-operator"
        case "+": "voiced"
        default: nil
        }
    }

    private static func order(_ prefix: String) -> Int {
        "~&@%+".firstIndex(of: prefix.first ?? " ").map { "~&@%+".distance(from: "~&@%+".startIndex, to: $0) } ?? 5
    }
}
