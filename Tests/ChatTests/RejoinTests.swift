import RealParts
import Foundation
import TestThreads
import Testing

@_spi(StoreWriting) @testable import Chat

extension IRCClientTests {
    /// A channel joined with /join is joined again on the next start, as after a reconnect,
    /// though the settings do not name it; once left, it is not.
    @Test func aChannelJoinedByHandIsJoinedAgainOnTheNextStartUntilLeft() async throws {
        let fixture = try InspIRCdFixture()
        let directory = try TemporaryDirectory()
        defer {
            fixture.tearDown()
            directory.remove()
        }
        func joined(_ events: EventRecorder, _ channel: String) async -> Bool {
            await events.wait(timeout: 30) { events in
                events.contains { if case .server(.joined(channel, _, true), _) = $0 { true } else { false } }
            }
        }
        let (first, firstEvents, store) = try makeClient("ada", fixture: fixture, directory: directory)
        await first.start()
        #expect(await joined(firstEvents, "#earshot"))
        try await first.join("#other")
        #expect(await joined(firstEvents, "#other"))
        await first.stop()

        // The next start: the settings name only #earshot.
        let second = try IRCClient(
            server: IRCServerConfiguration(
                name: "test", host: "127.0.0.1", port: fixture.port, usesTLS: false, nick: "ada",
                channels: ["#earshot"]),
            store: store)
        let secondEvents = EventRecorder(second)
        await second.start()
        #expect(await joined(secondEvents, "#other"), "#other, joined by hand last time, was not joined again")
        try await second.part("#other")
        #expect(
            await secondEvents.wait(timeout: 30) { events in
                events.contains { if case .server(.parted("#other", _, true, _), _) = $0 { true } else { false } }
            })
        #expect(try store.channelsToRejoin(network: second.network.id).isEmpty)
        await second.stop()
        // A channel from the settings is not kept to rejoin: the settings say whether it is.
        #expect(try !store.channelsToRejoin(network: second.network.id).contains("#earshot"))
    }
}
