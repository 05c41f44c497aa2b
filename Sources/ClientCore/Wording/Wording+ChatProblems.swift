import ChatModel
import IRC

/// The chat layer's problems (``ChatProblem``) in Earshot's words: Chat reports what went wrong
/// and with what; this says it, as a sentence or as the reason after "Not sent:".
extension Wording {
    /// `error` as a sentence, for speech and for the command line.
    public static func sentence(_ error: ChatError) -> String { capitalized(problem(error.problem)) }

    /// A failure that ends the client, for the command line: the chat layer's in Earshot's
    /// words; any other keeps its own description (a terminal's or a file's).
    public static func sentence(failure error: any Error) -> String {
        (error as? ChatError).map(sentence) ?? "\(error)"
    }

    /// What went wrong, as a reason within a sentence ("this server cannot carry replies").
    package static func problem(_ problem: ChatProblem) -> String {
        switch problem {
        case .plainToRemoteHost(let host):
            "refusing to connect to \(host) without TLS: messages and passwords would travel in clear text. Use TLS, or pass --insecure"
        case .caFileUnreadable(let path): "cannot set up TLS: ca_file \(path) cannot be read"
        case .clientCertificateUnreadable(let path):
            "cannot set up TLS: the client certificate \(path) or its key cannot be read"
        case .keyReadableByOthers(let path):
            "\(path) can be read by other users; run chmod 600 \(path) so only you can read it"
        case .clientCertificateNotPEM(let path):
            "cannot set up TLS: \(path) or its key is not a PEM certificate and key"
        case .noCertificateAuthorities(let host):
            "cannot set up TLS: this computer has no certificate authorities to check \(host) with. Install them (apt install ca-certificates), or set ca_file for this server"
        case .tlsFilesUnusable(let host):
            "cannot set up TLS for \(host): a certificate or key file in its settings cannot be read"
        case .noMonitor: "this server cannot tell when someone comes online"
        case .noMessageTags(.reactions): "this server cannot carry reactions"
        case .noMessageTags(.replies): "this server cannot mark a line as a reply"
        case .reactionsNotSent(let count):
            (count == 1 ? "a reaction" : "\(count) reactions")
                + " made offline could not be sent: this server cannot carry reactions. They are kept only on this computer"
        case .cannotRegister: "cannot sign in: the nick or a channel name cannot be sent"
        case .notSendable(let code): notSendable(code)
        case .store(let action, let fault): store(action) + ": " + storeFault(fault)
        case .cannotTakeReactions: "that message cannot take reactions"
        case .offline: "the server is not connected"
        }
    }

    static func notSendable(_ code: IRCSerializationError.Code) -> String {
        switch code {
        case .tooLong: "the line is longer than the server takes"
        case .invalidParameter: "a name in it has a space or a line break"
        default: "it cannot be written as an IRC line"
        }
    }

    static func store(_ action: ChatProblem.StoreAction) -> String {
        switch action {
        case .open(let path): "cannot open the chat history at \(path)"
        case .read: "cannot read the chat history"
        case .write: "cannot write to the chat history"
        case .saveNetwork(let name): "the network \(name) could not be saved"
        case .saveMessage: "the message could not be saved"
        }
    }

    static func storeFault(_ fault: ChatProblem.StoreFault) -> String {
        switch fault {
        case .diskFull: "the disk is full"
        case .readOnly: "the file cannot be written"
        case .database(let code): "the database answered with an error (\(code))"
        }
    }

    /// The first letter made a capital, for a fragment said as a sentence.
    static func capitalized(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }
}
