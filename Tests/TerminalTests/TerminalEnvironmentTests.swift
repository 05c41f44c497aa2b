import Testing
import Typography
@testable import Terminal

@Suite struct TerminalEnvironmentTests {
    @Test(arguments: [
        (["TERM": "xterm-kitty"], TextSizingMethod.kitty),
        (["TERM": "xterm-256color", "KITTY_WINDOW_ID": "3"], .kitty),
        (["TERM": "xterm-256color", "TERM_PROGRAM": "kitty"], .kitty),
        (["TERM": "xterm-256color"], .dec),
        (["TERM": "vt220"], .dec),
        (["TERM": "xterm-256color", "TERM_PROGRAM": "Apple_Terminal"], .none),
        (["TERM": "screen-256color"], .none),
        (["TERM": "linux"], .none),
        (["TERM": "dumb", "KITTY_WINDOW_ID": "1"], .none),
    ])
    func autoChoosesFromTheEnvironment(variables: [String: String], expected: TextSizingMethod) {
        let environment = TerminalEnvironment(variables: variables, isTTY: true)
        #expect(TextSizingMethod.resolve(.auto, environment: environment) == expected)
    }

    @Test func explicitChoiceWinsOnATerminal() {
        let environment = TerminalEnvironment(variables: ["TERM": "linux"], isTTY: true)
        #expect(TextSizingMethod.resolve(.kitty, environment: environment) == .kitty)
        #expect(TextSizingMethod.resolve(.dec, environment: environment) == .dec)
        let piped = TerminalEnvironment(variables: ["TERM": "linux"], isTTY: false)
        #expect(TextSizingMethod.resolve(.kitty, environment: piped) == .none)
    }

    @Test func noColorIsHonoured() {
        let environment = TerminalEnvironment(variables: ["TERM": "xterm", "NO_COLOR": "1"], isTTY: true)
        #expect(!environment.colorEnabled(setting: nil))
        #expect(environment.colorEnabled(setting: true))
        #expect(TerminalEnvironment(variables: ["TERM": "xterm"], isTTY: true).colorEnabled(setting: nil))
        #expect(!TerminalEnvironment(variables: ["TERM": "xterm"], isTTY: true).colorEnabled(setting: false))
        #expect(!TerminalEnvironment(variables: ["TERM": "dumb"], isTTY: true).colorEnabled(setting: true))
    }
}
