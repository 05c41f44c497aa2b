import Accessibility
import PropertyBased
import Testing

@testable import Presentation

/// Random event sequences: each integer picks an event and its parameters.
@Suite struct PropertyTests {
    static let sequences = Gen.int(in: 0...99_999).array(of: 1...80)

    @Test func sheetNeverReachesAnInvalidStateAndAnnouncesEachRestingChangeOnce() async {
        await propertyCheck(count: 300, input: Self.sequences) { codes in
            var sheet = Sheet(configuration: Fixtures.messageActions, terminalRows: Fixtures.terminalRows)
            var lastResting = sheet.state
            var guarded = false
            for code in codes {
                if code % 10 == 9 {
                    sheet.reduceMotion.toggle()
                    continue
                }
                let event = SheetEvent.allCases[code % 10]
                let offset = (code / 10) % 4
                let wasPanning = sheet.isPanning
                let action = event.apply(
                    to: &sheet, translation: (code / 10) % 41 - 20, contentOffset: offset,
                    velocity: PanVelocity(pointsPerSecond: Double((code / 100) % 21 - 10) * 80))
                if event == .panBegan && !wasPanning && sheet.isPanning { guarded = offset > 0 }

                // Valid state.
                if sheet.isPanning { #expect(sheet.state == .shortForm || sheet.state == .longForm) }
                #expect((0...PresentationHeight.maximum(terminalRows: 24)).contains(sheet.height))
                if !sheet.isPanning { #expect(sheet.height == sheet.restingHeight(for: sheet.state)) }
                if !sheet.state.isResting { #expect(!sheet.isPanning) }

                // The dismiss guard.
                if event == .panEnded && wasPanning && guarded {
                    #expect(sheet.state == .shortForm || sheet.state == .longForm)
                }

                // Exactly one notification per change of resting state, none otherwise.
                let changed = sheet.state.isResting && sheet.state != lastResting
                #expect((Fixtures.notification(action) != nil) == changed, "\(event) in \(sheet.state)")
                if sheet.state.isResting { lastResting = sheet.state }

                // Frames are valid and never spoken.
                let frames: [PresentationFrame] =
                    switch action {
                    case .none: []
                    case .draw(let steps), .settle(let steps, _): steps
                    case .track(let frame, _): [frame]
                    }
                #expect(frames.allSatisfy { (0...1).contains($0.dim) && $0.height >= 0 && $0.height <= 23 })
            }
        }
    }

    @Test func drawerNeverReachesAnInvalidStateAndAnnouncesEachChangeOnce() async {
        await propertyCheck(count: 300, input: Self.sequences) { codes in
            var drawer = Drawer(configuration: Fixtures.channels, terminalRows: Fixtures.terminalRows)
            for code in codes {
                let before = drawer.state
                let parameter = code / 10
                let action: Drawer.Action
                switch code % 10 {
                case 0: action = drawer.expand()
                case 1: action = drawer.compress()
                case 2: action = drawer.collapse()
                case 3: action = drawer.panBegan(listOffset: parameter % 6, maximumListOffset: 8)
                case 4, 5, 6: action = drawer.panChanged(translation: parameter % 41 - 20)
                case 7:
                    action = drawer.panEnded(
                        velocity: PanVelocity(pointsPerSecond: Double(parameter % 21 - 10) * 80))
                case 8: action = drawer.move(to: Drawer.State.allCases[parameter % 3])
                default:
                    drawer.reduceMotion.toggle()
                    continue
                }
                #expect((drawer.compressedHeight...drawer.fullHeight).contains(drawer.height))
                #expect(drawer.isModal == (drawer.state == .fullHeight))
                #expect((0...1).contains(drawer.dim))
                if !drawer.isPanning { #expect(drawer.height == drawer.height(of: drawer.state)) }
                if let pan = drawer.pan {
                    #expect((0...pan.maximumOffset).contains(pan.offset))
                }
                let notification = Fixtures.notification(action)
                #expect((notification != nil) == (drawer.state != before))
                if let notification {
                    let phrase = drawer.fact(for: drawer.state)
                    #expect(
                        notification == .layoutChanged(focus: nil, announcing: phrase)
                            || notification == .screenChanged(focus: "channels.first", announcing: phrase))
                }
            }
        }
    }

    @Test func coordinatorNeverDropsAQueuedPresentation() async {
        await propertyCheck(count: 300, input: Self.sequences) { codes in
            var coordinator = PresentationCoordinator(terminalRows: Fixtures.terminalRows)
            var requested: [String] = []
            var model: [String] = []  // titles of the sheets that should be up, bottom first
            var appeared: [String] = []
            var dismissals = 0

            func record(_ actions: [PresentationCoordinator<NoPayload>.Action]) {
                for action in actions {
                    guard case .sheet(_, let sheetAction) = action else { continue }
                    guard case .settle(_, let notification) = sheetAction else { continue }
                    if case .screenChanged(_, .sheetClosed?) = notification {
                        dismissals += 1
                    } else if case .screenChanged(_, .sheetAppeared(let title, _, _, _)?) = notification {
                        appeared.append(title)
                    }
                }
            }

            for code in codes {
                let parameter = code / 10
                switch code % 10 {
                case 0, 1:
                    let title = "S\(requested.count)"
                    requested.append(title)
                    model.append(title)
                    let configuration = SheetConfiguration(
                        title: title, actionIdentifiers: ["\(title).a", "\(title).b", "\(title).c"],
                        shortFormActionCount: 1 + parameter % 3)
                    record(coordinator.present(configuration, openedBy: "opener.\(title)"))
                case 2:
                    if !model.isEmpty { model.removeLast() }
                    record(coordinator.dismiss(parameter % 2 == 0 ? .escape : .tapOutside))
                case 3:
                    record(parameter % 2 == 0 ? coordinator.expand() : coordinator.compress())
                case 4:
                    record(coordinator.panBegan(contentOffset: parameter % 3))
                case 5:
                    record(coordinator.panChanged(translation: parameter % 41 - 20))
                case 6:
                    let top = coordinator.isTransitioning ? nil : coordinator.activeSheet?.id
                    record(
                        coordinator.panEnded(
                            velocity: PanVelocity(pointsPerSecond: Double(parameter % 21 - 10) * 80)))
                    let stillUp = coordinator.entries.contains {
                        $0.id == top && $0.sheet.state != .dismissing
                    }
                    if top != nil && !stillUp {
                        #expect(!model.isEmpty)
                        if !model.isEmpty { model.removeLast() }
                    }
                case 7, 8:
                    record(coordinator.transitionFinished())
                default:
                    coordinator.reduceMotion.toggle()
                }

                // One transition at a time: requests wait only while one runs.
                if !coordinator.pending.isEmpty { #expect(coordinator.isTransitioning) }
                for entry in coordinator.entries.dropLast() {
                    #expect(entry.sheet.state == .shortForm || entry.sheet.state == .longForm)
                    #expect(!entry.sheet.isPanning)
                    #expect(coordinator.isInert(entry.id))
                }
                #expect(coordinator.entries.allSatisfy { $0.sheet.state != .dismissed })
            }

            // Let every running and queued transition finish.
            var guardRail = 0
            while coordinator.isTransitioning && guardRail < 1000 {
                record(coordinator.transitionFinished())
                guardRail += 1
            }
            #expect(coordinator.pending.isEmpty)
            #expect(appeared == requested, "every requested sheet appeared exactly once, in order")
            #expect(coordinator.entries.map(\.sheet.configuration.title) == model)
            #expect(dismissals == requested.count - coordinator.entries.count)
        }
    }
}
