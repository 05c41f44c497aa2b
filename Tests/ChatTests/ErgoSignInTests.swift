import RealParts
import Foundation
import IRC
import Testing
import TestThreads

@testable import Chat

/// Signing in to Ergo: SCRAM-SHA-256 where it lists it (the password never sent), PLAIN when
/// the settings say so, and a wrong password refused with the reason.
@Suite(.ownThreads) struct ErgoSignInTests {
    static let password = "correct-horse-7"

    func client(
        _ ergo: ErgoFixture, password: String, mechanism: SASLMechanism? = nil, directory: TemporaryDirectory
    ) throws -> (IRCClient, EventRecorder) {
        let store = try ChatStore(path: directory.path + "/\(UUID().uuidString).sqlite")
        let client = try IRCClient(
            server: IRCServerConfiguration(
                name: "ergo", host: "127.0.0.1", port: ergo.port, usesTLS: false, nick: "ada",
                credentials: SASLCredentials(account: "ada", password: password), channels: ["#a"],
                reconnect: ReconnectPolicy(initialDelay: .seconds(30), maximumDelay: .seconds(30), jitter: 0),
                saslMechanism: mechanism),
            store: store)
        return (client, EventRecorder(client))
    }

    @Test func scramIsChosenWhereListedAndAWrongPasswordIsRefused() async throws {
        let ergo = try ErgoFixture(changes: ErgoFixture.advertisingSCRAM)
        defer { ergo.tearDown() }
        try ergo.register(account: "ada", password: Self.password)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }

        let (ada, events) = try client(ergo, password: Self.password, directory: directory)
        await ada.start()
        let synced = await events.wait(timeout: 60) { $0.contains(where: \.isSynced) }
        let seen = await events.events
        #expect(synced, "\(seen)")
        #expect(await ada.account == "ada")
        #expect(await ada.signedInWith == .scramSHA256)
        await ada.stop()

        let (wrong, wrongEvents) = try client(ergo, password: "not-the-password", directory: directory)
        await wrong.start()
        let refused = await wrongEvents.wait(timeout: 60) {
            $0.contains {
                if case .server(.authenticationFailed(_, .credentialsRefused, false), _) = $0 { true } else { false }
            }
        }
        let refusal = await wrongEvents.events
        #expect(refused, "\(refusal)")
        await wrong.stop()

        let (plain, plainEvents) = try client(ergo, password: Self.password, mechanism: .plain, directory: directory)
        await plain.start()
        #expect(await plainEvents.wait(timeout: 60) { $0.contains(where: \.isSynced) })
        #expect(await plain.signedInWith == .plain)
        await plain.stop()
    }
}
