import Foundation

/// A certificate authority made for one test, and a server certificate for 127.0.0.1 that it
/// signed (OpenSSL's command, Debian's `openssl`), for InspIRCd's `ssl_gnutls`.
///
/// ```swift
/// let certificates = try TestCertificates(in: directory.path)
/// let server = try InspIRCdFixture(tls: certificates)
/// ```
public struct TestCertificates: Sendable {
    public let caFile: String
    public let certFile: String
    public let keyFile: String

    public init(in directory: String) throws {
        let openssl = "/usr/bin/openssl"
        guard FileManager.default.isExecutableFile(atPath: openssl) else {
            throw ChildProcess.Failure("openssl is not installed; the TLS tests need it: apt-get install -y openssl")
        }
        caFile = directory + "/ca.pem"
        certFile = directory + "/server.pem"
        keyFile = directory + "/server.key"
        let caKey = directory + "/ca.key"
        let request = directory + "/server.csr"
        let extensions = directory + "/server.ext"
        try "subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n"
            .write(toFile: extensions, atomically: true, encoding: .utf8)
        _ = try ChildProcess.run(openssl, [
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", caKey, "-out", caFile, "-days", "2",
            "-subj", "/CN=Earshot Test CA",
        ])
        _ = try ChildProcess.run(openssl, [
            "req", "-newkey", "rsa:2048", "-nodes", "-keyout", keyFile, "-out", request, "-subj", "/CN=127.0.0.1",
        ])
        _ = try ChildProcess.run(openssl, [
            "x509", "-req", "-in", request, "-CA", caFile, "-CAkey", caKey, "-CAcreateserial", "-out", certFile,
            "-days", "2", "-extfile", extensions,
        ])
    }
}
