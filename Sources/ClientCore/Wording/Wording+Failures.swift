import ChatModel

/// Why something failed, in a few words for a sentence ("Not sent: the disk is full"; "Lost the
/// connection to 127.0.0.1: connection refused"): the Chat module classifies an error by its type
/// and code, and this words the class, never the error's own description.
extension Wording {
    package static func reason(_ reason: FailureReason) -> String {
        switch reason {
        case .diskFull: "the disk is full"
        case .readOnly: "the history file cannot be written"
        case .notConnected: "the server is not connected"
        case .unsupported(let problem), .refused(let problem): Self.problem(problem)
        case .connection(let reason): Self.reason(reason)
        case .other: "something went wrong"
        }
    }

    package static func reason(_ reason: DisconnectReason) -> String {
        switch reason {
        case .refused: "connection refused"
        case .timedOut: "no answer in time"
        case .nameNotFound: "no such host name"
        case .unreachable: "the network cannot reach it"
        case .certificateNotTrusted:
            "its certificate is not signed by an authority this computer trusts. Set ca_file for this server to the one that signed it"
        case .certificateForAnotherName:
            "its certificate is for another host name. Connect by the name its certificate gives"
        case .certificateNotPinned(let seen):
            "its certificate is not the one tls_fingerprint names. It showed \(Self.fingerprint(seen)); if that is the server's, put it in tls_fingerprint"
        case .tlsFailed:
            "the secure connection could not be set up. If this port is a plain one, switch Secure connection off, or use the server's TLS port, often 6697"
        case .reset: "the connection was reset"
        case .closedByServer: "the server closed the connection"
        case .notWelcomed:
            "it took the connection but never answered as an IRC server. Check the port, and whether it wants TLS"
        case .other: "the connection failed"
        }
    }

    /// A SHA-256 fingerprint in the colon-separated pairs people compare: "AB:CD:…".
    static func fingerprint(_ hex: String) -> String {
        guard !hex.isEmpty else { return "no certificate" }
        var pairs: [String] = []
        var rest = Substring(hex.uppercased())
        while !rest.isEmpty {
            pairs.append(String(rest.prefix(2)))
            rest = rest.dropFirst(2)
        }
        return pairs.joined(separator: ":")
    }

    /// Why signing in failed: "the server refused the account name or password".
    package static func reason(_ failure: SignInFailure) -> String {
        switch failure {
        case .notOffered: "this server does not offer SASL sign-in"
        case .refusedToStart: "the server refused SASL sign-in"
        case .certificateRefused:
            "the server did not accept the client certificate (is its fingerprint added to the account?)"
        case .noPasswordSignIn(let offered): "the server does not take a password sign-in (it offers \(offered))"
        case .mechanismNotOffered(let mechanism, let offered):
            "the server does not take \(mechanism) (it offers \(offered)). Change sasl_mechanism, or remove it to let Earshot choose"
        case .serverNotProven:
            "the server could not prove it knows the password, so Earshot did not sign in. Check that this is the right server"
        case .credentialsRefused: "the server refused the account name or password"
        case .nickNotAllowed: "this nick is not one the account may use"
        case .aborted: "the sign-in was cut short"
        }
    }
}
