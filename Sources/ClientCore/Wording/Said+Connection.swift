import Accessibility
import ChatModel
import IRC

/// What happened to a connection, as the listener hears of it.
enum ConnectionFact: Hashable, Sendable {
    /// A server was lost (`wasConnected`) or never reached, and is tried again.
    case lost(host: String, wasConnected: Bool, DisconnectReason)
    /// Connected again after a loss: where the listener is again.
    case backOn(host: String, channels: [String])
    /// Connected, with this nick; `network` names it when there are several.
    case connectedAs(String, network: String?)
    /// The first connection is being made, to `host` when it is known yet.
    case connecting(host: String?)
    /// The first connection is slow to come.
    case stillConnecting(host: String)
    /// Signing in failed; `continuing` when the server lets the client on without it.
    case signInFailed(account: String, SignInFailure, continuing: Bool)
    /// The server refused the password given.
    case passwordRefused(host: String)
    /// The server wants a password whose environment variable is not set.
    case passwordVariableUnset(host: String, variable: String)
    /// The server wants a password and the settings name none.
    case passwordNotNamed(host: String)
    /// A command that needs a server, with none connected.
    case needsServer(command: String)
}

extension Wording {
    static func sentence(_ fact: ConnectionFact) -> String {
        switch fact {
        case .lost(let host, let wasConnected, let reason):
            "\(wasConnected ? "Lost the connection to" : "Cannot connect to") \(host): \(Self.reason(reason)). Trying again."
        case .backOn(let host, let channels):
            "Back on \(host)" + (channels.isEmpty ? "" : ", in " + andList(channels)) + "."
        case .connectedAs(let nick, let network):
            // One's own nick spelled where it has marks ("ada underscore" when ada was taken):
            // said plainly it would be someone else's.
            network.map { "Connected to \(SpokenText.verbatim($0)) as \(spelledNick(nick))" }
                ?? "Connected as \(spelledNick(nick))"
        case .connecting(let host): host.map { "Connecting to \($0)" } ?? "Connecting"
        case .stillConnecting(let host): "Still connecting to \(host)"
        case .signInFailed(let account, let failure, let continuing):
            "Sign-in failed for \(SpokenText.verbatim(account)): \(reason(failure)). "
                + (continuing ? "Going on without signing in." : "Disconnected, not reconnecting.")
        case .passwordRefused(let host): "\(host) refused the password. Not reconnecting."
        case .passwordVariableUnset(let host, let variable):
            "\(host) wants a password, and the environment variable \(variable) that holds it is not set. Not reconnecting."
        case .passwordNotNamed(let host):
            "\(host) wants a password: name the environment variable that holds it with password_env in this server's settings. Not reconnecting."
        case .needsServer(let command):
            "No IRC server is connected, so \(command) cannot work here. To add one: Settings, after the message field, then Add a server"
        }
    }
}
