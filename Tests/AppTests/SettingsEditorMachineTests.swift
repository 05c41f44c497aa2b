import IRC
import Settings
import Testing
import Typography

@testable import App
@testable import ClientCore

/// The settings editor, fed with steps, follows and files alone: each change says which
/// parts outside the core it reaches, and a step at the end of a range changes nothing.
@Suite struct SettingsEditorMachineTests {
    @Test func aStepReachesOnlyThePartsItChanges() {
        var editor = SettingsEditor(Settings())
        #expect(editor.adjust(.textSize, by: 1) == .changed(.display))
        #expect(editor.adjust(.speechRate, by: 1) == .changed(.speech))
        #expect(editor.adjust(.soundsVolume, by: -1) == .changed(.sounds))
        #expect(editor.adjust(.ircServers, by: 1) == .notAdjustable)
        var largest = editor.settings
        largest.text.size = ContentSizeCategory.allCases.last!
        #expect(editor.replace(with: largest) == .display)
        #expect(editor.adjust(.textSize, by: 1) == .atEnd)
        #expect(editor.settings.text.size == ContentSizeCategory.allCases.last)
        var pronounced = editor.settings
        pronounced.speech.pronounce["ada"] = "ay da"
        #expect(editor.replace(with: pronounced) == [.speech, .pronunciations])
        #expect(editor.replace(with: pronounced) == [], "nothing new reaches nothing")
    }

    /// A person followed is followed under a new nick; following them twice is once.
    @Test func followingFollowsANewNick() {
        var editor = SettingsEditor(Settings())
        let names = IRCCaseMapping.rfc1459
        #expect(editor.follow("Ada", true, names: names) == .speech)
        _ = editor.follow("ada", true, names: names)
        #expect(editor.settings.speech.follow == ["ada"])
        #expect(editor.followRenamed(from: "bob", to: "rob", names: names) == nil, "bob is not followed")
        #expect(editor.followRenamed(from: "ADA", to: "ada_", names: names) == .speech)
        #expect(editor.follows("Ada_", names: names))
        #expect(!editor.follows("ada", names: names))
        _ = editor.follow("ada_", false, names: names)
        #expect(editor.settings.speech.follow.isEmpty)
    }
}
