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

    /// The definitions compiled into Earshot are the files in `voices/`, byte for byte.
    @Test func theBuiltInVoicesAreTheShippedFiles() throws {
        let files = shippedVoices.files()
        #expect(
            Set(files.keys) == Set(VoiceFile.builtInDefinitions.keys),
            "voices/ and VoiceFile+BuiltIn.swift list different roles")
        for (role, path) in files {
            let bytes = try #require(VoiceFile.read(path))
            let compiled = VoiceFile.builtInDefinitions[role].map { Array($0.utf8) }
            #expect(compiled == bytes, "VoiceFile+BuiltIn.swift differs from \(path): paste the file in again")
        }
        for role in VoiceRole.builtIn {
            let voice = try #require(VoiceFile.builtIn[role], "built-in \(role) fails its own check")
            #expect(voice.path == nil)
            #expect(voice.origin == "built in")
            #expect(voice.role == role)
        }
    }

    @Test func withNoFolderTheBuiltInVoicesPlayEveryRole() throws {
        let library = VoiceLibrary(folders: ["/nonexistent/voices"], includesBuiltIn: true)
        for role in VoiceRole.builtIn {
            #expect(library.sources()[role] == .builtIn)
            #expect(try library.voice(for: role) == VoiceFile.builtIn[role])
        }
        #expect(library.searched.hasSuffix("or the built-in voices"))
        let shipped = VoiceLibrary(folders: [voicesFolder], includesBuiltIn: true)
        #expect(shipped.sources()[.hint] == .file(voicesFolder + "/hint"))
    }

    @Test func shippedVoicesAreLookedForBesideTheBinaryThenInXDGDataFolders() {
        let installed = VoiceLibrary.shippedCandidates(
            environment: ["HOME": "/home/a"], executable: "/opt/earshot/bin/earshot")
        #expect(
            installed == [
                "/opt/earshot/share/earshot/voices", "/home/a/.local/share/earshot/voices",
                "/usr/local/share/earshot/voices", "/usr/share/earshot/voices",
            ])
        let checkout = VoiceLibrary.shippedCandidates(
            environment: ["XDG_DATA_HOME": "/d", "XDG_DATA_DIRS": "/x:relative:/y"],
            executable: "/src/earshot/.build/x86_64-unknown-linux-gnu/debug/earshot")
        #expect(
            checkout == [
                "/src/earshot/.build/x86_64-unknown-linux-gnu/share/earshot/voices", "/src/earshot/voices",
                "/d/earshot/voices", "/x/earshot/voices", "/y/earshot/voices",
            ])
        // Relative XDG paths and an unset HOME add nothing.
        let bare = VoiceLibrary.shippedCandidates(environment: ["XDG_DATA_HOME": "rel"], executable: nil)
        #expect(bare == ["/usr/local/share/earshot/voices", "/usr/share/earshot/voices"])
    }

    @Test func discoveryPrefersEarshotVoicesThenTheUserFolderOverridesIt() {
        let library = VoiceLibrary.discover(
            environment: ["EARSHOT_VOICES": voicesFolder, "XDG_CONFIG_HOME": "/c"], executable: "/nowhere/bin/earshot")
        #expect(library.folders == [voicesFolder, "/c/earshot/voices"])
        #expect(library.includesBuiltIn)
        let lone = VoiceLibrary.discover(
            environment: ["HOME": "/nonexistent-home", "XDG_DATA_DIRS": "/nonexistent"],
            executable: "/nonexistent-folder/earshot")
        #expect(lone.folders == ["/nonexistent-home/.config/earshot/voices"])
        #expect(lone.sources()[.reader] == .builtIn)
    }
}
