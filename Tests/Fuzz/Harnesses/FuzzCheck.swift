#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Stops the fuzzer with `message` on standard error when `condition` is false.
///
/// `precondition` drops its message in optimised builds; a fuzzer's finding needs it.
func fuzzCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    guard !condition() else { return }
    let text = Array("FUZZ CHECK FAILED: \(message())\n".utf8)
    _ = text.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    abort()
}
