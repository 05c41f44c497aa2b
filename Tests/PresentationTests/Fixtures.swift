import Accessibility

@testable import Presentation

/// Shared configurations and helpers for the Presentation tests.
enum Fixtures {
    static let terminalRows = 24

    /// Nine actions, four in short form: short form is 7 rows (title, 4, More, grabber), long 23.
    static let messageActions = SheetConfiguration(
        title: "Message actions",
        actionIdentifiers: ["reply", "react", "copy", "pin", "edit", "delete", "mark", "share", "info"],
        shortFormActionCount: 4,
        moreActionsIdentifier: "more")

    static let channels = DrawerConfiguration(
        title: "Channels", firstElementIdentifier: "channels.first",
        compressedHeight: .rows(3), expandedHeight: .rows(12), fullHeight: .maxHeight)

    /// A sheet brought to `state` the ordinary way.
    static func sheet(
        in state: Sheet.State, configuration: SheetConfiguration = messageActions,
        reduceMotion: Bool = false
    ) -> Sheet {
        var sheet = Sheet(configuration: configuration, terminalRows: terminalRows, reduceMotion: false)
        switch state {
        case .dismissed:
            break
        case .presenting:
            _ = sheet.present(openedBy: "opener")
        case .shortForm:
            _ = sheet.present(openedBy: "opener")
            _ = sheet.transitionFinished()
        case .longForm:
            _ = sheet.present(openedBy: "opener")
            _ = sheet.transitionFinished()
            _ = sheet.expand()
        case .dismissing:
            _ = sheet.present(openedBy: "opener")
            _ = sheet.transitionFinished()
            _ = sheet.dismiss(.escape)
        }
        sheet.reduceMotion = reduceMotion
        return sheet
    }

    /// The notification an action posts, if any.
    static func notification(_ action: Sheet.Action) -> PanelNotification? {
        if case .settle(_, let notification) = action { return notification }
        return nil
    }

    static func notification(_ action: Drawer.Action) -> PanelNotification? {
        if case .settle(_, let notification) = action { return notification }
        return nil
    }

    static func notifications(_ actions: [PresentationCoordinator<NoPayload>.Action]) -> [PanelNotification] {
        actions.compactMap {
            if case .sheet(_, let action) = $0 { return notification(action) }
            return nil
        }
    }
}
