import CBrlAPI

extension BrailleConnection {
    /// The thread's own state: the handle, the machine, the table in use.
    ///
    /// Unchecked, not locked: after ``start()`` every field is touched by the braille thread
    /// alone. BrlAPI calls the parameter callback that sets ``sizeMayHaveChanged`` from inside
    /// that thread's own BrlAPI calls, as it handles the packets they read.
    final class Thread: @unchecked Sendable {
        let connection: BrailleConnection
        var handle: BrlAPI?
        var fd: Int32 = -1
        var display = BrailleDisplay(width: 40)
        var configuration = Configuration()
        var tableWorks = true
        var hostName: String
        let clock = ContinuousClock()
        let origin: ContinuousClock.Instant
        var lastFocus: BrailleLine?
        /// Set by BrlAPI's parameter callback when the display's size changes.
        var sizeMayHaveChanged = false
        var nextAttempt: ContinuousClock.Instant

        init(connection: BrailleConnection) {
            self.connection = connection
            hostName = connection.host ?? ProcessInfoLite.environment("BRLAPI_HOST") ?? "this computer"
            origin = clock.now
            nextAttempt = clock.now
        }

        var now: Duration { origin.duration(to: clock.now) }

        func start() {
            // The thread holds the connection's thread object until it ends.
            _ = Libc.detachedThread { self.run() }
        }

        func run() {
            // A write to a BRLTTY that just died must fail with EPIPE here, not end the client.
            Libc.blockBrokenPipeSignal()
            // The sign for dropped news, in the client's words and the display's table.
            let words = connection.droppedWords
            display.sign = { [unowned self] count in render(BrailleLine(words(count))) }
            while true {
                let (stopping, configuration) = connection.inbox.withLock { ($0.stopping, $0.configuration) }
                if stopping { break }
                if let configuration, configuration != self.configuration { configure(configuration) }
                if handle == nil, clock.now >= nextAttempt { connect() }
                waitForWork()
                drainWake()
                if handle != nil { readKeys() }
                if let handle, sizeMayHaveChanged {
                    sizeMayHaveChanged = false
                    if let columns = handle.displayWidth, columns != display.width { resized(columns) }
                }
                if handle != nil { takeInbox() }
                if handle != nil { perform(display.tick(at: now)) }
            }
            disconnect()
            connection.done.withLock { $0 = true }
        }

        /// Sleeps until a key, a call, the message's end or the next connection attempt.
        func waitForWork() {
            var fds = [connection.wake.read]
            if handle != nil { fds.append(fd) }
            var timeout: Int32 = -1
            if handle == nil {
                timeout = Int32(max(0, (clock.now.duration(to: nextAttempt)).milliseconds))
            } else if let deadline = display.nextDeadline {
                timeout = Int32(max(0, (deadline - now).milliseconds) + 1)
            }
            Libc.wait(readable: fds, milliseconds: timeout)
        }

        func drainWake() {
            Libc.drain(connection.wake.read)
        }

        func configure(_ new: Configuration) {
            let tableChanged = new.table != configuration.table
            configuration = new
            display.restLength = new.paced ? BrailleConnection.restLength : nil
            guard tableChanged else { return }
            tableWorks = new.table.map(Contraction.canLoad) ?? true
            if let table = new.table, !tableWorks { connection.setStatus(.unavailable(.noTable(table))) }
            if let line = lastFocus, handle != nil { perform(display.show(render(line), fromKey: false, at: now)) }
        }

        func render(_ line: BrailleLine) -> BrailleRendering {
            if let table = configuration.table, tableWorks, let rendering = Contraction.render(line, table: table) {
                return rendering
            }
            return .computer(line)
        }

        func takeInbox() {
            let (requests, dropped) = connection.inbox.withLock { inbox in
                defer {
                    inbox.requests = []
                    inbox.dropped = 0
                }
                return (inbox.requests, inbox.dropped)
            }
            display.dropped += dropped
            for request in requests {
                switch request {
                case .focus(let line, let fromKey):
                    lastFocus = line
                    perform(display.show(render(line), fromKey: fromKey, at: now))
                case .message(let line, let answer):
                    perform(display.message(render(line), at: now, for: configuration.messageTimeout, answer: answer))
                case .forget(let about):
                    perform(display.forget(about: about, at: now))
                }
            }
        }

        func readKeys() {
            guard let handle else { return }
            while true {
                let code: brlapi_keyCode_t
                switch handle.readKey() {
                case .key(let read): code = read
                case .none: return
                case .failed: return lost()
                }
                guard let command = Self.command(code) else { continue }
                for action in display.command(command, at: now) {
                    switch action {
                    case .write(let window): write(window)
                    case .report(let input): connection.onInput(input)
                    }
                }
            }
        }

        static func command(_ code: brlapi_keyCode_t) -> BrailleDisplay.Command? {
            guard code & EARSHOT_BRLAPI_TYPE_MASK == EARSHOT_BRLAPI_TYPE_CMD else { return nil }
            let block = code & EARSHOT_BRLAPI_CMD_BLK_MASK
            let argument = Int(code & EARSHOT_BRLAPI_CMD_ARG_MASK)
            if block == EARSHOT_BRLAPI_CMD_ROUTE { return .route(argument) }
            guard block == 0 else { return nil }
            switch code & EARSHOT_BRLAPI_CMD_ARG_MASK {
            case EARSHOT_BRLAPI_CMD_FWINLT: return .panLeft
            case EARSHOT_BRLAPI_CMD_FWINRT: return .panRight
            case EARSHOT_BRLAPI_CMD_LNUP: return .lineUp
            case EARSHOT_BRLAPI_CMD_LNDN: return .lineDown
            default: return nil
            }
        }

        func perform(_ actions: [BrailleDisplay.Action]) {
            for action in actions {
                switch action {
                case .write(let window): write(window)
                case .report(let input): connection.onInput(input)
                }
            }
        }

        func write(_ window: BrailleWindow) {
            guard let handle else { return }
            let written: Bool
            switch window.content {
            case .text(let text):
                // One scalar per cell, as BrlAPI counts them.
                let cells = String(String.UnicodeScalarView(text.map { $0.unicodeScalars.first ?? " " }))
                written = handle.write(cells: cells, width: display.width, cursor: window.cursor)
            case .dots(var dots):
                if let cursor = window.cursor, cursor < dots.count { dots[cursor] |= 0xC0 }
                written = handle.write(dots: dots)
            }
            if !written { return lost() }
        }

        func connect() {
            nextAttempt = clock.now + BrailleConnection.retryInterval
            let opened: Opened
            do {
                opened = try BrailleConnection.open(host: connection.host, named: hostName)
            } catch {
                return connection.setStatus(.unavailable(error))
            }
            let handle = opened.handle
            let columns = opened.columns
            guard handle.enterTTYMode() else {
                opened.close()
                return connection.setStatus(.unavailable(.noDisplay(host: hostName)))
            }
            handle.accept(only: [
                EARSHOT_BRLAPI_CMD_ROUTE, EARSHOT_BRLAPI_CMD_FWINLT, EARSHOT_BRLAPI_CMD_FWINRT, EARSHOT_BRLAPI_CMD_LNUP,
                EARSHOT_BRLAPI_CMD_LNDN,
            ])
            // A display whose size changes (a different one plugged in) is followed.
            let me = Unmanaged.passUnretained(self).toOpaque()
            handle.watchDisplaySize(
                context: me,
                { _, _, _, priv, _, _ in
                    // Noted only: BrlAPI calls this from inside its own reads, where a write would
                    // wait for an answer that the same read is holding. The value it passes is
                    // not used: libbrlapi 0.8.4 hands later updates over byte-swapped (40 cells
                    // arrive as 671088640), so the size is asked for afterwards.
                    guard let priv else { return }
                    Unmanaged<Thread>.fromOpaque(priv).takeUnretainedValue().sizeMayHaveChanged = true
                })
            self.handle = handle
            fd = handle.fd
            if let table = configuration.table, !tableWorks {
                connection.setStatus(.unavailable(.noTable(table)))
            } else {
                connection.setStatus(.connected(cells: Int(columns)))
            }
            // The newest focus asked for, not the one shown before BRLTTY went away.
            let waiting = connection.inbox.withLock { inbox in
                inbox.requests.last { if case .focus = $0 { true } else { false } }
            }
            if case .focus(let line, _)? = waiting { lastFocus = line }
            if let line = lastFocus { _ = display.show(render(line), fromKey: false, at: now) }
            perform(display.reconnected(width: Int(columns)))
        }

        func resized(_ cells: Int) {
            perform(display.resize(cells))
            connection.setStatus(.connected(cells: cells))
        }

        func lost() {
            disconnect()
            connection.setStatus(.unavailable(.lost(host: hostName)))
            // Looked for again soon: a restarted BRLTTY takes a moment to listen.
            nextAttempt = clock.now + .milliseconds(200)
        }

        func disconnect() {
            guard let handle else { return }
            handle.leaveTTYMode()
            handle.close()
            self.handle = nil
            fd = -1
            Libc.consumePendingBrokenPipe()
        }
    }
}
