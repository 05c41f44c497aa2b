import GRDB
import Testing
@testable import Chat

/// Errors become typed reasons by their type and code, never by their text.
@Suite struct FailureReasonTests {
    @Test func storeErrorsAreClassifiedByResultCode() {
        #expect(FailureReason(DatabaseError(resultCode: .SQLITE_FULL)) == .diskFull)
        #expect(FailureReason(DatabaseError(resultCode: .SQLITE_READONLY)) == .readOnly)
        #expect(FailureReason(DatabaseError(resultCode: .SQLITE_CORRUPT)) == .other)
        let typed = ChatStore.typed(DatabaseError(resultCode: .SQLITE_FULL), "Cannot write to the chat database")
        #expect(typed.code == .diskFull)
        #expect(typed.message == "Cannot write to the chat database: the disk is full")
    }

    @Test func ownWordsStayAndEverythingElseIsSaidPlainly() {
        #expect(FailureReason(ChatError(.connection, "the target has a space")) == .refused("the target has a space"))
        #expect(FailureReason.other.words == "something went wrong")
        #expect(FailureReason.connection(.refused).words == "connection refused")
    }
}
