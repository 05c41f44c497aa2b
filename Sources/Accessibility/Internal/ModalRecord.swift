/// A modal the navigator saw appear, and the element that had focus when it did.
struct ModalRecord: Sendable {
    var modalKey: String
    var openerKey: FocusKey?
    var openerPath: ElementPath?
}
