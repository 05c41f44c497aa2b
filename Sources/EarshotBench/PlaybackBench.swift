import App
import Chat
import RealParts
import Foundation
import Speech

/// A bouncer's playback: ZNC 1.8 (Debian's) in front of a real InspIRCd replays 50 channels of
/// 50 lines to the whole client (core, runtime, libespeak-ng into a probe sink, a real
/// ``IRCClient`` and store) as it connects, while a key is pressed every 20 ms.
///
/// - `playback_50x50_usable_ms`: from starting to connect until the whole playback is stored
///   and a key pressed after that is heard (its first sample); the median of the rounds.
/// - `playback_key_p99_ms`: key to first sample for the keys pressed during it (from its first
///   line stored to its last), all rounds (goal ≤ 5).
/// - `playback_spoken`: the announcer's utterances about it (everything but the connection's
///   own "Connecting" and "Connected" sentences), counted once speech is idle; the most of any
///   round; goal ≤ the channels with news.
///
/// Each round has a fresh InspIRCd, ZNC and history, so every round replays the same.
func measurePlayback(directory: String, rounds: Int = 5) async throws -> CatchUpMeasure.Result {
    try await CatchUpMeasure.rounds(rounds, directory: directory, channelsWithNews: 50) {
        try await measurePlaybackRound(directory: $0)
    }
}

private func measurePlaybackRound(
    directory: String, channels: Int = 50, lines: Int = 50
) async throws -> CatchUpMeasure.Round {
    let configPath = try CatchUpMeasure.configPath(in: directory)
    let names = (0..<channels).map { "#p\($0)" }
    let ircd = try InspIRCdFixture()
    defer { ircd.tearDown() }
    let znc = try ZNCFixture(upstreamPort: ircd.port, channels: names, bufferSize: 500)
    defer { znc.tearDown() }
    let peer = try CatchUpMeasure.talker(port: ircd.port, joining: names)
    defer { peer.close() }
    func say(_ text: (String) -> String, times: Int) throws {
        for index in 0..<times {
            for name in names { peer.send("PRIVMSG \(name) :\(text(name)) \(index)\r\n") }
        }
        // The last line in ZNC's buffer: all of them are (a line that reached ZNC after the
        // client attached would be live, not playback).
        let last = "the last line \(UUID().uuidString)"
        peer.send("PRIVMSG \(names[names.count - 1]) :\(last)\r\n")
        try znc.waitUntilReceived(last)
    }

    let store = try ChatStore(path: directory + "/playback.sqlite")
    let workspace = try LocalWorkspace(store: store, nick: "ada", lesson: Wording.lesson)
    let server = IRCServerConfiguration(
        name: "bouncer", host: "127.0.0.1", port: znc.port, usesTLS: false, nick: "ada", channels: names,
        serverPassword: znc.passString)

    // Once before: one line per channel, stored and read, so what follows is news.
    try say({ "before \($0)" }, times: 1)
    let networkID = try await CatchUpMeasure.primeAndRead(server: server, store: store, lines: channels + 1)
    let before = try store.messageCount(network: networkID)
    try say({ _ in "while away, a line of about eighty characters to replay in the bouncer buffer" }, times: lines)

    // The client under measurement.
    return try await CatchUpMeasure.round(
        client: try IRCClient(server: server, store: store), store: store, workspace: workspace,
        configPath: configPath, before: before, expected: channels * (lines + 1) + 2)
}

/// Counts the announcer's utterances (spoken or dropped before they sounded), by text.
/// Unchecked, guarded by hand: `texts` is touched only with `lock` held.
final class AnnouncementCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var texts: [UInt64: String] = [:]

    var sink: SpeechSink {
        SpeechSink(event: { [self] event in
            guard event.utterance.voice == .announcer, !event.utterance.text.isEmpty else { return }
            lock.withLock { texts[event.utterance.id] = event.utterance.text }
        })
    }

    func count(where include: (String) -> Bool) -> Int { lock.withLock { texts.values.filter(include).count } }

    /// What was said, in order.
    var said: [String] { lock.withLock { texts.sorted { $0.key < $1.key }.map(\.value) } }
}
