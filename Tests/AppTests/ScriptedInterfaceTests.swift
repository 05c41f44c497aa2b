import Foundation
import Testing

@testable import App
@testable import ClientCore

/// The line-mode command interface used when stdin is not a terminal.
extension AppSuites {
    @Suite struct ScriptedInterfaceTests {
        @Test func commandsMoveAndActivateAndPlainLinesAreSent() async throws {
            let host = try await AppHost()
            host.post(.line("/first"))
            let first = host.focusedLabel
            let spokenAtFirst = host.spoken.last { $0.voice == "reader" }?.text
            host.post(.line("/next"))
            #expect(host.focusedLabel != first)
            let spokenAtNext = host.spoken.last { $0.voice == "reader" }?.text
            #expect(spokenAtNext != nil && spokenAtNext != spokenAtFirst)
            host.post(.line("  a scripted hello  "))
            #expect(host.tree.allElements.last { $0.traits.contains(.message) }?.value == "a scripted hello")
            host.post(.line("/say testing one two"))
            #expect(host.spokenTexts.contains("testing one two"))
            host.post(.line("/bogus"))
            #expect(host.output.written.contains("Unknown command /bogus"))
        }

        @Test func aLineTypedBeforeOnboardingEndsIsRefusedAloudNotDropped() async throws {
            let host = try await AppHost(onboarded: false)
            host.post(.line("hello early"))
            #expect(
                host.spoken.contains { $0.text.hasPrefix("Not sent: finish onboarding first") && $0.priority == "high" }
            )
        }
    }
}
