import Foundation
import Testing
@testable import App

/// The line-mode command interface used when stdin is not a terminal.
@Suite struct ScriptedInterfaceTests {
    @Test func commandsMoveAndActivateAndPlainLinesAreSent() throws {
        let host = try AppHost()
        host.controller.queue.sync { host.controller.handle(line: "/first") }
        let first = host.focusedLabel
        let spokenAtFirst = host.spoken.all.last { $0.voice == .reader }?.text
        host.controller.queue.sync { host.controller.handle(line: "/next") }
        #expect(host.focusedLabel != first)
        let spokenAtNext = host.spoken.all.last { $0.voice == .reader }?.text
        #expect(spokenAtNext != nil && spokenAtNext != spokenAtFirst)
        host.controller.queue.sync { host.controller.handle(line: "  a scripted hello  ") }
        #expect(host.tree.allElements.last { $0.traits.contains(.message) }?.value == "a scripted hello")
        host.controller.queue.sync { host.controller.handle(line: "/say testing one two") }
        #expect(host.spoken.texts.contains("testing one two"))
        host.controller.queue.sync { host.controller.handle(line: "/bogus") }
        #expect(host.output.written.contains("Unknown command /bogus"))
    }
}
