import RealParts
import Foundation
import TestThreads
import Testing

@testable import Chat

/// SASL PLAIN against real services: InspIRCd with `m_sasl` linked to Anope (Debian's
/// `anope`, protocol module `inspircd3`), the account registered with NickServ by the test.
@Suite(.serialized, .ownThreads) struct SASLTests {
    static let account = "ada"
    static let password = "correct-horse-7"

    func makeClient(
        _ nick: String, password: String, required: Bool = true, services: AnopeFixture, directory: TemporaryDirectory
    ) throws -> (IRCClient, EventRecorder) {
        let store = try ChatStore(path: directory.path + "/\(nick)-\(UUID().uuidString).sqlite")
        let client = try IRCClient(
            server: IRCServerConfiguration(
                name: "test", host: "127.0.0.1", port: services.port, usesTLS: false, nick: nick,
                credentials: SASLCredentials(account: Self.account, password: password),
                requiresAuthentication: required,
                channels: ["#earshot"],
                reconnect: ReconnectPolicy(initialDelay: .milliseconds(50), maximumDelay: .milliseconds(100), jitter: 0)
            ),
            store: store)
        return (client, EventRecorder(client))
    }

    /// Services with the account registered; the caller tears them down.
    func servicesWithAccount() throws -> AnopeFixture {
        let services = try AnopeFixture()
        do {
            try services.register(account: Self.account, password: Self.password)
        } catch {
            services.tearDown()
            throw error
        }
        return services
    }

    @Test func signsInWithTheRightPassword() async throws {
        let services = try servicesWithAccount()
        let directory = try TemporaryDirectory()
        defer {
            services.tearDown()
            directory.remove()
        }
        let (client, events) = try makeClient("ada", password: Self.password, services: services, directory: directory)
        await client.start()
        let synced = await events.wait(timeout: 60) { $0.contains(where: \.isSynced) }
        let afterSync = await events.events
        #expect(synced, "\(afterSync)")
        // RPL_LOGGEDIN (900) from the server, before registration finished.
        #expect(await client.account == Self.account)
        #expect(await events.count { if case .server(.authenticationFailed, _) = $0 { true } else { false } } == 0)
        #expect(
            await events.wait(timeout: 60) {
                $0.contains { if case .server(.joined("#earshot", _, true), _) = $0 { true } else { false } }
            })
        await client.stop()
    }

    @Test func aWrongPasswordIsSaidAndTheClientStops() async throws {
        let services = try servicesWithAccount()
        let directory = try TemporaryDirectory()
        defer {
            services.tearDown()
            directory.remove()
        }
        let (client, events) = try makeClient(
            "ada", password: "not-the-password", services: services, directory: directory)
        await client.start()
        let failed = await events.wait(timeout: 60) { $0.contains(where: \.isAuthenticationFailure) }
        let afterFailure = await events.events
        #expect(failed, "\(afterFailure)")
        let failure = afterFailure.first(where: \.isAuthenticationFailure)
        #expect(
            failure
                == .server(
                    .authenticationFailed(account: "ada", reason: .credentialsRefused, continuing: false),
                    channelID: nil))
        // The run loop ends: no reconnecting in a loop with a password that cannot work.
        await waitUntil(timeout: .seconds(60), every: .milliseconds(20)) { await !client.isRunning }
        #expect(await !client.isRunning)
        let seen = await events.events
        #expect(!seen.contains { if case .reconnecting = $0 { true } else { false } }, "\(seen)")
        #expect(!seen.contains { if case .server(.registered, _) = $0 { true } else { false } }, "\(seen)")
        #expect(seen.filter { if case .connecting = $0 { true } else { false } }.count == 1)
        #expect(await client.account == nil)
        await client.stop()
    }

    @Test func aWrongPasswordGoesOnWithoutTheAccountWhenAllowed() async throws {
        let services = try servicesWithAccount()
        let directory = try TemporaryDirectory()
        defer {
            services.tearDown()
            directory.remove()
        }
        let (client, events) = try makeClient(
            "ada", password: "not-the-password", required: false, services: services, directory: directory)
        await client.start()
        let joined = await events.wait(timeout: 60) {
            $0.contains { if case .server(.joined("#earshot", _, true), _) = $0 { true } else { false } }
        }
        let seen = await events.events
        #expect(joined, "\(seen)")
        #expect(
            seen.first(where: \.isAuthenticationFailure)
                == .server(
                    .authenticationFailed(account: "ada", reason: .credentialsRefused, continuing: true), channelID: nil
                ))
        #expect(await client.account == nil)
        #expect(await client.isRunning)
        await client.stop()
    }
}

extension ChatEvent {
    var isAuthenticationFailure: Bool { if case .server(.authenticationFailed, _) = self { true } else { false } }
}
