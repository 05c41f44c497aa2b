import Foundation
import Testing

/// The listener's rules on every reviewed transcript: each journey and the phrase table. The
/// journeys themselves check that Earshot says what they say; these check that what they say
/// is right to say. And the rules are tested: each catches the phrase it is for.
@Suite struct ListenerRulesTests {
    @Test(arguments: JourneyTests.names)
    func aJourneyKeepsTheListenersRules(name: String) throws {
        let path = JourneyTests.folder + "/\(name).journey"
        let journey = try Journey(String(contentsOfFile: path, encoding: .utf8))
        for violation in ListenerRules.check(journey) {
            Issue.record("\(name).journey: \(violation)")
        }
    }

    @Test func thePhraseTableKeepsTheListenersRules() throws {
        let table = try String(contentsOfFile: PhraseTableTests.fixture, encoding: .utf8)
        for violation in ListenerRules.check(table: table) {
            Issue.record("phrases.txt, \(violation)")
        }
    }

    /// A broken transcript for each rule, and the rule it breaks.
    static let broken: [(String, ListenerRules.Rule)] = [
        ("> \"hi\"\n< Sent\n< Sent\n", .repeated),
        ("> bob: PRIVMSG #a :x\n< bob is here\n> bob: PRIVMSG #a :y\n< bob is here\n", .repeated),
        ("> Enter\n< (error sound)\n< Not delivered\n> \"x\"\n< Not delivered\n", .errorRepeated),
        ("> \"/part\" Enter\n< Leaving hash b\n< Left hash b\n", .progressThenResult),
        ("> bob: PRIVMSG #a :x\n< 9 new messages in hash b\n< 10 new messages in hash b\n", .partialCount),
        ("> M-a\n< 11 new mentions in hash b. Newest: bob mentioned you in hash b\n", .namedTwice),
        ("> a\n< Message actions, sheet, short form, 7 of 11 actions\n", .implementationWord),
        ("> F1\n< 100 utterances\n", .implementationWord),
        ("> M-t\n< Optional(\"10:42\")\n", .implementationWord),
        ("> \"/help\" Enter\n< slash names left bracket hash channel\n", .symbolName),
        ("> \"/help\" Enter\n< slash join, slash part\n", .symbolName),
    ]

    @Test(arguments: 0..<broken.count)
    func aBrokenTranscriptBreaksItsRule(index: Int) throws {
        let (text, rule) = Self.broken[index]
        let violations = ListenerRules.check(try Journey(text))
        #expect(violations.map(\.rule).contains(rule), "\(text): \(violations)")
    }

    /// What the listener asked for is not a repeat, and a key's name is not a symbol read.
    static let kept: [String] = [
        "> Right\n< bob, hi\n> Left\n< Message hash a, text field.\n> Right\n< bob, hi\n",
        "> M-l\n< Sent\n> M-l\n< Sent\n",
        "> Enter\n< (error sound)\n< Not delivered\n> Enter\n< (error sound)\n< Not delivered\n",
        "> ?\n< Control-Right or Control-Left, also right bracket and left bracket, next rotor setting\n",
        "> \"/join #a\" Enter\n< Joined hash a\n",
        "> server stop\n< Lost the connection\n> server start\n< Back\n> server stop\n< Lost the connection\n",
    ]

    @Test(arguments: 0..<kept.count)
    func whatTheListenerAskedForKeepsTheRules(index: Int) throws {
        let text = Self.kept[index]
        #expect(ListenerRules.check(try Journey(text)).isEmpty, "\(text)")
    }
}
