@preconcurrency import Foundation
import Speech

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// libc as the App module reaches it: the one file of the module that imports Glibc, in the
/// shape of swift-system's `Syscalls.swift`.
@usableFromInline enum Libc {
    /// Standard output's descriptor.
    static let standardOutput = STDOUT_FILENO

    /// Whether standard input and output are both a terminal (a person runs the client).
    static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    /// One line to standard error.
    @usableFromInline static func warn(_ line: String) { fputs(line + "\n", stderr) }

    /// The C library's zone offset from UTC, in seconds, at `seconds` since 1970 (`TZ`, else
    /// /etc/localtime); 0 when it cannot say.
    static func utcOffset(at seconds: Int) -> Int {
        var time = time_t(seconds)
        var parts = tm()
        return localtime_r(&time, &parts) != nil ? parts.tm_gmtoff : 0
    }

    /// Gives back the resident pages of the program's own code and read-only data that are still
    /// the file's (`madvise(MADV_DONTNEED)`), and returns how many bytes that was.
    ///
    /// Start-up runs code it never runs again (reading settings, opening and migrating the
    /// store, the first screen, signing in), and the kernel maps code 64 KB around every page
    /// touched: all of it stays counted in the client's memory while it sits idle. A page given
    /// back that is needed again comes back from the page cache on its first use, as any page of
    /// a program does. Only mappings of the program file that cannot be written are touched (its
    /// constants made read-only first), and in them only pages that are still the file's: a page
    /// the loader wrote (relocations) is the process's own and stays.
    ///
    /// Never inlined: Tests/Layout/hot-functions.sh tells start-up from what runs after by a
    /// profile dumped as it is called.
    @inline(never) static func giveBackProgramPages() -> Int {
        // Found first and given back last: what runs after the pages go comes back with them.
        let runs = programFilePages()
        var given = 0
        for (address, length) in runs where madvise(address, length, MADV_DONTNEED) == 0 { given += length }
        return given
    }

    /// The runs of resident pages that are still the program file's, in its mappings that cannot
    /// be written and in its read-only data (`.rodata`, which the link puts in a writable mapping
    /// because the Swift compiler marks some of its constants writable; nothing writes them).
    private static func programFilePages() -> [(UnsafeMutableRawPointer, Int)] {
        guard let program = VoiceLibrary.executablePath(),
            let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8)
        else { return [] }
        let pagemap = open("/proc/self/pagemap", O_RDONLY)
        guard pagemap >= 0 else { return [] }
        defer { close(pagemap) }
        let pageSize = UInt(sysconf(Int32(_SC_PAGESIZE)))
        var ranges: [Range<UInt>] = []
        for line in maps.split(separator: "\n") where line.hasSuffix(" " + program) {
            // "start-end perms offset device inode path"
            let fields = line.split(separator: " ", maxSplits: 2)
            guard fields.count == 3, !fields[1].contains("w") else { continue }
            let bounds = fields[0].split(separator: "-").compactMap { UInt($0, radix: 16) }
            if bounds.count == 2, bounds[1] > bounds[0] { ranges.append(bounds[0]..<bounds[1]) }
        }
        if let (constants, movable) = section(".rodata", of: program) {
            // Where a position-independent program was loaded: its mapping of the file's start.
            let base = movable ? loadAddress(of: program, in: maps) : 0
            // Whole pages only: the pages at its ends are shared with data that is written. Made
            // read-only first, as the rest of the program's constants are: nothing can then write
            // a page between its being found the file's and its being given back.
            let first = (base + constants.lowerBound + pageSize - 1) / pageSize * pageSize
            let last = (base + constants.upperBound) / pageSize * pageSize
            if last > first, mprotect(UnsafeMutableRawPointer(bitPattern: first), Int(last - first), PROT_READ) == 0 {
                ranges.append(first..<last)
            }
        }
        var runs: [(UnsafeMutableRawPointer, Int)] = []
        for range in ranges {
            let pages = Int((range.upperBound - range.lowerBound) / pageSize)
            // /proc/self/pagemap: 8 bytes a page; bit 63 present, bit 61 a page of the file.
            var entries = [UInt64](repeating: 0, count: pages)
            let read = entries.withUnsafeMutableBytes {
                pread(pagemap, $0.baseAddress, $0.count, off_t(range.lowerBound / pageSize * 8))
            }
            guard read == pages * 8 else { continue }
            let fileBacked = entries.map { $0 & (1 << 63) != 0 && $0 & (1 << 61) != 0 }
            var index = 0
            while index < pages {
                guard fileBacked[index] else {
                    index += 1
                    continue
                }
                let first = index
                while index < pages && fileBacked[index] { index += 1 }
                if let address = UnsafeMutableRawPointer(bitPattern: range.lowerBound + UInt(first) * pageSize) {
                    runs.append((address, (index - first) * Int(pageSize)))
                }
            }
        }
        return runs
    }

    /// The lowest address the program is mapped at, from /proc/self/maps.
    private static func loadAddress(of program: String, in maps: String) -> UInt {
        maps.split(separator: "\n").filter { $0.hasSuffix(" " + program) }
            .compactMap { $0.split(separator: "-").first.flatMap { UInt($0, radix: 16) } }.min() ?? 0
    }

    /// The addresses of the section `name` of the 64-bit little-endian ELF executable at `path`,
    /// from its section headers, and whether they are relative to where it is loaded (a
    /// position-independent executable).
    static func section(_ name: String, of path: String) -> (Range<UInt>, movable: Bool)? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        func bytes(_ count: Int, at offset: UInt64) -> [UInt8]? {
            var buffer = [UInt8](repeating: 0, count: count)
            let read = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
            return read == count ? buffer : nil
        }
        func number(_ bytes: [UInt8], _ at: Int, _ width: Int) -> UInt64 {
            (0..<width).reduce(0) { $0 | UInt64(bytes[at + $1]) << (8 * UInt64($1)) }
        }
        // ELF header: class 2 (64-bit), data 1 (little-endian), type 2 (an executable at fixed
        // addresses) or 3 (position-independent).
        guard let header = bytes(64, at: 0), header[0..<4].elementsEqual([0x7F, 0x45, 0x4C, 0x46]),
            header[4] == 2, header[5] == 1, [2, 3].contains(number(header, 16, 2))
        else { return nil }
        let (table, entrySize, count) = (number(header, 40, 8), number(header, 58, 2), number(header, 60, 2))
        let namesIndex = number(header, 62, 2)
        guard entrySize == 64, count > 0, count < 1024, namesIndex < count,
            let headers = bytes(Int(count * 64), at: table)
        else { return nil }
        let namesAt = Int(namesIndex * 64)
        let wanted = Array(name.utf8) + [0]
        // Section names take a few kilobytes; a size past a megabyte is not a real header.
        let namesSize = number(headers, namesAt + 32, 8)
        guard namesSize <= 1 << 20, let names = bytes(Int(namesSize), at: number(headers, namesAt + 24, 8)) else {
            return nil
        }
        for index in 0..<Int(count) {
            let at = index * 64
            let nameAt = Int(number(headers, at, 4))
            guard nameAt + wanted.count <= names.count, names[nameAt..<nameAt + wanted.count].elementsEqual(wanted)
            else { continue }
            // Addresses past user space (48 bits) are not a real header's either.
            let (address, size) = (number(headers, at + 16, 8), number(headers, at + 32, 8))
            guard address < 1 << 48, size < 1 << 48 else { return nil }
            return (UInt(address)..<UInt(address + size), number(header, 16, 2) == 3)
        }
        return nil
    }
}
