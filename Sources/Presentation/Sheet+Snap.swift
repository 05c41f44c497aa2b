extension Sheet {
    /// Where a released sheet comes to rest: PanModal's release rule, in rows from the bottom.
    ///
    /// - A fling (faster than ``PanVelocity/flingThreshold``) upward goes to the long form.
    /// - A fling downward goes to the short form when the sheet is above the short form and
    ///   nearer the long form than the bottom, or when it may not dismiss; otherwise it dismisses.
    /// - A slow release goes to the nearest of dismissed (0), short and long form; ties go to the
    ///   first of that list, as PanModal's `nearest(to:inValues:)`. Dismissed becomes the short
    ///   form when the sheet may not dismiss.
    ///
    /// `canDismiss` is false when dragging may not dismiss, or under the dismiss guard.
    ///
    /// ```swift
    /// Sheet.releaseTarget(height: 6, velocity: .zero, shortForm: 8, longForm: 20, canDismiss: true)
    /// // .shortForm
    /// ```
    public static func releaseTarget(
        height: Int, velocity: PanVelocity, shortForm: Int, longForm: Int, canDismiss: Bool
    ) -> State {
        if velocity.isFling {
            if velocity.isUpward { return .longForm }
            let nearerLong = abs(height - longForm) <= abs(height)
            if (nearerLong && height > shortForm) || !canDismiss { return .shortForm }
            return .dismissed
        }
        let nearest = Detents.nearest(
            to: height, in: [(State.dismissed, 0), (.shortForm, shortForm), (.longForm, longForm)])
        if nearest == .dismissed && !canDismiss { return .shortForm }
        return nearest ?? .shortForm
    }
}
