import Accessibility
import Chat
import Foundation
import Presentation
import Settings
import Speech
import Terminal
import Typography

/// The client: keys and chat events in, state changes, speech and lines out.
///
/// Everything runs on one serial queue: the terminal reader, the chat client, the settings
/// watcher and the speech engine's events all hop onto it, so state is never shared. Element
/// handlers only post ``Intent``s, carried out after the key that triggered them; then the tree
/// is rebuilt, the navigator follows it, and what changed is spoken.
public final class AppController: @unchecked Sendable {
    /// Side effects the controller needs, with live and test values.
    public struct Environment: Sendable {
        public var speak: @Sendable (String, SpeechPriority, VoiceRole) -> Void
        public var stopSpeech: @Sendable () -> Void
        public var setRate: @Sendable (Int) -> Void
        /// Makes a voice (a role name or a voice file's path) read content; returns an error to say.
        public var setVoice: @Sendable (String) -> String?
        public var output: LineOutput
        public var quit: @Sendable () -> Void

        public init(
            speak: @escaping @Sendable (String, SpeechPriority, VoiceRole) -> Void,
            stopSpeech: @escaping @Sendable () -> Void, setRate: @escaping @Sendable (Int) -> Void,
            setVoice: @escaping @Sendable (String) -> String? = { _ in nil },
            output: LineOutput, quit: @escaping @Sendable () -> Void
        ) {
            self.speak = speak
            self.stopSpeech = stopSpeech
            self.setRate = setRate
            self.setVoice = setVoice
            self.output = output
            self.quit = quit
        }
    }

    public let queue = DispatchQueue(label: "earshot.app")
    public internal(set) var state: AppState
    public internal(set) var navigator: Navigator
    var announcer = Announcer()
    let environment: Environment
    let workspace: LocalWorkspace
    let settingsStore: SettingsStore
    var irc: IRCClient?
    private let intents = IntentBox()
    private var screens: Screens!
    private let start = Date()
    private var timer: DispatchSourceTimer?
    private var typingExpiry: [String: Date] = [:]
    /// The sheet pan in progress, from a mouse drag.
    private var drag: SheetDrag?
    /// Whether the last key typed into a text field (its echo is what is spoken).
    private var typedSinceSettle = false
    /// The largest the announcer's pending queue has been (for the benchmark).
    public private(set) var maxPendingAnnouncements = 0

    public init(
        workspace: LocalWorkspace, settingsStore: SettingsStore, onboarded: Bool, terminalRows: Int,
        irc: IRCClient? = nil, environment: Environment
    ) {
        self.workspace = workspace
        self.irc = irc
        self.settingsStore = settingsStore
        self.environment = environment
        self.state = AppState(settings: settingsStore.current, onboarded: onboarded, terminalRows: terminalRows)
        self.navigator = Navigator(tree: Element())
        let box = intents
        self.screens = Screens(post: { box.append($0) })
        self.navigator.options = PhraseOptions(punctuation: Self.punctuation(settingsStore.current))
        state.channelID = workspace.welcome.id
        state.nick = workspace.nick
        reloadChannel()
        _ = navigator.update(tree: screens.tree(state))
    }

    // MARK: Entry points (call on `queue`)

    /// Shows and speaks the first screen.
    public func startUp(problems: [(text: String, priority: SpeechPriority)] = []) {
        environment.output.emit(LineOutput.screenLines(state: state, tree: screens.tree(state)))
        let first = navigator.handle(
            .screenChanged(focus: state.navigation.top.firstElementIdentifier, announcing: nil))
        let title: String
        switch state.route {
        case .onboarding: title = "Welcome to Earshot"
        default: title = "Earshot, \(state.channelName)"
        }
        environment.speak(title, .default, .announcer)
        speakFocus(first, queued: true)
        for problem in problems {
            environment.output.emit([LineOutput.plain(problem.text)])
            environment.speak(problem.text, problem.priority, .announcer)
        }
        redrawBottom()
    }

    /// Starts the 100 ms tick that paces the announcer and expires typing indicators.
    public func startTimer() {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(100))
        timer.setEventHandler { [weak self] in self?.tick() }
        timer.resume()
        self.timer = timer
    }

    public func handle(key: KeyEvent) {
        if case .resize(let columns, let rows) = key {
            environment.output.resize(columns: columns, rows: rows)
            handleSheets(state.sheets.resize(terminalRows: rows))
            redrawBottom()
            return
        }
        if case .mouse(let mouse) = key {
            handle(mouse: mouse)
            return
        }
        let editing = navigator.focusedElement.map { !$0.traits.isDisjoint(with: .editable) } ?? false
        guard let command = KeyMap.command(for: key, editing: editing) else { return }
        perform(command)
    }

    /// Carries out one key command.
    public func perform(_ command: KeyMap.Command) {
        var action: Navigator.Action?
        switch command {
        case .next: action = navigator.next()
        case .previous: action = navigator.previous()
        case .first: action = navigator.first()
        case .last: action = navigator.last()
        case .activate: action = navigator.activate()
        case .up: action = navigator.up()
        case .down: action = navigator.down()
        case .nextRotor: action = navigator.nextRotorSetting()
        case .previousRotor: action = navigator.previousRotorSetting()
        case .escape: escape()
        case .stopSpeech: environment.stopSpeech()
        case .actions:
            if let id = focusedMessageID() { carryOut(.openActions(messageID: id)) } else { action = .say("No actions") }
        case .expand: expandOrCompress(expand: true)
        case .compress: expandOrCompress(expand: false)
        case .help: present(.keyHelp)
        case .type(let text): type(text)
        case .backspace: backspace()
        case .quit: environment.quit()
        }
        if let action { speak(action) }
        settle()
    }

    /// A drag of a sheet (mouse reporting is on with `--mouse`): the sheet fills the bottom
    /// `height` rows, as PanModal's does, and a left-button drag that starts on it pans it.
    /// Rows down are positive; the release's speed decides a fling (PanModal: 300 points/s).
    func handle(mouse: KeyEvent.Mouse) {
        guard let sheet = state.sheets.activeSheet?.sheet else { return }
        let now = Date()
        switch mouse.kind {
        case .press where mouse.button == .left:
            let top = environment.output.rows - sheet.height + 1
            guard mouse.row >= top else { return }
            drag = SheetDrag(startRow: mouse.row, lastRow: mouse.row, lastTime: now, rowsPerSecond: 0)
            handleSheets(state.sheets.panBegan(contentOffset: 0))
        case .drag:
            guard var current = drag else { return }
            let seconds = max(now.timeIntervalSince(current.lastTime), 0.001)
            current.rowsPerSecond = Double(mouse.row - current.lastRow) / seconds
            current.lastRow = mouse.row
            current.lastTime = now
            drag = current
            handleSheets(state.sheets.panChanged(translation: mouse.row - current.startRow))
        case .release:
            guard let current = drag else { return }
            drag = nil
            handleSheets(state.sheets.panEnded(velocity: .rowsPerSecond(current.rowsPerSecond)))
        default:
            return
        }
        settle()
    }

    struct SheetDrag {
        var startRow: Int
        var lastRow: Int
        var lastTime: Date
        var rowsPerSecond: Double
    }

    /// A line from the scripted interface (stdin not a TTY): `/next`, `/activate`, `/say TEXT`…
    public func handle(line: String) {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        let commands: [String: KeyMap.Command] = [
            "/next": .next, "/previous": .previous, "/first": .first, "/last": .last, "/activate": .activate,
            "/up": .up, "/down": .down, "/escape": .escape, "/actions": .actions, "/expand": .expand,
            "/compress": .compress, "/help": .help, "/stop": .stopSpeech, "/quit": .quit,
            "/rotor": .nextRotor,
        ]
        if let command = commands[trimmed] {
            perform(command)
        } else if trimmed.hasPrefix("/say ") {
            environment.speak(String(trimmed.dropFirst(5)), .default, .reader)
        } else if trimmed.hasPrefix("/") {
            environment.output.emit([LineOutput.plain("Unknown command \(trimmed). Commands: " + commands.keys.sorted().joined(separator: " ") + " /say TEXT")])
        } else if !trimmed.isEmpty {
            if case .main = state.route {
                state.composer = trimmed
                carryOut(.send)
                settle()
            }
        }
    }

    /// New chat events from the store or the IRC client.
    public func handle(chat event: ChatEvent) {
        switch event {
        case .messages(let messages):
            let mine = messages.filter { $0.channelID == state.channelID }
            let others = messages.filter { $0.channelID != state.channelID }
            reloadChannel()
            var mentioned = false
            for message in mine where !message.pending {
                environment.output.emit(LineOutput.messageLines(message, state: state))
                if message.text.lowercased().contains(workspace.nick.lowercased()), message.author != workspace.nick {
                    mentioned = true
                }
            }
            if mentioned, let last = mine.last {
                post(.announcement("\(last.author) mentioned you: \(last.text)", priority: .high))
            }
            var counts: [Int64: Int] = [:]
            for message in others { counts[message.channelID, default: 0] += 1 }
            for (channelID, count) in counts.sorted(by: { $0.key < $1.key }) {
                let name = state.channels.first { $0.id == channelID }?.name ?? "another channel"
                let change = LiveRegionChange(region: name, politeness: .polite, text: "\(count) new messages in \(name)")
                announce(announcer.liveRegionChanged(change, at: now))
            }
        case .delivered: reloadChannel()
        case .typing(let channelID, let nick, let typingState):
            guard channelID == state.channelID else { break }
            if typingState == .active {
                typingExpiry[nick] = Date().addingTimeInterval(6)
                if !state.typing.contains(nick) { state.typing.append(nick) }
            } else {
                state.typing.removeAll { $0 == nick }
            }
        case .disconnected(let reason):
            state.connection = "Disconnected"
            post(.announcement("Disconnected: \(reason)", priority: .high))
        case .reconnecting(let delay, let attempt):
            environment.output.emit([LineOutput.plain("Reconnecting in \(delay), attempt \(attempt)")])
        case .reconnected:
            state.connection = "Connected"
            post(.announcement("Reconnected", priority: .high))
        case .registered(let nick):
            state.nick = nick
            state.connection = "Connected as \(nick)"
            post(.announcement("Connected as \(nick)", priority: .default))
        case .topic(let channelID, let topic, _):
            if channelID == state.channelID { environment.output.emit([LineOutput.plain("Topic: \(topic)")]) }
            reloadChannel()
        case .joined(let channelID, let channel, _, let isSelf):
            reloadChannel()
            if isSelf, state.channelID == workspace.welcome.id, case .main = state.route {
                // The first IRC channel joined replaces the local workspace on screen.
                state.channelID = channelID
                state.firstUnreadID = nil
                reloadChannel()
                settleTree()
                environment.output.emit(LineOutput.screenLines(state: state, tree: screens.tree(state)))
                post(.screenChanged(focus: "main.header", announcing: "Joined \(channel)"))
            }
        case .parted, .members, .reaction, .synced, .quit, .nickChanged, .connecting:
            reloadChannel()
        case .error(let error):
            post(.announcement(error.message, priority: .high))
        }
        settle()
    }

    /// A change of the settings file (by hand, or by another Earshot).
    public func handle(settings update: SettingsUpdate) {
        apply(settings: update.new)
        for announcement in update.announcements {
            post(.announcement(announcement.text, priority: announcement.priority == .high ? .high : .default))
        }
        settle()
    }

    /// The speech engine finished or cancelled an announcer utterance.
    public func announcementFinished() {
        announce(announcer.speechFinished(at: now))
    }

    // MARK: Carrying out

    private var now: Duration { .milliseconds(Int(Date().timeIntervalSince(start) * 1000)) }

    func tick() {
        announce(announcer.tick(at: now))
        let expired = typingExpiry.filter { $0.value < Date() }.map(\.key)
        if !expired.isEmpty {
            for nick in expired { typingExpiry[nick] = nil }
            state.typing.removeAll { expired.contains($0) }
            settle()
        }
    }

    /// Runs posted intents, rebuilds the tree, follows focus and speaks live-region changes.
    func settle() {
        var rounds = 0
        while let intent = intents.takeFirst(), rounds < 50 {
            carryOut(intent)
            rounds += 1
        }
        let update = navigator.update(tree: screens.tree(state))
        for change in update.liveRegionChanges { announce(announcer.liveRegionChanged(change, at: now)) }
        if let action = update.action {
            // Typing echoes itself; the text field's new value would only talk over the echo.
            if case .say = action, typedSinceSettle {
            } else {
                speak(action)
            }
        }
        typedSinceSettle = false
        maxPendingAnnouncements = max(maxPendingAnnouncements, announcer.pendingCount)
        redrawBottom()
    }

    func carryOut(_ intent: Intent) {
        switch intent {
        case .onboardingContinue:
            if case .onboarding(let step) = state.route { showOnboarding(step: step + 1) }
        case .chooseLocalWorkspace:
            finishOnboarding()
        case .adjustTextSize(let delta):
            let all = ContentSizeCategory.allCases
            guard let index = all.firstIndex(of: state.settings.text.size) else { break }
            let next = all[max(0, min(all.count - 1, index + delta))]
            guard next != state.settings.text.size else { environment.speak(Screens.sizeValue(next), .default, .reader); break }
            state.settings.text.size = next
            writeSetting(.string(next.rawValue), ["text", "size"])
            apply(settings: state.settings)
            environment.output.emit(LineOutput.sampleLines(state: state))
        case .adjustRate(let delta):
            let rate = max(SpeechParameters.rateRange.lowerBound, min(SpeechParameters.rateRange.upperBound, state.settings.speech.rate + delta))
            state.settings.speech.rate = rate
            environment.setRate(rate)
            writeSetting(.integer(Int64(rate)), ["speech", "rate"])
        case .adjustVoice(let delta):
            let voices = VoiceRole.builtIn.map(\.rawValue)
            let index = voices.firstIndex(of: state.settings.speech.voice) ?? 0
            let voice = voices[(index + delta + voices.count) % voices.count]
            var settings = state.settings
            settings.speech.voice = voice
            apply(settings: settings)
            writeSetting(.string(voice), ["speech", "voice"])
        case .adjustEcho(let delta):
            let all = SpeechSettings.Echo.allCases
            let index = all.firstIndex(of: state.settings.speech.echo) ?? 0
            let echo = all[(index + delta + all.count) % all.count]
            state.settings.speech.echo = echo
            writeSetting(.string(echo.rawValue), ["speech", "echo"])
        case .toggleHints:
            state.settings.speech.hints.toggle()
            writeSetting(.boolean(state.settings.speech.hints), ["speech", "hints"])
        case .toggleReduceMotion:
            state.settings.display.reduceMotion.toggle()
            writeSetting(.boolean(state.settings.display.reduceMotion), ["display", "reduce_motion"])
            apply(settings: state.settings)
        case .toggleContrast:
            state.settings.display.contrast = state.settings.display.contrast == .increased ? .standard : .increased
            writeSetting(.string(state.settings.display.contrast.rawValue), ["display", "contrast"])
            apply(settings: state.settings)
        case .openActions(let id):
            present(.messageActions(messageID: id))
        case .openPicker(let id):
            state.pickerQuery = ""
            if case .messageActions? = state.activeSheet?.kind { dismissSheet(silently: true) }
            present(.emojiPicker(messageID: id))
        case .react(let id, let emoji):
            guard let message = state.message(id: id) else { break }
            do {
                if let irc, let msgid = message.msgid, let channel = state.channel {
                    let client = irc
                    Task { try? await client.react(emoji.storedForm, to: msgid, in: channel.name) }
                    _ = try workspace.store.addReaction(emoji.storedForm, to: msgid, by: workspace.nick, channel: channel.id)
                } else {
                    _ = try workspace.react(emoji.storedForm, to: message)
                }
            } catch {
                post(.announcement("Could not add the reaction: \(error)", priority: .high))
            }
            while state.sheets.hasSheet { dismissSheet(silently: true) }
            reloadChannel()
            post(.announcement("Reacted with \(emoji.name)", priority: .default))
        case .openThread(let id):
            while state.sheets.hasSheet { dismissSheet(silently: true) }
            openThread(rootID: id)
        case .markUnread(let id):
            if let channel = state.channel {
                try? workspace.store.markRead(channel: channel.id, upTo: max(0, id - 1))
            }
            while state.sheets.hasSheet { dismissSheet(silently: true) }
            reloadChannel()
            post(.announcement("Marked unread", priority: .default))
        case .copyText(let id):
            if let message = state.message(id: id) {
                environment.output.copyToClipboard(message.text)
            }
            while state.sheets.hasSheet { dismissSheet(silently: true) }
            post(.announcement("Copied", priority: .default))
        case .expandSheet:
            expandOrCompress(expand: true)
        case .setComposer(let text): state.composer = text
        case .setThreadComposer(let text): state.threadComposer = text
        case .setPickerQuery(let text): state.pickerQuery = text
        case .setChannelQuery(let text): state.channelQuery = text
        case .send:
            let text = state.composer
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { break }
            state.composer = ""
            send(text, replyTo: nil)
        case .sendReply:
            let text = state.threadComposer
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty, case .thread(let rootID) = state.route,
                let root = state.message(id: rootID)
            else { break }
            state.threadComposer = ""
            send(text, replyTo: root)
            openThread(rootID: rootID, announce: false)
        case .selectChannel(let id):
            state.channelID = id
            state.channelQuery = ""
            reloadChannel()
            var drawer = state.drawer
            let action = drawer.compress()
            state.drawer = drawer
            handleDrawer(action, announce: false)
            environment.output.emit(LineOutput.screenLines(state: state, tree: screens.tree(state)))
            post(.screenChanged(focus: "main.header", announcing: "\(state.channelName), \(state.channel?.unread ?? 0) unread"))
        case .setDrawer(let expanded):
            var drawer = state.drawer
            let action = expanded ? drawer.expand() : drawer.collapse()
            state.drawer = drawer
            handleDrawer(action, announce: true)
        case .openSettings:
            present(.settings)
        case .openKeyHelp:
            present(.keyHelp)
        case .dismissSheet:
            dismissSheet(silently: false)
        case .back:
            back()
        case .unavailable(let text):
            post(.announcement(text, priority: .default))
        }
    }

    // MARK: Pieces

    func showOnboarding(step: Int) {
        state.route = .onboarding(step: step)
        let screen = Screen(identifier: "onboarding.\(step)", title: "Step \(step)", isHead: false, firstElementIdentifier: "onboarding.title")
        _ = state.navigation.push(screen, from: nil)
        settleTree()
        environment.output.emit(LineOutput.screenLines(state: state, tree: screens.tree(state)))
        post(.screenChanged(focus: "onboarding.title", announcing: "Step \(step) of 4"))
    }

    func finishOnboarding() {
        let main = Screen(identifier: "main", title: "Main", isHead: true, firstElementIdentifier: "main.header")
        _ = state.navigation.push(main, from: nil)  // a head screen: onboarding is gone for good
        state.route = .main
        writeSetting(.string(state.settings.text.size.rawValue), ["text", "size"])
        settleTree()
        environment.output.emit(LineOutput.screenLines(state: state, tree: screens.tree(state)))
        post(.screenChanged(focus: "main.header", announcing: "\(state.channelName), \(state.channel?.unread ?? 0) unread"))
    }

    func openThread(rootID: Int64, announce: Bool = true) {
        guard let root = state.message(id: rootID) else { return }
        var thread = [root]
        if let msgid = root.msgid, let replies = try? workspace.store.replies(to: msgid, channel: root.channelID) {
            thread += replies
        }
        state.threadMessages = thread
        if announce {
            state.route = .thread(rootID: rootID)
            _ = state.navigation.push(
                Screen(identifier: "thread", title: "Thread", isHead: false, firstElementIdentifier: "thread.header"),
                from: "message.\(rootID)")
            settleTree()
            environment.output.emit(LineOutput.screenLines(state: state, tree: screens.tree(state)))
            post(.screenChanged(focus: "thread.header", announcing: "Thread, \(thread.count - 1) \(thread.count == 2 ? "reply" : "replies")"))
        }
    }

    func send(_ text: String, replyTo: ChatMessage?) {
        do {
            if let irc, let channel = state.channel {
                let client = irc
                let reply = replyTo?.msgid
                Task { try? await client.send(text, to: channel.name, replyTo: reply) }
            } else {
                let message = try workspace.post(text, replyTo: replyTo, in: state.channel)
                if replyTo == nil { environment.output.emit(LineOutput.messageLines(message, state: state)) }
            }
            reloadChannel()
        } catch {
            post(.announcement("Could not send: \(error)", priority: .high))
        }
    }

    func type(_ text: String) {
        guard let focused = navigator.focusedElement, let setText = focused.setText else { return }
        setText(focused.value + text)
        typedSinceSettle = true
        echo(text)
    }

    func backspace() {
        guard let focused = navigator.focusedElement, let setText = focused.setText, !focused.value.isEmpty else {
            return
        }
        let removed = focused.value.last.map(String.init) ?? ""
        setText(String(focused.value.dropLast()))
        typedSinceSettle = true
        environment.speak("\(SpokenText.characterName(Character(removed.isEmpty ? " " : removed))) deleted", .default, .keyEcho)
    }

    func echo(_ text: String) {
        let echo = state.settings.speech.echo
        guard echo != .none else { return }
        if echo == .characters || echo == .both, text.count == 1, let character = text.first {
            environment.speak(SpokenText.characterName(character), .default, .keyEcho)
        } else if echo == .words || echo == .both, text == " " {
            let word = (navigator.focusedElement?.value ?? "").split(separator: " ").last.map(String.init) ?? ""
            if !word.isEmpty { environment.speak(word, .default, .keyEcho) }
        } else if text.count > 1 {
            environment.speak(text, .default, .keyEcho)
        }
    }

    /// Escape asks the focused element, then its ancestors nearest first (a sheet dismisses,
    /// an open drawer collapses, a thread goes back); when none handles it, the navigation
    /// stack answers, which at a head screen says "Top level".
    func escape() {
        if case .performed = navigator.escape() { return }
        // An open drawer is next in the chain even when focus is in the conversation.
        if state.drawer.state != .compressed {
            carryOut(.setDrawer(expanded: false))
            return
        }
        if case .stayed(let notification) = state.navigation.pop() { post(notification) }
    }

    func back() {
        switch state.route {
        case .thread:
            let action = state.navigation.pop()
            state.route = .main
            reloadChannel()
            settleTree()
            if case .show(_, let notification) = action { post(notification) }
        case .onboarding(let step) where step > 1:
            _ = state.navigation.pop()
            state.route = .onboarding(step: step - 1)
            settleTree()
            environment.output.emit(LineOutput.screenLines(state: state, tree: screens.tree(state)))
            post(.screenChanged(focus: "onboarding.title", announcing: "Step \(step - 1) of 4"))
        default:
            if case .stayed(let notification) = state.navigation.pop() { post(notification) }
        }
    }

    func expandOrCompress(expand: Bool) {
        if state.sheets.hasSheet {
            let actions = expand ? state.sheets.expand() : state.sheets.compress()
            handleSheets(actions)
            return
        }
        var drawer = state.drawer
        let action = expand ? drawer.expand() : drawer.compress()
        state.drawer = drawer
        handleDrawer(action, announce: true)
    }

    func present(_ kind: AppState.SheetKind) {
        let configuration = Screens.sheetConfiguration(kind, state: state)
        let opener = navigator.focusedElement?.identifier
        let before = Set(state.sheets.entries.map(\.id)).union(state.sheetKinds.keys)
        let actions = state.sheets.present(configuration, openedBy: opener)
        for entry in state.sheets.entries where !before.contains(entry.id) { state.sheetKinds[entry.id] = kind }
        handleSheets(actions)
    }

    func dismissSheet(silently: Bool) {
        let actions = state.sheets.dismiss(.escape)
        handleSheets(actions, silently: silently)
    }

    func handleSheets(_ actions: [PresentationCoordinator.Action], silently: Bool = false) {
        var pending = actions
        var guardCount = 0
        while !pending.isEmpty, guardCount < 20 {
            guardCount += 1
            let batch = pending
            pending = []
            for action in batch {
                guard case .sheet(let id, let sheetAction) = action else { continue }
                switch sheetAction {
                case .draw:
                    if !state.sheets.isTransitioning { continue }
                    // Line mode draws no animation: the transition ends at once.
                    pending += state.sheets.transitionFinished()
                case .settle(_, let notification):
                    settleTree()
                    if case .screenChanged = notification, state.sheets.entries.contains(where: { $0.id == id }) {
                        environment.output.emit(LineOutput.screenLines(state: state, tree: screens.tree(state)))
                    }
                    if !silently { post(notification) }
                case .none, .track: break
                }
            }
        }
        // Forget the kinds of sheets that are gone (the tree only draws current entries).
        for id in state.sheetKinds.keys where !state.sheets.entries.contains(where: { $0.id == id }) {
            state.sheetKinds[id] = nil
        }
    }

    func handleDrawer(_ action: Drawer.Action, announce: Bool) {
        settleTree()
        if case .settle(_, let notification) = action, announce {
            if state.drawer.state != .compressed {
                environment.output.emit(LineOutput.screenLines(state: state, tree: screens.tree(state), drawerOnly: true))
            }
            post(notification)
        }
    }

    /// Rebuilds the tree so a notification's focus target exists before it is followed.
    func settleTree() {
        let update = navigator.update(tree: screens.tree(state))
        for change in update.liveRegionChanges { announce(announcer.liveRegionChanged(change, at: now)) }
    }

    /// Posts a notification: moves focus as it asks, and speaks its text then the new focus.
    func post(_ notification: AccessibilityNotification) {
        settleTree()
        switch notification {
        case .screenChanged(_, let text), .layoutChanged(_, let text):
            let moved = navigator.handle(notification)
            if let text { environment.speak(text, .default, .announcer) }
            speakFocus(moved, queued: text != nil)
        case .announcement, .pageScrolled:
            announce(announcer.post(notification, at: now))
        }
        maxPendingAnnouncements = max(maxPendingAnnouncements, announcer.pendingCount)
    }

    func announce(_ action: Announcer.Action) {
        guard case .speak(let utterance) = action else { return }
        environment.speak(utterance.text, Self.priority(utterance.priority), .announcer)
    }

    func speak(_ action: Navigator.Action) {
        switch action {
        case .focus: speakFocus(action, queued: false)
        case .boundary(let edge): environment.speak(edge.word, .default, .reader)
        case .say(let text): environment.speak(text, .default, .reader)
        case .performed, .unavailable: break
        }
    }

    func speakFocus(_ action: Navigator.Action, queued: Bool) {
        guard case .focus(_, let phrase) = action else { return }
        environment.speak(phrase.text, queued ? .low : .default, .reader)
        if state.settings.speech.hints, !phrase.hint.isEmpty {
            environment.speak(phrase.hint, .low, .hint)
        }
    }

    func focusedMessageID() -> Int64? {
        guard let identifier = navigator.focusedElement?.identifier, identifier.hasPrefix("message.") else { return nil }
        return Int64(identifier.dropFirst("message.".count))
    }

    func reloadChannel() {
        let store = workspace.store
        state.channels = (try? store.channels(network: workspace.network.id)) ?? state.channels
        if let irc { state.channels += (try? store.channels(network: irc.network.id)) ?? [] }
        let messages = (try? store.newestPage(in: state.channelID, limit: 50)) ?? []
        state.messages = messages.filter { $0.replyTo == nil }
        var counts: [String: Int] = [:]
        for message in messages { if let parent = message.replyTo { counts[parent, default: 0] += 1 } }
        state.replyCounts = counts
        if state.firstUnreadID == nil, let lastRead = state.channel?.lastReadMessageID {
            state.firstUnreadID = state.messages.first { $0.id > lastRead }?.id
        }
    }

    func apply(settings: Settings) {
        let sizeChanged = settings.text.size != state.settings.text.size
        if settings.speech.voice != state.settings.speech.voice, let problem = environment.setVoice(settings.speech.voice) {
            post(.announcement(problem, priority: .high))
        }
        state.settings = settings
        state.sheets.reduceMotion = settings.display.reduceMotion
        state.drawer.reduceMotion = settings.display.reduceMotion
        navigator.options = PhraseOptions(punctuation: Self.punctuation(settings))
        environment.setRate(settings.speech.rate)
        environment.output.apply(settings: settings)
        if sizeChanged { redrawBottom() }
    }

    func writeSetting(_ value: TOMLValue, _ keyPath: [String]) {
        do {
            _ = try settingsStore.set(value, at: keyPath)
        } catch {
            post(.announcement("Could not save the setting: \(error.message)", priority: .high))
        }
    }

    func redrawBottom() {
        environment.output.setBottom(focused: navigator.focusedElement, state: state)
    }

    static func priority(_ priority: AnnouncementPriority) -> SpeechPriority {
        switch priority {
        case .low: .low
        case .default: .default
        case .high: .high
        }
    }

    static func punctuation(_ settings: Settings) -> PunctuationLevel {
        PunctuationLevel(rawValue: settings.speech.punctuation.rawValue) ?? .some
    }
}

/// Intents posted by element handlers, taken by the controller on its queue.
final class IntentBox: @unchecked Sendable {
    private var intents: [Intent] = []
    private let lock = NSLock()

    func append(_ intent: Intent) { lock.withLock { intents.append(intent) } }
    func takeFirst() -> Intent? { lock.withLock { intents.isEmpty ? nil : intents.removeFirst() } }
}
