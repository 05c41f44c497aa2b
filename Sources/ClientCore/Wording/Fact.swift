import SpeechVocabulary
import ChatModel

/// What happened, as a listener is to hear of it: the typed facts the phrase book words.
///
/// The parts report facts with their data (a refusal and its reason, a count, a mode change);
/// ``Wording`` alone turns them into sentences, so the whole voice of Earshot reads in one
/// folder, beside the phrase table (`Tests/AppTests/Fixtures/phrases.txt`).
enum Fact: Hashable, Sendable {
    /// What the fact is news of, when only its newest word matters: the connection's state
    /// ("Connected as ada" makes "Connecting to …" old on the braille display).
    var topic: String? {
        switch self {
        case .connection, .serverAdded: "connection"
        default: nil
        }
    }

    // MARK: Areas with files of their own (`Said+*.swift`)

    case edit(EditFact)
    case reading(ReadingFact)
    case device(DeviceFact)
    case connection(ConnectionFact)
    case people(PeopleFact)
    case message(MessageFact)
    case sending(SendingFact)
    case command(CommandFact)

    // MARK: Keys

    /// A character typed where no text field is: in a sheet (`sheetOpen`) or on a screen
    /// without a message field.
    case notATextField(sheetOpen: Bool)
    /// Characters typed on a message went to the message field (in a thread, its reply
    /// field): it is named once. (`draft`: what was in the field already, which the typing
    /// goes on from.)
    case typingInMessageField(draft: String, thread: Bool)
    /// A key that opens something new, pressed while something is open over the conversation.
    case closeThisFirst

    // MARK: Settings

    /// Alt-P stepped the punctuation level.
    case punctuation(PunctuationLevel)

    // MARK: Leaving

    /// The client is quitting.
    case goodbye
    /// Quitting was asked for while `count` lines wait to be sent.
    case quitWithLinesWaiting(Int)
    /// Quitting was asked about, and a key other than Enter kept the client open.
    case notQuitting

    // MARK: Connection

    /// A lost server is being tried again, next in `inSeconds` (said once a minute at most).
    case tryingAgain(String, inSeconds: Int)
    /// The try `/reconnect` asked for failed; the next is in `inSeconds`.
    case retryFailed(String, DisconnectReason, inSeconds: Int)
    /// `/reconnect`: these servers are tried now.
    case tryingNow([String])
    /// `/reconnect` with every server connected.
    case nothingToReconnect

    // MARK: Adding a server

    /// The new server's secure connection switched on or off, and the port that followed it.
    case serverSecure(Bool, port: Int?)
    /// A field the new server needs is empty.
    case serverNeeds(ServerField)
    /// The host typed has a space in it: not a host name.
    case serverBadHost
    /// The port typed is not a port.
    case serverBadPort
    /// A channel typed does not start as a channel does.
    case serverBadChannel(String)
    /// The password variable typed is not an environment variable's name.
    case serverBadVariable
    /// Plain TCP to a host that is not this computer.
    case serverPlainElsewhere(String)
    /// Saved and connecting; `unsetVariable` names a password variable the environment lacks.
    case serverAdded(String, unsetVariable: String?)
    /// Not saved, for `reason` (in the settings file's words).
    case serverNotAdded(String)

    // MARK: Failures

    /// A setting could not be written; `reason` is the settings file's words.
    case settingNotSaved(String)
    /// The store could not keep something.
    case couldNotSave(FailureReason)
    /// The store could not read the history asked for.
    case couldNotRead(FailureReason)

    /// Something failed that had no words of its own: said by its class.
    case failed(FailureReason)

    // MARK: Sending

    /// A refused line (`refusal` already worded), back in the message field or not (the field
    /// held something else).
    case lineBack(String, inField: Bool)
    /// A reaction made while its server is away: it waits, as a line does.
    case reactionWaiting(String, host: String)

    /// A line for a channel one has left: not sent, kept in the field; on IRC Enter again
    /// joins and sends it (`canRejoin`).
    case leftChannel(String, canRejoin: Bool)
}
