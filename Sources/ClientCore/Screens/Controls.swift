import Accessibility
import Settings
import Typography

/// Controls that appear on more than one screen: a setting of the table (``Settings/table``)
/// as a toggle or an adjustable, and the sample message that shows the text size.
enum Controls {
    /// `key`'s control, its name, value and hint from the table, its steps the table's.
    static func setting(
        _ key: SettingKey, _ settings: Settings, id: ElementID, into b: inout ScreenTree.Builder
    )
        -> Element
    {
        let (label, hint) = (Wording.settingLabel(key), Wording.settingHint(key))
        if let descriptor = Settings.descriptor(key), descriptor.control == .toggle {
            let on = descriptor.isOn(in: settings)
            return b.make(
                id, Element(label: label, traits: on ? [.toggleButton, .selected] : .toggleButton, hint: hint),
                ElementBehaviour(activate: .adjust(key, by: 1)))
        }
        return b.make(
            id,
            Element(label: label, value: Wording.settingValue(key, in: settings), traits: .adjustable, hint: hint),
            ElementBehaviour(increment: .adjust(key, by: 1), decrement: .adjust(key, by: -1)))
    }

    static func sample(id: ElementID, into b: inout ScreenTree.Builder) -> Element {
        b.make(
            id, Element(label: "Sample message", value: "Alice, 10:42: The build is green again.", traits: .staticText))
    }
}
