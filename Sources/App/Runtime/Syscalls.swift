#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// libc as the App module reaches it: the one file of the module that imports Glibc, in the
/// shape of swift-system's `Syscalls.swift`.
@usableFromInline enum Libc {
    /// Standard output's descriptor.
    static let standardOutput = STDOUT_FILENO

    /// Whether standard input and output are both a terminal (a person runs the client).
    static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    /// One line to standard error.
    @usableFromInline static func warn(_ line: String) { fputs(line + "\n", stderr) }

    /// The C library's zone offset from UTC, in seconds, at `seconds` since 1970 (`TZ`, else
    /// /etc/localtime); 0 when it cannot say.
    static func utcOffset(at seconds: Int) -> Int {
        var time = time_t(seconds)
        var parts = tm()
        return localtime_r(&time, &parts) != nil ? parts.tm_gmtoff : 0
    }
}
