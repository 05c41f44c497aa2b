import Accessibility
import Presentation
import SpeechVocabulary
import Terminal
import Typography

extension AppCore {
    mutating func handle(key: KeyEvent) {
        switch key {
        case .resize(let columns, let rows):
            effects.append(.resize(columns: columns))
            perform(state.sheets.resize(terminalRows: rows))
            perform(drawer: state.drawer.resize(terminalRows: rows), announce: false)
        case .mouse(let mouse):
            handle(mouse: mouse)
        case .key(.tab, []) where complete():
            return
        case _ where state.fields.pendingPaste != nil:
            confirmPaste(send: key == .enter)
        case .character(let typed) where Self.isTypingRun(sheetFlow.afterSheets):
            // The actions `a` opened are going: every character joins the word, Space too.
            typedOutsideAField(String(typed))
        case .paste(let typed) where Self.isTypingRun(sheetFlow.afterSheets):
            typedOutsideAField(typed)
        case .character(" ")
        where state.activeSheet?.kind == .speechHistory && !state.spokenSearch.text.isEmpty
            && now - state.spokenSearch.at <= Self.typingRun:
            // A space within a search of the speech history is part of what is looked for.
            findSpoken(" ")
        case _ where state.quitAsked:
            // "Quit now? Enter quits, Escape stays": any key but Enter stays.
            state.quitAsked = false
            if key == .enter { return quit(asking: false) }
            say(Wording.sentence(.notQuitting), .default, .announcer)
        default:
            let editing = focusIsEditable
            // The listener did something: the next message names its writer again, and a rest
            // on an element is broken.
            announcer.forgetSpeaker()
            hintTutor.keyPressed()
            guard var command = KeyMap.command(for: key, editing: editing) else { return stopSayAllForKey() }
            if command == .actions, case .character(let letter) = key, state.activeSheet?.kind == .speechHistory,
                !state.spokenSearch.text.isEmpty, now - state.spokenSearch.at <= Self.typingRun
            {
                // Inside a word typed to find what was said, `a` is a letter ("reacted").
                command = .type(String(letter))
            }
            // Alt-S pauses say-all and resumes it; every other key ends it.
            if command != .sayAll && command != .pauseSpeech { stopSayAllForKey() }
            if case .type = command {} else { keyMemory.refusedTyping = false }
            if case .caret = command {} else { keyMemory.caretEdge = nil }
            let actionsBefore = keyMemory.actionsKey
            perform(command)
            // Where typing began is kept only while typing goes on in the field.
            if state.fields.typedFrom != nil, navigator.focusedElement?.identifier != ElementID.composer.identifier {
                state.fields.typedFrom = nil
            }
            // `a` that opened a message's actions, or found none ("No actions", on a button),
            // may yet be the first letter of a word.
            let onMessageActions: Bool =
                if case .messageActions? = state.sheets.activeSheet?.payload { true } else { false }
            if command == .actions, case .character(let typed) = key, onMessageActions || !state.sheets.hasSheet {
                keyMemory.actionsKey = (String(typed), now)
            } else if actionsBefore != nil, keyMemory.actionsKey != nil, command != .actions {
                keyMemory.actionsKey = nil
            }
        }
    }

    /// Carries out one key command.
    mutating func perform(_ command: KeyMap.Command) {
        let focused = navigator.focusedElement
        let behaviour = tree.behaviour(focused?.identifier)
        switch command {
        case .next: moved(navigator.next())
        case .previous: moved(navigator.previous())
        case .first: moved(navigator.first())
        case .last: moved(navigator.last())
        case .nextRotor: moved(navigator.nextRotorSetting())
        case .previousRotor: moved(navigator.previousRotorSetting())
        case .activate:
            let intent = keyMemory.chosenAction.flatMap { behaviour?.action(named: $0) } ?? behaviour?.activate
            // Enter on what does nothing (a heading, a text) is answered, never silence.
            if intent == nil, focused != nil, !focusIsEditable { return say(.reading(.noActions), .default, .reader) }
            operate(intent)
        case .up, .down:
            let up = command == .up
            if let focused, focused.traits.contains(.adjustable) {
                operate(up ? behaviour?.increment : behaviour?.decrement)
            } else {
                let action = up ? navigator.up() : navigator.down()
                if navigator.rotor == .actions, case .say(let name) = action { keyMemory.chosenAction = name }
                speak(action)
            }
        case .escape:
            // In the conversation's message field, or a thread's reply field, Escape leaves the
            // field for the messages above it (as the lesson says), the drawer open or not (the
            // next Escape closes it); in a sheet it goes on as Escape does, and from the
            // thread's messages it goes back.
            if behaviour?.edits == .composer, !state.sheets.hasSheet, state.route == .main {
                // Back to the message typing began on, when it did on one.
                if let from = state.fields.typedFrom {
                    state.fields.typedFrom = nil
                    let back = navigator.focus(identifier: from)
                    if case .focus = back { return moved(back) }
                }
                return moved(navigator.previous())
            }
            if behaviour?.edits == .threadComposer, !state.sheets.hasSheet { return moved(navigator.previous()) }
            // The drawer's search, while the drawer is not modal, is left for the conversation's
            // heading ("Nothing to go back to" was said, and focus stayed in the field).
            if behaviour?.edits == .channelQuery, !state.sheets.hasSheet, state.route == .main,
                state.drawer.state != .fullHeight
            {
                return moved(navigator.focus(identifier: ElementID.mainHeader.identifier))
            }
            escape()
        case .stopSpeech:
            effects.append(.stopSpeech)
        case .pauseSpeech: pauseOrResume()
        case .repeatSpeech: repeatLast()
        case .sayTime: sayTime()
        case .speechHistory: present(.speechHistory)
        case .sayAll: startSayAll()
        case .nextActivity: goToNextActivity()
        case .search:
            state.sheets.hasSheet ? say(Wording.sentence(.closeThisFirst), .default, .reader) : openSearch("")
        case .channelNumber(let number): goToChannel(number: number)
        case .recentMessage(let number): sayRecent(number)
        case .reviewPrevious: review(by: -1)
        case .reviewNext: review(by: 1)
        case .cyclePunctuation: cyclePunctuation()
        case .actions:
            if let id = behaviour?.message {
                carryOut(.openActions(messageID: id))
            } else if case .selectChannel(let id)? = behaviour?.activate, !state.sheets.hasSheet {
                present(.channelActions(channelID: id))
            } else if let actions = behaviour?.actions, !actions.isEmpty {
                // A person's or a thing said's actions, as a sheet (they are in the rotor too).
                // A thing said is not a name for its actions ("Copy, button actions"): plainly "Actions".
                let spoken = state.activeSheet?.kind == .speechHistory
                present(.elementActions(title: spoken ? "" : navigator.focusedElement?.label ?? "", actions: actions))
            } else {
                say(.reading(.noActions), .default, .reader)
            }
        case .expand: expandOrCompress(expand: true)
        case .compress: expandOrCompress(expand: false)
        case .help: present(.keyHelp)
        case .type(let text):
            guard let field = behaviour?.edits else { return typedOutsideAField(text) }
            edit(field, .type(text))
        case .backspace: edit(behaviour?.edits, .delete(forward: false))
        case .deleteForward:
            // Ctrl-D in an empty field ends the session, as end-of-input does in a shell.
            if let field = behaviour?.edits, editor(field).isEmpty { return quit(asking: true) }
            edit(behaviour?.edits, .delete(forward: true))
        case .caret(let forward):
            if let field = behaviour?.edits {
                let line = editor(field)
                let edge = KeyMemory.CaretEdge(element: navigator.focusedElement?.identifier, forward: forward)
                // An empty field has no caret to move: the arrows go on to the next element. At
                // the end of the text the edge is heard; the same arrow again goes on (a form's
                // filled field is not a wall).
                if line.isEmpty || keyMemory.caretEdge == edge {
                    keyMemory.caretEdge = nil
                    return perform(forward ? .next : .previous)
                }
                keyMemory.caretEdge = (forward ? line.atEnd : line.atStart) ? edge : nil
            }
            edit(behaviour?.edits, .caret(forward: forward))
        case .caretWord(let forward, let arrows):
            // In an empty field Ctrl-Left and Ctrl-Right turn the rotor, as anywhere else.
            if arrows, let field = behaviour?.edits, editor(field).isEmpty {
                return perform(forward ? .nextRotor : .previousRotor)
            }
            edit(behaviour?.edits, .word(forward: forward))
        case .caretToEnd(let end, let arrows):
            if arrows, let field = behaviour?.edits, editor(field).isEmpty { return perform(end ? .last : .first) }
            edit(behaviour?.edits, .toEnd(end))
        case .killWord: edit(behaviour?.edits, .killWord)
        case .killToStart: edit(behaviour?.edits, .killToStart)
        case .killToEnd: edit(behaviour?.edits, .killToEnd)
        case .yank: edit(behaviour?.edits, .yank)
        case .recall(let older):
            guard let field = behaviour?.edits, field == .composer || field == .threadComposer else {
                return perform(older ? .up : .down)
            }
            recall(field, older: older)
        case .textSize(let larger):
            let before = state.settings.text.size
            let edge = larger ? ContentSizeCategory.allCases.last : ContentSizeCategory.allCases.first
            guard before != edge else {
                // At the end of the range: said so.
                return answer(Wording.textSize(before))
            }
            carryOut(.adjust(.textSize, by: larger ? 1 : -1))
            // The settings sheet, open behind the key, shows the new size (it lagged a step).
            rebuild()
            answer(Wording.textSize(state.settings.text.size))
        case .quit: quit(asking: true)
        }
    }

    /// Speaks a navigator move; a move of focus forgets the chosen custom action.
    mutating func moved(_ action: Navigator.Action) {
        if case .focus = action { keyMemory.chosenAction = nil }
        speak(action)
    }

    /// Enter, Up or Down on an element: its intent, then the new value is said (an adjusted
    /// value, a toggle's "on").
    mutating func operate(_ intent: Intent?) {
        guard let intent else { return }
        let editing = focusIsEditable
        let sheets = state.sheets.entries.map(\.id)
        carryOut(intent)
        let update = rebuild()
        // A sheet that opens says itself when it settles ("Message actions, sheet, …"): the
        // focus moving into it now is not said first.
        if state.sheets.entries.map(\.id) != sheets { return }
        guard let action = update.action else { return }
        // A text field emptied by sending is not news; what was sent is.
        if editing, case .say = action { return }
        speak(action)
    }

    /// How capitals are marked in echoed characters and words.
    var capitals: CapitalMarking { state.settings.speech.capitals }

    /// Escape goes through `EscapeChain`: the top sheet, else an open drawer, else Back.
    mutating func escape() {
        var drawer: Drawer? = state.route == .main ? state.drawer : nil
        let result = EscapeChain.handle(coordinator: &state.sheets, drawer: &drawer, navigation: &state.navigation)
        if let drawer { state.drawer = drawer }
        switch result {
        case .sheet(let actions): perform(actions)
        case .drawer(let action): perform(drawer: action, announce: true)
        case .screen(let action): navigated(action)
        }
    }

    /// Shift-Up and Shift-Down: the top sheet, else the drawer. Compressing a sheet at its short
    /// form dismisses it, as dragging it down does.
    mutating func expandOrCompress(expand: Bool) {
        if state.sheets.hasSheet {
            if !expand, state.sheets.activeSheet?.sheet.state == .shortForm {
                perform(state.sheets.dismiss(.escape))
            } else {
                perform(expand ? state.sheets.expand() : state.sheets.compress())
            }
            return
        }
        guard state.route == .main else { return say(.reading(.noSheetOrDrawer), .default, .reader) }
        let action = expand ? state.drawer.expand() : state.drawer.compress()
        if action == .none { say(.reading(.drawerAlready(full: expand)), .default, .reader) }
        perform(drawer: action, announce: true)
    }

    /// A drag (with `--mouse`): on the sheet's rows it pans the sheet, as PanModal's pan does;
    /// elsewhere it pans the drawer. Rows down are positive; speed on release decides a fling.
    mutating func handle(mouse: KeyEvent.Mouse) {
        switch mouse.kind {
        case .press where mouse.button == .left:
            let onSheet =
                state.sheets.activeSheet.map { mouse.row > state.sheets.terminalRows - $0.sheet.height } ?? false
            guard onSheet || (!state.sheets.hasSheet && state.route == .main) else { return }
            sheetFlow.drag = Drag(
                startRow: mouse.row, lastRow: mouse.row, lastTime: now, rowsPerSecond: 0, onSheet: onSheet)
            if onSheet {
                perform(state.sheets.panBegan(contentOffset: 0))
            } else {
                perform(drawer: state.drawer.panBegan(), announce: false)
            }
        case .drag:
            guard var current = sheetFlow.drag else { return }
            let seconds = max((now - current.lastTime).seconds, 0.001)
            current.rowsPerSecond = Double(mouse.row - current.lastRow) / seconds
            current.lastRow = mouse.row
            current.lastTime = now
            sheetFlow.drag = current
            let translation = mouse.row - current.startRow
            if current.onSheet {
                perform(state.sheets.panChanged(translation: translation))
            } else {
                perform(drawer: state.drawer.panChanged(translation: translation), announce: true)
            }
        case .release:
            guard let current = sheetFlow.drag else { return }
            sheetFlow.drag = nil
            let velocity = PanVelocity.rowsPerSecond(current.rowsPerSecond)
            if current.onSheet {
                perform(state.sheets.panEnded(velocity: velocity))
            } else {
                perform(drawer: state.drawer.panEnded(velocity: velocity), announce: true)
            }
        default:
            return
        }
    }
}
