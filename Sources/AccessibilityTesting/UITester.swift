import Accessibility

/// Drives a screen through its accessibility tree, by label and identifier, as KIF does.
///
/// Every step looks the element up in the host's current tree, waiting (polling with
/// ``AccessibilityTestHost/settle()``) up to ``timeout`` for it to appear. The search looks in
/// the front-most modal container first, matches labels ignoring line breaks, and treats the
/// requested traits as a subset of the element's. Elements outside the front-most modal can be
/// waited for but not tapped: the user could not reach them. Failures throw a
/// ``UITesterError`` that prints the tree the way it would be spoken.
///
/// ```swift
/// let tester = UITester(host: screen)
/// try await tester.enterText("smile", intoElementLabeled: "Search")
/// try await tester.waitForElement(label: "smile", traits: .button)
/// try await tester.tap(label: "Clear text")
/// try await tester.expectSpoken("smile, button.")
/// ```
public struct UITester {
    /// The screen under test.
    public let host: any AccessibilityTestHost
    /// How long a step waits for the tree (or the transcript) to get there.
    public var timeout: Duration
    /// A transcript file to read speech from, instead of the host's lines.
    public var transcriptPath: String?
    /// Phrase options used when printing the tree on failure.
    public var options: PhraseOptions

    /// A tester for `host`.
    public init(
        host: any AccessibilityTestHost, timeout: Duration = .seconds(10),
        transcriptPath: String? = nil, options: PhraseOptions = .standard
    ) {
        self.host = host
        self.timeout = timeout
        self.transcriptPath = transcriptPath
        self.options = options
    }

    // MARK: Finding

    /// Waits until an element with `label` (and the given traits and value) exists; returns it.
    @discardableResult
    public func waitForElement(
        label: String, traits: Traits = [], value: String? = nil
    )
        async throws -> FoundElement
    {
        let wanted = label.foldingLines()
        let found = try await poll { tree in
            UITester.find(in: tree) {
                $0.normalizedLabel == wanted && $0.traits.isSuperset(of: traits)
                    && (value == nil || $0.value.foldingLines() == value?.foldingLines())
            }
        }
        guard let found else {
            throw failure(
                .elementNotFound, "No element labelled \"\(wanted)\"\(describe(traits, value)) within \(timeout).")
        }
        return found
    }

    /// Waits until an element with `identifier` exists; returns it.
    @discardableResult
    public func waitForElement(identifier: String) async throws -> FoundElement {
        let found = try await poll { tree in UITester.find(in: tree) { $0.identifier == identifier } }
        guard let found else {
            throw failure(.elementNotFound, "No element with identifier \"\(identifier)\" within \(timeout).")
        }
        return found
    }

    /// Waits until no visible element has `label` (with the given traits).
    public func waitForAbsence(label: String, traits: Traits = []) async throws {
        let wanted = label.foldingLines()
        let gone: Bool? = try await poll { tree in
            UITester.find(in: tree) { $0.normalizedLabel == wanted && $0.traits.isSuperset(of: traits) }
                == nil ? true : nil
        }
        guard gone != nil else {
            throw failure(.elementStillPresent, "\"\(wanted)\" is still there after \(timeout).")
        }
    }

    // MARK: Acting

    /// Activates the element labelled `label` (Enter), once it exists and is enabled.
    public func tap(label: String, traits: Traits = []) async throws {
        let found = try await waitForReachable(try await waitForElement(label: label, traits: traits))
        try await host.perform(.activate, on: found.element, at: found.path)
        await host.settle()
    }

    /// Activates the element with `identifier`, once it exists and is enabled.
    public func tap(identifier: String) async throws {
        let found = try await waitForReachable(try await waitForElement(identifier: identifier))
        try await host.perform(.activate, on: found.element, at: found.path)
        await host.settle()
    }

    /// Types `text` into the editable element labelled `label`, then waits until its value is
    /// what it was plus `text`.
    public func enterText(_ text: String, intoElementLabeled label: String) async throws {
        let found = try await waitForReachable(try await waitForElement(label: label))
        try requireEditable(found)
        let expected = found.element.value + text
        try await host.perform(.enterText(text), on: found.element, at: found.path)
        await host.settle()
        try await waitForValue(expected, label: label, action: "typing \"\(text)\"")
    }

    /// Removes all text from the editable element labelled `label`, then waits until it is empty.
    public func clearText(label: String) async throws {
        let found = try await waitForReachable(try await waitForElement(label: label))
        try requireEditable(found)
        try await host.perform(.clearText, on: found.element, at: found.path)
        await host.settle()
        try await waitForValue("", label: label, action: "clearing")
    }

    // MARK: Speech

    /// The transcript so far: from ``transcriptPath`` if set, else from the host.
    public func transcript() throws -> Transcript {
        if let transcriptPath { return try Transcript(contentsOfFile: transcriptPath) }
        return try Transcript(lines: host.transcriptLines)
    }

    /// Waits until the transcript has a `speak` event containing `text` (in `voice`, if given).
    public func expectSpoken(_ text: String, voice: String? = nil) async throws {
        let heard: Bool? = try await poll { _ in try transcript().didSpeak(text, voice: voice) ? true : nil }
        guard heard != nil else {
            let spoken = (try? transcript().spokenTexts())?.suffix(10).joined(separator: " | ") ?? ""
            throw UITesterError(.notSpoken, "\"\(text)\" was not spoken within \(timeout). Last spoken: \(spoken)")
        }
    }

    /// Fails if the transcript has a `speak` event containing `text`.
    public func expectNotSpoken(_ text: String, voice: String? = nil) throws {
        if try transcript().didSpeak(text, voice: voice) {
            throw UITesterError(.spokenUnexpectedly, "\"\(text)\" was spoken.")
        }
    }

    // MARK: Machinery

    /// Calls `check` on the current tree until it returns a value or ``timeout`` passes.
    private func poll<T>(_ check: (Element) throws -> T?) async throws -> T? {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while true {
            if let result = try check(host.tree) { return result }
            if clock.now >= deadline { return nil }
            await host.settle()
            if let result = try check(host.tree) { return result }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    private func waitForReachable(_ found: FoundElement) async throws -> FoundElement {
        if found.isObscured {
            throw failure(.obscuredByModal, "\"\(found.element.normalizedLabel)\" is behind a modal container.")
        }
        guard found.element.traits.contains(.notEnabled) else { return found }
        let label = found.element.normalizedLabel
        let enabled = try await poll { tree in
            UITester.find(in: tree) { $0.normalizedLabel == label && !$0.traits.contains(.notEnabled) }
        }
        guard let enabled else { throw failure(.notEnabled, "\"\(label)\" stayed dimmed for \(timeout).") }
        return enabled
    }

    private func requireEditable(_ found: FoundElement) throws {
        let element = found.element
        guard !element.traits.isDisjoint(with: .editable) || element.setText != nil else {
            throw failure(.notEditable, "\"\(element.normalizedLabel)\" is not a text or search field.")
        }
    }

    private func waitForValue(_ expected: String, label: String, action: String) async throws {
        let wanted = label.foldingLines()
        let matched: Bool? = try await poll { tree in
            UITester.find(in: tree) { $0.normalizedLabel == wanted && $0.value == expected } != nil ? true : nil
        }
        guard matched != nil else {
            let actual = UITester.find(in: host.tree) { $0.normalizedLabel == wanted }?.element.value ?? "(gone)"
            throw failure(.textMismatch, "After \(action), \"\(wanted)\" holds \"\(actual)\", not \"\(expected)\".")
        }
    }

    private func failure(_ code: UITesterError.Code, _ message: String) -> UITesterError {
        UITesterError(code, message, spokenTree: host.tree.spokenTree(options: options))
    }

    private func describe(_ traits: Traits, _ value: String?) -> String {
        var parts: [String] = []
        let words = Phrase.traitWords(for: Element(traits: traits), verbosity: .full)
        if !words.isEmpty { parts.append("traits " + words.joined(separator: ", ")) }
        if let value { parts.append("value \"\(value)\"") }
        return parts.isEmpty ? "" : " (" + parts.joined(separator: "; ") + ")"
    }

    /// The first visible element matching `predicate`, searching the front-most modal first.
    static func find(in tree: Element, where predicate: (Element) -> Bool) -> FoundElement? {
        let modal = tree.frontmostModalPath
        if let modal, let container = tree.element(at: modal),
            let found = first(in: container, from: modal, where: predicate)
        {
            return found
        }
        guard var found = first(in: tree, from: .root, where: predicate) else { return nil }
        if let modal { found.isObscured = !found.path.isDescendant(of: modal) }
        return found
    }

    private static func first(
        in root: Element, from start: ElementPath, where predicate: (Element) -> Bool
    ) -> FoundElement? {
        var result: FoundElement?
        root.walk(from: start) { element, path in
            guard result == nil, !element.isHidden else { return false }
            if predicate(element) {
                result = FoundElement(element: element, path: path, isObscured: false)
                return false
            }
            return true
        }
        return result
    }
}

extension String {
    /// Line breaks and runs of white space folded into single spaces, trimmed.
    func foldingLines() -> String {
        split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
    }
}
