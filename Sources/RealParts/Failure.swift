/// What a test or benchmark reports when a part it needs fails: a server that does not start,
/// a program that is not installed (with how to install it), a client that does not answer.
/// The one error type of the tests, the benchmarks and their fixtures.
public struct Failure: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

extension Failure {
    /// A program a test needs is not installed: what was looked for, and the command that
    /// installs it, so that a missing part fails with how to get it rather than being skipped.
    public static func notInstalled(_ program: String, lookedFor: String, install: String) -> Failure {
        Failure("\(program) is not installed (looked for \(lookedFor)). Install it with: \(install)")
    }
}
