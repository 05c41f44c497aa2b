import Accessibility

/// A run of joins, parts, quits and nick changes (``MemberRun``) in the channel's log: one
/// element that counts them and names who ("3 people joined, 2 left: kim, bob, ada and 2 more"),
/// and, expanded, one element per event after it. A run of one is that event alone.
enum MemberRunElements {
    static func build(_ run: MemberRun, into b: inout ScreenTree.Builder) -> [Element] {
        guard run.count > 1 else {
            return run.events.map { event in
                b.make(.memberRun(run.id), Element(label: event.text, traits: .staticText))
            }
        }
        // A label is written as shown: the phrase book's marks around nicks are for its own sentences.
        let summary = SpokenText.unmarked(
            Wording.sentence(
                .people(
                    .run(
                        joined: run.joined, left: run.left, renamed: run.renamed, nicks: run.nicks,
                        unlisted: run.count - run.events.count))))
        let gather = ElementBehaviour.Action(name: "Show together", intent: .expandRun(run.id, false))
        let spread = ElementBehaviour.Action(name: "Show each", intent: .expandRun(run.id, true))
        var elements = [
            b.make(
                .memberRun(run.id),
                Element(
                    label: summary, value: run.expanded ? "each listed" : "", traits: .staticText,
                    hint: run.expanded
                        ? "Each one follows. Press Enter to gather them into one." : "Press Enter to list each one."),
                ElementBehaviour(activate: .expandRun(run.id, !run.expanded), actions: [run.expanded ? gather : spread])
            )
        ]
        guard run.expanded else { return elements }
        for (index, event) in run.events.enumerated() {
            elements.append(
                b.make(
                    .memberEvent(run: run.id, index: index), Element(label: event.text, traits: .staticText),
                    ElementBehaviour(actions: [gather])))
        }
        if run.count > run.events.count {
            elements.append(
                b.make(
                    .memberEvent(run: run.id, index: run.events.count),
                    Element(
                        label: Wording.sentence(.people(.runMore(run.count - run.events.count))), traits: .staticText),
                    ElementBehaviour(actions: [gather])))
        }
        return elements
    }
}
