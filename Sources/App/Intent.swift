import Chat

/// What an element's handler asks the app to do. Handlers only post intents; the controller
/// carries them out after the key that triggered them, so a tree stays a pure value.
public enum Intent: Hashable, Sendable {
    case onboardingContinue
    case adjustTextSize(by: Int)
    case adjustRate(by: Int)
    case chooseLocalWorkspace
    case openActions(messageID: Int64)
    case openPicker(messageID: Int64)
    case react(messageID: Int64, emoji: Emoji)
    case openThread(messageID: Int64)
    case markUnread(messageID: Int64)
    case copyText(messageID: Int64)
    case expandSheet
    case setComposer(String)
    case send
    case setThreadComposer(String)
    case sendReply
    case setPickerQuery(String)
    case setChannelQuery(String)
    case selectChannel(Int64)
    case setDrawer(expanded: Bool)
    case openSettings
    case openKeyHelp
    case adjustVoice(by: Int)
    case adjustEcho(by: Int)
    case toggleHints
    case toggleReduceMotion
    case toggleContrast
    case dismissSheet
    case back
    case unavailable(String)
}
