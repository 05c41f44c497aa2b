#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import CBrlAPI

/// Every call into libbrlapi goes through here, the way Speech's `Internal/Espeak.swift` wraps
/// libespeak-ng and swift-system's `Syscalls.swift` wraps libc: one connection's handle, and a
/// function for each thing Earshot asks of BRLTTY. A handle is used from one thread only (the
/// connection's own).
struct BrlAPI {
    /// The handle's memory, `brlapi_getHandleSize()` bytes, owned until ``close()``.
    private let handle: UnsafeMutableRawPointer
    /// The connection's descriptor, polled for keys.
    let fd: Int32

    private var pointer: OpaquePointer { OpaquePointer(handle) }

    /// Why a connection could not be opened.
    enum OpenFailure: Error {
        /// BRLTTY refused the key (`BRLAPI_AUTH`).
        case refused
        /// Nothing answered.
        case noServer
    }

    /// The corresponding C function is `brlapi__openConnection`, to `host` (nil: BrlAPI's own,
    /// from `BRLAPI_HOST`); BrlAPI's answer to an error packet, which is to end the process, is
    /// replaced by one that does nothing (`brlapi__setExceptionHandler`).
    static func open(host: String?) -> Result<BrlAPI, OpenFailure> {
        let handle = UnsafeMutableRawPointer.allocate(byteCount: brlapi_getHandleSize(), alignment: 16)
        var settings = brlapi_connectionSettings_t(auth: nil, host: nil)
        let fd: Int32 =
            host.map { host in
                host.withCString { hostPointer in
                    settings.host = hostPointer
                    return brlapi__openConnection(OpaquePointer(handle), &settings, nil)
                }
            } ?? brlapi__openConnection(OpaquePointer(handle), nil, nil)
        guard fd >= 0 else {
            let refused = earshot_brlapi_errno() == Int32(BRLAPI_ERROR_AUTHENTICATION.rawValue)
            handle.deallocate()
            return .failure(refused ? .refused : .noServer)
        }
        brlapi__setExceptionHandler(OpaquePointer(handle)) { _, _, _, _, _ in }
        return .success(BrlAPI(handle: handle, fd: fd))
    }

    /// The corresponding C function is `brlapi__closeConnection`; the handle is freed.
    func close() {
        brlapi__closeConnection(pointer)
        handle.deallocate()
    }

    /// The display's width in cells (`brlapi__getDisplaySize`); nil when it cannot be had or is
    /// not a width (0, or more than 1,000).
    var displayWidth: Int? {
        var columns: UInt32 = 0
        var rows: UInt32 = 0
        guard brlapi__getDisplaySize(pointer, &columns, &rows) >= 0, columns > 0, columns <= 1000 else { return nil }
        return Int(columns)
    }

    /// The corresponding C function is `brlapi__enterTtyModeWithPath`, for the terminal BRLTTY
    /// chooses; false when it gives none.
    func enterTTYMode() -> Bool { brlapi__enterTtyModeWithPath(pointer, nil, 0, nil) >= 0 }

    /// The corresponding C function is `brlapi__leaveTtyMode`.
    func leaveTTYMode() { brlapi__leaveTtyMode(pointer) }

    /// Only `commands` come to Earshot (`brlapi__ignoreKeys` of all, then `brlapi__acceptKeys`);
    /// every other key stays BRLTTY's.
    func accept(only commands: [brlapi_keyCode_t]) {
        _ = brlapi__ignoreKeys(pointer, brlapi_rangeType_all, nil, 0)
        var wanted: [brlapi_keyCode_t] = commands.map { earshot_brlapi_command($0) }
        _ = brlapi__acceptKeys(pointer, brlapi_rangeType_command, &wanted, UInt32(wanted.count))
    }

    /// The corresponding C function is `brlapi__watchParameter`, for the display's size:
    /// `callback` is called with `context` from inside BrlAPI's own reads.
    func watchDisplaySize(context: UnsafeMutableRawPointer, _ callback: brlapi_paramCallback_t) {
        _ = brlapi__watchParameter(
            pointer, BRLAPI_PARAM_DISPLAY_SIZE, 0, brlapi_param_flags_t(BRLAPI_PARAMF_GLOBAL), callback, context, nil, 0
        )
    }

    /// What one `brlapi__readKey` without waiting found.
    enum KeyRead {
        case key(brlapi_keyCode_t)
        /// No key waiting, or the read was interrupted: try again later.
        case none
        /// The connection is gone.
        case failed
    }

    /// The corresponding C function is `brlapi__readKey`, not waiting.
    func readKey() -> KeyRead {
        var code: brlapi_keyCode_t = 0
        let got = brlapi__readKey(pointer, 0, &code)
        if got > 0 { return .key(code) }
        if got == 0 { return .none }
        let error = earshot_brlapi_errno()
        if error == Int32(BRLAPI_ERROR_LIBCERR.rawValue), errno == EINTR || errno == EAGAIN { return .none }
        return .failed
    }

    /// The corresponding C function is `brlapi__write`: `cells` (one scalar a cell, UTF-8) over
    /// the display's `width`, the cursor at `cursor` (0-based) or none. False when it failed.
    func write(cells: String, width: Int, cursor: Int?) -> Bool {
        var arguments = brlapi_writeArguments_t()
        arguments.displayNumber = -1
        arguments.regionBegin = 1
        arguments.regionSize = Int32(width)
        arguments.cursor = cursor.map { Int32($0 + 1) } ?? 0
        return cells.withCString { textPointer in
            "UTF-8".withCString { charset in
                arguments.text = textPointer
                arguments.textSize = Int32(strlen(textPointer))
                arguments.charset = charset
                return brlapi__write(pointer, &arguments) >= 0
            }
        }
    }

    /// The corresponding C function is `brlapi__writeDots`. False when it failed.
    func write(dots: [UInt8]) -> Bool { brlapi__writeDots(pointer, dots) >= 0 }
}
