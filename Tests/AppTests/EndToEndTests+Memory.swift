#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Foundation
import Testing

extension EndToEndTests {
    // MARK: Memory

    /// Quiet after starting, the client gives back the pages of its own code that start-up
    /// brought in: the kernel maps code 64 KB around every page touched, and all of it stayed
    /// counted in the client's memory while it sat idle. A key afterwards brings back the code
    /// it runs, and is answered as before.
    @Test func quietAfterStartingTheClientGivesBackItsStartUpCodeAndStillAnswersKeys() async throws {
        let sandbox = try Sandbox(settings: Self.onboardedSettings)
        defer { sandbox.remove() }
        let session = try sandbox.launch()
        defer { session.kill() }
        try await Self.waitUntilReady(session)
        let pid = try #require(try session.paneProcess(named: "earshot"), "no earshot process in the pane")

        // The most seen is start-up's (the client gives back only after a second of quiet).
        var most = 0
        var now = 0
        let givenBack = try await TmuxSession.waitUntil(timeout: .seconds(30)) {
            now = Self.residentProgramKilobytes(of: pid)
            most = max(most, now)
            return most > 0 && now <= most / 2
        }
        #expect(givenBack, "the program's read-only pages stayed at \(now) KB of \(most) KB\n\(Self.context(session))")

        let answer = try await Self.press(session, "Down")
        #expect(answer.contains { $0.priority != "low" }, "Down was not answered\n\(Self.context(session))")
        #expect(Glibc.kill(pid, 0) == 0, "earshot ended after giving its pages back")
    }

    /// The resident kilobytes of the mappings of the `earshot` file that cannot be written (its
    /// code and read-only data), from /proc/PID/smaps.
    static func residentProgramKilobytes(of pid: pid_t) -> Int {
        guard let smaps = try? String(contentsOfFile: "/proc/\(pid)/smaps", encoding: .utf8) else { return 0 }
        var total = 0
        var counting = false
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let range = fields.first, range.contains("-"), !range.hasSuffix(":"), fields.count >= 5 {
                counting = fields.count >= 6 && fields[5].hasSuffix("/earshot") && !fields[1].contains("w")
            } else if counting, fields.first == "Rss:", fields.count >= 2, let kilobytes = Int(fields[1]) {
                total += kilobytes
            }
        }
        return total
    }
}
