/// Who is signed in as whom: the account of each person in a channel, asked with one `WHO` of
/// the fields wanted (WHOX: `%tna`, the nick and the account) after its names, where the server
/// takes WHOX; then kept current by `account-notify` (`ACCOUNT`) and `extended-join` (the
/// account in a JOIN). Each comes out as ``IRCEvent/accounts(_:)``.
///
/// ```swift
/// // :s 354 ada 152 kim kimberly
/// // :s 354 ada 152 bob 0
/// // :s 315 ada #a :End of WHO
/// // → .accounts(["kim": "kimberly", "bob": ""])
/// ```
extension IRCConnection {
    /// The WHOX token that marks our own question (another client's WHO is not ours to read).
    static let whoToken = "152"

    /// After a channel's names: ask who is signed in as whom, where the server takes WHOX.
    func accountsRequest(_ channel: String) -> [Action] {
        guard session.whox, session.joinedChannels.contains(caseMapping.fold(channel)) else { return [] }
        return [.send(IRCMessage(command: "WHO", [channel, "%tna,\(Self.whoToken)"]))]
    }

    /// 354 (one person of our WHOX) and 315 (its end).
    mutating func receivedWho(_ message: IRCMessage) -> [Action] {
        if message.command == "315" {
            guard !session.pendingAccounts.isEmpty else { return [] }
            defer { session.pendingAccounts = [:] }
            return [.emit(.accounts(session.pendingAccounts))]
        }
        guard message.parameters.count >= 4, message.parameters[1] == Self.whoToken,
            session.pendingAccounts.count < 10_000
        else { return [] }
        let account = message.parameters[3]
        session.pendingAccounts[clean(message.parameters[2])] = account == "0" ? "" : clean(account)
        return []
    }

    /// `account-notify`: `:kim!k@h ACCOUNT kimberly`, or `*` when kim signs out.
    func receivedAccount(_ message: IRCMessage) -> [Action] {
        guard let who = message.sourceNick, let account = message.parameter(0) else { return [] }
        return [.emit(.accounts([clean(who): account == "*" ? "" : clean(account)]))]
    }

    /// `extended-join`: `:kim!k@h JOIN #a kimberly :Kim Lee` (`*` for none).
    func joinedAccount(_ message: IRCMessage) -> [Action] {
        guard capabilities.contains(.extendedJoin), let who = message.sourceNick,
            let account = message.parameter(1)
        else { return [] }
        return [.emit(.accounts([clean(who): account == "*" ? "" : clean(account)]))]
    }
}
