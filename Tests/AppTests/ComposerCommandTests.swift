import Chat
import Foundation
import Testing

@testable import App
@testable import ClientCore

@Suite struct ComposerCommandTests {
    @Test(arguments: [
        ("/join #b", ComposerCommand.join("#b")), ("/j b", .join("#b")), ("/part", .part("#a", reason: "")),
        ("/part #c bye now", .part("#c", reason: "bye now")), ("/part gone home", .part("#a", reason: "gone home")),
        ("/msg kim hi there", .message(to: "kim", text: "hi there")), ("/query kim hi", .query("kim", text: "hi")),
        ("/query kim", .query("kim", text: nil)), ("/names", .names(nil)), ("/names #b", .names("#b")),
        ("/whois kim", .whois("kim")),
        ("/me waves", .me("waves")), ("/nick ada2", .nick("ada2")), ("/topic", .topic(nil)),
        ("/topic deploy day", .topic("deploy day")), ("/away lunch", .away("lunch")), ("/away", .away("Away")),
        ("/back", .away(nil)), ("/quit", .quit("")), ("/QUIT see you", .quit("see you")), ("/help join", .help("join")),
    ])
    func linesParse(line: String, expected: ComposerCommand) throws {
        #expect(try ComposerCommand.parse(line, channel: "#a").get() == expected)
    }

    @Test(arguments: [
        "/jion #b", "/join", "/join #a b c", "/msg kim", "/msg", "/me", "/nick", "/nick a b", "/query", "/query #b",
        "/whois", "/whois a b", "/names #a #b",
    ])
    func mistakesAreSaidInWords(line: String) {
        guard case .failure(let problem) = ComposerCommand.parse(line, channel: "#a") else {
            Issue.record("\(line) was accepted")
            return
        }
        let sentence = Wording.sentence(problem)
        #expect(sentence.count > 10)
        #expect(sentence.contains("/"))
        // Said in words: no usage line's brackets.
        #expect(!sentence.contains("["), "\(sentence)")
        // What is missing is said once, then an example, not the usage repeating it.
        #expect(!sentence.contains("Usage"), "\(sentence)")
        if case .misuse(let command, _) = problem {
            #expect(sentence.hasSuffix("For example: " + (Wording.commandExample[command] ?? "?")), "\(sentence)")
        }
    }

    @Test func commandsAreCompletedAndCycled() {
        #expect(ComposerCommand.completions(of: "/jo") == ["/join"])
        #expect(ComposerCommand.completions(of: "/").count == ComposerCommand.all.count)
    }

    @Test func tabCompletesNicksAndChannelsInTheCoreAndSaysThem() {
        var (core, _) = AppCoreTests.openCore()
        _ = core.navigator.focus(identifier: ElementID.composer.identifier)
        for character in "ad" { _ = core.handle(.key(.character(character)), at: .seconds(1)) }
        let tab = core.handle(.key(.tab), at: .seconds(2))
        #expect(core.state.composer == "ada: ")
        #expect(AppCoreTests.spoken(tab) == ["ada colon"])
        #expect(
            core.navigator.focusedElement?.identifier == ElementID.composer.identifier, "Tab completed, it did not move"
        )
        for character in " #we" { _ = core.handle(.key(.character(character)), at: .seconds(3)) }
        _ = core.handle(.key(.tab), at: .seconds(4))
        #expect(core.state.composer == "ada:  #welcome ")
        for character in "zz" { _ = core.handle(.key(.character(character)), at: .seconds(5)) }
        // Nothing to complete: Tab goes on, as anywhere else.
        _ = core.handle(.key(.tab), at: .seconds(6))
        #expect(core.navigator.focusedElement?.identifier != ElementID.composer.identifier)
    }

    @Test func inTheLocalWorkspaceACommandIsRefusedAloudAndRecalledWithUpAndHelpWorks() {
        var (core, _) = AppCoreTests.openCore()
        _ = core.navigator.focus(identifier: ElementID.composer.identifier)
        _ = core.handle(.key(.paste("/join #b")), at: .seconds(1))
        let refused = core.handle(.key(.enter), at: .seconds(2))
        #expect(!refused.contains { if case .send = $0 { true } else { false } })
        #expect(AppCoreTests.spoken(refused).contains { $0.hasPrefix("No IRC server is connected") })
        // Nothing in it to correct: out of the field, and Up brings it back.
        #expect(core.state.composer.isEmpty)
        _ = core.handle(.key(.key(.up, [])), at: .seconds(2) + .milliseconds(500))
        #expect(core.state.composer == "/join #b")
        core.state.composer = "/help"
        let help = core.handle(.key(.enter), at: .seconds(3))
        #expect(
            AppCoreTests.spoken(help).contains {
                $0.hasPrefix("Commands, ") && $0.contains("join") && $0.contains("quit")
            }, "\(AppCoreTests.spoken(help))")
        // The slash is said once, and a usage in words, not symbols.
        #expect(AppCoreTests.spoken(help).allSatisfy { $0.components(separatedBy: "slash").count <= 3 })
        core.state.composer = "/help part"
        let part = AppCoreTests.spoken(core.handle(.key(.enter), at: .seconds(3) + .milliseconds(500)))
        #expect(part == ["slash part, optionally a channel and a reason: leave this channel or the one named"])
        // "//" sends the rest as text.
        core.state.composer = "//shrug"
        let sent = core.handle(.key(.enter), at: .seconds(4))
        #expect(sent.contains { if case .store(.post("/shrug", _, _)) = $0 { true } else { false } })
    }
}
