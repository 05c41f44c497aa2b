import Chat
import Synchronization

/// The IRC clients of a session, one per server, and the tasks that pass their events on: the
/// servers of the settings at start, and any added by voice while it runs.
public final class IRCClients: Sendable {
    private let clients: Mutex<[IRCClient]>
    private let tasks = Mutex<[Task<Void, Never>]>([])

    public init(_ clients: [IRCClient]) { self.clients = Mutex(clients) }

    /// Every client, in the order they were added.
    public var all: [IRCClient] { clients.withLock { $0 } }

    /// The first client, if any.
    public var first: IRCClient? { clients.withLock { $0.first } }

    /// The client of `network`.
    public func client(for network: Int64) -> IRCClient? {
        clients.withLock { $0.first { $0.network.id == network } }
    }

    /// Adds a client, and the task that starts it and passes its events on.
    public func add(_ client: IRCClient, running task: Task<Void, Never>) {
        clients.withLock { $0.append(client) }
        tasks.withLock { $0.append(task) }
    }

    /// Cancels the tasks that pass events on (the clients are stopped by their owner).
    public func cancelTasks() {
        for task in tasks.withLock({ $0 }) { task.cancel() }
    }
}
