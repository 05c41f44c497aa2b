import RealParts
import Foundation
import Synchronization

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A scripted IRC server on 127.0.0.1 for one client, speaking just enough IRC to register it,
/// answer its JOINs slowly with big NAMES lists, and flood the joined channels with messages.
///
/// The client side is the real one (``IRCClient``, its connection machine and parser); only
/// the server is a script. JOINs are answered one channel every `joinInterval` — JOIN, topic,
/// `members` nicks in 353 lines of about 400 bytes, 366 — so joining lasts as long as a
/// measurement needs. From the first answered JOIN, `messagesPerSecond` PRIVMSGs arrive, spread
/// over the channels joined so far, from their members.
///
/// ```swift
/// let server = try ScriptedIRCServer(members: 500, joinInterval: .milliseconds(100), messagesPerSecond: 1000)
/// // IRCClient to 127.0.0.1:\(server.port) with 50 channels…
/// while server.joinsAnswered < 50 { usleep(1000) }
/// server.stop()
/// ```
final class ScriptedIRCServer: Sendable {
    let port: Int
    let members: Int
    let joinInterval: Duration
    let messagesPerSecond: Int

    private let listener: Int32
    private let client = Atomic<Int32>(-1)
    private let running = Atomic<Bool>(true)
    private let answered = Atomic<Int>(0)
    private let sent = Atomic<Int>(0)
    /// Lines the reader queued for the writer (replies), and channels waiting for their JOIN.
    private let pending = Mutex<(replies: [String], joins: [String])>(([], []))

    init(members: Int, joinInterval: Duration, messagesPerSecond: Int) throws {
        self.members = members
        self.joinInterval = joinInterval
        self.messagesPerSecond = messagesPerSecond
        let (fd, port) = try InspIRCdFixture.boundLoopbackSocket()
        guard listen(fd, 4) == 0 else {
            close(fd)
            throw Failure("listen() failed")
        }
        listener = fd
        self.port = port
        let accepter = Thread { [self] in serve() }
        accepter.start()
    }

    /// How many JOINs have been answered with their full NAMES list.
    var joinsAnswered: Int { answered.load(ordering: .relaxed) }

    /// How many PRIVMSGs have been sent.
    var messagesSent: Int { sent.load(ordering: .relaxed) }

    /// Closes the connection and the listening socket.
    func stop() {
        running.store(false, ordering: .relaxed)
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        let fd = client.exchange(-1, ordering: .relaxed)
        if fd >= 0 {
            shutdown(fd, Int32(SHUT_RDWR))
            close(fd)
        }
    }

    // MARK: Serving

    private func serve() {
        let fd = accept(listener, nil, nil)
        guard fd >= 0, running.load(ordering: .relaxed) else { return }
        var yes: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        client.store(fd, ordering: .relaxed)
        let writer = Thread { [self] in write(to: fd) }
        writer.start()
        read(from: fd)
    }

    private func read(from fd: Int32) {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while running.load(ordering: .relaxed) {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return }
            buffer += chunk[0..<count]
            while let end = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<end], as: UTF8.self).trimmingCharacters(
                    in: .whitespacesAndNewlines)
                buffer.removeSubrange(...end)
                received(line)
            }
        }
    }

    private func received(_ line: String) {
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let command = words.first?.uppercased() else { return }
        pending.withLock { queue in
            switch command {
            case "CAP" where words.count > 1 && words[1].uppercased() == "LS":
                queue.replies.append(":fake.test CAP * LS :")
            case "USER":
                queue.replies += [
                    ":fake.test 001 reader :Welcome to the scripted server",
                    ":fake.test 005 reader PREFIX=(ov)@+ CHANTYPES=# :are supported by this server",
                    ":fake.test 376 reader :End of MOTD",
                ]
            case "PING":
                queue.replies.append(
                    ":fake.test PONG fake.test :"
                        + (words.dropFirst().first.map { $0.hasPrefix(":") ? String($0.dropFirst()) : $0 } ?? ""))
            case "JOIN":
                for channel in (words.dropFirst().first ?? "").split(separator: ",") {
                    queue.joins.append(String(channel))
                }
            default:
                break
            }
        }
    }

    /// The NAMES of `channel`: every tenth member an operator, every seventh voiced.
    private func namesLines(_ channel: String, index: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for member in 0..<members {
            let prefix = member % 10 == 0 ? "@" : (member % 7 == 0 ? "+" : "")
            let entry = prefix + "m\(index)_\(member)"
            if current.count + entry.count > 400 {
                lines.append(":fake.test 353 reader = \(channel) :" + current)
                current = ""
            }
            current += current.isEmpty ? entry : " " + entry
        }
        if !current.isEmpty { lines.append(":fake.test 353 reader = \(channel) :" + current) }
        return lines
    }

    private func write(to fd: Int32) {
        let clock = ContinuousClock()
        var nextJoin = clock.now
        var joined: [(name: String, index: Int)] = []
        var floodStart: ContinuousClock.Instant?
        var counter = 0
        while running.load(ordering: .relaxed) {
            var out: [String] = []
            let now = clock.now
            let (replies, join): ([String], String?) = pending.withLock { queue in
                let replies = queue.replies
                queue.replies = []
                guard now >= nextJoin, !queue.joins.isEmpty else { return (replies, nil) }
                return (replies, queue.joins.removeFirst())
            }
            out += replies
            if let join {
                let index = joined.count
                out.append(":reader!r@127.0.0.1 JOIN \(join)")
                out.append(":fake.test 332 reader \(join) :Topic of \(join)")
                out += namesLines(join, index: index)
                out.append(":fake.test 366 reader \(join) :End of /NAMES list.")
                joined.append((join, index))
                nextJoin = now + joinInterval
                if floodStart == nil { floodStart = now }
            }
            // The flood keeps to its rate from its start, whatever this loop's own delays.
            var floodLines = 0
            if let floodStart, !joined.isEmpty {
                let elapsed =
                    Double((now - floodStart).components.attoseconds) / 1e18
                    + Double((now - floodStart).components.seconds)
                let due = Int(elapsed * Double(messagesPerSecond))
                while counter < due {
                    let channel = joined[counter % joined.count]
                    let author = "m\(channel.index)_\((counter * 7) % members)"
                    out.append(
                        ":\(author)!u@127.0.0.1 PRIVMSG \(channel.name) :flood message \(counter) about the rotor and the drawer"
                    )
                    counter += 1
                    floodLines += 1
                }
            }
            if !out.isEmpty {
                let bytes = Array((out.joined(separator: "\r\n") + "\r\n").utf8)
                guard sendAll(fd, bytes) else { return }
                if join != nil { answered.add(1, ordering: .relaxed) }
                sent.add(floodLines, ordering: .relaxed)
            }
            usleep(1000)
        }
    }

    private func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count <= 0 { return false }
            offset += count
        }
        return true
    }
}
