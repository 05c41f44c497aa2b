import Foundation
import Testing
import Typography

@testable import Settings

/// A fresh directory under /tmp, removed by `remove()`.
struct TemporaryDirectory {
    let path: String

    init() throws {
        var template = Array("/tmp/earshot-settings-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        try #require(made != nil)
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

@Suite struct SettingsFileTests {
    /// The client's text size change, when `[text]` exists only through `text.sh = 2`.
    @Test func storeSetsTheTextSizeBesideADottedKey() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let store = SettingsStore(file: SettingsFile(path: dir.path + "/config.toml"))
        try "# my settings\ntext.sh = 2 # mine\n".write(toFile: store.file.path, atomically: false, encoding: .utf8)
        store.loadInitial()
        let update = try #require(try store.setTextSize(.accessibilityLarge))
        #expect(update.applied)
        #expect(store.current.text.size == .accessibilityLarge)
        let text = try #require(try store.file.readText())
        #expect(text == "# my settings\ntext.sh = 2 # mine\ntext.size = \"accessibilityLarge\"\n")
    }

    @Test func defaultPathFollowsXDG() {
        #expect(
            SettingsFile.defaultPath(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]) == "/x/earshot/config.toml")
        #expect(SettingsFile.defaultPath(environment: ["HOME": "/h"]) == "/h/.config/earshot/config.toml")
        #expect(SettingsFile.resolve(explicit: "/p/c.toml", environment: ["HOME": "/h"]).path == "/p/c.toml")
    }

    @Test func writeKeepsCommentsOrderUnknownKeysAndPermissions() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let file = SettingsFile(path: dir.path + "/config.toml")
        let original = "# mine\n[text]\nsize = \"large\" # note\n\n[custom]\nkeep = 1\n"
        try original.write(toFile: file.path, atomically: false, encoding: .utf8)
        chmod(file.path, 0o640)
        var before = stat()
        stat(file.path, &before)

        try file.set(.string("accessibilityLarge"), at: ["text", "size"])

        let text = try #require(try file.readText())
        #expect(text == "# mine\n[text]\nsize = \"accessibilityLarge\" # note\n\n[custom]\nkeep = 1\n")
        var after = stat()
        stat(file.path, &after)
        #expect(after.st_mode & 0o7777 == 0o640)
        #expect(after.st_ino != before.st_ino, "replaced by rename, not rewritten in place")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(leftovers == ["config.toml"])
    }

    @Test func aBadFileIsNeverOverwritten() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let file = SettingsFile(path: dir.path + "/config.toml")
        let broken = "[text]\nsize = \"large\n"
        try broken.write(toFile: file.path, atomically: false, encoding: .utf8)
        #expect(throws: SettingsProblem.self) { try file.set(.string("small"), at: ["text", "size"]) }
        #expect(try file.readText() == broken)
    }

    @Test func newFileIsOwnerOnly() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let file = SettingsFile(path: dir.path + "/sub/config.toml")
        try file.set(.boolean(true), at: ["display", "reduce_motion"])
        #expect(try file.readText() == "[display]\nreduce_motion = true\n")
        #expect(file.isOwnerOnly())
    }

    @Test func storeKeepsLastGoodSettingsOnABadReload() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let file = SettingsFile(path: dir.path + "/config.toml")
        try "[text]\nsize = \"accessibilityLarge\"\nbogus = 1\n".write(
            toFile: file.path, atomically: false, encoding: .utf8)
        let store = SettingsStore(file: file)
        let first = store.loadInitial()
        #expect(first.new.text.size == .accessibilityLarge)
        #expect(first.old.text.size != first.new.text.size)
        #expect(first.problems.map(\.key) == ["text.bogus"])
        #expect(first.problems.map(\.severity) == [.warning])

        try "[text]\nsize = \"small\"\n[speech]\nrate = 5\n".write(
            toFile: file.path, atomically: false, encoding: .utf8)
        let update = try #require(store.reload())
        #expect(!update.applied)
        #expect(store.current.text.size == .accessibilityLarge)
        let problem = try #require(update.problems.first)
        #expect(update.problems.count == 1)
        #expect((problem.line, problem.column, problem.key) == (4, 8, "speech.rate"))
        #expect(problem.message == "5 is out of range: use 80 to 450 words per minute")
        #expect(store.reload() == nil, "same text, nothing new")
    }
}

/// A server added by voice is appended to the file as a `[[irc.servers]]` table: the comments and
/// everything else stay, the password is never written (only the variable's name), and a file
/// where the entry would not read back is not changed.
@Suite struct AppendServerTests {
    @Test func aServerIsAppendedKeepingComments() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let file = SettingsFile(path: dir.path + "/config.toml")
        let before = "# mine\n[text]\nsize = \"large\" # big enough\n"
        try before.write(toFile: file.path, atomically: false, encoding: .utf8)
        try file.appendServer(
            IRCServerSettings(
                host: "irc.example.net", port: 6697, tls: true, nick: "ada", channels: ["#a", "#b"], saslUser: "ada",
                passwordEnvironmentVariable: "ADA_PASSWORD"))
        let text = try String(contentsOfFile: file.path, encoding: .utf8)
        #expect(text.hasPrefix(before))
        #expect(text.contains("password_env = \"ADA_PASSWORD\""))
        let loaded = file.load().result.settings
        #expect(loaded.ircServers.map(\.host) == ["irc.example.net"])
        #expect(loaded.ircServers.first?.channels == ["#a", "#b"])
        #expect(loaded.ircServers.first?.saslUser == "ada")
        try file.appendServer(IRCServerSettings(host: "127.0.0.1", port: 6667, tls: false, nick: "ada"))
        #expect(file.load().result.settings.ircServers.count == 2)
    }

    @Test func aFileWhereTheEntryWouldNotReadBackIsNotChanged() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let file = SettingsFile(path: dir.path + "/config.toml")
        let before = "[irc]\nservers = []\n"
        try before.write(toFile: file.path, atomically: false, encoding: .utf8)
        #expect(throws: SettingsProblem.self) {
            try file.appendServer(IRCServerSettings(host: "irc.example.net", nick: "ada"))
        }
        #expect(try String(contentsOfFile: file.path, encoding: .utf8) == before)
    }
}
