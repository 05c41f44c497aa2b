import Chat
import Foundation
import Presentation
import Settings

/// Everything a screen is built from. Screens are pure functions of this state.
public struct AppState: Sendable {
    /// Where the user is.
    public enum Route: Hashable, Sendable {
        case onboarding(step: Int)
        case main
        case thread(rootID: Int64)
    }

    /// The sheets Earshot presents.
    public enum SheetKind: Hashable, Sendable {
        case messageActions(messageID: Int64)
        case emojiPicker(messageID: Int64)
        case settings
        case keyHelp
    }

    public var route: Route
    public var navigation: NavigationStack
    public var settings: Settings
    public var channels: [ChatChannel] = []
    public var channelID: Int64 = 0
    /// The newest page of the current channel, oldest first.
    public var messages: [ChatMessage] = []
    /// Replies per msgid in the current page.
    public var replyCounts: [String: Int] = [:]
    public var threadMessages: [ChatMessage] = []
    /// The first unread message when the channel was opened, for the "New messages" marker.
    public var firstUnreadID: Int64?
    public var composer = ""
    public var threadComposer = ""
    public var pickerQuery = ""
    public var channelQuery = ""
    public var typing: [String] = []
    public var connection: String = "Local workspace"
    /// The user's own name, to tell their messages from others'.
    public var nick = "you"
    public var sheets: PresentationCoordinator
    public var sheetKinds: [SheetID: SheetKind] = [:]
    public var drawer: Drawer

    public init(settings: Settings, onboarded: Bool, terminalRows: Int) {
        self.settings = settings
        let onboarding = Screen(identifier: "onboarding", title: "Welcome", isHead: true, firstElementIdentifier: "onboarding.title")
        let main = Screen(identifier: "main", title: "Main", isHead: true, firstElementIdentifier: "main.header")
        self.navigation = NavigationStack(root: onboarded ? main : onboarding)
        self.route = onboarded ? .main : .onboarding(step: 1)
        self.sheets = PresentationCoordinator(terminalRows: terminalRows, reduceMotion: settings.display.reduceMotion)
        self.drawer = Drawer(
            configuration: DrawerConfiguration(title: "Channels", firstElementIdentifier: "drawer.search"),
            terminalRows: terminalRows, state: .compressed, reduceMotion: settings.display.reduceMotion)
    }

    public var channel: ChatChannel? { channels.first { $0.id == channelID } }
    public var channelName: String { channel?.name ?? "#welcome" }

    /// The sheet on top, if any, and what it shows.
    public var activeSheet: (id: SheetID, kind: SheetKind, sheet: Sheet)? {
        guard let entry = sheets.activeSheet, let kind = sheetKinds[entry.id] else { return nil }
        return (entry.id, kind, entry.sheet)
    }

    public func message(id: Int64) -> ChatMessage? {
        messages.first { $0.id == id } ?? threadMessages.first { $0.id == id }
    }
}
