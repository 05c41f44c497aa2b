import ChatModel
import Settings
import UnicodeData

/// What operating an element asks the core to do. Screens attach intents to elements as data
/// (``ElementBehaviour``); the core carries them out, so a tree stays a pure value.
public enum Intent: Hashable, Sendable {
    case onboardingContinue
    case chooseLocalWorkspace
    /// One step of a setting of the table (``Settings/table``): up (positive) or down; a toggle
    /// switches. Written to the settings file.
    case adjust(SettingKey, by: Int)
    case openActions(messageID: Int64)
    case openPicker(messageID: Int64)
    case react(messageID: Int64, emoji: Emoji)
    case openThread(messageID: Int64)
    case markUnread(messageID: Int64)
    /// A run of joins and parts listed event by event (true), or gathered into one again.
    case expandRun(Int, Bool)
    case copyText(messageID: Int64)
    /// A link of a message: opened where a desktop can open it (else copied, said so), or copied.
    case openLink(String)
    case copyLink(String)
    case expandSheet
    /// An action chosen in an element's actions sheet: the sheets close, then it is done.
    indirect case closingSheets(Intent)
    case setText(TextField, String)
    case send
    case sendReply
    case selectChannel(Int64)
    case openSettings
    /// Open a search result in its channel, focused.
    case openMessage(id: Int64, channelID: Int64)
    /// Enter in the search field: to the first result (the newest), said.
    case firstSearchResult
    /// Say an entry of the speech history again (its index, oldest first).
    case repeatSpoken(Int)
    /// Copy an entry of the speech history, as it was said (its index, oldest first).
    case copySpoken(Int)
    /// Open the direct-message conversation with a nick (/query).
    case query(String)
    /// Step which new messages of a channel are spoken (`speech.channels`).
    case adjustChannelSpeech(channelID: Int64, by: Int)
    /// The language a channel's messages are read in: by their script, or one of
    /// ``ChannelActionsSheet/languages``.
    case adjustChannelLanguage(channelID: Int64, by: Int)
    /// Say a person's messages from every channel (`speech.follow`), or stop.
    case follow(String, Bool)
    /// Fill the message field with `/pronounce NICK ` for the listener to finish.
    case pronounceNick(String)
    /// The sheet of who is in a channel.
    case showNames(channelID: Int64)
    /// Leave an IRC channel one is in (as /part does), from its actions.
    case leaveChannel(Int64)
    /// A channel's actions (Enter on its heading, or A on it in the drawer).
    case openChannelActions(Int64)
    case unavailable(String)
    /// Move to the conversation's message field and type there (characters typed on a message).
    case typeInMessageField(String)
    /// The sheet that adds a server by voice.
    case openAddServer
    /// The new server's secure connection (TLS), on or off.
    case toggleServerTLS
    /// Check the new server, save it to the settings file and connect.
    case connectServer
}

extension Intent {
    /// Chosen among an item's actions over another sheet, it is done there: the sheet the item
    /// is in stays (a copy, a repeat), where opening something else closes every sheet.
    var keepsTheSheetBeneath: Bool {
        switch self {
        case .copySpoken, .repeatSpoken, .follow: true
        default: false
        }
    }
}

/// The text fields an element can edit.
public enum TextField: Hashable, Sendable {
    /// A field of the server being added.
    case server(ServerField)
    case composer
    case threadComposer
    case pickerQuery
    case searchQuery
    case channelQuery
}

/// The fields of a server being added by voice.
public enum ServerField: String, Hashable, Sendable, CaseIterable {
    case host, port, nick, channels, account, passwordVariable
}
