import Accessibility
import AccessibilityTesting
import Chat
import Foundation
import Settings
import Speech
import Synchronization
import Terminal
import Testing

@testable import App
@testable import ClientCore

/// Key bytes as a terminal sends them.
enum Keys {
    static let right = Array("\u{1B}[C".utf8)
    static let left = Array("\u{1B}[D".utf8)
    static let up = Array("\u{1B}[A".utf8)
    static let down = Array("\u{1B}[B".utf8)
    static let home = Array("\u{1B}[H".utf8)
    static let end = Array("\u{1B}[F".utf8)
    static let shiftUp = Array("\u{1B}[1;2A".utf8)
    static let shiftDown = Array("\u{1B}[1;2B".utf8)
    static let controlRight = Array("\u{1B}[1;5C".utf8)
    static let enter: [UInt8] = [0x0D]
    static let tab: [UInt8] = [0x09]
    static let backTab = Array("\u{1B}[Z".utf8)
    static let backspace: [UInt8] = [0x7F]
    static let escape: [UInt8] = [0x1B]
    static let controlX: [UInt8] = [0x18]
    static let altUp = Array("\u{1B}[1;3A".utf8)
    static func text(_ text: String) -> [UInt8] { Array(text.utf8) }
}

let voicesFolder: String = {
    var path = Substring(#filePath)
    for _ in 0..<3 { path = path[..<(path.lastIndex(of: "/") ?? path.startIndex)] }
    return String(path) + "/voices"
}()

/// The real client — ``AppCore`` in its ``AppRuntime``, the real store, settings file, key
/// decoder and `SpeechEngine` — driven by key bytes; what it says is read from the engine's
/// own transcript file. Lines go to memory.
final class AppHost: AccessibilityTestHost, Sendable {
    let directory: String
    let settingsPath: String
    let transcriptPath: String
    let runtime: AppRuntime
    let engine: SpeechEngine
    let output: LineOutput
    let workspace: LocalWorkspace
    let settingsStore: SettingsStore
    private let decoder = Mutex(KeyDecoder())

    init(onboarded: Bool = true, settingsText: String? = nil, hints: Bool = true) async throws {
        directory = NSTemporaryDirectory() + "earshot-app-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        settingsPath = directory + "/config.toml"
        transcriptPath = directory + "/speech.jsonl"
        if let settingsText {
            try settingsText.write(toFile: settingsPath, atomically: true, encoding: .utf8)
        } else if onboarded {
            try "# my settings\n[text]\nsize = \"large\"\n".write(
                toFile: settingsPath, atomically: true, encoding: .utf8)
        }
        let store = try ChatStore(path: directory + "/earshot.sqlite")
        workspace = try LocalWorkspace(store: store, nick: "you", lesson: Wording.lesson)
        settingsStore = SettingsStore(file: SettingsFile(path: settingsPath))
        _ = settingsStore.loadInitial()
        output = LineOutput(
            settings: settingsStore.current, columns: 80,
            environment: .init(isTTY: false, term: "dumb"), interactive: false, keepTranscript: true
        ) { _ in }
        let box = RuntimeBox()
        let writer = try TranscriptWriter(path: transcriptPath)
        let finished = SpeechSink.appEvents { box.post($0) }
        engine = try await SpeechEngine.started(
            configuration: .init(voices: VoiceLibrary(folders: [voicesFolder])),
            sink: .combine([.transcript(writer), finished]))
        engine.setCueVolume(settingsStore.current.sounds.enabled ? settingsStore.current.sounds.volume : 0)
        let core = AppCore(
            .init(
                settings: settingsStore.current, onboarded: onboarded, terminalRows: 24,
                localNetworkID: workspace.network.id, welcomeChannelID: workspace.welcome.id, nick: workspace.nick,
                localTime: .system(), emoji: .installed))
        runtime = AppRuntime(
            core: core,
            parts: .init(
                speech: engine, output: output, workspace: workspace, settingsStore: settingsStore, irc: nil,
                setVoice: { _ in nil }))
        box.set(runtime)
        let runtime = self.runtime
        Thread.detachNewThread { runtime.run() }
        runtime.post(.start(problems: []))
        settleNow()
    }

    deinit {
        runtime.stop()
        engine.shutdown()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Waits until every event posted so far has been handled and its speech has been made.
    func settleNow() {
        runtime.waitUntilIdle()
        _ = engine.waitUntilIdle(timeoutSeconds: 30)
    }

    /// Feeds key bytes to the key decoder, as the terminal reader does, one key after another.
    func press(_ keys: [UInt8]...) {
        for bytes in keys {
            let events = decoder.withLock { decoder in
                var events = decoder.feed(bytes)
                if bytes == Keys.escape { events += decoder.flushPendingEscape() }
                return events
            }
            for event in events { runtime.post(.key(event)) }
            settleNow()
        }
    }

    /// Posts an event as the chat client or the settings watcher would.
    func post(_ event: AppEvent) {
        runtime.post(event)
        settleNow()
    }

    var core: AppCore { runtime.core }
    var tree: Element { core.tree.root }
    var focusedLabel: String? { core.navigator.focusedElement?.label }
    var focusedIdentifier: String? { core.navigator.focusedElement?.identifier }
    var state: AppState { core.state }

    /// Moves focus to `path` with Right and Left, as a person would.
    func focus(path: ElementPath) {
        let order = core.navigator.readingOrder
        guard let target = order.firstIndex(of: path) else { return }
        var current = core.navigator.focusedPath.flatMap { order.firstIndex(of: $0) }
        if current == nil {
            press(Keys.home)
            current = 0
        }
        guard var at = current else { return }
        // Tab and Shift-Tab, which move between elements in text fields too (where the
        // arrows move the caret).
        while at < target {
            press(Keys.tab)
            at += 1
        }
        while at > target {
            press(Keys.backTab)
            at -= 1
        }
    }

    /// Moves focus to the element `identifier` with Right and Left.
    func focus(identifier: String) {
        guard let path = core.navigator.readingOrder.first(where: { tree.element(at: $0)?.identifier == identifier })
        else {
            return
        }
        focus(path: path)
    }

    func perform(_ action: TestAction, on element: Element, at path: ElementPath) async throws {
        focus(path: path)
        switch action {
        case .activate: press(Keys.enter)
        case .enterText(let text): for character in text { press(Keys.text(String(character))) }
        case .clearText: for _ in core.navigator.focusedElement?.value ?? "" { press(Keys.backspace) }
        }
    }

    func settle() async { settleNow() }

    /// The transcript's whole lines: a last line without its newline is being written as it is
    /// read, and is read whole next time.
    var transcriptLines: [String] {
        let text = (try? String(contentsOfFile: transcriptPath, encoding: .utf8)) ?? ""
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        lines.removeLast()
        return lines.filter { !$0.isEmpty }.map(String.init)
    }

    /// What was spoken, in order, with priority and voice.
    var spoken: [(text: String, priority: String, voice: String)] {
        ((try? Transcript(lines: transcriptLines))?.events ?? []).filter { $0.event == .speak }.map { event in
            (event.text, event.priority.rawValue, event.voice.rawValue)
        }
    }

    var spokenTexts: [String] { spoken.map(\.text) }

    /// Every `speak` record, whole (with the speaker's voice it was said in, if any).
    var spokenRecords: [TranscriptRecord] {
        ((try? Transcript(lines: transcriptLines))?.events ?? []).filter { $0.event == .speak }
    }
}

/// Every suite whose tests run the real client in this process. libespeak-ng is one per
/// process, so they take turns: an `AppHost` holds the engine across awaits, and waiting for it
/// on the cooperative pool could starve the holder.
@Suite(.serialized) struct AppSuites {}
