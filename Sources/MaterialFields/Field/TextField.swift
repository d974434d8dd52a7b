/// One Material text field: its text and selection, focus, state, motion and layout.
///
/// Every property can change at any time; each change invalidates exactly what it affects (the
/// layout, or only the appearance) and tells the scene through `invalidationHandler`. Every change
/// of text goes through `apply(_:)`. Time is always passed in (seconds on a monotonic clock), so
/// tests step it; a property set between frames starts its transition at the next frame. Calls
/// that take a time want the clock the scene is rendered with (`WindowHost.now` in a window).
public final class TextField {
    public let identifier: String
    public let kind: FieldKind

    // MARK: Properties an app sets

    public var style: FieldStyle { didSet { if style != oldValue { invalidateLayout() } } }
    /// The floating label. Empty means no label.
    public var label: String { didSet { if label != oldValue { invalidateLayout() } } }
    public var labelBehavior: LabelBehavior = .floats { didSet { if labelBehavior != oldValue { invalidateLayout() } } }
    /// Shown while the field is empty and the label is not resting in the input line.
    public var placeholder: String { didSet { if placeholder != oldValue { invalidateAppearance() } } }
    /// A disabled field cannot be focused; disabling a focused field ends its editing.
    public var isEnabled: Bool {
        didSet {
            guard isEnabled != oldValue else { return }
            if !isEnabled { endEditing(at: lastTime) }
            isHovered = isHovered && isEnabled
            invalidateAppearance()
        }
    }
    /// Non-nil puts the field in error: its colours ease to the error theme and the message
    /// replaces the helper text (an empty message shows the colours alone).
    public var errorMessage: String? {
        didSet {
            guard errorMessage != oldValue else { return }
            if hasAssistiveRow != hadAssistiveRow { invalidateLayout() } else { invalidateAppearance() }
        }
    }
    /// The leading assistive text below the container.
    public var helperText: String = "" { didSet { if helperText != oldValue { assistiveTextChanged() } } }
    /// The trailing assistive text below the container (a counter, a hint).
    public var trailingAssistiveText: String = "" { didSet { if trailingAssistiveText != oldValue { assistiveTextChanged() } } }
    public var leadingIcon: FieldIcon? { didSet { if (leadingIcon == nil) != (oldValue == nil) { invalidateLayout() } else { invalidateAppearance() } } }
    public var trailingIcon: FieldIcon? { didSet { if (trailingIcon == nil) != (oldValue == nil) { invalidateLayout() } else { invalidateAppearance() } } }
    /// When the clear button shows (over text only); it takes the trailing icon's place.
    public var clearButtonMode: ViewMode = .never { didSet { if clearButtonMode != oldValue { invalidateLayout() } } }
    /// 0 (Material's 56 px field) to 1 (40 px dense).
    public var density: Double = 0 { didSet { if density != oldValue { invalidateLayout() } } }
    /// Draws every grapheme as a dot; the model keeps the real text.
    public var isSecureTextEntry = false { didSet { if isSecureTextEntry != oldValue { rebuildTextLayout() } } }
    /// The most grapheme clusters a user may enter; typing and pasting past it are cut at a
    /// cluster boundary. Programmatic text is not cut.
    public var maximumLength: Int?
    /// Characters a user may enter; others are dropped from typed and pasted text.
    public var characterFilter: ((Character) -> Bool)?
    /// Colours set per role and state (MDC's `setFloatingLabelColor(_:for:)` and kin); unset ones
    /// come from the scene's colour scheme.
    public var colorOverrides = FieldColorOverrides() { didSet { if colorOverrides != oldValue { invalidateAppearance() } } }
    /// Held weakly, as UIKit holds its delegates: the app keeps it alive.
    public weak var delegate: TextFieldDelegate?
    /// Multiplies every animation's duration (`--slow-animations`), for watching motion closely.
    public var animationSlowdown: Double = 1 {
        didSet {
            let factor = animationSlowdown.isFinite ? max(animationSlowdown, 0) : 1
            labelFloat.fullDuration = Self.motionDuration * factor
            activation.fullDuration = Self.motionDuration * factor
            errorEmphasis.fullDuration = Self.motionDuration * factor
        }
    }

    /// The text. Setting it is a programmatic edit through `apply(_:)`: observers hear of it and
    /// undo can take it back.
    public var text: String {
        get {
            if let cachedText { return cachedText }
            let text = editor.text
            cachedText = text
            return text
        }
        set { apply(editor.replacingAll(with: newValue, cause: .programmatic)) }
    }

    /// The selection in grapheme clusters; setting it clamps it to the text.
    public var selection: TextSelection {
        get { editor.selection }
        set {
            editor.select(newValue)
            undoHistory.closeGroup()
            caretMoved(at: lastTime)
        }
    }

    /// Length of the text in grapheme clusters.
    public var count: Int { editor.count }

    /// The height the field needs, once laid out.
    public var preferredHeight: Double? { layout?.preferredHeight }

    public var canUndo: Bool { undoHistory.canUndo }
    public var canRedo: Bool { undoHistory.canRedo }

    // MARK: State

    private(set) var editor: EditableText
    public private(set) var isFocused = false
    /// The pointer is over the field (set by the scene).
    public var isHovered = false { didSet { if isHovered != oldValue { invalidateAppearance() } } }
    private(set) var undoHistory = UndoHistory()

    /// 0 with the label resting, 1 floating; the notch opens with it.
    private(set) var labelFloat: Transition
    /// 0 unfocused, 1 focused: the filled activation indicator's growth and the outline's thickening.
    private(set) var activation: Transition
    /// 0 normal colours, 1 the error theme.
    private(set) var errorEmphasis: Transition
    /// Where the activation indicator grows from, in field coordinates.
    private(set) var activationOrigin: Double = 0
    private(set) var caretBlink = CaretBlink()

    private(set) var layout: FieldLayout?
    private(set) var textLayout: TextLayout?

    /// The scene's hook: `.layout` when the field's height or frames may change, `.appearance`
    /// when only what it shows did. A `FieldScene` sets it: a field belongs to one scene.
    public var invalidationHandler: ((TextField, Invalidation) -> Void)?
    public enum Invalidation: Sendable { case layout, appearance }

    /// Label float, notch and indicator all run together for this long (Material: 150 ms).
    public static let motionDuration = 0.150

    private var measurer: TextMeasuring?
    private var layoutInput: FieldLayoutInput?
    private var cachedText: String?
    private var trailingAssistiveWidth = 0.0
    private var isSelectingWithPointer = false
    private var lastTime = 0.0
    private var observers: [Int: (TextField, FieldEvent) -> Void] = [:]
    private var nextObserverID = 0

    public init(identifier: String, style: FieldStyle, kind: FieldKind = .textField, label: String = "",
                placeholder: String = "", text: String = "", isEnabled: Bool = true) {
        self.identifier = identifier
        self.style = style
        self.kind = kind
        self.label = label
        self.placeholder = placeholder
        self.isEnabled = isEnabled
        self.editor = EditableText(Self.sanitize(text, kind: kind))
        self.labelFloat = Transition(value: 0, fullDuration: Self.motionDuration)
        self.activation = Transition(value: 0, fullDuration: Self.motionDuration)
        self.errorEmphasis = Transition(value: 0, fullDuration: Self.motionDuration)
        labelFloat.jump(to: labelPosition == .floating ? 1 : 0)
    }

    // MARK: Observation

    /// Calls `handler` for every begin and end of editing, text change, refused edit and Return.
    @discardableResult
    public func observe(_ handler: @escaping (TextField, FieldEvent) -> Void) -> Cancellation {
        let id = nextObserverID
        nextObserverID += 1
        observers[id] = handler
        return Cancellation { [weak self] in self?.observers[id] = nil }
    }

    private func notify(_ event: FieldEvent) {
        for id in observers.keys.sorted() { observers[id]?(self, event) }
    }

    // MARK: Derived state

    public var state: FieldState { FieldState.resolve(isEnabled: isEnabled, isFocused: isFocused) }
    public var isInError: Bool { errorMessage != nil }

    public var labelPosition: LabelPosition {
        LabelPosition.resolve(hasLabel: !label.isEmpty, hasText: !editor.isEmpty,
                              canFloat: labelBehavior == .floats, isEditing: state == .editing)
    }

    public var isPlaceholderVisible: Bool {
        PlaceholderVisibility.isVisible(hasPlaceholder: !placeholder.isEmpty, hasText: !editor.isEmpty,
                                        labelPosition: labelPosition)
    }

    public var isClearButtonVisible: Bool {
        isEnabled && clearButtonMode.isVisible(isEditing: isFocused, hasContent: !editor.isEmpty)
    }

    private var hasAssistiveRow: Bool {
        errorMessage.map { !$0.isEmpty } == true || !helperText.isEmpty || !trailingAssistiveText.isEmpty
    }

    /// The leading assistive text: the error message in error, the helper text otherwise.
    public var leadingAssistiveText: String {
        if let errorMessage, !errorMessage.isEmpty { return errorMessage }
        return helperText
    }

    public func isAnimating(at time: Double) -> Bool {
        labelFloat.isAnimating(at: time) || activation.isAnimating(at: time) || errorEmphasis.isAnimating(at: time)
    }

    /// The next instant the field looks different without new input, or nil.
    public func nextChange(after time: Double, windowFocused: Bool) -> Double? {
        if isAnimating(at: time) { return time }
        guard state == .editing, windowFocused, editor.selection.isCaret else { return nil }
        return caretBlink.nextChange(after: time)
    }

    // MARK: Invalidation

    private func invalidateAppearance() { invalidationHandler?(self, .appearance) }

    private func invalidateLayout() {
        guard let measurer, let input = layoutInput else {
            invalidateAppearance()
            return
        }
        let oldHeight = layout?.preferredHeight
        layOut(width: input.width, metrics: input.metrics, measurer: measurer)
        invalidationHandler?(self, oldHeight == layout?.preferredHeight ? .appearance : .layout)
    }

    /// Whether the current layout has room for the assistive row.
    private var hadAssistiveRow: Bool { layoutInput?.hasAssistiveRow ?? false }

    private func assistiveTextChanged() {
        if hasAssistiveRow != hadAssistiveRow { invalidateLayout() } else {
            measureAssistiveText()
            invalidateAppearance()
        }
    }

    // MARK: Layout

    /// Lays the field out at `width` and returns the height it needs. A NaN or negative width
    /// counts as 0 (the field then shows no text); the measurer is kept for later edits.
    @discardableResult
    public func layOut(width: Double, metrics: MaterialMetrics, measurer: TextMeasuring) -> Double {
        self.measurer = measurer
        let input = FieldLayoutInput(style: style, density: density, label: label, labelBehavior: labelBehavior,
                                     hasLeadingIcon: leadingIcon != nil,
                                     hasTrailingSlot: trailingIcon != nil || clearButtonMode != .never,
                                     hasAssistiveRow: hasAssistiveRow,
                                     width: width.isFinite ? max(0, width) : 0, metrics: metrics)
        if input != layoutInput || layout == nil {
            let fontChanged = layoutInput?.metrics != metrics
            layoutInput = input
            layout = FieldLayout.compute(input, measurer: measurer)
            if fontChanged || textLayout == nil { rebuildTextLayout() }
            measureAssistiveText()
        }
        keepCaretInView()
        return layout?.preferredHeight ?? 0
    }

    private func displayCharacters<S: Collection>(for characters: S) -> [Character] where S.Element == Character {
        isSecureTextEntry ? Array(repeating: "\u{2022}", count: characters.count) : Array(characters)
    }

    private func rebuildTextLayout() {
        guard let measurer, let layout else { return }
        textLayout = TextLayout(characters: displayCharacters(for: editor.characters), font: layout.textFont,
                                lineHeight: layout.metrics.inputLineHeight, measurer: measurer)
        keepCaretInView()
        invalidateAppearance()
    }

    private func measureAssistiveText() {
        guard let measurer, let layout else { return }
        trailingAssistiveWidth = trailingAssistiveText.isEmpty ? 0
            : measurer.advance(of: trailingAssistiveText, font: layout.metrics.assistiveFont)
    }

    /// Only an editing field scrolls its text; others show the start.
    private func keepCaretInView() {
        guard let layout, textLayout != nil else { return }
        if isFocused {
            textLayout?.reveal(offset: editor.selection.head, visibleWidth: layout.textLine.width - layout.metrics.caretWidth)
        } else {
            textLayout?.scrollX = 0
        }
    }

    /// The grapheme boundary nearest to `x` in field coordinates.
    public func caretOffset(nearestTo x: Double) -> Int {
        guard let layout, let textLayout else { return editor.count }
        return textLayout.offset(nearestTo: x - layout.textLine.x + textLayout.scrollX)
    }

    /// The part of the field under `point` (field coordinates), or nil outside it.
    public func part(at point: Point) -> FieldPart? {
        guard let layout, point.x.isFinite, point.y.isFinite else { return nil }
        if let row = layout.assistiveRow, point.y >= layout.container.maxY, point.y < row.maxY,
           point.x >= 0, point.x < layout.container.width {
            return .assistiveRow
        }
        guard layout.container.contains(point) else { return nil }
        if let icon = layout.leadingIcon, leadingIcon != nil, point.x < icon.maxX + layout.metrics.iconTextGap / 2 {
            return .leadingIcon
        }
        if let slot = layout.trailingSlot, point.x >= slot.minX - layout.metrics.iconTextGap / 2 {
            if isClearButtonVisible { return .clearButton }
            if trailingIcon != nil { return .trailingIcon }
        }
        return .text
    }

    /// The caret in field coordinates, blinking or not (where an input method puts its window).
    public var caretRect: Rect? {
        guard let layout, let textLayout else { return nil }
        let caret = textLayout.caretRect(at: editor.selection.head, width: layout.metrics.caretWidth)
        return caret.offsetBy(dx: layout.textLine.x - textLayout.scrollX, dy: layout.textLine.y)
    }

    // MARK: Focus

    /// Starts editing. `pointX` is where a click landed (field coordinates); nil for keyboard focus,
    /// which grows the activation indicator from the centre and selects all the text.
    public func focus(at time: Double, fromPointX pointX: Double? = nil) {
        lastTime = time
        guard isEnabled, !isFocused else { return }
        isFocused = true
        isHovered = false
        undoHistory.closeGroup()
        activationOrigin = pointX ?? (layout?.container.midX ?? 0)
        if pointX == nil { editor.selectAll() }
        caretBlink.restart(at: time)
        keepCaretInView()
        syncMotion(at: time)
        invalidateAppearance()
        notify(.didBeginEditing)
    }

    /// Ends editing: the selection collapses and the text scrolls back to its start.
    public func endEditing(at time: Double) {
        lastTime = time
        guard isFocused else { return }
        isFocused = false
        isSelectingWithPointer = false
        editor.select(TextSelection(caret: editor.selection.head))
        keepCaretInView()
        syncMotion(at: time)
        invalidateAppearance()
        notify(.didEndEditing)
    }

    /// Points every transition at what the state asks for; a transition already heading there
    /// goes on undisturbed.
    private func syncMotion(at time: Double) {
        labelFloat.animate(to: labelPosition == .floating ? 1 : 0, at: time)
        activation.animate(to: isFocused ? 1 : 0, at: time)
        if isEnabled {
            errorEmphasis.animate(to: isInError ? 1 : 0, at: time)
        } else {
            errorEmphasis.jump(to: isInError ? 1 : 0)
        }
    }

    /// Jumps every animation to its end, as for a settled screenshot.
    public func settle() {
        syncMotion(at: lastTime)
        labelFloat.finish()
        activation.finish()
        errorEmphasis.finish()
    }

    // MARK: Pointer

    /// A press at `point` (field coordinates): focuses the field and places the caret; Shift
    /// extends the selection, a double click selects a word, a triple click everything. A press
    /// on the clear button clears the text.
    public func pointerDown(at point: Point, extending: Bool, clickCount: Int = 1, time: Double) {
        guard isEnabled, point.x.isFinite, point.y.isFinite else { return }
        let part = self.part(at: point)
        focus(at: time, fromPointX: point.x)
        if part == .clearButton {
            apply(editor.replacingAll(with: "", cause: .clear), at: time)
            return
        }
        let offset = caretOffset(nearestTo: point.x)
        switch clickCount {
        case 2:
            let underPoint = textLayout.map { $0.offset(before: point.x - (layout?.textLine.x ?? 0) + $0.scrollX) } ?? 0
            let word = editor.wordRange(at: underPoint)
            editor.select(TextSelection(anchor: word.lowerBound, head: word.upperBound))
        case 3...:
            editor.selectAll()
        default:
            editor.select(extending ? TextSelection(anchor: editor.selection.anchor, head: offset) : TextSelection(caret: offset))
        }
        isSelectingWithPointer = true
        caretMoved(at: time)
    }

    /// Extends the selection to `point` while the press that started it is held. Returns true
    /// when the selection changed.
    @discardableResult
    public func pointerDragged(to point: Point, time: Double) -> Bool {
        guard isSelectingWithPointer, point.x.isFinite else { return false }
        let offset = caretOffset(nearestTo: point.x)
        guard offset != editor.selection.head else { return false }
        editor.select(TextSelection(anchor: editor.selection.anchor, head: offset))
        caretMoved(at: time)
        return true
    }

    public func pointerUp() { isSelectingWithPointer = false }

    /// Shows the caret solid from `time`, as after the window regains focus.
    public func restartCaretBlink(at time: Double) {
        lastTime = time
        caretBlink.restart(at: time)
    }

    // MARK: The edit pipeline

    /// Applies `edit` through the one entry point every text change takes: line breaks and
    /// controls are cleaned for a single-line field; a user edit then passes the character
    /// filter, the maximum length and the delegate, any of which may shorten or refuse it; the
    /// undo history records it; the text layout re-measures what changed; observers hear of it.
    /// Returns what was applied, or nil when nothing changed.
    @discardableResult
    public func apply(_ proposed: TextEdit, at time: Double? = nil) -> AppliedEdit? {
        if let time { lastTime = time }
        let now = time ?? lastTime
        var edit = normalized(proposed)
        if edit.isUserEdit {
            if let characterFilter { edit.replacement = String(edit.replacement.filter(characterFilter)) }
            if let maximumLength {
                let room = max(0, maximumLength - (editor.count - edit.range.count))
                if edit.replacement.count > room { edit.replacement = String(edit.replacement.prefix(room)) }
            }
            if edit.replacement.isEmpty && edit.range.isEmpty && !proposed.replacement.isEmpty {
                notify(.editRefused(proposed))
                return nil
            }
            if let delegate {
                guard let rewritten = delegate.textField(self, shouldApply: edit) else {
                    notify(.editRefused(proposed))
                    return nil
                }
                edit = normalized(rewritten)
            }
        }
        // Replacing text with the same text changes nothing: no undo step, no observers (an
        // observer that normalises the text by setting it again must come to rest).
        guard editor.text(in: edit.range) != edit.replacement else {
            if let selection = edit.selectionAfter, selection != editor.selection {
                editor.select(selection)
                caretMoved(at: now)
            }
            return nil
        }
        let applied = editor.apply(edit)
        cachedText = nil
        switch edit.cause {
        case .undo, .redo: break
        default: undoHistory.record(applied)
        }
        if let measurer, textLayout != nil {
            // Mutated in place: a copy would duplicate the whole text's clusters and stops.
            let newClusters = applied.oldClusters.lowerBound..<(applied.oldClusters.lowerBound + applied.newClusterCount)
            textLayout?.replacing(applied.oldClusters, with: displayCharacters(for: editor.characters[newClusters])[...],
                                  measurer: measurer)
        }
        caretMoved(at: now)
        syncMotion(at: now)
        notify(.textChanged(applied))
        return applied
    }

    /// The edit with its range inside the text and its replacement fit for this kind of field.
    private func normalized(_ edit: TextEdit) -> TextEdit {
        var normalized = edit
        normalized.range = min(max(edit.range.lowerBound, 0), editor.count)..<min(max(edit.range.upperBound, 0), editor.count)
        normalized.replacement = Self.sanitize(edit.replacement, kind: kind)
        return normalized
    }

    /// A single-line field holds no line breaks (they become spaces) and no control characters
    /// except tab.
    static func sanitize(_ text: String, kind: FieldKind) -> String {
        guard text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" })
        else { return text }
        return String(text.compactMap { character -> Character? in
            if character.isNewline { return " " }
            if character == "\t" { return character }
            return character.unicodeScalars.contains { $0.properties.generalCategory == .control } ? nil : character
        })
    }

    /// Inserts committed text in place of the selection.
    public func insert(_ text: String, cause: EditCause = .typing, at time: Double) {
        guard state == .editing else { return }
        apply(editor.insertion(text, cause: cause), at: time)
    }

    /// Pastes `text` in place of the selection (one undo step).
    public func paste(_ text: String, at time: Double) {
        guard state == .editing else { return }
        apply(editor.insertion(text, cause: .paste), at: time)
    }

    /// What a copy takes: the selected text (nothing from a secure field).
    public var copyableText: String? {
        guard !isSecureTextEntry, !editor.selection.isCaret else { return nil }
        return editor.selectedText
    }

    /// Deletes the selection as a cut; returns the text cut, or nil when there was none.
    @discardableResult
    public func cut(at time: Double) -> String? {
        guard state == .editing, let text = copyableText else { return nil }
        apply(TextEdit(range: editor.selection.range, replacement: "", cause: .cut), at: time)
        return text
    }

    public func undo(at time: Double) {
        guard let edit = undoHistory.popUndo() else { return }
        apply(edit, at: time)
    }

    public func redo(at time: Double) {
        guard let edit = undoHistory.popRedo() else { return }
        apply(edit, at: time)
    }

    // MARK: Keys

    /// Applies an editing key. Returns false for keys the field leaves to its container (Tab,
    /// Escape, clipboard shortcuts).
    public func handle(_ key: EditingKey, modifiers: KeyModifiers, at time: Double) -> Bool {
        lastTime = time
        guard state == .editing else { return false }
        let extending = modifiers.contains(.shift)
        let byWord = modifiers.contains(.control)
        switch key {
        case .left:
            if byWord { editor.moveWordBackward(extending: extending) } else { editor.moveBackward(extending: extending) }
        case .right:
            if byWord { editor.moveWordForward(extending: extending) } else { editor.moveForward(extending: extending) }
        case .home, .up:
            editor.moveToStart(extending: extending)
        case .end, .down:
            editor.moveToEnd(extending: extending)
        case .backspace:
            if let edit = editor.backwardDeletion(byWord: byWord) { apply(edit, at: time) }
            return true
        case .delete:
            if let edit = editor.forwardDeletion(byWord: byWord) { apply(edit, at: time) }
            return true
        case .enter:
            notify(.returnPressed)
            return true
        case .shortcut(let character) where byWord:
            switch character.lowercased() {
            case "a": editor.selectAll()
            case "z": if extending { redo(at: time) } else { undo(at: time) }; return true
            case "y": redo(at: time); return true
            default: return false
            }
        case .tab, .escape, .shortcut:
            return false
        }
        undoHistory.closeGroup()
        caretMoved(at: time)
        return true
    }

    private func caretMoved(at time: Double) {
        caretBlink.restart(at: time)
        keepCaretInView()
        invalidateAppearance()
    }

    // MARK: Appearance

    /// Label font sizes step in quarter pixels, so the host's font cache stays small while the
    /// float animation stays smooth.
    static func quantizedFontSize(_ size: Double) -> Double { (size * 4).rounded() / 4 }

    /// What the field shows at `time` with its container's top-left at `origin`.
    /// - Parameter showsCaret: false while the window is inactive or the caret is in its off phase.
    public func appearance(at time: Double, origin: Point, scheme: ColorScheme, showsCaret: Bool) -> FieldAppearance? {
        guard let layout, let textLayout else { return nil }
        lastTime = max(lastTime, time)
        syncMotion(at: time)
        let metrics = layout.metrics
        var colors = FieldColors.resolve(scheme: scheme, state: state, isHovered: isHovered, isInError: false,
                                         overrides: colorOverrides)
        let emphasis = errorEmphasis.value(at: time)
        if emphasis > 0 {
            let error = FieldColors.resolve(scheme: scheme, state: state, isHovered: isHovered, isInError: true,
                                            overrides: colorOverrides)
            colors = colors.interpolated(to: error, fraction: emphasis)
        }
        let float = labelFloat.value(at: time)
        let activation = self.activation.value(at: time)
        let container = layout.container.offsetBy(dx: origin.x, dy: origin.y)

        var shapes: [ShapeFill] = []
        switch style.container {
        case .filled:
            shapes.append(ShapeFill(path: .roundedRectangle(container, radii: .top(metrics.cornerRadius)), color: colors.container))
            if colors.hoverLayer.alpha > 0 {
                shapes.append(ShapeFill(path: .roundedRectangle(container, radii: .top(metrics.cornerRadius)), color: colors.hoverLayer))
            }
            let stroke = metrics.strokeWidth
            let underline = Rect(x: container.minX, y: container.maxY - stroke, width: container.width, height: stroke)
            shapes.append(ShapeFill(path: .rectangle(underline), color: colors.underline))
            if activation > 0 {
                let thickness = metrics.focusedStrokeWidth
                if self.activation.target > 0 {
                    // Activating, it grows outward from where the field was clicked.
                    let originX = min(max(activationOrigin, 0), container.width)
                    let left = container.minX + originX * (1 - activation)
                    let right = container.minX + originX + (container.width - originX) * activation
                    shapes.append(ShapeFill(path: .rectangle(Rect(x: left, y: container.maxY - thickness, width: right - left,
                                                                  height: thickness)), color: colors.activeIndicator))
                } else {
                    // Deactivating, it fades out at full width, as MDC web's line ripple does.
                    shapes.append(ShapeFill(path: .rectangle(Rect(x: container.minX, y: container.maxY - thickness,
                                                                  width: container.width, height: thickness)),
                                            color: colors.activeIndicator.withAlpha(colors.activeIndicator.alpha * activation)))
                }
            }
        case .outlined:
            let width = metrics.strokeWidth + (metrics.focusedStrokeWidth - metrics.strokeWidth) * activation
            let color = colors.outline.interpolated(to: colors.activeOutline, fraction: activation)
            var gap: ClosedRange<Double>?
            if let notch = layout.notch, float > 0 {
                // The notch opens from the middle of the floating label, in step with the label.
                let centre = container.minX + (notch.lowerBound + notch.upperBound) / 2
                let half = (notch.upperBound - notch.lowerBound) / 2 * float
                gap = (centre - half)...(centre + half)
            }
            shapes.append(ShapeFill(path: .roundedRectangleStroke(container, radii: CornerRadii(all: metrics.cornerRadius),
                                                                  width: width, topGap: gap), color: color))
        }
        if let rect = layout.leadingIcon, let icon = leadingIcon {
            shapes.append(ShapeFill(path: icon.shape.applying(scale: metrics.scale, dx: origin.x + rect.minX, dy: origin.y + rect.minY),
                                    color: colors.icon))
        }
        if let rect = layout.trailingSlot, let icon = isClearButtonVisible ? FieldIcon.clear : trailingIcon {
            shapes.append(ShapeFill(path: icon.shape.applying(scale: metrics.scale, dx: origin.x + rect.minX, dy: origin.y + rect.minY),
                                    color: colors.icon))
        }

        let textClip = Rect(x: origin.x + layout.textLine.x, y: container.minY, width: layout.textLine.width, height: container.height)
        var labelRun: TextRun?
        var labelClip = textClip
        if let resting = layout.restingLabel, let floating = layout.floatingLabel, labelPosition != .none || float > 0 {
            let size = Self.quantizedFontSize(resting.font.pixelSize + (floating.font.pixelSize - resting.font.pixelSize) * float)
            let x = origin.x + resting.origin.x + (floating.origin.x - resting.origin.x) * float
            let y = origin.y + resting.origin.y + (floating.origin.y - resting.origin.y) * float
            labelRun = TextRun(text: label, origin: Point(x: x, y: y.rounded()),
                               font: FontSpec(pixelSize: size, weight: resting.font.weight),
                               color: colors.restingLabel.interpolated(to: colors.floatingLabel, fraction: float))
            // The label may start left of the text (outlined, beside an icon) and rise above the container.
            let left = origin.x + min(resting.origin.x, floating.origin.x)
            labelClip = Rect(x: left, y: container.minY - layout.overhangTop, width: textClip.maxX - left,
                             height: container.height + layout.overhangTop)
        }

        let lineTop = origin.y + layout.textLine.y
        let textLeft = origin.x + layout.textLine.x - textLayout.scrollX
        var placeholderRun: TextRun?
        if isPlaceholderVisible {
            placeholderRun = TextRun(text: placeholder, origin: Point(x: origin.x + layout.textLine.x, y: origin.y + layout.textBaseline),
                                     font: layout.textFont, color: colors.placeholder)
        }
        var selection: [ShapeFill] = []
        let editorSelection = editor.selection
        if state == .editing && !editorSelection.isCaret {
            selection = textLayout.rects(for: editorSelection.range).map {
                ShapeFill(path: .rectangle($0.offsetBy(dx: textLeft, dy: lineTop).intersection(textClip)), color: colors.selection)
            }
        }
        var textRun: TextRun?
        let visible = textLayout.clusters(meeting: textLayout.scrollX, textLayout.scrollX + layout.textLine.width)
        if !visible.isEmpty {
            // Only the clusters that meet the band, from a small origin: X carries 16-bit positions.
            textRun = TextRun(text: String(textLayout.characters[visible]),
                              origin: Point(x: (textLeft + textLayout.caretStops[visible.lowerBound]).rounded(),
                                            y: origin.y + layout.textBaseline),
                              font: layout.textFont, color: colors.inputText)
        }
        var caret: ShapeFill?
        if showsCaret && state == .editing && editorSelection.isCaret {
            let rect = textLayout.caretRect(at: editorSelection.head, width: metrics.caretWidth)
            // Keep the caret inside the band even at the very end of a scrolled line.
            let x = min(textLeft + rect.minX, textClip.maxX - metrics.caretWidth).rounded()
            caret = ShapeFill(path: .rectangle(Rect(x: x, y: lineTop + rect.minY, width: metrics.caretWidth, height: rect.height)),
                              color: colors.caret)
        }

        var assistive: [TextRun] = []
        var assistiveClip = Rect.zero
        if let row = layout.assistiveRow {
            assistiveClip = row.offsetBy(dx: origin.x, dy: origin.y)
            let baseline = origin.y + layout.assistiveBaseline
            let leading = leadingAssistiveText
            if !leading.isEmpty {
                assistive.append(TextRun(text: leading, origin: Point(x: assistiveClip.minX, y: baseline),
                                         font: metrics.assistiveFont, color: colors.leadingAssistiveText))
            }
            if !trailingAssistiveText.isEmpty {
                assistive.append(TextRun(text: trailingAssistiveText,
                                         origin: Point(x: (assistiveClip.maxX - trailingAssistiveWidth).rounded(), y: baseline),
                                         font: metrics.assistiveFont, color: colors.trailingAssistiveText))
            }
        }

        return FieldAppearance(bounds: layout.paintBounds.offsetBy(dx: origin.x, dy: origin.y), shapes: shapes,
                               label: labelRun, labelClip: labelClip, textClip: textClip, placeholder: placeholderRun,
                               selection: selection, text: textRun, caret: caret, assistive: assistive,
                               assistiveClip: assistiveClip)
    }
}
