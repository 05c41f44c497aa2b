import Accessibility
import Testing

@Suite struct AnnouncerTests {
    /// Feeds `events` (time, change) to an announcer whose speech takes `speechTime` per
    /// utterance, ticking at every deadline, until `end`. Returns every utterance.
    static func simulate(
        _ events: [(Duration, LiveRegionChange)], speechTime: Duration = .milliseconds(300),
        until end: Duration = .seconds(10), maxPendingSeen: inout Int
    ) -> [SpeechRequest] {
        var announcer = Announcer()
        var utterances: [SpeechRequest] = []
        var speechEnds: Duration?
        var index = 0
        var now: Duration = .zero
        func record(_ action: Announcer.Action, at time: Duration) {
            if case .speak(let utterance) = action {
                utterances.append(utterance)
                speechEnds = time + speechTime
            }
        }
        while now <= end {
            // The next moment anything happens: an event, the end of speech, or a deadline.
            var next = end + .seconds(1)
            if index < events.count { next = min(next, events[index].0) }
            if let speechEnds { next = min(next, speechEnds) }
            if let deadline = announcer.nextDeadline { next = min(next, max(deadline, now)) }
            if next > end { break }
            now = next
            if let ends = speechEnds, ends <= now {
                speechEnds = nil
                record(announcer.speechFinished(at: now), at: now)
            }
            while index < events.count && events[index].0 <= now {
                record(announcer.liveRegionChanged(events[index].1, at: now), at: now)
                maxPendingSeen = max(maxPendingSeen, announcer.pendingCount)
                index += 1
            }
            if let deadline = announcer.nextDeadline, deadline <= now {
                record(announcer.tick(at: now), at: now)
            }
        }
        return utterances
    }

    @Test func tenThousandPoliteAnnouncementsInOneSecondCoalesce() {
        let events = (0..<10_000).map { i in
            (
                Duration.microseconds(i * 100),
                LiveRegionChange(region: "#general", politeness: .polite, text: "user\(i): message \(i)")
            )
        }
        var maxPending = 0
        let utterances = Self.simulate(events, maxPendingSeen: &maxPending)
        #expect(utterances.count <= 10)
        #expect(utterances.reduce(0) { $0 + $1.count } == 10_000)
        #expect(utterances.first?.text == "user0: message 0")
        #expect(utterances.dropFirst().allSatisfy { $0.summary?.noun == "message" && $0.summary?.region == "#general" })
        #expect(utterances.allSatisfy { $0.priority == .low })
        #expect(maxPending <= 9)
    }

    @Test func floodFromManyRegionsKeepsTheQueueBounded() {
        let events = (0..<10_000).map { i in
            (
                Duration.microseconds(i * 100),
                LiveRegionChange(region: "#channel\(i % 40)", politeness: .polite, text: "message \(i)")
            )
        }
        var maxPending = 0
        let utterances = Self.simulate(events, until: .seconds(60), maxPendingSeen: &maxPending)
        #expect(maxPending <= 9)
        #expect(utterances.reduce(0) { $0 + $1.count } == 10_000)
    }

    @Test func instantSpeechStillCoalesces() {
        let events = (0..<10_000).map { i in
            (
                Duration.microseconds(i * 100),
                LiveRegionChange(region: "#general", politeness: .polite, text: "m\(i)")
            )
        }
        var maxPending = 0
        let utterances = Self.simulate(events, speechTime: .zero, maxPendingSeen: &maxPending)
        #expect(utterances.count <= 10)
        #expect(utterances.reduce(0) { $0 + $1.count } == 10_000)
    }

    /// A flood in one region is counted as its total, not in parts: each count waits for the
    /// region to be quiet, and a count soon after another adds to it.
    @Test func aFloodIsCountedAsATotalNotInParts() {
        var announcer = Announcer()
        var said: [String] = []
        var spokenMore: Int?
        // A count is a fact ("29 message in #b" here); the app's phrase book words it.
        func note(_ action: Announcer.Action) {
            guard case .speak(let request) = action else { return }
            said.append(request.summary.map { "\($0.count) \($0.noun) in \($0.region ?? "")" } ?? request.text)
            spokenMore = request.summary?.more
        }
        // 30 lines over 1.5 s while the first is said (300 ms each).
        for index in 0..<30 {
            let at = Duration.milliseconds(50 * index)
            note(
                announcer.liveRegionChanged(
                    LiveRegionChange(region: "#b", politeness: .polite, text: "l\(index)"), at: at))
            if index % 6 == 5 { note(announcer.speechFinished(at: at)) }
        }
        var now = Duration.milliseconds(1500)
        while let deadline = announcer.nextDeadline, now < .seconds(10) {
            now = max(now, deadline)
            note(announcer.tick(at: now))
            note(announcer.speechFinished(at: now + .milliseconds(300)))
            now += .milliseconds(300)
        }
        #expect(said == ["l0", "29 message in #b"], "\(said)")
        // Ten more a moment later, while something else is said: the count adds to what was
        // not heard.
        _ = announcer.post(.announcement("Joined #c", priority: .default), at: .seconds(5))
        for index in 0..<10 {
            _ = announcer.liveRegionChanged(
                LiveRegionChange(region: "#b", politeness: .polite, text: "m\(index)"), at: .seconds(5))
        }
        note(announcer.speechFinished(at: .seconds(5) + .milliseconds(500)))
        note(announcer.tick(at: .seconds(7)))
        #expect(said.last == "39 message in #b", "\(said)")
        #expect(spokenMore == 10, "the count says the ten that came since the last")
    }

    @Test func politeAnnouncementsCoalesceWithoutRegion() {
        var announcer = Announcer()
        var spoken: [SpeechRequest] = []
        for i in 0..<10_000 {
            if case .speak(let u) = announcer.post(
                .announcement("joined \(i)", priority: .low),
                at: .microseconds(i * 100))
            {
                spoken.append(u)
            }
        }
        if case .speak(let u) = announcer.speechFinished(at: .seconds(1)) { spoken.append(u) }
        #expect(spoken.count == 2)
        #expect(spoken.last?.summary == SpeechRequest.Summary(count: 9999, noun: "announcement", region: nil))
        #expect(spoken.reduce(0) { $0 + $1.count } == 10_000)
        // The count says none of their words; it carries the newest of them, to be found again.
        #expect(spoken.last?.unheard.count == Announcer.unheardKept)
        #expect(spoken.last?.unheard.last == "joined 9999")
        #expect(spoken.last?.unheard.first == "joined \(10_000 - Announcer.unheardKept)")
    }

    @Test func politeWaitsBehindCurrentSpeech() {
        var announcer = Announcer()
        #expect(
            announcer.post(.announcement("Connected", priority: .default), at: .zero)
                == .speak(SpeechRequest("Connected", priority: .default)))
        let change = LiveRegionChange(region: "#general", politeness: .polite, text: "alice: hi")
        #expect(announcer.liveRegionChanged(change, at: .milliseconds(10)) == .none)
        #expect(announcer.pendingCount == 1)
        #expect(
            announcer.speechFinished(at: .milliseconds(400))
                == .speak(Self.said("alice: hi", .low, in: "#general")))
    }

    @Test func assertiveInterrupts() {
        var announcer = Announcer()
        _ = announcer.liveRegionChanged(
            LiveRegionChange(region: "#general", politeness: .polite, text: "alice: hi"), at: .zero)
        #expect(announcer.isSpeaking)
        let error = LiveRegionChange(region: "Status", politeness: .assertive, text: "Disconnected")
        #expect(
            announcer.liveRegionChanged(error, at: .milliseconds(5))
                == .speak(Self.said("Disconnected", .high, in: "Status")))
    }

    @Test func offRegionsAreSilent() {
        var announcer = Announcer()
        let change = LiveRegionChange(region: "Log", politeness: .off, text: "x")
        #expect(announcer.liveRegionChanged(change, at: .zero) == .none)
    }

    @Test(arguments: [
        (
            AccessibilityNotification.screenChanged(focus: "x", announcing: "Settings"),
            Announcer.Action.speak(SpeechRequest("Settings", priority: .default))
        ),
        (.layoutChanged(focus: nil, announcing: nil), .none),
        (.pageScrolled("Page 2 of 5"), .speak(SpeechRequest("Page 2 of 5", priority: .default))),
        (.announcement("Send failed", priority: .high), .speak(SpeechRequest("Send failed", priority: .high))),
    ])
    func notificationsMapOntoPriorities(_ notification: AccessibilityNotification, _ expected: Announcer.Action) {
        var announcer = Announcer()
        #expect(announcer.post(notification, at: .zero) == expected)
    }

    @Test func regionPacingHoldsASecondMessageUntilTheDeadline() {
        var announcer = Announcer(interval: .milliseconds(500))
        let a = LiveRegionChange(region: "#general", politeness: .polite, text: "a")
        let b = LiveRegionChange(region: "#general", politeness: .polite, text: "b")
        _ = announcer.liveRegionChanged(a, at: .zero)
        #expect(announcer.speechFinished(at: .milliseconds(100)) == .none)
        #expect(announcer.liveRegionChanged(b, at: .milliseconds(200)) == .none)
        #expect(announcer.nextDeadline == .milliseconds(500))
        #expect(announcer.tick(at: .milliseconds(499)) == .none)
        #expect(announcer.tick(at: .milliseconds(500)) == .speak(Self.said("b", .low, in: "#general")))
    }

    @Test func threeMessagesWhileSpeakingAreCountedAsThree() {
        var announcer = Announcer()
        _ = announcer.post(.announcement("Connected", priority: .default), at: .zero)
        for (index, text) in ["bob: one", "bob: two", "bob: three"].enumerated() {
            let change = LiveRegionChange(region: "#b", politeness: .polite, text: text)
            #expect(announcer.liveRegionChanged(change, at: .milliseconds(10 * index)) == .none)
        }
        #expect(announcer.pendingAnnouncements == 3)
        // The count waits for the region to be quiet a second, so it is the flood's total.
        #expect(announcer.speechFinished(at: .seconds(1)) == .none)
        #expect(announcer.nextDeadline == .milliseconds(1020))
        #expect(
            announcer.tick(at: .milliseconds(1020))
                == .speak(Self.count(3, "message", in: "#b")))
    }

    @Test func aBatchCountsItsItems() {
        var announcer = Announcer()
        let batch = LiveRegionChange(region: "#b", politeness: .polite, text: "bob: three", count: 3)
        #expect(
            announcer.liveRegionChanged(batch, at: .zero)
                == .speak(Self.count(3, "message", in: "#b")))
        let one = LiveRegionChange(region: "#c", politeness: .polite, text: "ann: hi", count: 1)
        _ = announcer.speechFinished(at: .seconds(1))
        #expect(announcer.liveRegionChanged(one, at: .seconds(2)) == .speak(Self.said("ann: hi", .low, in: "#c")))
    }

    @Test func aBatchWhileSpeakingAddsItsItems() {
        var announcer = Announcer()
        _ = announcer.post(.announcement("Connected", priority: .default), at: .zero)
        _ = announcer.liveRegionChanged(
            LiveRegionChange(region: "#b", politeness: .polite, text: "x", count: 2), at: .milliseconds(1))
        _ = announcer.liveRegionChanged(
            LiveRegionChange(region: "#b", politeness: .polite, text: "y"), at: .milliseconds(2))
        #expect(
            announcer.speechFinished(at: .seconds(2))
                == .speak(Self.count(3, "message", in: "#b")))
    }

    /// The request for a count of `count` items in `region`, as the announcer makes it.
    static func count(_ count: Int, _ noun: String, in region: String) -> SpeechRequest {
        var request = SpeechRequest("", priority: .low, count: count)
        request.summary = SpeechRequest.Summary(count: count, noun: noun, region: region)
        request.region = region
        return request
    }

    /// One region's news said in full: its words, and the region it is news of.
    static func said(_ text: String, _ priority: SpeechPriority, in region: String) -> SpeechRequest {
        var request = SpeechRequest(text, priority: priority)
        request.region = region
        return request
    }
}
