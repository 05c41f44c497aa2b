import Accessibility
import Chat
import Presentation
import Settings
import Testing
import Typography

@testable import App
@testable import ClientCore

/// A settings change in the phrase book's words: Settings reports it, Wording says it.
@Suite struct WordingSettingsTests {
    @Test func textSizeChange() {
        var new = Settings()
        new.text.size = .accessibilityLarge
        let update = SettingsUpdate(kind: .reload, old: Settings(), new: new, problems: [], applied: true)
        #expect(
            Wording.announcements(for: update) == [
                Wording.Announcement("Text size: Accessibility Large, 194 percent", .default)
            ])
    }

    @Test func nothingChangedSaysNothing() {
        let update = SettingsUpdate(kind: .reload, old: Settings(), new: Settings(), problems: [], applied: true)
        #expect(Wording.announcements(for: update).isEmpty)
    }

    @Test func contrastAndMotion() {
        var new = Settings()
        new.display.contrast = .increased
        new.display.reduceMotion = true
        let update = SettingsUpdate(kind: .reload, old: Settings(), new: new, problems: [], applied: true)
        // One sentence, in the settings sheet's order and words; set in the file alone, too.
        var quieter = Settings()
        quieter.speech.messages = .mentions
        quieter.speech.follow = ["kim"]
        #expect(
            Wording.announcements(
                for: SettingsUpdate(kind: .reload, old: Settings(), new: quieter, problems: [], applied: true)
            ).map(\.text) == ["Messages spoken: mentions only, said from every channel: kim"])
        #expect(Wording.announcements(for: update).map(\.text) == ["Reduce motion: on, increase contrast: on"])
    }

    @Test func errorsAtStartUseDefaults() {
        let problems = [
            SettingsProblem(
                code: .outOfRange, message: "bad", file: "/a/config.toml", line: 2, column: 3, key: "speech.rate"),
            SettingsProblem(
                code: .wrongType, message: "worse", file: "/a/config.toml", line: 5, column: 1, key: "text.size"),
        ]
        let update = SettingsUpdate(kind: .initial, old: Settings(), new: Settings(), problems: problems, applied: true)
        #expect(
            Wording.announcements(for: update) == [
                Wording.Announcement(
                    "Settings error in config.toml, line 2, column 3, key speech.rate: bad. And 1 more error. Using defaults for the bad keys.",
                    .high)
            ])
    }

    @Test func theEndsOfTheTextSizeRangeAreSaidAtOnce() {
        #expect(Wording.textSize(.accessibilityExtraExtraExtraLarge).hasSuffix(", the largest"))
        #expect(Wording.sizeValue(.extraSmall).hasSuffix(", the smallest"))
        #expect(!Wording.sizeValue(.large).contains("the"))
    }

    /// Failures are worded by their class, never by an error's own description.
    @Test func failuresAreSaidByTheirClass() {
        #expect(Wording.reason(FailureReason.other) == "something went wrong")
        #expect(Wording.reason(FailureReason.connection(.refused)) == "connection refused")
        #expect(Wording.reason(DisconnectReason.notWelcomed).contains("never answered as an IRC server"))
        #expect(Wording.reason(DisconnectReason.certificateForAnotherName).contains("another host name"))
    }

    /// Sheets, the drawer and screens are said from Presentation's facts, with no word of how they are built.
    @Test func panelsAreSaidFromTheirFacts() {
        let action = SheetConfiguration.Noun("action")
        #expect(
            Wording.sentence(panel: .sheetAppeared(title: "Message actions", shown: 4, total: 9, noun: action))
                == "Message actions, 4 of 9 shown. More actions shows the rest")
        // Once the listener has learnt that a sheet shows some of its actions first: its title.
        #expect(
            Wording.sentence(
                panel: .sheetAppeared(title: "Message actions", shown: 4, total: 9, noun: action), learnt: true)
                == "Message actions")
        #expect(
            Wording.sentence(panel: .sheetAppeared(title: "Reactions", shown: 2, total: 2, noun: action))
                == "Reactions, 2 actions")
        #expect(Wording.sentence(panel: .sheetExpanded(total: 9, noun: action)) == "All 9 actions")
        #expect(Wording.sentence(panel: .sheetCompressed(shown: 4, total: 9)) == "4 of 9 shown")
        #expect(Wording.sentence(panel: .sheetClosed(title: "Message actions")) == "Message actions closed")
        #expect(
            Wording.sentence(panel: .drawer(title: "Channels", state: .fullHeight)) == "Channels, all shown")
        #expect(Wording.sentence(panel: .nothingToGoBack) == "Nothing to go back to")
    }

    /// A count from the announcer, in words that agree in number.
    @Test(
        arguments: [
            (1, "message", "#b", nil, "1 new message in #b"),
            (3, "message", "#b", nil, "3 new messages in #b"),
            (2, "reply", "#b", nil, "2 new replies in #b"),
            (1, "announcement", nil, nil, "1 new announcement"),
            (11, "mention", "#a", "kim: look", "11 new mentions in #a. Newest, kim: look"),
            (4, "event", "#a", nil, "4 comings and goings in #a"),
        ] as [(Int, String, String?, String?, String)])
    func countsAreSaidInAgreement(
        _ count: Int, _ noun: String, _ region: String?, _ newest: String?, _ expected: String
    ) {
        #expect(
            Wording.summary(SpeechRequest.Summary(count: count, noun: noun, region: region, newest: newest)) == expected
        )
    }

    /// A count soon after another of the region says what came since, and the total.
    @Test func aSecondCountSaysWhatIsMoreAndTheTotal() {
        let summary = SpeechRequest.Summary(count: 8, noun: "mention", region: "#a", newest: "kim: again", more: 3)
        #expect(Wording.summary(summary) == "3 more mentions in #a, 8 in all. Newest, kim: again")
        #expect(
            Wording.summary(SpeechRequest.Summary(count: 2, noun: "message", region: "#b", more: 1))
                == "1 more message in #b, 2 in all")
    }

    /// #welcome's lesson names the keys a new user needs.
    @Test func theLessonTeachesTheKeys() {
        let text = Wording.lesson.lines.map(\.text).joined(separator: " ")
        for key in ["Tab", "Home", "Enter", "rotor", "Escape", "Control-X", "?"] { #expect(text.contains(key)) }
        #expect(Wording.lesson.lines.contains { !$0.reactions.isEmpty })
        #expect(Wording.lesson.lines.filter { $0.replyTo != nil }.count == 3)
    }
}

/// Every control of the settings table is named and hinted by the phrase book.
@Suite struct SettingWordsTests {
    @Test func everyControlOfTheTableHasItsWords() {
        for descriptor in Settings.table where descriptor.control != .fileOnly {
            #expect(Wording.settingWords[descriptor.key] != nil, "\(descriptor.dotted) has no words")
            #expect(Wording.settingHint(descriptor.key).hasPrefix("Press"), "\(descriptor.dotted)")
        }
    }
}

/// An unknown key near a known one says which was meant; taking the unknown keys out is said.
@Suite struct UnknownSettingWordsTests {
    @Test func aMisspeltKeyNamesTheOneMeantAndItsFixIsSaid() {
        let broken = Settings.decode(text: "[speech]\nemojii = \"short\"\nshout = 1\n", file: "/a/config.toml")
        let update = SettingsUpdate(
            kind: .reload, old: Settings(), new: broken.settings, problems: broken.problems, applied: true)
        #expect(
            Wording.announcements(for: update).map(\.text)
                == ["Ignoring 2 unknown settings: speech.emojii, did you mean speech.emoji; speech.shout"])
        let fixed = SettingsUpdate(
            kind: .reload, old: broken.settings, new: broken.settings, problems: [],
            previousProblems: broken.problems, applied: true)
        #expect(
            Wording.announcements(for: fixed).map(\.text) == ["Settings fixed: config.toml has no unknown settings now"]
        )
        #expect(Settings.nearestKnownKey(to: "speech.typing_interupts") == "speech.typing_interrupts")
        #expect(Settings.nearestKnownKey(to: "speech.shout") == nil)
    }
}
