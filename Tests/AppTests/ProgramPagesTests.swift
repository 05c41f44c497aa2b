import Foundation
import Testing

@testable import App

/// The client gives back the pages of its own file that start-up brought in
/// (`Libc.giveBackProgramPages`); here the program is the test binary.
struct ProgramPagesTests {
    @Test func aSectionIsFoundByNameInTheProgramsHeadersAndNothingElseIs() throws {
        let constants = try #require(Libc.section(".rodata", of: "/proc/self/exe"), "no .rodata in the test binary")
        let code = try #require(Libc.section(".text", of: "/proc/self/exe"), "no .text in the test binary")
        #expect(!constants.0.isEmpty && !code.0.isEmpty)
        #expect(!constants.0.overlaps(code.0))
        #expect(constants.movable == code.movable)
        #expect(Libc.section(".no-such-section", of: "/proc/self/exe") == nil)
        #expect(Libc.section(".rodata", of: "/etc/passwd") == nil, "a text file read as ELF")
        #expect(Libc.section(".rodata", of: "/no/such/file") == nil)
    }

    @Test func pagesGivenBackComeBackAsTheyWereWhenNextUsed() throws {
        // A constant of the program's read-only data, read once before and once after.
        let constant = "The pages of a program's file come back from the page cache as they were."
        let before = Array(constant.utf8)
        let given = Libc.giveBackProgramPages()
        #expect(given > 0, "nothing of the test binary was given back")
        #expect(Array(constant.utf8) == before)
        #expect(given % 4096 == 0)
        // The constants are read-only now, as the rest of the program's are: nothing can write a
        // page of them between its being found the file's and its being given back.
        let (constants, movable) = try #require(Libc.section(".rodata", of: "/proc/self/exe"))
        let maps = try String(contentsOfFile: "/proc/self/maps", encoding: .utf8).split(separator: "\n")
        let program = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let mine = maps.filter { $0.hasSuffix(" " + program) }.map { $0.split(separator: " ") }
        let base =
            movable
            ? (mine.compactMap { $0[0].split(separator: "-").first.flatMap { UInt($0, radix: 16) } }.min() ?? 0) : 0
        let middle = base + (constants.lowerBound + constants.upperBound) / 2
        let holding = mine.first {
            let bounds = $0[0].split(separator: "-").compactMap { UInt($0, radix: 16) }
            return bounds.count == 2 && bounds[0] <= middle && middle < bounds[1]
        }
        #expect(holding.map { !$0[1].contains("w") } == true, "\(holding.map { String($0[1]) } ?? "no mapping")")
    }
}
