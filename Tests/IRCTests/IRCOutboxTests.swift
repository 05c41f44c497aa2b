import Testing

@testable import IRC

/// The outbox machine, fed the connection's events as the shell feeds it.
@Suite struct IRCOutboxTests {
    let hello = IRCOutbox.Line(id: 1, label: "a1", target: "#a", text: "hello")
    let again = IRCOutbox.Line(id: 2, label: "a2", target: "#a", text: "hello")

    @Test func aLineWrittenOfflineWaitsForTheSyncAndGoesOnce() {
        var outbox = IRCOutbox()
        #expect(outbox.queued(hello) == [])
        // The store still holds it at the sync: it goes then, once.
        #expect(outbox.synced(stored: [hello], reactions: [], echoes: true, messageTags: true) == [.write(hello)])
        #expect(outbox.queued(again) == [.write(again)])
    }

    @Test func whatWentOutOnThisConnectionIsNotWrittenTwiceAtASecondSync() {
        var outbox = IRCOutbox()
        _ = outbox.synced(stored: [], reactions: [], echoes: true, messageTags: true)
        #expect(outbox.queued(hello) == [.write(hello)])
        // Not echoed yet: a second sync point on the same connection leaves it alone.
        #expect(outbox.synced(stored: [hello], reactions: [], echoes: true, messageTags: true) == [])
        outbox.echoed(label: "a1")
        #expect(outbox.queued(again) == [.write(again)])
    }

    @Test func aLostConnectionSendsWhatWasNotEchoedAgainAfterTheNextSync() {
        var outbox = IRCOutbox()
        _ = outbox.synced(stored: [], reactions: [], echoes: true, messageTags: true)
        _ = outbox.queued(hello)
        outbox.closed()
        #expect(!outbox.isOpen)
        #expect(outbox.queued(again) == [])
        #expect(
            outbox.synced(stored: [hello, again], reactions: [], echoes: true, messageTags: true)
                == [.write(hello), .write(again)])
    }

    @Test func withoutEchoMessageAWrittenLineIsDelivered() {
        var outbox = IRCOutbox()
        #expect(
            outbox.synced(stored: [hello], reactions: [], echoes: false, messageTags: false) == [
                .write(hello), .delivered(hello),
            ])
        #expect(outbox.queued(again) == [.write(again), .delivered(again)])
    }

    @Test func reactionsMadeOfflineGoOutOrAreGivenUpWhereTheServerCannotCarryThem() {
        let thumbs = IRCOutbox.Reaction(id: 7, emoji: "👍", msgid: "m1", target: "#a")
        var outbox = IRCOutbox()
        #expect(outbox.synced(stored: [], reactions: [thumbs], echoes: true, messageTags: true) == [.react(thumbs)])
        var plain = IRCOutbox()
        #expect(plain.synced(stored: [], reactions: [thumbs], echoes: false, messageTags: false) == [.giveUp([thumbs])])
    }
}
