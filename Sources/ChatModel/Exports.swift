// The IRC protocol's types (MessageKind, IRCRefusal, IRCCaseMapping) are part of the model's API.
@_exported import IRC
