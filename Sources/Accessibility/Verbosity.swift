/// How much is said about an element. Verbosity changes what is spoken, never the order.
///
/// - ``full``: every trait word; headings say "heading level 2"; position in set is always said.
/// - ``terse``: headings say "heading 2"; position in set only for tabs.
public enum Verbosity: String, Hashable, Sendable, CaseIterable {
    case full
    case terse
}
