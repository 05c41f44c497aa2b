/// One problem ``Audit`` found: which rule, where, and what to do.
public struct AuditFinding: Hashable, Sendable, CustomStringConvertible {
    /// The broken rule.
    public var rule: AuditRule
    /// Where the element is.
    public var path: ElementPath
    /// The labels from the root down to the element, for people ("Settings > Volume").
    public var location: String
    /// What is wrong, in a sentence.
    public var message: String

    public init(rule: AuditRule, path: ElementPath, location: String, message: String) {
        self.rule = rule
        self.path = path
        self.location = location
        self.message = message
    }

    public var description: String { "\(path) (\(location)): \(rule.rawValue): \(message)" }
}
