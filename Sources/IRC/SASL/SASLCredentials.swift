import Foundation

/// Account name and password for SASL (SCRAM-SHA-256 or PLAIN).
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

    /// The PLAIN message, `authzid NUL authcid NUL password` (sent in base64).
    public var plainPayload: String { account + "\0" + account + "\0" + password }
}
