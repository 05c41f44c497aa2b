import RealParts
import Foundation

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A million hostile lines from a raw peer through a real InspIRCd into the real client in
/// tmux: random bytes, huge tags, invalid UTF-8, terminal escape sequences, CTCP floods, bidi
/// and zero-width tricks, to the channel and to the client directly. The client must not
/// crash, must write nothing to its terminal that acts as a control sequence (every byte it
/// wrote is recorded with `pipe-pane` and checked), and its memory must stay bounded.
///
///     swift build -c release && .build/release/earshot-bench hostile --json [--lines 1000000]
func runHostileBench(arguments: [String]) async throws {
    let json = arguments.contains("--json")
    let total = Int(option("--lines", in: arguments) ?? 1_000_000)
    let batch = 5000
    let channel = "#hostile"
    let server = try InspIRCdFixture(permanentChannels: [channel: "+"])
    defer { server.tearDown() }
    let client = try ClientUnderTest(port: server.port, channel: channel, nick: "ears")
    var passed = false
    defer { client.stop(remove: passed) }
    try client.waitForJoin()

    // The check itself first: it must pass what the renderer writes and catch what it must not.
    let good = Array("\u{1B}[1;38;5;12mada\u{1B}[0m hi\r\u{1B}[2K\u{1B}#3big\n\u{1B}[?2004h é 日\n".utf8)
    let bad: [[UInt8]] = [
        [0x1B, 0x5D, 0x30, 0x3B, 0x78, 0x07], [0x1B, 0x5B, 0x32, 0x4A], [0xC2, 0x9B], [0x9B], [0x07], [0xC0, 0x80],
    ]
    guard TerminalOutputCheck.scan(good).violations.isEmpty,
        bad.allSatisfy({ !TerminalOutputCheck.scan($0).violations.isEmpty })
    else {
        throw Failure("the terminal output check does not tell good output from bad")
    }

    var generator = HostileLines(seed: 0xEA75_0007, channel: channel, target: "ears")
    var peer = try HostilePeer(port: server.port, channel: channel)
    var reconnects = 0
    var sent = 0
    var marker = 0
    var rssSamples: [Double] = []
    var rssAtTenth = Double.nan
    var stalled = false
    let start = Date()
    while sent < total {
        var chunk: [UInt8] = []
        for _ in 0..<min(batch, total - sent) {
            chunk += generator.next()
            sent += 1
        }
        marker += 1
        chunk += Array("PRIVMSG \(channel) :marker \(marker)\r\n".utf8)
        if !peer.send(chunk) {
            peer = try HostilePeer(port: server.port, channel: channel)
            reconnects += 1
            _ = peer.send(Array("PRIVMSG \(channel) :marker \(marker)\r\n".utf8))
        }
        // Stay at most one batch ahead of what the client has stored.
        if marker > 1 {
            let awaited = "marker \(marker - 1)"
            let kept = client.wait(seconds: 300) {
                peer.drain()
                return client.sql("SELECT count(*) FROM message WHERE text = '\(awaited)'") != "0\n"
                    || !client.isAlive
            }
            if !kept || !client.isAlive {
                stalled = true
                break
            }
        }
        if let rss = client.residentMegabytes { rssSamples.append(rss) }
        if rssAtTenth.isNaN && sent >= total / 10 { rssAtTenth = rssSamples.last ?? .nan }
        if !json && marker % 20 == 0 {
            print("\(sent) lines, \(Int(Date().timeIntervalSince(start))) s, RSS \(rssSamples.last ?? .nan) MB")
        }
    }
    let lastArrived = client.wait(seconds: 300) {
        peer.drain()
        return client.sql("SELECT count(*) FROM message WHERE text = 'marker \(marker)'") != "0\n"
    }
    let seconds = Date().timeIntervalSince(start)

    // Still answering: a key is spoken.
    let before = client.spoken().count
    try client.sendKeys("End")
    let answers = client.wait(seconds: 60) { client.spoken().count > before }
    let alive = client.isAlive
    let rssEnd = client.residentMegabytes ?? .nan
    let peakRSS = client.peakResidentMegabytes ?? .nan

    let raw = (try? Data(contentsOf: URL(fileURLWithPath: client.rawOutputPath))) ?? Data()
    let check = TerminalOutputCheck.scan(Array(raw))
    let bounded = peakRSS < 200 && (rssAtTenth.isNaN || rssEnd < rssAtTenth + 50)
    passed = !stalled && lastArrived && answers && alive && check.violations.isEmpty && bounded && raw.count > 0
    if !passed {
        printError(
            "hostile failed: stalled \(stalled), last marker \(lastArrived), answers \(answers), alive \(alive), "
                + "bounded \(bounded); kept \(client.folder)")
        for violation in check.violations.prefix(5) { printError("  control sequence: \(violation)") }
    }
    report(
        [
            ("lines_sent", Double(sent)),
            ("seconds", seconds.rounded()),
            ("lines_per_s", (Double(sent) / seconds).rounded()),
            ("peer_reconnects", Double(reconnects)),
            (
                "messages_stored",
                Double(client.sql("SELECT count(*) FROM message").trimmingCharacters(in: .whitespacesAndNewlines))
                    ?? .nan
            ),
            ("pty_bytes", Double(raw.count)),
            ("pty_escape_sequences", Double(check.sequences)),
            ("pty_control_violations", Double(check.violations.count)),
            ("rss_at_10pct_mb", rssAtTenth),
            ("rss_end_mb", rssEnd),
            ("rss_peak_mb", peakRSS),
            ("client_alive", alive ? 1 : 0),
            ("ok", passed ? 1 : 0),
        ], json: json, title: "hostile")
    if !passed { exit(1) }
}

/// The raw peer: registers, joins, and writes what it is given; reads and drops what comes
/// back (answering PING), so the server never drops it for a full send queue.
private struct HostilePeer {
    private var socket: RawSocket

    init(port: Int, channel: String) throws {
        socket = try RawSocket(port: port)
        socket.send("NICK mal\r\nUSER mal 0 * :hostile peer\r\n")
        socket.read(until: " 001 ")
        socket.send("JOIN \(channel)\r\n")
        socket.read(until: " 366 ")
    }

    func send(_ bytes: [UInt8]) -> Bool { socket.sendAll(bytes) }

    func drain() {
        while let bytes = socket.receive(timeoutMilliseconds: 0), !bytes.isEmpty {
            let text = String(decoding: bytes, as: UTF8.self)
            if let ping = text.range(of: "PING ") {
                let token = text[ping.upperBound...].prefix { $0 != "\r" && $0 != "\n" }
                socket.send("PONG \(token)\r\n")
            }
        }
    }
}

/// Hostile IRC lines, reproducible from a seed.
struct HostileLines {
    private var state: UInt64
    private let channel: String
    private let target: String
    private var count = 0

    init(seed: UInt64, channel: String, target: String) {
        state = seed
        self.channel = channel
        self.target = target
    }

    /// SplitMix64.
    private mutating func random() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private mutating func below(_ bound: Int) -> Int { Int(random() % UInt64(bound)) }

    private static let escapes: [[UInt8]] =
        [
            "\u{1B}]0;owned\u{07}", "\u{1B}[2J\u{1B}[H", "\u{1B}[?1049h", "\u{1B}]52;c;b3duZWQ=\u{07}",
            "\u{1B}P+q544e\u{1B}\\",
            "\u{9B}31m", "\u{1B}[6n", "\u{1B}]8;;http://127.0.0.1/\u{1B}\\link\u{1B}]8;;\u{1B}\\", "\u{1B}#8",
            "\u{1B}c",
            "\u{1B}[31mred\u{1B}[0m", "\u{1B}[1;1H\u{1B}[K", "\u{1B}]11;?\u{07}", "\u{1B}[>c", "\u{1B}[?25l",
            "\u{1B}(0lqk",
            "\u{08}\u{08}\u{08}", "\u{07}\u{07}", "\u{1B}]66;s=3;big\u{07}", "\u{1B}[?2004l", "\u{1B}[?1002h",
        ].map { Array($0.utf8) } + [
            [0x9B, 0x32, 0x4A], [0x1B, 0x5B, 0x33, 0x31, 0x6D], [0x9D, 0x30, 0x3B, 0x78, 0x9C],
        ]

    private static let badUTF8: [[UInt8]] = [
        [0xC3, 0x28], [0xA0, 0xA1], [0xE2, 0x28, 0xA1], [0xF0, 0x28, 0x8C, 0xBC], [0xED, 0xA0, 0x80], [0xC0, 0x80],
        [0xF8, 0x88, 0x80, 0x80, 0x80], [0xFF], [0xFE, 0xFE], [0xE0, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80],
    ]

    private static let ctcp: [String] = [
        "\u{01}VERSION\u{01}", "\u{01}ACTION \u{1B}[5mblinks\u{01}", "\u{01}PING 123\u{01}",
        "\u{01}DCC SEND evil 0 0 0\u{01}",
        "\u{01}ACTION", "\u{01}\u{01}\u{01}", "\u{01}TIME\u{01}", "\u{01}CLIENTINFO\u{01}",
    ]

    private static let unicode: [String] = [
        "\u{202E}desrever\u{202C}", "a" + String(repeating: "\u{0301}", count: 200),
        String(repeating: "\u{200B}", count: 100),
        "\u{2066}isolate\u{2069}", String(repeating: "日本語", count: 80), "👩🏽‍💻" + String(repeating: "\u{FE0F}", count: 50),
        "\u{FEFF}bom", "\u{2028}line\u{2029}para", "𝐛𝐨𝐥𝐝", String(repeating: "W", count: 450),
    ]

    /// One line, CRLF included.
    mutating func next() -> [UInt8] {
        count += 1
        let text: [UInt8]
        let kind = below(12)
        switch kind {
        case 0, 1:
            text = (0..<(1 + below(400))).map { _ in
                var byte = UInt8(truncatingIfNeeded: random())
                while byte == 0 || byte == 10 || byte == 13 { byte = UInt8(truncatingIfNeeded: random()) }
                return byte
            }
        case 2, 3:
            text = Array("esc \(count) ".utf8) + Self.escapes[below(Self.escapes.count)] + Array(" after".utf8)
        case 4:
            text = Array("utf8 \(count) ".utf8) + Self.badUTF8[below(Self.badUTF8.count)] + Array(" end".utf8)
        case 5:
            let junk = (0..<(1000 + below(7000))).map { _ in UInt8(33 + below(90)) }.filter { $0 != 59 && $0 != 92 }
            let tags =
                "@+draft/react=" + String(decoding: junk, as: UTF8.self) + ";+draft/reply=\\s\\:\\\\x;+typing=active"
            return Array(
                (tags + (below(2) == 0 ? " TAGMSG \(channel)" : " PRIVMSG \(channel) :tagged \(count)") + "\r\n").utf8)
        case 6:
            let ctcp = Self.ctcp[below(Self.ctcp.count)]
            let command = below(3) == 0 ? "NOTICE" : "PRIVMSG"
            return Array("\(command) \(below(2) == 0 ? channel : target) :\(ctcp)\r\n".utf8)
        case 7:
            text = Array(Self.unicode[below(Self.unicode.count)].utf8)
        case 8:
            return Array("PRIVMSG \(target) :dm \(count) ".utf8) + Self.escapes[below(Self.escapes.count)] + [13, 10]
        case 9:
            return Array("TOPIC \(channel) :topic \(count) ".utf8) + Self.escapes[below(Self.escapes.count)] + [13, 10]
        case 10:
            // Lines that are not well-formed IRC at all.
            let shapes = [":", "@", "@;", ": :", "PRIVMSG", "PRIVMSG \(channel)", "PRIVMSG  :x", "@a=b", "\u{1B}[2J"]
            return Array((shapes[below(shapes.count)] + "\r\n").utf8)
        default:
            text = Array("plain line \(count) about the rotor".utf8)
        }
        return Array("PRIVMSG \(channel) :".utf8) + text + [13, 10]
    }
}

/// Checks bytes a program wrote to its terminal: only the sequences Earshot's renderer makes
/// may appear (SGR, erase line, the DEC private modes it sets, DEC line sizes, kitty's OSC 66),
/// the text is valid UTF-8, and no other C0 or C1 control is there.
struct TerminalOutputCheck {
    var sequences = 0
    var violations: [String] = []

    static func scan(_ bytes: [UInt8]) -> TerminalOutputCheck {
        var check = TerminalOutputCheck()
        var index = 0
        func context(_ at: Int) -> String {
            let slice = bytes[max(0, at - 20)..<min(bytes.count, at + 20)]
            return slice.map { $0 >= 32 && $0 < 127 ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16) }
                .joined()
        }
        func violation(_ at: Int, _ what: String) {
            if check.violations.count < 100 { check.violations.append("\(what) at byte \(at): \(context(at))") }
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x0A, 0x0D:
                index += 1
            case 0x1B:
                guard let length = allowedSequence(bytes, at: index) else {
                    violation(index, "escape sequence not made by Earshot")
                    index += 1
                    continue
                }
                check.sequences += 1
                index += length
            case 0x00..<0x20, 0x7F:
                violation(index, "control character")
                index += 1
            case 0x80...:
                let length = utf8Length(bytes, at: index)
                guard length > 0 else {
                    violation(index, "invalid UTF-8")
                    index += 1
                    continue
                }
                if length == 2 {
                    let scalar = (UInt32(byte & 0x1F) << 6) | UInt32(bytes[index + 1] & 0x3F)
                    if (0x80...0x9F).contains(scalar) { violation(index, "C1 control") }
                }
                index += length
            default:
                index += 1
            }
        }
        return check
    }

    /// The length of an allowed sequence starting with ESC at `start`, or nil.
    private static func allowedSequence(_ bytes: [UInt8], at start: Int) -> Int? {
        guard start + 1 < bytes.count else { return nil }
        switch bytes[start + 1] {
        case UInt8(ascii: "["):
            var index = start + 2
            while index < bytes.count, (0x30...0x3F).contains(bytes[index]) { index += 1 }
            guard index < bytes.count, Array("mKhlcJA".utf8).contains(bytes[index]) else { return nil }
            let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
            // The device-attributes request that ends the background query at start.
            if bytes[index] == UInt8(ascii: "c") { return parameters.isEmpty ? 3 : nil }
            // The bottom line redrawn: up to its first row (ESC [ n A), then erased below (ESC [ J).
            if bytes[index] == UInt8(ascii: "J") { return parameters.isEmpty ? 3 : nil }
            if bytes[index] == UInt8(ascii: "A") {
                return !parameters.isEmpty && parameters.allSatisfy(\.isNumber) ? index - start + 1 : nil
            }
            if bytes[index] != UInt8(ascii: "m") && bytes[index] != UInt8(ascii: "K") {
                // Only the private modes Earshot sets: bracketed paste and mouse reports.
                guard ["?2004", "?1002", "?1006", "?1000"].contains(parameters) else { return nil }
            }
            return index - start + 1
        case UInt8(ascii: "#"):
            guard start + 2 < bytes.count, (UInt8(ascii: "3")...UInt8(ascii: "6")).contains(bytes[start + 2]) else {
                return nil
            }
            return 3
        case UInt8(ascii: "]"):
            // The background query at start (ESC ] 11 ; ?) and kitty's text sizing (ESC ] 66 ; …),
            // ended by BEL or ESC \, with printable text inside.
            let rest = bytes[(start + 2)...]
            if rest.starts(with: Array("11;?\u{07}".utf8)) { return 7 }
            if rest.starts(with: Array("11;?\u{1B}\\".utf8)) { return 8 }
            guard rest.starts(with: Array("66;".utf8)) else { return nil }
            var index = start + 5
            while index < bytes.count {
                if bytes[index] == 0x07 { return index - start + 1 }
                if bytes[index] == 0x1B {
                    return index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\\") ? index - start + 2 : nil
                }
                if bytes[index] < 0x20 || bytes[index] == 0x7F { return nil }
                index += 1
            }
            return nil
        default:
            return nil
        }
    }

    /// The length of a valid UTF-8 sequence at `index` (0 when it is not one).
    private static func utf8Length(_ bytes: [UInt8], at index: Int) -> Int {
        let first = bytes[index]
        let length: Int
        let minimum: UInt32
        switch first {
        case 0xC2...0xDF: (length, minimum) = (2, 0x80)
        case 0xE0...0xEF: (length, minimum) = (3, 0x800)
        case 0xF0...0xF4: (length, minimum) = (4, 0x10000)
        default: return 0
        }
        guard index + length <= bytes.count else { return 0 }
        var scalar = UInt32(first) & (0xFF >> (length + 1))
        for offset in 1..<length {
            let next = bytes[index + offset]
            guard next & 0xC0 == 0x80 else { return 0 }
            scalar = scalar << 6 | UInt32(next & 0x3F)
        }
        guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return 0 }
        return length
    }
}
