import ChatModel

/// A server's refusals, in Earshot's words: what happened to what the listener asked, and what
/// to do, never the server's own sentence (it may be printed in a log, not said).
extension Wording {
    /// `refusal` as said: `server` names where it happened; `member` is whether the listener is
    /// in the channel the refusal is about (a line to a channel one has left says how to go back).
    static func sentence(refused refusal: IRCRefusal, server: String, member: Bool) -> String {
        let target = refusal.target ?? ""
        switch refusal.reason {
        case .noSuchNick: return "Not delivered: \(target) is not on \(server) now"
        case .noSuchServer: return "There is no server \(target) on this network"
        case .noSuchChannel: return "There is no channel \(target) on \(server)"
        case .cannotSendToChannel:
            // Why, where the server names the mode (InspIRCd: "Cannot send to channel (+m)"):
            // the mode is a code, not the server's sentence.
            let text = refusal.serverText.lowercased()
            if member, text.contains("(+m)") || text.contains("moderated") {
                return "Not delivered: \(target) is moderated, so only people with voice or a rank can write there now"
            }
            return member
                ? "Not delivered: \(target) is not taking your messages now"
                : "Not delivered: \(target) takes messages only from its members. Type /join \(target) to go in"
        case .tooManyChannels: return "Cannot join \(target): you are in as many channels as \(server) allows"
        case .unknownCommand(let command): return "\(server) does not know the command \(command.lowercased())"
        case .erroneousNick: return "\(target) cannot be a nick on \(server)"
        case .nickInUse: return "\(target) is taken: someone else has that nick. Try another with /nick"
        case .temporarilyUnavailable: return "\(target) is held for now: try again in a while"
        case .theyAreNotOnChannel(let nick): return "\(nick) is not in \(target)"
        case .notOnChannel: return "You are not in \(target)"
        case .alreadyOnChannel(let nick): return "\(nick) is in \(target) already"
        case .channelFull: return "Cannot join \(target): it is full"
        case .unknownMode(let mode): return "\(server) does not know the mode \(mode)"
        case .inviteOnly: return "Cannot join \(target): it is invite only. Someone in it can invite you"
        case .banned: return "Cannot join \(target): you are banned from it"
        case .needsKey: return "Cannot join \(target) without its key: type /join, the channel, then the key"
        case .badChannelName: return "\(target) cannot be a channel name on \(server)"
        case .needsAccount: return "\(target) wants you signed in to an account first"
        case .needsOperator: return "Only the operators of \(target) may do that"
        case .needsSecureConnection: return "Cannot join \(target): it needs a secure connection"
        case .followListFull: return "No more people can be followed on \(server): its list is full"
        case .standardReply(_, let command, let code):
            let what = code.lowercased().replacingOccurrences(of: "_", with: " ")
            return "\(server) refused \(command.lowercased()): \(what)"
        }
    }

    /// Whether a refusal answers a /join of its target.
    static func answersJoin(_ reason: IRCRefusal.Reason) -> Bool {
        switch reason {
        case .noSuchChannel, .tooManyChannels, .channelFull, .inviteOnly, .banned, .needsKey, .badChannelName,
            .needsAccount, .needsSecureConnection:
            true
        default: false
        }
    }
}
