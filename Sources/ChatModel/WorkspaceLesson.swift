/// The conversation #welcome starts with, and its topic: data the app writes (Chat words
/// nothing). Each line has its author, its text, the index of the line it replies to, and
/// reactions as (emoji, who).
public struct WorkspaceLesson: Sendable {
    /// The guide who speaks in #welcome.
    public static let guide = "Earshot"

    public var lines: [(author: String, text: String, replyTo: Int?, reactions: [(String, String)])]
    public var topic: String

    public init(
        lines: [(author: String, text: String, replyTo: Int?, reactions: [(String, String)])], topic: String
    ) {
        self.lines = lines
        self.topic = topic
    }
}
