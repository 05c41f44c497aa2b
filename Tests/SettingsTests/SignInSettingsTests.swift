import Testing

@testable import Settings

/// `sasl_mechanism` and `tls_fingerprint` in `[[irc.servers]]`: read in any case and with
/// colons as people copy them, and a value Earshot cannot use is an error at its place, the
/// key left unset.
@Suite struct SignInSettingsTests {
    func server(_ extra: String) -> SettingsDecodeResult {
        Settings.decode(text: "[[irc.servers]]\nhost = \"127.0.0.1\"\nsasl_user = \"ada\"\n" + extra, file: "/x/c.toml")
    }

    @Test func aMechanismIsReadInAnyCaseAndAnUnknownOneIsAnError() {
        #expect(server("").settings.ircServers.first?.saslMechanism == nil)
        let scram = server("sasl_mechanism = \"scram-sha-256\"\n")
        #expect(scram.problems.isEmpty)
        #expect(scram.settings.ircServers.first?.saslMechanism == "SCRAM-SHA-256")
        let unknown = server("sasl_mechanism = \"DIGEST-MD5\"\n")
        #expect(unknown.settings.ircServers.first?.saslMechanism == nil)
        #expect(unknown.problems.first?.key == "irc.servers[0].sasl_mechanism")
        #expect(unknown.problems.first?.message.contains("\"SCRAM-SHA-256\", \"PLAIN\", \"EXTERNAL\"") == true)
        #expect(unknown.problems.first?.line == 4)
    }

    @Test func aFingerprintIsTakenWithColonsAndAnythingElseIsAnError() {
        let pairs = (0..<32).map { _ in "AB" }.joined(separator: ":")
        let colons = server("tls_fingerprint = \"\(pairs)\"\n")
        #expect(colons.problems.isEmpty)
        #expect(colons.settings.ircServers.first?.tlsFingerprint == String(repeating: "ab", count: 32))
        // A SHA-1 (40 digits) is not a SHA-256.
        let short = server("tls_fingerprint = \"\(String(repeating: "a", count: 40))\"\n")
        #expect(short.settings.ircServers.first?.tlsFingerprint == nil)
        #expect(short.problems.first?.key == "irc.servers[0].tls_fingerprint")
        #expect(short.problems.first?.message.contains("64 hex digits") == true)
        let values = colons.settings.values.first { $0.key == "irc.servers[0]" }?.value.tableValue
        #expect(values?["tls_fingerprint"] == .string(String(repeating: "ab", count: 32)))
    }
}
