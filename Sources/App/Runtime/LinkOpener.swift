import Foundation

/// Opens a web address with the desktop's opener, `xdg-open`, as its own process (the address
/// one argument, no shell), never waited for: the browser is the desktop's business.
enum LinkOpener {
    /// Whether a desktop can show what is opened: a display (X or Wayland), and not a session
    /// over SSH (where the display, if any, is not the listener's).
    static func desktop(_ environment: [String: String]) -> Bool {
        let display = !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        let remote = environment["SSH_CONNECTION"] != nil || environment["SSH_TTY"] != nil
        return display && !remote && opener != nil
    }

    /// Whether the terminal takes a copy a program sends (OSC 52). tmux keeps it (and passes it on
    /// with `set-clipboard`); outside it, the Linux console, VTE's terminals (GNOME Terminal,
    /// Tilix) and Apple's Terminal are known to drop it. Any other is taken to take it.
    static func terminalTakesCopies(_ environment: [String: String]) -> Bool {
        if environment["TMUX"] != nil { return true }
        if environment["TERM"] == "linux" { return false }
        if environment["VTE_VERSION"] != nil { return false }
        return environment["TERM_PROGRAM"] != "Apple_Terminal"
    }

    /// `xdg-open` on PATH, if any.
    static var opener: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/xdg-open" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Only web addresses are opened (a link's text is someone else's).
    static func open(_ address: String) {
        let lower = address.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://"), let opener else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [address]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
    }
}
