import Testing
import Typography

@testable import Terminal

@Suite struct TerminalEnvironmentTests {
    @Test(arguments: [
        (["TERM": "xterm-kitty"], TextSizingMethod?.some(.kitty), TextSizingMethod.kitty),
        (["TERM": "xterm-256color"], .some(.dec), .dec),
        (["TERM": "xterm-256color"], .some(.none), .none),
        // TERM is no longer a guess: without an answer the text is plain, even in xterm or kitty.
        (["TERM": "xterm-256color"], nil, .none),
        (["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "3"], nil, .none),
        // Inside tmux the probe is not even asked, and an answer would not count.
        (["TERM": "screen-256color", "TMUX": "/tmp/tmux-0/default,1,0"], .some(.dec), .none),
        (["TERM": "dumb", "KITTY_WINDOW_ID": "1"], .some(.kitty), .none),
    ])
    func autoIsWhatTheTerminalShowed(variables: [String: String], probed: TextSizingMethod?, expected: TextSizingMethod)
    {
        var environment = TerminalEnvironment(variables: variables, isTTY: true)
        environment.probedTextSizing = probed
        #expect(TextSizingMethod.resolve(.auto, environment: environment) == expected)
    }

    @Test func theProbeIsAskedOnlyOnARealTerminalOutsideTmux() {
        #expect(TerminalEnvironment(variables: ["TERM": "xterm"], isTTY: true).shouldProbeTextSizing)
        #expect(
            !TerminalEnvironment(variables: ["TERM": "xterm", "TMUX": "/tmp/t,1,0"], isTTY: true).shouldProbeTextSizing)
        #expect(!TerminalEnvironment(variables: ["TERM": "dumb"], isTTY: true).shouldProbeTextSizing)
        #expect(!TerminalEnvironment(variables: ["TERM": "xterm"], isTTY: false).shouldProbeTextSizing)
    }

    @Test func explicitChoiceWinsOnATerminal() {
        var environment = TerminalEnvironment(variables: ["TERM": "linux", "TMUX": "/tmp/t,1,0"], isTTY: true)
        environment.probedTextSizing = TextSizingMethod.none
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
