import Accessibility
import PropertyBased
import Testing

@Suite struct NavigatorPropertyTests {
    /// Builds a tree from item codes: 0–5 a button, 6 a hidden button, 7 a group of two,
    /// 8 a modal with one button, 9 a hidden modal.
    static func tree(_ items: [(Int, Int)]) -> Element {
        Element(
            label: "Root",
            children: items.map { index, code in
                switch code {
                case 0...5: Element(label: "B\(index)", traits: .button)
                case 6: Element(label: "H\(index)", traits: .button, isHidden: true)
                case 7:
                    Element(
                        label: "G\(index)",
                        children: [
                            Element(label: "C\(index)a", traits: .button), Element(label: "C\(index)b", traits: .link),
                        ])
                case 8:
                    Element(
                        label: "Modal \(index)", isModal: true, escape: { true },
                        children: [
                            Element(label: "M\(index)", traits: .button)
                        ])
                default:
                    Element(
                        label: "Hidden modal \(index)", isModal: true, isHidden: true,
                        children: [
                            Element(label: "X\(index)", traits: .button)
                        ])
                }
            })
    }

    /// The reading order, computed the plain way.
    static func expectedLabels(_ items: [(Int, Int)]) -> [String] {
        if let modal = items.last(where: { $0.1 == 8 }) { return ["M\(modal.0)"] }
        return items.flatMap { index, code -> [String] in
            switch code {
            case 0...5: ["B\(index)"]
            case 7: ["C\(index)a", "C\(index)b"]
            default: []
            }
        }
    }

    @Test func nextAndPreviousVisitEveryReachableElementOnce() async {
        await propertyCheck(input: Gen.int(in: 0...9).array(of: 1...30)) { codes in
            let items = Array(codes.enumerated())
            var navigator = Navigator(tree: Self.tree(items))
            var forward: [String] = []
            while case .focus = navigator.next() { forward.append(navigator.focusedElement?.label ?? "?") }
            #expect(forward == Self.expectedLabels(items))
            var backward: [String] = []
            while case .focus = navigator.previous() { backward.append(navigator.focusedElement?.label ?? "?") }
            #expect(backward == Array(forward.reversed().dropFirst()))
        }
    }

    @Test func focusNeverMovesToNothingWhenItsElementGoes() async {
        await propertyCheck(input: Gen.int(in: 0...9).array(of: 1...30), Gen.int(in: 0...1000)) { codes, pick in
            let items = Array(codes.enumerated())
            var navigator = Navigator(tree: Self.tree(items))
            guard navigator.reachableCount > 0 else { return }
            _ = navigator.focus(path: navigator.readingOrder[pick % navigator.reachableCount])
            let focusedLabel = navigator.focusedElement?.label ?? ""
            let remaining = items.filter { index, _ in
                !["B\(index)", "C\(index)a", "C\(index)b", "M\(index)"].contains(focusedLabel)
            }
            _ = navigator.update(tree: Self.tree(remaining))
            if navigator.reachableCount > 0 {
                #expect(navigator.focusedElement != nil)
                #expect(navigator.focusedElement?.label != focusedLabel)
            }
        }
    }
}
