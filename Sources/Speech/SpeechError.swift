/// An error the user can read: what went wrong with speech, and where.
///
/// ```swift
/// do { try engine.setVoice(path: "/nope") } catch { print(error) }
/// // Voice file not found: /nope. Keeping the previous voice.
/// ```
public struct SpeechError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure.
    public enum Code: Hashable, Sendable {
        /// A voice file does not exist or cannot be read.
        case voiceFileNotFound
        /// A voice file exists but is not a valid espeak-ng voice.
        case voiceFileInvalid
        /// No voice of that role is installed.
        case unknownVoiceRole
        /// espeak-ng's data (phoneme tables, dictionaries) could not be loaded.
        case dataMissing
        /// A parameter is outside its range.
        case outOfRange
        /// The audio device could not be opened.
        case audioUnavailable
        /// A file (WAV, transcript) could not be written.
        case outputFailed
        /// libespeak-ng reported a failure.
        case engineFailure
    }

    public var code: Code
    public var message: String
    /// The file the error is about, if any.
    public var path: String?
    /// The libespeak-ng status, when it reported one.
    public var status: EspeakStatus?

    public init(_ code: Code, _ message: String, path: String? = nil, status: EspeakStatus? = nil) {
        self.code = code
        self.message = message
        self.path = path
        self.status = status
    }

    public var description: String { message }
}
