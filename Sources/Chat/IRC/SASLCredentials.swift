import Foundation

/// Account name and password for SASL PLAIN.
///
/// The password comes from the environment (`EARSHOT_IRC_PASSWORD`) or from a file that only
/// its owner may read (mode 0600 or stricter); a file readable by group or others is refused.
///
/// ```swift
/// let credentials = try SASLCredentials.load(account: "ada", environment: ProcessInfo.processInfo.environment)
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

    /// Credentials from the environment, else from `file`; nil when neither has a password.
    public static func load(account: String, environment: [String: String], file: String? = nil) throws
        -> SASLCredentials?
    {
        if let password = environment[environmentKey], !password.isEmpty {
            return SASLCredentials(account: account, password: password)
        }
        guard let file else { return nil }
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: file)
        } catch {
            return nil
        }
        let permissions = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0o777
        guard permissions & 0o077 == 0 else {
            throw ChatError(
                .unsafeCredentials,
                "\(file) can be read by other users; run chmod 600 \(file) so only you can read it.")
        }
        guard let data = FileManager.default.contents(atPath: file) else { return nil }
        let password = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return password.isEmpty ? nil : SASLCredentials(account: account, password: password)
    }

    /// The AUTHENTICATE payload for PLAIN: base64 of `authzid NUL authcid NUL password`.
    public var plainPayload: String {
        Data((account + "\0" + account + "\0" + password).utf8).base64EncodedString()
    }
}
