import RealParts
import Foundation
import Testing

extension EndToEndTests {
    /// The binary against InspIRCd with Anope services: the right password (from `password_env`)
    /// signs in and joins; a wrong one is said at high priority — "Sign-in failed for ada: …" —
    /// and, as `sasl_required` is true by default, "not reconnecting" (SASLTests shows that it
    /// neither registers nor reconnects).
    @Test func saslSignInAgainstAnopeAndAWrongPasswordIsSaid() async throws {
        let services = try AnopeFixture()
        defer { services.tearDown() }
        try services.register(account: "ada", password: "correct-horse-7")
        let settings =
            Self.onboardedSettings + """
                [[irc.servers]]
                host = "127.0.0.1"
                port = \(services.port)
                tls = false
                nick = "ada"
                channels = ["#signed"]
                sasl_user = "ada"
                password_env = "EARSHOT_TEST_SASL_PASSWORD"

                """
        let right = try Sandbox(settings: settings)
        defer { right.remove() }
        let signedIn = try right.launch(environment: ["EARSHOT_TEST_SASL_PASSWORD": "correct-horse-7"])
        defer { signedIn.kill() }
        try await Self.waitForJoin("#signed", signedIn)
        try signedIn.send("C-c")

        let wrong = try Sandbox(settings: settings)
        defer { wrong.remove() }
        let refused = try wrong.launch(environment: ["EARSHOT_TEST_SASL_PASSWORD": "not-the-password"])
        defer { refused.kill() }
        let said = try await refused.waitForSpeech(after: 0, timeout: .seconds(60)) {
            $0.text.hasPrefix("Sign-in failed for ada") && $0.text.contains("refused the account name or password")
        }
        #expect(said?.priority == "high", "\(Self.context(refused))")
        #expect(said?.text.contains("not reconnecting") == true, "\(Self.context(refused))")
        try refused.send("C-c")
    }
}
