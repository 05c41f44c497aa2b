import Accessibility
import Foundation

/// The phrase book: every sentence Earshot says, made from a ``Fact``.
///
/// As swift-argument-parser's `ErrorMessageGenerator` makes every message a user reads from
/// typed parser errors, this makes every sentence a listener hears from typed facts. A sentence
/// never carries a server's or a library's own wording: what people wrote (messages, reasons,
/// topics) comes in as data and is marked verbatim by whoever speaks it.
///
/// ```swift
/// Wording.sentence(.notATextField(sheetOpen: false))  // "Not a text field"
/// ```
public enum Wording {
    static func sentence(_ fact: Fact) -> String {
        switch fact {
        case .edit(let fact): sentence(fact)
        case .reading(let fact): sentence(fact)
        case .device(let fact): sentence(fact)
        case .connection(let fact): sentence(fact)
        case .people(let fact): sentence(fact)
        case .message(let fact): sentence(fact)
        case .sending(let fact): sentence(fact)
        case .command(let fact): sentence(fact)
        case .settingNotSaved(let reason): "Not saved: \(reason). The setting is as it was"
        case .couldNotSave(let reason): "Could not save: " + Self.reason(reason)
        case .couldNotRead(let reason): "Could not read the chat history: " + Self.reason(reason)
        case .notATextField(let sheetOpen):
            sheetOpen ? "Not a text field. Escape closes this" : "Not a text field"
        case .typingInMessageField(let draft, let thread):
            // A draft there is said, so the letters are not taken for a new line; in a thread
            // the field is the reply's, so the listener knows where the words go.
            (thread ? "Reply in thread" : "Message field")
                + (draft.trimmingCharacters(in: .whitespaces).isEmpty
                    ? "" : ", after your draft " + SpokenText.verbatim(draft.trimmingCharacters(in: .whitespaces)))
        case .closeThisFirst:
            "Press Escape first"
        case .tryingAgain(let host, let seconds):
            "Still trying \(host): the next try in \(seconds) \(seconds == 1 ? "second" : "seconds"). Type /reconnect to try now"
        case .retryFailed(let host, let reason, let seconds):
            "Still cannot connect to \(host): \(Self.reason(reason)). The next try in \(seconds) \(seconds == 1 ? "second" : "seconds")"
        case .tryingNow(let hosts):
            "Trying \(andList(hosts)) again now"
        case .nothingToReconnect:
            "Nothing to reconnect: every server is connected"
        case .serverNeeds(let field):
            switch field {
            case .host: "Type the server's host name first"
            case .nick: "Type a nick first"
            case .channels: "Type a channel first"
            default: "Fill in \(field.rawValue) first"
            }
        case .serverSecure(let on, let port):
            (on ? "on" : "off") + (port.map { ", port \($0)" } ?? "")
        case .serverBadHost:
            "A host name has no spaces, such as irc.libera.chat"
        case .serverBadPort:
            "The port is a number from 1 to 65535"
        case .serverBadChannel(let name):
            "\(name) is not a channel: a channel's name starts with #"
        case .serverBadVariable:
            "A password variable's name has only letters, digits and underscores, such as IRC_PASSWORD"
        case .serverPlainElsewhere(let host):
            "Not connected: a plain connection goes only to this computer. Switch Secure connection on for \(host)"
        case .serverAdded(let host, let unset):
            unset.map {
                "Connecting to \(host), saved for next time. \($0) is not set here, so signing in will fail until it is"
            } ?? "Connecting to \(host), saved for next time"
        case .serverNotAdded(let reason):
            "Not added: \(reason)"
        case .lineBack(let refusal, let inField):
            inField ? refusal + ". Your line is back in the field" : refusal + ". It was not sent"
        case .reactionWaiting(let emoji, let host):
            "Waiting to send: your \(emoji) reaction. It goes when \(host) is back."
        case .punctuation(let level):
            "Punctuation: \(level.rawValue)"
        case .failed(let reason):
            "Something went wrong: " + Self.reason(reason)
        case .goodbye:
            "Goodbye"
        case .quitWithLinesWaiting(let count):
            count == 1
                ? "1 line is waiting to send: it goes when you next connect. Quit now? Enter quits, Escape stays"
                : "\(count) lines are waiting to send: they go when you next connect. Quit now? Enter quits, Escape stays"
        case .notQuitting:
            "Not quitting"
        case .leftChannel(let channel, let canRejoin):
            canRejoin
                ? "Not sent: you are not in \(channel) now. The line is still in the field; Enter again joins and sends it"
                : "Not sent: you are not in \(channel) now. The line is still in the field"
        }
    }
}
