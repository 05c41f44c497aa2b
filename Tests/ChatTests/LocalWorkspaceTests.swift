import RealParts
import Foundation
import Testing

@testable import Chat

@Suite struct LocalWorkspaceTests {
    /// A lesson as the app gives one: a guide's lines, a question with replies, reactions.
    static let lesson = LocalWorkspace.Lesson(
        lines: [
            (LocalWorkspace.guide, "Welcome.", nil, []),
            (LocalWorkspace.guide, "Press Tab.", nil, [("👍", "Ada")]),
            ("Ada", "How do I react to a message?", nil, []),
            (LocalWorkspace.guide, "Press a.", 2, []),
            ("Ada", "Got it.", 2, []),
            (LocalWorkspace.guide, "Press F1.", 2, [("🎉", "Ada")]),
        ],
        topic: "Learn the keys here")

    /// The lesson is dated today whatever the hour (just after midnight too), and not in the
    /// future, so it is never split by a "Yesterday" heading.
    @Test func theLessonIsAllTodayAndInOrder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let before = Date()
        let store = try ChatStore(path: directory.path + "/earshot.sqlite")
        let workspace = try LocalWorkspace(store: store, nick: "me", lesson: Self.lesson)
        let times = try store.newestPage(in: workspace.welcome.id).map(\.time)
        let after = Date()
        #expect(times == times.sorted())
        for time in times {
            #expect(
                Calendar.current.isDate(time, inSameDayAs: before) || Calendar.current.isDate(time, inSameDayAs: after))
            #expect(time <= after)
        }
    }

    @Test func welcomeIsSeededWithItsLessonAReactionAndAThreadOnce() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try ChatStore(path: directory.path + "/earshot.sqlite")
        let workspace = try LocalWorkspace(store: store, nick: "me", lesson: Self.lesson)
        let page = try store.newestPage(in: workspace.welcome.id)
        #expect(page.count == Self.lesson.lines.count)
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
        let again = try LocalWorkspace(store: store, nick: "me", lesson: Self.lesson)
        #expect(try store.messageCount(channel: again.welcome.id) == Self.lesson.lines.count + 2)
        #expect(
            try store.message(msgid: try #require(question.msgid), channel: again.welcome.id)?.reactions["👍"] == ["me"])
        #expect(try store.networks().map(\.name) == ["local"])
    }
}
