// Drag and drop in a scene of fields: a press on selected text that becomes a drag past the
// threshold, the drop caret while a drag hovers, the drop (from another program, another field
// or the same one) as one edit, and the source's half of a move.
extension FieldScene {
    // MARK: What QA reads

    /// The drag this scene started (or the press on selected text that may become one).
    public var dragSourceState: DragSourceState? {
        let state = dragAndDrop
        if let source = state.source {
            var operations: [DragOperation] = [.copy]
            if source.operations.contains(.move) { operations.append(.move) }
            return DragSourceState(field: source.field.identifier, phase: .dragging, range: source.range, operations: operations,
                                   accepted: source.hostTracks ? state.accepted : state.target?.operation)
        }
        guard let press = state.press else { return nil }
        let range = press.field.selection.range
        return DragSourceState(field: press.field.identifier, phase: .pending, range: range,
                               operations: press.field.isEnabled ? [.copy, .move] : [.copy])
    }

    /// The field a drag hovers over, with the drop caret's offset and the operation a drop takes.
    public var dropTargetState: DropTargetState? {
        dragAndDrop.target.map { DropTargetState(field: $0.field.identifier, offset: $0.offset, operation: $0.operation) }
    }

    /// Pixels the pointer moves with the button held before a press on selected text becomes a
    /// drag: the desktop's (`Net/DndDragThreshold`), else GTK's 8 at the scene's scale.
    public var dragThreshold: Double {
        if let threshold = desktopSettings.dragThreshold, threshold.isFinite, threshold >= 1 { return threshold }
        return DesktopSettings.defaultDragThreshold * metrics.scale
    }

    // MARK: The source

    /// A primary press in `field` at `local`: on its selected text it waits to see whether the
    /// pointer moves past the threshold (a drag) or comes back up (the caret goes there, as GTK
    /// does). True when it is taken so.
    func pressMayStartDrag(_ field: TextField, at local: Point, window point: Point, clickCount: Int,
                           modifiers: KeyModifiers, time: Double) -> Bool {
        guard clickCount == 1, !modifiers.contains(.shift), field.isOnSelectedText(local) else { return false }
        // Focus comes first, keeping the selection (as a click's does), as a GTK entry grabs it.
        if !field.isFocused {
            guard field.focus(at: time, fromPointX: local.x), field.isOnSelectedText(local) else { return false }
        }
        dragAndDrop.press = (field, point, local)
        return true
    }

    /// The pointer moved with the button held: past the threshold a pending press starts the
    /// drag; a drag the scene follows itself hovers. Nil when drag and drop has nothing to do
    /// with this motion.
    func dragPointerMoved(to point: Point, at time: Double) -> Bool? {
        if let source = dragAndDrop.source, !source.hostTracks {
            _ = dragMoved(to: point, operations: source.operations, requested: .move, fromThisScene: true, at: time)
            return true
        }
        guard let press = dragAndDrop.press else { return nil }
        let dx = point.x - press.windowPoint.x, dy = point.y - press.windowPoint.y
        guard max(abs(dx), abs(dy)) >= dragThreshold else { return false }
        dragAndDrop.press = nil
        let field = press.field
        guard let text = field.draggableText else { return false }
        let operations: DragOperations = field.isEnabled ? [.copy, .move] : [.copy]
        pointerField = nil
        dragLocation = nil
        // Known before the host starts: it tells the scene where the drag is at once.
        dragAndDrop.source = (field, field.selection.range, text, operations, true)
        let hostTracks = host?.beginDrag(text, operations: operations, at: time) ?? false
        dragAndDrop.source?.hostTracks = hostTracks
        if !hostTracks { _ = dragMoved(to: point, operations: operations, requested: .move, fromThisScene: true, at: time) }
        return true
    }

    /// The button came up: a press that never became a drag places the caret where it went down;
    /// a drag the scene follows itself drops here. Nil when drag and drop has nothing to do with it.
    func dragPointerUp(at point: Point, at time: Double) -> Bool? {
        if let press = dragAndDrop.press {
            dragAndDrop.press = nil
            press.field.pointerDown(at: press.local, extending: false, clickCount: 1, time: time)
            press.field.pointerUp()
            pointerField = nil
            return true
        }
        guard let source = dragAndDrop.source, !source.hostTracks else { return nil }
        let operation = dragAndDrop.target?.operation ?? .move
        _ = drop(source.text, at: point, operation: operation, fromThisScene: true, at: time)
        dragAndDrop.source = nil
        return true
    }

    /// Escape during a drag the scene follows itself: nothing is dropped (true: Escape did that
    /// and nothing else). A press that has not become a drag is forgotten (the release places no
    /// caret) and Escape does what it always does.
    func cancelDrag() -> Bool {
        dragAndDrop.press = nil
        guard let source = dragAndDrop.source, !source.hostTracks else { return false }
        dragAndDrop.source = nil
        dragExited()
        return true
    }

    public func dragEnded(movedAway: Bool, at time: Double) {
        isSettled = false
        lastEventTime = time
        dragExited()
        dragAndDrop.accepted = nil
        guard let source = dragAndDrop.source else { return }
        dragAndDrop.source = nil
        if movedAway { source.field.deleteMovedText(source.range, expected: source.text, time: time) }
    }

    // MARK: The target

    public func dragMoved(to point: Point, operations: DragOperations, requested: DragOperation, fromThisScene: Bool,
                          at time: Double) -> DragOperation? {
        completeProvisionalArrangement()
        let target = dropTarget(at: point, operations: operations, requested: requested, fromThisScene: fromThisScene)
        setDropTarget(target)
        return target?.operation
    }

    public func dragExited() { setDropTarget(nil) }

    public func dragAcceptanceChanged(_ accepted: DragOperation?) { dragAndDrop.accepted = accepted }

    public func drop(_ text: String, at point: Point, operation: DragOperation, fromThisScene: Bool,
                     at time: Double) -> DragOperation? {
        completeProvisionalArrangement()
        isSettled = false
        lastEventTime = time
        let offered: DragOperations = operation == .move ? [.copy, .move] : [.copy]
        let target = dropTarget(at: point, operations: offered, requested: operation, fromThisScene: fromThisScene)
        setDropTarget(nil)
        guard let target, !text.isEmpty else { return nil }
        let field = target.field
        // A source whose text changed under the drag (an app's timer) is dropped as a copy of
        // what was dragged, and keeps its text.
        let source = fromThisScene ? dragAndDrop.source.flatMap { $0.field.holds($0.text, in: $0.range) ? $0 : nil } : nil
        // The field dropped on is the one being edited from now on, keeping its text as it is.
        if !field.isFocused {
            guard takeFocus(for: field, at: time), field.focus(at: time, fromPointX: point.x) else { return nil }
        }
        let taken: Bool
        if let source, source.field === field, target.operation == .move {
            taken = field.moveText(source.range, to: target.offset, time: time)
        } else {
            taken = field.dropText(text, at: target.offset, time: time)
            // A move from another field of this window takes the text away from there.
            if taken, let source, source.field !== field, target.operation == .move {
                source.field.deleteMovedText(source.range, expected: source.text, time: time)
            }
        }
        if fromThisScene { dragAndDrop.source = nil }
        guard taken else { return nil }
        revealCaret(of: field)
        return target.operation
    }

    /// Where a drag at `point` would drop and how, or nil where nothing may be dropped: outside
    /// every field, on a disabled or secure one, on its assistive row, or (from this scene)
    /// inside the very text being dragged.
    func dropTarget(at point: Point, operations: DragOperations, requested: DragOperation,
                    fromThisScene: Bool) -> (field: TextField, offset: Int, operation: DragOperation)? {
        guard point.x.isFinite, point.y.isFinite, let (field, local) = field(at: point), field.acceptsDrops,
              let part = field.part(at: local), part != .assistiveRow, let offset = field.dropOffset(at: local) else { return nil }
        if fromThisScene, let source = dragAndDrop.source, source.field === field,
           offset >= source.range.lowerBound, offset <= source.range.upperBound { return nil }
        let operation: DragOperation
        if operations.allows(requested) {
            operation = requested
        } else if operations.contains(.copy) {
            operation = .copy
        } else if operations.contains(.move) {
            operation = .move
        } else {
            return nil
        }
        return (field, offset, operation)
    }

    func setDropTarget(_ target: (field: TextField, offset: Int, operation: DragOperation)?) {
        let old = dragAndDrop.target
        if old?.field === target?.field, old?.offset == target?.offset, old?.operation == target?.operation { return }
        dragAndDrop.target = target
        for field in [old?.field, target?.field].compactMap({ $0 }) { staleFields.insert(ObjectIdentifier(field)) }
        // The field a drop would go into shows hover, as GTK highlights a drop site; when the drag
        // moves on, hover goes back to what the pointer last showed.
        if old?.field !== target?.field {
            old?.field.setDropTarget(false, at: currentTime)
            target?.field.setDropTarget(true, at: currentTime)
            if let field = target?.field, !field.isFocused { field.isHovered = true }
            if let field = old?.field, field !== hoveredField || field.isFocused { field.isHovered = false }
        }
        host?.setNeedsRender()
    }

    /// The drop caret drawn in `field` (its container's top-left at `origin`) while a drag
    /// hovers there, in the primary colour.
    func dropCaret(of field: TextField, origin: Point) -> ShapeFill? {
        guard let target = dragAndDrop.target, target.field === field else { return nil }
        return field.dropCaretShape(at: target.offset, origin: origin, color: scheme.primary)
    }
}
