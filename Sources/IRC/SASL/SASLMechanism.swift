/// The SASL mechanisms Earshot signs in with (`sasl_mechanism` in the settings).
///
/// Without one chosen, a password signs in with SCRAM-SHA-256 where the server lists it (the
/// password never crosses the wire, and the server proves it knows it too), else PLAIN; a
/// client certificate without a password signs in with EXTERNAL.
public enum SASLMechanism: String, Sendable, Hashable, CaseIterable {
    case plain = "PLAIN"
    case external = "EXTERNAL"
    case scramSHA256 = "SCRAM-SHA-256"

    /// The mechanism named in the settings, in any case: "scram-sha-256".
    public init?(named name: String) {
        self.init(rawValue: name.uppercased())
    }
}
