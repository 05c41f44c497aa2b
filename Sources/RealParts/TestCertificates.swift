import Foundation

/// A certificate authority made for one test, and a server certificate for 127.0.0.1 that it
/// signed (OpenSSL's command, Debian's `openssl`), for InspIRCd's `ssl_gnutls`. The certificate
/// also names `localhost`: a client connecting by that name sends it as the TLS server name
/// (SNI), which InspIRCd's STS needs before it advertises `sts=duration=…`.
///
/// ```swift
/// let certificates = try TestCertificates(in: directory.path)
/// let server = try InspIRCdFixture(tls: certificates)
/// ```
///
/// `names` replaces the server certificate's names (OpenSSL's `subjectAltName` form), for a
/// certificate that is trusted but made for another host.
public struct TestCertificates: Sendable {
    public let caFile: String
    public let certFile: String
    public let keyFile: String

    /// A self-signed server certificate (its own authority), as small networks and home
    /// bouncers have: trusted only by pinning its fingerprint.
    public init(selfSigned certificate: ClientCertificate) {
        caFile = certificate.certFile
        certFile = certificate.certFile
        keyFile = certificate.keyFile
    }

    public init(in directory: String, names: String = "IP:127.0.0.1,DNS:localhost") throws {
        let openssl = "/usr/bin/openssl"
        guard FileManager.default.isExecutableFile(atPath: openssl) else {
            throw Failure("openssl is not installed; the TLS tests need it: apt-get install -y openssl")
        }
        caFile = directory + "/ca.pem"
        certFile = directory + "/server.pem"
        keyFile = directory + "/server.key"
        let caKey = directory + "/ca.key"
        let request = directory + "/server.csr"
        let extensions = directory + "/server.ext"
        try
            "subjectAltName=\(names)\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n"
            .write(toFile: extensions, atomically: true, encoding: .utf8)
        _ = try ChildProcess.run(
            openssl,
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", caKey, "-out", caFile, "-days", "2",
                "-subj", "/CN=Earshot Test CA",
            ])
        _ = try ChildProcess.run(
            openssl,
            [
                "req", "-newkey", "rsa:2048", "-nodes", "-keyout", keyFile, "-out", request, "-subj", "/CN=127.0.0.1",
            ])
        _ = try ChildProcess.run(
            openssl,
            [
                "x509", "-req", "-in", request, "-CA", caFile, "-CAkey", caKey, "-CAcreateserial", "-out", certFile,
                "-days", "2", "-extfile", extensions,
            ])
    }
}

/// A self-signed client certificate and its key, for SASL EXTERNAL (CertFP) against
/// ``AnopeFixture``: both files owner-only (0600), made with OpenSSL's command like
/// ``TestCertificates``.
///
/// `fingerprint` is the form InspIRCd reports and Anope stores: the SHA-256 of the certificate
/// (DER), lowercase hex without colons — what `openssl x509 -fingerprint -sha256` prints, colons
/// removed, lowercased; InspIRCd computes it with the sslprofile's `hash="sha256"`.
///
/// ```swift
/// let certificate = try ClientCertificate(in: directory.path, name: "ada")
/// try services.addCertificate(account: "ada", fingerprint: certificate.fingerprint)
/// ```
public struct ClientCertificate: Sendable {
    public let certFile: String
    public let keyFile: String
    /// 64 lowercase hex digits, e.g. `5a9cf5403951c251…3c4e`.
    public let fingerprint: String

    /// `name` names the files (`name.pem`, `name.key`) and the certificate's common name: a
    /// plain word.
    public init(in directory: String, name: String = "client") throws {
        let openssl = "/usr/bin/openssl"
        guard FileManager.default.isExecutableFile(atPath: openssl) else {
            throw Failure("openssl is not installed; the TLS tests need it: apt-get install -y openssl")
        }
        let cert = directory + "/\(name).pem"
        let key = directory + "/\(name).key"
        _ = try ChildProcess.run(
            openssl,
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "2",
                "-subj", "/CN=\(name)",
            ])
        for file in [key, cert] {
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
        }
        // "sha256 Fingerprint=5A:9C:…:4E" (OpenSSL 1.1 says "SHA256 Fingerprint=").
        let output = try ChildProcess.run(openssl, ["x509", "-in", cert, "-noout", "-fingerprint", "-sha256"])
        let hex = (output.split(separator: "=").last.map(String.init) ?? "")
            .trimmingCharacters(in: .whitespacesAndNewlines)
            .replacingOccurrences(of: ":", with: "")
            .lowercased()
        guard hex.count == 64, hex.allSatisfy({ $0.isHexDigit }) else {
            throw Failure("cannot read the fingerprint of \(cert) from openssl's output: \(output)")
        }
        certFile = cert
        keyFile = key
        fingerprint = hex
    }
}
