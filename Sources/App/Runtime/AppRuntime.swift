import Braille
import Chat
import Dispatch
import Foundation
import Settings
import Speech
import Synchronization

/// The thin shell around ``AppCore``: one loop drains one event stream, hands each event to the
/// core with the time, and performs the effects in order.
///
/// Keys, chat events, settings changes and speech events are posted from any thread; the loop
/// wakes for them or for the core's next deadline (``AppEffect/wake(at:)``), never on a poll.
/// What an effect reads back (a store page, a failure) is handled before the next posted event.
/// IRC sends go to one task that awaits them in order; a failure is said at high priority and
/// the message stays in the outbox.
public final class AppRuntime: Sendable {
    /// The parts effects are performed on.
    public struct Parts: Sendable {
        public var speech: SpeechEngine
        /// The braille display's connection, when braille is on (not in screen-reader mode).
        public var braille: BrailleConnection?
        public var output: LineOutput
        public var workspace: LocalWorkspace
        public var settingsStore: SettingsStore
        /// The IRC clients, one per server, each reconnecting on its own; a server added by
        /// voice joins them.
        public let clients: IRCClients
        /// Every IRC client now.
        public var ircClients: [IRCClient] { clients.all }
        /// The first IRC client, if any.
        public var irc: IRCClient? { clients.first }
        /// Makes the client of a server added by voice (nil where none can be added).
        public var makeClient: (@Sendable (IRCServerSettings) throws -> IRCClient)?
        /// Makes a voice (a role name or a voice file's path) read content; returns an error to say.
        public var setVoice: @Sendable (String) -> String?

        public init(
            speech: SpeechEngine, output: LineOutput, workspace: LocalWorkspace, settingsStore: SettingsStore,
            irc: IRCClient?, otherIRC: [IRCClient] = [], braille: BrailleConnection? = nil,
            setVoice: @escaping @Sendable (String) -> String?,
            makeClient: (@Sendable (IRCServerSettings) throws -> IRCClient)? = nil
        ) {
            self.makeClient = makeClient
            self.speech = speech
            self.braille = braille
            self.output = output
            self.workspace = workspace
            self.settingsStore = settingsStore
            self.clients = IRCClients((irc.map { [$0] } ?? []) + otherIRC)
            self.setVoice = setVoice
        }

        /// The client of `network`.
        public func client(for network: Int64) -> IRCClient? { clients.client(for: network) }
    }

    /// Events waiting, the next deadline, and whether to stop; with the signal that wakes the loop.
    final class Mailbox: Sendable {
        struct Contents: Sendable {
            var events: [AppEvent] = []
            var deadline: Duration?
            var quitting = false
            /// Events posted and events handled so far, for ``AppRuntime/waitUntilIdle(timeout:)``.
            var posted = 0
            var handled = 0
        }

        let contents = Mutex(Contents())
        let signal = DispatchSemaphore(value: 0)
        /// Broadcast each time the loop has handled what it took, for
        /// ``AppRuntime/waitUntilIdle(timeout:)``.
        let handledSome = NSCondition()

        var isIdle: Bool { contents.withLock { $0.events.isEmpty && $0.handled == $0.posted } }

        func noteHandled(_ count: Int) {
            contents.withLock { $0.handled += count }
            handledSome.lock()
            handledSome.broadcast()
            handledSome.unlock()
        }

        func post(_ event: AppEvent) { post([event]) }

        func post(_ events: [AppEvent]) {
            guard !events.isEmpty else { return }
            contents.withLock {
                $0.events.append(contentsOf: events)
                $0.posted += events.count
            }
            signal.signal()
        }
    }

    let parts: Parts
    private let mailbox = Mailbox()
    private let latest: Mutex<AppCore>
    private let clock = ContinuousClock()
    private let origin: ContinuousClock.Instant
    private let sends: AsyncStream<(ChatSend, Int64)>.Continuation
    private let sender: Task<Void, Never>?
    /// Whether the loop gives back the program's pages that start-up ran, once quiet
    /// (``Libc/giveBackProgramPages()``): the client's own process does; a test or benchmark
    /// that runs a runtime inside its own process leaves its pages alone.
    private let givesBackStartPages: Bool

    public init(core: AppCore, parts: Parts, givesBackStartPages: Bool = false) {
        self.parts = parts
        self.givesBackStartPages = givesBackStartPages
        latest = Mutex(core)
        origin = clock.now
        let (stream, continuation) = AsyncStream.makeStream(of: (ChatSend, Int64).self)
        sends = continuation
        // Sends go in order to their network's client; a server added later is found too.
        let mailbox = self.mailbox
        let clients = parts.clients
        sender = Task {
            for await (send, network) in stream {
                guard let client = clients.client(for: network) ?? clients.first else {
                    mailbox.post(.sendFailed(send, .notConnected))
                    continue
                }
                do {
                    try await Self.perform(send, on: client)
                } catch {
                    mailbox.post(.sendFailed(send, FailureReason(error)))
                }
            }
        }
    }

    /// The core as of the last event handled (for tests and the benchmark).
    public var core: AppCore { latest.withLock { $0 } }

    /// The time since the runtime started, on the monotonic clock.
    public var now: Duration { origin.duration(to: clock.now) }

    /// Queues an event; callable from any thread.
    public func post(_ event: AppEvent) { mailbox.post(event) }

    /// Several events at once: the loop takes them together (the keys of one read).
    public func post(_ events: [AppEvent]) { mailbox.post(events) }

    /// Ends ``run()`` after the event being handled.
    public func stop() {
        mailbox.contents.withLock { $0.quitting = true }
        mailbox.signal.signal()
    }

    /// Messages (and other chat events) handled before the loop, next quiet, gives freed memory
    /// back: a burst's, not every message's, and never for keys.
    static let messagesBeforeTrim = 20

    /// What `event` counts towards ``messagesBeforeTrim``: its messages, 1 for another chat
    /// event, 0 for the rest (keys, speech, ticks).
    static func trimWeight(_ event: AppEvent) -> Int {
        switch event {
        case .chat(.messages(let messages), _), .chat(.history(let messages, _), _): messages.count
        case .chat: 1
        default: 0
        }
    }

    /// How long the loop waits with nothing to handle, after starting or joining a channel,
    /// before it gives back the program's pages that ran for it (``Libc/giveBackProgramPages()``).
    static let quietBeforeGivingBack = Duration.seconds(1)

    /// Whether `event` is the client's own join of a channel, after which the code that signed in
    /// and joined is given back once quiet.
    static func joinsAChannel(_ event: AppEvent) -> Bool {
        if case .chat(.server(.joined(_, _, true), _), _) = event { return true }
        return false
    }

    /// glibc's `malloc_trim` (in malloc.h, which the Glibc module does not bring), looked up
    /// once; it returns the free pages of every thread's arena.
    static let mallocTrim: (@convention(c) (Int) -> Int32)? = dlsym(nil, "malloc_trim").map {
        unsafeBitCast($0, to: (@convention(c) (Int) -> Int32).self)
    }

    /// Handles events until the core asks to quit or ``stop()`` is called.
    public func run() {
        var core = latest.withLock { $0 }
        var handledSinceTrim = 0
        // When the last event came since starting or since joining a channel, while the code
        // that ran for it is still to be given back.
        var programPagesOwedAt: Duration? = givesBackStartPages ? now : nil
        while true {
            let (events, deadline, quitting) = mailbox.contents.withLock { inbox -> ([AppEvent], Duration?, Bool) in
                let taken = inbox.events
                inbox.events = []
                return (taken, inbox.deadline, inbox.quitting)
            }
            if quitting { break }
            var pending = Self.coalesced(events)
            let taken = events.count
            // A deadline that has come is served even while events keep arriving.
            if let deadline, deadline <= now {
                mailbox.contents.withLock { $0.deadline = nil }
                pending.append(.tick)
            }
            if pending.isEmpty {
                // Quiet after a burst: the memory its lines took on every thread (malloc keeps
                // it in each thread's arena) goes back to the system before waiting.
                if handledSinceTrim >= Self.messagesBeforeTrim {
                    handledSinceTrim = 0
                    _ = Self.mallocTrim?(0)
                }
                // Quiet after starting or joining: the code that ran for it goes back too.
                var wakeAt = deadline
                if let owed = programPagesOwedAt {
                    if now >= owed + Self.quietBeforeGivingBack {
                        programPagesOwedAt = nil
                        _ = Libc.giveBackProgramPages()
                    } else {
                        wakeAt = min(deadline ?? .seconds(Int64.max), owed + Self.quietBeforeGivingBack)
                    }
                }
                if let wakeAt {
                    let wait = max(0, (wakeAt - now).seconds)
                    _ = mailbox.signal.wait(timeout: .now() + wait)
                } else {
                    mailbox.signal.wait()
                }
                continue
            }
            var quit = false
            while !pending.isEmpty && !quit {
                let event = pending.removeFirst()
                var answers: [AppEvent] = []
                for effect in core.handle(event, at: now) {
                    if case .quit = effect { quit = true }
                    answers += perform(effect)
                }
                pending.insert(contentsOf: answers, at: 0)
                latest.withLock { $0 = core }
            }
            mailbox.noteHandled(taken)
            handledSinceTrim += events.reduce(0) { $0 + Self.trimWeight($1) }
            if taken > 0, givesBackStartPages, programPagesOwedAt != nil || events.contains(where: Self.joinsAChannel) {
                programPagesOwedAt = now
            }
            if quit { break }
        }
        sends.finish()
    }

    /// Messages (and replayed history) that arrived back to back are handled as one batch: one
    /// rebuild, one line batch, announcements coalesced as the announcer does anyway.
    static func coalesced(_ events: [AppEvent]) -> [AppEvent] {
        var result: [AppEvent] = []
        result.reserveCapacity(events.count)
        // The batch being gathered is taken out of the list while it grows, so each append adds
        // to the one array in place (joining copies of it would cost the square of the burst).
        for event in events {
            if case .chat(.messages(let new), _) = event, case .chat(.messages(var old), _)? = result.last {
                result.removeLast()
                old.append(contentsOf: new)
                result.append(.chat(.messages(old)))
            } else if case .chat(.history(let new, let newNews), let network) = event,
                case .chat(.history(var old, let oldNews), let previous)? = result.last, network == previous
            {
                // A bouncer's playback comes a channel at a time: one history, one rebuild.
                result.removeLast()
                old.append(contentsOf: new)
                result.append(
                    .chat(.history(old, news: oldNews.merging(newNews, uniquingKeysWith: +)), network: network))
            } else {
                result.append(event)
            }
        }
        return result
    }

    func sendInOrder(_ send: ChatSend, network: Int64) { sends.yield((send, network)) }

    func setDeadline(_ deadline: Duration) {
        mailbox.contents.withLock { $0.deadline = deadline }
    }

    /// Waits until every event posted so far has been handled (and what it read back); returns
    /// false if `timeout` passed first. For tests and benchmarks.
    @discardableResult
    public func waitUntilIdle(timeout: Duration = .seconds(30)) -> Bool {
        let limit = Date(timeIntervalSinceNow: timeout.seconds)
        // Checked and waited for under the condition's lock, which the loop takes to broadcast:
        // a batch handled between the check and the wait still wakes it.
        mailbox.handledSome.lock()
        defer { mailbox.handledSome.unlock() }
        while !mailbox.isIdle {
            if !mailbox.handledSome.wait(until: limit) { return mailbox.isIdle }
        }
        return true
    }

    /// Waits until every queued send has been handed to the IRC client.
    public func finishSends() async {
        sends.finish()
        await sender?.value
    }
}

extension SpeechSink {
    /// Tells the core what happens to speech it asked for: when an announcement ends (the
    /// announcer paces by it), and when reading starts and ends (say-all moves on by it).
    /// Hints, echoes and sound cues are not news to the core.
    public static func appEvents(_ post: @escaping @Sendable (AppEvent) -> Void) -> SpeechSink {
        SpeechSink(event: { event in
            let voice = event.utterance.voice
            guard voice == .announcer || voice == .reader else { return }
            post(.utterance(event.kind, voice))
        })
    }
}
