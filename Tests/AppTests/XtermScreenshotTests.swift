import RealParts
import Foundation
import TestThreads
import Testing

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Larger text as a person sees it: the real `earshot` in a real xterm on a virtual X server
/// (Xvfb), photographed (`xwd`) and measured (ImageMagick turns the picture into pixels).
///
/// `text_sizing` is left at `auto`, so the method is what the terminal probe found; at Large the
/// glyphs are the font's own, at Accessibility Large they must be about twice as tall — the
/// messages and the bottom line alike. Both xterm themes (black on white, white on black) are
/// photographed, and every row of a text line must be the terminal's own background where it is
/// not glyph. The PNGs stay in the test's folder (printed with the figures).
///
/// Needs Debian's `xterm`, `xvfb`, `x11-apps` (xwd) and `imagemagick` (convert); a missing one
/// fails the test with the package to install.
@Suite(.serialized, .ownThreads) struct XtermScreenshotTests {
    /// A theme: xterm's colours, and the background as pixels.
    struct Theme: CustomStringConvertible, Sendable {
        var name: String
        var background: String
        var foreground: String
        var pixel: Pixel

        var description: String { name }
    }

    static let themes = [
        Theme(name: "light", background: "white", foreground: "black", pixel: Pixel(255, 255, 255)),
        Theme(name: "dark", background: "black", foreground: "white", pixel: Pixel(0, 0, 0)),
    ]

    @Test(arguments: themes)
    func glyphsGrowFromLargeToAccessibilityLarge(theme: Theme) async throws {
        let tools = try Tools.find()
        let folder = try TemporaryDirectory()
        let server = try VirtualDisplay(tools: tools, folder: folder.path)
        defer { server.stop() }

        let large = try await shoot(theme: theme, size: "large", server: server, tools: tools, folder: folder.path)
        let huge = try await shoot(
            theme: theme, size: "accessibilityLarge", server: server, tools: tools, folder: folder.path)
        print(
            """
            xterm \(theme): \(large.summary)
            xterm \(theme): \(huge.summary)
            """)

        #expect(large.background == theme.pixel, "xterm's background is not what -bg \(theme.background) draws")
        #expect(huge.background == theme.pixel)
        let growth = Double(huge.messageHeight) / Double(max(1, large.messageHeight))
        #expect(growth >= 1.6, "message glyphs \(large.messageHeight) px → \(huge.messageHeight) px (×\(growth))")
        let bottomGrowth = Double(huge.bottomHeight) / Double(max(1, large.bottomHeight))
        #expect(
            bottomGrowth >= 1.6,
            "bottom line glyphs \(large.bottomHeight) px → \(huge.bottomHeight) px (×\(bottomGrowth))")
        for shot in [large, huge] {
            #expect(
                shot.foreignBackgroundRows == 0,
                "\(shot.file): \(shot.foreignBackgroundRows) text rows are painted in a colour not the terminal's")
        }
    }

    // MARK: One screenshot

    /// What one screenshot shows.
    struct Measured {
        var file: String
        var background: Pixel
        /// Heights in pixels of the bands of rows that hold glyphs, top to bottom.
        var bands: [Int]
        /// The tallest glyph band above the bottom line (a message line).
        var messageHeight: Int
        /// The bottom line's band (the focused element).
        var bottomHeight: Int
        /// Rows inside text bands whose pixels are mostly neither glyph nor the background.
        var foreignBackgroundRows: Int

        var summary: String {
            "\(file): message glyphs \(messageHeight) px, bottom line \(bottomHeight) px, "
                + "bands \(bands), background \(background)"
        }
    }

    func shoot(
        theme: Theme, size: String, server: VirtualDisplay, tools: Tools, folder: String
    ) async throws -> Measured {
        let sandbox = try EndToEndTests.Sandbox(
            settings: "[text]\nsize = \"\(size)\"\n\n[display]\ntext_sizing = \"auto\"\n")
        defer { sandbox.remove() }
        let log = sandbox.file("speech.jsonl")
        let q = EndToEndTests.quote
        let script = """
            env -u COLUMNS -u LINES -u NO_COLOR -u TMUX XDG_CONFIG_HOME=\(q(sandbox.root + "/config")) \
            XDG_DATA_HOME=\(q(sandbox.root + "/data")) EARSHOT_VOICES=\(q(EndToEndTests.checkout + "/voices")) \
            \(q(try EndToEndTests.earshotPath())) --speech off --speech-log \(q(log)); exec sleep 120
            """
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = server.name
        environment["TMUX"] = nil
        let xterm = try ChildProcess(
            tools.xterm,
            [
                "-geometry", "90x34+0+0", "-bg", theme.background, "-fg", theme.foreground, "-bc", "-b", "0",
                "+sb", "-xrm", "XTerm*cursorBlink: false", "-e", "/bin/sh", "-c", script,
            ],
            environment: environment, output: folder + "/xterm-\(theme)-\(size).out",
            errors: folder + "/xterm-\(theme)-\(size).err")
        defer { xterm.terminate() }

        // Ready: the client has said all it says at start, the first step's hint last (it drew
        // the screen before that; photographed sooner, a loaded machine caught it mid-change).
        let spoken = try await TmuxSession.waitUntil(timeout: .seconds(30)) {
            let said = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            return said.contains("\"done\"") && said.contains("\"voice\": \"hint\"")
                && said.split(separator: "\n").last?.contains("\"done\"") == true
        }
        try #require(spoken, "earshot in xterm never spoke (\(theme), \(size)); log: \(log)")

        // xterm draws on its own time: photograph until two pictures in a row are the same.
        let png = folder + "/xterm-\(theme)-\(size).png"
        var previous: [UInt8] = []
        var image: PixelImage?
        let settled = try await TmuxSession.waitUntil(timeout: .seconds(30)) {
            let picture = try Self.screenshot(server: server, tools: tools, png: png)
            defer { previous = picture.pixels }
            guard picture.pixels == previous else { return false }
            image = picture
            return picture.hasInk(
                in: Self.window.x.clamped(to: 0..<picture.width), Self.window.y.clamped(to: 0..<picture.height))
        }
        try #require(settled, "the xterm screen never settled (\(theme), \(size)): \(png)")
        let picture = try #require(image)
        return Self.measure(picture, file: png)
    }

    /// `xwd -root` of the display, kept as a PNG, read back as RGB pixels.
    static func screenshot(server: VirtualDisplay, tools: Tools, png: String) throws -> PixelImage {
        let xwd = png + ".xwd"
        let ppm = png + ".ppm"
        _ = try ChildProcess.run(tools.xwd, ["-root", "-silent", "-display", server.name, "-out", xwd])
        _ = try ChildProcess.run(tools.convert, [xwd, png])
        _ = try ChildProcess.run(tools.convert, [png, "-depth", "8", ppm])
        defer {
            unlink(xwd)
            unlink(ppm)
        }
        guard let data = FileManager.default.contents(atPath: ppm), let image = PixelImage(ppm: [UInt8](data)) else {
            throw Failure("ImageMagick's PPM of \(png) could not be read")
        }
        return image
    }

    /// The part of the screen inside xterm's window (90×34 cells of 6×13 pixels at +0+0).
    /// (34 rows of 13 pixels end at 442; the outer pixels are left out, where a border may be.)
    static let window = (x: 2..<530, y: 2..<441)

    /// Bands of rows with glyph pixels inside the xterm window.
    static func measure(_ image: PixelImage, file: String) -> Measured {
        let columns = window.x.clamped(to: 0..<image.width)
        let rows = window.y.clamped(to: 0..<image.height)
        let background = image.mostCommon(in: columns, rows)
        var bands: [Range<Int>] = []
        var start: Int?
        var foreignRows = 0
        for y in rows {
            var ink = 0
            var foreign = 0
            for x in columns {
                let pixel = image[x, y]
                if pixel == background { continue }
                if pixel.distance(to: background) > 120 { ink += 1 } else { foreign += 1 }
            }
            // A painted background fills most of a text row with a colour of its own.
            if ink > 0, foreign + ink > columns.count / 2, foreign > ink { foreignRows += 1 }
            if ink > 0 {
                if start == nil { start = y }
            } else if let top = start {
                bands.append(top..<y)
                start = nil
            }
        }
        if let top = start { bands.append(top..<rows.upperBound) }
        let heights = bands.map(\.count)
        let bottom = heights.last ?? 0
        let message = heights.dropLast().max() ?? 0
        return Measured(
            file: file, background: background, bands: heights, messageHeight: message, bottomHeight: bottom,
            foreignBackgroundRows: foreignRows)
    }
}

/// One RGB pixel.
struct Pixel: Hashable, Sendable, CustomStringConvertible {
    var red: UInt8
    var green: UInt8
    var blue: UInt8

    init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    func distance(to other: Pixel) -> Int {
        max(abs(Int(red) - Int(other.red)), abs(Int(green) - Int(other.green)), abs(Int(blue) - Int(other.blue)))
    }

    var description: String { String(format: "#%02X%02X%02X", red, green, blue) }
}

/// An image as RGB pixels, from a binary PPM (P6, 8 bits).
struct PixelImage {
    let width: Int
    let height: Int
    let pixels: [UInt8]

    init?(ppm bytes: [UInt8]) {
        // "P6" width height maxval, separated by whitespace (and # comments), then one whitespace
        // byte and the pixels.
        var fields: [Int] = []
        var index = 2
        guard bytes.count > 2, bytes[0] == UInt8(ascii: "P"), bytes[1] == UInt8(ascii: "6") else { return nil }
        while fields.count < 3 && index < bytes.count {
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "#") {
                    // A comment runs to the end of its line.
                    while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                } else if bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x09 || bytes[index] == 0x0D {
                    index += 1
                } else {
                    break
                }
            }
            var value = 0
            var digits = 0
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            fields.append(value)
        }
        guard fields.count == 3, fields[2] == 255 else { return nil }
        index += 1
        width = fields[0]
        height = fields[1]
        guard bytes.count - index >= width * height * 3 else { return nil }
        pixels = Array(bytes[index..<(index + width * height * 3)])
    }

    subscript(x: Int, y: Int) -> Pixel {
        let at = (y * width + x) * 3
        return Pixel(pixels[at], pixels[at + 1], pixels[at + 2])
    }

    /// The colour most pixels in the rectangle have: the terminal's background.
    func mostCommon(in columns: Range<Int>, _ rows: Range<Int>) -> Pixel {
        var counts: [Pixel: Int] = [:]
        for y in stride(from: rows.lowerBound, to: rows.upperBound, by: 3) {
            for x in stride(from: columns.lowerBound, to: columns.upperBound, by: 3) {
                counts[self[x, y], default: 0] += 1
            }
        }
        return counts.max { $0.value < $1.value }?.key ?? Pixel(0, 0, 0)
    }

    /// Whether anything but the background is drawn in the rectangle.
    func hasInk(in columns: Range<Int>, _ rows: Range<Int>) -> Bool {
        let background = mostCommon(in: columns, rows)
        for y in rows { for x in columns where self[x, y].distance(to: background) > 120 { return true } }
        return false
    }
}

/// The X programs the screenshots need, each from its Debian package.
struct Tools {
    var xvfb: String
    var xterm: String
    var xwd: String
    var convert: String

    static func find() throws -> Tools {
        func need(_ name: String, _ package: String) throws -> String {
            for directory in ["/usr/bin", "/usr/local/bin", "/bin"] {
                let path = directory + "/" + name
                if FileManager.default.isExecutableFile(atPath: path) { return path }
            }
            throw Failure("\(name) is not installed; the xterm screenshot tests need it: apt-get install -y \(package)")
        }
        // ImageMagick's own convert (/usr/bin), not a stand-in elsewhere on PATH.
        let convert = "/usr/bin/convert"
        guard FileManager.default.isExecutableFile(atPath: convert) else {
            throw Failure(
                "ImageMagick's convert is not installed; the xterm screenshot tests need it: apt-get install -y imagemagick"
            )
        }
        return Tools(
            xvfb: try need("Xvfb", "xvfb"), xterm: try need("xterm", "xterm"), xwd: try need("xwd", "x11-apps"),
            convert: convert)
    }
}

/// An Xvfb server on a free display number, stopped by ``stop()``.
final class VirtualDisplay {
    let name: String
    private let process: ChildProcess

    init(tools: Tools, folder: String) throws {
        var number = 40 + Int(getpid() % 400)
        while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)")
            || FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock")
        {
            number += 1
        }
        name = ":\(number)"
        process = try ChildProcess(
            tools.xvfb, [name, "-screen", "0", "560x460x24", "-nolisten", "tcp"],
            output: folder + "/xvfb.out", errors: folder + "/xvfb.err")
        let socket = "/tmp/.X11-unix/X\(number)"
        let started = waitBlocking(timeout: .seconds(30), every: .milliseconds(20)) {
            FileManager.default.fileExists(atPath: socket)
        }
        guard started else {
            process.terminate()
            throw Failure("Xvfb \(name) did not start within 30 s; see \(folder)/xvfb.err")
        }
    }

    func stop() { process.terminate() }
}
