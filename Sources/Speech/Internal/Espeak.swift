import CEspeakNG
import Synchronization
import SystemPackage

/// Every call into libespeak-ng goes through here, the way swift-system's `Syscalls.swift` wraps
/// libc. libespeak-ng is a process-wide singleton: these functions must only be called from the
/// engine's own thread (``SpeechEngine``'s synthesis thread).
enum Espeak {
    /// The synth callback type: PCM, sample count, events; return 1 to abort synthesis.
    typealias Callback =
        @convention(c) (
            UnsafeMutablePointer<Int16>?, Int32, UnsafeMutablePointer<espeak_EVENT>?
        ) -> Int32

    /// The corresponding C functions are `espeak_ng_InitializePath` and `espeak_ng_Initialize`.
    static func initialize(dataPath: String?) -> EspeakStatus {
        if let dataPath {
            dataPath.withCString { espeak_ng_InitializePath($0) }
        } else {
            espeak_ng_InitializePath(nil)
        }
        var context: espeak_ng_ERROR_CONTEXT? = nil
        let status = espeak_ng_Initialize(&context)
        if context != nil { espeak_ng_ClearErrorContext(&context) }
        return EspeakStatus(rawValue: status.rawValue)
    }

    /// The corresponding C function is `espeak_ng_InitializeOutput`, in synchronous mode:
    /// synthesis runs on the calling thread and PCM arrives through the callback in buffers of
    /// `bufferMilliseconds`.
    static func initializeSynchronousOutput(bufferMilliseconds: Int32) -> EspeakStatus {
        let status = espeak_ng_InitializeOutput(ENOUTPUT_MODE_SYNCHRONOUS, bufferMilliseconds, nil)
        return EspeakStatus(rawValue: status.rawValue)
    }

    /// The corresponding C function is `espeak_ng_GetSampleRate`.
    static var sampleRate: Int { Int(espeak_ng_GetSampleRate()) }

    /// The corresponding C function is `espeak_SetSynthCallback`.
    static func setCallback(_ callback: Callback) {
        espeak_SetSynthCallback(callback)
    }

    /// The corresponding C function is `espeak_ng_SetVoiceByFile`.
    static func setVoice(path: String) -> EspeakStatus {
        let status = path.withCString { espeak_ng_SetVoiceByFile($0) }
        return EspeakStatus(rawValue: status.rawValue)
    }

    /// Loads a voice from its checked `text`, through `espeak_ng_SetVoiceByFile`.
    ///
    /// espeak-ng 1.51 lower-cases the path it is given and keeps only its first 59 bytes, so a
    /// voice under `/home/Ann/` or a deep install prefix would not load by its own path. The text
    /// goes instead into an unlinked temporary file, named for espeak-ng as `/proc/self/fd/N`.
    ///
    /// Each text's file stays open for the next time (up to ``keptVoices``): a voice loaded
    /// again, as a speaker's is every few messages, is not written again.
    static func setVoice(text: String) -> EspeakStatus {
        if let kept = kept.withLock({ $0[text] }) { return setVoice(path: "/proc/self/fd/\(kept)") }
        let tmp = Libc.environment("TMPDIR")
        let folder = tmp.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        let descriptor = Libc.makeUnlinkedTemporary(folder + "/earshot-voice-XXXXXX")
        guard descriptor >= 0 else { return EspeakStatus(rawValue: UInt32(Libc.errorNumber)) }
        do {
            try FileDescriptor(rawValue: descriptor).writeAll(text.utf8)
        } catch {
            try? FileDescriptor(rawValue: descriptor).close()
            return EspeakStatus(rawValue: UInt32((error as? Errno)?.rawValue ?? Errno.ioError.rawValue))
        }
        let status = setVoice(path: "/proc/self/fd/\(descriptor)")
        let keeps =
            status.isOK
            && kept.withLock { kept in
                guard kept.count < keptVoices else { return false }
                kept[text] = descriptor
                return true
            }
        if !keeps { try? FileDescriptor(rawValue: descriptor).close() }
        return status
    }

    /// Voice texts loaded before, each in an unlinked file kept open (its descriptor).
    private static let kept = Mutex<[String: Int32]>([:])
    /// The roles' voices and the speakers' in each: enough for every voice a session uses.
    static let keptVoices = 48

    /// The corresponding C function is `espeak_ng_SetParameter` (absolute value).
    static func setParameter(_ parameter: espeak_PARAMETER, _ value: Int32) -> EspeakStatus {
        EspeakStatus(rawValue: espeak_ng_SetParameter(parameter, value, 0).rawValue)
    }

    /// The corresponding C function is `espeak_GetParameter` (current value).
    static func parameter(_ parameter: espeak_PARAMETER) -> Int32 {
        espeak_GetParameter(parameter, 1)
    }

    /// The corresponding C function is `espeak_ng_SetPunctuationList`.
    static func setPunctuationList(_ characters: String) -> EspeakStatus {
        var wide = characters.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
        wide.append(0)
        return EspeakStatus(rawValue: espeak_ng_SetPunctuationList(&wide).rawValue)
    }

    /// The flags `espeak-ng` itself synthesises with: `espeakCHARS_AUTO | espeakPHONEMES | espeakENDPAUSE`.
    static let commandLineFlags = UInt32(espeakCHARS_AUTO) | UInt32(espeakPHONEMES) | UInt32(espeakENDPAUSE)

    /// The corresponding C function is `espeak_ng_Synthesize`. In synchronous mode it returns
    /// when the whole text is synthesised or the callback returned 1.
    static func synthesize(_ text: String, userData: UnsafeMutableRawPointer?) -> EspeakStatus {
        var identifier: UInt32 = 0
        let status = text.withCString { pointer in
            espeak_ng_Synthesize(
                pointer, text.utf8.count + 1, 0, POS_CHARACTER, 0, commandLineFlags, &identifier,
                userData)
        }
        return EspeakStatus(rawValue: status.rawValue)
    }

    /// The corresponding C function is `espeak_ng_GetStatusCodeMessage`.
    static func message(for status: EspeakStatus) -> String {
        var buffer = [CChar](repeating: 0, count: 512)
        espeak_ng_GetStatusCodeMessage(espeak_ng_STATUS(rawValue: status.rawValue), &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The user data pointer passed to ``synthesize(_:userData:)``, read from a callback's events.
    static func userData(of events: UnsafeMutablePointer<espeak_EVENT>?) -> UnsafeMutableRawPointer? {
        events?.pointee.user_data
    }

    static let rate = espeakRATE
    static let volume = espeakVOLUME
    static let pitch = espeakPITCH
    static let punctuation = espeakPUNCTUATION
    static let capitals = espeakCAPITALS
}
