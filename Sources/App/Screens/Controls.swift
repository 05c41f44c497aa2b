import Accessibility
import Typography

/// Controls that appear on more than one screen: text size, sample message, speech rate.
enum Controls {
    static let adjustHint = "Press Up or Down to adjust the value."

    static func textSize(_ size: ContentSizeCategory, id: ElementID, into b: inout ScreenTree.Builder) -> Element {
        b.make(
            id, Element(label: "Text size", value: Wording.sizeValue(size), traits: .adjustable, hint: adjustHint),
            ElementBehaviour(increment: .adjustTextSize(by: 1), decrement: .adjustTextSize(by: -1)))
    }

    static func sample(id: ElementID, into b: inout ScreenTree.Builder) -> Element {
        b.make(
            id, Element(label: "Sample message", value: "Alice, 10:42: The build is green again.", traits: .staticText))
    }

    static func rate(_ rate: Int, id: ElementID, into b: inout ScreenTree.Builder) -> Element {
        b.make(
            id, Element(label: "Speech rate", value: Wording.rateValue(rate), traits: .adjustable, hint: adjustHint),
            ElementBehaviour(increment: .adjustRate(by: 25), decrement: .adjustRate(by: -25)))
    }
}
