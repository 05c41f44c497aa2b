import Foundation

/// Account name and password for SASL PLAIN.
///
/// The settings give the password (`password_env`, `password`, else `EARSHOT_IRC_PASSWORD`).
///
/// ```swift
/// let credentials = SASLCredentials(account: "ada", password: "s3cret")
/// ```
public struct SASLCredentials: Sendable, Hashable {
    public var account: String
    public var password: String

    public init(account: String, password: String) {
        self.account = account
        self.password = password
    }

    /// The environment variable that holds the password.
    public static let environmentKey = "EARSHOT_IRC_PASSWORD"

    /// The AUTHENTICATE payload for PLAIN: base64 of `authzid NUL authcid NUL password`.
    public var plainPayload: String {
        Data((account + "\0" + account + "\0" + password).utf8).base64EncodedString()
    }
}
