/// Whether a braille display is connected, and of how many cells.
public enum BrailleStatus: Sendable, Equatable {
    case connecting
    /// Connected to a display of this many cells.
    case connected(cells: Int)
    /// Not connected, and why.
    case unavailable(BrailleUnavailable)
}

/// Why there is no display, as a type: the client words it.
public enum BrailleUnavailable: Error, Sendable, Hashable {
    /// Nothing answers at the host (BRLTTY is not running, or has no BrlAPI).
    case noServer(host: String)
    /// BRLTTY refused the key (`BRLAPI_AUTH`).
    case refused(host: String)
    /// BRLTTY answered but has no display to give (or no terminal to give it for).
    case noDisplay(host: String)
    /// The connection was lost.
    case lost(host: String)
    /// The liblouis table cannot be loaded: computer braille is shown instead.
    case noTable(String)
}
