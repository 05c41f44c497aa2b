import Terminal
import ChatModel
import Foundation
import Testing

@testable import ClientCore

/// A message's reactions are said and shown in an order a listener can follow (the most given
/// first, then by name), and "View reactions" names oneself "You", as one's own lines are,
/// whatever one's nick on the network.
struct ReactionOrderCoreTests {
    @Test func theMostGivenComeFirstThenByNameAndOneselfIsYou() throws {
        var core = IRCEventsCoreTests.ircCore()
        _ = core.handle(
            .chat(.server(.registered(nick: "walker", again: false), channelID: nil), network: 2), at: .seconds(1))
        var message = ChatMessage(id: 800, channelID: 20, msgid: "x1", author: "kim", text: "ship it", time: Date())
        message.reactions = ["❤️": ["ada"], "👍": ["kim", "Walker"], "🦩": ["walker"]]

        #expect(
            MessageElement.reactions(to: message, emoji: .shared).map(\.name) == ["thumbs up", "flamingo", "red heart"])
        let said = MessageElement.responses(to: message, replies: 0, state: core.state)
        #expect(said == ["4 reactions: 2 thumbs up, flamingo, red heart"])
        #expect(
            MessageActionsSheet.reactionSummary(message, state: core.state)
                == "thumbs up: You, kim. flamingo: You. red heart: ada")
        let shown = Lines.message(message, in: core.state.localTime, emoji: .shared).map(\.string)
        #expect(shown.last == "thumbs up 2, flamingo 1, red heart 1", "\(shown)")
    }
}
