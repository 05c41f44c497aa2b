import Testing

@testable import Settings

/// `sasl_required` in `[[irc.servers]]`: true unless the file says false; a wrong type is an
/// error with its line and column, and the default stays.
@Suite struct SASLRequiredSettingsTests {
    func server(_ extra: String) -> SettingsDecodeResult {
        Settings.decode(text: "[[irc.servers]]\nhost = \"127.0.0.1\"\nsasl_user = \"ada\"\n" + extra, file: "/x/c.toml")
    }

    @Test func requiredUnlessSaidOtherwise() {
        let absent = server("")
        #expect(absent.problems.isEmpty)
        #expect(absent.settings.ircServers.first?.saslRequired == true)
        let off = server("sasl_required = false\n")
        #expect(off.problems.isEmpty)
        #expect(off.settings.ircServers.first?.saslRequired == false)
    }

    @Test func aWrongTypeKeepsTheDefaultAndSaysWhere() {
        let result = server("sasl_required = \"no\"\n")
        #expect(result.settings.ircServers.first?.saslRequired == true)
        let problem = result.problems.first
        #expect(problem?.key == "irc.servers[0].sasl_required")
        #expect(problem?.line == 4)
    }

    @Test func theEffectiveValuesShowIt() {
        let values = server("sasl_required = false\n").settings.values
        let entry = values.first { $0.key == "irc.servers[0]" }?.value.tableValue?["sasl_required"]
        #expect(entry == .boolean(false))
    }
}
