import SpeechVocabulary
import Typography

extension Settings {
    static let serverKeys: Set<String> = [
        "host", "port", "tls", "nick", "channels", "sasl_user", "sasl_required", "password", "password_env", "ca_file",
        "server_password", "server_password_env", "client_cert", "client_key", "sasl_mechanism", "tls_fingerprint",
    ]

    /// Reads settings from TOML text.
    ///
    /// Every good key is used; a bad key keeps its default and adds an error; an unknown key
    /// adds a warning. A syntax error leaves every key at its default.
    ///
    /// - Parameters:
    ///   - text: the file's contents.
    ///   - file: the path named in problems and sources.
    ///   - ownerOnly: whether the file is readable by its owner alone (mode 0600), which a
    ///     `password` key requires.
    public static func decode(text: String, file: String, ownerOnly: Bool = true) -> SettingsDecodeResult {
        let document: TOMLDocument
        do {
            document = try TOMLDocument(parsing: text)
        } catch {
            let problem = SettingsProblem(
                code: .syntax, message: error.message, file: file, line: error.line,
                column: error.column, key: error.key)
            return SettingsDecodeResult(settings: .defaults, sources: [:], problems: [problem])
        }
        return decode(document: document, file: file, ownerOnly: ownerOnly)
    }

    /// Reads settings from a parsed document; see ``decode(text:file:ownerOnly:)``.
    public static func decode(document: TOMLDocument, file: String, ownerOnly: Bool = true) -> SettingsDecodeResult {
        var reader = SettingsReader(document: document, file: file)
        var settings = Settings()
        reader.warnAboutUnknownKeys()
        for descriptor in table { descriptor.read(&reader, &settings) }
        if let servers = reader.read(
            .ircServers,
            { value -> Check<[TOMLValue]> in
                guard let array = value.arrayValue else {
                    return .bad("expected [[irc.servers]] tables, found a \(value.typeName)")
                }
                return .ok(array)
            })
        {
            for index in servers.indices {
                if let server = reader.server(at: index, ownerOnly: ownerOnly) {
                    settings.ircServers.append(server)
                }
            }
        }

        let problems = reader.problems.enumerated().sorted {
            ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset)
        }.map(\.element)
        return SettingsDecodeResult(settings: settings, sources: reader.sources, problems: problems)
    }

    /// Whether `code` looks like an espeak-ng language code: letters, digits and hyphens,
    /// 2 to 20 of them, starting with a letter ("de", "pt-br", "en-gb-x-rp").
    public static func isLanguageCode(_ code: String) -> Bool {
        guard (2...20).contains(code.count), code.first?.isLetter == true else { return false }
        return code.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-")
        }
    }

    /// The allowed text sizes, in percent of Large.
    static let percentRange: ClosedRange<Double> = 50...400

    /// A size in percent as a category; any value outside ``percentRange`` — negative,
    /// huge, infinite or NaN — is a problem, never a trap.
    static func category(percent: Double) -> Check<ContentSizeCategory> {
        guard percent.isFinite, percentRange.contains(percent) else {
            return .bad("\(spokenNumber(percent)) percent is out of range: use 50 to 400 percent")
        }
        return .ok(ContentSizeCategory(nearestPercent: percent))
    }

    /// The number in a percent string such as "194" or "312.5": digits with an optional
    /// fraction, nothing else (no sign, exponent, hex, "inf" or "nan" that `Double(_:)` takes).
    static func percent(_ text: String) -> Double? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let digitsOnly = parts.allSatisfy { part in
            !part.isEmpty && part.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        }
        guard digitsOnly else { return nil }
        return Double(text)
    }

    /// A number as a message shows it, for any Double: "1000", "1e+300", "inf", "nan".
    static func spokenNumber(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}

extension StringProtocol {
    func trimmingSpaces() -> String {
        var text = Substring(self)
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
