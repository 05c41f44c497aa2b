import Typography

/// A paragraph of text in runs, each with a text style and a colour role.
///
/// The text is kept as one UTF-8 buffer so that wrapping is fast.
///
/// ```swift
/// let message = StyledText([
///     StyledText.Span("ada", style: .headline, role: .author),
///     StyledText.Span(" hello there", style: .body, role: .body),
/// ])
/// ```
public struct StyledText: Sendable, Hashable {
    /// One run of text.
    public struct Span: Sendable, Hashable {
        public var text: String
        public var style: TextStyle
        public var role: TextRole

        public init(_ text: String, style: TextStyle = .body, role: TextRole = .body) {
            self.text = text
            self.style = style
            self.role = role
        }
    }

    /// A run as a byte range of ``utf8``.
    public struct Run: Sendable, Hashable {
        public var range: Range<Int>
        public var style: TextStyle
        public var role: TextRole
    }

    /// The text of all spans.
    public let utf8: [UInt8]
    /// The runs, in order, covering ``utf8``.
    public let runs: [Run]

    public init(_ spans: [Span]) {
        var bytes: [UInt8] = []
        var runs: [Run] = []
        for span in spans {
            let start = bytes.count
            bytes.append(contentsOf: span.text.utf8)
            if bytes.count > start {
                runs.append(Run(range: start..<bytes.count, style: span.style, role: span.role))
            }
        }
        utf8 = bytes
        self.runs = runs
    }

    /// One span of body text.
    public init(_ text: String, style: TextStyle = .body, role: TextRole = .body) {
        self.init([Span(text, style: style, role: role)])
    }

    /// The text without styles.
    public var string: String { String(decoding: utf8, as: UTF8.self) }

    /// The largest point size of the paragraph's styles at `category` (its lines are sized by it).
    public func largestPointSize(at category: ContentSizeCategory) -> Int {
        var largest = 0
        for run in runs { largest = max(largest, run.style.pointSize(for: category)) }
        return largest > 0 ? largest : TextStyle.body.pointSize(for: category)
    }
}
