#if canImport(Glibc)
    @preconcurrency import Glibc
#endif
import Foundation
import Testing

extension EndToEndTests {
    // MARK: Faults

    /// The history on a full filesystem: a line that cannot be stored is refused aloud and goes
    /// back to the composer; when space returns, Enter stores and shows it. The data folder is a
    /// 4 MB tmpfs that the test mounts (it needs root, as CI has).
    @Test func aFullDiskRefusesALineAloudAndKeepsItUntilThereIsRoom() async throws {
        let sandbox = try Sandbox(settings: Self.onboardedSettings)
        defer { sandbox.remove() }
        let data = sandbox.root + "/data"
        let mounted = try TmuxSession.run("/bin/mount", ["-t", "tmpfs", "-o", "size=4m", "tmpfs", data])
        defer { _ = try? TmuxSession.run("/bin/umount", ["-l", data]) }
        try #require(
            FileManager.default.fileExists(atPath: data) && Self.isMountPoint(data),
            "could not mount a tmpfs at \(data) (run the tests as root): \(mounted)")
        let session = try sandbox.launch()
        defer { session.kill() }
        try await Self.waitUntilReady(session)

        // Fill the filesystem to the last byte.
        let filler = data + "/filler"
        Self.fill(filler)
        try await Self.press(session, "End")
        try await Self.press(session, "Left")
        let onComposer = try await Self.waitForEditor(session, label: "Message #welcome")
        try #require(onComposer, "Left from Settings is not the composer\n\(Self.context(session))")
        try session.type("kept line")
        let start = session.spoken().count
        try session.send("Enter")
        let refused = try await session.waitForSpeech(after: start) { $0.text.hasPrefix("Not sent: the disk is full") }
        try #require(refused != nil, "a full disk was not said\n\(Self.context(session))")
        #expect(refused?.priority == "high")
        let kept = try await TmuxSession.waitUntil(timeout: .seconds(10)) {
            try session.screen().components(separatedBy: "\n").last == "Message #welcome: kept line"
        }
        #expect(kept, "the line is not back in the composer\n\(Self.context(session))")

        // Room again: the same Enter now stores and shows it.
        try FileManager.default.removeItem(atPath: filler)
        let retry = session.spoken().count
        try session.send("Enter")
        let sent = try await session.waitForSpeech(after: retry) { $0.text == "Sent" }
        #expect(sent != nil, "the line was not sent once there was room\n\(Self.context(session))")
        #expect(try session.screen().components(separatedBy: "\n").contains("kept line"))
        try session.send("C-c")
    }

    /// Whether `path` is a mount point (its device differs from its parent's).
    static func isMountPoint(_ path: String) -> Bool {
        var own = stat()
        var parent = stat()
        guard stat(path, &own) == 0, stat(path + "/..", &parent) == 0 else { return false }
        return own.st_dev != parent.st_dev
    }

    /// Writes zeros to `path` until the filesystem refuses more.
    static func fill(_ path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { return }
        defer { close(fd) }
        let block = [UInt8](repeating: 0, count: 4096)
        while block.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
        var byte: UInt8 = 0
        while write(fd, &byte, 1) > 0 {}
    }
}
