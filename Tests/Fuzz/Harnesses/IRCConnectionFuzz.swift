import Foundation

/// libFuzzer target: the IRC connection state machine fed server lines.
///
/// The input is framed into lines as the network's bytes are (``IRCLineFramer``), and each
/// line is parsed and fed to a registered connection. Nothing traps; every event
/// it emits is sanitised (no control character, escape, bidi override, NUL, CR or LF in any
/// text, msgid, label or reply target); and every line it sends is one line on the wire.
@_cdecl("LLVMFuzzerTestOneInput")
public func ircConnectionFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var connection = IRCConnection(configuration: .init(nick: "ada", channels: ["#a"]))
    var actions = connection.connectionOpened()
    let now = Date(timeIntervalSince1970: 1_700_000_000)
    for line in [
        "CAP * LS :message-tags server-time echo-message batch labeled-response",
        "CAP * ACK :message-tags server-time echo-message batch labeled-response", ":s 001 ada :hi", ":ada!u@h JOIN #a",
    ] {
        if let message = IRCMessage(parsing: Array(line.utf8)) { actions += connection.received(message, now: now) }
    }
    actions += connection.whois("kim")
    // The bytes come as the network gives them: cut anywhere, framed into lines (short ones
    // here, so the cut of an over-long line is reached too).
    var framer = IRCLineFramer(maximumLineLength: 600)
    let cut = bytes.count / 3
    var lines = framer.append(bytes[..<cut])
    lines += framer.append(bytes[cut...])
    lines += framer.append([0x0A])
    for line in lines {
        fuzzCheck(!line.contains(0x0A) && line.count <= 600, "framed a line of \(line.count) bytes: \(line)")
        guard let message = IRCMessage(parsing: line) else { continue }
        actions += connection.received(message, now: now)
        actions += connection.say("hi", to: "#a", replyTo: "x", label: "l1")
    }
    for action in actions {
        switch action {
        case .send(let message):
            if let line = try? message.serializedLine() {
                fuzzCheck(
                    !line.utf8.contains(0x0A) && !line.utf8.contains(0x0D) && !line.utf8.contains(0),
                    "two lines: \(line.debugDescription)")
            }
        case .emit(let event):
            for text in texts(of: event) {
                fuzzCheck(isClean(text), "unsanitised \(text.debugDescription) in \(event) from \(bytes)")
            }
        }
    }
    return 0
}

/// Whether `text` holds nothing a terminal would take as a control.
func isClean(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy { scalar in
        let value = scalar.value
        return
            !(value < 0x20 || value == 0x7F || (0x80...0x9F).contains(value) || value == 0x061C
            || (0x200E...0x200F).contains(value) || (0x202A...0x202E).contains(value)
            || (0x2066...0x2069).contains(value) || value == 0x2028 || value == 0x2029)
    }
}

/// Every string an event carries to the rest of the client.
func texts(of event: IRCEvent) -> [String] {
    switch event {
    case .registered(let nick, _): [nick]
    case .joined(let channel, let nick, _): [channel, nick]
    case .parted(let channel, let nick, _, let reason): [channel, nick, reason]
    case .quit(let nick, let reason): [nick, reason]
    case .nickChanged(let from, let to, _): [from, to]
    case .topic(let channel, let topic, let setBy): [channel, topic] + (setBy.map { [$0] } ?? [])
    case .members(let channel, let nicks): [channel] + nicks
    case .memberRanks(let channel, let ranks): [channel] + ranks.keys + ranks.values
    case .kicked(let channel, let nick, let by, let reason, _): [channel, nick, by, reason]
    case .modeChanged(let channel, let change, let by): [channel, change, by]
    case .whois(let nick, let facts):
        [nick]
            + facts.flatMap { fact -> [String] in
                switch fact {
                case .identity(let name, let host): [name, host]
                case .server(let text), .away(let text), .account(let text): [text]
                case .channels(let names): names
                case .ircOperator, .idle, .secure, .notOnServer: []
                }
            }
    case .note(let text, _): [text]
    case .message(let message):
        // A message of several lines (multiline) keeps its lines apart with "\n": each is checked.
        [message.channel, message.author] + message.text.split(separator: "\n").map(String.init)
            + [message.msgid, message.replyTo, message.label].compactMap { $0 }
    case .reaction(let reaction): [reaction.channel, reaction.author, reaction.emoji, reaction.target]
    case .typing(let channel, let nick, _): [channel, nick]
    case .authenticationFailed(let account, .noPasswordSignIn(let offered), _): [account, offered]
    case .authenticationFailed(let account, .mechanismNotOffered(let mechanism, let offered), _):
        [account, mechanism, offered]
    case .authenticationFailed(let account, _, _): [account]
    case .passwordRefused, .secureConnectionRequired, .securityPolicy: []
    case .presence(let nick, _, _): [nick]
    case .away(let nick, let reason): [nick] + (reason.map { [$0] } ?? [])
    case .invited(let channel, let nick, let by, _): [channel, nick, by]
    case .refused(let refusal): [refusal.target ?? "", refusal.serverText]
    case .readMarker(let target, _), .olderHistory(let target, _): [target]
    case .accounts(let accounts): Array(accounts.keys) + accounts.values
    case .synced, .caseMapping: []
    }
}
