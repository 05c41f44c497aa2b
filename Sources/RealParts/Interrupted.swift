#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Calls `body` again while it fails with EINTR (a signal came before anything happened): the
/// one place the tests' and benchmarks' system calls are retried. `body` returns what the call
/// returns, negative on failure with `errno` set.
///
/// ```swift
/// let count = retryingOnInterrupt { read(descriptor, &buffer, buffer.count) }
/// ```
public func retryingOnInterrupt<Result: BinaryInteger>(_ body: () -> Result) -> Result {
    while true {
        let result = body()
        if result < 0, errno == EINTR { continue }
        return result
    }
}
