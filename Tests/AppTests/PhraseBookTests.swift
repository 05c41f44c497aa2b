import Foundation
import Testing

/// The phrase book is the only place a sentence is built: the core, the runtime, and the
/// chat and IRC layers hand facts to `Sources/ClientCore/Wording` and word nothing themselves.
///
/// Read from the source, as a reviewer would check it: a sentence passed as a string literal
/// to what speaks or prints, or a capitalised sentence anywhere in those folders' code, fails,
/// naming the file and line.
@Suite struct PhraseBookTests {
    /// The folders that report facts and must not word them.
    static let factFolders = [
        "Sources/ClientCore/Core", "Sources/ClientCore/State", "Sources/ClientCore/Input",
        "Sources/ClientCore/Machines",
        "Sources/App", "Sources/ChatModel", "Sources/Chat", "Sources/IRC", "Sources/Presentation", "Sources/Settings",
        "Sources/BrailleVocabulary", "Sources/Braille", "Sources/Typography",
    ]

    /// What is sent to a server as protocol data (a real name, a quit reason), not said; and
    /// the sample message the text-size control shows (content, as a message is).
    static let protocolData: Set<String> = ["Earshot user", "Password refused", "The build is green again."]

    /// Files in the fact folders that are not the client's voice: the command line's `earshot
    /// say` and `earshot voices`, and the accessibility audit's report for developers.
    static let notTheVoice: Set<String> = ["SpeakOnce.swift", "ScreenAudit.swift"]

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Each line of code (comments taken off) of the Swift files under `folder`.
    static func codeLines(in folder: String) throws -> [(place: String, code: String)] {
        let root = repository.appendingPathComponent(folder)
        // A folder renamed or moved would pass unread: it must be there.
        #expect(FileManager.default.fileExists(atPath: root.path), "no folder \(folder)")
        var files = try #require(FileManager.default.enumerator(atPath: root.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }.sorted()
        // Wording is the phrase book and Screens hold what elements say (listed in phrases.txt):
        // neither is a fact folder.
        files = files.filter { !notTheVoice.contains(URL(fileURLWithPath: $0).lastPathComponent) }
        var result: [(String, String)] = []
        for file in files {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let trimmed = line.drop { $0 == " " }
                guard !trimmed.hasPrefix("//") else { continue }
                // A trailing comment starts at " // " outside a literal (close enough for code
                // that keeps its comments on lines of their own or after the code).
                let code = line.range(of: " // ").map { String(line[..<$0.lowerBound]) } ?? String(line)
                result.append(("\(folder)/\(file):\(number + 1)", code))
            }
        }
        return result
    }

    /// The string literals of a line of code (without interpolations' insides).
    static func literals(_ code: String) -> [String] {
        var found: [String] = []
        var current: String?
        var depth = 0
        var escaped = false
        for character in code {
            if var text = current {
                if depth > 0 {
                    // Inside an interpolation: its code is not the literal's text.
                    if character == "(" { depth += 1 }
                    if character == ")" { depth -= 1 }
                } else if escaped {
                    escaped = false
                    if character == "(" { depth = 1 } else { text.append(character) }
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    found.append(text)
                    current = nil
                    continue
                } else {
                    text.append(character)
                }
                if current != nil { current = text }
            } else if character == "\"" {
                current = ""
            }
        }
        return found
    }

    /// "Lost the connection to", "Not sent yet": a capital, then at least two words.
    static func isSentence(_ literal: String) -> Bool {
        let words = literal.split(separator: " ")
        guard words.count >= 3, let first = words.first, first.first?.isUppercase == true,
            first.dropFirst().allSatisfy({ $0.isLowercase })
        else { return false }
        return words.dropFirst().prefix(2).allSatisfy { $0.first?.isLowercase == true }
    }

    @Test(arguments: factFolders)
    func noSentenceIsBuiltOutsideThePhraseBook(folder: String) throws {
        var offences: [String] = []
        for (place, code) in try Self.codeLines(in: folder) {
            for literal in Self.literals(code) where Self.isSentence(literal) && !Self.protocolData.contains(literal) {
                offences.append("\(place): \"\(literal)\"")
            }
            // Whatever speaks or prints is given a fact, or words from the phrase book.
            for call in ["say(\"", ".announcement(\"", "Lines.plain(\"", "announcing: \"", "refuse(line, \""]
            where code.contains(call) {
                offences.append("\(place): a literal given to \(call.dropLast())")
            }
        }
        #expect(
            offences.isEmpty, "sentences built outside Sources/ClientCore/Wording:\n\(offences.joined(separator: "\n"))"
        )
    }

    /// The check is checked: it finds a sentence, and lets data and comments be.
    @Test func theCheckFindsASentenceAndLetsDataBe() {
        #expect(
            Self.literals(#"say("Lost the connection to \(host): now", .high)"#) == ["Lost the connection to : now"])
        #expect(Self.isSentence("Lost the connection to "))
        #expect(Self.isSentence("Not sent yet: the disk is full"))
        #expect(!Self.isSentence("PRIVMSG"))
        #expect(!Self.isSentence("SELECT id, members FROM channel"))
        #expect(!Self.isSentence("#welcome"))
        #expect(!Self.isSentence("Connected"))
    }
}
