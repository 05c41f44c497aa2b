import Accessibility
import Chat
import Foundation
import Testing

@testable import App
@testable import ClientCore

/// What a listener hears when each element of every shipped screen and sheet takes focus, in
/// reading order: `Fixtures/phrases.txt` is that table, to be read as a listener would. A change
/// of any phrase fails here until the table is reviewed and updated (the test writes what it
/// heard beside the table's path, with `.actual` added, to compare).
@Suite struct PhraseTableTests {
    static let fixture: String = {
        var path = Substring(#filePath)
        path = path[..<(path.lastIndex(of: "/") ?? path.startIndex)]
        return String(path) + "/Fixtures/phrases.txt"
    }()

    /// The table as the real navigator and the core's text preparation make it.
    static func table() throws -> String {
        let directory = NSTemporaryDirectory() + "earshot-phrases-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let workspace = try LocalWorkspace(
            store: try ChatStore(path: directory + "/phrases.sqlite"), lesson: Wording.lesson)
        var lines: [String] = []
        for screen in ScreenAudit.trees(workspace: workspace) {
            lines.append("## \(screen.name)")
            var navigator = Navigator(tree: screen.tree)
            var action = navigator.first()
            while case .focus(_, let phrase) = action {
                let text = phrase.text
                let hint = phrase.hint.isEmpty ? "" : " … " + SpokenText.prepare(phrase.hint, punctuation: .some)
                lines.append(text + hint)
                action = navigator.next()
            }
            lines.append("")
        }
        // Clock times change from run to run.
        let times = try Regex(#"\b\d{1,2}:\d\d\b"#)
        return lines.map { $0.replacing(times, with: "HH:MM") }.joined(separator: "\n")
    }

    @Test func everyElementOfEveryScreenSaysWhatTheTableSays() throws {
        let heard = try Self.table()
        let expected = try String(contentsOfFile: Self.fixture, encoding: .utf8)
        if heard != expected {
            try heard.write(toFile: Self.fixture + ".actual", atomically: true, encoding: .utf8)
        }
        let heardLines = heard.components(separatedBy: "\n")
        let expectedLines = expected.components(separatedBy: "\n")
        for (index, pair) in zip(heardLines, expectedLines).enumerated() where pair.0 != pair.1 {
            Issue.record("line \(index + 1): heard \"\(pair.0)\", table says \"\(pair.1)\"")
            break
        }
        #expect(heardLines.count == expectedLines.count)
    }
}
