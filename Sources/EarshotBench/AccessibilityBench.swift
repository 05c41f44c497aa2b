// The accessibility benchmark: navigation, rotor and announcement flood on a 100,000-element tree.
//
//     swift run -c release earshot-bench accessibility --json
import Accessibility

func runAccessibilityBench(arguments: [String]) async throws {
    let json = arguments.contains("--json")
    let groups = 1_000
    let perGroup = 100  // a heading, 98 messages and a button

    var start = monotonicNanoseconds()
    let tree = benchTree(groups: groups, perGroup: perGroup, headingEvery: 1)
    let buildMilliseconds = Double(monotonicNanoseconds() - start) / 1e6
    start = monotonicNanoseconds()
    var navigator = Navigator(tree: tree)
    let snapshotMilliseconds = Double(monotonicNanoseconds() - start) / 1e6
    let elementCount = navigator.reachableCount

    // Next and previous across the whole tree, each producing its phrase.
    var moveSamples: [Double] = []
    moveSamples.reserveCapacity(2 * groups * perGroup)
    var spokenCharacters = 0
    _ = navigator.first()
    for forward in [true, false] {
        while true {
            let before = monotonicNanoseconds()
            let action = forward ? navigator.next() : navigator.previous()
            let after = monotonicNanoseconds()
            moveSamples.append(Double(after - before) / 1000)
            guard case .focus(_, let phrase) = action else { break }
            spokenCharacters &+= phrase.text.utf8.count
        }
    }
    let moves = Percentiles(moveSamples)

    // Rotor to the next heading: from every 37th element, forward and back.
    navigator.setRotor(.headings)
    var rotorSamples: [Double] = []
    for path in stride(from: 0, to: navigator.reachableCount, by: 37) {
        _ = navigator.focus(path: [path / perGroup, path % perGroup])
        let before = monotonicNanoseconds()
        let action = path % 2 == 0 ? navigator.down() : navigator.up()
        rotorSamples.append(Double(monotonicNanoseconds() - before) / 1000)
        if case .focus(_, let phrase) = action { spokenCharacters &+= phrase.text.utf8.count }
    }
    let rotor = Percentiles(rotorSamples)

    // Sparse: one heading at each end, so every jump crosses the tree.
    var sparse = Navigator(tree: benchTree(groups: groups, perGroup: perGroup, headingEvery: groups - 1))
    var sparseSamples: [Double] = []
    for _ in 0..<200 {
        _ = sparse.first()
        let before = monotonicNanoseconds()
        _ = sparse.jump(to: .headings, forward: true)
        sparseSamples.append(Double(monotonicNanoseconds() - before) / 1000)
    }
    let sparseRotor = Percentiles(sparseSamples)

    // A rebuild: one message added at the end, focus kept.
    _ = navigator.focus(path: [groups / 2, 5])
    let rebuilt = benchTree(groups: groups, perGroup: perGroup, headingEvery: 1, extra: true)
    start = monotonicNanoseconds()
    _ = navigator.update(tree: rebuilt)
    let updateMilliseconds = Double(monotonicNanoseconds() - start) / 1e6

    let flood = floodUtterances()

    if spokenCharacters == 42 { print("") }  // keep the phrases alive
    report(
        [
            ("next_p99_us", moves(99)), ("next_p50_us", moves.median),
            ("rotor_heading_p99_us", rotor(99)), ("rotor_heading_p50_us", rotor.median),
            ("rotor_heading_sparse_p99_us", sparseRotor(99)),
            ("flood_utterances", Double(flood.utterances)), ("flood_lost", Double(10_000 - flood.counted)),
            ("flood_max_pending", Double(flood.maxPending)),
            ("elements", Double(elementCount)),
            ("tree_build_ms", buildMilliseconds), ("snapshot_ms", snapshotMilliseconds),
            ("update_ms", updateMilliseconds), ("peak_rss_mb", peakRSSMegabytes()),
        ], json: json, title: "accessibility")
}

/// `groups` containers of `perGroup` leaves: a heading (in every `headingEvery`th group),
/// messages, and a button.
private func benchTree(groups: Int, perGroup: Int, headingEvery: Int, extra: Bool = false) -> Element {
    var children: [Element] = []
    children.reserveCapacity(groups)
    for group in 0..<groups {
        var leaves: [Element] = []
        leaves.reserveCapacity(perGroup)
        let isHeading = group % headingEvery == 0
        leaves.append(Element(label: "Channel \(group)", traits: isHeading ? .header : .staticText, headingLevel: 2))
        for index in 1..<(perGroup - 1) {
            leaves.append(
                Element(
                    label: "user\(index): message \(group * perGroup + index) :smile:",
                    traits: index % 7 == 0 ? [.message, .unread] : .message,
                    positionInSet: SetPosition(index, of: perGroup - 2)))
        }
        leaves.append(Element(label: "Reply", traits: .button, hint: "Press Enter to reply.", activate: {}))
        children.append(Element(label: "Channel \(group)", children: leaves))
    }
    if extra { children.append(Element(label: "New", traits: .message)) }
    return Element(label: "Bench", children: children)
}

/// 10,000 polite announcements in one simulated second, speech taking 300 ms per utterance.
private func floodUtterances() -> (utterances: Int, counted: Int, maxPending: Int) {
    var announcer = Announcer()
    var utterances = 0
    var counted = 0
    var maxPending = 0
    var speechEnds: Duration?
    func record(_ action: Announcer.Action, at now: Duration) {
        if case .speak(let utterance) = action {
            utterances += 1
            counted += utterance.count
            speechEnds = now + .milliseconds(300)
        }
    }
    var index = 0
    var now: Duration = .zero
    let end: Duration = .seconds(10)
    while true {
        var next = end
        if index < 10_000 { next = min(next, .microseconds(index * 100)) }
        if let speechEnds { next = min(next, speechEnds) }
        if let deadline = announcer.nextDeadline { next = min(next, max(deadline, now)) }
        if next >= end { break }
        now = next
        if let ends = speechEnds, ends <= now {
            speechEnds = nil
            record(announcer.speechFinished(at: now), at: now)
        }
        while index < 10_000 && .microseconds(index * 100) <= now {
            let change = LiveRegionChange(region: "#general", politeness: .polite, text: "user: message \(index)")
            record(announcer.liveRegionChanged(change, at: now), at: now)
            maxPending = max(maxPending, announcer.pendingCount)
            index += 1
        }
        if let deadline = announcer.nextDeadline, deadline <= now { record(announcer.tick(at: now), at: now) }
    }
    return (utterances, counted, maxPending)
}
