import RealParts
import Foundation
import Synchronization

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A raw IRC peer for the soak: on its own thread it connects (again and again: the server is
/// killed, and the peer itself drops off at random), waits until the channel keeps history
/// (+H), and sends numbered lines at a steady rate.
///
/// Its log is what the check trusts: a line the server echoed back (`echo-message`) is
/// **confirmed** and must be in the client's history exactly once; a line whose connection
/// died before its echo is **unknown** (the server may or may not have taken it) and may be
/// there at most once.
final class SoakPeer: Sendable {
    struct Log: Sendable {
        var sent = 0
        var confirmed: Set<Int> = []
        var unknown: Set<Int> = []
        var connections = 0
        var ownDisconnects = 0
    }

    let nick: String
    let channel: String
    private let port: Int
    private let rate: Double
    private let state = Mutex(Log())
    private let stopping = Atomic<Bool>(false)
    private let done = DispatchSemaphore(value: 0)

    init(nick: String, channel: String, port: Int, rate: Double) {
        self.nick = nick
        self.channel = channel
        self.port = port
        self.rate = rate
    }

    /// The text of line `number`, as it must appear in the client's history.
    func text(_ number: Int) -> String { "soak \(nick) \(number)" }

    var log: Log { state.withLock { $0 } }

    func start() {
        Thread.detachNewThread { [self] in
            run()
            done.signal()
        }
    }

    /// Stops sending, waits for the last echoes, and says goodbye.
    func stop() {
        stopping.store(true, ordering: .relaxed)
        done.wait()
    }

    private func run() {
        var next = 0
        while !stopping.load(ordering: .relaxed) {
            guard let socket = try? RawSocket(port: port) else {
                Thread.sleep(forTimeInterval: 0.1)
                continue
            }
            state.withLock { $0.connections += 1 }
            var connection = Connection(socket: socket, nick: nick)
            if connection.register(channel: channel) {
                next = session(&connection, from: next)
            }
            socket.close()
        }
    }

    /// Sends until the connection dies, the peer decides to leave, or the soak ends; returns
    /// the next line number.
    private func session(_ connection: inout Connection, from first: Int) -> Int {
        var number = first
        var outstanding: Set<Int> = []
        let interval = 1 / rate
        var nextSend = Date()
        // About one disconnect of its own every 40 s.
        let leaveAt = Date() + Double.random(in: 5...75)
        while true {
            let stop = stopping.load(ordering: .relaxed)
            if stop || Date() >= leaveAt {
                // Leave cleanly: every echo first, so nothing becomes unknown by our own doing.
                let deadline = Date() + 10
                while !outstanding.isEmpty && Date() < deadline {
                    guard connection.pump(timeoutMilliseconds: 50) else { break }
                    recordEchoes(connection.takeEchoes(), &outstanding)
                }
                connection.socket.send("QUIT :soak\r\n")
                state.withLock { log in
                    log.unknown.formUnion(outstanding)
                    if !stop { log.ownDisconnects += 1 }
                }
                return number
            }
            if Date() >= nextSend {
                guard connection.socket.sendAll(Array("PRIVMSG \(channel) :\(text(number))\r\n".utf8)) else { break }
                outstanding.insert(number)
                state.withLock { $0.sent += 1 }
                number += 1
                nextSend += interval
            }
            guard connection.pump(timeoutMilliseconds: Int32(max(0, min(20, nextSend.timeIntervalSinceNow * 1000))))
            else {
                break
            }
            recordEchoes(connection.takeEchoes(), &outstanding)
        }
        recordEchoes(connection.takeEchoes(), &outstanding)
        // The server died under us: what was not echoed is unknown.
        state.withLock { $0.unknown.formUnion(outstanding) }
        return number
    }

    private func recordEchoes(_ echoes: [Int], _ outstanding: inout Set<Int>) {
        guard !echoes.isEmpty else { return }
        for echo in echoes { outstanding.remove(echo) }
        state.withLock { $0.confirmed.formUnion(echoes) }
    }

    /// One connection's line reader.
    private struct Connection {
        let socket: RawSocket
        var nick: String
        private var buffer: [UInt8] = []
        private var echoes: [Int] = []
        private var lines: [String] = []
        private let prefix: String

        init(socket: RawSocket, nick: String) {
            self.socket = socket
            self.nick = nick
            prefix = "soak \(nick) "
        }

        /// CAP echo-message, NICK/USER, JOIN, then checks that the channel keeps history (+H,
        /// set by the server's configuration so that it holds from the first line).
        mutating func register(channel: String) -> Bool {
            socket.send("CAP REQ :echo-message\r\nNICK \(nick)\r\nUSER \(nick) 0 * :soak peer\r\nCAP END\r\n")
            guard waitFor(seconds: 20, { $0.contains(" 001 ") }) else { return false }
            socket.send("JOIN \(channel)\r\n")
            guard waitFor(seconds: 20, { $0.contains(" 366 ") }) else { return false }
            let deadline = Date() + 20
            while Date() < deadline {
                socket.send("MODE \(channel)\r\n")
                if waitFor(
                    seconds: 1,
                    { line in
                        guard line.contains(" 324 ") else { return false }
                        let modes = line.split(separator: " ").dropFirst(4).first ?? ""
                        return modes.contains("H")
                    })
                {
                    return true
                }
            }
            return false
        }

        /// Reads lines until one satisfies `match`; false on timeout or a closed connection.
        private mutating func waitFor(seconds: Double, _ match: (String) -> Bool) -> Bool {
            let deadline = Date() + seconds
            while Date() < deadline {
                if let index = lines.firstIndex(where: match) {
                    lines.removeSubrange(...index)
                    return true
                }
                lines.removeAll()
                guard pump(timeoutMilliseconds: 100) else { return false }
            }
            return false
        }

        /// Reads what has arrived within the timeout; answers PING; collects echoes of our
        /// lines. False when the connection is gone.
        mutating func pump(timeoutMilliseconds: Int32) -> Bool {
            guard let bytes = socket.receive(timeoutMilliseconds: timeoutMilliseconds) else { return false }
            buffer.append(contentsOf: bytes)
            while let newline = buffer.firstIndex(of: 10) {
                var line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                if line.hasSuffix("\r") { line.removeLast() }
                if line.hasPrefix("PING ") {
                    socket.send("PONG " + line.dropFirst(5) + "\r\n")
                } else if line.hasPrefix(":\(nick)!"), let range = line.range(of: " :" + prefix),
                    let number = Int(line[range.upperBound...])
                {
                    echoes.append(number)
                } else {
                    lines.append(line)
                }
            }
            return true
        }

        mutating func takeEchoes() -> [Int] {
            defer { echoes.removeAll() }
            return echoes
        }

    }
}
