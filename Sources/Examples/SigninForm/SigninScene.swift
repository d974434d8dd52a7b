import MaterialFields

/// The form's page: the fields stacked as `StackLayout` does, then the submit button (the
/// region "submit", which draws nothing itself: `SubmitButton` draws there) and under it the
/// status line, a static text the scene draws and tells assistive technologies of.
final class SigninLayout: SceneLayout {
    let stack: StackLayout
    let button: SubmitButton
    /// What the last submit said; empty before the first.
    var status = ""
    var statusIsError = false

    init(fields: [TextField], button: SubmitButton) {
        stack = StackLayout(fields: fields)
        self.button = button
    }

    func arrange(in viewport: Size, metrics: MaterialMetrics, scheme: ColorScheme, measurer: TextMeasuring) -> Arrangement {
        var arrangement = stack.arrange(in: viewport, metrics: metrics, scheme: scheme, measurer: measurer)
        let scale = metrics.scale, margin = stack.margin * scale
        let width = max(0, min(viewport.width - 2 * margin, stack.maximumWidth * scale))
        let top = arrangement.contentHeight - margin + stack.spacing * scale
        let button = Rect(x: margin, y: top, width: min(width, self.button.width(scale: scale, measurer: measurer)),
                          height: SubmitButton.height * scale)
        arrangement.regions.append((name: "submit", frame: button))
        var bottom = SubmitButton.paintBounds(of: button, scale: scale).maxY
        if !status.isEmpty {
            let font = FontSpec(pixelSize: 14 * scale)
            let line = Rect(x: margin, y: bottom + 4 * scale, width: width, height: 20 * scale)
            let baseline = FieldLayout.baseline(inLineTop: line.minY, lineHeight: line.height, metrics: measurer.lineMetrics(for: font))
            arrangement.decorations.append(Decoration(text: status, frame: line, baseline: baseline, font: font,
                                                      color: statusIsError ? scheme.error : scheme.highEmphasisText))
            arrangement.regions.append((name: "status", frame: line))
            bottom = line.maxY
        }
        arrangement.contentHeight = bottom + margin
        return arrangement
    }
}

/// The window's scene: the form's `FieldScene`, with the submit button in the keyboard's and
/// the pointer's way. Tab goes from the last field to the button and on to the first (Shift+Tab
/// back); the focused button takes Enter and Space; a click on it submits where it is released.
/// Everything else is the field scene's.
final class SigninScene: Scene {
    let fields: FieldScene
    let button: SubmitButton
    /// Asked when the button is activated (click, Enter, Space).
    var onSubmit: () -> Void = {}
    /// The form's own keys (Ctrl+Return, Ctrl+S), asked while the button has the keyboard.
    var unhandledKeyHandler: ((EditingKey, KeyModifiers) -> Bool)?
    /// Where the pointer is in the window, nil outside it: the button moves under a still
    /// pointer when errors grow the fields above it.
    private var pointer: Point?

    init(fields: FieldScene, button: SubmitButton) {
        self.fields = fields
        self.button = button
        fields.overlay = button
    }

    var host: SceneHost? {
        get { fields.host }
        set { fields.host = newValue }
    }

    private var buttonFrame: Rect? { fields.region(named: "submit") }

    private func contains(_ point: Point) -> Bool { buttonFrame?.contains(point) ?? false }

    /// The button's look changed: the scene compares its overlay at the next frame.
    private func buttonChanged() { fields.host?.setNeedsRender() }

    /// The keyboard goes to the button (the field being edited ends) or leaves it.
    private func focusButton(_ focused: Bool, at time: Double) {
        if focused, let field = fields.focusedField {
            guard field.endEditing(at: time) else { return }
        }
        guard button.isFocused != focused else { return }
        button.isFocused = focused
        buttonChanged()
    }

    /// A field took the keyboard (a click, the app, a timer): the button no longer has it.
    private func followFieldFocus() {
        if button.isFocused && fields.focusedField != nil {
            button.isFocused = false
            buttonChanged()
        }
    }

    private func activate(at time: Double) {
        onSubmit()
        followFieldFocus()
    }

    func resize(to size: Size, measurer: TextMeasuring) { fields.resize(to: size, measurer: measurer) }

    @discardableResult
    func handle(_ event: InputEvent, at time: Double) -> Bool {
        switch event {
        case .key(.tab, let modifiers) where !modifiers.contains(.alt):
            let backward = modifiers.contains(.shift)
            if button.isFocused {
                let next = backward ? fields.fields.last(where: \.isEnabled) : fields.fields.first(where: \.isEnabled)
                guard let next else { return false }
                fields.focus(next, at: time)
                followFieldFocus()
                return true
            }
            let edge = backward ? fields.fields.first(where: \.isEnabled) : fields.fields.last(where: \.isEnabled)
            if let focused = fields.focusedField, focused === edge {
                focusButton(true, at: time)
                return true
            }
        case .key(let key, let modifiers) where button.isFocused:
            if key == .enter && modifiers.isEmpty {
                activate(at: time)
                return true
            }
            return unhandledKeyHandler?(key, modifiers) ?? false
        case .text(" ") where button.isFocused:
            activate(at: time)
            return true
        case .text where button.isFocused, .inputMethodText where button.isFocused:
            return false
        case .pointerDown(let point, .primary, _, _) where contains(point):
            button.isPressed = true
            focusButton(true, at: time)
            buttonChanged()
            return true
        case .pointerUp(let point, .primary) where button.isPressed:
            button.isPressed = false
            buttonChanged()
            if contains(point) { activate(at: time) }
            return true
        case .pointerMoved(let point, _):
            pointer = point
            let over = contains(point)
            if !over && button.isHovered { fields.host?.setPointerShape(.arrow) }
            let changed = fields.handle(event, at: time)
            if over { fields.host?.setPointerShape(.hand) }
            setHovered(over)
            return changed
        case .pointerExited:
            pointer = nil
            setHovered(false)
        default:
            break
        }
        let changed = fields.handle(event, at: time)
        followFieldFocus()
        return changed
    }

    private func setHovered(_ hovered: Bool) {
        guard hovered != button.isHovered else { return }
        button.isHovered = hovered
        buttonChanged()
    }

    func nextWakeup(after time: Double) -> Double? { fields.nextWakeup(after: time) }

    @discardableResult
    func advance(to time: Double) -> Bool {
        let changed = fields.advance(to: time)
        followFieldFocus()
        // The page may have moved the button (an error grew a field above it) under the pointer.
        let over = pointer.map(contains) ?? false
        if over != button.isHovered {
            fields.host?.setPointerShape(over ? .hand : .arrow)
            setHovered(over)
        }
        return changed
    }

    func render(on canvas: Canvas, at time: Double) -> [Rect] { fields.render(on: canvas, at: time) }
    func invalidateAll() { fields.invalidateAll() }
    func settle() { fields.settle() }

    var acceptsTypedRuns: Bool { !button.isFocused && fields.acceptsTypedRuns }

    @discardableResult
    func handle(typedRun run: String, at time: Double) -> Bool { fields.handle(typedRun: run, at: time) }

    var desktopSettings: DesktopSettings {
        get { fields.desktopSettings }
        set { fields.desktopSettings = newValue }
    }

    func popupWasClosed(_ popup: ScenePopup, reason: PopupCloseReason) { fields.popupWasClosed(popup, reason: reason) }

    func dragMoved(to point: Point, operations: DragOperations, requested: DragOperation, fromThisScene: Bool,
                   at time: Double) -> DragOperation? {
        fields.dragMoved(to: point, operations: operations, requested: requested, fromThisScene: fromThisScene, at: time)
    }

    func dragExited() { fields.dragExited() }

    func drop(_ text: String, at point: Point, operation: DragOperation, fromThisScene: Bool, at time: Double) -> DragOperation? {
        fields.drop(text, at: point, operation: operation, fromThisScene: fromThisScene, at: time)
    }

    func dragEnded(movedAway: Bool, at time: Double) { fields.dragEnded(movedAway: movedAway, at: time) }
    func dragAcceptanceChanged(_ accepted: DragOperation?) { fields.dragAcceptanceChanged(accepted) }
}
