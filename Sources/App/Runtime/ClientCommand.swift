import Braille
import Chat
import Foundation
import Settings
import Speech
import Synchronization
import Terminal
import UnicodeData

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
        /// Another screen reader reads the terminal (`--screen-reader`, as `display.screen_reader`).
        public var screenReader = false
        /// `--engine`: who speaks, over `speech.engine`.
        public var engine: SpeechSettings.Engine?

        public init() {}
    }

    /// Runs until the user quits; returns the exit status.
    public static func run(_ options: Options) throws -> Int32 {
        // Each step of start-up runs code once (the command line, the settings, the store, the
        // speech engine): its pages are given back as the next begins (``Libc/giveBackProgramPages()``).
        _ = Libc.giveBackProgramPages()
        let environment = ProcessInfo.processInfo.environment
        let file = SettingsFile.resolve(explicit: options.configPath, environment: environment)
        // A server and a channel on the command line are a script or a user who knows the way:
        // no onboarding, the settings keep their defaults.
        let onboarded =
            FileManager.default.fileExists(atPath: file.path) || (options.server != nil && !options.channels.isEmpty)
        let settingsStore = SettingsStore(file: file)
        let initial = settingsStore.loadInitial()
        let settings = settingsStore.current

        let store = try ChatStore.openDefault()
        let workspace = try LocalWorkspace(
            store: store, nick: options.nick ?? environment["USER"] ?? "you", lesson: Wording.lesson)
        _ = Libc.giveBackProgramPages()
        let clients = try ircClients(options: options, settings: settings, store: store)
        let irc = clients.first

        let interactive = Libc.isInteractive
        let size = TerminalSize.current(fd: Libc.standardOutput)
        // Ask the terminal, briefly, before drawing: its background (OSC 11) for the palette, and
        // whether it really draws larger text (keys typed meanwhile go to the key decoder).
        let probe = TerminalProbe.ask(
            background: interactive && settings.display.color != .never && settings.display.color != .truecolor,
            textSizing: interactive && settings.display.textSizing == .auto
                && TerminalEnvironment.current(variables: environment).shouldProbeTextSizing)
        let output = LineOutput.standardOutput(
            settings: settings, columns: size.columns, interactive: interactive, probe: probe,
            screenReader: options.screenReader)

        _ = Libc.giveBackProgramPages()
        // Speech events reach the runtime, which is made after the engine, through a box.
        let runtimeBox = RuntimeBox()
        var opened: SpeechOutput.Opened?
        let parameters = SpeechParameters(settings.speech)
        var speechConfiguration = SpeechEngine.Configuration(parameters: parameters)
        // speech-dispatcher, when asked for; off with speech off or another screen reader speaking.
        if (options.engine ?? settings.speech.engine) == .speechDispatcher, options.speech.mode == .audio {
            speechConfiguration.synthesizer = .speechDispatcher
            speechConfiguration.onSpeechDispatcherLost = { runtimeBox.post(.speechDispatcher(.lost)) }
        }
        let engine = try SpeechEngine(configuration: speechConfiguration) { rate throws(SpeechError) in
            let captions = SpeechSink(event: { event in
                if event.kind == .speak { output.caption(TranscriptRecord(event, milliseconds: 0).text) }
            })
            let result = try options.speech.open(
                sampleRate: rate, textSink: captions,
                recover: { route in
                    switch route {
                    case .audio: runtimeBox.post(.speechRoute(.audio))
                    case .captions(let reason): runtimeBox.post(.speechRoute(.captions(reason: reason)))
                    }
                },
                warn: { message in output.notice(message) })
            opened = result
            return .combine([result.sink, .appEvents { runtimeBox.post($0) }])
        }
        engine.setCueVolume(settings.sounds.cueVolume)
        let packProblem = SoundPacks.use(settings.sounds.pack, in: engine)
        engine.setSpeechDispatcherParameters(settings.speech)

        // Braille goes to BRLTTY's display unless another screen reader has it, or it is off.
        // With speech off, reading is at the reader's pace on the display.
        var brailleSettings = settings.braille
        if options.speech.mode == .off { brailleSettings.paced = true }
        let wantsBraille = settings.braille.enabled != .off && !options.screenReader && !settings.display.screenReader
        let braille =
            wantsBraille
            ? BrailleConnection(
                configuration: .init(brailleSettings), onInput: { runtimeBox.post(.braille($0)) },
                onStatus: { runtimeBox.post(.brailleStatus($0)) },
                droppedWords: { Wording.sentence(DeviceFact.brailleDropped($0)) })
            : nil

        var configuration = AppCore.Configuration(
            settings: settings, onboarded: onboarded, terminalRows: size.rows,
            localNetworkID: workspace.network.id, welcomeChannelID: workspace.welcome.id,
            nick: irc == nil ? workspace.nick : (options.nick ?? settings.ircServers.first?.nick ?? workspace.nick),
            localTime: .system(), emoji: .installed, expectsIRC: irc != nil, braille: braille != nil,
            screenReader: options.screenReader)
        configuration.desktop = LinkOpener.desktop(ProcessInfo.processInfo.environment)
        configuration.clipboard = LinkOpener.terminalTakesCopies(ProcessInfo.processInfo.environment)
        configuration.speechOff = options.speech.mode == .off
        configuration.localNick = workspace.nick
        configuration.connectingTo =
            options.server.map { String($0.split(separator: ":", maxSplits: 1).first ?? "") }
            ?? (settings.ircServers.count == 1 ? settings.ircServers.first?.host : nil)
        let core = AppCore(configuration)
        let runtime = AppRuntime(
            core: core,
            parts: .init(
                speech: engine, output: output, workspace: workspace, settingsStore: settingsStore, irc: irc,
                otherIRC: Array(clients.dropFirst()), braille: braille,
                setVoice: { voice in setReaderVoice(voice, engine: engine) },
                makeClient: { server in
                    // A second server on a host already here is named by its port too.
                    let sharesHost = settingsStore.current.ircServers.filter { $0.host == server.host }.count > 1
                    return try client(
                        for: server, monitor: settingsStore.current.monitor, store: store, sharesHost: sharesHost)
                }),
            givesBackStartPages: true)
        runtimeBox.set(runtime)
        // What the display's first look found before the runtime was there to hear it.
        if let status = braille?.status, status != .connecting { runtime.post(.brailleStatus(status)) }
        if let problem = engine.speechDispatcherProblem {
            runtime.post(.speechDispatcher(.unavailable(reason: problem)))
        }

        let watcher = try? SettingsWatcher(store: settingsStore) { update in runtime.post(.settings(update)) }
        // Each server connects and reconnects on its own; its events say which network they are from.
        let chatTasks = clients.map { client in
            Task {
                await client.start()
                for await event in client.events { runtime.post(.chat(event, network: client.network.id)) }
            }
        }

        // A bad file is said aloud at start (errors high, unknown keys low); the size is not news.
        var problems = Wording.announcements(for: initial).filter { $0.priority != .default }
        if settings.speech.voice != VoiceRole.reader.rawValue,
            let problem = setReaderVoice(settings.speech.voice, engine: engine)
        {
            problems.append(.init(problem, .high))
        }
        // Without Unicode's data emoji are read from a small built-in set: said once, at start
        // (a check of one file; the data itself is read when first needed).
        if !EmojiCatalog.isInstalled() { problems.append(.init(EmojiCatalog.installAdvice, .low)) }
        runtime.post(.start(problems: problems))
        if let packProblem { runtime.post(packProblem) }
        var rawMode: RawMode?
        let input: TerminalInput?
        if interactive {
            let mode = RawMode(options: options.mouse ? [.bracketedPaste, .mouseDrag] : [.bracketedPaste])
            _ = try mode.enter()
            rawMode = mode
            let reader = TerminalInput(
                pending: probe.unrelated, onEvent: { key in runtime.post(.key(key)) },
                onEvents: { keys in runtime.post(keys.map { AppEvent.key($0) }) },
                onEnd: { runtime.stop() })
            try reader.start()
            input = reader
        } else {
            input = nil
            Thread.detachNewThread {
                while let line = readLine(strippingNewline: true) { runtime.post(.line(line)) }
                // End of input: let what was asked be done and said, then quit.
                runtime.post(.line("/quit"))
            }
        }
        _ = Libc.giveBackProgramPages()
        runtime.run()

        input?.stop()
        braille?.stop()
        output.finish()
        rawMode?.restore()
        watcher?.stop()
        // Every server, those added by voice too.
        let everyClient = runtime.parts.ircClients
        if !everyClient.isEmpty {
            let done = DispatchSemaphore(value: 0)
            Task {
                await runtime.finishSends()
                for client in everyClient { await client.stop() }
                done.signal()
            }
            _ = done.wait(timeout: .now() + 5)
        }
        for task in chatTasks { task.cancel() }
        runtime.parts.clients.cancelTasks()
        // "Goodbye" is heard before the client goes (a second and a half at most).
        _ = engine.waitUntilIdle(timeoutSeconds: interactive ? 1.5 : 30)
        engine.shutdown()
        try? opened?.close()
        return 0
    }

    /// Makes `voice` (a role's file, or a path) read content; returns what went wrong, if anything.
    static func setReaderVoice(_ voice: String, engine: SpeechEngine) -> String? {
        do {
            if voice.contains("/") {
                try engine.setVoice(path: voice, for: .reader)
            } else {
                let role = VoiceRole(rawValue: voice)
                let library = VoiceLibrary.discover()
                guard library.sources()[role] != nil else {
                    return Wording.sentence(DeviceFact.noVoiceNamed(voice))
                }
                try engine.setVoice(library.voice(for: role), for: .reader)
            }
            return nil
        } catch {
            return error.message
        }
    }

    /// The IRC clients: the one `--server` names, or one for each `[[irc.servers]]` entry. Each
    /// is its own network in the store, named by its host (and port, when two share a host).
    static func ircClients(options: Options, settings: Settings, store: ChatStore) throws -> [IRCClient] {
        // What comes from the servers gives way to the keys.
        IRCClient.workInBackground()
        if let server = options.server {
            let parts = server.split(separator: ":", maxSplits: 1)
            let host = String(parts[0])
            let port = parts.count > 1 ? Int(parts[1]) ?? 6667 : (options.tls ? 6697 : 6667)
            let configuration = IRCServerConfiguration(
                name: host, host: host, port: port, usesTLS: options.tls, insecure: options.insecure,
                nick: options.nick ?? "earshot", channels: options.channels.isEmpty ? ["#earshot"] : options.channels,
                monitor: settings.monitor)
            return [try IRCClient(server: configuration, store: store)]
        }
        let servers = settings.ircServers
        return try servers.map { server in
            let sharesHost = servers.filter { $0.host == server.host }.count > 1
            return try client(for: server, monitor: settings.monitor, store: store, sharesHost: sharesHost)
        }
    }

    /// The client of one `[[irc.servers]]` entry, its password from the environment variable it names.
    static func client(
        for server: IRCServerSettings, monitor: [String], store: ChatStore, sharesHost: Bool
    ) throws -> IRCClient {
        let environment = ProcessInfo.processInfo.environment
        let credentials = server.saslUser.flatMap { user in
            (server.resolvedPassword(environment: environment) ?? environment[SASLCredentials.environmentKey])
                .map { SASLCredentials(account: user, password: $0) }
        }
        let configuration = IRCServerConfiguration(
            name: sharesHost ? "\(server.host):\(server.port)" : server.host, host: server.host, port: server.port,
            usesTLS: server.tls, nick: server.nick, credentials: credentials,
            requiresAuthentication: server.saslRequired,
            channels: server.channels, caFile: server.caFile,
            serverPassword: server.resolvedServerPassword(environment: environment), monitor: monitor,
            clientCertificate: server.clientCertificate, clientKey: server.clientKey,
            saslMechanism: server.saslMechanism.flatMap(SASLMechanism.init(named:)),
            tlsFingerprint: server.tlsFingerprint)
        IRCClient.workInBackground()
        return try IRCClient(server: configuration, store: store)
    }
}

/// Hands speech events to the runtime once it exists.
final class RuntimeBox: Sendable {
    private let runtime = Mutex<AppRuntime?>(nil)

    func set(_ runtime: AppRuntime) { self.runtime.withLock { $0 = runtime } }

    func post(_ event: AppEvent) { runtime.withLock { $0 }?.post(event) }
}
