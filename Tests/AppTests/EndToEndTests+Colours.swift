import Foundation
import Testing

extension EndToEndTests {
    /// By default the client draws with the terminal's own colours: emphasis by bold and
    /// underline, never a background (`48;…`, or `40`–`47`, `100`–`107`). With
    /// `display.color = "truecolor"` the 24-bit theme's background comes back, which shows the
    /// check can see one.
    @Test(arguments: [false, true])
    func byDefaultNoBackgroundIsPainted(truecolor: Bool) async throws {
        let sandbox = try Sandbox(settings: truecolor ? "[display]\ncolor = \"truecolor\"\n" : nil)
        defer { sandbox.remove() }
        let session = try sandbox.launch()
        defer { session.kill() }
        // A settings file means no onboarding: the local workspace's #welcome opens instead.
        let first = try await session.waitForSpeech(after: 0) { _ in true }
        try #require(first != nil, "the client did not start\n\(Self.context(session))")
        var screen = ""
        let drawn = try await TmuxSession.waitUntil(timeout: .seconds(30)) {
            screen = try session.styledScreen()
            return truecolor ? screen.contains("48;2;") : screen.contains("Welcome to Earshot")
        }
        #expect(drawn, "\(Self.context(session))\n\(screen)")
        let codes = screen.split(separator: "\u{1B}").compactMap { part -> [Int]? in
            guard part.hasPrefix("[") else { return nil }
            let body = part.dropFirst().prefix { $0 != "m" }
            guard part.dropFirst(body.count + 1).first == "m" else { return nil }
            return body.split(separator: ";").compactMap { Int($0) }
        }
        print("colour codes on screen (truecolor: \(truecolor)): \(Set(codes.flatMap { $0 }).sorted())")
        if !truecolor {
            #expect(!screen.contains("48;"), "\(screen)")
            let backgrounds = codes.flatMap { $0 }.filter {
                (40...49).contains($0) && $0 != 49 || (100...107).contains($0)
            }
            #expect(backgrounds.isEmpty, "background codes \(backgrounds)\n\(screen)")
            #expect(codes.contains { $0.contains(1) }, "headings are bold\n\(screen)")
        }
    }
}
