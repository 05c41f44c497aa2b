import Testing

import Accessibility

@testable import App
@testable import ClientCore

/// A quit whose reason the server wrote is said in plain words, not the server's.
@Suite struct ServerQuitWordingTests {
    @Test(arguments: [
        ("Ping timeout: 240 seconds", "kim lost the connection, timed out"),
        ("Read error: Connection reset by peer", "kim lost the connection"),
        ("Remote host closed the connection", "kim lost the connection"),
        ("*.net *.split", "kim was cut off by a netsplit"),
        ("irc.example.net hub.example.net", "kim was cut off by a netsplit"),
        ("Excess Flood", "kim was disconnected for sending too fast"),
        ("Client Quit", "kim quit"),
        // A quit without a reason, as Ergo and InspIRCd write it: not "kim quit: Quit".
        ("Quit", "kim quit"),
        ("Client exited", "kim quit"),
        ("", "kim quit"),
        ("off to lunch", "kim quit: off to lunch"),
    ])
    func serverReasons(reason: String, said: String) {
        #expect(SpokenText.unmarked(Wording.serverQuit("kim", reason)) == said)
    }

    /// One's own nick is spelled where it has marks: a server that gave "ada_" because ada was
    /// taken is not heard as "Connected as ada".
    @Test func theNickConnectedWithIsSpelled() {
        #expect(
            SpokenText.unmarked(Wording.sentence(.connection(.connectedAs("ada", network: nil)))) == "Connected as ada")
        #expect(
            SpokenText.unmarked(Wording.sentence(.connection(.connectedAs("ada_", network: nil))))
                == "Connected as ada underscore")
    }

    @Test func aPersonsOwnReasonIsTheirWords() {
        #expect(
            SpokenText.unmarked(Wording.sentence(.people(.quit(nick: "kim", reason: "Ping timeout: my joke"))))
                == "kim quit: Ping timeout: my joke")
    }
}
