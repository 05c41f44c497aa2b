import Accessibility

/// Every key and what it does, itself navigable ("Escape, dismiss a sheet or go back, 7 of 12").
enum KeyHelpSheet {
    static func build(into b: inout ScreenTree.Builder) -> [Element] {
        Wording.keyHelp.enumerated().map { index, entry in
            b.make(
                .help(index),
                Element(
                    label: entry.keys, value: entry.does, traits: .staticText,
                    positionInSet: SetPosition(index + 1, of: Wording.keyHelp.count)))
        }
    }
}
