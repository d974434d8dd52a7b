/// One Material text field: its text and selection, focus, state, motion and layout.
///
/// All time is passed in (seconds on a monotonic clock), so tests step it.
public final class TextField {
    public let configuration: FieldConfiguration
    public private(set) var editor: EditableText
    public private(set) var isFocused = false

    /// 0 with the label resting, 1 floating; the notch opens with it.
    public private(set) var labelFloat: Transition
    /// 0 unfocused, 1 focused: the filled activation indicator's growth and the outline's thickening.
    public private(set) var activation: Transition
    /// Where the activation indicator grows from, in field coordinates.
    public private(set) var activationOrigin: Double = 0
    public private(set) var caretBlink = CaretBlink()
    /// How far the text is scrolled left to keep the caret in view.
    public private(set) var textScroll: Double = 0

    public private(set) var layout: FieldLayout?
    /// x of every grapheme boundary of the text, relative to the start of the text.
    public private(set) var caretOffsets: [Double] = [0]
    private weak var measurer: TextMeasuring?
    private var isSelectingWithPointer = false

    /// Label float, notch and indicator all run together for this long (Material: 150 ms).
    public static let motionDuration = 0.150

    /// Multiplies every animation's duration (`--slow-animations`), for watching motion closely.
    public var animationSlowdown: Double = 1 {
        didSet {
            labelFloat.fullDuration = Self.motionDuration * animationSlowdown
            activation.fullDuration = Self.motionDuration * animationSlowdown
        }
    }

    public init(_ configuration: FieldConfiguration) {
        self.configuration = configuration
        self.editor = EditableText(configuration.text)
        self.labelFloat = Transition(value: 0, fullDuration: Self.motionDuration)
        self.activation = Transition(value: 0, fullDuration: Self.motionDuration)
        labelFloat.jump(to: labelPosition == .floating ? 1 : 0)
    }

    // MARK: Derived state

    public var identifier: String { configuration.identifier }
    public var text: String { editor.text }
    public var isEnabled: Bool { configuration.isEnabled }
    public var state: FieldState { FieldState.resolve(isEnabled: isEnabled, isFocused: isFocused) }

    public var labelPosition: LabelPosition {
        LabelPosition.resolve(hasLabel: !configuration.label.isEmpty, hasText: !editor.text.isEmpty,
                              canFloat: true, isEditing: state == .editing)
    }

    public var isPlaceholderVisible: Bool {
        PlaceholderVisibility.isVisible(hasPlaceholder: !configuration.placeholder.isEmpty,
                                        hasText: !editor.text.isEmpty, labelPosition: labelPosition)
    }

    public func isAnimating(at time: Double) -> Bool {
        labelFloat.isAnimating(at: time) || activation.isAnimating(at: time)
    }

    /// The next instant the field looks different without new input, or nil.
    public func nextChange(after time: Double, windowFocused: Bool) -> Double? {
        if isAnimating(at: time) { return time }
        guard state == .editing, windowFocused, editor.selection.isCaret else { return nil }
        return caretBlink.nextChange(after: time)
    }

    // MARK: Layout

    public func layOut(width: Double, metrics: MaterialMetrics, measurer: TextMeasuring) {
        self.measurer = measurer
        layout = FieldLayout.compute(configuration: configuration, width: width, metrics: metrics, measurer: measurer)
        remeasureText()
    }

    private func remeasureText() {
        guard let measurer, let layout else { return }
        caretOffsets = measurer.caretOffsets(of: editor.text, font: layout.textFont)
        scrollCaretIntoView()
    }

    private func scrollCaretIntoView() {
        guard let layout else { return }
        let visible = layout.textLine.width - layout.metrics.caretWidth
        let caretX = caretOffsets[min(editor.selection.head, caretOffsets.count - 1)]
        let textWidth = caretOffsets.last ?? 0
        if caretX - textScroll > visible { textScroll = caretX - visible }
        if caretX < textScroll { textScroll = caretX }
        textScroll = min(max(0, textScroll), max(0, textWidth - visible))
    }

    /// The grapheme boundary nearest to `x` in field coordinates.
    public func caretOffset(nearestTo x: Double) -> Int {
        guard let layout else { return editor.count }
        let target = x - layout.textLine.x + textScroll
        var best = 0
        var bestDistance = Double.infinity
        for (offset, position) in caretOffsets.enumerated() {
            let distance = abs(position - target)
            if distance < bestDistance { best = offset; bestDistance = distance }
        }
        return best
    }

    /// The cluster under `x`: the last boundary at or left of it.
    private func caretOffset(before x: Double) -> Int {
        guard let layout else { return 0 }
        let target = x - layout.textLine.x + textScroll
        return caretOffsets.lastIndex { $0 <= target } ?? 0
    }

    // MARK: Focus

    /// Starts editing. `pointX` is where a click landed (field coordinates); nil for keyboard focus,
    /// which grows the activation indicator from the centre.
    public func focus(at time: Double, fromPointX pointX: Double? = nil) {
        guard isEnabled, !isFocused else { return }
        isFocused = true
        activationOrigin = pointX ?? (layout?.container.midX ?? 0)
        if pointX == nil { editor.selectAll() }
        caretBlink.restart(at: time)
        scrollCaretIntoView()
        updateMotion(at: time)
    }

    public func blur(at time: Double) {
        guard isFocused else { return }
        isFocused = false
        isSelectingWithPointer = false
        editor.select(TextSelection(caret: editor.selection.head))
        textScroll = 0
        updateMotion(at: time)
    }

    private func updateMotion(at time: Double) {
        labelFloat.animate(to: labelPosition == .floating ? 1 : 0, at: time)
        activation.animate(to: isFocused ? 1 : 0, at: time)
    }

    /// Jumps every animation to its end, as for a settled screenshot.
    public func settle() {
        labelFloat.finish()
        activation.finish()
    }

    // MARK: Pointer

    /// A press at `point` (field coordinates): focuses the field and places the caret; Shift
    /// extends the selection, a double click selects a word, a triple click everything.
    public func pointerDown(at point: Point, extending: Bool, clickCount: Int = 1, time: Double) {
        guard isEnabled else { return }
        focus(at: time, fromPointX: point.x)
        let offset = caretOffset(nearestTo: point.x)
        switch clickCount {
        case 2:
            let word = editor.wordRange(at: caretOffset(before: point.x))
            editor.select(TextSelection(anchor: word.lowerBound, head: word.upperBound))
        case 3...:
            editor.selectAll()
        default:
            editor.select(extending ? TextSelection(anchor: editor.selection.anchor, head: offset) : TextSelection(caret: offset))
        }
        isSelectingWithPointer = true
        caretMoved(at: time)
    }

    public func pointerDragged(to point: Point, time: Double) -> Bool {
        guard isSelectingWithPointer else { return false }
        let offset = caretOffset(nearestTo: point.x)
        guard offset != editor.selection.head else { return false }
        editor.select(TextSelection(anchor: editor.selection.anchor, head: offset))
        caretMoved(at: time)
        return true
    }

    public func pointerUp() { isSelectingWithPointer = false }

    /// Shows the caret solid from `time`, as after the window regains focus.
    public func restartCaretBlink(at time: Double) { caretBlink.restart(at: time) }

    // MARK: Editing

    /// Inserts committed text in place of the selection. Line breaks become spaces: this is a
    /// single-line field.
    public func insert(_ text: String, at time: Double) {
        guard state == .editing else { return }
        let singleLine = String(text.compactMap { character -> Character? in
            if character.isNewline { return " " }
            return character.unicodeScalars.contains { $0.properties.generalCategory == .control } ? nil : character
        })
        guard !singleLine.isEmpty else { return }
        editor.insert(singleLine)
        textChanged(at: time)
    }

    /// Applies an editing key. Returns false for keys the field leaves to its container (Tab, Escape).
    public func handle(_ key: EditingKey, modifiers: KeyModifiers, at time: Double) -> Bool {
        guard state == .editing else { return false }
        let extending = modifiers.contains(.shift)
        let byWord = modifiers.contains(.control)
        let before = editor
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
            if byWord { editor.deleteWordBackward() } else { editor.deleteBackward() }
        case .delete:
            if byWord { editor.deleteWordForward() } else { editor.deleteForward() }
        case .shortcut(let character) where byWord && (character == "a" || character == "A"):
            editor.selectAll()
        case .tab, .escape, .enter, .shortcut:
            return false
        }
        if editor.text != before.text {
            textChanged(at: time)
        } else {
            caretMoved(at: time)
        }
        return true
    }

    private func textChanged(at time: Double) {
        remeasureText()
        caretMoved(at: time)
        updateMotion(at: time)
    }

    private func caretMoved(at time: Double) {
        caretBlink.restart(at: time)
        scrollCaretIntoView()
    }
}
