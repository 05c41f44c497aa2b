extension Phrase {
    /// The traits in their short braille forms, as NVDA's and VoiceOver's braille show them
    /// ("btn", "h2", "edt", "lnk", "adj"), a toggle's state as NVDA's check-box cells, and the
    /// position in a set ("3/10").
    ///
    /// ```swift
    /// Phrase.brailleTraits(for: Element(label: "Send", traits: .button))  // ["btn"]
    /// ```
    public static func brailleTraits(for element: Element) -> [String] {
        let traits = element.traits
        var forms: [String] = []
        if traits.contains(.header) { forms.append(element.headingLevel > 0 ? "h\(element.headingLevel)" : "hdng") }
        if traits.contains(.button) && !traits.contains(.toggleButton) { forms.append("btn") }
        if traits.contains(.link) { forms.append("lnk") }
        if traits.contains(.searchField) {
            forms.append("srch edt")
        } else if traits.contains(.textField) {
            forms.append("edt")
        }
        if traits.contains(.image) { forms.append("gra") }
        if traits.contains(.adjustable) { forms.append("adj") }
        if traits.contains(.toggleButton) { forms.append(traits.contains(.selected) ? "⣏⣿⣹" : "⣏⠀⣹") }
        if traits.contains(.tab) { forms.append("tab") }
        if let position = element.positionInSet { forms.append("\(position.index)/\(position.count)") }
        if traits.contains(.selected) && !traits.contains(.toggleButton) { forms.append("sel") }
        if traits.contains(.notEnabled) { forms.append("unav") }
        if traits.contains(.unread) { forms.append("unrd") }
        return forms
    }
}
