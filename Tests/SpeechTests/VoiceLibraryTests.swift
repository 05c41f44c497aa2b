#if canImport(Glibc)
    @preconcurrency import Glibc
#endif
import Testing
@testable import Speech

@Suite struct VoiceLibraryTests {
    @Test func theShippedVoicesCoverEveryRoleTheClientUses() throws {
        let files = shippedVoices.files()
        for role in VoiceRole.builtIn {
            let path = try #require(files[role], "no voice file for \(role)")
            let voice = try VoiceFile(path: path)
            #expect(voice.role == role)
        }
    }

    @Test func aUserFolderAddsAndOverridesRoles() throws {
        let folder = "/tmp/earshot-user-voices-\(getpid())"
        mkdir(folder, 0o755)
        defer { _ = run(["rm", "-rf", folder]) }
        for name in ["hint", "robot"] {
            let file = fopen(folder + "/" + name, "w")
            fputs("name my-\(name)\nlanguage en\n", file)
            fclose(file)
        }
        let library = VoiceLibrary(folders: [voicesFolder, folder])
        let files = library.files()
        #expect(files[.hint] == folder + "/hint")
        #expect(files[VoiceRole(rawValue: "robot")] == folder + "/robot")
        #expect(files[.reader] == voicesFolder + "/reader")
        #expect(try library.voice(for: .hint).name == "my-hint")
    }

    @Test func theUserFolderFollowsXDG() {
        #expect(VoiceLibrary.userFolder(environment: ["XDG_CONFIG_HOME": "/x"]) == "/x/earshot/voices")
        #expect(VoiceLibrary.userFolder(environment: ["HOME": "/home/a"]) == "/home/a/.config/earshot/voices")
    }

    @Test func anUnknownRoleIsAClearError() {
        let error = #expect(throws: SpeechError.self) { try shippedVoices.voice(for: "nonexistent") }
        #expect(error?.code == .unknownVoiceRole)
        #expect(error?.message.contains("nonexistent") == true)
    }
}
