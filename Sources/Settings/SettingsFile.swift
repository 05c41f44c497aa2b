import Foundation

/// The settings file on disk: where it is, reading it, and atomic in-place edits.
///
/// ```swift
/// let file = SettingsFile.resolve(explicit: nil, environment: ProcessInfo.processInfo.environment)
/// try file.set(.string("accessibilityLarge"), at: ["text", "size"])
/// ```
public struct SettingsFile: Sendable, Equatable {
    /// The file's path.
    public var path: String

    public init(path: String) {
        self.path = path
    }

    /// `$XDG_CONFIG_HOME/earshot/config.toml`, else `$HOME/.config/earshot/config.toml`.
    public static func defaultPath(environment: [String: String]) -> String {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            return xdg + "/earshot/config.toml"
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/.config/earshot/config.toml"
    }

    /// The file named by `--config PATH`, or the default path.
    public static func resolve(explicit: String?, environment: [String: String]) -> SettingsFile {
        SettingsFile(path: explicit ?? defaultPath(environment: environment))
    }

    /// The directory that holds the file.
    public var directory: String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let dir = String(path[..<slash])
        return dir.isEmpty ? "/" : dir
    }

    /// The file's name without its directory.
    public var fileName: String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// The file's text, or nil when there is no file. Text that is not UTF-8 is a syntax
    /// problem at its first bad byte.
    public func readText() throws(SettingsProblem) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else {
            if FileManager.default.fileExists(atPath: path) {
                throw SettingsProblem(
                    code: .unreadable, message: "the file cannot be read", file: path, line: 1, column: 1,
                    key: nil)
            }
            return nil
        }
        let bytes = [UInt8](data)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            do {
                _ = try TOMLDocument(parsing: bytes)
            } catch {
                throw SettingsProblem(
                    code: .syntax, message: error.message, file: path, line: error.line, column: error.column,
                    key: error.key)
            }
            throw SettingsProblem(
                code: .syntax, message: "the file is not UTF-8", file: path, line: 1, column: 1, key: nil)
        }
        return text
    }

    /// Whether only the owner can read or write the file (no group or other bits).
    public func isOwnerOnly() -> Bool {
        guard let permissions = Libc.permissions(of: path) else { return true }
        return permissions & 0o077 == 0
    }

    /// Reads and decodes the file. No file means the defaults and no problems.
    public func load() -> (result: SettingsDecodeResult, text: String?) {
        do {
            guard let text = try readText() else {
                return (SettingsDecodeResult(settings: .defaults, sources: [:], problems: []), nil)
            }
            return (Settings.decode(text: text, file: path, ownerOnly: isOwnerOnly()), text)
        } catch {
            return (SettingsDecodeResult(settings: .defaults, sources: [:], problems: [error]), nil)
        }
    }

    /// Sets one key by editing the file's text in place and replacing the file atomically.
    ///
    /// Comments, order and unknown keys stay as they were. A file that does not parse is
    /// never overwritten: the edit throws its syntax error instead.
    public func set(_ value: TOMLValue, at keyPath: [String]) throws(SettingsProblem) {
        let text = try readText() ?? ""
        var document: TOMLDocument
        do {
            document = try TOMLDocument(parsing: text)
            try document.set(value, at: keyPath)
        } catch {
            throw SettingsProblem(
                code: .syntax, message: error.message + "; the file was not changed", file: path,
                line: error.line, column: error.column, key: error.key)
        }
        try writeAtomically(document.text)
    }

    /// Appends `server` as a new `[[irc.servers]]` entry at the end of the file: host, port,
    /// TLS, nick, channels and, when given, the SASL account and the name of the environment
    /// variable that holds the password (never a password). Comments and everything else stay;
    /// a file that does not parse, or that would not read the entry back, is not changed.
    public func appendServer(_ server: IRCServerSettings) throws(SettingsProblem) {
        let text = try readText() ?? ""
        var lines = [
            "[[irc.servers]]",
            "host = " + TOMLValue.string(server.host).tomlLiteral,
            "port = \(server.port)",
            "tls = \(server.tls)",
            "nick = " + TOMLValue.string(server.nick).tomlLiteral,
            "channels = " + TOMLValue.array(server.channels.map(TOMLValue.string)).tomlLiteral,
        ]
        if let user = server.saslUser { lines.append("sasl_user = " + TOMLValue.string(user).tomlLiteral) }
        if let variable = server.passwordEnvironmentVariable {
            lines.append("password_env = " + TOMLValue.string(variable).tomlLiteral)
        }
        var edited = text
        if !edited.isEmpty && !edited.hasSuffix("\n") { edited += "\n" }
        if !edited.isEmpty { edited += "\n" }
        edited += lines.joined(separator: "\n") + "\n"
        let before: Int
        let after: Int
        do {
            before = Self.serverCount(try TOMLDocument(parsing: text))
            after = Self.serverCount(try TOMLDocument(parsing: edited))
        } catch {
            throw SettingsProblem(
                code: .syntax, message: error.message + "; the file was not changed", file: path,
                line: error.line, column: error.column, key: error.key)
        }
        guard after == before + 1 else {
            throw SettingsProblem(
                code: .syntax, message: "irc.servers is not a list of tables here; the file was not changed",
                file: path, line: 1, column: 1, key: "irc.servers")
        }
        try writeAtomically(edited)
    }

    static func serverCount(_ document: TOMLDocument) -> Int {
        if case .array(let entries)? = document.value(at: ["irc", "servers"]) { entries.count } else { 0 }
    }

    /// Writes `text` to a temporary file in the same directory, with the same permissions as
    /// the file it replaces (0600 for a new file), then renames it over the file.
    public func writeAtomically(_ text: String) throws(SettingsProblem) {
        func fail(_ what: String) -> SettingsProblem {
            SettingsProblem(
                code: .unreadable, message: "\(what): \(Libc.reason)", file: path,
                line: 1, column: 1, key: nil)
        }
        if !FileManager.default.fileExists(atPath: directory) {
            do {
                try FileManager.default.createDirectory(
                    atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw fail("cannot create the directory \(directory)")
            }
        }
        let mode = Libc.permissions(of: path) ?? 0o600
        do {
            try FileReplacement.replace(path, mode: mode) { descriptor in
                try FileReplacement.writeAll(Array(text.utf8), to: descriptor)
            }
        } catch {
            throw SettingsProblem(
                code: .unreadable, message: "cannot write the settings file: \(error.reason)", file: path, line: 1,
                column: 1, key: nil)
        }
    }
}
