/// The catalog's controls panel (F9), as Storybook's controls: a popup beside a field that changes
/// its configuration live, each change a `FieldControl` applied at once (the field animates to it)
/// and told to `onChange` as the QA script step that replays it (`set name label "Name"`).
///
/// Two columns on a Material surface: on the left, the texts (label, placeholder, helper text,
/// error message, counter limit), each edited in a `TextField` of this library (outlined, dense);
/// on the right, switches (enabled, error, secure entry) and choices (density, clear button,
/// leading and trailing icon modes, direction). With no field to edit it says so.
///
/// Keyboard: Tab and Shift+Tab (and Down and Up) move between controls, wrapping; Space or Enter
/// toggles a switch and steps a choice; Left and Right step a choice (or turn a switch off and
/// on); a text control takes the keys a field takes, and Enter in it keeps its text. Escape (or
/// the panel's key, `closeKey`) closes the panel. Pointer: a click on a control focuses it, on a
/// switch toggles it, on a choice's left or right half steps it back or on.
///
/// A text applies at every edit but is told to `onChange` once, when the control is left or the
/// panel closes, so a replay sets the text the tester ended with, not every keystroke.
public final class FieldControlsPanel: ScenePopup {
    /// A control of the panel, by the name the QA state gives it (`controls.control`).
    public enum Control: String, CaseIterable, Sendable {
        case label, placeholder, helper
        case errorMessage = "error-message"
        case counterLimit = "counter-limit"
        case enabled, error, secure, density
        case clearButton = "clear-button"
        case leadingIcon = "leading-icon"
        case trailingIcon = "trailing-icon"
        case direction

        public enum Kind: Sendable { case text, toggle, choice }

        public var kind: Kind {
            switch self {
            case .label, .placeholder, .helper, .errorMessage, .counterLimit: return .text
            case .enabled, .error, .secure: return .toggle
            case .density, .clearButton, .leadingIcon, .trailingIcon, .direction: return .choice
            }
        }

        /// The words beside it.
        public var title: String {
            switch self {
            case .label: return "Label"
            case .placeholder: return "Placeholder"
            case .helper: return "Helper text"
            case .errorMessage: return "Error message"
            case .counterLimit: return "Counter limit"
            case .enabled: return "Enabled"
            case .error: return "Error"
            case .secure: return "Secure entry"
            case .density: return "Density"
            case .clearButton: return "Clear button"
            case .leadingIcon: return "Leading icon"
            case .trailingIcon: return "Trailing icon"
            case .direction: return "Direction"
            }
        }
    }

    /// What the panel says when there is no field to control.
    public static let noFieldMessage = "No field to control: focus a field, then press F9."
    /// Density's steps in the panel (a step takes any value from 0 to 1).
    public static let densitySteps: [Double] = [0, 0.25, 0.5, 0.75, 1]
    static let directions: [WritingDirection] = [.leftToRight, .rightToLeft]

    /// The field the panel edits; nil: there is none and the panel says so.
    public private(set) weak var field: TextField?
    /// The control the keyboard is on.
    public private(set) var focusedControl: Control
    /// Each change as the step that replays it (`set name label "Name"`), for a session recorder.
    public var onChange: ((String) -> Void)?
    /// The panel asks to close (Escape, `closeKey`); the scene closes it.
    var onDismiss: (() -> Void)?
    /// The key that opened the panel closes it too (the catalog's F9).
    public var closeKey: (EditingKey, KeyModifiers)?

    public let scheme: ColorScheme
    public let metrics: MaterialMetrics
    public var needsRender = true
    public var placement: Rect?
    public private(set) var surfaceSize = Size(width: 0, height: 0)
    /// The field's rectangle (window coordinates) the scene placed the panel beside, to place it
    /// again when the field moves.
    var besideRect: Rect?
    public var cornerRadius: Double { metrics.cornerRadius }
    public var takesInputMethod: Bool { focusedControl.kind == .text }
    /// Why it closed, once closed.
    public private(set) var closeReason: PopupCloseReason?

    weak var scene: FieldScene?
    let measurer: TextMeasuring?
    /// The text controls' editors.
    public private(set) var editors: [Control: TextField] = [:]
    /// Each control's frame, surface coordinates.
    public private(set) var frames: [Control: Rect] = [:]
    /// The text controls whose change is applied but not yet told to `onChange`, each with the
    /// field's value before its first untold change (a text edited back to it is nothing to tell).
    private var untold: [Control: FieldControl] = [:]
    /// The editor a press went into, while it is held (a drag selects in it).
    private var pressedEditor: TextField?
    private var time = 0.0
    /// The instant the panel was last drawn at.
    private var lastRenderTime = -Double.infinity

    /// The controls in Tab order: the left column, then the right.
    public static let order: [Control] = [.label, .placeholder, .helper, .errorMessage, .counterLimit,
                                          .enabled, .error, .secure, .density, .clearButton, .leadingIcon, .trailingIcon, .direction]

    public init(field: TextField?, scene: FieldScene?, scheme: ColorScheme, metrics: MaterialMetrics, measurer: TextMeasuring?,
                at time: Double = 0) {
        self.field = field
        self.scene = scene
        self.scheme = scheme
        self.metrics = metrics
        self.measurer = measurer
        self.time = time
        focusedControl = .label
        if let field {
            for control in Self.order where control.kind == .text {
                let editor = TextField(identifier: "controls-" + control.rawValue, style: .outlined, label: control.title,
                                       text: Self.text(of: control, in: field))
                editor.verticalDensity = 1
                editor.animationSlowdown = field.animationSlowdown
                if control == .counterLimit { editor.characterFilter = { $0.isASCII && $0.isNumber } }
                editor.observe { [weak self] editor, event in
                    guard case .textChanged = event, let self else { return }
                    self.editorChanged(control, editor)
                }
                editors[control] = editor
            }
        }
        layOut()
        if let editor = editors[focusedControl] { editor.focus(at: time) }
    }

    static func text(of control: Control, in field: TextField) -> String {
        switch control {
        case .label: return field.label
        case .placeholder: return field.placeholder
        case .helper: return field.helperText
        case .errorMessage: return field.errorMessage ?? ""
        case .counterLimit: return field.maximumLength.map(String.init) ?? ""
        default: return ""
        }
    }

    // MARK: Geometry

    var s: Double { metrics.scale }
    var padding: Double { (16 * s).rounded() }
    var columnWidth: Double { (216 * s).rounded() }
    var headerHeight: Double { (44 * s).rounded() }
    var footerHeight: Double { (32 * s).rounded() }
    var rowHeight: Double { (32 * s).rounded() }
    var editorGap: Double { (8 * s).rounded() }
    var titleFont: FontSpec { FontSpec(pixelSize: 16 * s, weight: .medium) }
    var bodyFont: FontSpec { FontSpec(pixelSize: 14 * s) }
    var captionFont: FontSpec { FontSpec(pixelSize: 12 * s) }
    var chipWidth: Double { (112 * s).rounded() }
    var chipHeight: Double { (28 * s).rounded() }

    private func layOut() {
        let width = field == nil ? (320 * s).rounded() : 2 * columnWidth + 3 * padding
        guard field != nil else {
            let message = measurer.map { $0.advance(of: Self.noFieldMessage, font: bodyFont) } ?? 0
            surfaceSize = Size(width: max(width, (message + 2 * padding).rounded(.up)), height: headerHeight + (56 * s).rounded() + footerHeight)
            return
        }
        var left = headerHeight
        var right = headerHeight
        for control in Self.order {
            switch control.kind {
            case .text:
                guard let editor = editors[control] else { continue }
                let height: Double
                if let measurer { height = editor.layOut(width: columnWidth, metrics: metrics, measurer: measurer) } else { height = 40 * s }
                frames[control] = Rect(x: padding, y: left, width: columnWidth, height: height.rounded(.up))
                left += height.rounded(.up) + editorGap
            case .toggle, .choice:
                frames[control] = Rect(x: 2 * padding + columnWidth, y: right, width: columnWidth, height: rowHeight)
                right += rowHeight + (4 * s).rounded()
            }
        }
        surfaceSize = Size(width: width, height: (max(left, right) + footerHeight).rounded(.up))
    }

    /// The control at `point` (surface coordinates).
    public func control(at point: Point) -> Control? { Self.order.first { frames[$0]?.contains(point) == true } }

    // MARK: Values

    /// A control's value as the panel shows it: "on"/"off", a choice's word, a text.
    public func value(of control: Control) -> String {
        guard let field else { return "" }
        switch control {
        case .enabled: return field.isEnabled ? "on" : "off"
        case .error: return field.errorMessage != nil ? "on" : "off"
        case .secure: return field.isSecureTextEntry ? "on" : "off"
        case .density: return FieldControl.number(field.verticalDensity)
        case .clearButton: return FieldControl.name(of: field.clearButtonMode)
        case .leadingIcon: return FieldControl.name(of: field.leadingViewMode)
        case .trailingIcon: return FieldControl.name(of: field.trailingViewMode)
        case .direction: return field.layoutDirection == .rightToLeft ? "rtl" : "ltr"
        case .label, .placeholder, .helper, .errorMessage, .counterLimit: return editors[control]?.text ?? ""
        }
    }

    /// Applies `change` to the field and tells it, now or (a text) when the control is left.
    private func make(_ change: FieldControl, tellLater: Control? = nil) {
        guard let field else { return }
        field.advance(to: time)
        if let control = tellLater, untold[control] == nil { untold[control] = FieldControl.current(change.property, of: field) }
        change.apply(to: field)
        if tellLater == nil { onChange?(change.stepText(id: field.identifier)) }
        setChanged()
    }

    /// The change a text control's editor asks for now; nil when there is none to make (the
    /// error message while the field is not in error, a counter limit that is no number).
    func change(for control: Control) -> FieldControl? {
        guard let field, let text = editors[control]?.text else { return nil }
        switch control {
        case .label: return .label(text)
        case .placeholder: return .placeholder(text)
        case .helper: return .helper(text)
        case .errorMessage: return field.errorMessage == nil ? nil : .error(text)
        case .counterLimit:
            if text.isEmpty { return .counterLimit(nil) }
            guard let limit = Int(text), FieldControl.counterLimitRange.contains(limit) else { return nil }
            return .counterLimit(limit)
        default: return nil
        }
    }

    private func editorChanged(_ control: Control, _ editor: TextField) {
        if control == .counterLimit {
            // A limit out of range shows the editor's error colours and changes nothing.
            editor.errorMessage = change(for: control) == nil ? "" : nil
        }
        guard let change = change(for: control), change != FieldControl.current(change.property, of: field!) else {
            setChanged()
            return
        }
        make(change, tellLater: control)
    }

    /// Tells `onChange` the text controls' changes not yet told.
    private func tellUntold() {
        guard let field else { untold.removeAll(); return }
        for control in Self.order {
            guard let before = untold[control], let change = change(for: control), change != before else { continue }
            onChange?(change.stepText(id: field.identifier))
        }
        untold.removeAll()
    }

    /// A control that would change nothing visible: an icon mode for a field with no icon on
    /// that side. It is drawn disabled, reading "no icon", and Tab, clicks and arrows pass it by
    /// (the `set` step still sets the mode, for a script that gives the field an icon later).
    public func isUnavailable(_ control: Control) -> Bool {
        guard let field else { return false }
        switch control {
        case .leadingIcon: return field.leadingIcon == nil
        case .trailingIcon: return field.trailingIcon == nil
        default: return false
        }
    }

    /// Flips a switch, or steps a choice `by` places (wrapping); nothing for an unavailable control.
    public func act(on control: Control, step: Int = 1, at time: Double) {
        self.time = max(self.time, time)
        guard let field, !isUnavailable(control) else { return }
        switch control {
        case .enabled: make(.enabled(!field.isEnabled))
        case .secure: make(.secure(!field.isSecureTextEntry))
        case .error:
            make(.error(field.errorMessage == nil ? editors[.errorMessage]?.text ?? "" : nil))
        case .density:
            let steps = Self.densitySteps
            let current = field.verticalDensity
            let next: Double
            if step > 0 { next = steps.first { $0 > current + 1e-9 } ?? steps[0] } else { next = steps.last { $0 < current - 1e-9 } ?? steps[steps.count - 1] }
            make(.density(next))
        case .clearButton: make(.clearButton(Self.stepped(field.clearButtonMode, by: step)))
        case .leadingIcon: make(.leadingIcon(Self.stepped(field.leadingViewMode, by: step)))
        case .trailingIcon: make(.trailingIcon(Self.stepped(field.trailingViewMode, by: step)))
        case .direction: make(.direction(field.layoutDirection == .leftToRight ? .rightToLeft : .leftToRight))
        case .label, .placeholder, .helper, .errorMessage, .counterLimit: break
        }
    }

    static func stepped(_ mode: ViewMode, by step: Int) -> ViewMode {
        let modes = FieldControl.modes
        let index = modes.firstIndex(of: mode) ?? 0
        return modes[((index + step) % modes.count + modes.count) % modes.count]
    }

    /// Moves the keyboard to `control`: the text left is told, the new one's editor focused (its
    /// text selected, so typing replaces it).
    public func focus(_ control: Control, at time: Double, fromPointX pointX: Double? = nil) {
        self.time = max(self.time, time)
        guard field != nil, control != focusedControl else { return }
        if let editor = editors[focusedControl] {
            editor.endEditing(at: time, force: true)
            editor.advance(to: time)
        }
        tellUntold()
        focusedControl = control
        if let editor = editors[control] {
            editor.focus(at: time, fromPointX: pointX)
            editor.advance(to: time)
        }
        setChanged()
    }

    private func moveFocus(by step: Int, at time: Double) {
        let order = Self.order
        var index = order.firstIndex(of: focusedControl) ?? 0
        // The next available control (the label's editor always is).
        for _ in order.indices {
            index = ((index + step) % order.count + order.count) % order.count
            if !isUnavailable(order[index]) { break }
        }
        focus(order[index], at: time)
    }

    private func setChanged() {
        needsRender = true
        scene?.host?.setNeedsRender()
    }

    // MARK: Events

    @discardableResult
    public func handle(_ event: InputEvent, at time: Double) -> Bool {
        guard closeReason == nil else { return false }
        self.time = max(self.time, time)
        switch event {
        case .key(let key, let modifiers):
            return handleKey(key, modifiers, at: time)
        case .text(let text):
            if let editor = editors[focusedControl] {
                editor.insert(typedRun: text, at: time)
                setChanged()
                return true
            }
            if text == " " { act(on: focusedControl, at: time); return true }
            return false
        case .inputMethodText(let text):
            guard let editor = editors[focusedControl] else { return false }
            editor.commitInputMethodText(text, at: time)
            setChanged()
            return true
        case .preeditChanged(let preedit):
            guard let editor = editors[focusedControl] else { return false }
            editor.setPreedit(preedit, at: time)
            setChanged()
            return true
        case .pointerDown(let point, let button, let clickCount, let modifiers):
            guard button == .primary, let control = control(at: point), let frame = frames[control] else { return false }
            if let editor = editors[control] {
                let local = Point(x: point.x - frame.minX, y: point.y - frame.minY)
                focus(control, at: time, fromPointX: local.x)
                editor.pointerDown(at: local, extending: modifiers.contains(.shift), clickCount: clickCount, time: time)
                pressedEditor = editor
            } else {
                guard !isUnavailable(control) else { return true }
                focus(control, at: time)
                if control.kind == .toggle {
                    act(on: control, at: time)
                } else if chipFrame(in: frame).contains(point) {
                    act(on: control, step: point.x < chipFrame(in: frame).midX ? -1 : 1, at: time)
                }
            }
            setChanged()
            return true
        case .pointerMoved(let point, let held):
            guard held, let editor = pressedEditor, let control = editors.first(where: { $0.value === editor })?.key,
                  let frame = frames[control] else { return false }
            _ = editor.pointerDragged(to: Point(x: point.x - frame.minX, y: point.y - frame.minY), time: time)
            setChanged()
            return true
        case .pointerUp:
            pressedEditor?.pointerUp()
            pressedEditor = nil
            return false
        case .pointerExited, .scroll, .windowFocus:
            return false
        }
    }

    private func handleKey(_ key: EditingKey, _ modifiers: KeyModifiers, at time: Double) -> Bool {
        if key == .escape || (closeKey.map { $0.0 == key && $0.1 == modifiers } ?? false) {
            onDismiss?()
            return true
        }
        guard field != nil else { return false }
        let plain = modifiers.subtracting(.shift).isEmpty
        switch key {
        case .tab where plain:
            moveFocus(by: modifiers.contains(.shift) ? -1 : 1, at: time)
            return true
        case .down where modifiers.isEmpty:
            moveFocus(by: 1, at: time)
            return true
        case .up where modifiers.isEmpty:
            moveFocus(by: -1, at: time)
            return true
        default:
            break
        }
        if let editor = editors[focusedControl] {
            if key == .enter {
                // Enter keeps the text: told now, the editor's text stays selected for another go.
                tellUntold()
                editor.perform(.selectAll, at: time)
                setChanged()
                return true
            }
            if let command = KeyBindings.standard.command(for: key, modifiers: modifiers) {
                switch command {
                case .copy, .cut:
                    guard let selected = editor.copyableText, !selected.isEmpty else { return true }
                    scene?.host?.setSelectionText(selected, for: .clipboard)
                    if command == .cut { _ = editor.cut(at: time) }
                case .paste:
                    scene?.host?.requestSelectionText(.clipboard) { [weak self, weak editor] text in
                        guard let self, let editor, let text, editor.isFocused else { return }
                        editor.paste(text, at: self.time)
                        self.setChanged()
                    }
                default:
                    editor.perform(command, at: time)
                }
                setChanged()
                return true
            }
            return false
        }
        switch key {
        case .enter where modifiers.isEmpty:
            act(on: focusedControl, at: time)
            return true
        case .left where modifiers.isEmpty, .right where modifiers.isEmpty:
            let forward = key == .right
            if focusedControl.kind == .toggle {
                // Left is off, Right is on, as a switch's thumb moves.
                if (value(of: focusedControl) == "on") != forward { act(on: focusedControl, at: time) }
            } else {
                act(on: focusedControl, step: forward ? 1 : -1, at: time)
            }
            return true
        default:
            return false
        }
    }

    public func popupDidClose(reason: PopupCloseReason) {
        guard closeReason == nil else { return }
        closeReason = reason
        if let editor = editors[focusedControl] { editor.endEditing(at: time, force: true) }
        tellUntold()
        scene?.controlsPanelDidClose(self)
    }

    // MARK: Time

    public func nextWakeup(after time: Double) -> Double? {
        // An editor drawn mid-motion owes its final frame, even when a late frame finds the motion over.
        if editors.values.contains(where: { $0.isAnimating(at: lastRenderTime) }) { return time }
        return editors.values.compactMap { $0.nextChange(after: time, windowFocused: true) }.min()
    }

    public func advance(to time: Double) -> Bool {
        self.time = max(self.time, time)
        var changed = false
        // Every editor: one that has just lost focus starts its motion here (as a scene advances
        // the fields that told it of a change), else it would keep its focused look.
        for editor in editors.values {
            let wasAnimating = editor.isAnimating(at: time)
            editor.advance(to: time)
            if editor.isFocused || wasAnimating || editor.isAnimating(at: time) || editor.isAnimating(at: lastRenderTime) { changed = true }
        }
        if changed { needsRender = true }
        return changed
    }

    // MARK: Drawing

    func chipFrame(in row: Rect) -> Rect {
        Rect(x: row.maxX - chipWidth, y: (row.midY - chipHeight / 2).rounded(), width: chipWidth, height: chipHeight)
    }

    /// The header's title: "Controls", and under Material 3 the design and its seed
    /// ("Controls · Material 3 #6750A4"), so a state found by hand says which scheme it was in.
    public static func title(in scheme: ColorScheme) -> String {
        guard scheme.design == .m3 else { return "Controls" }
        func byte(_ component: Double) -> String {
            let value = Int((min(max(component, 0), 1) * 255).rounded())
            return (value < 16 ? "0" : "") + String(value, radix: 16, uppercase: true)
        }
        let seed = scheme.seed.map { " #" + byte($0.red) + byte($0.green) + byte($0.blue) } ?? ""
        return "Controls · Material 3" + seed
    }

    public func render(on canvas: Canvas) {
        needsRender = false
        lastRenderTime = time
        let surface = Rect(x: 0, y: 0, width: surfaceSize.width, height: surfaceSize.height)
        canvas.fill(.roundedRectangle(surface, radii: CornerRadii(all: cornerRadius)), color: PopupElevation.surfaceColor(for: scheme))
        let high = scheme.contrast == .high
        guard let field else {
            text(Self.title(in: scheme), at: Point(x: padding, y: headerHeight / 2), font: titleFont, color: scheme.highEmphasisText, on: canvas)
            text(Self.noFieldMessage, at: Point(x: padding, y: headerHeight + (28 * s).rounded()),
                 font: bodyFont, color: scheme.highEmphasisText, on: canvas)
            text("Esc closes", at: Point(x: padding, y: surfaceSize.height - footerHeight / 2), font: captionFont,
                 color: scheme.mediumEmphasisText, on: canvas)
            return
        }
        text(Self.title(in: scheme), at: Point(x: padding, y: headerHeight / 2), font: titleFont, color: scheme.highEmphasisText, on: canvas)
        if let measurer {
            let id = field.identifier
            let width = measurer.advance(of: id, font: bodyFont)
            text(id, at: Point(x: (surface.maxX - padding - width).rounded(), y: headerHeight / 2), font: bodyFont,
                 color: scheme.mediumEmphasisText, on: canvas)
        }
        for control in Self.order {
            guard let frame = frames[control] else { continue }
            if let editor = editors[control] {
                if let measurer { _ = editor.layOut(width: columnWidth, metrics: metrics, measurer: measurer) }
                if let appearance = editor.appearance(at: time, origin: Point(x: frame.minX, y: frame.minY), scheme: scheme,
                                                      showsCaret: editor.isFocused && editor.isCaretVisible(at: time)) {
                    FieldRenderer.draw(appearance, on: canvas)
                }
                continue
            }
            let focused = control == focusedControl
            if focused {
                let ring = frame.insetBy(dx: -(6 * s).rounded(), dy: 0)
                if high {
                    canvas.fill(.roundedRectangleStroke(ring, radii: CornerRadii(all: 4 * s), width: 2 * metrics.strokeWidth),
                                color: scheme.onSurface)
                } else {
                    canvas.fill(.roundedRectangle(ring, radii: CornerRadii(all: 4 * s)), color: scheme.primary.withAlpha(0.12))
                }
            }
            if isUnavailable(control) {
                text(control.title, at: Point(x: frame.minX, y: frame.midY), font: bodyFont, color: scheme.disabledText, on: canvas)
                drawUnavailableChip(in: chipFrame(in: frame), canvas: canvas)
                continue
            }
            text(control.title, at: Point(x: frame.minX, y: frame.midY), font: bodyFont, color: scheme.highEmphasisText, on: canvas)
            if control.kind == .toggle {
                drawSwitch(on: value(of: control) == "on", in: frame, canvas: canvas)
            } else {
                drawChip(value(of: control), in: chipFrame(in: frame), focused: focused, canvas: canvas)
            }
        }
        let hint = focusedControl == .counterLimit ? "Counter limit: 1 or more; empty for none"
            : "Tab moves · Space toggles · ← → choose · Esc closes"
        text(hint, at: Point(x: padding, y: surfaceSize.height - footerHeight / 2), font: captionFont,
             color: scheme.mediumEmphasisText, on: canvas)
    }
}
