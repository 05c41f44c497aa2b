import Testing

@testable import App
@testable import ClientCore

/// The small machines that wait on the server, fed with events and time alone.
@Suite struct WaitingMachinesTests {
    /// Piped lines go to the first channel in order; a `/quit` while they wait quits after them.
    @Test func pipedLinesGoToTheFirstChannelThenQuit() {
        var waiting = WaitingLines()
        #expect(waiting.channelOpened() == nil, "nothing waits")
        waiting.add("one", at: .seconds(1))
        waiting.add("two", at: .seconds(5))
        #expect(waiting.nextDeadline == .seconds(31), "from the first line")
        waiting.quitWhenSent()
        #expect(waiting.tick(at: .seconds(30)) == nil)
        #expect(waiting.channelOpened() == .init(lines: ["one", "two"], quit: true))
        #expect(waiting.isEmpty)
        #expect(waiting.nextDeadline == nil)
    }

    /// With no channel in time the lines are handed back to be refused.
    @Test func pipedLinesAreRefusedWhenNoChannelComes() {
        var waiting = WaitingLines()
        waiting.add("hello", at: .zero)
        #expect(waiting.tick(at: WaitingLines.wait) == .init(lines: ["hello"], quit: false))
        #expect(waiting.tick(at: WaitingLines.wait + .seconds(1)) == nil, "refused once")
    }

    /// Progress is said only when its answer is late, once; an answer or a refusal silences it.
    @Test func progressIsSaidOnlyWhenSlow() {
        var progress = SlowProgress()
        let joining = Fact.command(.joining("#a"))
        progress.expect(.join("#a"), joining, at: .zero)
        progress.expect(.nick, .command(.joining("#b")), at: .milliseconds(500))
        #expect(progress.nextDeadline == .seconds(1))
        #expect(progress.tick(at: .milliseconds(999)).isEmpty)
        progress.answered(.nick)
        #expect(progress.tick(at: .seconds(2)) == [joining])
        #expect(progress.tick(at: .seconds(3)).isEmpty, "said once")
        progress.expect(.part("#a"), .command(.joining("#a")), at: .seconds(4))
        progress.answerAll()
        #expect(progress.nextDeadline == nil)
    }
}

/// Say-all, fed with what the reading voice reports.
@Suite struct SayAllMachineTests {
    @Test func readingMovesOnAtEachEndAndStopsWhenCutOff() {
        var sayAll = SayAll()
        #expect(!sayAll.readerFinished(), "off")
        sayAll.start()
        #expect(!sayAll.readerFinished(), "an end from before Alt-R moves nothing")
        sayAll.readerCut()
        #expect(sayAll.isOn, "a cut from before Alt-R ends nothing")
        sayAll.readerStarted()
        #expect(sayAll.readerFinished())
        sayAll.readerCut()
        #expect(!sayAll.isOn, "cut off: reading ends")
        let wasOn = sayAll.end()
        #expect(!wasOn, "already over: no speech to stop")
    }

    @Test func aPauseKeepsReadingAndResumeGoesOn() {
        var sayAll = SayAll()
        sayAll.start()
        sayAll.readerStarted()
        sayAll.pauseToggled()
        sayAll.readerCut()
        #expect(sayAll.state == .paused(started: true), "the pause's cut ends nothing")
        #expect(sayAll.readerFinished(), "an end just before the pause: the next waits, paused")
        sayAll.pauseToggled()
        #expect(sayAll.state == .reading)
        sayAll.readerStarted()
        let ended = sayAll.end()
        #expect(ended, "a key ends it, and its speech is stopped")
        #expect(sayAll.state == .off)
        sayAll.pauseToggled()
        #expect(sayAll.state == .off, "nothing to pause")
    }

    /// What came while away is gathered over the replays of many channels and said once: at the
    /// replay's end, or after the channel that opens then is heard.
    @Test func awayNewsIsGatheredAndSaidOnce() {
        var away = AwayNews()
        away.replayed(in: 20, messages: 3, mentions: 1, at: .seconds(1))
        away.replayed(in: 21, messages: 2, mentions: 0, at: .seconds(2))
        #expect(away.replayEnded(channelOpening: true) == nil, "waits for the channel")
        #expect(away.focusHeard() == nil, "the channel has not opened yet")
        away.channelOpened()
        let said = away.focusHeard()
        #expect(said?[20] == AwayNews.Count(messages: 3, mentions: 1))
        #expect(said?[21] == AwayNews.Count(messages: 2, mentions: 0))
        #expect(away.focusHeard() == nil, "said once")
        // With no channel to wait for, at the replay's end; an empty replay says nothing.
        away.replayed(in: 20, messages: 1, mentions: 0, at: .seconds(60))
        #expect(away.replayEnded(channelOpening: false) == [20: AwayNews.Count(messages: 1, mentions: 0)])
        #expect(away.replayEnded(channelOpening: false) == nil)
    }

    /// News outside a replay (a bouncer's playback later) is said at once and gathers on, so the
    /// next sentence counts both; an absence long past starts again.
    @Test func awayNewsOutsideAReplayIsSaidAtOnceAndGathersOn() {
        var away = AwayNews()
        away.replayed(in: 20, messages: 2, mentions: 0, at: .seconds(1))
        #expect(away.outsideReplay() == [20: AwayNews.Count(messages: 2, mentions: 0)])
        away.replayed(in: 20, messages: 1, mentions: 1, at: .seconds(3))
        #expect(away.outsideReplay() == [20: AwayNews.Count(messages: 3, mentions: 1)])
        away.replayed(in: 21, messages: 1, mentions: 0, at: .seconds(3) + AwayNews.gathering + .seconds(1))
        #expect(away.outsideReplay() == [21: AwayNews.Count(messages: 1, mentions: 0)])
    }
}
