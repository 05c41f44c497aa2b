/// What the sheet and the drawer both are: a panel that rests at detents (heights in rows from
/// the bottom), moves between them in the spring's steps (or at once with Reduce Motion), and
/// follows a pan that hands off between the panel and the content it scrolls. Each keeps its
/// own states, detents, dim and announcements; the geometry and the pan are written here once.
protocol DetentedPanel {
    /// Rows of the terminal the panel is drawn in.
    var terminalRows: Int { get }
    /// Complete transitions at once, with no intermediate drawing steps.
    var reduceMotion: Bool { get }
    /// The frame for the panel `height` rows tall, with the panel's own dim.
    func frame(height: Double) -> PresentationFrame
}

extension DetentedPanel {
    /// Whole rows for a height along the spring, never above what the terminal allows.
    func rows(height: Double) -> Int {
        min(Int(height.rounded()), PresentationHeight.maximum(terminalRows: terminalRows))
    }

    /// Steps from `start` to `end` rows: the spring's samples, or only the end with Reduce Motion.
    func frames(from start: Int, to end: Int) -> [PresentationFrame] {
        if reduceMotion { return [frame(height: Double(end))] }
        return SpringCurve.standard.values(from: Double(start), to: Double(end)).map {
            frame(height: $0)
        }
    }
}

/// A pan in progress over a panel: its height and its content's scroll offset (rows from the
/// content's top), and where both began.
struct PanelPan: Hashable, Sendable {
    var startHeight: Int
    var startOffset: Int
    /// The furthest the content scrolls.
    var maximumOffset: Int
    var height: Int
    var offset: Int
    /// The panel itself (not only its content) moved during the pan.
    var moved = false

    init(height: Int, offset: Int, maximumOffset: Int) {
        startHeight = height
        startOffset = offset
        self.maximumOffset = maximumOffset
        self.height = height
        self.offset = offset
    }

    /// Dragged down `translation` rows since the pan began: the content scrolls back to its
    /// top first, and the rest of the drag lowers the panel, to `floor` rows at the least.
    mutating func dragDown(_ translation: Int, floor: Int) {
        let scrolled = min(translation, startOffset)
        offset = startOffset - scrolled
        height = max(startHeight - (translation - scrolled), floor)
        if height != startHeight { moved = true }
    }

    /// The terminal changed size: both heights are brought within `floor`…`ceiling`.
    mutating func clamp(floor: Int, ceiling: Int) {
        height = min(max(height, floor), ceiling)
        startHeight = min(max(startHeight, floor), ceiling)
    }
}

/// Resting heights, each with what resting there means.
enum Detents {
    /// The detent nearest `height`; ties go to the first listed (as PanModal's
    /// `nearest(to:inValues:)`).
    static func nearest<Rest>(to height: Int, in detents: [(Rest, Int)]) -> Rest? {
        var best = detents.first
        for detent in detents.dropFirst() where abs(height - detent.1) < abs(height - (best?.1 ?? 0)) {
            best = detent
        }
        return best?.0
    }
}
