// The IRC protocol (messages, capabilities, the connection machine) is part of this module's
// API: `import Chat` sees `IRCMessage`, `MessageKind` and the sanitiser without a second import.
@_exported import IRC
