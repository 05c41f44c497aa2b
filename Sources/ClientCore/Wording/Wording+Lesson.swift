import ChatModel

/// #welcome's lesson: the first conversation a new user reads, which teaches the keys. Its words
/// are Earshot's own, so they live with the rest of its voice.
extension Wording {
    public static let lesson = WorkspaceLesson(
        lines: [
            (
                WorkspaceLesson.guide,
                "Welcome to Earshot. This is #welcome, a channel that lives only on this computer.", nil, []
            ),
            (
                WorkspaceLesson.guide,
                "Press Right or Tab for the next item, Left or Shift-Tab for the previous one. Home and End jump to the first and the last.",
                nil, []
            ),
            (
                WorkspaceLesson.guide,
                "Enter or Space activates what has focus. Up and Down move by the rotor unit; Control-Right and Control-Left, or ] and [, change the rotor setting.",
                nil, [("👍", "Robin")]
            ),
            ("Robin", "How do I react to a message, or reply to it?", nil, []),
            (
                WorkspaceLesson.guide,
                "Press A on a message for its actions: react, reply and more. Escape closes them, or goes back.", 3, []
            ),
            ("Robin", "Got it. And when speech runs on?", 3, []),
            (
                WorkspaceLesson.guide,
                "Control-Space or Control-X stops speech at once. Shift-Up and Shift-Down show more or fewer of a list of actions. Press F1 at any time for key help, or ? outside the message field.",
                3, [("🎉", "Robin")]
            ),
            (
                WorkspaceLesson.guide,
                "Try it now: write a message below and press Enter. In the message field Left and Right move the caret, Up brings back what you sent, and Escape leaves the field. Everything here stays on this computer.",
                nil, []
            ),
        ],
        topic: "Learn Earshot's keys here")
}
