import Braille
import Foundation
import Settings

/// `earshot config`: the effective settings and where each came from.
///
/// ```text
/// # /home/ada/.config/earshot/config.toml
/// text.size             = "accessibilityLarge"  # /home/ada/.config/earshot/config.toml:2
/// speech.rate           = 175                   # default
/// ```
public enum ConfigReport {
    /// The settings file's path: `explicit` (`--config PATH`) or the default.
    public static func path(
        explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String {
        SettingsFile.resolve(explicit: explicit, environment: environment).path
    }

    /// The report's lines and whether the file has errors (warnings do not count).
    ///
    /// Problems follow the settings, one per line, as `file:line:column: key: message`.
    public static func render(
        explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> (text: String, hasErrors: Bool) {
        let file = SettingsFile.resolve(explicit: explicit, environment: environment)
        let (result, text) = file.load()
        var lines = ["# \(file.path)" + (text == nil ? " (no file: every setting is a default)" : "")]
        let values = result.settings.values
        let keyWidth = values.map(\.key.count).max() ?? 0
        let rendered = values.map { (key: $0.key, literal: $0.value.tomlLiteral) }
        let valueWidth = rendered.map(\.literal.count).filter { $0 <= 40 }.max() ?? 0
        for entry in rendered {
            let source = result.sources[entry.key].map(\.description) ?? sourceOfServer(entry.key, result) ?? "default"
            lines.append(
                pad(entry.key, keyWidth) + " = " + pad(entry.literal, valueWidth) + "  # " + source)
        }
        lines.append("# braille: " + braille(result.settings))
        if !result.problems.isEmpty {
            lines.append("")
            for problem in result.problems {
                lines.append("\(problem.severity): \(problem)")
            }
        }
        return (lines.joined(separator: "\n") + "\n", !result.errors.isEmpty)
    }

    /// Whether braille is on, and if not, why (BRLTTY is asked now).
    static func braille(_ settings: Settings) -> String {
        if settings.braille.enabled == .off { return "off (braille.enabled = false)" }
        if settings.display.screenReader { return "left to the other screen reader (display.screen_reader = true)" }
        switch BrailleConnection.probe() {
        case .connected(let cells):
            let table = settings.braille.table
            if !table.isEmpty, !Contraction.canLoad(table) {
                return
                    "on, a display of \(cells) cells; the table \(table) cannot be loaded, so computer braille is shown"
            }
            return "on, a display of \(cells) cells"
        case .connecting: return "looking for BRLTTY"
        case .unavailable(let why):
            switch why {
            case .noServer(let host):
                let named = ProcessInfo.processInfo.environment["BRLAPI_HOST"] != nil
                return "not connected, BRLTTY does not answer on \(host)"
                    + (named ? " (BRLAPI_HOST)" : "") + "; start BRLTTY, or set BRLAPI_HOST to where it listens"
            case .refused(let host): return "not connected, BRLTTY on \(host) refused the key (BRLAPI_AUTH)"
            case .noDisplay(let host): return "not connected, BRLTTY on \(host) has no display to give"
            case .lost(let host): return "not connected, BRLTTY on \(host) stopped answering"
            case .noTable(let table): return "on, but the table \(table) cannot be loaded"
            }
        }
    }

    /// A server's source: the line of its `host` key.
    static func sourceOfServer(_ key: String, _ result: SettingsDecodeResult) -> String? {
        guard key.hasPrefix("irc.servers[") else { return nil }
        return result.sources[key + ".host"]?.description
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
