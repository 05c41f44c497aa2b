import Accessibility
import AccessibilityTesting
import Chat
import Foundation
import Settings
import Speech
import Testing
import UnicodeData

@testable import App
@testable import ClientCore

/// Fails, naming the package, when Unicode's data is not installed: emoji names come from it.
func requireUnicodeData() throws {
    try #require(
        EmojiCatalog.isInstalled(),
        "\(EmojiCatalog.emojiTestPath()) is missing: install Debian's unicode-data package (apt-get install unicode-data unicode-cldr-core; .ci/setup does)"
    )
}

/// Text preparation in the client: `earshot say`, Alt-P, capitals, the emoji picker.
@Suite struct SpokenTextCoreTests {
    @Test(arguments: [
        ("👩🏽‍💻", "woman technologist, medium skin tone"),
        ("🦩", "flamingo"),
        ("🫠", "melting face"),
        ("𝐛𝐨𝐥𝐝", "bold"),
        ("k\u{200B}im", "kim"),
    ])
    func sayPreparesItsText(_ text: String, _ expected: String) throws {
        try requireUnicodeData()
        #expect(SpeakOnce.prepared(text).text == expected)
        #expect(SpeakOnce.prepared(text).problem == nil)
    }

    /// Moves focus to the composer: the last element but one (Settings is last).
    static func focusComposer(_ core: inout AppCore) {
        _ = core.handle(.key(.end), at: .seconds(1))
        _ = core.handle(.key(.left), at: .seconds(1) + .milliseconds(100))
        #expect(core.navigator.focusedElement?.identifier == ElementID.composer.identifier)
    }

    @Test func altPCyclesThePunctuationLevelSaysItAndWritesIt() {
        var (core, _) = AppCoreTests.openCore()
        #expect(core.state.settings.speech.punctuation == .some)
        var said: [String] = []
        for (step, level) in [PunctuationLevel.most, .all, .none, .some].enumerated() {
            let effects = core.handle(.key(.alt("p")), at: .seconds(1 + step))
            #expect(AppCoreTests.written(effects)[["speech", "punctuation"]] == .string(level.rawValue))
            #expect(core.state.settings.speech.punctuation == level)
            #expect(core.navigator.options.punctuation == level)
            said += AppCoreTests.spoken(effects)
            _ = core.handle(.utterance(.done, .announcer), at: .seconds(1 + step) + .milliseconds(500))
        }
        #expect(said == ["Punctuation: most", "Punctuation: all", "Punctuation: none", "Punctuation: some"])
    }

    @Test func altPWorksWhileTyping() {
        var (core, _) = AppCoreTests.openCore()
        Self.focusComposer(&core)
        let effects = core.handle(.key(.alt("p")), at: .seconds(2))
        #expect(core.state.composer.isEmpty)
        #expect(AppCoreTests.spoken(effects) == ["Punctuation: most"])
    }

    @Test func capitalsAsWordsSayCapBeforeAnEchoedCapital() {
        var (core, _) = AppCoreTests.openCore()
        var new = core.state.settings
        new.speech.capitals = .word
        _ = core.handle(
            .settings(SettingsUpdate(kind: .reload, old: core.state.settings, new: new, problems: [], applied: true)),
            at: .seconds(1))
        Self.focusComposer(&core)
        #expect(AppCoreTests.spoken(core.handle(.key(.character("A")), at: .seconds(3))) == ["cap A"])
        #expect(AppCoreTests.spoken(core.handle(.key(.character("d")), at: .seconds(4))) == ["d"])
        // Echoing words: the word is marked.
        let characters = core.state.settings
        new.speech.echo = .words
        _ = core.handle(
            .settings(SettingsUpdate(kind: .reload, old: characters, new: new, problems: [], applied: true)),
            at: .seconds(5))
        #expect(AppCoreTests.spoken(core.handle(.key(.character(" ")), at: .seconds(6))) == ["cap Ad"])
    }

    @Test func capitalsByPitchGoToTheVoice() {
        var (core, _) = AppCoreTests.openCore()
        var new = core.state.settings
        new.speech.capitals = .pitch
        let effects = core.handle(
            .settings(SettingsUpdate(kind: .reload, old: core.state.settings, new: new, problems: [], applied: true)),
            at: .seconds(1))
        #expect(effects.contains(.configureSpeech(new.speech)))
        #expect(SpeechParameters(new.speech).capitals == .pitch)
        #expect(AppCoreTests.spoken(core.handle(.key(.end), at: .seconds(2))).first?.hasPrefix("cap") == false)
    }

    @Test func aRemoteNickWithAZeroWidthSpaceIsReadAsItsLetters() throws {
        try requireUnicodeData()
        var (core, _) = AppCoreTests.openCore()
        let message = ChatMessage(
            id: 104, channelID: 10, msgid: "m104", author: "k\u{200B}im", text: "🦩 𝐛𝐨𝐥𝐝", time: Date())
        let effects = core.handle(.chat(.messages([message])), at: .seconds(2))
        #expect(AppCoreTests.spoken(effects) == ["kim: flamingo, bold"], "\(AppCoreTests.spoken(effects))")
    }

    @Test func pickerSearchFindsAnyEmojiByNameOrKeyword() throws {
        try requireUnicodeData()
        #expect(Emoji.search("flamingo", in: .installed).emoji.first?.character == "🦩")
        #expect(Emoji.search("tropical", in: .installed).emoji.contains { $0.character == "🦩" })
        #expect(
            Emoji.search("technologist medium", in: .installed).emoji.contains {
                $0.name == "woman technologist, medium skin tone"
            })
        #expect(Emoji.search("parrot", in: .installed).emoji.contains { $0.storedForm == ":party_parrot:" })
        // The best matches first: the name itself, then names whose words start so, skin tones
        // after ("rock" listed "shamrock" first; "thumb", six skin tones of another hand).
        #expect(
            Emoji.search("rock", in: .installed).emoji.first?.name == "rock",
            "\(Emoji.search("rock", in: .installed).emoji.prefix(3))")
        let thumb = Emoji.search("thumb", in: .installed).emoji.prefix(3).map(\.name)
        #expect(thumb.contains("thumbs up") && !thumb.contains { $0.contains("skin tone") }, "\(thumb)")
        // Skin tones only when a word typed names one: "thumbs" is thumbs up and thumbs down.
        let thumbs = Emoji.search("thumbs", in: .installed)
        #expect(thumbs.emoji.map(\.name) == ["thumbs up", "thumbs down"] && thumbs.total == 2, "\(thumbs)")
        let dark = Emoji.search("thumbs dark", in: .installed).emoji.map(\.name)
        #expect(
            dark == [
                "thumbs up, medium-dark skin tone", "thumbs up, dark skin tone", "thumbs down, medium-dark skin tone",
                "thumbs down, dark skin tone",
            ], "\(dark)")
        let many = Emoji.search("face", in: .installed)
        #expect(many.emoji.count == Emoji.resultLimit && many.total > Emoji.resultLimit)
        #expect(Emoji.search("", in: .installed).emoji == Emoji.favourites)
        #expect(Emoji.name(of: "🦩", in: .shared) == "flamingo")
        #expect(Emoji.name(of: ":party_parrot:", in: .shared) == "party parrot")
        #expect(Emoji.name(of: ":custom_thing:", in: .shared) == "custom thing")
    }

    @Test func withoutTheDataThePickerStillHasTheBuiltInSet() {
        let catalog = EmojiCatalog.load(directory: "/nonexistent")
        let keywords = EmojiKeywords.load(directory: "/nonexistent")
        let missing = EmojiData(catalog: { catalog }, keywords: { keywords })
        #expect(Emoji.search("thumbs", in: missing).emoji.map(\.name) == ["thumbs up", "thumbs down"])
        #expect(Emoji.search("flamingo", in: missing).emoji.isEmpty)
        #expect(keywords.problem?.contains("unicode-cldr-core") == true)
    }
}

extension AppSuites {
    @Suite struct SpokenTextAppTests {
        @Test func altPSpeaksTheNewLevelAndWritesTheSettingsFile() async throws {
            let host = try await AppHost()
            let tester = UITester(host: host)
            try await waitForMain(tester)
            host.press(Keys.text("\u{1B}p"))
            try await tester.expectSpoken("Punctuation: most")
            let saved = try String(contentsOfFile: host.settingsPath, encoding: .utf8)
            #expect(saved.contains("punctuation = \"most\""), "\(saved)")
            #expect(saved.contains("# my settings"))
        }

        @Test func theSettingsSheetAdjustsPunctuationAndCapitals() async throws {
            let host = try await AppHost()
            let tester = UITester(host: host)
            try await tester.tap(label: "Settings")
            try await tester.waitForElement(label: "Punctuation", traits: .adjustable, value: "some")
            host.focus(identifier: "settings.speech.punctuation")
            host.press(Keys.down)
            try await tester.waitForElement(label: "Punctuation", traits: .adjustable, value: "none")
            host.focus(identifier: "settings.speech.capitals")
            host.press(Keys.up, Keys.up)
            try await tester.waitForElement(label: "Capitals", traits: .adjustable, value: "the word cap")
            try await tester.expectSpoken("the word cap")
            let saved = try String(contentsOfFile: host.settingsPath, encoding: .utf8)
            #expect(saved.contains("punctuation = \"none\""), "\(saved)")
            #expect(saved.contains("capitals = \"word\""), "\(saved)")
        }

        @Test func thePickerFindsTheFlamingoByNameAndByKeyword() async throws {
            try requireUnicodeData()
            let host = try await AppHost()
            let tester = UITester(host: host)
            let newest = try #require(host.tree.allElements.last { $0.traits.contains(.message) })
            let identifier = try #require(newest.identifier)
            host.focus(identifier: identifier)
            host.press(Keys.text("a"))
            try await tester.waitForElement(label: "Message actions", traits: .header)
            host.press(Keys.shiftUp)
            try await tester.tap(label: "Add reaction")
            try await tester.enterText("flamingo", intoElementLabeled: "Search emoji")
            try await tester.waitForElement(label: "flamingo", traits: .button)
            try await tester.clearText(label: "Search emoji")
            try await tester.enterText("tropical", intoElementLabeled: "Search emoji")
            try await tester.waitForElement(label: "flamingo", traits: .button)
            try await tester.tap(label: "flamingo")
            try await tester.waitForAbsence(label: "Emoji picker")
            try await tester.expectSpoken("Reacted with flamingo")
            let id = try #require(Int64(identifier.dropFirst("message.".count)))
            let stored = try #require(try host.workspace.store.message(id: id))
            #expect(stored.reactions["🦩"]?.contains("you") == true)
        }
    }
}
