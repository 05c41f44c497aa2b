/// The phrase book: every sentence Earshot says, made from a ``Fact``.
///
/// As swift-argument-parser's `ErrorMessageGenerator` makes every message a user reads from
/// typed parser errors, this makes every sentence a listener hears from typed facts. A sentence
/// never carries a server's or a library's own wording: what people wrote (messages, reasons,
/// topics) comes in as data and is marked verbatim by whoever speaks it.
///
/// ```swift
/// Wording.sentence(.notATextField(sheetOpen: false))  // "Not a text field"
/// ```
enum Wording {
    static func sentence(_ fact: Fact) -> String {
        switch fact {
        case .notATextField(let sheetOpen):
            sheetOpen ? "Not a text field. Escape closes this" : "Not a text field"
        case .typingInMessageField:
            "Message field"
        case .closeThisFirst:
            "Press Escape first"
        }
    }
}
