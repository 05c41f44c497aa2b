import Accessibility

/// Screens pushed and popped horizontally, with head screens that reset the stack.
///
/// - Pushing a screen shows it: `screenChanged` focusing its first element, saying its title.
/// - Pushing a head screen (Main after Onboarding) removes every screen below it, so Back can
///   never return to onboarding.
/// - Back (``pop()``) shows the screen below and returns focus to the element that pushed the
///   one that went. At a head screen, or the only screen, Back changes nothing and says
///   "Nothing to go back to".
///
/// ```swift
/// var stack = NavigationStack(root: Screen(identifier: "onboarding", title: "Welcome"))
/// stack.push(Screen(identifier: "main", title: "Earshot", isHead: true), from: "welcome.done")
/// stack.pop()  // .stayed(.announcement("Nothing to go back to", priority: .default))
/// ```
public struct NavigationStack: Hashable, Sendable {
    /// A screen with the element that pushed it.
    public struct Entry: Hashable, Sendable {
        /// The screen.
        public var screen: Screen
        /// Identifier of the element (on the screen below) that pushed it.
        public var openerIdentifier: String?
    }

    /// What the caller must do after an event.
    public enum Action: Hashable, Sendable {
        /// Show `screen` and post the notification.
        case show(Screen, PanelNotification)
        /// Nothing changed; post the notification.
        case stayed(PanelNotification)
    }

    /// Screens, bottom first; never empty.
    public private(set) var entries: [Entry]

    /// A stack holding `root`.
    ///
    /// ```swift
    /// NavigationStack(root: Screen(identifier: "main", title: "Earshot", isHead: true))
    /// ```
    public init(root: Screen) {
        entries = [Entry(screen: root, openerIdentifier: nil)]
    }

    /// The screen on top.
    public var top: Screen { entries[entries.count - 1].screen }

    /// The screens, bottom first.
    public var screens: [Screen] { entries.map(\.screen) }

    /// Whether Back would go somewhere.
    public var canGoBack: Bool { entries.count > 1 && !top.isHead }

    /// Push `screen`, opened by the element `opener`; a head screen clears the stack below it.
    ///
    /// ```swift
    /// stack.push(Screen(identifier: "channel.general", title: "#general"), from: "channels.general")
    /// ```
    public mutating func push(_ screen: Screen, from opener: String? = nil) -> Action {
        let entry = Entry(screen: screen, openerIdentifier: opener)
        if screen.isHead {
            entries = [entry]
        } else {
            entries.append(entry)
        }
        return .show(
            screen, .screenChanged(focus: screen.firstElementIdentifier, announcing: .screen(title: screen.title)))
    }

    /// Go back one screen; at a head screen (or the only screen) say "Nothing to go back to" and stay.
    ///
    /// ```swift
    /// stack.pop()  // .show(main, .screenChanged(focus: "channels.general", announcing: "Earshot"))
    /// ```
    public mutating func pop() -> Action {
        guard canGoBack else {
            return .stayed(.announcement(.nothingToGoBack))
        }
        let gone = entries.removeLast()
        return .show(top, .screenChanged(focus: gone.openerIdentifier, announcing: .screen(title: top.title)))
    }
}
