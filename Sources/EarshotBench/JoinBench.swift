#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import App
import Chat
import RealParts
import Foundation
import Settings
import Speech
import Terminal

/// Key to first PCM sample while the client joins 50 channels of 500 nicks each and 1,000
/// messages a second arrive across them (`join_50x500_key_p99_ms`, goal ≤ 5 ms).
///
/// The whole client as AppBench measures it — the real core, runtime and libespeak-ng engine
/// into a probe sink — with a real ``IRCClient`` (connection machine, parser, store writes of
/// members and messages) to a ``ScriptedIRCServer`` on 127.0.0.1 that answers one JOIN every
/// `joinInterval`, so joining lasts the whole measurement. Only keys pressed while JOINs are
/// still being answered count.
struct JoinBenchResult {
    var latencies: Percentiles
    var keys: Int
    var joined: Int
    var messagesSent: Int
    var seconds: Double
}

func measureJoinFlood(
    directory: String, channels: Int = 50, members: Int = 500, messagesPerSecond: Int = 1000,
    joinInterval: Duration = .milliseconds(160)
) async throws -> JoinBenchResult {
    let configPath = try CatchUpMeasure.configPath(in: directory)

    let server = try ScriptedIRCServer(
        members: members, joinInterval: joinInterval, messagesPerSecond: messagesPerSecond)
    defer { server.stop() }
    let store = try ChatStore(path: directory + "/join.sqlite")
    let workspace = try LocalWorkspace(store: store, nick: "reader", lesson: Wording.lesson)
    let names = (0..<channels).map { "#c\($0)" }
    let client = try IRCClient(
        server: IRCServerConfiguration(
            name: "bench", host: "127.0.0.1", port: server.port, usesTLS: false, nick: "reader", channels: names),
        store: store)

    let bench = try BenchClient(workspace: workspace, configPath: configPath, nick: "reader", irc: client)
    defer { bench.stop() }
    let (probe, runtime) = (bench.probe, bench.runtime)

    let chat = Task {
        await client.start()
        for await event in client.events { runtime.post(.chat(event)) }
    }
    // Keys start with the first answered JOIN (the flood starts with it too).
    let waitStart = monotonicNanoseconds()
    while server.joinsAnswered == 0 {
        guard monotonicNanoseconds() - waitStart < 30_000_000_000 else {
            throw Failure("the client never joined a channel")
        }
        usleep(1000)
    }
    usleep(100_000)

    var keys = ArrowKeys()
    var latencies: [Double] = []
    let begin = monotonicNanoseconds()
    while server.joinsAnswered < channels {
        guard let (pressed, first) = keys.press(runtime, heardBy: probe) else { continue }
        // A key after the last JOIN was answered is not "while joining".
        if server.joinsAnswered >= channels { break }
        latencies.append(Double(first - pressed) / 1e6)
        usleep(20_000)
    }
    let seconds = Double(monotonicNanoseconds() - begin) / 1e9
    let result = JoinBenchResult(
        latencies: Percentiles(latencies), keys: latencies.count, joined: server.joinsAnswered,
        messagesSent: server.messagesSent, seconds: seconds)
    await client.stop()
    chat.cancel()
    return result
}
