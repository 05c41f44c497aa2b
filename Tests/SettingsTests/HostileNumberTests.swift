import Foundation
import Testing
import Typography

@testable import Settings

/// Every settings key against numbers no setting allows: infinite, NaN, huge, negative.
///
/// None may trap (they did: `Int(Double.infinity)` in the percent message). Each is a problem
/// with the key, line and column of the value, and the key keeps its default at start and the
/// last good value on reload.
@Suite struct HostileNumberTests {
    /// Where a key lives: the lines before it (a section header and any keys it needs) and
    /// its name in that section.
    struct Place: Sendable, CustomTestStringConvertible {
        var dotted: String
        var before: String
        var name: String
        var testDescription: String { dotted }

        static func section(_ section: String, _ name: String) -> Place {
            Place(dotted: "\(section).\(name)", before: "[\(section)]\n", name: name)
        }

        static func server(_ name: String) -> Place {
            Place(
                dotted: "irc.servers[0].\(name)",
                before: name == "host" ? "[[irc.servers]]\n" : "[[irc.servers]]\nhost = \"h\"\n", name: name)
        }

        /// The document with `literal` as the value, and the line the value is on.
        func document(_ literal: String) -> (text: String, line: Int) {
            let line = before.split(separator: "\n").count + 1
            return (before + "\(name) = \(literal)\n", line)
        }
    }

    /// Every key Earshot reads.
    static let everyKey: [Place] =
        Settings.knownKeys.filter { $0.section != "irc" }.flatMap { entry in
            entry.keys.map { Place.section(entry.section, $0) }
        } + Settings.serverKeys.sorted().filter { $0 != "password" }.map(Place.server)

    /// The keys that take a number.
    static let numericKeys: [Place] = [
        .section("text", "size"), .section("speech", "rate"), .section("speech", "pitch"),
        .section("speech", "volume"), .server("port"),
    ]

    /// Numbers that are valid TOML but no key accepts.
    static let hostileNumbers = [
        "inf", "+inf", "-inf", "nan", "+nan", "-nan", "1e300", "-1e300", "1.7976931348623157e308",
        "-1.7976931348623157e308", "1e400", "5e-324", "9223372036854775807", "-9223372036854775808",
        "-1", "-400", "0x7FFFFFFFFFFFFFFF", "19466666666666666666e0", "-0.0",
    ]

    /// Numbers TOML itself refuses (beyond 64 bits): a syntax problem for the whole file.
    static let oversizedIntegers = [
        "9223372036854775808", "-9223372036854775809", "19466666666666666666",
        "99999999999999999999999999999999999999", "0xFFFFFFFFFFFFFFFFF",
    ]

    /// Strings that look like numbers or percents, for the keys that take numbers.
    static let hostileStrings = [
        "\"nan%\"", "\"inf%\"", "\"-inf%\"", "\"infinity%\"", "\"19466666666666666666%\"",
        "\"1e300%\"", "\"-5%\"", "\"0x10%\"", "\"%\"", "\" %\"", "\"1.%\"", "\".5%\"",
        "\"9999999999999999999999999999999999999999.5%\"", "\"nan\"", "\"inf\"", "\"-1\"", "\"\"",
    ]

    @Test(arguments: everyKey, hostileNumbers)
    func aNumberNoKeyAllowsIsAProblemAtItsValue(place: Place, literal: String) throws {
        try expectRefused(place: place, literal: literal, code: nil)
    }

    @Test(arguments: numericKeys, hostileStrings)
    func aStringThatLooksLikeANumberIsAProblemAtItsValue(place: Place, literal: String) throws {
        try expectRefused(place: place, literal: literal, code: nil)
    }

    @Test(arguments: everyKey, oversizedIntegers)
    func anIntegerBeyond64BitsIsASyntaxProblemAtItsValue(place: Place, literal: String) throws {
        try expectRefused(place: place, literal: literal, code: .syntax)
    }

    @Test(arguments: [
        (50.0, true), (400, true), (49.999, false), (400.0001, false), (.infinity, false),
        (-.infinity, false), (.nan, false), (1e300, false), (-1e300, false), (Double.greatestFiniteMagnitude, false),
        (-Double.greatestFiniteMagnitude, false), (Double.leastNonzeroMagnitude, false),
    ])
    func percentToCategoryNeverTraps(percent: Double, accepted: Bool) {
        switch Settings.category(percent: percent) {
        case .ok: #expect(accepted)
        case .bad(let message): #expect(!accepted && message.contains("out of range"), "\(message)")
        }
    }

    @Test(arguments: [
        (Double.nan, ContentSizeCategory.large), (.infinity, .accessibilityExtraExtraExtraLarge),
        (-.infinity, .extraSmall), (1e300, .accessibilityExtraExtraExtraLarge), (-1e300, .extraSmall),
        (Double.greatestFiniteMagnitude, .accessibilityExtraExtraExtraLarge),
    ])
    func nearestPercentTakesAnyDouble(percent: Double, expected: ContentSizeCategory) {
        #expect(ContentSizeCategory(nearestPercent: percent) == expected)
    }

    @Test(arguments: [
        (Double.nan, "nan"), (.infinity, "inf"), (-.infinity, "-inf"), (1e300, "1e+300"), (-1000, "-1000"),
        (12.5, "12.5"), (1e16, "1e+16"),
    ])
    func messagesShowAnyNumber(value: Double, shown: String) {
        #expect(Settings.spokenNumber(value) == shown)
    }

    /// On reload a hostile size keeps the last good size and says where the problem is.
    @Test(arguments: hostileNumbers + oversizedIntegers + hostileStrings)
    func reloadKeepsTheLastGoodSize(literal: String) throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let store = SettingsStore(file: SettingsFile(path: dir.path + "/config.toml"))
        try "[text]\nsize = \"accessibilityLarge\"\n".write(toFile: store.file.path, atomically: false, encoding: .utf8)
        store.loadInitial()
        #expect(store.current.text.size == .accessibilityLarge)

        try "[text]\nsize = \(literal)\n".write(toFile: store.file.path, atomically: false, encoding: .utf8)
        let update = try #require(store.reload())
        #expect(!update.applied)
        #expect(store.current.text.size == .accessibilityLarge)
        let problem = try #require(update.problems.first)
        #expect(problem.key == "text.size")
        #expect((problem.line, problem.column) == (2, 8))
        #expect(problem.severity == .error)
    }

    /// Decodes `literal` at `place` and checks the problem and that the key kept its default.
    private func expectRefused(place: Place, literal: String, code: SettingsProblem.Code?) throws {
        let (text, line) = place.document(literal)
        let result = Settings.decode(text: text, file: "/c/config.toml")
        let errors = result.errors
        let problem = try #require(errors.first, "\(text) was accepted")
        #expect(errors.count == 1, "\(errors)")
        #expect(problem.key == place.dotted)
        #expect(problem.line == line)
        #expect(problem.column == place.name.count + 4, "the column of the value")
        #expect(problem.file == "/c/config.toml")
        if let code {
            #expect(problem.code == code)
            #expect(result.settings == .defaults)
        } else {
            #expect(problem.code != .syntax, "\(problem)")
            let without = Settings.decode(text: place.before, file: "/c/config.toml")
            #expect(result.settings == without.settings, "the key keeps its default")
        }
    }
}
