import Accessibility
import PropertyBased
import Testing

@Suite struct SpokenTextTests {
    @Test(arguments: [
        (":smile:", "smile"),
        ("Pick :thumbs_up: now", "Pick thumbs up now"),
        (":+1:", "thumbs up"),
        ("half:past:nine", "half:past:nine"),
        ("time 10:30", "time 10:30"),
        ("👍 from bob", "thumbs up, from bob"),
        ("a:b: c", "a:b: c"),
    ])
    func emojiAreReadAsNames(_ text: String, _ expected: String) {
        #expect(SpokenText.prepare(text, punctuation: .some) == expected)
    }

    @Test(arguments: [
        ("#general", PunctuationLevel.none, "hash general"),
        ("#general", .some, "hash general"),
        ("#general", .all, "hash general"),
        ("alice: hi!", .none, "alice: hi!"),
        ("alice: hi!", .some, "alice: hi!"),
        ("alice: hi!", .most, "alice colon hi!"),
        ("alice: hi!", .all, "alice colon hi bang"),
        ("a_b (c)", .none, "a b c"),
        ("a_b (c)", .most, "a underscore b left paren c right paren"),
        ("50% off", .all, "50% off"),
        ("don't", .some, "don't"),
        ("don't", .all, "don apostrophe t"),
    ])
    func punctuationFollowsTheLevel(_ text: String, _ level: PunctuationLevel, _ expected: String) {
        #expect(SpokenText.prepare(text, punctuation: level) == expected)
    }

    @Test func characterNames() {
        #expect(SpokenText.characterName(" ") == "space")
        #expect(SpokenText.characterName("#") == "hash")
        #expect(SpokenText.characterName("a") == "a")
    }

    static let lesson = "Ctrl-Right and Ctrl-Left, or ] and [, change the rotor setting"

    /// The #welcome lesson: the keys are named at every level, and the key names read as keys.
    @Test(arguments: [
        (
            PunctuationLevel.none,
            "Ctrl-Right and Ctrl-Left, or right bracket and left bracket, change the rotor setting"
        ),
        (.some, "Ctrl-Right and Ctrl-Left, or right bracket and left bracket, change the rotor setting"),
        (.most, "Ctrl-Right and Ctrl-Left, or right bracket and left bracket, change the rotor setting"),
        (.all, "Ctrl-Right and Ctrl-Left comma or right bracket and left bracket comma change the rotor setting"),
    ])
    func symbolsThatNameKeysAreSpoken(_ level: PunctuationLevel, _ expected: String) {
        #expect(SpokenText.prepare(Self.lesson, punctuation: level) == expected)
    }

    @Test(arguments: [
        ("Press ? for help", "Press question mark for help"),
        ("Press ?, then Enter", "Press question mark, then Enter"),
        ("Type / to start a command", "Type slash to start a command"),
        ("Press [ or ].", "Press left bracket or right bracket."),
        ("Shift-Tab moves back", "Shift-Tab moves back"),
        ("Ctrl-Alt-Delete", "Ctrl-Alt-Delete"),
        ("Alt-1 to Alt-9", "Alt-1 to Alt-9"),
        ("well-known", "well-known"),
        ("Really?", "Really?"),
        ("a / b", "a slash b"),
        ("a/b", "a b"),
        ("x [y]", "x y"),
        // A channel's name keeps its "hash": "welcome" alone sounds like a greeting.
        ("#welcome", "hash welcome"),
        ("Joined #a and #b", "Joined hash a and hash b"),
        ("issue #5 and a#b", "issue 5 and a b"),
    ])
    func keysAloneAreNamedEvenWithNoPunctuation(_ text: String, _ expected: String) {
        #expect(SpokenText.prepare(text, punctuation: .none) == expected)
    }

    @Test(arguments: PunctuationLevel.allCases)
    func keyNamesNeverSayDash(_ level: PunctuationLevel) {
        for keys in ["Shift-Tab", "Ctrl-Right", "Alt-A", "Shift-Up"] {
            #expect(!SpokenText.prepare("Press \(keys) now", punctuation: level).contains("dash"))
        }
        #expect(SpokenText.prepare("well-known", punctuation: .all) == "well dash known")
    }

    @Test func theWelcomeChannelIsReadHashWelcome() {
        #expect(SpokenText.prepare("#welcome", punctuation: .some) == "hash welcome")
        #expect(
            SpokenText.prepare("3 new messages in #welcome", punctuation: .some) == "3 new messages in hash welcome")
        #expect(SpokenText.prepare("hash welcome", punctuation: .some) == "hash welcome")
    }

    /// Text that stresses preparation: symbols, key names, shortcodes, emoji, white space.
    static let pieces: [String] = [
        "a", "Z", "7", " ", "  ", "\n", "#", "@", "&", "/", "\\", "[", "]", "(", ")", "{", "}", "<",
        ">", "\"", "'", "`", "_", "-", ".", ",", ";", ":", "?", "!", "*", "+", "=", "|", "~", "^",
        "%", "$", "Ctrl", "Shift", "-Tab", "or", ":smile:", ":+1:", ":a_b:", "👍", "❤️", "é",
        "👩🏽‍💻", "🦩", "𝐛𝐨𝐥𝐝", "\u{200B}", "\u{200D}", "½", "ｆｕｌｌ", "🇧🇦",
    ]

    @Test func preparingTwiceChangesNothing() async {
        let pieces = Self.pieces
        let text = Gen.int(in: 0...(pieces.count - 1)).map { pieces[$0] }.array(of: 0...16).map { $0.joined() }
        await propertyCheck(count: 3000, input: text, Gen<PunctuationLevel>.case) { text, level in
            let once = SpokenText.prepare(text, punctuation: level)
            #expect(SpokenText.prepare(once, punctuation: level) == once, "from \(text.debugDescription)")
        }
    }

    /// Found by the property above: a dropped symbol between shortcode colons made ":a:".
    @Test(arguments: [":a[:", "  {:Ctrl}: \nShift.\n", ":x{y}:", "a [, b"])
    func aDroppedSymbolNeverMakesAShortcode(_ text: String) {
        for level in PunctuationLevel.allCases {
            let once = SpokenText.prepare(text, punctuation: level)
            #expect(SpokenText.prepare(once, punctuation: level) == once, "\(level): \(once)")
        }
    }

    @Test(arguments: PunctuationLevel.allCases)
    func preparingTheLessonTwiceChangesNothing(_ level: PunctuationLevel) {
        let once = SpokenText.prepare(Self.lesson, punctuation: level)
        #expect(SpokenText.prepare(once, punctuation: level) == once)
    }
}

@Suite struct SpokenTextOwnTests {
    @Test(arguments: PunctuationLevel.allCases)
    func theClientsOwnSeparatorsAreNeverNamed(level: PunctuationLevel) {
        #expect(
            SpokenText.prepareOwn("Message actions, 7 actions", punctuation: level)
                == "Message actions, 7 actions")
        #expect(
            SpokenText.prepareOwn("Text size: Large, 100 percent", punctuation: level)
                == "Text size: Large, 100 percent")
        #expect(
            SpokenText.prepareOwn("Speech is back on the sound server.", punctuation: level)
                == "Speech is back on the sound server.")
    }

    /// A time in the client's words ("kim, 20:05: …") is never "20 colon 05".
    @Test(arguments: PunctuationLevel.allCases)
    func aTimeInTheClientsWordsKeepsItsColon(_ level: PunctuationLevel) {
        let text = SpokenText.verbatim("kim") + ", 20:05: " + SpokenText.verbatim("cost: 5")
        let said = SpokenText.prepareOwn(text, punctuation: level)
        #expect(said.hasPrefix("kim, 20:05: cost"), "\(said)")
    }

    @Test func someoneElsesWordsAreReadAtTheLevel() {
        let text = "hash b, " + SpokenText.verbatim("kim") + ": " + SpokenText.verbatim("a, b; c.")
        #expect(SpokenText.prepareOwn(text, punctuation: .all) == "hash b, kim: a comma b semicolon c dot")
        #expect(SpokenText.prepareOwn(text, punctuation: .none) == "hash b, kim: a, b; c.")
        #expect(
            SpokenText.prepareOwn(
                SpokenText.verbatim("carol") + " mentioned you: " + SpokenText.verbatim("hi"), punctuation: .some)
                == "carol mentioned you: hi")
        // A sender cannot forge the marks.
        let forged = SpokenText.verbatim("x\u{E002}, y")
        #expect(SpokenText.prepareOwn(forged, punctuation: .all) == SpokenText.prepare("x, y", punctuation: .all))
    }
}

/// Emoticons and links are read as a listener would want them, not as strings of symbols.
@Suite struct SpokenTextChatFormTests {
    @Test(arguments: PunctuationLevel.allCases)
    func anEmoticonStandingAsAWordIsReadByName(level: PunctuationLevel) {
        #expect(SpokenText.prepare("great :)", punctuation: level) == "great smiley")
        #expect(SpokenText.prepare(":-( no", punctuation: level) == "frowny no")
        #expect(SpokenText.prepare("<3 you ;)", punctuation: level) == "heart you winky")
    }

    @Test func closingPunctuationAfterAnEmoticonIsTheSentences() {
        #expect(SpokenText.prepare("(see :))", punctuation: .some) == "see smiley")
        #expect(SpokenText.prepare("ok :), and", punctuation: .some) == "ok smiley, and")
        #expect(SpokenText.prepare("great :).", punctuation: .some) == "great smiley.")
    }

    @Test func codeAndTimesAreNotEmoticons() {
        #expect(SpokenText.prepare("f(x:) is code", punctuation: .some) == "f x: is code")
        #expect(SpokenText.prepare("12:30 ok", punctuation: .some) == "12:30 ok")
        #expect(SpokenText.prepare("Press : to", punctuation: .some) == "Press : to")
    }

    @Test func aLinkIsReadByWhereItLeads() {
        #expect(
            SpokenText.prepare("see https://www.example.com/docs/guide?id=42&lang=en#top now", punctuation: .some)
                == "see link example.com slash docs slash guide now")
        #expect(SpokenText.prepare("(http://example.org/).", punctuation: .some) == "link example.org.")
        #expect(SpokenText.prepare("www.example.net", punctuation: .some) == "link example.net")
        #expect(SpokenText.prepare("http://", punctuation: .some) == "http: slash slash", "no host: not a link")
    }

    @Test(arguments: PunctuationLevel.allCases)
    func chatFormsPrepareIdempotently(level: PunctuationLevel) {
        for text in ["great :)", "(see :)) https://a.example/b?c=d", "o/ \\o/ ^^ :'(", "www.x.org/y#z :-P"] {
            let once = SpokenText.prepare(text, punctuation: level)
            #expect(SpokenText.prepare(once, punctuation: level) == once, "\(text)")
        }
    }
}
