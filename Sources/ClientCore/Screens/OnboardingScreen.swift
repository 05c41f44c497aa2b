import Accessibility
import Typography

/// Onboarding: welcome, text size, speech rate, connect; four steps pushed on the navigation
/// stack, so Back goes to the step before and Main (a head screen) ends it for good.
package enum OnboardingScreen {
    package static let steps = 4

    package static func title(step: Int) -> String { "Step \(step) of \(steps)" }

    static func build(_ state: AppState, step: Int, into b: inout ScreenTree.Builder) -> Element {
        let last = step == steps
        let next = b.make(
            .onboardingContinue,
            Element(
                label: last ? "Use the local workspace" : "Continue", traits: .button,
                hint: last
                    ? "Press Enter to open #welcome, which teaches the keys." : "Press Enter to go to the next step."),
            ElementBehaviour(activate: last ? .chooseLocalWorkspace : .onboardingContinue))
        var items: [Element] = []
        // The first step's heading says how to go on: a first-time listener hears it before
        // the paragraph that explains the keys, which needs Right to reach.
        func heading(_ text: String) -> Element {
            b.make(
                .onboardingTitle,
                Element(
                    label: text, traits: .header,
                    hint: step == 1 ? "Press Right to read on, and Enter on Continue to go to the next step." : "",
                    headingLevel: 1))
        }
        switch step {
        case 1:
            items = [
                heading("Welcome to Earshot"),
                b.make(
                    .onboardingIntro,
                    Element(
                        label:
                            "Earshot speaks everything it shows. Right and Left move between items, Enter activates, Escape goes back, and question mark lists every key.",
                        traits: .staticText)),
            ]
        case 2:
            items = [
                heading("Text size"),
                Controls.setting(.textSize, state.settings, id: .onboardingTextSize, into: &b),
                Controls.sample(id: .onboardingSample, into: &b),
            ]
        case 3:
            items = [
                heading("Speech rate"), Controls.setting(.speechRate, state.settings, id: .onboardingRate, into: &b),
            ]
        default:
            items = [
                heading("Connect"),
                b.make(
                    .onboardingIRCNote,
                    Element(
                        label:
                            "Add an IRC server now, or start in the local workspace, where #welcome teaches the keys. Settings can add a server later.",
                        traits: .staticText)),
                b.make(
                    .onboardingAddServer,
                    Element(
                        label: "Add a server", traits: .button,
                        hint: "Press Enter to type the server's name, your nick and channels, then connect."),
                    ElementBehaviour(activate: .openAddServer)),
            ]
        }
        return b.make(
            .onboardingScreen, Element(label: "Welcome, step \(step) of \(steps)", children: items + [next]))
    }
}
