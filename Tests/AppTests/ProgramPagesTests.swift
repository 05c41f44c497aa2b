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

    /// Section headers read from a file made here: a real one is found, and sizes or addresses
    /// no real header has are refused, never allocated or added up.
    @Test(arguments: [
        (UInt64(0x1000), UInt64(0x2000), UInt64(9), true),
        (UInt64(1) << 63, UInt64(1) << 63, UInt64(9), false),
        (UInt64(0x1000), UInt64(0x2000), UInt64(1) << 40, false),
    ])
    func madeUpHeadersAreReadOrRefused(address: UInt64, size: UInt64, namesSize: UInt64, found: Bool) throws {
        func put(_ value: UInt64, _ width: Int, at offset: Int, in bytes: inout [UInt8]) {
            for index in 0..<width { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(index))) }
        }
        // The ELF header, two section headers (the names, then .rodata), then the names.
        var bytes = [UInt8](repeating: 0, count: 64 + 2 * 64 + 9)
        bytes.replaceSubrange(0..<6, with: [0x7F, 0x45, 0x4C, 0x46, 2, 1])
        put(2, 2, at: 16, in: &bytes)
        put(64, 8, at: 40, in: &bytes)
        put(64, 2, at: 58, in: &bytes)
        put(2, 2, at: 60, in: &bytes)
        put(0, 2, at: 62, in: &bytes)
        put(192, 8, at: 64 + 24, in: &bytes)
        put(namesSize, 8, at: 64 + 32, in: &bytes)
        put(1, 4, at: 128, in: &bytes)
        put(address, 8, at: 128 + 16, in: &bytes)
        put(size, 8, at: 128 + 32, in: &bytes)
        bytes.replaceSubrange(192..<201, with: Array("\0.rodata\0".utf8))
        let path = NSTemporaryDirectory() + "earshot-elf-\(UUID().uuidString)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let section = Libc.section(".rodata", of: path)
        #expect((section != nil) == found)
        if found { #expect(section?.0 == 0x1000..<0x3000 && section?.movable == false) }
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
