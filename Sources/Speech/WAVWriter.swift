import Synchronization

/// Writes 16-bit mono PCM to a RIFF/WAVE file; sizes are filled in by ``close()``.
///
/// ```swift
/// let wav = try WAVWriter(path: "out.wav", sampleRate: 22050)
/// // … speak …
/// try wav.close()
/// ```
public final class WAVWriter: Sendable {
    private struct State: @unchecked Sendable {  // the FILE is only touched under the mutex
        var file: Libc.File?
        var sampleCount: Int = 0
    }

    public let path: String
    public let sampleRate: Int
    private let state: Mutex<State>

    public init(path: String, sampleRate: Int) throws(SpeechError) {
        guard let file = Libc.openFile(path, mode: "wb") else {
            throw SpeechError(.outputFailed, "Cannot write the WAV file \(path): \(Libc.reason).", path: path)
        }
        self.path = path
        self.sampleRate = sampleRate
        self.state = Mutex(State(file: file))
        Self.header(sampleRate: sampleRate, sampleCount: 0).withUnsafeBufferPointer { Libc.write($0, to: file) }
    }

    deinit { try? close() }

    /// Appends samples (little-endian on disk).
    public func append(_ samples: UnsafeBufferPointer<Int16>) {
        state.withLock { state in
            guard let file = state.file else { return }
            Libc.write(samples, to: file)
            state.sampleCount += samples.count
        }
    }

    /// Number of samples written so far.
    public var sampleCount: Int { state.withLock { $0.sampleCount } }

    /// Writes the final sizes into the header and closes the file.
    public func close() throws(SpeechError) {
        let failed: Bool = state.withLock { state in
            guard let file = state.file else { return false }
            let header = Self.header(sampleRate: sampleRate, sampleCount: state.sampleCount)
            Libc.rewind(file)
            header.withUnsafeBufferPointer { Libc.write($0, to: file) }
            let closed = Libc.closeFile(file)
            state.file = nil
            return !closed
        }
        if failed { throw SpeechError(.outputFailed, "Cannot finish the WAV file \(path).", path: path) }
    }

    /// The 44-byte canonical header for mono 16-bit PCM.
    static func header(sampleRate: Int, sampleCount: Int) -> [UInt8] {
        func le32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        func le16(_ v: Int) -> [UInt8] { (0..<2).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        let dataBytes = sampleCount * 2
        return Array("RIFF".utf8) + le32(36 + dataBytes) + Array("WAVE".utf8) + Array("fmt ".utf8)
            + le32(16) + le16(1) + le16(1) + le32(sampleRate) + le32(sampleRate * 2) + le16(2) + le16(16)
            + Array("data".utf8) + le32(dataBytes)
    }
}
