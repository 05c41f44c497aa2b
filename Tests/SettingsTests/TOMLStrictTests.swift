import Testing

@testable import Settings

/// The reader against TOML 1.0: what the specification refuses is refused with a line and
/// column, what it allows is read, and nothing nests deep enough to exhaust the stack.
@Suite struct TOMLStrictTests {
    /// Invalid documents, with the line and column of the error.
    @Test(arguments: [
        ("d = 2006-13-01", 1, 5), ("d = 2006-02-30", 1, 5), ("d = 2005-02-29", 1, 5), ("d = 2006-01-32", 1, 5),
        ("d = 0000-01-01", 1, 5), ("t = 07:32", 1, 5), ("t = 24:00:00", 1, 5), ("t = 07:60:00", 1, 5),
        ("t = 07:32:60", 1, 5), ("t = 07:32:00.", 1, 5), ("d = 1979-05-27T07:32:00+24:00", 1, 5),
        ("d = 1979-05-27T07:32:00+07", 1, 5), ("d = 1979-05-27T", 1, 5), ("d = 1979-5-27", 1, 5),
        ("d = 1979-05-27 07:32", 1, 5), ("t = 07:32:00Z", 1, 5), ("d = 1979-05-27T07:32:00ZZ", 1, 5),
        ("s = \"a\u{0}b\"", 1, 7), ("s = \"a\u{7F}b\"", 1, 7), ("s = \"a\rb\"", 1, 7), ("s = 'a\u{1}b'", 1, 7),
        ("s = \"\"\"\na\rb\"\"\"", 2, 2), ("s = '''\na\u{0}'''", 2, 2), ("# a\u{0}comment", 1, 4),
        ("# del \u{7F}", 1, 7), ("a = 1 # bare\rCR", 1, 13), ("a = 1\r", 1, 6), ("s = \"\\e\"", 1, 6),
        ("s = \"\\u+123\"", 1, 6), ("s = \"\\uD800\"", 1, 6), ("s = \"\\U00110000\"", 1, 6), ("s = \"\\x41\"", 1, 6),
        ("n = 1e_23", 1, 5), ("n = 0x-1", 1, 5), ("n = +0x1", 1, 5), ("n = -0o7", 1, 5), ("n = 01", 1, 5),
        ("n = -01", 1, 5), ("n = 00.5", 1, 5), ("n = _1", 1, 5), ("n = 1_", 1, 5), ("n = 1__2", 1, 5),
        ("n = 1_.5", 1, 5), ("n = 1._5", 1, 5), ("n = 1.", 1, 5), ("n = .5", 1, 5), ("n = 1e", 1, 5),
        ("n = 1e+", 1, 5), ("n = 0x_1", 1, 5), ("n = 0b2", 1, 5), ("n = 0o8", 1, 5), ("n = 0xG", 1, 5),
        ("n = 0X1", 1, 5), ("n = 9223372036854775808", 1, 5), ("n = -9223372036854775809", 1, 5),
        ("n = 0x8000000000000000", 1, 5), ("n = infinity", 1, 5), ("n = Inf", 1, 5), ("n = NaN", 1, 5),
        ("t = { a = 1, }", 1, 14), ("t = { a = 1\n}", 1, 12), ("a = {}\na.b = 1", 2, 1), ("a = {}\n[a]", 2, 2),
        ("a = {b = 1}\n[a.c]", 2, 2), ("a.b = 1\n[a]", 2, 2), ("a.b.c = 1\n[a.b]", 2, 2),
        ("[a.b.c]\n[a]\nb.d = 1\n[a.b]", 4, 2), ("[a]\n[a]", 2, 2), ("a = []\n[[a]]", 2, 3), ("[[a]]\n[a]", 2, 2),
        ("\"\"\"k\"\"\" = 1", 1, 1), ("a = 1\na = 2", 2, 1), ("\"é\" = 1\n\"é\" = 2", 2, 1),
    ])
    func invalidDocumentsAreRefusedWithLineAndColumn(text: String, line: Int, column: Int) throws {
        let error = try #require(throws: TOMLError.self, "\(text.debugDescription) was accepted") {
            try TOMLDocument(parsing: Array(text.utf8))
        }
        #expect((error.line, error.column) == (line, column), "\(text.debugDescription): \(error)")
    }

    /// Keys that differ only in normalisation are different keys, as their code points are.
    @Test func keysCompareByCodePoints() throws {
        let document = try TOMLDocument(parsing: "\"\u{E9}\" = 1\n\"e\u{301}\" = 2\n")
        #expect(document.root.entries.count == 2)
    }

    /// Invalid UTF-8 is refused with the line and column of its first byte.
    @Test(
        arguments: [
            ([0x61, 0x20, 0x3D, 0x20, 0x22, 0xFF, 0x22], 1, 6),
            ([0x23, 0x0A, 0x73, 0x3D, 0x22, 0xC0, 0x80, 0x22], 2, 4),
            ([0x73, 0x3D, 0x22, 0xED, 0xA0, 0x80, 0x22], 1, 4),
            ([0x73, 0x3D, 0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1, 4),
            ([0x23, 0xE2, 0x82], 1, 2), ([0x73, 0x3D, 0x22, 0xC3, 0xA9, 0xE0, 0x80, 0x80, 0x22], 1, 5),
        ] as [([UInt8], Int, Int)])
    func invalidUTF8IsRefusedWithLineAndColumn(bytes: [UInt8], line: Int, column: Int) throws {
        let error = try #require(throws: TOMLError.self) { try TOMLDocument(parsing: bytes) }
        #expect((error.line, error.column) == (line, column))
        #expect(error.message.contains("UTF-8"))
    }

    /// Valid documents and their values.
    @Test(arguments: [
        (
            "d = 1979-05-27T07:32:00Z",
            TOMLValue.dateTime(
                .init(kind: .offsetDateTime, year: 1979, month: 5, day: 27, hour: 7, minute: 32, offsetMinutes: 0))
        ),
        (
            "d = 1979-05-27t07:32:00.999999-07:30",
            .dateTime(
                .init(
                    kind: .offsetDateTime, year: 1979, month: 5, day: 27, hour: 7, minute: 32, fraction: "999999",
                    offsetMinutes: -450))
        ),
        (
            "d = 1979-05-27 07:32:00",
            .dateTime(.init(kind: .localDateTime, year: 1979, month: 5, day: 27, hour: 7, minute: 32))
        ),
        ("d = 2000-02-29", .dateTime(.init(kind: .localDate, year: 2000, month: 2, day: 29))),
        ("d = 00:32:00.5", .dateTime(.init(kind: .localTime, minute: 32, fraction: "5"))),
        ("n = 0xDEAD_beef", .integer(0xDEAD_BEEF)), ("n = 0o755", .integer(0o755)), ("n = 0b1_0", .integer(2)),
        ("n = -9223372036854775808", .integer(.min)), ("n = 0x7FFFFFFFFFFFFFFF", .integer(.max)),
        ("n = +1_000", .integer(1000)), ("n = -0", .integer(0)), ("n = 1e007", .float(1e7)),
        ("n = -0.0", .float(-0.0)), ("n = 6.626e-34", .float(6.626e-34)), ("n = 1_0.0_1e1_0", .float(10.01e10)),
        ("n = -inf", .float(-.infinity)), ("n = 1e400", .float(.infinity)),
        ("s = \"tab\there \\u00E9 \\U0001F600\"", .string("tab\there é 😀")),
        ("s = \"\"\"\nline\r\nnext \\\n   joined\"\"\"\"\"", .string("line\nnext joined\"\"")),
        ("s = '''a''b'''", .string("a''b")), ("s = 'C:\\x'", .string("C:\\x")),
        (
            "t = { a.b = 1, a.c = 2 }",
            .table(
                TOMLTable(entries: [
                    .init(
                        key: "a",
                        value: .table(
                            TOMLTable(entries: [
                                .init(key: "b", value: .integer(1)), .init(key: "c", value: .integer(2)),
                            ])))
                ]))
        ),
        ("a = [\n 1, # one\n 2,\n]", .array([.integer(1), .integer(2)])),
    ])
    func validDocumentsAreRead(text: String, value: TOMLValue) throws {
        let document = try TOMLDocument(parsing: Array(text.utf8))
        let key = try #require(document.root.entries.first?.key)
        #expect(document.value(at: [key])?.tomlLiteral == value.tomlLiteral)
        #expect(document.value(at: [key]) == value || value.tomlLiteral == "nan")
    }

    @Test func theSpecificationsTableRulesAllowWhatTheyAllow() throws {
        let text = """
            [a.b.c]
            x = 1
            [a]
            b.d = 2
            [fruit]
            apple.color = "red"
            [fruit.apple.texture]
            smooth = true
            [[products]]
            name = "one"
            [products.details]
            n = 1
            [[products]]
            name = "two"
            """
        let document = try TOMLDocument(parsing: text)
        #expect(document.value(at: ["a", "b", "d"]) == .integer(2))
        #expect(document.value(at: ["fruit", "apple", "texture", "smooth"]) == .boolean(true))
        #expect(document.value(at: ["products"])?.arrayValue?.count == 2)
    }

    /// Deep nesting is an error with a line and column, never a stack overflow.
    @Test(arguments: [
        (
            "20,000 nested arrays",
            "a = " + String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000)
        ),
        (
            "10,000-deep inline table",
            "a = " + String(repeating: "{b = ", count: 10_000) + "1" + String(repeating: "}", count: 10_000)
        ),
        ("dotted key of 50,000 parts", (0..<50_000).map { "k\($0)" }.joined(separator: ".") + " = 1"),
        ("table header of 50,000 parts", "[" + (0..<50_000).map { "k\($0)" }.joined(separator: ".") + "]"),
        (
            "deep section then a deep value",
            "[" + (0..<100).map { "s\($0)" }.joined(separator: ".") + "]\nv = " + String(repeating: "[", count: 40)
                + String(repeating: "]", count: 40)
        ),
    ])
    func deepNestingIsAClearError(name: String, text: String) throws {
        let error = try #require(throws: TOMLError.self, "\(name)") { try TOMLDocument(parsing: text) }
        #expect(error.message.contains("deeper than 128"), "\(name): \(error)")
        #expect(error.line >= 1 && error.column > 1)
        let decoded = Settings.decode(text: text, file: "deep.toml")
        #expect(decoded.problems.first?.code == .syntax)
        #expect(decoded.settings == .defaults)
    }

    @Test func nestingUpTo128IsRead() throws {
        let arrays = "a = " + String(repeating: "[", count: 127) + String(repeating: "]", count: 127)
        #expect(try TOMLDocument(parsing: arrays).value(at: ["a"]) != nil)
        let keys = (0..<128).map { "k\($0)" }.joined(separator: ".") + " = 1"
        #expect(try TOMLDocument(parsing: keys).root.entries.count == 1)
    }
}
