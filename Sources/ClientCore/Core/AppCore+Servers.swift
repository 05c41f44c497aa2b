import ChatModel
import Settings

/// A server added by voice: the sheet's fields checked, one sentence for what is missing or
/// wrong (focus on that field), else saved to the settings file and connected at once.
extension AppCore {
    mutating func connectServer() {
        let draft = state.serverDraft
        func text(_ field: ServerField) -> String { (draft[field] ?? "").trimmingCharacters(in: .whitespaces) }
        // What is wrong, then the field to put it right in, which takes focus: one utterance,
        // so neither cuts the other off.
        func refuse(_ fact: Fact, at field: ElementID) {
            playCue(.error, .high)
            var sentence = Wording.sentence(fact)
            if case .focus(_, let phrase) = navigator.focus(identifier: field.identifier) {
                keyMemory.chosenAction = nil
                sentence += ". " + phrase.text
            }
            post(.announcement(sentence, priority: .high))
        }
        let host = text(.host)
        guard !host.isEmpty else { return refuse(.serverNeeds(.host), at: .serverField(.host)) }
        guard !host.contains(" ") else { return refuse(.serverBadHost, at: .serverField(.host)) }
        guard let port = Int(text(.port)), (1...65535).contains(port) else {
            return refuse(.serverBadPort, at: .serverField(.port))
        }
        guard state.serverTLS || Self.isLoopback(host) else {
            return refuse(.serverPlainElsewhere(host), at: .serverTLS)
        }
        let nick = text(.nick)
        guard !nick.isEmpty, !nick.contains(" "), !nick.contains(",") else {
            return refuse(.serverNeeds(.nick), at: .serverField(.nick))
        }
        let channels = text(.channels).split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        if let bad = channels.first(where: { !($0.hasPrefix("#") || $0.hasPrefix("&")) || $0.count < 2 }) {
            return refuse(.serverBadChannel(bad), at: .serverField(.channels))
        }
        let account = text(.account)
        let variable = text(.passwordVariable)
        if !variable.isEmpty, !Self.isVariableName(variable) {
            return refuse(.serverBadVariable, at: .serverField(.passwordVariable))
        }
        let server = IRCServerSettings(
            host: host, port: port, tls: state.serverTLS, nick: nick, channels: channels,
            saslUser: account.isEmpty ? nil : account,
            passwordEnvironmentVariable: variable.isEmpty ? nil : variable)
        state.serverDraft = [.port: "6697"]
        state.serverTLS = true
        // Onboarding ends as the local workspace's button ends it; the server's first channel
        // opens in place of #welcome once joined.
        if case .onboarding = state.route {
            closeSheets(then: .chooseLocalWorkspace)
        } else {
            closeSheets()
        }
        effects.append(.addServer(server))
    }

    /// Hosts a plain connection may go to: this computer.
    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }

    /// An environment variable's name: a letter or underscore, then letters, digits, underscores.
    static func isVariableName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic)
        else { return false }
        return name.unicodeScalars.allSatisfy {
            $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
        }
    }
}
