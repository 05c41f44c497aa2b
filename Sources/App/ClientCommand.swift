#if canImport(Glibc)
    @preconcurrency import Glibc
#endif
import Chat
import Foundation
import Settings
import Speech
import Terminal

/// Plain `earshot`: the chat client.
public enum ClientCommand {
    /// What the command line says.
    public struct Options: Sendable {
        public var server: String?
        public var tls = false
        public var insecure = false
        public var nick: String?
        public var channels: [String] = []
        public var configPath: String?
        public var speech = SpeechOutput()
        /// Report mouse drags, so a sheet can be dragged (the terminal's own wheel scrolling stops).
        public var mouse = false

        public init() {}
    }

    /// Runs until the user quits; returns the exit status.
    public static func run(_ options: Options) throws -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        let file = SettingsFile.resolve(explicit: options.configPath, environment: environment)
        let onboarded = FileManager.default.fileExists(atPath: file.path)
        let settingsStore = SettingsStore(file: file)
        let initial = settingsStore.loadInitial()
        let settings = settingsStore.current

        let store = try ChatStore.openDefault()
        let workspace = try LocalWorkspace(store: store, nick: options.nick ?? environment["USER"] ?? "you")
        let irc = try ircClient(options: options, settings: settings, store: store)

        let interactive = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
        let size = TerminalSize.current(fd: STDOUT_FILENO)
        let output = LineOutput.standardOutput(
            settings: settings, columns: size.columns, rows: size.rows, interactive: interactive)

        // Speech: the controller is made after the engine, so events reach it through a box.
        let controllerBox = ControllerBox()
        var opened: SpeechOutput.Opened?
        var parameters = SpeechParameters()
        parameters.rate = settings.speech.rate
        parameters.pitch = settings.speech.pitch
        parameters.volume = min(settings.speech.volume, 200)
        let engine = try SpeechEngine(configuration: .init(parameters: parameters)) { rate throws(SpeechError) in
            let captions = SpeechSink(event: { event in
                if event.kind == .speak { output.caption(event.utterance.text) }
            })
            let result = try options.speech.open(sampleRate: rate, textSink: captions) { message in
                output.emit([LineOutput.plain(message)])
            }
            opened = result
            let finished = SpeechSink(event: { event in
                guard event.kind != .speak, event.utterance.voice == .announcer else { return }
                controllerBox.async { $0.announcementFinished() }
            })
            return .combine([result.sink, finished])
        }

        let quit = DispatchSemaphore(value: 0)
        let controller = AppController(
            workspace: workspace, settingsStore: settingsStore, onboarded: onboarded, terminalRows: size.rows,
            irc: irc,
            environment: .init(
                speak: { text, priority, voice in engine.speak(text, priority: priority, voice: voice) },
                stopSpeech: { engine.stop() },
                setRate: { rate in try? engine.setRate(rate) },
                setVoice: { voice in setReaderVoice(voice, engine: engine) },
                output: output, quit: { quit.signal() }))
        controllerBox.set(controller)

        let watcher = try? SettingsWatcher(store: settingsStore) { update in
            controller.queue.async { controller.handle(settings: update) }
        }
        var chatTask: Task<Void, Never>?
        if let irc {
            chatTask = Task {
                await irc.start()
                for await event in irc.events { controller.queue.async { controller.handle(chat: event) } }
            }
        }

        // A bad file is said aloud at start (errors high, unknown keys low); the size is not news.
        var problems = initial.announcements.filter { $0.priority != .default }.map {
            ($0.text, $0.priority == .high ? SpeechPriority.high : .low)
        }
        if settings.speech.voice != VoiceRole.reader.rawValue,
            let problem = setReaderVoice(settings.speech.voice, engine: engine)
        {
            problems.append((problem, .high))
        }
        controller.queue.sync {
            controller.startUp(problems: problems)
            controller.startTimer()
        }
        var rawMode: RawMode?
        let input: TerminalInput?
        if interactive {
            let mode = RawMode(options: options.mouse ? [.bracketedPaste, .mouseDrag] : [.bracketedPaste])
            _ = try mode.enter()
            rawMode = mode
            let reader = TerminalInput(
                onEvent: { key in controller.queue.async { controller.handle(key: key) } },
                onEnd: { quit.signal() })
            try reader.start()
            input = reader
        } else {
            input = nil
            Thread.detachNewThread {
                while let line = readLine(strippingNewline: true) {
                    controller.queue.sync { controller.handle(line: line) }
                }
                // End of input: let speech finish, then quit.
                engine.waitUntilIdle(timeoutSeconds: 30)
                quit.signal()
            }
        }
        quit.wait()

        input?.stop()
        controller.queue.sync { output.finish() }
        rawMode?.restore()
        watcher?.stop()
        chatTask?.cancel()
        if let irc {
            let done = DispatchSemaphore(value: 0)
            Task {
                await irc.stop()
                done.signal()
            }
            _ = done.wait(timeout: .now() + 2)
        }
        engine.shutdown()
        try? opened?.close()
        return 0
    }

    /// Makes `voice` (a role's file, or a path) read content; returns what went wrong, if anything.
    static func setReaderVoice(_ voice: String, engine: SpeechEngine) -> String? {
        let path = voice.contains("/") ? voice : VoiceLibrary.discover().files()[VoiceRole(rawValue: voice)]
        guard let path else { return "No voice named \(voice). Keeping the previous voice." }
        do {
            try engine.setVoice(path: path, for: .reader)
            return nil
        } catch {
            return error.message
        }
    }

    static func ircClient(options: Options, settings: Settings, store: ChatStore) throws -> IRCClient? {
        if let server = options.server {
            let parts = server.split(separator: ":", maxSplits: 1)
            let host = String(parts[0])
            let port = parts.count > 1 ? Int(parts[1]) ?? 6667 : (options.tls ? 6697 : 6667)
            let configuration = IRCServerConfiguration(
                name: host, host: host, port: port, usesTLS: options.tls, insecure: options.insecure,
                nick: options.nick ?? "earshot", channels: options.channels.isEmpty ? ["#earshot"] : options.channels)
            return try IRCClient(server: configuration, store: store)
        }
        guard let first = settings.ircServers.first else { return nil }
        let configuration = IRCServerConfiguration(
            name: first.host, host: first.host, port: first.port, usesTLS: first.tls, nick: first.nick,
            channels: first.channels)
        return try IRCClient(server: configuration, store: store)
    }
}

/// Hands speech events to the controller once it exists.
final class ControllerBox: @unchecked Sendable {
    private let lock = NSLock()
    private var controller: AppController?

    func set(_ controller: AppController) { lock.withLock { self.controller = controller } }

    func async(_ body: @escaping @Sendable (AppController) -> Void) {
        guard let controller = lock.withLock({ controller }) else { return }
        controller.queue.async { body(controller) }
    }
}
