import RealParts
import Foundation
import TestThreads
import Testing

/// `earshot install` puts a binary that speaks anywhere: from another folder, with an empty HOME
/// and no XDG variables; and a lone copy of the binary speaks with its built-in voices.
@Suite(.ownThreads) struct InstallTests {
    /// The result of one run of a program.
    struct Run: CustomStringConvertible {
        var status: Int32
        var output: String
        var errors: String
        var description: String { "status \(status)\nstdout: \(output)\nstderr: \(errors)" }
        var lines: [String] { output.split(separator: "\n").map(String.init) }
    }

    /// Runs `program` from `directory` with exactly `environment` (the command-line tests use
    /// it too).
    static func run(
        _ program: String, _ arguments: [String], in directory: String, environment: [String: String]
    ) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        // A program copied a moment ago can be "busy" while a process another suite is
        // starting still holds the copy's descriptor between its fork and its exec: wait it out.
        var busy: (any Error)?
        let started = try waitBlocking(timeout: .seconds(5), every: .milliseconds(100)) {
            do {
                try process.run()
                return true
            } catch let error as NSError
                where (error.userInfo[NSUnderlyingErrorKey] as? NSError)?.code == Int(ETXTBSY)
            {
                busy = error
                return false
            }
        }
        if !started, let busy { throw busy }
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
            errors: String(decoding: err, as: UTF8.self))
    }

    func run(
        _ program: String, _ arguments: [String], in directory: String, environment: [String: String]
    ) throws -> Run {
        try Self.run(program, arguments, in: directory, environment: environment)
    }

    /// A new empty folder under the system's temporary folder; its name has capitals and is long,
    /// as a real home or prefix may be.
    func temporaryFolder(_ name: String) throws -> String {
        let path = NSTemporaryDirectory() + "Earshot-\(name)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A bare environment: an empty HOME, no XDG variables, no EARSHOT_VOICES.
    func bareEnvironment(home: String) -> [String: String] {
        ["HOME": home, "PATH": "/usr/bin:/bin"]
    }

    /// Installs the built `earshot` under `prefix`; returns the run.
    func install(into prefix: String) throws -> Run {
        let home = try temporaryFolder("install-home")
        defer { try? FileManager.default.removeItem(atPath: home) }
        return try run(
            EndToEndTests.earshotPath(), ["install", "--prefix", prefix], in: "/",
            environment: bareEnvironment(home: home))
    }

    /// The 16-bit samples of a mono WAV file's `data` chunk.
    func samples(ofWAV path: String) throws -> [Int16] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var offset = 12
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let size =
                Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16
                | Int(bytes[offset + 7]) << 24
            let start = offset + 8
            if id == "data" {
                let end = min(bytes.count, start + size)
                return stride(from: start, to: end - 1, by: 2).map {
                    Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8)
                }
            }
            offset = start + size + (size & 1)
        }
        return []
    }

    /// Runs `earshot say --wav … hello` from `/` with an empty HOME; expects speech in the file.
    func expectSpeech(from earshot: String, _ label: String) throws {
        let home = try temporaryFolder("\(label)-home")
        defer { try? FileManager.default.removeItem(atPath: home) }
        let wav = home + "/out.wav"
        let said = try run(
            earshot, ["say", "--speech", "off", "--wav", wav, "hello"], in: "/",
            environment: bareEnvironment(home: home))
        #expect(said.status == 0, "\(label): \(said)")
        let pcm = try samples(ofWAV: wav)
        let energy =
            pcm.isEmpty ? 0 : (pcm.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(pcm.count)).squareRoot()
        print("\(label): \(pcm.count) samples, RMS \(Int(energy))")
        #expect(pcm.count > 22050 / 4, "\(label): a quarter second of speech at least")
        #expect(energy > 300, "\(label): speech, not silence")
    }

    @Test func anInstalledBinarySpeaksFromAnotherFolderWithAnEmptyHome() throws {
        let prefix = try temporaryFolder("prefix")
        defer { try? FileManager.default.removeItem(atPath: prefix) }
        let installed = try install(into: prefix)
        #expect(installed.status == 0, "\(installed)")
        let expected = [
            "bin/earshot", "share/earshot/voices/announcer", "share/earshot/voices/hint",
            "share/earshot/voices/key-echo", "share/earshot/voices/reader", "share/man/man1/earshot.1",
            "share/bash-completion/completions/earshot", "share/zsh/site-functions/_earshot",
            "share/fish/vendor_completions.d/earshot.fish",
        ].map { prefix + "/" + $0 }
        #expect(installed.lines == expected)
        for path in expected {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue
            #expect(mode == (path.hasSuffix("bin/earshot") ? 0o755 : 0o644), "\(path)")
        }
        for role in ["announcer", "hint", "key-echo", "reader"] {
            let shipped = try String(contentsOfFile: EndToEndTests.checkout + "/voices/" + role, encoding: .utf8)
            let written = try String(contentsOfFile: prefix + "/share/earshot/voices/" + role, encoding: .utf8)
            #expect(written == shipped, "\(role)")
        }

        let earshot = prefix + "/bin/earshot"
        try expectSpeech(from: earshot, "installed")
        let home = try temporaryFolder("voices-home")
        defer { try? FileManager.default.removeItem(atPath: home) }
        let voices = try run(earshot, ["voices"], in: "/", environment: bareEnvironment(home: home))
        #expect(voices.lines.count == 4, "\(voices)")
        for line in voices.lines {
            #expect(line.contains(prefix + "/share/earshot/voices/"), "the installed voices are used: \(line)")
        }

        // Installing over the running copy replaces it in place.
        let again = try run(
            earshot, ["install", "--prefix", prefix], in: "/", environment: bareEnvironment(home: home))
        #expect(again.status == 0, "\(again)")
        #expect(again.lines == expected)
        #expect(FileManager.default.contentsEqual(atPath: earshot, andPath: try EndToEndTests.earshotPath()))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: prefix + "/bin")
        #expect(leftovers == ["earshot"], "no temporary files are left")
    }

    /// Copies an executable through a descriptor closed on exec: a copy whose descriptor a
    /// process started meanwhile by another suite inherited could not be run ("Text file busy").
    static func copyExecutable(_ source: String, to destination: String) throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: source))
        let fd = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
        guard fd >= 0 else { throw Failure("cannot create \(destination): errno \(errno)") }
        defer { close(fd) }
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw Failure("cannot write \(destination): errno \(errno)") }
    }

    @Test func aLoneCopyOfTheBinarySpeaksWithItsBuiltInVoices() throws {
        let folder = try temporaryFolder("lone")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let earshot = folder + "/earshot"
        try Self.copyExecutable(try EndToEndTests.earshotPath(), to: earshot)
        try expectSpeech(from: earshot, "lone copy")
        let home = try temporaryFolder("lone-home")
        defer { try? FileManager.default.removeItem(atPath: home) }
        let voices = try run(earshot, ["voices"], in: "/", environment: bareEnvironment(home: home))
        #expect(voices.lines.count == 4, "\(voices)")
        for line in voices.lines { #expect(line.hasSuffix("  built in"), "\(line)") }
    }

    @Test func theManPageAndCompletionsComeFromTheCommandLineDefinitions() throws {
        let prefix = try temporaryFolder("docs")
        defer { try? FileManager.default.removeItem(atPath: prefix) }
        let installed = try install(into: prefix)
        try #require(installed.status == 0, "\(installed)")
        let page = try String(contentsOfFile: prefix + "/share/man/man1/earshot.1", encoding: .utf8)
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "SUBCOMMANDS", "EXIT STATUS"] {
            #expect(page.contains(".Sh \(section)\n"), "\(section)")
        }
        for subcommand in ["say", "voices", "config", "audit", "install"] {
            #expect(page.contains(".Cm \(subcommand)\n"), "synopsis of \(subcommand)")
            #expect(page.contains(".It Cm \"\(subcommand)\"\n"), "entry for \(subcommand)")
        }
        for option in [
            "-server Ar server", "-tls", "-channel Ar channel...", "-speech Ar speech", "-wav Ar wav",
            "-prefix Ar prefix", "-theme",
        ] {
            #expect(page.contains("Fl \(option)"), "\(option)")
        }
        #expect(page.contains("(values: audio, text, off) (default: audio)"))
        // It renders: man(1) reads it without complaint.
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/man") {
            let home = try temporaryFolder("man-home")
            defer { try? FileManager.default.removeItem(atPath: home) }
            var environment = bareEnvironment(home: home)
            environment["MANWIDTH"] = "80"
            let man = try run(
                "/usr/bin/man", ["-l", prefix + "/share/man/man1/earshot.1"], in: "/", environment: environment)
            #expect(man.status == 0, "\(man)")
            #expect(man.errors.isEmpty, "\(man.errors)")
            #expect(man.output.contains("earshot install [--prefix prefix]"), "\(man.output)")
        }

        let scripts = [
            "share/bash-completion/completions/earshot", "share/zsh/site-functions/_earshot",
            "share/fish/vendor_completions.d/earshot.fish",
        ]
        for script in scripts {
            let text = try String(contentsOfFile: prefix + "/" + script, encoding: .utf8)
            // Each shell spells options its own way (`--server`, `-l 'server'`); the names are there.
            for word in ["say", "voices", "config", "audit", "install", "server", "prefix"] {
                #expect(text.contains(word), "\(script) mentions \(word)")
            }
        }
        let home = try temporaryFolder("bash-home")
        defer { try? FileManager.default.removeItem(atPath: home) }
        let bash = try run(
            "/bin/bash", ["-n", prefix + "/" + scripts[0]], in: "/", environment: bareEnvironment(home: home))
        #expect(bash.status == 0, "\(bash)")
    }

    @Test func aPrefixThatCannotBeWrittenIsOneLineAndStatusOne() throws {
        let folder = try temporaryFolder("blocked")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A file where a folder should be stops even root, unlike a read-only mode.
        let file = folder + "/not-a-folder"
        try "".write(toFile: file, atomically: true, encoding: .utf8)
        let run = try install(into: file + "/prefix")
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.errors.trimmingCharacters(in: .newlines).split(separator: "\n").count == 1, "\(run.errors)")
        #expect(run.errors.contains("Cannot write \(file)/prefix/bin/earshot"), "\(run.errors)")
        #expect(!run.errors.contains("Usage:"))
        if geteuid() != 0 {
            let readOnly = folder + "/read-only"
            try FileManager.default.createDirectory(atPath: readOnly, withIntermediateDirectories: false)
            chmod(readOnly, 0o555)
            defer { chmod(readOnly, 0o755) }
            let denied = try install(into: readOnly)
            #expect(denied.status == 1)
            #expect(denied.errors.contains("Permission denied"), "\(denied.errors)")
        }
    }
}
