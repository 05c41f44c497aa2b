#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// Where voice files come from, and which file plays each role.
///
/// The shipped `voices/` folder is found beside the executable (walking up from it, so
/// `.build/release/earshot` finds the checkout's `voices/`), or at `$EARSHOT_VOICES`. Users add
/// or override roles in `$XDG_CONFIG_HOME/earshot/voices` (default `~/.config/earshot/voices`).
///
/// ```swift
/// let library = VoiceLibrary.discover()
/// let hint = try library.voice(for: .hint)
/// ```
public struct VoiceLibrary: Hashable, Sendable {
    /// Folders searched, later ones overriding earlier ones for the same role.
    public var folders: [String]

    public init(folders: [String]) { self.folders = folders }

    /// The shipped folder, then the user's.
    public static func discover(environment: [String: String] = ProcessEnvironment.current) -> VoiceLibrary {
        var folders: [String] = []
        if let shipped = shippedFolder(environment: environment) { folders.append(shipped) }
        folders.append(userFolder(environment: environment))
        return VoiceLibrary(folders: folders)
    }

    /// `$XDG_CONFIG_HOME/earshot/voices`, or `~/.config/earshot/voices`.
    public static func userFolder(environment: [String: String]) -> String {
        if let config = environment["XDG_CONFIG_HOME"], !config.isEmpty { return config + "/earshot/voices" }
        return (environment["HOME"] ?? "") + "/.config/earshot/voices"
    }

    /// The `voices/` folder that ships with Earshot.
    public static func shippedFolder(environment: [String: String]) -> String? {
        if let explicit = environment["EARSHOT_VOICES"], !explicit.isEmpty { return explicit }
        var candidates: [String] = []
        if let executable = executablePath() {
            var directory = Substring(executable)
            for _ in 0..<6 {
                guard let slash = directory.lastIndex(of: "/") else { break }
                directory = directory[..<slash]
                candidates.append(String(directory) + "/voices")
            }
        }
        candidates.append(VoiceFile.absolute("voices"))
        return candidates.first { access($0 + "/reader", R_OK) == 0 }
    }

    /// Every readable voice file, by role; user files override shipped ones.
    public func files() -> [VoiceRole: String] {
        var result: [VoiceRole: String] = [:]
        for folder in folders {
            guard let directory = opendir(folder) else { continue }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                guard !name.hasPrefix("."), !name.hasSuffix("~") else { continue }
                let path = folder + "/" + name
                var info = stat()
                guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
                result[VoiceRole(rawValue: name)] = path
            }
        }
        return result
    }

    /// The checked voice file for `role`.
    public func voice(for role: VoiceRole) throws(SpeechError) -> VoiceFile {
        guard let path = files()[role] else {
            throw SpeechError(
                .unknownVoiceRole,
                "No voice file for the role “\(role)” in \(folders.joined(separator: " or ")).")
        }
        return try VoiceFile(path: path)
    }

    static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// The process environment as a dictionary, read without Foundation.
public enum ProcessEnvironment {
    public static var current: [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }
}
