import Accessibility
import AccessibilityTesting
import Chat
import Foundation
import Settings
import Speech
@testable import App

/// Drives a real ``AppController`` — real store, real settings file, real key path — with a
/// recording speech sink (a test double) and output kept in memory.
final class AppHost: AccessibilityTestHost, @unchecked Sendable {
    let directory: String
    let controller: AppController
    let output: LineOutput
    let spoken = SpokenLog()
    let settingsPath: String

    init(onboarded: Bool = true, settingsText: String? = nil) throws {
        directory = NSTemporaryDirectory() + "earshot-app-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        settingsPath = directory + "/config.toml"
        if let settingsText {
            try settingsText.write(toFile: settingsPath, atomically: true, encoding: .utf8)
        } else if onboarded {
            try "# my settings\n[text]\nsize = \"large\"\n".write(toFile: settingsPath, atomically: true, encoding: .utf8)
        }
        let store = try ChatStore(path: directory + "/earshot.sqlite")
        let workspace = try LocalWorkspace(store: store, nick: "you")
        let settingsStore = SettingsStore(file: SettingsFile(path: settingsPath))
        _ = settingsStore.loadInitial()
        let spoken = self.spoken
        output = LineOutput(
            settings: settingsStore.current, columns: 80, rows: 24,
            environment: .init(isTTY: false, term: "dumb"), interactive: false, keepTranscript: true
        ) { _ in }
        controller = AppController(
            workspace: workspace, settingsStore: settingsStore, onboarded: onboarded, terminalRows: 24,
            environment: .init(
                speak: { text, priority, voice in spoken.append(text, priority, voice) },
                stopSpeech: { spoken.stop() }, setRate: { _ in }, output: output, quit: {}))
        controller.queue.sync { controller.startUp() }
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    var tree: Element { controller.queue.sync { controller.navigator.tree } }

    func perform(_ action: TestAction, on element: Element, at path: ElementPath) async throws {
        controller.queue.sync {
            _ = controller.navigator.focus(path: path)
            switch action {
            case .activate: controller.perform(.activate)
            case .enterText(let text): for character in text { controller.perform(.type(String(character))) }
            case .clearText:
                element.setText?("")
                controller.settle()
            }
        }
    }

    func press(_ commands: KeyMap.Command...) {
        controller.queue.sync { for command in commands { controller.perform(command) } }
    }

    var transcriptLines: [String] { spoken.lines }
    var focusedLabel: String? { controller.queue.sync { controller.navigator.focusedElement?.label } }
    var state: AppState { controller.queue.sync { controller.state } }
}

/// What the controller asked to be spoken, as transcript JSON lines.
final class SpokenLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [(String, SpeechPriority, VoiceRole)] = []

    func append(_ text: String, _ priority: SpeechPriority, _ voice: VoiceRole) {
        lock.withLock { entries.append((text, priority, voice)) }
    }

    func stop() {}

    var texts: [String] { lock.withLock { entries.map(\.0) } }
    var all: [(text: String, priority: SpeechPriority, voice: VoiceRole)] { lock.withLock { entries.map { ($0.0, $0.1, $0.2) } } }

    var lines: [String] {
        lock.withLock {
            entries.enumerated().map { index, entry in
                TranscriptWriter.line(
                    SpeechEvent(.speak, Utterance(id: UInt64(index), text: entry.0, priority: entry.1, voice: entry.2)),
                    milliseconds: UInt64(index)
                ).trimmingCharacters(in: .newlines)
            }
        }
    }
}
