import Settings
import Speech
import SystemPackage

/// `earshot install`: the running binary, its voices, its man page and shell completions, under a
/// prefix, where a shell, `man` and Earshot itself find them.
///
/// Every file is written beside its destination under a temporary name, given its mode, and
/// renamed over it, so nothing ever sees half a file and the binary that is running can be
/// replaced by its own copy. The voices are the definitions compiled into the binary, which a
/// test keeps equal to `voices/`.
///
/// ```swift
/// try InstallCommand.run(prefix: nil, manualPage: page, completions: scripts) { print($0) }
/// // /home/a/.local/bin/earshot
/// // /home/a/.local/share/earshot/voices/announcer …
/// ```
public enum InstallCommand {
    /// The shells' completion scripts, as ArgumentParser writes them.
    public struct Completions: Sendable {
        public var bash: String
        public var zsh: String
        public var fish: String
    }

    /// One file to install: where under the prefix, what goes in it, and its mode.
    public struct File: Hashable, Sendable {
        public enum Contents: Hashable, Sendable {
            case text(String)
            /// A copy of the file at this path (the running binary).
            case copy(of: String)
        }

        public var path: String
        public var contents: Contents
        public var mode: UInt32
    }

    /// What goes where, relative to the prefix.
    public static func files(manualPage: String, completions: Completions) -> [File] {
        var files = [File(path: "bin/earshot", contents: .copy(of: "/proc/self/exe"), mode: 0o755)]
        for (role, text) in VoiceFile.builtInDefinitions.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            files.append(File(path: "share/earshot/voices/\(role.rawValue)", contents: .text(text), mode: 0o644))
        }
        files.append(File(path: "share/man/man1/earshot.1", contents: .text(manualPage), mode: 0o644))
        files.append(
            File(path: "share/bash-completion/completions/earshot", contents: .text(completions.bash), mode: 0o644))
        files.append(File(path: "share/zsh/site-functions/_earshot", contents: .text(completions.zsh), mode: 0o644))
        files.append(
            File(path: "share/fish/vendor_completions.d/earshot.fish", contents: .text(completions.fish), mode: 0o644))
        return files
    }

    /// `$HOME/.local`, the XDG place for a user's own programs.
    public static func defaultPrefix(environment: [String: String]) throws(InstallError) -> String {
        guard let home = environment["HOME"], home.hasPrefix("/") else {
            throw InstallError("HOME is not set to an absolute path; give --prefix DIR.")
        }
        return home == "/" ? "/.local" : home + "/.local"
    }

    /// Installs under `prefix` (default ``defaultPrefix(environment:)``); calls `wrote` with each
    /// file's path once it is in place. The first file that cannot be written is the error.
    public static func run(
        prefix: String?, manualPage: String, completions: Completions,
        environment: [String: String] = ProcessEnvironment.current, wrote: (String) -> Void
    ) throws(InstallError) {
        var root: String
        if let prefix { root = prefix } else { root = try defaultPrefix(environment: environment) }
        guard !root.isEmpty else { throw InstallError("The prefix is empty; give --prefix DIR.") }
        if !root.hasPrefix("/") { root = currentDirectory() + "/" + root }
        while root.count > 1, root.hasSuffix("/") { root.removeLast() }
        for file in files(manualPage: manualPage, completions: completions) {
            let path = (root == "/" ? "" : root) + "/" + file.path
            try install(file, at: path)
            wrote(path)
        }
    }

    /// Creates `path`'s folders, writes a temporary file beside it, and renames it into place.
    static func install(_ file: File, at path: String) throws(InstallError) {
        guard let slash = path.lastIndex(of: "/") else { throw InstallError("Cannot write \(path): not a path.") }
        let folder = String(path[..<slash])
        try makeFolders(folder, for: path)
        do {
            try FileReplacement.replace(path, mode: file.mode) { descriptor in
                switch file.contents {
                case .text(let text): try FileReplacement.writeAll(Array(text.utf8), to: descriptor)
                case .copy(let source): try copy(from: source, to: FileDescriptor(rawValue: descriptor))
                }
            }
        } catch {
            throw InstallError("Cannot write \(path): \(error.reason).")
        }
    }

    /// `mkdir -p folder`, 0755 for each folder made.
    static func makeFolders(_ folder: String, for path: String) throws(InstallError) {
        var made = ""
        for part in folder.split(separator: "/") {
            made += "/" + part
            if !Libc.makeFolder(made) { throw InstallError(writing: path) }
        }
        guard Libc.isFolder(folder.isEmpty ? "/" : folder) else {
            throw InstallError("Cannot write \(path): \(folder) is not a folder.")
        }
    }

    /// Copies the file at `source` into `descriptor`.
    static func copy(from source: String, to descriptor: FileDescriptor) throws {
        let input = try FileDescriptor.open(source, .readOnly, options: .closeOnExec)
        defer { try? input.close() }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = try buffer.withUnsafeMutableBytes { try input.read(into: $0) }
            if count == 0 { return }
            _ = try descriptor.writeAll(buffer[..<count])
        }
    }

    static func currentDirectory() -> String { Libc.currentDirectory }

    /// `strerror(errno)`, read at once.
    static func reason() -> String { Libc.reason }
}

/// Why `earshot install` stopped: one line that names the file.
public struct InstallError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    /// "Cannot write PATH: REASON." with the reason from `errno`.
    init(writing path: String) { self.message = "Cannot write \(path): \(InstallCommand.reason())." }

    public var description: String { message }
}
