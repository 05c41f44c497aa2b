import App
import Chat
import RealParts
import Foundation

/// History from the server: Ergo (`draft/chathistory`) holds 200 lines the client missed in
/// each of 20 channels; the whole client (core, runtime, libespeak-ng into a probe sink, a real
/// ``IRCClient`` and store) connects, joins and fetches them (`CHATHISTORY AFTER`, pages of 100)
/// while a key is pressed every 20 ms.
///
/// - `history_fetch_usable_ms`: from starting to connect until everything missed is stored
///   and a key pressed after that is heard (its first sample); the median of the rounds.
/// - `history_fetch_key_p99_ms`: key to first sample for the keys pressed while it is fetched
///   (from its first line stored to its last), all rounds (goal ≤ 5).
/// - `history_fetch_spoken`: the announcer's utterances about it (all but the connection's own
///   "Connecting" and "Connected" sentences), once speech is idle; the most of any round; goal
///   ≤ the channels with news (20).
///
/// Each round has a fresh Ergo, so every round fetches the same.
func measureHistoryFetch(
    directory: String, rounds: Int = 5, channels: Int = 20, lines: Int = 200
) async throws -> CatchUpMeasure.Result {
    try await CatchUpMeasure.rounds(rounds, directory: directory, channelsWithNews: channels) {
        try await measureHistoryFetchRound(directory: $0, channels: channels, lines: lines)
    }
}

private func measureHistoryFetchRound(
    directory: String, channels: Int, lines: Int
) async throws -> CatchUpMeasure.Round {
    let configPath = try CatchUpMeasure.configPath(in: directory)
    let names = (0..<channels).map { "#h\($0)" }
    let ergo = try ErgoFixture()
    defer { ergo.tearDown() }
    let peer = try CatchUpMeasure.talker(port: ergo.port, joining: names)
    defer { peer.close() }

    let store = try ChatStore(path: directory + "/history.sqlite")
    let workspace = try LocalWorkspace(store: store, nick: "ada", lesson: Wording.lesson)
    let server = IRCServerConfiguration(
        name: "ergo", host: "127.0.0.1", port: ergo.port, usesTLS: false, nick: "ada", channels: names)

    // Once before: one line per channel, stored and read, so what follows is news.
    for name in names { peer.send("PRIVMSG \(name) :before you went\r\n") }
    peer.send("PING :primed\r\n")
    peer.read(until: "primed")
    let networkID = try await CatchUpMeasure.primeAndRead(server: server, store: store, lines: channels)
    let before = try store.messageCount(network: networkID)
    // Away: the server keeps what each channel says.
    for index in 0..<lines {
        for name in names {
            peer.send("PRIVMSG \(name) :while away, line \(index), about sixty characters of conversation here\r\n")
        }
    }
    peer.send("PING :said\r\n")
    peer.read(until: "said")

    // The client under measurement.
    let round = try await CatchUpMeasure.round(
        client: try IRCClient(server: server, store: store), store: store, workspace: workspace,
        configPath: configPath, before: before, expected: before + channels * lines)
    return (round.usable, round.latencies, round.spoken, round.stored - before)
}
