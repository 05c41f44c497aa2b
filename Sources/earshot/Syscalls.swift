#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// libc as the `earshot` command reaches it: its one platform file, in the shape of
/// swift-system's `Syscalls.swift`; `errno` is read at once, before anything else can change it.
enum Libc {
    /// `strerror(errno)`, read at once.
    static var reason: String { String(cString: strerror(errno)) }

    /// Makes the folder `path` (mode 0755); true when it was made or is there already.
    static func makeFolder(_ path: String) -> Bool { mkdir(path, 0o755) == 0 || errno == EEXIST }

    /// The working directory (`getcwd`), or "" when it cannot be had.
    static var currentDirectory: String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
        guard getcwd(&buffer, buffer.count) != nil else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether `path` is a folder (`stat`).
    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
