import Settings

/// The name of every element Earshot shows, typed: what tests find, focus targets and
/// notifications address. ``identifier`` is the string the element carries; the core never
/// reads an identifier back into an `ElementID`, it looks up what an element does in the
/// ``ScreenTree``'s behaviours instead.
///
/// ```swift
/// ElementID.message(42).identifier  // "message.42"
/// ```
public enum ElementID: Hashable, Sendable {
    case root
    case onboardingScreen, onboardingTitle, onboardingIntro, onboardingTextSize, onboardingSample
    case onboardingRate, onboardingIRCNote, onboardingContinue
    case mainScreen, mainHeader, newMessages
    case day(String)
    case log, typingRegion, typing, composer, settingsButton
    case message(Int64)
    /// A run of joins, parts, quits and nick changes, and one event of it listed.
    case memberRun(Int)
    case memberEvent(run: Int, index: Int)
    case drawer, drawerSearch
    case channel(Int64)
    case network(Int64)
    case threadScreen, threadHeader, threadComposer
    case sheet, sheetTitle, moreActions
    case react(String)
    case addReaction, reply, markUnread, copy, viewReactions
    case openLink(String)
    /// An action of an element's actions sheet, by its place.
    case elementAction(Int)
    case copyLink(String)
    case pickerSearch, pickerClear, pickerNone, pickerMore
    case pickerEmoji(String)
    /// A setting's control in the settings sheet.
    case setting(SettingKey)
    case sample
    case help(Int)
    case spoken(Int)
    case searchField, searchNone
    case searchResult(Int64)
    case member(String)
    case channelSpeech, channelLanguage, channelNames, channelLeave
    case pronounce
    case addServer, onboardingAddServer
    case serverField(ServerField)
    case serverTLS, serverConnect

    /// The string the element carries as its `identifier`.
    public var identifier: String {
        switch self {
        case .root: "root"
        case .addServer: "settings.addServer"
        case .onboardingAddServer: "onboarding.addServer"
        case .serverField(let field): "server.\(field.rawValue)"
        case .serverTLS: "server.tls"
        case .serverConnect: "server.connect"
        case .onboardingScreen: "screen.onboarding"
        case .onboardingTitle: "onboarding.title"
        case .onboardingIntro: "onboarding.intro"
        case .onboardingTextSize: "onboarding.textSize"
        case .onboardingSample: "onboarding.sample"
        case .onboardingRate: "onboarding.rate"
        case .onboardingIRCNote: "onboarding.ircNote"
        case .onboardingContinue: "onboarding.continue"
        case .mainScreen: "screen.main"
        case .mainHeader: "main.header"
        case .newMessages: "main.newMessages"
        case .day(let day): "day.\(day)"
        case .log: "main.log"
        case .typingRegion: "main.typingRegion"
        case .typing: "main.typing"
        case .composer: "main.composer"
        case .settingsButton: "main.settings"
        case .message(let id): "message.\(id)"
        case .memberRun(let id): "run.\(id)"
        case .memberEvent(let run, let index): "run.\(run).\(index)"
        case .drawer: "drawer"
        case .drawerSearch: "drawer.search"
        case .channel(let id): "channel.\(id)"
        case .threadScreen: "screen.thread"
        case .threadHeader: "thread.header"
        case .threadComposer: "thread.composer"
        case .sheet: "sheet"
        case .sheetTitle: "sheet.title"
        case .moreActions: "actions.more"
        case .react(let name): "actions.react.\(name)"
        case .addReaction: "actions.addReaction"
        case .reply: "actions.reply"
        case .markUnread: "actions.markUnread"
        case .copy: "actions.copy"
        case .openLink(let link): "actions.openLink.\(link)"
        case .elementAction(let index): "actions.element.\(index)"
        case .copyLink(let link): "actions.copyLink.\(link)"
        case .viewReactions: "actions.viewReactions"
        case .pickerSearch: "picker.search"
        case .pickerClear: "picker.clear"
        case .pickerNone: "picker.none"
        case .pickerMore: "picker.more"
        case .pickerEmoji(let name): "picker.\(name)"
        case .setting(let key): "settings.\(key.dotted)"
        case .sample: "settings.sample"
        case .help(let index): "help.\(index)"
        case .spoken(let index): "spoken.\(index)"
        case .searchField: "search.field"
        case .searchNone: "search.none"
        case .searchResult(let id): "search.\(id)"
        case .member(let nick): "member.\(nick)"
        case .network(let id): "network.\(id)"
        case .channelSpeech: "channel.speech"
        case .channelLanguage: "channel.language"
        case .pronounce: "action.pronounce"
        case .channelNames: "channel.names"
        case .channelLeave: "channel.leave"
        }
    }
}
