import Accessibility

/// Something the ``UITester`` can drive: a screen that shows a tree and reacts to actions.
///
/// Only ``tree`` is required. The default ``perform(_:on:at:)`` calls the element's own
/// handlers (`activate`, `setText`); a host that wants the real key path (key map, navigator,
/// speech) implements it by feeding keys instead. ``settle()`` lets pending work run between
/// polls; ``transcriptLines`` gives what was spoken, as JSON lines.
///
/// ```swift
/// final class EmojiScreen: AccessibilityTestHost {
///     var query = ""
///     var tree: Element { … a pure function of `query` … }
/// }
/// let tester = UITester(host: EmojiScreen())
/// try await tester.enterText("smi", intoElementLabeled: "Search")
/// ```
public protocol AccessibilityTestHost: AnyObject {
    /// The current tree, rebuilt from the host's state.
    var tree: Element { get }
    /// Carries out `action` on `element`, found at `path` of ``tree``.
    func perform(_ action: TestAction, on element: Element, at path: ElementPath) async throws
    /// Lets pending work run; called after each action and between polls.
    func settle() async
    /// What was spoken so far, as transcript JSON lines.
    var transcriptLines: [String] { get }
}

extension AccessibilityTestHost {
    public func perform(_ action: TestAction, on element: Element, at path: ElementPath) async throws {
        switch action {
        case .activate:
            guard let activate = element.activate else {
                throw UITesterError(.notActivatable, "\"\(element.normalizedLabel)\" has no activate handler.")
            }
            activate()
        case .enterText(let text):
            guard let setText = element.setText else {
                throw UITesterError(.notEditable, "\"\(element.normalizedLabel)\" does not take text.")
            }
            setText(element.value + text)
        case .clearText:
            guard let setText = element.setText else {
                throw UITesterError(.notEditable, "\"\(element.normalizedLabel)\" does not take text.")
            }
            setText("")
        }
    }

    public func settle() async { await Task.yield() }

    public var transcriptLines: [String] { [] }
}
