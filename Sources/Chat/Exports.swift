// The IRC protocol (messages, capabilities, the connection machine) and the chat model
// (messages, channels, events, reasons) are part of this module's API: `import Chat` sees
// `IRCMessage`, `ChatMessage` and the sanitiser without a second import.
@_exported import ChatModel
@_exported import IRC
