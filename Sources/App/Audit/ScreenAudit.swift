import Accessibility
import Braille
import Chat
import Foundation
import Presentation
import Settings

/// Every screen the client ships, built from real state, for `earshot audit` and the tests.
public enum ScreenAudit {
    /// Each screen and sheet by name, with its tree.
    public static func trees(
        workspace: LocalWorkspace, settings: Settings = Settings()
    ) -> [(name: String, tree: Element)] {
        var result: [(String, Element)] = []
        var state = AppState(
            settings: settings, onboarded: false, terminalRows: 24, localTime: .system(), emoji: .installed,
            localNetworkID: workspace.network.id)
        for step in 1...OnboardingScreen.steps {
            if step > 1 {
                _ = state.push(
                    .onboarding(step: step), title: OnboardingScreen.title(step: step), focus: nil, from: nil)
            }
            result.append(("Onboarding step \(step)", Screens.tree(state).root))
        }
        state = AppState(
            settings: settings, onboarded: true, terminalRows: 24, localTime: .system(), emoji: .installed,
            localNetworkID: workspace.network.id)
        state.channelID = workspace.welcome.id
        state.channels = (try? workspace.store.channels(network: workspace.network.id)) ?? []
        let page = (try? workspace.store.newestPage(in: workspace.welcome.id)) ?? []
        state.messages = page.filter { $0.replyTo == nil }
        for message in page {
            guard let parent = message.replyTo else { continue }
            state.replyCounts[parent, default: 0] += 1
            if !message.heard { state.unreadReplies[parent, default: []].insert(message.id) }
        }
        state.typing = ["Bob"]
        state.networks = [workspace.network]
        result.append(("Main", Screens.tree(state).root))
        for drawerState in [Drawer.State.expanded, .fullHeight] {
            var drawerSnapshot = state
            _ = drawerState == .expanded ? drawerSnapshot.drawer.expand() : drawerSnapshot.drawer.move(to: .fullHeight)
            result.append(
                ("Channel drawer, \(ChannelDrawer.stateName(drawerState))", Screens.tree(drawerSnapshot).root))
        }
        if let root = state.messages.first(where: { ($0.msgid.flatMap { state.replyCounts[$0] } ?? 0) > 0 })
            ?? state.messages.first
        {
            var thread = state
            _ = thread.push(.thread(rootID: root.id), title: "Thread", focus: nil, from: nil)
            thread.threadMessages =
                [root] + ((root.msgid.flatMap { try? workspace.store.replies(to: $0, channel: root.channelID) }) ?? [])
            result.append(("Thread", Screens.tree(thread).root))
            let kinds: [(String, AppState.SheetKind)] = [
                ("Message actions", .messageActions(messageID: root.id)),
                ("Emoji picker", .emojiPicker(messageID: root.id)),
                ("Settings", .settings), ("Key help", .keyHelp), ("Speech history", .speechHistory),
                ("Search", .search), ("Channel actions", .channelActions(channelID: state.channelID)),
                ("People", .names(channelID: state.channelID)), ("Add a server", .addServer),
            ]
            for (name, kind) in kinds {
                var base = state
                if kind == .search {
                    base.searchQuery = "react"
                    base.searchResults = (try? workspace.store.search("react", limit: 30)) ?? []
                }
                if kind == .speechHistory {
                    base.speechHistory = [
                        SpokenEntry(text: "hash welcome, 5 unread", voice: .announcer),
                        SpokenEntry(text: "Message hash welcome, text field.", voice: .reader),
                    ]
                }
                for expand in [false, true] {
                    var sheetState = base
                    _ = sheetState.sheets.present(
                        SheetScreen.configuration(kind, state: base), openedBy: ElementID.composer.identifier,
                        payload: kind)
                    _ = sheetState.sheets.transitionFinished()
                    if expand { _ = sheetState.sheets.expand() }
                    sheetState.sheetsShownThrough = sheetState.sheets.entries.last?.id
                    result.append(("\(name)\(expand ? ", long form" : "")", Screens.tree(sheetState).root))
                }
            }
        }
        return result
    }

    /// Audit findings per screen; empty when every shipped screen is clean.
    public static func findings(workspace: LocalWorkspace) -> [(screen: String, finding: AuditFinding)] {
        let audit = Audit()
        return trees(workspace: workspace).flatMap { screen in
            audit.run(on: screen.tree).map { (screen.name, $0) }
                + brailleFindings(screen.tree).map { (screen.name, $0) }
        }
    }

    /// Each focusable element's braille line, on displays of 20, 40 and 80 cells: not empty,
    /// nothing a display cannot show, and every cell in some window.
    static func brailleFindings(_ tree: Element) -> [AuditFinding] {
        var found: [AuditFinding] = []
        tree.walk { element, path in
            guard element.isFocusable else { return true }
            let line = AppCore.brailleLine(element, caret: nil, emoji: .shared)
            let location = element.label.isEmpty ? "(unlabelled)" : element.label
            if line.text.isEmpty
                || line.text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            {
                found.append(
                    AuditFinding(
                        rule: .brailleEmpty, path: path, location: location,
                        message: "its braille line is \"\(line.text)\""))
            }
            let rendering = BrailleRendering.computer(line)
            for width in [20, 40, 80] {
                // Every cell but a blank between two windows is in one of them.
                var shown = Set<Int>()
                for start in rendering.windowStarts(width: width) {
                    let window = rendering.window(from: start, width: width)
                    let end = start + width
                    if case .text(let text) = window.content {
                        let used = text.count - text.reversed().prefix { $0 == " " }.count
                        shown.formUnion(start..<min(end, start + max(used, 0)))
                    }
                }
                if let missing = (0..<rendering.count).first(where: { !shown.contains($0) && !rendering.isBlank($0) }) {
                    found.append(
                        AuditFinding(
                            rule: .brailleCut, path: path, location: location,
                            message: "cell \(missing) is in no window of \(width) cells"))
                }
            }
            return true
        }
        return found
    }
}

extension ScreenAudit {
    /// `earshot audit`: audits every shipped screen, built on a scratch workspace; returns the
    /// report and whether it is clean.
    public static func report() throws -> (text: String, passed: Bool) {
        let directory = NSTemporaryDirectory() + "earshot-audit-\(ProcessInfo.processInfo.processIdentifier)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let workspace = try LocalWorkspace(
            store: try ChatStore(path: directory + "/audit.sqlite"), lesson: Wording.lesson)
        let screens = trees(workspace: workspace)
        let found = findings(workspace: workspace)
        var text = "Accessibility audit of \(screens.count) screens and sheets:\n"
        for screen in screens {
            let own = found.filter { $0.screen == screen.name }
            text += "  \(screen.name): \(own.isEmpty ? "no findings" : "\(own.count) findings")\n"
            for item in own { text += "    \(item.finding)\n" }
        }
        text += found.isEmpty ? "No findings.\n" : "\(found.count) findings.\n"
        return (text, found.isEmpty)
    }
}
