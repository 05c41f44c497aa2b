/// Replaces a file whole: a temporary file beside it (same folder, so the rename cannot cross
/// file systems) is filled, given its mode, flushed to the disk and renamed over the file. No
/// reader ever sees half a file, a binary that is running can be replaced, and a failure
/// (a full disk) leaves the old file as it was and no temporary file behind.
///
/// ```swift
/// try FileReplacement.replace("/home/ann/.config/earshot/config.toml", mode: 0o600) { descriptor in
///     try FileReplacement.writeAll(Array(text.utf8), to: descriptor)
/// }
/// ```
public enum FileReplacement {
    /// What failed, with the system's reason (`errno`), read when it happened.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var step: String
        public var reason: String
        public var description: String { "\(step): \(reason)" }
    }

    /// Writes `path` anew with what `fill` writes to the open temporary file's descriptor,
    /// with `mode`. The folder must exist.
    public static func replace(_ path: String, mode: UInt32, fill: (Int32) throws -> Void) throws(Failure) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array("\(folder.isEmpty ? "" : folder)/.\(name).XXXXXX".utf8CString)
        let descriptor = Libc.makeTemporary(&template)
        guard descriptor >= 0 else {
            throw Failure(step: "cannot create a temporary file in \(folder)", reason: reason())
        }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure: Failure?
        do {
            try fill(descriptor)
        } catch let error as Failure {
            failure = Failure(step: "cannot write \(path)", reason: error.reason)
        } catch {
            failure = Failure(step: "cannot write \(path)", reason: "\(error)")
        }
        if failure == nil, !Libc.settle(descriptor, mode: mode) {
            failure = Failure(step: "cannot write \(path)", reason: reason())
        }
        if !Libc.close(descriptor), failure == nil {
            failure = Failure(step: "cannot write \(path)", reason: reason())
        }
        if failure == nil, !Libc.rename(temporary, to: path) {
            failure = Failure(step: "cannot write \(path)", reason: reason())
        }
        if let failure {
            Libc.unlink(temporary)
            throw failure
        }
    }

    /// Writes all of `bytes` to `descriptor`, again after a signal (EINTR) or a short write.
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Libc.write(descriptor, $0) }
            if written < 0 {
                if Libc.interrupted { continue }
                throw Failure(step: "cannot write", reason: reason())
            }
            offset += written
        }
    }

    /// `strerror(errno)`, read at once.
    static func reason() -> String { Libc.reason }
}
