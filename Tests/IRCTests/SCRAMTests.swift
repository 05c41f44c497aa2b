import Foundation
import Testing

@testable import IRC

/// SCRAM-SHA-256: the primitives against the standards' vectors, the exchange against RFC 7677's
/// example, and the connection machine's three steps against a server made of the same
/// primitives (the exchange with a real server is in ChatTests, against Ergo).
@Suite struct SCRAMTests {
    func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @Test func sha256MatchesFIPSVectors() {
        #expect(hex(SHA256.hash([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            hex(SHA256.hash(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        // 448 bits: the padding needs a second block.
        #expect(
            hex(SHA256.hash(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            hex(SHA256.hash([UInt8](repeating: 0x61, count: 1_000)))
                == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    @Test func hmacMatchesRFC4231() {
        #expect(
            hex(SHA256.hmac(key: [UInt8](repeating: 0x0b, count: 20), Array("Hi There".utf8)))
                == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        #expect(
            hex(SHA256.hmac(key: Array("Jefe".utf8), Array("what do ya want for nothing?".utf8)))
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        // A key longer than a block is hashed first.
        #expect(
            hex(
                SHA256.hmac(
                    key: [UInt8](repeating: 0xaa, count: 131),
                    Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)))
                == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    @Test func pbkdf2MatchesRFC7914() {
        // RFC 7914 section 11: PBKDF2-HMAC-SHA256, the first 32 bytes of each.
        #expect(
            hex(SHA256.pbkdf2(password: Array("passwd".utf8), salt: Array("salt".utf8), iterations: 1))
                == "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc")
        // 4096 iterations, as servers use, are checked by RFC 7677's example below.
    }

    @Test func theExchangeMatchesRFC7677() throws {
        var scram = SCRAMExchange(account: "user", password: "pencil", nonce: "rOprNGfwEbeRWgbNEkqO")
        #expect(scram.clientFirst == "n,,n=user,r=rOprNGfwEbeRWgbNEkqO")
        let final = try scram.respond(
            to: "r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096")
        #expect(
            final
                == "c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ="
        )
        try scram.verify("v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=")
        #expect(throws: SCRAMExchange.Failure.serverNotProven) {
            try scram.verify("v=AAAATRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=")
        }
    }

    @Test func aChallengeThatIsNotOursIsRefused() {
        var scram = SCRAMExchange(account: "a=b,c", password: "p", nonce: "abc")
        #expect(scram.clientFirst == "n,,n=a=3Db=2Cc,r=abc")
        // A nonce that does not extend ours: a replay or another client's exchange.
        #expect(throws: SCRAMExchange.Failure.malformedChallenge) { try scram.respond(to: "r=xyz1,s=c2FsdA==,i=4096") }
        #expect(throws: SCRAMExchange.Failure.malformedChallenge) { try scram.respond(to: "r=abc,s=c2FsdA==,i=4096") }
        #expect(throws: SCRAMExchange.Failure.refused("invalid-proof")) { try scram.respond(to: "e=invalid-proof") }
    }

    // MARK: The connection machine

    func line(_ text: String) -> IRCMessage { IRCMessage(parsing: Array(text.utf8)) ?? IRCMessage(command: "INVALID") }

    func sent(_ actions: [IRCConnection.Action]) -> [String] {
        actions.compactMap { if case .send(let m) = $0 { try? m.serialized() } else { nil } }
    }

    func decoded(_ authenticate: String) -> String {
        let payload = String(authenticate.dropFirst("AUTHENTICATE ".count))
        return String(decoding: Data(base64Encoded: payload) ?? Data(), as: UTF8.self)
    }

    /// The server's side of SCRAM, from the same primitives: its first message for the
    /// client's, and its final message (a wrong one when `lying`) for the client's proof.
    struct Server {
        let password: String
        let salt = Array("pepper-salt".utf8)
        var authMessage = ""
        var nonce = ""

        mutating func first(for clientFirst: String) -> String {
            let bare = String(clientFirst.dropFirst(3))
            nonce = (SCRAMExchange.fields(bare)["r"] ?? "") + "server-part"
            let message = "r=\(nonce),s=\(Data(salt).base64EncodedString()),i=4096"
            authMessage = bare + "," + message
            return message
        }

        func final(for clientFinal: String, lying: Bool = false) -> String? {
            let withoutProof = clientFinal.components(separatedBy: ",p=")[0]
            let message = Array((authMessage + "," + withoutProof).utf8)
            let salted = SHA256.pbkdf2(password: Array(password.utf8), salt: salt, iterations: 4096)
            let clientKey = SHA256.hmac(key: salted, Array("Client Key".utf8))
            let expected = zip(clientKey, SHA256.hmac(key: SHA256.hash(clientKey), message)).map { $0 ^ $1 }
            guard SCRAMExchange.fields(clientFinal)["p"] == Data(expected).base64EncodedString() else { return nil }
            let serverKey = SHA256.hmac(key: salted, Array((lying ? "Wrong Key" : "Server Key").utf8))
            return "v=" + Data(SHA256.hmac(key: serverKey, message)).base64EncodedString()
        }
    }

    /// The machine up to the client's proof, with the server it talks to.
    func exchange(
        password: String, serverPassword: String, mechanism: SASLMechanism? = nil
    )
        -> (IRCConnection, Server, String)
    {
        var connection = IRCConnection(
            configuration: .init(
                nick: "ada", credentials: SASLCredentials(account: "ada", password: password), mechanism: mechanism))
        _ = connection.connectionOpened()
        _ = connection.received(line(":s CAP * LS :sasl=PLAIN,EXTERNAL,SCRAM-SHA-256 message-tags"), now: Date())
        let start = sent(connection.received(line(":s CAP ada ACK :sasl message-tags"), now: Date()))
        #expect(start == ["AUTHENTICATE SCRAM-SHA-256"])
        let first = sent(connection.received(line("AUTHENTICATE +"), now: Date()))
        #expect(first.count == 1)
        #expect(decoded(first[0]).hasPrefix("n,,n=ada,r="), "\(first)")
        var server = Server(password: serverPassword)
        let challenge = Data(server.first(for: decoded(first[0])).utf8).base64EncodedString()
        let proof = sent(connection.received(line("AUTHENTICATE \(challenge)"), now: Date()))
        #expect(proof.count == 1)
        return (connection, server, decoded(proof.first ?? ""))
    }

    @Test func aServerListingSCRAMIsSignedInWithItWithoutSendingThePassword() {
        var (connection, server, proof) = exchange(password: "tr0ub4dor", serverPassword: "tr0ub4dor")
        #expect(!proof.contains("tr0ub4dor"))
        let final = server.final(for: proof)
        #expect(final != nil, "the server did not take the proof \(proof)")
        let done = connection.received(
            line("AUTHENTICATE \(Data((final ?? "").utf8).base64EncodedString())"), now: Date())
        #expect(sent(done) == ["AUTHENTICATE +"])
        #expect(
            sent(connection.received(line(":s 903 ada :SASL authentication successful"), now: Date())) == ["CAP END"])
    }

    @Test func aServerThatCannotProveItKnowsThePasswordIsLeft() {
        var (connection, server, proof) = exchange(password: "tr0ub4dor", serverPassword: "tr0ub4dor")
        let lie = server.final(for: proof, lying: true) ?? ""
        let actions = connection.received(line("AUTHENTICATE \(Data(lie.utf8).base64EncodedString())"), now: Date())
        #expect(sent(actions) == ["AUTHENTICATE *", "QUIT :Sign-in failed"])
        #expect(
            actions.contains(
                .emit(.authenticationFailed(account: "ada", reason: .serverNotProven, continuing: false))))
    }

    @Test func theSettingsChooseTheMechanismAndOneNotListedIsSaidOnce() {
        var plain = IRCConnection(
            configuration: .init(
                nick: "ada", credentials: SASLCredentials(account: "ada", password: "p"), mechanism: .plain))
        _ = plain.connectionOpened()
        _ = plain.received(line(":s CAP * LS :sasl=PLAIN,SCRAM-SHA-256"), now: Date())
        #expect(sent(plain.received(line(":s CAP ada ACK :sasl"), now: Date())) == ["AUTHENTICATE PLAIN"])

        // Without a list of mechanisms (CAP 301 style), the default is PLAIN.
        var unlisted = IRCConnection(
            configuration: .init(nick: "ada", credentials: SASLCredentials(account: "ada", password: "p")))
        _ = unlisted.connectionOpened()
        _ = unlisted.received(line(":s CAP * LS :sasl"), now: Date())
        #expect(sent(unlisted.received(line(":s CAP ada ACK :sasl"), now: Date())) == ["AUTHENTICATE PLAIN"])

        var scram = IRCConnection(
            configuration: .init(
                nick: "ada", credentials: SASLCredentials(account: "ada", password: "p"), mechanism: .scramSHA256))
        _ = scram.connectionOpened()
        let refused = scram.received(line(":s CAP * LS :sasl=PLAIN,EXTERNAL"), now: Date())
        #expect(sent(refused) == ["QUIT :Sign-in failed"])
        #expect(
            refused.contains(
                .emit(
                    .authenticationFailed(
                        account: "ada", reason: .mechanismNotOffered("SCRAM-SHA-256", offered: "PLAIN,EXTERNAL"),
                        continuing: false))))
    }
}
