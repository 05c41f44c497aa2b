/// What a test or benchmark reports when a part it needs fails: a server that does not start,
/// a program that is not installed (with how to install it), a client that does not answer.
/// The one error type of the tests, the benchmarks and their fixtures.
public struct Failure: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
