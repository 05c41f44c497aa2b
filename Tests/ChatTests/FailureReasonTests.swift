import RealParts
import Foundation
import GRDB
import IRC
import Testing

@_spi(StoreWriting) @testable import Chat

/// Errors become typed reasons by their type and code, never by their text.
@Suite struct FailureReasonTests {
    @Test func storeErrorsAreClassifiedByResultCode() {
        #expect(FailureReason(DatabaseError(resultCode: .SQLITE_FULL)) == .diskFull)
        #expect(FailureReason(DatabaseError(resultCode: .SQLITE_READONLY)) == .readOnly)
        #expect(FailureReason(DatabaseError(resultCode: .SQLITE_CORRUPT)) == .other)
        let typed = ChatStore.typed(DatabaseError(resultCode: .SQLITE_FULL), .write)
        #expect(typed.code == .diskFull)
        #expect(typed.problem == .store(.write, .diskFull))
    }

    @Test func ownWordsStayAndEverythingElseIsSaidPlainly() {
        let spaced = IRCSerializationError(.invalidParameter, "parameter 1 has a space")
        #expect(FailureReason(spaced) == .refused(.notSendable(.invalidParameter)))
        #expect(FailureReason(ChatError(.cannotRegister)) == .refused(.cannotRegister))
        #expect(DisconnectReason.from(errno: ECONNREFUSED) == .refused)
    }
}

/// History a server replays is read up to the marker, news after it.
@Suite struct ReplayedHistoryTests {
    @Test func historyBeforeAMarkerIsReadAndWhatCameWhileAwayIsNews() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try ChatStore(path: directory.path + "/h.sqlite")
        let network = try store.network(named: "n")
        let channel = try store.channel(named: "#a", network: network.id)
        let base = Date(timeIntervalSince1970: 1_700_000_000)
        func line(_ text: String, _ seconds: Double) -> NewMessage {
            NewMessage(
                channelID: channel.id, author: "kim", text: text, time: base + seconds, countsAsUnread: false,
                isReplay: true)
        }
        // A first join: old lines, no marker yet: read, and the marker moves past them.
        let first = try store.insert([line("old one", 0), line("old two", 1)])
        #expect(first.news.isEmpty)
        var loaded = try #require(try store.channel(id: channel.id))
        #expect(loaded.unread == 0 && loaded.lastReadMessageID == first.replayed.last?.id)
        // Rejoining later: the same two again (skipped) and two that came while away (news).
        let again = try store.insert([line("old one", 0), line("old two", 1), line("new one", 5), line("new two", 6)])
        #expect(again.duplicates == 2)
        #expect(again.news == [channel.id: 2])
        loaded = try #require(try store.channel(id: channel.id))
        #expect(loaded.unread == 2)
    }
}

extension ReplayedHistoryTests {
    /// A server's own notice to a channel ("Replaying up to 50 lines…") is not a chat message.
    @Test func aServerNoticeToAChannelIsNotAMessage() {
        var connection = IRCConnection(configuration: .init(nick: "ada"))
        let notice = IRCMessage(
            parsing: Array(":irc.local NOTICE #a :Replaying up to 50 lines of pre-join history".utf8))
        #expect(notice.map { connection.received($0, now: Date()) }?.isEmpty == true)
    }
}
