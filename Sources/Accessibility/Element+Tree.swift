extension Element {
    /// The element at `path` below this one, or `nil` when the path leads nowhere.
    ///
    /// ```swift
    /// tree.element(at: [1, 0])?.label
    /// ```
    public func element(at path: ElementPath) -> Element? {
        var node = self
        for index in path.indices {
            guard node.children.indices.contains(index) else { return nil }
            node = node.children[index]
        }
        return node
    }

    /// Visits this element and every element under it in reading order (depth first).
    ///
    /// `body` returns `false` to skip the children of the element it was given.
    /// Hidden elements are visited too; check ``isHidden``.
    public func walk(from path: ElementPath = .root, _ body: (Element, ElementPath) -> Bool) {
        guard body(self, path) else { return }
        for (index, child) in children.enumerated() {
            child.walk(from: path.appending(index), body)
        }
    }

    /// The path of the front-most visible modal container, if any.
    ///
    /// Later siblings are in front of earlier ones, and a modal inside a modal is in front of
    /// its container, so this is the last visible modal in reading order.
    public var frontmostModalPath: ElementPath? {
        var found: ElementPath?
        walk { element, path in
            guard !element.isHidden else { return false }
            if element.isModal { found = path }
            return true
        }
        return found
    }

    /// The label with line breaks and runs of white space folded into single spaces.
    ///
    /// Tests match labels this way, so wrapping never breaks a test.
    public var normalizedLabel: String { label.foldingWhitespace() }
}

extension String {
    /// The string with every run of white space (line breaks included) as one space, trimmed.
    func foldingWhitespace() -> String {
        // Fast paths for ASCII: nothing to fold, or fold bytes without Unicode properties.
        var isASCII = true
        var isFolded = true
        var previousSpace = true
        for byte in utf8 {
            if byte >= 0x80 {
                isASCII = false
                break
            }
            let space = byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
            if space && (previousSpace || byte != 0x20) { isFolded = false }
            previousSpace = space
        }
        if isASCII {
            if isFolded && !previousSpace { return self }
            if isEmpty { return self }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(utf8.count)
            var pendingSpace = false
            for byte in utf8 {
                if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                    pendingSpace = !bytes.isEmpty
                } else {
                    if pendingSpace { bytes.append(0x20) }
                    pendingSpace = false
                    bytes.append(byte)
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        var result = ""
        result.reserveCapacity(utf8.count)
        var pendingSpace = false
        for character in self {
            if character.isWhitespace || character.isNewline {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(" ") }
                pendingSpace = false
                result.append(character)
            }
        }
        return result
    }
}
