import Accessibility

/// Add a server by voice: its host, port, secure connection, nick, channels, the account to
/// sign in with and the name of the environment variable that holds the password (never the
/// password itself). Enter in any field, or on Connect, checks it, saves it to the settings
/// file (its comments kept) and connects at once.
enum AddServerSheet {
    static let title = "Add a server"

    static func build(_ state: AppState, into b: inout ScreenTree.Builder) -> [Element] {
        func field(_ part: ServerField, _ label: String, _ hint: String) -> Element {
            b.field(
                .serverField(part), label, text: state.serverDraft[part] ?? "", edits: .server(part), hint: hint,
                activate: .connectServer)
        }
        return [
            field(.host, "Host", "Type the server's name, such as irc.libera.chat."),
            field(.port, "Port", "Type the port: 6697 for a secure connection, 6667 for a plain one."),
            b.make(
                .serverTLS,
                Element(
                    label: "Secure connection", traits: state.serverTLS ? [.toggleButton, .selected] : .toggleButton,
                    hint: "Press Enter to switch the secure connection on or off."),
                ElementBehaviour(activate: .toggleServerTLS)),
            field(.nick, "Nick", "Type the nick others will see."),
            field(.channels, "Channels", "Type the channels to join, such as #earshot, with spaces between them."),
            field(.account, "Account, optional", "Type the account name to sign in with, if you have one."),
            field(
                .passwordVariable, "Password variable, optional",
                "Type the name of the environment variable that holds the password, never the password itself."),
            b.make(
                .serverConnect,
                Element(label: "Connect", traits: .button, hint: "Press Enter to save this server and connect."),
                ElementBehaviour(activate: .connectServer)),
        ]
    }
}
