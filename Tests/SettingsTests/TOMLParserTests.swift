import Testing

@testable import Settings

@Suite struct TOMLParserTests {
    @Test func readsTheKindsOfValue() throws {
        let text = """
            # a comment
            title = "Earshot \\"line\\" \\u00E9"   # trailing comment
            literal = 'C:\\path'
            int = +1_000
            neg = -17
            hex = 0xFF
            oct = 0o17
            bin = 0b101
            pi = 3.14
            exp = 6.02e23
            yes = true
            date = 1979-05-27T07:32:00Z
            list = [1, 2,
              3, # inside
            ]
            inline = { a = 1, b.c = "x" }
            multi = \"\"\"
            one \\
              two\"\"\"
            raw = '''
            first
            second'''

            [a.b]
            c = 1
            "quoted key" = 2

            [[irc.servers]]
            host = "one"
            [[irc.servers]]
            host = "two"
            """
        let document = try TOMLDocument(parsing: text)
        #expect(document.value(at: ["title"]) == .string("Earshot \"line\" é"))
        #expect(document.value(at: ["literal"]) == .string("C:\\path"))
        #expect(document.value(at: ["int"]) == .integer(1000))
        #expect(document.value(at: ["neg"]) == .integer(-17))
        #expect(document.value(at: ["hex"]) == .integer(255))
        #expect(document.value(at: ["oct"]) == .integer(15))
        #expect(document.value(at: ["bin"]) == .integer(5))
        #expect(document.value(at: ["pi"]) == .float(3.14))
        #expect(document.value(at: ["exp"]) == .float(6.02e23))
        #expect(document.value(at: ["yes"]) == .boolean(true))
        #expect(
            document.value(at: ["date"])
                == .dateTime(
                    TOMLDateTime(
                        kind: .offsetDateTime, year: 1979, month: 5, day: 27, hour: 7, minute: 32, second: 0,
                        offsetMinutes: 0)))
        #expect(document.value(at: ["list"]) == .array([.integer(1), .integer(2), .integer(3)]))
        #expect(document.value(at: ["inline", "b", "c"]) == .string("x"))
        #expect(document.value(at: ["multi"]) == .string("one two"))
        #expect(document.value(at: ["raw"]) == .string("first\nsecond"))
        #expect(document.value(at: ["a", "b", "c"]) == .integer(1))
        #expect(document.value(at: ["a", "b", "quoted key"]) == .integer(2))
        let servers = try #require(document.value(at: ["irc", "servers"])?.arrayValue)
        #expect(servers.compactMap { $0.tableValue?["host"]?.stringValue } == ["one", "two"])
        #expect(document.locations["irc.servers[1].host"]?.line == 31)
        #expect(document.locations["title"]?.line == 2)
        #expect(document.locations["title"]?.valueColumn == 9)
    }

    @Test func dottedKeysBuildTables() throws {
        let document = try TOMLDocument(parsing: "text.size = \"large\"\ndisplay.contrast = 'increased'\n")
        #expect(document.value(at: ["text", "size"]) == .string("large"))
        #expect(document.value(at: ["display", "contrast"]) == .string("increased"))
    }

    struct Bad: Sendable, CustomStringConvertible {
        var text: String
        var line: Int
        var column: Int
        var key: String?
        var description: String { text }
    }

    static let bad: [Bad] = [
        Bad(text: "[text]\nsize = \"large\n", line: 2, column: 14, key: "text.size"),
        Bad(text: "a = 1\nb = \n", line: 2, column: 5, key: "b"),
        Bad(text: "[speech]\nrate = 12x\n", line: 2, column: 8, key: "speech.rate"),
        Bad(text: "a = 1\na = 2\n", line: 2, column: 1, key: "a"),
        Bad(text: "[display]\ncontrast = \"standard\" extra\n", line: 2, column: 23, key: "display.contrast"),
        Bad(text: "[text\nsize = 1\n", line: 1, column: 6, key: nil),
        Bad(text: "x = [1, 2\n", line: 2, column: 1, key: "x"),
        Bad(text: "[a]\n[a]\n", line: 2, column: 2, key: "a"),
        Bad(text: "k = 012\n", line: 1, column: 5, key: "k"),
    ]

    @Test(arguments: bad)
    func syntaxErrorsHaveExactLineAndColumn(_ bad: Bad) {
        do {
            _ = try TOMLDocument(parsing: bad.text)
            Issue.record("parsed \(bad.text)")
        } catch let error as TOMLError {
            #expect(error.line == bad.line, "\(error)")
            #expect(error.column == bad.column, "\(error)")
            #expect(error.key == bad.key, "\(error)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func columnsCountCharactersNotBytes() {
        #expect(throws: TOMLError.self) { try TOMLDocument(parsing: "naïve = \"é\" oops\n") }
        do {
            _ = try TOMLDocument(parsing: "\"naïve\" = \"é\" oops\n")
        } catch let error as TOMLError {
            #expect(error.column == 15)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}

/// Long lines parse in linear time; these check the result, timing belongs in benchmarks.
@Suite struct TOMLLongLineTests {
    @Test func aOneMegabyteArrayOnOneLine() throws {
        let count = 150_000
        let text = "x = [" + (0..<count).map(String.init).joined(separator: ", ") + "]\n"
        #expect(text.utf8.count > 1_000_000)
        let document = try TOMLDocument(parsing: text)
        let array = try #require(document.value(at: ["x"])?.arrayValue)
        #expect(array.count == count)
        #expect(array.last == .integer(Int64(count - 1)))
    }

    @Test func aOneMegabyteInlineTableOnOneLineKeepsColumns() throws {
        let count = 70_000
        let pairs = (0..<count).map { "k\($0) = \($0)" }
        let text = "t = { " + pairs.joined(separator: ", ") + " }\n"
        #expect(text.utf8.count > 1_000_000)
        let document = try TOMLDocument(parsing: text)
        #expect(document.value(at: ["t", "k69999"]) == .integer(69_999))
        let prefix = "t = { " + pairs.prefix(count - 1).joined(separator: ", ") + ", "
        let location = try #require(document.locations["t.k69999"])
        #expect(location.line == 1)
        #expect(location.column == prefix.unicodeScalars.count + 1)
        #expect(location.valueColumn == location.column + "k69999 = ".count)
    }

    @Test func anErrorAtTheEndOfAOneMegabyteLineHasItsColumn() throws {
        let text = "x = \"" + String(repeating: "é", count: 600_000) + "\" junk\n"
        let error = try #require(throws: TOMLError.self) { try TOMLDocument(parsing: text) }
        #expect(error.line == 1)
        #expect(error.column == 4 + 1 + 600_000 + 1 + 2)
    }
}
