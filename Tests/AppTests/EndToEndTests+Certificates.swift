import RealParts
import Foundation
import Testing

extension EndToEndTests {
    /// Settings for one TLS server entry with the test authority.
    static func certificateSettings(
        host: String = "127.0.0.1", port: Int, tls: Bool, caFile: String?, extra: String = ""
    ) -> String {
        onboardedSettings + """
            [[irc.servers]]
            host = "\(host)"
            port = \(port)
            tls = \(tls)
            nick = "ada"
            channels = ["#signed"]
            \(caFile.map { "ca_file = \"\($0)\"" } ?? "")
            \(extra)

            """
    }

    /// Who `nick` is signed in as, and whether on TLS, from WHOIS as a raw peer on `port`.
    static func whois(_ nick: String, port: Int) throws -> String {
        let peer = try RawSocket.registered("whoasks", port: port)
        defer { peer.close() }
        peer.send("WHOIS \(nick)\r\n")
        return peer.read(until: " 318 ")
    }

    /// SASL EXTERNAL (CertFP): a client certificate whose fingerprint Anope knows signs in to
    /// its account without a password; one it does not know is said at high priority and the
    /// server is not retried.
    @Test func aClientCertificateSignsInWithSASLExternal() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let certificates = try TestCertificates(in: directory.path)
        let services = try AnopeFixture(tls: certificates)
        defer { services.tearDown() }
        try services.register(account: "ada", password: "correct-horse-7")
        let known = try ClientCertificate(in: directory.path, name: "ada")
        try services.addCertificate(account: "ada", fingerprint: known.fingerprint)
        let tlsPort = try #require(services.tlsPort)

        let settings = Self.certificateSettings(
            port: tlsPort, tls: true, caFile: certificates.caFile,
            extra: "client_cert = \"\(known.certFile)\"\nclient_key = \"\(known.keyFile)\"")
        let sandbox = try Sandbox(settings: settings)
        defer { sandbox.remove() }
        let session = try sandbox.launch()
        defer { session.kill() }
        try await Self.waitForJoin("#signed", session)
        let answer = try Self.whois("ada", port: services.port)
        #expect(answer.contains(" 330 ") && answer.contains(" ada ada "), "not signed in to the account: \(answer)")
        try session.send("C-c")

        // A certificate Anope does not know.
        let stranger = try ClientCertificate(in: directory.path, name: "stranger")
        let refusedSandbox = try Sandbox(
            settings: Self.certificateSettings(
                port: tlsPort, tls: true, caFile: certificates.caFile,
                extra: "client_cert = \"\(stranger.certFile)\"\nclient_key = \"\(stranger.keyFile)\""))
        defer { refusedSandbox.remove() }
        let refused = try refusedSandbox.launch()
        defer { refused.kill() }
        let said = try await refused.waitForSpeech(after: 0, timeout: .seconds(60)) {
            $0.text.hasPrefix("Sign-in failed for ada")
        }
        #expect(said?.text.contains("did not accept the client certificate") == true, "\(Self.context(refused))")
        #expect(said?.priority == "high")
        try refused.send("C-c")
    }

    /// A self-signed server pinned by `tls_fingerprint` (colons and capitals as openssl prints
    /// it) is joined with no `ca_file`; a pin that does not match is refused, and the sentence
    /// names the fingerprint the server showed, so the user can compare it.
    @Test func aPinnedSelfSignedServerIsJoinedAndAWrongPinSaysWhatItShowed() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let own = try ClientCertificate(in: directory.path, name: "selfsigned")
        let server = try InspIRCdFixture(tls: TestCertificates(selfSigned: own))
        defer { server.tearDown() }
        let printed = stride(from: 0, to: 64, by: 2).map { offset -> String in
            let start = own.fingerprint.index(own.fingerprint.startIndex, offsetBy: offset)
            return own.fingerprint[start..<own.fingerprint.index(start, offsetBy: 2)].uppercased()
        }.joined(separator: ":")
        let sandbox = try Sandbox(
            settings: Self.certificateSettings(
                port: server.port, tls: true, caFile: nil, extra: "tls_fingerprint = \"\(printed)\""))
        defer { sandbox.remove() }
        let session = try sandbox.launch()
        defer { session.kill() }
        try await Self.waitForJoin("#signed", session)
        try session.send("C-c")

        let wrong = String(repeating: "0", count: 64)
        let refusedSandbox = try Sandbox(
            settings: Self.certificateSettings(
                port: server.port, tls: true, caFile: nil, extra: "tls_fingerprint = \"\(wrong)\""))
        defer { refusedSandbox.remove() }
        let refused = try refusedSandbox.launch()
        defer { refused.kill() }
        let said = try await refused.waitForSpeech(after: 0, timeout: .seconds(60)) {
            $0.text.contains("It showed")
        }
        #expect(said?.text.contains("It showed \(printed);") == true, "\(Self.context(refused))")
        #expect(said?.text.contains("not the one tls fingerprint names") == true)
        try refused.send("C-c")
    }

    /// A key that others can read is refused before anything is sent, with how to fix it.
    @Test func aClientKeyOthersCanReadIsRefusedWithTheFix() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let certificates = try TestCertificates(in: directory.path)
        let server = try InspIRCdFixture(tls: certificates)
        defer { server.tearDown() }
        let client = try ClientCertificate(in: directory.path, name: "open")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: client.keyFile)
        let sandbox = try Sandbox(
            settings: Self.certificateSettings(
                port: server.port, tls: true, caFile: certificates.caFile,
                extra: "client_cert = \"\(client.certFile)\"\nclient_key = \"\(client.keyFile)\""))
        defer { sandbox.remove() }
        let session = try sandbox.launch()
        defer { session.kill() }
        let said = try await session.waitForSpeech(after: 0, timeout: .seconds(30)) {
            $0.text.contains("can be read by other users")
        }
        #expect(said?.text.contains("chmod 600") == true, "\(Self.context(session))")
        try session.send("C-c")
    }

    /// Strict Transport Security: a plain connection told to upgrade goes to the TLS port and
    /// keeps the policy across restarts; under the policy a TLS failure is said and never
    /// becomes a plain connection.
    @Test func stsMovesAPlainConnectionToTLSAndKeepsItThere() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let certificates = try TestCertificates(in: directory.path)
        // sslinfo: WHOIS says who is on TLS (671).
        let server = try InspIRCdFixture(tls: certificates, sts: .init(duration: 600), extraModules: ["sslinfo"])
        defer { server.tearDown() }
        let tlsPort = try #require(server.tlsPort)
        // "localhost": a name, so the TLS connection sends it (SNI) and hears the policy's duration.
        let settings = Self.certificateSettings(
            host: "localhost", port: server.port, tls: false, caFile: certificates.caFile)
        let sandbox = try Sandbox(settings: settings)
        defer { sandbox.remove() }
        var session = try sandbox.launch(run: 1)
        try await Self.waitForJoin("#signed", session)
        var answer = try Self.whois("ada", port: server.port)
        #expect(answer.contains(" 671 "), "ada is not on a secure connection: \(answer)")
        #expect(!session.spoken().contains { $0.text.contains("Lost the connection") }, "\(Self.context(session))")
        // The policy was heard by now; the clock passes into a later second before quitting, so
        // a policy kept from when it was heard and one rescheduled at the close differ.
        let heardBy = Int(Date().timeIntervalSince1970)
        _ = try await TmuxSession.waitUntil(timeout: .seconds(5)) { Int(Date().timeIntervalSince1970) > heardBy }
        let closing = Int(Date().timeIntervalSince1970)
        try session.send("C-c")
        _ = try await Self.waitForExit(sandbox, run: 1)
        session.kill()
        let database = sandbox.root + "/data/earshot/earshot.sqlite"
        #expect(try Self.sql(database, "SELECT port FROM sts_policy WHERE host = 'localhost'") == "\(tlsPort)")
        // Rescheduled when the secure connection closed: 600 s from then, not from when heard.
        let expires = Int(try Self.sql(database, "SELECT expires FROM sts_policy WHERE host = 'localhost'")) ?? 0
        #expect(expires >= closing + 600, "the policy expires at \(expires), before \(closing) + 600")

        // Started again: straight to TLS.
        session = try sandbox.launch(run: 2)
        try await Self.waitForJoin("#signed", session)
        answer = try Self.whois("ada", port: server.port)
        #expect(answer.contains(" 671 "), "ada is not on a secure connection after a restart: \(answer)")
        try session.send("C-c")
        _ = try await Self.waitForExit(sandbox, run: 2)
        session.kill()

        // Without the authority the certificate is not trusted: said, and no plain connection.
        try Self.certificateSettings(host: "localhost", port: server.port, tls: false, caFile: nil)
            .write(toFile: sandbox.configFile, atomically: true, encoding: .utf8)
        session = try sandbox.launch(run: 3)
        defer { session.kill() }
        let said = try await session.waitForSpeech(after: 0, timeout: .seconds(60)) {
            $0.text.hasPrefix("Cannot connect to localhost")
        }
        #expect(said?.text.contains("certificate") == true, "\(Self.context(session))")
        answer = try Self.whois("ada", port: server.port)
        #expect(answer.contains(" 401 "), "ada is on the server without TLS: \(answer)")
        try session.send("C-c")
    }
}
