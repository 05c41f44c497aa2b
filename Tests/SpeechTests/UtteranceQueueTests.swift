import Testing

@testable import Speech

@Suite struct UtteranceQueueTests {
    func u(_ id: UInt64, _ priority: SpeechPriority, _ voice: VoiceRole = .announcer) -> Utterance {
        Utterance(id: id, text: "u\(id)", priority: priority, voice: voice)
    }

    @Test func defaultDropsAPendingHintOrQueuedPhraseButKeepsPoliteAnnouncements() {
        var queue = UtteranceQueue()
        _ = queue.submit(u(1, .default, .reader))  // "Send, button."
        _ = queue.next()
        _ = queue.submit(u(2, .low, .hint))  // "Press Enter to send."
        _ = queue.submit(u(3, .low, .announcer))  // "kim: deploy is done"
        _ = queue.submit(u(4, .low, .reader))  // a phrase queued after a screen change
        let actions = queue.submit(u(5, .default, .reader))  // the next key's phrase
        #expect(
            actions == [
                .interrupt(u(1, .default, .reader)), .discard(u(2, .low, .hint)), .discard(u(4, .low, .reader)),
            ])
        #expect(Array(queue.pending) == [u(5, .default, .reader), u(3, .low, .announcer)])
    }

    /// A polite message waiting when a key moves focus stays, but the new phrase's hint is said
    /// right after the phrase, not after the message (it was about a focus the message had
    /// come between).
    @Test func aHintFollowsItsPhraseAheadOfPoliteNews() {
        var queue = UtteranceQueue()
        _ = queue.submit(u(1, .low, .announcer))  // "kim: deploy is done", waiting
        _ = queue.submit(u(2, .default, .reader))  // the key's phrase
        _ = queue.submit(u(3, .low, .hint))  // its hint
        #expect(Array(queue.pending) == [u(2, .default, .reader), u(3, .low, .hint), u(1, .low, .announcer)])
        // Said already (the phrase is current): the hint comes first of what waits.
        var saying = UtteranceQueue()
        _ = saying.submit(u(4, .default, .reader))
        _ = saying.next()
        _ = saying.submit(u(5, .low, .announcer))
        _ = saying.submit(u(6, .low, .hint))
        #expect(Array(saying.pending) == [u(6, .low, .hint), u(5, .low, .announcer)])
    }

    @Test func lowWaitsBehindCurrentSpeech() {
        var queue = UtteranceQueue()
        #expect(queue.submit(u(1, .low)).isEmpty)
        #expect(queue.next() == u(1, .low))
        #expect(queue.submit(u(2, .low)).isEmpty)
        #expect(queue.next() == nil)
        #expect(queue.finish(1) == u(1, .low))
        #expect(queue.next() == u(2, .low))
    }

    @Test func defaultInterruptsLowAndDefaultButKeepsPendingLow() {
        var queue = UtteranceQueue()
        _ = queue.submit(u(1, .default))
        _ = queue.next()
        _ = queue.submit(u(2, .low))
        _ = queue.submit(u(3, .default))  // interrupts 1
        #expect(queue.current == nil)
        #expect(Array(queue.pending) == [u(3, .default), u(2, .low)])
        #expect(queue.submit(u(4, .default)) == [.discard(u(3, .default))])
        #expect(Array(queue.pending) == [u(4, .default), u(2, .low)])
    }

    @Test func defaultDoesNotInterruptHigh() {
        var queue = UtteranceQueue()
        _ = queue.submit(u(1, .high))
        _ = queue.next()
        #expect(queue.submit(u(2, .default)).isEmpty)
        #expect(queue.current == u(1, .high))
        #expect(queue.finish(1) == u(1, .high))
        #expect(queue.next() == u(2, .default))
    }

    @Test func highInterruptsDefaultAndGoesFirst() {
        var queue = UtteranceQueue()
        _ = queue.submit(u(1, .default))
        _ = queue.next()
        _ = queue.submit(u(2, .low))
        #expect(queue.submit(u(3, .high)) == [.interrupt(u(1, .default))])
        _ = queue.submit(u(4, .high))
        #expect(Array(queue.pending) == [u(3, .high), u(4, .high), u(2, .low)])
    }

    @Test func aHighDuringAHighQueuesBehindIt() {
        var queue = UtteranceQueue()
        _ = queue.submit(u(1, .high))
        _ = queue.next()
        #expect(queue.submit(u(2, .high)).isEmpty)
        #expect(queue.current == u(1, .high))
    }

    @Test func stopCancelsEverything() {
        var queue = UtteranceQueue()
        _ = queue.submit(u(1, .low))
        _ = queue.next()
        _ = queue.submit(u(2, .low))
        #expect(queue.stop() == [.interrupt(u(1, .low)), .discard(u(2, .low))])
        #expect(queue.isIdle)
        #expect(queue.finish(1) == nil)
    }

    @Test func aPauseHoldsTheQueueAndPutsTheCurrentUtteranceBackFirst() {
        var queue = UtteranceQueue()
        var paused = queue.pause()
        #expect(paused == nil, "nothing to pause")
        _ = queue.submit(u(1, .default))
        _ = queue.next()
        _ = queue.submit(u(2, .low))
        paused = queue.pause()
        #expect(paused == [.interrupt(u(1, .default))])
        paused = queue.pause()
        #expect(paused == nil, "paused already")
        #expect(queue.isPaused && !queue.canStart)
        #expect(queue.next() == nil)
        #expect(Array(queue.pending) == [u(1, .default), u(2, .low)])
        _ = queue.submit(u(3, .low))
        #expect(queue.isPaused, "polite speech waits out a pause")
        let resumed = queue.resume()
        let again = queue.resume()
        #expect(resumed && !again, "a second resume finds nothing paused")
        let next = queue.next()
        #expect(next == u(1, .default))
    }

    @Test func newSpeechOrStopEndsAPause() {
        var queue = UtteranceQueue()
        _ = queue.submit(u(1, .low))
        let paused = queue.pause()
        #expect(paused == [])
        _ = queue.submit(u(2, .default))
        #expect(!queue.isPaused && queue.canStart)
        _ = queue.next()
        _ = queue.pause()
        _ = queue.stop()
        #expect(!queue.isPaused && queue.isIdle)
    }
}
