import Foundation

/// One SCRAM-SHA-256 sign-in (RFC 5802, RFC 7677), as a value: the client's first message,
/// its proof once the server's challenge comes, and the check of the server's own proof.
///
/// No channel binding (`n,,`): the TLS layer is not asked for its finished message, as IRC
/// clients do. The password is used as given (no SASLprep), as Ergo and Atheme take it.
///
/// ```swift
/// var scram = SCRAMExchange(account: "user", password: "pencil", nonce: "rOprNGfwEbeRWgbNEkqO")
/// let first = scram.clientFirst                         // n,,n=user,r=rOprNGfwEbeRWgbNEkqO
/// let final = try scram.respond(to: serverFirst)        // c=biws,r=…,p=…
/// let proven = scram.verify(serverFinal)                // the server knew the password too
/// ```
public struct SCRAMExchange: Sendable {
    /// Why an exchange cannot go on.
    public enum Failure: Error, Hashable, Sendable {
        /// The server's challenge is not one SCRAM allows (or its nonce is not ours).
        case malformedChallenge
        /// The server said no in SCRAM's own words (`e=…`).
        case refused(String)
        /// The server's signature is wrong: it does not know the password.
        case serverNotProven
    }

    let account: String
    let password: String
    let clientNonce: String
    private var authMessage: [UInt8]?
    private var saltedPassword: [UInt8]?

    public init(account: String, password: String, nonce: String? = nil) {
        self.account = account
        self.password = password
        self.clientNonce = nonce ?? Self.randomNonce()
    }

    /// 24 random bytes in base64: printable, without commas.
    static func randomNonce() -> String {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<24).map { _ in UInt8.random(in: .min ... .max, using: &generator) }).base64EncodedString()
    }

    /// `n=user,r=nonce`, the name with `=` and `,` escaped as SCRAM asks.
    var clientFirstBare: String {
        let name = account.replacingOccurrences(of: "=", with: "=3D").replacingOccurrences(of: ",", with: "=2C")
        return "n=\(name),r=\(clientNonce)"
    }

    /// The first message, with the GS2 header (no channel binding, no authorisation identity).
    public var clientFirst: String { "n,," + clientFirstBare }

    /// The client's final message, with its proof, for the server's first message.
    public mutating func respond(to serverFirst: String) throws(Failure) -> String {
        let fields = Self.fields(serverFirst)
        if let error = fields["e"] { throw .refused(error) }
        guard let nonce = fields["r"], nonce.hasPrefix(clientNonce), nonce.count > clientNonce.count,
            let saltText = fields["s"], let salt = Data(base64Encoded: saltText), !salt.isEmpty,
            let iterations = fields["i"].flatMap({ Int($0) }), (1...1_000_000).contains(iterations)
        else { throw .malformedChallenge }
        let salted = SHA256.pbkdf2(password: Array(password.utf8), salt: Array(salt), iterations: iterations)
        let withoutProof = "c=biws,r=\(nonce)"
        let message = Array("\(clientFirstBare),\(serverFirst),\(withoutProof)".utf8)
        let clientKey = SHA256.hmac(key: salted, Array("Client Key".utf8))
        let signature = SHA256.hmac(key: SHA256.hash(clientKey), message)
        let proof = zip(clientKey, signature).map { $0 ^ $1 }
        saltedPassword = salted
        authMessage = message
        return withoutProof + ",p=" + Data(proof).base64EncodedString()
    }

    /// Whether the server's final message proves it holds the password's keys.
    public func verify(_ serverFinal: String) throws(Failure) {
        let fields = Self.fields(serverFinal)
        if let error = fields["e"] { throw .refused(error) }
        guard let salted = saltedPassword, let message = authMessage,
            let claimed = fields["v"].flatMap({ Data(base64Encoded: $0) })
        else { throw .malformedChallenge }
        let serverKey = SHA256.hmac(key: salted, Array("Server Key".utf8))
        guard Array(claimed) == SHA256.hmac(key: serverKey, message) else { throw .serverNotProven }
    }

    /// `a=1,b=2` as a table; a value may hold `=`.
    static func fields(_ message: String) -> [String: String] {
        var fields: [String: String] = [:]
        for part in message.split(separator: ",") {
            guard let equals = part.firstIndex(of: "="), part.distance(from: part.startIndex, to: equals) == 1 else {
                continue
            }
            fields[String(part[..<equals])] = String(part[part.index(after: equals)...])
        }
        return fields
    }
}
