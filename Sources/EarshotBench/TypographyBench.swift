import Foundation

// Filled in below by the typography issue.
func runTypographyBench(arguments: [String]) async throws {
    struct NotBuilt: Error, CustomStringConvertible { var description: String { "this suite is not built yet" } }
    throw NotBuilt()
}
