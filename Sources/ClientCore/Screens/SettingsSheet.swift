import Accessibility
import Settings

/// Settings: every setting of the table (``Settings/table``) that has a control, in its order
/// (the text size with a sample message after it), then Add a server. Toggles carry their
/// state in the `selected` trait only, so it is said once.
enum SettingsSheet {
    static func build(_ state: AppState, into b: inout ScreenTree.Builder) -> [Element] {
        var items: [Element] = []
        // With speech off, braille is always at the reader's pace: no choice to show.
        for descriptor in Settings.table
        where descriptor.control != .fileOnly && !(descriptor.key == .braillePaced && state.pacedAlways) {
            items.append(Controls.setting(descriptor.key, state.settings, id: .setting(descriptor.key), into: &b))
            if descriptor.key == .textSize { items.append(Controls.sample(id: .sample, into: &b)) }
        }
        items.append(
            b.make(
                .addServer,
                Element(
                    label: "Add a server", traits: .button,
                    hint: "Press Enter to add an IRC server: it is saved in the settings and connected at once."),
                ElementBehaviour(activate: .openAddServer)))
        return items
    }
}
