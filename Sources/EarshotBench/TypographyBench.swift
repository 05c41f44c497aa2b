import App
import RealParts
import Foundation
import Settings
import Terminal
import Typography

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `earshot-bench typography [--json]`
///
/// - `reflow_10k_*`: wrapping 10,000 chat messages (author + body, 10% non-ASCII) again after
///   a text-size change, with kitty sizing on an 80-column terminal, alternating categories so
///   every pass really changes the wrap width.
/// - `reload_announce_*`: from the moment another writer starts replacing the settings file
///   (temporary file + rename) to the moment the real inotify watcher has reloaded it,
///   applied it (new renderer for the size) and produced the announcement text.
func runTypographyBench(arguments: [String]) async throws {
    let json = arguments.contains("--json")
    let messages = makeMessages(count: 10_000)

    // Reflow.
    let categories: [ContentSizeCategory] = [
        .large, .accessibilityLarge, .extraSmall, .accessibilityExtraExtraExtraLarge, .accessibilityMedium,
        .extraExtraLarge,
    ]
    var reflow: [Double] = []
    var lines = 0
    for pass in 0..<60 {
        let renderer = TerminalRenderer(
            category: categories[pass % categories.count], columns: 80, method: .kitty, colors: true)
        let start = monotonicNanoseconds()
        var total = 0
        for message in messages { total &+= renderer.layout(message).count }
        let elapsed = monotonicNanoseconds() - start
        lines &+= total
        if pass >= 5 { reflow.append(Double(elapsed) / 1e6) }
    }

    // Reload → announce, through the real watcher.
    let directory = NSTemporaryDirectory() + "earshot-bench-\(getpid())"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let file = SettingsFile(path: directory + "/config.toml")
    try "# bench\n[text]\nsize = \"large\"\n".write(toFile: file.path, atomically: false, encoding: .utf8)
    let store = SettingsStore(file: file)
    store.loadInitial()
    let arrivals = ArrivalBox()
    let watcher = try SettingsWatcher(store: store) { update in
        let renderer = TerminalRenderer(
            category: update.new.text.size, columns: 80, method: .kitty, colors: true,
            theme: .theme(for: update.new.display.contrast))
        let texts = Wording.announcements(for: update).map(\.text)
        arrivals.deliver(texts.joined(separator: " | ") + " @\(renderer.wrapWidth(for: .normal))")
    }
    defer { watcher.stop() }
    var reload: [Double] = []
    let sizes: [ContentSizeCategory] = [.accessibilityLarge, .large]
    for round in 0..<120 {
        let size = sizes[round % 2]
        let expected = "Text size: \(size.spokenName), \(size.percent) percent"
        let start = monotonicNanoseconds()
        let temporary = directory + "/.config.toml.new"
        try "# bench\n[text]\nsize = \"\(size.rawValue)\"\n# round \(round)\n"
            .write(toFile: temporary, atomically: false, encoding: .utf8)
        rename(temporary, file.path)
        guard let text = arrivals.wait(timeoutSeconds: 2), text.hasPrefix(expected) else {
            throw Failure("round \(round): no announcement for \(size)")
        }
        let elapsed = monotonicNanoseconds() - start
        if round >= 4 { reload.append(Double(elapsed) / 1e6) }
    }

    let reflowStats = Percentiles(reflow)
    let reloadStats = Percentiles(reload)
    report(
        [
            ("reflow_10k_p50_ms", reflowStats.median),
            ("reflow_10k_p99_ms", reflowStats(99)),
            ("reload_announce_p50_ms", reloadStats.median),
            ("reload_announce_p99_ms", reloadStats(99)),
            ("messages", Double(messages.count)),
            ("reflow_passes", Double(reflow.count)),
            ("reload_samples", Double(reload.count)),
            ("lines_per_pass", Double(lines / 60)),
            ("peak_rss_mb", peakRSSMegabytes()),
        ], json: json, title: "typography")
}

/// Hands one announcement from the watcher thread to the bench loop. Unchecked, guarded by
/// hand: `items` is touched only with `condition` locked.
private final class ArrivalBox: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [String] = []

    func deliver(_ text: String) {
        condition.lock()
        items.append(text)
        condition.signal()
        condition.unlock()
    }

    func wait(timeoutSeconds: Double) -> String? {
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty {
            if !condition.wait(until: deadline) { return nil }
        }
        return items.removeFirst()
    }
}

/// Chat-like messages: an author and a body of 5 to 60 words, one in ten with CJK or emoji.
private func makeMessages(count: Int) -> [StyledText] {
    let words = [
        "the", "build", "is", "green", "again", "after", "we", "fixed", "speech", "queue", "latency",
        "please", "review", "my", "pull", "request", "when", "you", "have", "a", "minute", "thanks",
        "accessibility", "announcement", "terminal", "renderer", "settings", "reload",
    ]
    let extras = ["日本語", "👍🏽", "café", "👨‍👩‍👧", "한국어"]
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> Int {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int(truncatingIfNeeded: seed >> 33)
    }
    return (0..<count).map { index in
        let length = 5 + next() % 56
        var body = (0..<length).map { _ in words[next() % words.count] }
        if index % 10 == 0 { body.insert(extras[next() % extras.count], at: next() % body.count) }
        return StyledText([
            .init("user\(index % 37)", style: .headline, role: .author),
            .init(" " + body.joined(separator: " "), style: .body, role: .body),
        ])
    }
}
