import ChatTesting
import Foundation
import Testing

@testable import Chat

@Suite struct LocalWorkspaceTests {
    /// The lesson is dated today whatever the hour (just after midnight too), and not in the
    /// future, so it is never split by a "Yesterday" heading.
    @Test func theLessonIsAllTodayAndInOrder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let before = Date()
        let store = try ChatStore(path: directory.path + "/earshot.sqlite")
        let workspace = try LocalWorkspace(store: store, nick: "me")
        let times = try store.newestPage(in: workspace.welcome.id).map(\.time)
        let after = Date()
        #expect(times == times.sorted())
        for time in times {
            #expect(
                Calendar.current.isDate(time, inSameDayAs: before) || Calendar.current.isDate(time, inSameDayAs: after))
            #expect(time <= after)
        }
    }

    @Test func welcomeTeachesTheKeysWithAReactionAndAThread() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try ChatStore(path: directory.path + "/earshot.sqlite")
        let workspace = try LocalWorkspace(store: store, nick: "me")
        let page = try store.newestPage(in: workspace.welcome.id)
        #expect(page.count == LocalWorkspace.script.count)
        let text = page.map(\.text).joined(separator: " ")
        for key in ["Tab", "Home", "Enter", "rotor", "Escape", "Ctrl-X", "?"] { #expect(text.contains(key)) }
        #expect(page.contains { !$0.reactions.isEmpty })
        let question = try #require(page.first { $0.text.hasPrefix("How do I react") })
        #expect(try store.replies(to: try #require(question.msgid), channel: workspace.welcome.id).count == 3)
        #expect(try store.channel(id: workspace.welcome.id)?.topic.isEmpty == false)

        // The user posts, reacts and replies; reopening does not seed twice.
        let mine = try workspace.post("Hello \u{1B}[31mthere")
        #expect(mine.text == "Hello \u{241B}there")
        #expect(try workspace.react("👍", to: question))
        let reply = try workspace.post("Thanks!", replyTo: question)
        #expect(reply.replyTo == question.msgid)
        let again = try LocalWorkspace(store: store, nick: "me")
        #expect(try store.messageCount(channel: again.welcome.id) == LocalWorkspace.script.count + 2)
        #expect(
            try store.message(msgid: try #require(question.msgid), channel: again.welcome.id)?.reactions["👍"] == ["me"])
        #expect(try store.networks().map(\.name) == ["local"])
    }
}
