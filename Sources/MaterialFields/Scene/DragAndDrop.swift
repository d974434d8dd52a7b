// Drag and drop as the model sees it: what a drop does, what a drag offers, what the scene shows
// while one is under way. The window's host speaks the desktop's protocol; nothing here knows
// of it.

/// What a drop does with the dragged text: the desktop's copy and move actions.
public enum DragOperation: String, Sendable, Codable, Hashable {
    /// The text is inserted at the drop point; the source keeps it.
    case copy
    /// The text is inserted at the drop point and taken out of its source.
    case move
}

/// The operations a drag offers (GTK's entries offer both from an editable field).
public struct DragOperations: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let copy = DragOperations(rawValue: 1)
    public static let move = DragOperations(rawValue: 2)

    public func allows(_ operation: DragOperation) -> Bool { contains(operation == .copy ? DragOperations.copy : .move) }
}

/// The drag a scene started, as its QA state shows it.
public struct DragSourceState: Equatable, Sendable {
    public enum Phase: String, Equatable, Sendable, Codable {
        /// The button went down on selected text; the pointer has not moved past the threshold.
        case pending
        /// The text is being dragged.
        case dragging
    }
    /// The field the text comes from (`TextField.identifier`).
    public var field: String
    public var phase: Phase
    /// The dragged clusters of that field.
    public var range: Range<Int>
    /// What the drag offers (`copy`, `move`).
    public var operations: [DragOperation]
    /// What would take a drop where the drag is now (this scene's field or another program),
    /// nil where nothing would.
    public var accepted: DragOperation?
}

/// A drag hovering over a field that would take its text, as the QA state shows it.
public struct DropTargetState: Equatable, Sendable {
    /// The field under the drag (`TextField.identifier`).
    public var field: String
    /// Where the drop caret stands: the offset a drop would insert at.
    public var offset: Int
    public var operation: DragOperation
}

/// What a `FieldScene` keeps of drag and drop between events.
struct DragAndDropState {
    /// A press on selected text that may become a drag: the field, where it went down (window
    /// and field coordinates).
    var press: (field: TextField, windowPoint: Point, local: Point)?
    /// A drag this scene started: the field, its dragged range and text, the operations offered,
    /// and whether the host follows it (else the scene does, within its window).
    var source: (field: TextField, range: Range<Int>, text: String, operations: DragOperations, hostTracks: Bool)?
    /// The field a drag hovers over, where the drop caret stands and the operation a drop takes.
    var target: (field: TextField, offset: Int, operation: DragOperation)?
    /// What the place the drag is over would do with a drop (the host tells).
    var accepted: DragOperation?
}

extension Scene {
    public func dragMoved(to point: Point, operations: DragOperations, requested: DragOperation, fromThisScene: Bool,
                          at time: Double) -> DragOperation? { nil }
    public func dragExited() {}
    public func drop(_ text: String, at point: Point, operation: DragOperation, fromThisScene: Bool,
                     at time: Double) -> DragOperation? { nil }
    public func dragEnded(movedAway: Bool, at time: Double) {}
    public func dragAcceptanceChanged(_ accepted: DragOperation?) {}
}

extension SceneHost {
    public func beginDrag(_ text: String, operations: DragOperations, at time: Double) -> Bool { false }
}
