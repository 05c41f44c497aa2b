import CSpeechd

/// libspeechd's functions, looked up in the library the first time speech-dispatcher is asked
/// for (``SpeechDispatcher/connect(clientName:spawn:)``), not linked: with espeak-ng, the usual
/// synthesiser, libspeechd and the glib it loads (about 1 MB resident) are never loaded.
///
/// ```swift
/// guard let spd = libspeechd.functions else { throw … libspeechd.problem … }
/// let connection = spd.open2("earshot", nil, nil, SPD_MODE_THREADED, nil, 1, &failure)
/// ```
struct LibSpeechd: Sendable {
    typealias Connection = UnsafeMutablePointer<SPDConnection>
    let open2:
        @convention(c) (
            UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, SPDConnectionMode,
            UnsafeMutablePointer<SPDConnectionAddress>?, Int32, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        ) -> Connection?
    let close: @convention(c) (Connection?) -> Void
    let setNotificationOn: @convention(c) (Connection?, SPDNotification) -> Int32
    let setLanguage: @convention(c) (Connection?, UnsafePointer<CChar>?) -> Int32
    let say: @convention(c) (Connection?, SPDPriority, UnsafePointer<CChar>?) -> Int32
    let cancel: @convention(c) (Connection?) -> Int32
    let setVoiceRate: @convention(c) (Connection?, Int32) -> Int32
    let setVoicePitch: @convention(c) (Connection?, Int32) -> Int32
    let setVolume: @convention(c) (Connection?, Int32) -> Int32
    let sendData: @convention(c) (Connection?, UnsafePointer<CChar>?, Int32) -> UnsafeMutablePointer<CChar>?

    /// The functions, or why they could not be had.
    enum Loaded: Sendable {
        case functions(LibSpeechd)
        case problem(String)
    }

    /// Opens `libspeechd.so.2` (Debian's libspeechd2) and looks up every function Earshot calls.
    static func load() -> Loaded {
        guard let library = Libc.openLibrary("libspeechd.so.2") else {
            return .problem("its client library, libspeechd2, is not installed: apt-get install libspeechd2")
        }
        func function<Function>(_ name: String, as type: Function.Type) -> Function? {
            Libc.symbol(name, in: library).map { unsafeBitCast($0, to: type) }
        }
        guard let open2 = function("spd_open2", as: type(of: placeholder.open2)),
            let close = function("spd_close", as: type(of: placeholder.close)),
            let setNotificationOn = function("spd_set_notification_on", as: type(of: placeholder.setNotificationOn)),
            let setLanguage = function("spd_set_language", as: type(of: placeholder.setLanguage)),
            let say = function("spd_say", as: type(of: placeholder.say)),
            let cancel = function("spd_cancel", as: type(of: placeholder.cancel)),
            let setVoiceRate = function("spd_set_voice_rate", as: type(of: placeholder.setVoiceRate)),
            let setVoicePitch = function("spd_set_voice_pitch", as: type(of: placeholder.setVoicePitch)),
            let setVolume = function("spd_set_volume", as: type(of: placeholder.setVolume)),
            let sendData = function("spd_send_data", as: type(of: placeholder.sendData))
        else {
            return .problem(
                "its client library, libspeechd.so.2, is not the version Earshot knows: apt-get install libspeechd2")
        }
        return .functions(
            LibSpeechd(
                open2: open2, close: close, setNotificationOn: setNotificationOn, setLanguage: setLanguage, say: say,
                cancel: cancel, setVoiceRate: setVoiceRate, setVoicePitch: setVoicePitch, setVolume: setVolume,
                sendData: sendData))
    }

    /// Only its types are used: what each looked-up symbol is cast to.
    private static let placeholder = LibSpeechd(
        open2: { _, _, _, _, _, _, _ in nil }, close: { _ in }, setNotificationOn: { _, _ in -1 },
        setLanguage: { _, _ in -1 }, say: { _, _, _ in -1 }, cancel: { _ in -1 }, setVoiceRate: { _, _ in -1 },
        setVoicePitch: { _, _ in -1 }, setVolume: { _, _ in -1 }, sendData: { _, _, _ in nil })
}

/// libspeechd, loaded once, the first time it is needed (a global is initialised lazily and
/// once, whichever thread asks first).
let libspeechd: LibSpeechd.Loaded = LibSpeechd.load()

extension LibSpeechd.Loaded {
    var functions: LibSpeechd? {
        if case .functions(let functions) = self { functions } else { nil }
    }
}
