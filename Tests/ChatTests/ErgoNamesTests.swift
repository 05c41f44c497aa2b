import RealParts
import Foundation
import IRC
import Testing
import TestThreads

@testable import Chat

/// Who is who on Ergo: names compared as it compares them (`CASEMAPPING=ascii`, where `[` and
/// `{` are different letters), and who is signed in as whom (WHOX, `account-notify`).
@Suite(.ownThreads) struct ErgoNamesTests {
    func client(
        nick: String, _ ergo: ErgoFixture, _ directory: TemporaryDirectory
    ) throws -> (
        IRCClient, EventRecorder, ChatStore
    ) {
        let store = try ChatStore(path: directory.path + "/\(nick).sqlite")
        let client = try IRCClient(
            server: IRCServerConfiguration(
                name: "ergo", host: "127.0.0.1", port: ergo.port, usesTLS: false, nick: nick, channels: ["#a"]),
            store: store)
        return (client, EventRecorder(client), store)
    }

    @Test func kimInBracketsAndKimInBracesAreTwoPeople() async throws {
        let ergo = try ErgoFixture()
        defer { ergo.tearDown() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (kim, events, store) = try client(nick: "kim[m]", ergo, directory)
        await kim.start()
        defer { Task { await kim.stop() } }
        #expect(await events.wait(timeout: 60) { $0.contains(where: \.isSynced) })
        let named = await events.count { $0 == .server(.caseMapping(.ascii), channelID: nil) }
        #expect(named == 1)
        #expect(try store.caseMapping(network: kim.network.id) == .ascii)

        // Under RFC 1459 this is the same nick, and its line would be taken for our own echo.
        let other = try RawSocket.registered("kim{m}", port: ergo.port)
        defer { other.close() }
        other.send("JOIN #a\r\nPRIVMSG #a :hello from braces\r\n")
        #expect(try await waitUntil(timeout: .seconds(30)) { try store.search("hello from braces").count == 1 })
        let joined = await events.wait(timeout: 30) { events in
            events.contains { if case .server(.joined(_, "kim{m}", false), _) = $0 { true } else { false } }
        }
        #expect(joined, "kim{m} joined as someone else")
        let asSelf = await events.count { if case .server(.joined(_, "kim{m}", true), _) = $0 { true } else { false } }
        #expect(asSelf == 0)
        let message = try #require(try store.search("hello from braces").first)
        #expect(message.author == "kim{m}")
        let channel = try #require(try store.channels(network: kim.network.id).first { $0.name == "#a" })
        #expect(channel.unread == 1, "someone else's line is unread news, not our own")
    }

    @Test func whoIsSignedInAsWhomComesWithTheNamesAndFollowsSigningIn() async throws {
        // A nick of its own beside the account (Ergo would rename bob to bobby by default).
        let ergo = try ErgoFixture(changes: [
            ("        force-nick-equals-account: true", "        force-nick-equals-account: false")
        ])
        defer { ergo.tearDown() }
        try ergo.register(account: "bobby", password: "bobs-secret-9")
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bob = try RawSocket.registered("bob", port: ergo.port)
        defer { bob.close() }
        bob.send("PRIVMSG NickServ :IDENTIFY bobby bobs-secret-9\r\n")
        bob.read(until: " 900 ")
        bob.send("JOIN #a\r\n")
        bob.read(until: " 366 ")

        let (ada, events, _) = try client(nick: "ada", ergo, directory)
        await ada.start()
        defer { Task { await ada.stop() } }
        let answered = await events.wait(timeout: 60) { events in
            events.contains {
                if case .server(.accounts(let accounts), _) = $0 { accounts["bob"] == "bobby" } else { false }
            }
        }
        let seen = await events.events
        #expect(answered, "\(seen)")
        let ours = await events.events.contains {
            if case .server(.accounts(let accounts), _) = $0 { accounts["ada"] == "" } else { false }
        }
        #expect(ours, "ada is signed in to no account")

        // carol comes signed in to none (extended-join says so), then signs in (account-notify).
        try ergo.register(account: "caroline", password: "carols-secret-9")
        let carol = try RawSocket.registered("carol", port: ergo.port, in: "#a")
        defer { carol.close() }
        let anonymous = await events.wait(timeout: 30) { events in
            events.contains { $0 == .server(.accounts(["carol": ""]), channelID: nil) }
        }
        #expect(anonymous, "extended-join: carol is signed in to no account")
        carol.send("PRIVMSG NickServ :IDENTIFY caroline carols-secret-9\r\n")
        let signedIn = await events.wait(timeout: 30) { events in
            events.contains { $0 == .server(.accounts(["carol": "caroline"]), channelID: nil) }
        }
        #expect(signedIn, "account-notify: carol signed in as caroline")
    }
}
