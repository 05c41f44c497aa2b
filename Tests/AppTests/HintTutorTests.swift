import Testing

@testable import App
@testable import ClientCore

/// Hints heard until learnt: three times, then only on a rest.
@Suite struct HintTutorTests {
    @Test func aHintIsSaidThreeTimesThenOnlyOnARest() {
        var tutor = HintTutor()
        let hint = "Press A for actions."
        for index in 0..<3 {
            let said = tutor.focused(on: "message.\(index)", hint: hint, at: .seconds(index))
            #expect(said)
        }
        let learnt = tutor.focused(on: "message.9", hint: hint, at: .seconds(10))
        #expect(!learnt)
        #expect(tutor.nextDeadline == .seconds(18))
        let early = tutor.tick(at: .seconds(17), focus: "message.9")
        #expect(early == nil, "not rested yet")
        let rested = tutor.tick(at: .seconds(18), focus: "message.9")
        #expect(rested == hint)
        #expect(tutor.nextDeadline == nil, "said once per rest")
        // Another hint is its own to learn.
        let other = tutor.focused(
            on: "main.composer", hint: "Type a message and press Enter to send it.", at: .seconds(20))
        #expect(other)
    }

    /// News said during a rest ends it: the hint does not come after news it has nothing to do
    /// with.
    @Test func newsEndsTheRest() {
        var tutor = HintTutor()
        let hint = "Press A for actions."
        for index in 0..<3 { _ = tutor.focused(on: "message.\(index)", hint: hint, at: .seconds(index)) }
        _ = tutor.focused(on: "message.9", hint: hint, at: .seconds(10))
        tutor.newsSaid(at: .seconds(17))
        #expect(tutor.tick(at: .seconds(18), focus: "message.9") == nil, "right after the news")
        #expect(tutor.tick(at: .seconds(25), focus: "message.9") == nil)
        #expect(tutor.nextDeadline == nil)
    }

    @Test func aKeyOrAMoveBreaksTheRest() {
        var tutor = HintTutor()
        let hint = "Press A for actions."
        for index in 0..<3 { _ = tutor.focused(on: "m", hint: hint, at: .seconds(index)) }
        _ = tutor.focused(on: "m", hint: hint, at: .seconds(5))
        tutor.keyPressed()
        let broken = tutor.tick(at: .seconds(30), focus: "m")
        #expect(broken == nil)
        _ = tutor.focused(on: "m", hint: hint, at: .seconds(40))
        let moved = tutor.tick(at: .seconds(50), focus: "other")
        #expect(moved == nil, "focus went elsewhere")
    }
}

extension HintTutorTests {
    /// A hint with a number in it ("Alt-3 opens it from anywhere") is one kind with the others
    /// like it: learnt after three, whatever the numbers.
    @Test func hintsThatDifferOnlyByANumberAreOneKind() {
        var tutor = HintTutor()
        let said = (1...5).map { index in
            tutor.focused(
                on: "channel.\(index)", hint: "Press Enter to open this channel. Alt-\(index) opens it from anywhere.",
                at: .seconds(index))
        }
        #expect(said == [true, true, true, false, false])
    }
}
