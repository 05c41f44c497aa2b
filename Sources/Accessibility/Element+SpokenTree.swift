extension Element {
    /// The tree written out the way it would be spoken, one element a line, indented by depth.
    ///
    /// Containers show their label in brackets; modal, hidden and live-region containers are
    /// marked. Test failures print this so the reader hears what the user would.
    ///
    /// ```
    /// [Emoji picker] (modal)
    ///   Search, search field.
    ///   Clear text, button.
    /// ```
    public func spokenTree(options: PhraseOptions = .standard) -> String {
        var lines: [String] = []
        walk { element, path in
            let indent = String(repeating: "  ", count: path.indices.count)
            var marks: [String] = []
            if element.isModal { marks.append("modal") }
            if element.isHidden { marks.append("hidden") }
            if element.liveRegion != .off { marks.append("live \(element.liveRegion.rawValue)") }
            if let identifier = element.identifier { marks.append("#\(identifier)") }
            let suffix = marks.isEmpty ? "" : " (" + marks.joined(separator: ", ") + ")"
            if element.children.isEmpty {
                let phrase = Phrase(element, options: options)
                let hint = phrase.hint.isEmpty ? "" : " … \(phrase.hint)"
                lines.append(indent + (phrase.text.isEmpty ? "(empty)" : phrase.text) + hint + suffix)
            } else {
                lines.append(indent + "[\(element.normalizedLabel)]" + suffix)
            }
            return !element.isHidden
        }
        return lines.joined(separator: "\n")
    }
}
