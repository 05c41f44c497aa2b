/// A libespeak-ng status code (`espeak_ng_STATUS`), with readable names.
///
/// Values 0…255 are `errno` codes; the rest are espeak-ng's own.
public struct EspeakStatus: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let ok = EspeakStatus(rawValue: 0)
    public static let compileError = EspeakStatus(rawValue: 0x1000_01FF)
    public static let versionMismatch = EspeakStatus(rawValue: 0x1000_02FF)
    public static let notInitialized = EspeakStatus(rawValue: 0x1000_04FF)
    public static let audioError = EspeakStatus(rawValue: 0x1000_05FF)
    public static let voiceNotFound = EspeakStatus(rawValue: 0x1000_06FF)
    public static let speechStopped = EspeakStatus(rawValue: 0x1000_0EFF)
    /// `ENOENT`: a file (often espeak-ng-data/phontab) was not found.
    public static let noSuchFile = EspeakStatus(rawValue: 2)

    public var isOK: Bool { self == .ok }

    public var description: String {
        switch self {
        case .ok: "ok"
        case .compileError: "compile error"
        case .versionMismatch: "espeak-ng data version mismatch"
        case .notInitialized: "not initialised"
        case .audioError: "audio error"
        case .voiceNotFound: "voice not found"
        case .speechStopped: "speech stopped"
        default: rawValue < 256 ? "errno \(rawValue)" : "status 0x\(String(rawValue, radix: 16))"
        }
    }
}
