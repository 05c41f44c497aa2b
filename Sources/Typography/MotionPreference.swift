/// Whether things may move on screen (`display.reduce_motion` in the settings file).
///
/// With reduced motion nothing animates: no spinners, no typing-indicator animation, animated
/// custom emoji are shown by their still name, and sheet and drawer transitions go straight to
/// their end state.
///
/// ```swift
/// let motion = MotionPreference(reduceMotion: true)
/// motion.spinnerFrame(tick: 7)                        // "…"
/// motion.customEmoji(name: "party-parrot", animated: true)  // ":party-parrot:"
/// ```
public struct MotionPreference: Sendable, Hashable {
    /// True when the user asked for reduced motion.
    public var reduceMotion: Bool

    public init(reduceMotion: Bool = false) {
        self.reduceMotion = reduceMotion
    }

    /// Whether spinners and the typing indicator may animate.
    public var animatesIndicators: Bool { !reduceMotion }

    /// Whether sheet and drawer transitions may animate (otherwise they jump to the end state).
    public var animatesTransitions: Bool { !reduceMotion }

    /// Whether animated custom emoji may play.
    public var playsAnimatedEmoji: Bool { !reduceMotion }

    /// The spinner frames used when motion is allowed.
    public static let spinnerFrames = ["|", "/", "-", "\\"]

    /// The spinner text at `tick`: a still ellipsis when motion is reduced.
    public func spinnerFrame(tick: Int) -> String {
        guard animatesIndicators else { return "…" }
        let frames = Self.spinnerFrames
        return frames[((tick % frames.count) + frames.count) % frames.count]
    }

    /// The typing indicator at `tick`: "typing…" still when motion is reduced.
    public func typingIndicator(tick: Int) -> String {
        guard animatesIndicators else { return "typing…" }
        return "typing" + String(repeating: ".", count: ((tick % 3) + 3) % 3 + 1)
    }

    /// How a custom emoji is shown: by its still name (":name:") when it is animated and motion
    /// is reduced, otherwise `nil` (draw the emoji itself).
    public func customEmoji(name: String, animated: Bool) -> String? {
        animated && !playsAnimatedEmoji ? ":\(name):" : nil
    }
}
