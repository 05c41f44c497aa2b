/// Routes Escape to the innermost thing that is open: sheet, then drawer, then screen.
///
/// 1. A sheet is up (or on its way): the coordinator dismisses the top sheet (queued during a
///    transition).
/// 2. Else the drawer is open (expanded or full height): it collapses to compressed.
/// 3. Else the screen goes back; at a head screen that says "Nothing to go back to".
///
/// ```swift
/// let result = EscapeChain.handle(coordinator: &coordinator, drawer: &drawer, navigation: &stack)
/// result.handler  // .sheet, .drawer or .screen
/// ```
public enum EscapeChain {
    /// Which part handled Escape.
    public enum Handler: Hashable, Sendable, CaseIterable {
        case sheet
        case drawer
        case screen
    }

    /// What handling Escape produced, by the part that handled it.
    public enum Result<Payload: Hashable & Sendable>: Hashable, Sendable {
        case sheet([PresentationCoordinator<Payload>.Action])
        case drawer(Drawer.Action)
        case screen(NavigationStack.Action)

        /// The part that handled Escape.
        public var handler: Handler {
            switch self {
            case .sheet: .sheet
            case .drawer: .drawer
            case .screen: .screen
            }
        }
    }

    /// Which part Escape goes to, without changing anything.
    ///
    /// ```swift
    /// EscapeChain.route(hasSheet: false, drawerState: .expanded)  // .drawer
    /// ```
    public static func route(hasSheet: Bool, drawerState: Drawer.State?) -> Handler {
        if hasSheet { return .sheet }
        if let drawerState, drawerState != .compressed { return .drawer }
        return .screen
    }

    /// Send Escape to the part ``route(hasSheet:drawerState:)`` picks.
    ///
    /// ```swift
    /// EscapeChain.handle(coordinator: &coordinator, drawer: &drawer, navigation: &stack)
    /// ```
    public static func handle<Payload>(
        coordinator: inout PresentationCoordinator<Payload>, drawer: inout Drawer?,
        navigation: inout NavigationStack
    ) -> Result<Payload> {
        switch route(hasSheet: coordinator.hasSheet, drawerState: drawer?.state) {
        case .sheet:
            return .sheet(coordinator.dismiss(.escape))
        case .drawer:
            guard var open = drawer else { return .screen(navigation.pop()) }
            let action = open.collapse()
            drawer = open
            return .drawer(action)
        case .screen:
            return .screen(navigation.pop())
        }
    }
}
