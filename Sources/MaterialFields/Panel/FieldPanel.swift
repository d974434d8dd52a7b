/// An element of a panel column.
public enum PanelItem {
    case heading(String)
    case caption(String)
    case field(TextField)
}

public struct PanelColumn {
    public var items: [PanelItem]
    public init(_ items: [PanelItem]) { self.items = items }
}

/// A scrollable screen of fields in columns, with headings and captions: it owns focus order
/// (Tab / Shift+Tab), pointer hit-testing, the wheel, and drawing. Columns stack into one when
/// the window is too narrow to hold them side by side.
public final class FieldPanel: Scene {
    public let columns: [PanelColumn]
    public let scheme: ColorScheme
    public let metrics: MaterialMetrics
    public private(set) var size = Size(width: 0, height: 0)
    public private(set) var scrollOffset: Double = 0
    public private(set) var contentHeight: Double = 0
    public private(set) var isWindowFocused = false

    /// Every field in focus order (column by column, top to bottom).
    public let fields: [TextField]
    private var placements: [Placement] = []
    /// Field frames in content coordinates, parallel to `fields`.
    private var fieldFrames: [Rect] = []
    private var pointerField: TextField?

    private struct Placement {
        enum Content { case text(String, FontSpec, Color), field(TextField) }
        var frame: Rect
        var content: Content
        var baseline: Double
    }

    public init(columns: [PanelColumn], scheme: ColorScheme, metrics: MaterialMetrics = MaterialMetrics()) {
        self.columns = columns
        self.scheme = scheme
        self.metrics = metrics
        self.fields = columns.flatMap { column in
            column.items.compactMap { if case .field(let field) = $0 { return field } else { return nil } }
        }
    }

    public var focusedField: TextField? { fields.first { $0.isFocused } }

    /// The field's container frame in window pixels (after scrolling).
    public func frame(of field: TextField) -> Rect? {
        guard let index = fields.firstIndex(where: { $0 === field }), index < fieldFrames.count else { return nil }
        return fieldFrames[index].offsetBy(dx: 0, dy: -scrollOffset)
    }

    // MARK: Layout

    private var margin: Double { 24 * metrics.scale }
    private var columnGap: Double { 32 * metrics.scale }
    private var headingFont: FontSpec { FontSpec(pixelSize: 20 * metrics.scale, weight: .medium) }
    private var captionFont: FontSpec { FontSpec(pixelSize: 12 * metrics.scale) }
    private var minimumColumnWidth: Double { 240 * metrics.scale }
    private var maximumColumnWidth: Double { 400 * metrics.scale }

    public func resize(to newSize: Size, measurer: TextMeasuring) {
        size = newSize
        let sideBySide = columns.count > 1 &&
            newSize.width - 2 * margin - Double(columns.count - 1) * columnGap >= Double(columns.count) * minimumColumnWidth
        let columnCount = sideBySide ? columns.count : 1
        let available = newSize.width - 2 * margin - Double(columnCount - 1) * columnGap
        let columnWidth = max(min(available / Double(columnCount), maximumColumnWidth), 2 * metrics.horizontalPadding + 1)

        placements = []
        var bottom = margin
        var columnX = margin
        var y = margin
        for column in columns {
            if !sideBySide && y > margin { y += 16 * metrics.scale }
            for item in column.items {
                switch item {
                case .heading(let title):
                    y = placeText(title, font: headingFont, color: scheme.onSurface.withAlpha(0.87), lineHeight: 28 * metrics.scale,
                                  x: columnX, y: y, width: columnWidth, measurer: measurer)
                    y += 12 * metrics.scale
                case .caption(let caption):
                    y = placeText(caption, font: captionFont, color: scheme.onSurface.withAlpha(0.60), lineHeight: 16 * metrics.scale,
                                  x: columnX, y: y, width: columnWidth, measurer: measurer)
                    y += 12 * metrics.scale
                case .field(let field):
                    field.layOut(width: columnWidth, metrics: metrics, measurer: measurer)
                    let height = field.layout?.preferredHeight ?? metrics.containerHeight
                    placements.append(Placement(frame: Rect(x: columnX, y: y, width: columnWidth, height: height),
                                                content: .field(field), baseline: 0))
                    y += height + 24 * metrics.scale
                }
            }
            bottom = max(bottom, y)
            if sideBySide {
                columnX += columnWidth + columnGap
                y = margin
            }
        }
        contentHeight = bottom - 24 * metrics.scale + margin
        var frameByField: [ObjectIdentifier: Rect] = [:]
        for placement in placements {
            if case .field(let field) = placement.content { frameByField[ObjectIdentifier(field)] = placement.frame }
        }
        fieldFrames = fields.map { frameByField[ObjectIdentifier($0)] ?? .zero }
        scrollOffset = clampedScroll(scrollOffset)
    }

    private func placeText(_ text: String, font: FontSpec, color: Color, lineHeight: Double, x: Double, y: Double,
                           width: Double, measurer: TextMeasuring) -> Double {
        let lineMetrics = measurer.lineMetrics(for: font)
        let baseline = FieldLayout.baseline(inLineTop: y, lineHeight: lineHeight, metrics: lineMetrics)
        placements.append(Placement(frame: Rect(x: x, y: y, width: width, height: lineHeight),
                                    content: .text(text, font, color), baseline: baseline))
        return y + lineHeight
    }

    private var maximumScroll: Double { max(0, contentHeight - size.height) }

    private func clampedScroll(_ offset: Double) -> Double { min(max(0, offset), maximumScroll) }

    private func reveal(_ field: TextField) {
        guard let windowFrame = frame(of: field) else { return }
        let frame = windowFrame.offsetBy(dx: 0, dy: scrollOffset)
        // Include the outlined label above and a little air below.
        let top = frame.minY - margin, bottom = frame.maxY + margin
        if top < scrollOffset { scrollOffset = clampedScroll(top) }
        if bottom > scrollOffset + size.height { scrollOffset = clampedScroll(bottom - size.height) }
    }

    // MARK: Events

    public func handle(_ event: InputEvent, at time: Double) -> Bool {
        isSettled = false
        switch event {
        case .windowFocus(let focused):
            guard focused != isWindowFocused else { return false }
            isWindowFocused = focused
            if focused { focusedField?.restartCaretBlink(at: time) }
            return focusedField != nil
        case .scroll(let dy):
            let newOffset = clampedScroll(scrollOffset + dy)
            guard newOffset != scrollOffset else { return false }
            scrollOffset = newOffset
            return true
        case .pointerDown(let windowPoint, let button, let clickCount, let modifiers):
            guard button == 1 else { return false }
            let point = Point(x: windowPoint.x, y: windowPoint.y + scrollOffset)
            // A press outside every field, or on a disabled one, ends editing.
            guard let index = fieldFrames.firstIndex(where: { $0.contains(point) }), fields[index].isEnabled else {
                pointerField = nil
                return endEditing(at: time)
            }
            let field = fields[index]
            let frame = fieldFrames[index]
            if let current = focusedField, current !== field { current.blur(at: time) }
            field.pointerDown(at: Point(x: point.x - frame.minX, y: point.y - frame.minY),
                              extending: modifiers.contains(.shift), clickCount: clickCount, time: time)
            pointerField = field
            return true
        case .pointerMoved(let windowPoint, let buttonHeld):
            guard buttonHeld, let field = pointerField, let frame = frame(of: field) else { return false }
            return field.pointerDragged(to: Point(x: windowPoint.x - frame.minX, y: windowPoint.y - frame.minY), time: time)
        case .pointerUp:
            pointerField?.pointerUp()
            pointerField = nil
            return false
        case .text(let text):
            guard let field = focusedField else { return false }
            field.insert(text, at: time)
            return true
        case .key(let key, let modifiers):
            if let field = focusedField, field.handle(key, modifiers: modifiers, at: time) { return true }
            switch key {
            case .tab:
                return moveFocus(backward: modifiers.contains(.shift), at: time)
            case .escape:
                return endEditing(at: time)
            default:
                return false
            }
        }
    }

    /// Ends editing in the focused field, if any.
    @discardableResult
    public func endEditing(at time: Double) -> Bool {
        guard let field = focusedField else { return false }
        field.blur(at: time)
        return true
    }

    /// Tab / Shift+Tab: the next or previous enabled field, wrapping around.
    @discardableResult
    public func moveFocus(backward: Bool, at time: Double) -> Bool {
        let candidates = fields.filter(\.isEnabled)
        guard !candidates.isEmpty else { return false }
        let next: TextField
        if let current = focusedField, let index = candidates.firstIndex(where: { $0 === current }) {
            let step = backward ? candidates.count - 1 : 1
            next = candidates[(index + step) % candidates.count]
            current.blur(at: time)
        } else {
            next = backward ? candidates[candidates.count - 1] : candidates[0]
        }
        next.focus(at: time)
        reveal(next)
        return true
    }

    // MARK: Time and drawing

    public func nextWakeup(after time: Double) -> Double? {
        fields.compactMap { $0.nextChange(after: time, windowFocused: isWindowFocused) }.min()
    }

    public func settle() {
        fields.forEach { $0.settle() }
        isSettled = true
    }

    /// While settled (screenshots) the caret is drawn solid regardless of the blink phase.
    private var isSettled = false

    public func draw(on canvas: Canvas, at time: Double) {
        canvas.fill(Rect(x: 0, y: 0, width: size.width, height: size.height), color: scheme.surface)
        let renderer = FieldRenderer(scheme: scheme)
        let visible = Rect(x: 0, y: scrollOffset, width: size.width, height: size.height)
        for placement in placements {
            // Outlined labels rise above their container: widen the test by that overhang.
            guard placement.frame.insetBy(dx: 0, dy: -16 * metrics.scale).intersects(visible) else { continue }
            let origin = Point(x: placement.frame.minX, y: placement.frame.minY - scrollOffset)
            switch placement.content {
            case .text(let text, let font, let color):
                canvas.pushClip(Rect(x: origin.x, y: origin.y, width: placement.frame.width, height: placement.frame.height))
                canvas.drawText(text, at: Point(x: origin.x, y: placement.baseline - scrollOffset), font: font, color: color)
                canvas.popClip()
            case .field(let field):
                let caretOn = isWindowFocused && (isSettled || field.caretBlink.isVisible(at: time))
                renderer.draw(field, at: origin, on: canvas, time: time, showsCaret: caretOn)
            }
        }
        if let thumb = scrollThumb {
            canvas.fill(.roundedRectangle(thumb, radii: CornerRadii(all: thumb.width / 2)), color: scheme.onSurface.withAlpha(0.38))
        }
    }

    /// A slim indicator on the right edge that shows where the view is when the content is taller
    /// than the window.
    var scrollThumb: Rect? {
        guard contentHeight > size.height, size.height > 0 else { return nil }
        let width = 4 * metrics.scale, inset = 2 * metrics.scale
        let track = size.height - 2 * inset
        let length = max(24 * metrics.scale, track * size.height / contentHeight)
        let top = inset + (track - length) * (scrollOffset / maximumScroll)
        return Rect(x: size.width - width - inset, y: top, width: width, height: min(length, track))
    }

    public func pointerShape(at point: Point) -> PointerShape {
        let contentPoint = Point(x: point.x, y: point.y + scrollOffset)
        guard let index = fieldFrames.firstIndex(where: { $0.contains(contentPoint) }), fields[index].isEnabled else {
            return .arrow
        }
        return .text
    }

    public var caretRect: Rect? {
        guard let field = focusedField, let layout = field.layout, let frame = frame(of: field) else { return nil }
        let head = min(field.editor.selection.head, field.caretOffsets.count - 1)
        return Rect(x: frame.minX + layout.textLine.x + field.caretOffsets[head] - field.textScroll,
                    y: frame.minY + layout.caretTop, width: layout.metrics.caretWidth, height: layout.caretHeight)
    }

    // MARK: QA

    /// What QA tooling sees of each field, in window pixels.
    public func snapshot() -> [FieldSnapshot] {
        fields.map { field in
            let frame = self.frame(of: field) ?? .zero
            return FieldSnapshot(id: field.identifier, style: field.configuration.style, kind: field.configuration.kind,
                                 label: field.configuration.label, text: field.text,
                                 selection: [field.editor.selection.lowerBound, field.editor.selection.upperBound],
                                 focused: field.isFocused, state: field.state, labelPosition: field.labelPosition,
                                 frame: [frame.x, frame.y, frame.width, frame.height].map { $0.rounded() })
        }
    }
}

/// One field as the `--qa-state` file lists it.
public struct FieldSnapshot: Codable, Equatable {
    public var id: String
    public var style: FieldStyle
    public var kind: FieldKind
    public var label: String
    public var text: String
    public var selection: [Int]
    public var focused: Bool
    public var state: FieldState
    public var labelPosition: LabelPosition
    public var frame: [Double]
}
