import Accessibility
import Chat
import Foundation
import Testing

@testable import App
@testable import ClientCore

/// A message's links among its actions: each opened (where a desktop can) or copied on its own.
@Suite struct LinkActionsTests {
    @Test func linksAreFoundWithoutTheSentencesPunctuation() {
        #expect(
            Links.find(in: "see (https://example.com/docs), or www.example.org. Not http:// alone")
                == ["https://example.com/docs", "www.example.org"])
        #expect(Links.find(in: "no links here: example dot com").isEmpty)
        #expect(Links.address("www.example.org") == "https://www.example.org")
        #expect(Links.find(in: (1...9).map { "https://e.com/\($0)" }.joined(separator: " ")).count == Links.limit)
    }

    /// The actions of a message with a link, focused and opened as a listener would.
    static func actions(desktop: Bool, clipboard: Bool = true) -> AppCore {
        var (core, _) = AppCoreTests.openCore(desktop: desktop, clipboard: clipboard)
        let message = ChatMessage(
            id: 300, channelID: 10, author: "kim", text: "docs at https://example.com/docs.", time: Date())
        _ = core.handle(.chat(.messages([message])), at: .seconds(1))
        _ = core.navigator.focus(identifier: ElementID.message(300).identifier)
        _ = core.handle(.key(.character("a")), at: .seconds(2))
        _ = IRCEventsCoreTests.finishTransitions(&core, at: 3)
        return core
    }

    static func press(_ id: ElementID, _ core: inout AppCore, at second: Int) -> [AppEffect] {
        _ = core.handle(.key(.key(.up, [.shift])), at: .seconds(second))  // all the actions shown
        _ = IRCEventsCoreTests.finishTransitions(&core, at: second)
        _ = core.navigator.focus(identifier: id.identifier)
        // The actions close first, as for Copy text; then it is done.
        return core.handle(.key(.enter), at: .seconds(second + 1))
            + IRCEventsCoreTests.finishTransitions(&core, at: second + 2)
    }

    @Test func aLinkIsCopiedOnItsOwnAndOpenedOnlyWhereADesktopCan() {
        let link = "https://example.com/docs"
        var core = Self.actions(desktop: false)
        var labels: [String] = []
        core.tree.root.walk { element, _ in
            if element.identifier?.hasPrefix("actions.") == true { labels.append(element.label) }
            return true
        }
        #expect(labels.contains("Open \(link)") && labels.contains("Copy \(link)"), "\(labels)")
        #expect(
            SpokenText.prepare("Open \(link)", punctuation: .some) == "Open link example.com slash docs",
            "the link is read as a link once")
        #expect(!labels.contains("Pin") && !labels.contains("Share link"), "no actions that only refuse")

        let copied = Self.press(.copyLink(link), &core, at: 4)
        #expect(copied.contains(.copy(link)), "\(copied)")
        #expect(AppCoreTests.spoken(copied).contains("Copied"))

        // No desktop (over SSH): opening copies instead, and says so.
        var remote = Self.actions(desktop: false)
        let notOpened = Self.press(.openLink(link), &remote, at: 4)
        #expect(notOpened.contains(.copy(link)))
        #expect(!notOpened.contains { if case .openLink = $0 { true } else { false } })
        #expect(AppCoreTests.spoken(notOpened).contains { $0.hasPrefix("Link copied: no browser here can open it") })
        #expect(
            !AppCoreTests.spoken(notOpened).contains { $0.hasPrefix("More actions") },
            "\(AppCoreTests.spoken(notOpened))")

        var desk = Self.actions(desktop: true)
        let opened = Self.press(.openLink(link), &desk, at: 4)
        #expect(opened.contains(.openLink(link)), "\(opened)")
        #expect(AppCoreTests.spoken(opened).contains("Opening it in the browser"))
    }

    /// Where the terminal is known to drop a program's copy, "Copied" would be untrue: it says so.
    @Test func aTerminalKnownNotToTakeACopySaysSo() {
        var core = Self.actions(desktop: false, clipboard: false)
        let copied = Self.press(.copyLink("https://example.com/docs"), &core, at: 4)
        #expect(
            AppCoreTests.spoken(copied).contains { $0.hasPrefix("Not copied: this terminal does not take copies") },
            "\(AppCoreTests.spoken(copied))")
        #expect(!AppCoreTests.spoken(copied).contains("Copied"))
        #expect(LinkOpener.terminalTakesCopies(["TERM": "xterm-256color"]))
        #expect(!LinkOpener.terminalTakesCopies(["TERM": "linux"]), "the Linux console")
        #expect(!LinkOpener.terminalTakesCopies(["TERM": "xterm-256color", "VTE_VERSION": "7600"]), "GNOME Terminal")
        #expect(LinkOpener.terminalTakesCopies(["TERM": "tmux-256color", "TMUX": "/tmp/t,1,0", "VTE_VERSION": "7600"]))
    }

    @Test func aDesktopIsADisplayNotOverSSH() {
        let display = ["DISPLAY": ":0", "PATH": ProcessInfo.processInfo.environment["PATH"] ?? ""]
        #expect(!LinkOpener.desktop(["PATH": display["PATH"]!]), "no display")
        #expect(!LinkOpener.desktop(display.merging(["SSH_CONNECTION": "10.0.0.1 5 10.0.0.2 22"]) { $1 }))
        // A display and xdg-open (where it is installed) make a desktop.
        #expect(LinkOpener.desktop(display) == (LinkOpener.opener != nil))
    }
}
