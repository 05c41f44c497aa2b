import Foundation
import Synchronization

/// Watches the settings file with inotify and reloads it when it changes.
///
/// The watcher watches the file's directory, so an editor's or another process's atomic
/// rename over the file is seen as well as a write in place. Events are gathered for a short
/// quiet period (`debounce`), then the store reloads and `onChange` gets the update — on the
/// watcher's own thread.
///
/// ```swift
/// let watcher = try SettingsWatcher(store: store) { update in
///     for announcement in Wording.announcements(for: update) { speak(announcement) }  // in App
/// }
/// // …
/// watcher.stop()
/// ```
public final class SettingsWatcher: Sendable {
    private let store: SettingsStore
    private let debounceNanoseconds: UInt64
    private let onChange: @Sendable (SettingsUpdate) -> Void
    private let inotifyDescriptor: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let stopped = Mutex(false)

    /// Starts watching at once.
    ///
    /// - Parameters:
    ///   - store: the store to reload.
    ///   - debounceMilliseconds: how long the file must stay quiet before it is read.
    ///   - onChange: called on the watcher thread with each update that changed something or
    ///     found a problem.
    public init(
        store: SettingsStore, debounceMilliseconds: Int = 15,
        onChange: @escaping @Sendable (SettingsUpdate) -> Void
    ) throws(SettingsProblem) {
        self.store = store
        self.debounceNanoseconds = UInt64(max(0, debounceMilliseconds)) * 1_000_000
        self.onChange = onChange
        let directory = store.file.directory
        let path = store.file.path
        func fail(_ words: String) -> SettingsProblem {
            SettingsProblem(code: .unreadable, message: words, file: path, line: 1, column: 1, key: nil)
        }
        if !FileManager.default.fileExists(atPath: directory) {
            try? FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        var failed = ""
        guard let fd = Libc.watch(directory, failed: &failed) else { throw fail(failed) }
        guard let wake = Libc.wakePipe() else {
            let problem = fail("cannot make a pipe: \(Libc.reason)")
            _ = Libc.close(fd)
            throw problem
        }
        inotifyDescriptor = fd
        wakeRead = wake.read
        wakeWrite = wake.write
        let thread = Thread { [self] in self.run() }
        thread.name = "earshot.settings-watcher"
        thread.start()
    }

    /// Stops watching; the thread ends and closes its descriptors. Safe to call twice.
    ///
    /// The watcher thread keeps the watcher alive until this is called.
    public func stop() {
        let already = stopped.withLock { value -> Bool in
            defer { value = true }
            return value
        }
        guard !already else { return }
        let byte: [UInt8] = [1]
        _ = byte.withUnsafeBytes { Libc.write(wakeWrite, $0) }
    }

    private func run() {
        let name = store.file.fileName
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var pendingSince: UInt64?
        var lastEvent: UInt64 = 0
        defer {
            _ = Libc.close(inotifyDescriptor)
            _ = Libc.close(wakeRead)
            _ = Libc.close(wakeWrite)
        }
        while true {
            var timeout: Int32 = -1
            if pendingSince != nil {
                let now = Self.now()
                let due = lastEvent + debounceNanoseconds
                timeout = due > now ? Int32((due - now + 999_999) / 1_000_000) : 0
            }
            guard let readable = Libc.waitReadable([inotifyDescriptor, wakeRead], timeout: timeout) else { return }
            if readable[1] || stopped.withLock({ $0 }) { return }
            if readable[0] {
                let count = buffer.withUnsafeMutableBytes { Libc.read(inotifyDescriptor, into: $0) }
                if count > 0, Self.eventsMention(name, in: buffer, count: count) {
                    lastEvent = Self.now()
                    if pendingSince == nil { pendingSince = lastEvent }
                }
                continue
            }
            if pendingSince != nil, Self.now() >= lastEvent + debounceNanoseconds {
                pendingSince = nil
                if let update = store.reload() { onChange(update) }
            }
        }
    }

    /// Whether any inotify event in `buffer` names `name`.
    static func eventsMention(_ name: String, in buffer: [UInt8], count: Int) -> Bool {
        let target = Array(name.utf8)
        var offset = 0
        let header = Libc.inotifyHeader
        while offset + header <= count {
            let length = buffer.withUnsafeBytes { raw in
                Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            }
            let nameStart = offset + header
            let nameBytes = buffer[nameStart..<min(nameStart + length, count)].prefix { $0 != 0 }
            if Array(nameBytes) == target { return true }
            offset = nameStart + length
        }
        return false
    }

    static func now() -> UInt64 { Libc.monotonicNanoseconds() }
}
