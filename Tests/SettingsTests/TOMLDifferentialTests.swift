import Foundation
import TestThreads
import Testing

@testable import Settings

/// Our TOML reader against Python's `tomllib`, an independent TOML 1.0 parser, over
/// generated documents: valid ones and mutated ones. The two must agree on accept or reject
/// and, when both accept, on every typed value (see Fixtures/toml_oracle.py for the form).
///
/// Needs python3 3.11 or later (`apt-get install python3`; `.ci/setup` installs it). Without
/// it the test fails, it does not skip.
@Suite(.ownThreads) struct TOMLDifferentialTests {
    /// A small deterministic generator (SplitMix64), so every run tests the same documents.
    struct Random {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(1, bound))) }
        mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
        mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    }

    static let validCount = 1500
    static let mutatedCount = 6000

    @Test(arguments: [0x5EED_0014, 0x111, 0x333] as [UInt64])
    func agreesWithPythonTomllib(seed: UInt64) throws {
        let python = try Self.python()
        var random = Random(state: seed)
        var documents: [[UInt8]] = []
        for _ in 0..<Self.validCount { documents.append(Array(Self.document(&random).utf8)) }
        for index in 0..<Self.mutatedCount {
            documents.append(Self.mutate(documents[index % Self.validCount], &random))
        }
        let verdicts = try Self.oracle(python: python, documents: documents)
        try #require(verdicts.count == documents.count)

        var compared = 0
        var accepted = 0
        var disagreements: [String] = []
        for (bytes, verdict) in zip(documents, verdicts) {
            guard let oracleAccepts = verdict.ok else { continue }
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { continue }  // a BOM: we skip it, tomllib refuses
            compared += 1
            let ours: String?
            var ourError = ""
            do {
                ours = Self.canonical(.table(try TOMLDocument(parsing: bytes).root))
            } catch {
                ours = nil
                ourError = "\(error)"
            }
            if ours != nil { accepted += 1 }
            let text = String(decoding: bytes, as: UTF8.self).debugDescription
            if oracleAccepts != (ours != nil) {
                disagreements.append(
                    "\(text)\n  tomllib: \(oracleAccepts ? "accepts" : "refuses: \(verdict.error ?? "")")\n  ours: \(ours == nil ? "refuses: \(ourError)" : "accepts")"
                )
            } else if let ours, ours != verdict.value {
                disagreements.append("\(text)\n  tomllib: \(verdict.value ?? "")\n  ours:    \(ours)")
            }
        }
        print(
            "TOML differential: \(compared) documents compared, \(accepted) accepted by both, \(disagreements.count) disagreements"
        )
        for disagreement in disagreements.prefix(15) { Issue.record("disagreement on \(disagreement)") }
        #expect(disagreements.isEmpty, "\(disagreements.count) of \(compared) documents disagree")
        #expect(compared > (Self.validCount + Self.mutatedCount) * 9 / 10)
        #expect(accepted >= Self.validCount, "the valid documents are read")
        #expect(compared - accepted > Self.mutatedCount / 3, "mutations make invalid documents")
    }

    // MARK: The oracle

    struct Verdict: Decodable {
        var name: String
        var ok: Bool?
        var value: String?
        var error: String?
    }

    /// The python3 on PATH, which must have tomllib (3.11+); a clear failure otherwise.
    static func python() throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let found = path.split(separator: ":").map { "\($0)/python3" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let python = found else {
            Issue.record("python3 is needed for the differential TOML tests: apt-get install python3")
            throw CancellationError()
        }
        let check = Process()
        check.executableURL = URL(fileURLWithPath: python)
        check.arguments = ["-c", "import tomllib"]
        try check.run()
        check.waitUntilExit()
        guard check.terminationStatus == 0 else {
            Issue.record("\(python) has no tomllib (Python 3.11 or later is needed): apt-get install python3")
            throw CancellationError()
        }
        return python
    }

    static func oracle(python: String, documents: [[UInt8]]) throws -> [Verdict] {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("earshot-toml-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (index, bytes) in documents.enumerated() {
            let name = String(format: "%06d.toml", index)
            try Data(bytes).write(to: directory.appendingPathComponent(name))
        }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/toml_oracle.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script, directory.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "toml_oracle.py failed")
        let decoder = JSONDecoder()
        return try data.split(separator: 0x0A).map { try decoder.decode(Verdict.self, from: Data($0)) }
    }

    /// The typed value tree in the oracle's form.
    static func canonical(_ value: TOMLValue) -> String {
        func hex(_ text: String) -> String { text.utf8.map { String(format: "%02x", $0) }.joined() }
        switch value {
        case .table(let table):
            let items = table.entries.map { (hex($0.key), canonical($0.value)) }.sorted { $0.0 < $1.0 }
            return "{" + items.map { "\($0.0)=\($0.1)" }.joined(separator: ",") + "}"
        case .array(let values): return "[" + values.map(canonical).joined(separator: ",") + "]"
        case .string(let text): return "s" + hex(text)
        case .integer(let number): return "i\(number)"
        case .float(let number): return number.isNaN ? "fnan" : "f\(number.bitPattern)"
        case .boolean(let flag): return flag ? "b1" : "b0"
        case .dateTime(let moment):
            let micro = (moment.fraction + "000000").prefix(6)
            let date = String(format: "%04d-%02d-%02d", moment.year, moment.month, moment.day)
            let time = String(format: "%02d:%02d:%02d.", moment.hour, moment.minute, moment.second) + micro
            switch moment.kind {
            case .offsetDateTime:
                let offset = moment.offsetMinutes ?? 0
                return "odt" + date + "T" + time + (offset < 0 ? "-" : "+") + "\(abs(offset))"
            case .localDateTime: return "ldt" + date + "T" + time
            case .localDate: return "ld" + date
            case .localTime: return "lt" + time
            }
        }
    }

    // MARK: Documents

    static let bareKeys = ["a", "b", "key", "bare_key", "bare-key", "1234", "x1", "-", "_", "title", "size"]
    static let quotedKeys = [
        "\"quoted key\"", "'literal key'", "\"\"", "\"é\"", "\"\\u00e9\"", "\"tab\\there\"", "\"a.b\"", "'#'", "\"😀\"",
    ]
    static let scalars = [
        "1", "+99", "-17", "0", "-0", "+0", "1_000", "5_349_221", "0xDEADBEEF", "0xdead_beef", "0o755", "0b1101_0101",
        "9223372036854775807", "-9223372036854775808", "3.1415", "-0.01", "5e+22", "1e06", "-2E-2", "6.626e-34",
        "224_617.445_991_228", "inf", "+inf", "-inf", "nan", "+nan", "-nan", "0.0", "-0.0", "1e400", "true", "false",
        "1979-05-27T07:32:00Z", "1979-05-27T00:32:00-07:00", "1979-05-27T00:32:00.999999-07:00",
        "1979-05-27 07:32:00Z", "1979-05-27T07:32:00", "1979-05-27T00:32:00.999999", "1979-05-27", "07:32:00",
        "00:32:00.999999", "00:32:00.5", "2000-02-29", "1979-05-27t07:32:00z", "1987-07-05T17:45:00.1234567Z",
        "\"basic\"", "\"esc \\\" \\\\ \\b \\t \\n \\f \\r \\u0041 \\U0001F600\"", "'C:\\Users\\nodejs'",
        "'<\\i\\c*\\s*>'",
        "\"\"", "''", "\"\"\"\nmulti\nline\"\"\"", "\"\"\"one \\\n   two\"\"\"", "'''\nraw\n  text'''",
        "\"\"\"quotes \"\" inside\"\"\"\"\"", "'''it''s'''", "\"tab\tin\"", "\"日本語\"", "\"\"\"\r\ncrlf\r\n\"\"\"",
    ]

    static func key(_ random: inout Random) -> String {
        var parts = [random.chance(75) ? random.pick(bareKeys) : random.pick(quotedKeys)]
        while random.chance(15) && parts.count < 3 { parts.append(random.pick(bareKeys)) }
        return parts.joined(separator: random.chance(80) ? "." : " . ")
    }

    static func value(_ random: inout Random, depth: Int) -> String {
        let choice = depth > 2 ? 0 : random.below(10)
        switch choice {
        case 7, 8:
            let count = random.below(4)
            let items = (0..<count).map { _ in value(&random, depth: depth + 1) }
            let separator = random.pick([", ", ",", " ,\n  ", ", # note\n "])
            return "[" + items.joined(separator: separator) + (count > 0 && random.chance(30) ? "," : "") + "]"
        case 9:
            var keys = Set<String>()
            var pairs: [String] = []
            for _ in 0..<random.below(3) {
                let name = random.pick(bareKeys)
                guard keys.insert(name).inserted else { continue }
                pairs.append("\(name) = \(value(&random, depth: depth + 1))")
            }
            return pairs.isEmpty ? "{}" : "{ " + pairs.joined(separator: ", ") + " }"
        default:
            return random.pick(scalars)
        }
    }

    /// A valid document: key/values, tables, arrays of tables, comments, blank lines, CRLF.
    static func document(_ random: inout Random) -> String {
        var lines: [String] = []
        var usedKeys = Set<String>()
        var tableNames = Set<String>()
        func keyValues() {
            var used = Set<String>()
            for _ in 0..<random.below(4) + 1 {
                let name = random.pick(bareKeys)
                guard used.insert(name).inserted else { continue }
                var line = "\(name) = \(value(&random, depth: 0))"
                if random.chance(20) { line += " # comment é" }
                lines.append(line)
            }
        }
        if random.chance(70) { keyValues() }
        if random.chance(20) {
            let name = random.pick(quotedKeys)
            if usedKeys.insert(name).inserted, !lines.contains(where: { $0.hasPrefix(name + " ") }) {
                lines.append("\(name) = \(random.pick(scalars))")
            }
        }
        for _ in 0..<random.below(3) {
            if random.chance(25) {
                let name = "arr" + random.pick(["", "_b", ".c"])
                guard !tableNames.contains(name),
                    !tableNames.contains(where: { $0.hasPrefix(name + ".") || name.hasPrefix($0 + ".") })
                else { continue }
                for _ in 0..<random.below(3) + 1 {
                    lines.append("[[\(name)]]")
                    keyValues()
                }
                tableNames.insert(name)
            } else {
                let name = random.pick([
                    "t", "t2", "server", "\"quoted table\"", "t . sub", "x.y.z", "dog.\"tater.man\"",
                ])
                guard tableNames.insert(name.replacingOccurrences(of: " ", with: "")).inserted,
                    !["arr", "arr_b", "arr.c"].contains(name)
                else { continue }
                lines.append(random.chance(10) ? "  [ \(name) ]  # header" : "[\(name)]")
                keyValues()
            }
            if random.chance(30) { lines.append("") }
            if random.chance(15) { lines.append("# a comment line\t") }
        }
        let newline = random.chance(15) ? "\r\n" : "\n"
        return lines.joined(separator: newline) + (random.chance(80) ? newline : "")
    }

    static let tricky: [[UInt8]] = [
        [0x00], [0x0D], [0x7F], [0x1B], [0x0C], [0x08], [0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80],
        [0xF4, 0x90, 0x80, 0x80],
        [0xE2, 0x82], [0xEF, 0xBB, 0xBF], Array("_".utf8), Array("e_".utf8), Array("0x-".utf8), Array("+".utf8),
        Array(".".utf8), Array("[".utf8), Array("]".utf8), Array("{".utf8), Array("}".utf8), Array("=".utf8),
        Array("\"".utf8), Array("'".utf8), Array("\"\"\"".utf8), Array("'''".utf8), Array("\\".utf8), Array("\\u".utf8),
        Array("\\e".utf8), Array("\\x41".utf8), Array("#".utf8), Array("\n".utf8), Array(",".utf8),
        Array("1979-13-01".utf8), Array("24:00:00".utf8), Array("07:32".utf8), Array("Z".utf8), Array("T".utf8),
        Array(" ".utf8), Array("\t".utf8), Array("inf".utf8), Array("nan".utf8), Array("-0".utf8), Array("00".utf8),
        Array("1__2".utf8), Array("_1".utf8), Array("[[".utf8), Array("]]".utf8), Array("a.b".utf8),
        Array("\na = 1\na = 2\n".utf8), Array(":60".utf8), Array("-02-30".utf8), Array("+24:00".utf8),
        Array("0b2".utf8),
        Array("9".utf8), Array("\u{E9}".utf8), Array("e\u{301}".utf8), Array("\\U0000D800".utf8), Array("\\uDFFF".utf8),
        Array("\r\n".utf8), Array("\n[a]\n".utf8), Array("\n[[a]]\n".utf8), Array("\na.b = 1\n".utf8),
    ]

    /// A valid document changed a little: a byte flipped, a tricky token put in, a range cut.
    static func mutate(_ bytes: [UInt8], _ random: inout Random) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<random.below(2) + 1 {
            let position = random.below(bytes.count + 1)
            switch random.below(5) {
            case 0 where !bytes.isEmpty:
                bytes[min(position, bytes.count - 1)] ^= UInt8(1 << random.below(8))
            case 1 where !bytes.isEmpty:
                let end = min(bytes.count, position + random.below(4) + 1)
                bytes.removeSubrange(min(position, end)..<end)
            case 2 where !bytes.isEmpty:
                bytes[min(position, bytes.count - 1)] = random.pick(Array("0123456789+-_.eExobZT:\"'[]{}=, #\\".utf8))
            default:
                bytes.insert(contentsOf: random.pick(tricky), at: position)
            }
        }
        return bytes
    }
}
