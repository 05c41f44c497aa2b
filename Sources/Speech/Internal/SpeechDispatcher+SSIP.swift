import CSpeechd
import Synchronization

/// How Earshot's settings become SSIP's numbers, and what speech-dispatcher says of its voices
/// and modules.
extension SpeechDispatcher {
    /// SSIP's rate (−100…100) for `wordsPerMinute`, inverting speech-dispatcher's espeak-ng
    /// module.
    ///
    /// `sd_espeak-ng` (`espeak_set_rate`) speaks SSIP rate r at 170 + 90 × r / 100 words per
    /// minute below 0 and 170 + 279 × r / 100 above, from `EspeakMinRate 80`,
    /// `EspeakNormalRate 170` and `EspeakMaxRate 449` in Debian's `espeak-ng.conf`. So 170 wpm is
    /// 0, 80 or slower is −100, 449 or faster is 100; espeak-ng's own 175 is 2, and 350 is 65.
    /// Other modules scale the rate their own way: there the mapping is only roughly right.
    static func ssipRate(wordsPerMinute: Int) -> Int {
        let slowest = 80.0
        let normal = 170.0
        let fastest = 449.0
        let words = Double(wordsPerMinute)
        let span = words < normal ? normal - slowest : fastest - normal
        return clamped(Int(((words - normal) * 100 / span).rounded()))
    }

    /// SSIP's pitch (−100…100) for a percentage where 50 is the voice's own.
    static func ssipPitch(percent: Int) -> Int { clamped((percent - 50) * 2) }

    /// SSIP's volume (−100…100) for a percentage where 100 is the normal.
    static func ssipVolume(percent: Int) -> Int { clamped(percent * 2 - 100) }

    static func clamped(_ value: Int) -> Int { min(max(value, -100), 100) }

    static func ssipPriority(_ priority: SpeechPriority) -> SPDPriority {
        switch priority {
        case .high: SPD_IMPORTANT
        case .default: SPD_TEXT
        case .low: SPD_MESSAGE
        }
    }

    /// `language` if it is a plain tag, which SSIP can take as one word of a command line.
    static func languageTag(_ language: String) -> String? {
        guard !language.isEmpty, language.utf8.count <= 35 else { return nil }
        let plain = language.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                true
            default: false
            }
        }
        return plain ? language : nil
    }

    // MARK: Voices and modules

    /// The voices of all output modules (`LIST SYNTHESIS_VOICES`); empty when the daemon is gone.
    ///
    /// Slow: espeak-ng alone offers over 13,000 voices (every language with every variant), half
    /// a megabyte that libspeechd reads a byte per system call, about 0.45 s during which every
    /// other call waits. Ask once, off the speech path, and keep the answer. The reply is parsed
    /// here rather than by `spd_list_synthesis_voices`, whose parse of the same reply is quadratic
    /// (1.9 s).
    func voices() -> [Voice] {
        perform(orElse: []) { connection, _ -> [Voice] in
            (Self.query(connection, "LIST SYNTHESIS_VOICES") ?? []).compactMap(Self.voice)
        }
    }

    /// One line of `LIST SYNTHESIS_VOICES`: name, language and variant, separated by tabs.
    static func voice(_ line: String) -> Voice? {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count >= 2, !fields[0].isEmpty else { return nil }
        let variant: String? = fields.count >= 3 && fields[2] != "none" && !fields[2].isEmpty ? fields[2] : nil
        return Voice(name: fields[0], language: fields[1], variant: variant)
    }

    /// The output modules speech-dispatcher has loaded (`LIST OUTPUT_MODULES`: `espeak-ng`, …);
    /// empty when the daemon is gone.
    func modules() -> [String] {
        perform(orElse: []) { connection, _ -> [String] in
            Self.query(connection, "LIST OUTPUT_MODULES") ?? []
        }
    }

    /// The output module this connection speaks with (`GET OUTPUT_MODULE`), or nil when the daemon
    /// is gone.
    var module: String? {
        perform(orElse: nil) { connection, _ -> String? in
            Self.query(connection, "GET OUTPUT_MODULE")?.first
        }
    }

    /// Sends one SSIP command and returns the data lines of its reply, or nil when the daemon
    /// refused it or is gone. Runs under ``library``.
    ///
    /// The corresponding C function is `spd_send_data`. It returns NULL when the connection is
    /// broken, where libspeechd's own `spd_get_language`, `spd_get_output_module` and
    /// `spd_get_client_id` crash: they parse the reply that did not come.
    static func query(_ connection: UnsafeMutablePointer<SPDConnection>, _ command: String) -> [String]? {
        guard
            let reply = (command + "\r\n").withCString({
                libspeechd.functions?.sendData(connection, $0, SPD_WAIT_REPLY)
            })
        else { return nil }
        defer { Libc.free(reply) }
        return replyData(String(cString: reply))
    }

    /// The data of an SSIP reply: `251-en-US\r\n251 OK GET RETURNED\r\n` gives `["en-US"]`. Nil
    /// unless the last line has a 2xx code.
    static func replyData(_ reply: String) -> [String]? {
        var data: [String] = []
        for raw in reply.utf8.split(separator: UInt8(ascii: "\n")) {
            let line = raw.last == UInt8(ascii: "\r") ? raw.dropLast() : raw
            guard line.count >= 4, let code = Int(String(decoding: line.prefix(3), as: UTF8.self)) else {
                return nil
            }
            let rest = line.dropFirst(3)
            guard rest.first == UInt8(ascii: "-") else { return (200..<300).contains(code) ? data : nil }
            data.append(String(decoding: rest.dropFirst(), as: UTF8.self))
        }
        return nil
    }
}
