import GRDB
import Testing

@testable import App
@testable import ClientCore
@testable import Chat

/// A store that cannot be read is said, never shown as an empty channel in silence.
@Suite struct StoreReadFailureTests {
    /// The runtime reports a failed read as a typed outcome beside what it could read.
    @Test func aHistoryThatCannotBeReadIsReportedBesideWhatCould() async throws {
        let host = try await AppHost()
        let channel = host.workspace.welcome.id
        try await host.workspace.store.database.write { db in try db.execute(sql: "DROP TABLE message") }
        let events = host.runtime.loaded(ChatLoad(channelID: channel, purpose: .refresh))
        guard case .loaded(let snapshot)? = events.first else {
            Issue.record("no snapshot: \(events)")
            return
        }
        #expect(snapshot.messages.isEmpty)
        #expect(!snapshot.channels.isEmpty, "the channels could still be read")
        #expect(events.contains { if case .readFailed = $0 { true } else { false } }, "\(events)")
    }

    @Test func theCoreSaysAFailedReadWithTheErrorCue() {
        var core = IRCEventsCoreTests.ircCore()
        let effects = core.handle(.readFailed(.other), at: .seconds(1))
        #expect(AppCoreTests.spoken(effects) == ["Could not read the chat history: something went wrong"])
        #expect(AppCoreTests.cues(effects) == [.error])
    }
}
