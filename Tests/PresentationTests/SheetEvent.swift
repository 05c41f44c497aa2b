import Testing

@testable import Presentation

/// Every event a sheet takes, for transition tables and random sequences.
enum SheetEvent: Hashable, Sendable, CaseIterable, CustomTestStringConvertible {
    case present
    case expand
    case compress
    case dismissEscape
    case dismissTapOutside
    case panBegan
    case panChanged
    case panEnded
    case transitionFinished

    var testDescription: String { "\(self)" }

    func apply(
        to sheet: inout Sheet, translation: Int = 3, contentOffset: Int = 0, velocity: PanVelocity = .zero
    )
        -> Sheet.Action
    {
        switch self {
        case .present: sheet.present(openedBy: "opener")
        case .expand: sheet.expand()
        case .compress: sheet.compress()
        case .dismissEscape: sheet.dismiss(.escape)
        case .dismissTapOutside: sheet.dismiss(.tapOutside)
        case .panBegan: sheet.panBegan(contentOffset: contentOffset)
        case .panChanged: sheet.panChanged(translation: translation)
        case .panEnded: sheet.panEnded(velocity: velocity)
        case .transitionFinished: sheet.transitionFinished()
        }
    }
}
