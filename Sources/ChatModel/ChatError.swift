import IRC

/// An error of the chat layer: what went wrong, typed, for the phrase book to word.
///
/// ```swift
/// do { try client.start() } catch let error as ChatError where error.code == .insecureConnection {
///     print(Wording.sentence(error))  // the app's words; Chat words nothing
/// }
/// ```
public struct ChatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, for code that reacts to it.
    public struct Code: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// Plain TCP to a host that is not loopback, without `insecure`.
        public static let insecureConnection = Code(rawValue: "insecureConnection")
        /// The store could not be opened or written.
        public static let storage = Code(rawValue: "storage")
        /// The connection failed or was lost.
        public static let connection = Code(rawValue: "connection")
        /// The server refused the login (SASL).
        public static let authentication = Code(rawValue: "authentication")
        /// A settings file with the password is readable by others.
        public static let unsafeCredentials = Code(rawValue: "unsafeCredentials")
        /// The channel or message does not exist.
        public static let notFound = Code(rawValue: "notFound")
        /// The server lacks what this needs (message-tags for reactions and replies).
        public static let unsupported = Code(rawValue: "unsupported")
        /// The disk holding the history is full.
        public static let diskFull = Code(rawValue: "diskFull")
        /// The history file cannot be written (read-only, or no permission).
        public static let readOnly = Code(rawValue: "readOnly")
    }

    /// What happened, with its data.
    public var problem: ChatProblem

    public init(_ problem: ChatProblem) { self.problem = problem }

    public var code: Code { problem.code }

    /// For a log: the case and its data, not a sentence (``ChatProblem`` is worded by the app).
    public var description: String { "\(code): \(problem)" }
}

/// What went wrong in the chat layer, with what a sentence about it needs.
public enum ChatProblem: Hashable, Sendable {
    /// Plain TCP to a host that is not this computer, without `insecure`.
    case plainToRemoteHost(String)
    /// `ca_file` cannot be read.
    case caFileUnreadable(String)
    /// The client certificate or its key cannot be read.
    case clientCertificateUnreadable(String)
    /// The client key can be read by other users.
    case keyReadableByOthers(String)
    /// The client certificate or key is not PEM.
    case clientCertificateNotPEM(String)
    /// The system has no certificate authorities to check `host` with.
    case noCertificateAuthorities(host: String)
    /// A certificate or key file in the settings of `host` cannot be used.
    case tlsFilesUnusable(host: String)
    /// The server has no MONITOR.
    case noMonitor
    /// The server has no message-tags, which this feature needs.
    case noMessageTags(Feature)
    /// Reactions made offline that the server turned out not to carry: kept on this computer.
    case reactionsNotSent(count: Int)
    /// The nick or a channel name cannot be sent, so registration cannot start.
    case cannotRegister
    /// A line that cannot be written as IRC (a space in a target, a line break).
    case notSendable(IRCSerializationError.Code)
    /// The history store failed at `action`.
    case store(StoreAction, StoreFault)
    /// A message without a msgid cannot take reactions.
    case cannotTakeReactions
    /// It needs the server, which is not connected now.
    case offline

    /// What a server without message-tags cannot carry.
    public enum Feature: String, Hashable, Sendable {
        case reactions, replies
    }

    /// What the store was doing.
    public enum StoreAction: Hashable, Sendable {
        case open(path: String)
        case read
        case write
        case saveNetwork(String)
        case saveMessage
    }

    /// How the store failed.
    public enum StoreFault: Hashable, Sendable {
        case diskFull
        case readOnly
        /// SQLite's code ("SQLite error 10, 4874"), for a report.
        case database(String)
    }

    public var code: ChatError.Code {
        switch self {
        case .plainToRemoteHost: .insecureConnection
        case .keyReadableByOthers: .unsafeCredentials
        case .noMonitor, .noMessageTags, .reactionsNotSent: .unsupported
        case .store(_, .diskFull): .diskFull
        case .store(_, .readOnly): .readOnly
        case .store: .storage
        case .cannotTakeReactions: .notFound
        case .caFileUnreadable, .clientCertificateUnreadable, .clientCertificateNotPEM, .noCertificateAuthorities,
            .tlsFilesUnusable, .cannotRegister, .notSendable, .offline:
            .connection
        }
    }
}
