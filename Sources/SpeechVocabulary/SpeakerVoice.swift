/// One of the voices that tell speakers apart (`speech.speaker_voices`): each nick has one, the
/// same every time, chosen from the nick's letters (case folded), never from the order people
/// spoke in or anything that changes between runs.
///
/// ```swift
/// SpeakerVoice(nick: "kim") == SpeakerVoice(nick: "KIM")  // true: one person, one voice
/// SpeakerVoice(nick: "kim").number                         // 0 ..< SpeakerVoice.count
/// ```
public struct SpeakerVoice: Hashable, Sendable, Codable, CustomStringConvertible {
    /// How many voices there are to share out.
    public static let count = 8

    /// Which of them, `0 ..< count`.
    public let number: Int

    /// The voice numbered `number` (wrapped into range).
    public init(number: Int) {
        self.number = ((number % Self.count) + Self.count) % Self.count
    }

    /// The voice of `nick`: FNV-1a over its folded bytes, so it is the same in every process (Swift's
    /// own hashing is seeded afresh in each), mixed, its high bits choosing. IRC folds `[]\~` with `{}|^`, as it does here.
    public init(nick: String) {
        var hash: UInt32 = 2_166_136_261
        for byte in nick.utf8 {
            var folded = byte
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): folded = byte + 32
            case UInt8(ascii: "["): folded = UInt8(ascii: "{")
            case UInt8(ascii: "]"): folded = UInt8(ascii: "}")
            case UInt8(ascii: "\\"): folded = UInt8(ascii: "|")
            case UInt8(ascii: "~"): folded = UInt8(ascii: "^")
            default: break
            }
            hash = (hash ^ UInt32(folded)) &* 16_777_619
        }
        // MurmurHash3's finish, so that nicks differing in one letter ("ann1", "ann2") spread too.
        hash ^= hash >> 16
        hash = hash &* 0x85EB_CA6B
        hash ^= hash >> 13
        hash = hash &* 0xC2B2_AE35
        hash ^= hash >> 16
        self.init(number: Int((UInt64(hash) * UInt64(Self.count)) >> 32))
    }

    public var description: String { "speaker \(number + 1)" }
}

/// When a message said as it arrives names its writer (`speech.names`).
///
/// ```swift
/// SpeakerNames(rawValue: "on change")  // .onChange
/// ```
public enum SpeakerNames: String, CaseIterable, Sendable, Hashable, Codable {
    /// Every message says who wrote it; one person's quick messages said together name them once.
    case always
    /// The name is left out when the same person's message in the same channel was the last
    /// said, a few seconds before.
    case onChange = "on change"
    /// Never in the open channel: a voice per speaker tells who. Messages from elsewhere, mentions
    /// and direct messages still name the writer.
    case never
}
