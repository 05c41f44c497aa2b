import Testing
import Typography

@Suite struct MotionPreferenceTests {
    @Test func reducedMotionStopsEverything() {
        let still = MotionPreference(reduceMotion: true)
        #expect(Set((0..<8).map(still.spinnerFrame(tick:))) == ["…"])
        #expect(Set((0..<8).map(still.typingIndicator(tick:))) == ["typing…"])
        #expect(still.customEmoji(name: "party-parrot", animated: true) == ":party-parrot:")
        #expect(!still.animatesTransitions)
    }

    @Test func motionAllowedAnimates() {
        let moving = MotionPreference(reduceMotion: false)
        #expect(Set((0..<8).map(moving.spinnerFrame(tick:))).count == 4)
        #expect(moving.customEmoji(name: "party-parrot", animated: true) == nil)
        #expect(moving.animatesTransitions)
    }
}
