/// Where voice files come from, and which file plays each role.
///
/// Three layers, each overriding the one before it for the roles it has:
/// 1. the definitions compiled into Earshot (``VoiceFile/builtIn``), so a lone binary speaks;
/// 2. the shipped folder: `$EARSHOT_VOICES` if set, else the first of these that holds a
///    `reader` file — `<binary's folder>/../share/earshot/voices` (what `earshot install`
///    writes), the checkout's `voices/` when the binary runs from a `.build` folder,
///    `$XDG_DATA_HOME/earshot/voices` (default `~/.local/share`), and each of `$XDG_DATA_DIRS`
///    (default `/usr/local/share:/usr/share`) followed by `/earshot/voices`;
/// 3. the user's own folder, `$XDG_CONFIG_HOME/earshot/voices` (default `~/.config/earshot/voices`).
///
/// ```swift
/// let library = VoiceLibrary.discover()
/// let hint = try library.voice(for: .hint)
/// print(hint.origin)   // "/home/a/.local/share/earshot/voices/hint", or "built in"
/// ```
public struct VoiceLibrary: Hashable, Sendable {
    /// Folders searched, later ones overriding earlier ones for the same role.
    public var folders: [String]
    /// Whether the built-in definitions lie under the folders.
    public var includesBuiltIn: Bool

    public init(folders: [String], includesBuiltIn: Bool = false) {
        self.folders = folders
        self.includesBuiltIn = includesBuiltIn
    }

    /// Where one role's voice comes from.
    public enum Source: Hashable, Sendable {
        /// A file on disk.
        case file(String)
        /// A definition compiled into Earshot.
        case builtIn
    }

    /// The built-in voices, then the shipped folder, then the user's.
    public static func discover(
        environment: [String: String] = ProcessEnvironment.current, executable: String? = executablePath()
    ) -> VoiceLibrary {
        var folders: [String] = []
        if let shipped = shippedFolder(environment: environment, executable: executable) { folders.append(shipped) }
        folders.append(userFolder(environment: environment))
        return VoiceLibrary(folders: folders, includesBuiltIn: true)
    }

    /// `$XDG_CONFIG_HOME/earshot/voices`, or `~/.config/earshot/voices`.
    public static func userFolder(environment: [String: String]) -> String {
        if let config = environment["XDG_CONFIG_HOME"], !config.isEmpty { return config + "/earshot/voices" }
        return (environment["HOME"] ?? "") + "/.config/earshot/voices"
    }

    /// The first folder of ``shippedCandidates(environment:executable:)`` that holds a `reader`.
    public static func shippedFolder(
        environment: [String: String], executable: String? = executablePath()
    ) -> String? {
        if let explicit = environment["EARSHOT_VOICES"], !explicit.isEmpty { return explicit }
        return shippedCandidates(environment: environment, executable: executable)
            .first { Libc.isReadable($0 + "/reader") }
    }

    /// Where shipped voices may be, in the order they are tried.
    ///
    /// Relative XDG paths are ignored, as the XDG Base Directory specification asks.
    public static func shippedCandidates(environment: [String: String], executable: String?) -> [String] {
        var candidates: [String] = []
        if let executable {
            // `/proc/self/exe` has no symbolic links, so the folder above `bin` is a prefix.
            let folder = executable.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            if folder.count > 1 {
                candidates.append(folder.dropLast().joined(separator: "/") + "/share/earshot/voices")
            }
            if let build = executable.firstRange(of: "/.build/") {
                candidates.append(String(executable[..<build.lowerBound]) + "/voices")
            }
        }
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            candidates.append(data + "/earshot/voices")
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            candidates.append(home + "/.local/share/earshot/voices")
        }
        var dataDirectories = environment["XDG_DATA_DIRS"] ?? ""
        if dataDirectories.isEmpty { dataDirectories = "/usr/local/share:/usr/share" }
        for directory in dataDirectories.split(separator: ":") where directory.hasPrefix("/") {
            candidates.append(String(directory) + "/earshot/voices")
        }
        return candidates
    }

    /// Every readable voice file, by role; later folders override earlier ones.
    public func files() -> [VoiceRole: String] {
        var result: [VoiceRole: String] = [:]
        for folder in folders {
            for name in Libc.directoryNames(folder) ?? [] {
                guard !name.hasPrefix("."), !name.hasSuffix("~") else { continue }
                let path = folder + "/" + name
                guard Libc.isRegularFile(path) else { continue }
                result[VoiceRole(rawValue: name)] = path
            }
        }
        return result
    }

    /// Where each role's voice comes from: a file, or the built-in definition under them.
    public func sources() -> [VoiceRole: Source] {
        var result: [VoiceRole: Source] = [:]
        if includesBuiltIn {
            for role in VoiceFile.builtIn.keys { result[role] = .builtIn }
        }
        for (role, path) in files() { result[role] = .file(path) }
        return result
    }

    /// Every voice, checked, by role; the first broken file is the error.
    public func voices() throws(SpeechError) -> [VoiceRole: VoiceFile] {
        let sources = sources()
        var result: [VoiceRole: VoiceFile] = [:]
        for role in sources.keys { result[role] = try voice(for: role, from: sources) }
        return result
    }

    /// The voices of `roles` only, checked, by role: a broken file for another role is not read.
    /// A role without a voice is the error, as is the first broken file.
    ///
    /// ```swift
    /// let reader = try VoiceLibrary.discover().voices(for: [.reader])[.reader]
    /// ```
    public func voices(for roles: Set<VoiceRole>) throws(SpeechError) -> [VoiceRole: VoiceFile] {
        let sources = sources()
        var result: [VoiceRole: VoiceFile] = [:]
        for role in roles { result[role] = try voice(for: role, from: sources) }
        return result
    }

    /// The checked voice for `role`.
    public func voice(for role: VoiceRole) throws(SpeechError) -> VoiceFile {
        try voice(for: role, from: sources())
    }

    private func voice(for role: VoiceRole, from sources: [VoiceRole: Source]) throws(SpeechError) -> VoiceFile {
        switch sources[role] {
        case .file(let path):
            return try VoiceFile(path: path)
        case .builtIn:
            if let voice = VoiceFile.builtIn[role] { return voice }
            fallthrough
        case nil:
            throw SpeechError(.unknownVoiceRole, "No voice file for the role “\(role)” in \(searched).")
        }
    }

    /// The places searched, for messages.
    public var searched: String {
        (folders + (includesBuiltIn ? ["the built-in voices"] : [])).joined(separator: " or ")
    }

    /// The running binary's path, read from `/proc/self/exe`.
    public static func executablePath() -> String? { Libc.linkTarget("/proc/self/exe") }
}

/// The process environment as a dictionary, read without Foundation.
public enum ProcessEnvironment {
    public static var current: [String: String] {
        var result: [String: String] = [:]
        for text in Libc.environmentEntries() {
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
        }
        return result
    }
}
