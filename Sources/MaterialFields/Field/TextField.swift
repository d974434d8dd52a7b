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

    public var style: FieldStyle {
        didSet {
            guard style != oldValue else { return }
            if style.family != oldValue.family { updateDurations() }
            invalidateLayout()
        }
    }
    /// The floating label. Empty means no label.
    public var label: String { didSet { if label != oldValue { invalidateLayout() } } }
    public var labelBehavior: LabelBehavior = .floats { didSet { if labelBehavior != oldValue { invalidateLayout() } } }
    /// Shown while the field is empty and the label is not resting in the input line.
    public var placeholder: String { didSet { if placeholder != oldValue { invalidateLayout() } } }
    /// A disabled field cannot be focused; disabling a focused field ends its editing.
    public var isEnabled: Bool {
        didSet {
            guard isEnabled != oldValue else { return }
            if !isEnabled {
                beginningApproved = false
                endEditing(at: lastTime, reason: .cancelled, force: true)
            }
            isHovered = isHovered && isEnabled
            invalidateAppearance()
            notify(.enabledChanged(isEnabled))
        }
    }
    /// Non-nil puts the field in error: its colours ease to the error theme and the message
    /// replaces the helper text (an empty message shows the colours alone).
    public var errorMessage: String? {
        didSet {
            guard errorMessage != oldValue else { return }
            assistiveTextChanged()
        }
    }
    /// The leading assistive text below the container (replaced by the error message in error).
    public var helperText: String = "" { didSet { if helperText != oldValue { assistiveTextChanged() } } }
    /// The trailing assistive text below the container (a counter, a hint).
    public var trailingAssistiveText: String = "" { didSet { if trailingAssistiveText != oldValue { assistiveTextChanged() } } }
    /// An icon before the text (MDC's leading view), shown as `leadingViewMode` says.
    public var leadingIcon: FieldIcon? { didSet { if (leadingIcon == nil) != (oldValue == nil) { invalidateLayout() } else { invalidateAppearance() } } }
    /// An icon after the text (MDC's trailing view), shown as `trailingViewMode` says.
    public var trailingIcon: FieldIcon? { didSet { if (trailingIcon == nil) != (oldValue == nil) { invalidateLayout() } else { invalidateAppearance() } } }
    public var leadingViewMode: ViewMode = .always { didSet { if leadingViewMode != oldValue { invalidateLayout() } } }
    public var trailingViewMode: ViewMode = .always { didSet { if trailingViewMode != oldValue { invalidateLayout() } } }
    /// Called when the leading icon is clicked; a field with an action does not take focus from
    /// the click (a search button, a menu).
    public var leadingIconAction: ((TextField) -> Void)? { didSet { invalidateAppearance() } }
    /// Called when the trailing icon is clicked (a password visibility toggle, a search button).
    public var trailingIconAction: ((TextField) -> Void)? { didSet { invalidateAppearance() } }
    /// When the clear button shows (over text only). Its slot is reserved, so it never covers text.
    public var clearButtonMode: ViewMode = .never { didSet { if clearButtonMode != oldValue { invalidateLayout() } } }
    /// Text before the input (e.g. "$"), shown while the label is not resting in the input line.
    public var prefixText: String = "" { didSet { if prefixText != oldValue { invalidateLayout() } } }
    /// Text at the end of the input line (e.g. "kg"), shown with the prefix.
    public var suffixText: String = "" { didSet { if suffixText != oldValue { invalidateLayout() } } }
    /// 0 (Material's 56 px field) to 1 (40 px dense); paddings shrink linearly.
    public var verticalDensity: Double = 0 { didSet { if verticalDensity != oldValue { invalidateLayout() } } }
    /// Text areas: the rows the container shows at least (default 2) and at most before it
    /// scrolls (default 4; fractions show part of a row, hinting at more).
    public var minimumNumberOfVisibleRows: Double = 2 { didSet { if minimumNumberOfVisibleRows != oldValue { invalidateLayout() } } }
    public var maximumNumberOfVisibleRows: Double = 4 { didSet { if maximumNumberOfVisibleRows != oldValue { invalidateLayout() } } }
    /// A text area's container height when it is taller than its rows need.
    public var preferredContainerHeight: Double? { didSet { if preferredContainerHeight != oldValue { invalidateLayout() } } }
    /// Draws every grapheme as a dot; the model keeps the real text. While it is set the text
    /// is never copied out (clipboard, PRIMARY, QA, accessibility), the field keeps no undo
    /// history (as UIKit's secure entry) and the text's storage is overwritten as it is edited,
    /// cleared or the field goes away.
    public var isSecureTextEntry = false {
        didSet {
            guard isSecureTextEntry != oldValue else { return }
            editor.overwritesStorage = isSecureTextEntry
            // A field made secure starts hidden, whatever the eye said before.
            isSecureTextRevealed = false
            if isSecureTextEntry {
                // What was typed while the text showed must not come back through undo.
                undoHistory.removeAll()
                cachedText = nil
            }
            rebuildTextLayout()
        }
    }
    /// The most grapheme clusters a user may enter; typing and pasting past it are cut at a
    /// cluster boundary. Programmatic text is not cut: the counter then shows the excess in the
    /// error colour.
    public var maximumLength: Int? { didSet { if maximumLength != oldValue { assistiveTextChanged() } } }
    /// With a `maximumLength`, the trailing assistive text counts graphemes as "n / max" unless
    /// the app set its own trailing text.
    public var showsCharacterCounter = true { didSet { if showsCharacterCounter != oldValue { assistiveTextChanged() } } }
    /// Characters a user may enter; others are dropped from typed and pasted text.
    public var characterFilter: ((Character) -> Bool)?
    /// What a screen reader says for the field; nil composes it from the label, text and
    /// assistive texts (`accessibilityText`).
    public var accessibilityLabel: String?
    /// Colours set per role and state (MDC's `setFloatingLabelColor(_:for:)` and kin); unset ones
    /// come from the scene's colour scheme.
    public var colorOverrides = FieldColorOverrides() { didSet { if colorOverrides != oldValue { invalidateAppearance() } } }
    /// Held weakly, as UIKit holds its delegates: the app keeps it alive.
    public weak var delegate: TextFieldDelegate?

    // MARK: UIKit's properties

    /// Editing that begins clears the text (asking `textFieldShouldClear`), as for a one-time code.
    public var clearsOnBeginEditing = false
    /// While editing, the first text typed or pasted replaces all the text (the caret waits at
    /// the end, and clicks leave it there); a delete or a caret move from the keyboard first makes
    /// it an ordinary field again.
    public var clearsOnInsertion = false {
        didSet { clearsAtNextInsertion = clearsOnInsertion && isFocused }
    }
    /// Where text, placeholder and hint sit in the text band: `natural` is the start of the
    /// text's direction (`textDirection`), so right-to-left text sits at the right. Text wider
    /// than the band scrolls.
    public var textAlignment: TextAlignment = .natural { didSet { if textAlignment != oldValue { invalidateLayout() } } }
    /// The field's layout direction (UIKit's semantic content attribute). Right to left mirrors
    /// it as Material does: label, text and caret start at the right, the leading icon and the
    /// prefix go right, the trailing icon, clear button and suffix left, the outline's notch opens
    /// at the right, helper text sits at the right and the counter at the left. An empty field
    /// reads in it unless its placeholder or label has a direction of its own.
    public var layoutDirection: WritingDirection = .leftToRight {
        didSet { if layoutDirection != oldValue { invalidateLayout() } }
    }
    /// The direction the text is read in, as UIKit's natural direction: its first strong
    /// character's (UAX #9 rule P2: the first of Bidi_Class L, R or AL outside isolates, so
    /// punctuation, digits and symbols decide nothing); with none, the placeholder's or the
    /// label's; with none there either, the layout direction. One direction serves every
    /// paragraph of a text area. A secure field's dots have no direction: it reads in the layout
    /// direction.
    public var textDirection: WritingDirection {
        if isSecureTextEntry { return layoutDirection }
        // Classes as the measurer's bidi library has them (FriBidi in the host), so the text reads
        // in the direction its levels are resolved in; before the first layout, the model's table.
        // The first strong character is nearly always among the first few (this runs after every
        // edit); a text of a million digits and no letter is looked at no further than this.
        let classes: (Unicode.Scalar) -> BidiClass
        if let measurer { classes = { measurer.bidiClass(of: $0) } } else { classes = { BidiClass($0) } }
        if let direction = Bidi.firstStrongDirection(of: editor.characters.prefix(4_096), classes: classes) { return direction }
        return Bidi.firstStrongDirection(of: placeholder, classes: classes) ?? Bidi.firstStrongDirection(of: label, classes: classes)
            ?? layoutDirection
    }

    /// `textAlignment` as a factor (0 left, 1 right), `natural` resolved by the text's direction.
    private func alignmentFactor(for direction: WritingDirection) -> Double {
        textAlignment == .natural ? (direction == .rightToLeft ? 1 : 0) : textAlignment.factor
    }
    /// A single line's text shrinks to fit the band, never below `minimumFontSize`, and then scrolls.
    public var adjustsFontSizeToFitWidth = false { didSet { if adjustsFontSizeToFitWidth != oldValue { invalidateLayout() } } }
    /// The smallest size, in pixels at scale 1, that `adjustsFontSizeToFitWidth` shrinks text to
    /// (UIKit's default 0 means 8, below which text is not legible).
    public var minimumFontSize: Double = 0 { didSet { if minimumFontSize != oldValue { invalidateLayout() } } }
    /// The text's font (UIKit's `font`), at scale 1: nil is Material's 16 px Roboto. A larger
    /// size makes the input line and the container taller; a RAG field's placeholder and hint
    /// default to it.
    public var font: FontSpec? { didSet { if font != oldValue { invalidateLayout() } } }
    /// The placeholder's colour and font (at scale 1); nil follows the scheme and the text font.
    /// For RAG fields they are the resting placeholder's, which `placeholderScaleWhenEditing` scales.
    public var placeholderColor: Color? { didSet { if placeholderColor != oldValue { invalidateAppearance() } } }
    public var placeholderFont: FontSpec? { didSet { if placeholderFont != oldValue { invalidateLayout() } } }
    /// The text's colour in every state but disabled (UIKit's `textColor`; `setTextColor(_:for:)`
    /// sets it per state).
    public var textColor: Color? {
        get { colorOverrides[.text, .normal] }
        set {
            colorOverrides[.text, .normal] = newValue
            colorOverrides[.text, .editing] = newValue
        }
    }
    /// UIKit's overlay views: the leading and trailing icons, and their view modes.
    public var leftView: FieldIcon? {
        get { leadingIcon }
        set { leadingIcon = newValue }
    }
    public var rightView: FieldIcon? {
        get { trailingIcon }
        set { trailingIcon = newValue }
    }
    public var leftViewMode: ViewMode {
        get { leadingViewMode }
        set { leadingViewMode = newValue }
    }
    public var rightViewMode: ViewMode {
        get { trailingViewMode }
        set { trailingViewMode = newValue }
    }
    /// UIKit's border style: setting it makes the field a plain one (`FieldStyle.plain`); a
    /// Material or RAG field reads as `.none`.
    public var borderStyle: BorderStyle {
        get { style.borderStyle ?? .none }
        set { style = .plain(newValue) }
    }
    /// What may be typed or pasted (`KeyboardType.filter`).
    public var keyboardType: KeyboardType = .default
    /// Capitals applied while typing. UIKit's default is `.sentences` for a phone keyboard; on a
    /// desktop with a Shift key the default is `.none`.
    public var autocapitalizationType: AutocapitalizationType = .none
    /// The field is being edited (UIKit's `isEditing`; `didBeginEditing` and `didEndEditing` say
    /// when it changes).
    public var isEditing: Bool { isFocused }
    /// A secure field shows an eye as its trailing view; clicking it shows or hides the text.
    /// Shown, the text is still never copied out (clipboard, QA state, accessibility).
    public var showsSecureTextToggle = false {
        didSet {
            guard showsSecureTextToggle != oldValue else { return }
            if !showsSecureTextToggle && isSecureTextRevealed { toggleSecureTextReveal() }
            invalidateLayout()
        }
    }
    /// A secure field's text is shown as typed (by the eye, or the app).
    public private(set) var isSecureTextRevealed = false

    // MARK: RAGTextField's properties (the `.rag` style)

    public var placeholderMode: PlaceholderMode = .scalesWhenEditing {
        didSet { if placeholderMode != oldValue { invalidateLayout() } }
    }
    /// The floating placeholder's size relative to the resting one (RAG's default 1: it only moves).
    public var placeholderScaleWhenEditing: Double = 1 {
        didSet { if placeholderScaleWhenEditing != oldValue { invalidateLayout() } }
    }
    /// Pixels (at scale 1) between the floating placeholder and the text; positive moves it up.
    public var scaledPlaceholderOffset: Double = 0 { didSet { if scaledPlaceholderOffset != oldValue { invalidateLayout() } } }
    /// The placeholder's colour while the field is edited and it floats; nil keeps `placeholderColor`.
    public var transformedPlaceholderColor: Color? { didSet { if transformedPlaceholderColor != oldValue { invalidateAppearance() } } }
    /// Seconds the placeholder takes to float; nil is the default (Material's 150 ms), 0 jumps.
    public var placeholderAnimationDuration: Double? { didSet { if placeholderAnimationDuration != oldValue { updateDurations() } } }
    /// Text below the field: none while nil; any other value, even "", reserves its lines.
    /// Multi-line, at the text's alignment; an error message takes its place in error. In any
    /// family a hint takes `helperText`'s place.
    public var hint: String? { didSet { if hint != oldValue { assistiveTextChanged() } } }
    /// The hint's font at scale 1 (nil: the text font) and colour (nil: the scheme's assistive colour).
    public var hintFont: FontSpec? { didSet { if hintFont != oldValue { assistiveTextChanged() } } }
    public var hintColor: Color? { didSet { if hintColor != oldValue { invalidateAppearance() } } }
    /// Pixels (at scale 1) between the text and the hint; positive moves the hint down.
    public var hintOffset: Double = 0 { didSet { if hintOffset != oldValue { invalidateLayout() } } }
    /// Reserves the hint's line even while `hint` is nil, so setting one later moves nothing.
    public var layoutAlwaysIncludesHint = false { didSet { if layoutAlwaysIncludesHint != oldValue { assistiveTextChanged() } } }
    /// RAG's text background view: an underline or an outline behind the text.
    public var textBackground: TextBackground? { didSet { if textBackground != oldValue { invalidateAppearance() } } }
    /// Space around the text inside its background (pixels at scale 1).
    public var textPadding: EdgeInsets = .zero { didSet { if textPadding != oldValue { invalidateLayout() } } }
    /// Whether the background also wraps the placeholder, the hint, or both.
    public var textPaddingMode: TextPaddingMode = .text { didSet { if textPaddingMode != oldValue { invalidateLayout() } } }
    /// Multiplies every animation's duration (`--slow-animations`), for watching motion closely.
    public var animationSlowdown: Double = 1 { didSet { updateDurations() } }

    private func updateDurations() {
        let factor = animationSlowdown.isFinite ? max(animationSlowdown, 0) : 1
        var floatDuration = Self.motionDuration
        if style.family == .rag, let duration = placeholderAnimationDuration {
            floatDuration = duration.isFinite ? min(max(duration, 0), 10) : Self.motionDuration
        }
        labelFloat.fullDuration = floatDuration * factor
        activation.fullDuration = Self.motionDuration * factor
        errorEmphasis.fullDuration = Self.motionDuration * factor
        leadingAssistiveFade.fullDuration = Self.motionDuration * factor
        trailingAssistiveFade.fullDuration = Self.motionDuration * factor
    }

    /// The text. Setting it is a programmatic edit through `apply(_:)`: observers hear of it and
    /// undo can take it back.
    public var text: String {
        get {
            if let cachedText { return cachedText }
            let text = editor.text
            // A secure field's text is the caller's copy only: no copy stays behind here.
            guard !isSecureTextEntry else { return text }
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
            goalX = nil
            caretIsUpstream = false
            caretSide = nil
            undoHistory.closeGroup()
            caretMoved(at: lastTime)
        }
    }

    /// Length of the text in grapheme clusters.
    public var count: Int { editor.count }

    /// The text as QA and accessibility see it: a secure field's as a bullet per grapheme (line
    /// breaks kept), even while the eye shows it, so neither ever sees the secret.
    public var displayedText: String { String(maskedCharacters(editor.characters)) }

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
    /// The opacity of the leading and trailing assistive texts: a new text fades in.
    private(set) var leadingAssistiveFade: Transition
    private(set) var trailingAssistiveFade: Transition
    /// Where the activation indicator grows from, in field coordinates.
    private(set) var activationOrigin: Double = 0
    private(set) var caretBlink = CaretBlink()

    /// The frames of every part in field coordinates, once the field was laid out.
    public private(set) var layout: FieldLayout?
    public private(set) var textLayout: TextLayout?

    /// The scene's hook: `.layout` when the field's height or frames may change, `.appearance`
    /// when only what it shows did. A `FieldScene` sets it: a field belongs to one scene.
    public var invalidationHandler: ((TextField, Invalidation) -> Void)?
    public enum Invalidation: Sendable { case layout, appearance }

    /// Label float, notch and indicator all run together for this long (Material: 150 ms).
    public static let motionDuration = 0.150

    private var measurer: TextMeasuring?
    private var layoutInput: FieldLayoutInput?
    private var cachedText: String?
    /// The leading assistive text wrapped to the row, one string a line, and the trailing text's width.
    private var leadingAssistiveLines: [String] = []
    private var trailingAssistiveWidth = 0.0
    /// What `leadingAssistiveLines` were wrapped from.
    private struct AssistiveWrapKey: Equatable {
        var text: String
        var width: Double
        var metrics: MaterialMetrics
        var measurer: ObjectIdentifier
    }
    private var assistiveWrapKey: AssistiveWrapKey?
    /// What the assistive texts said when their fades last started, to fade in only new text.
    private var lastLeadingAssistiveText = ""
    private var lastTrailingAssistiveText = ""
    private var pendingFades: (leading: Bool, trailing: Bool) = (false, false)
    /// At a soft line break the caret shows at the end of the earlier line (after End, or a click
    /// past a line's end) rather than at the start of the next.
    private var caretIsUpstream = false
    /// Where two directions meet, which of its two places the caret stands at (`TextLayout`'s
    /// `after`): where it was clicked, or after what was just typed; nil, GTK's strong caret.
    private var caretSide: Bool?
    /// The x a run of Up and Down keys keeps to, from the start of the line.
    private var goalX: Double?
    private var isSelectingWithPointer = false
    /// What a held double or triple click selected, and so the unit a drag extends by: the
    /// selection grows a whole word (or paragraph) at a time and always keeps this range.
    private var pointerSelectionUnit: (range: Range<Int>, byParagraph: Bool)?
    private var lastTime = 0.0
    private var observers: [Int: (TextField, FieldEvent) -> Void] = [:]
    /// The observers added with `observe(_:)`: app code, which may read the text at every edit.
    private var appObserverIDs: Set<Int> = []
    private var nextObserverID = 0
    private var actions: [Int: (events: ControlEvents, handler: (TextField) -> Void)] = [:]
    /// `clearsOnInsertion` is armed: the next typed or pasted text replaces everything.
    private var clearsAtNextInsertion = false
    /// Counts applied edits, so a delegate that changed the text itself can be told from one
    /// that refused.
    private(set) var textRevision = 0
    /// The font size (pixels) `adjustsFontSizeToFitWidth` draws the text at, when it shrank it.
    private var fittedFontSize: Double?
    private var isFittingFont = false
    /// The hint's wrapped lines' widths, for aligning them.
    private var leadingAssistiveLineWidths: [Double] = []

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
        self.leadingAssistiveFade = Transition(value: 1, fullDuration: Self.motionDuration, easing: .linear)
        self.trailingAssistiveFade = Transition(value: 1, fullDuration: Self.motionDuration, easing: .linear)
        labelFloat.jump(to: labelPosition == .floating ? 1 : 0)
    }

    deinit {
        // The secret's last home in the model: overwritten before the array is freed.
        if editor.overwritesStorage { editor.overwriteAll() }
    }

    // MARK: Observation

    /// Calls `handler` for every begin and end of editing, text change, refused edit and Return.
    @discardableResult
    public func observe(_ handler: @escaping (TextField, FieldEvent) -> Void) -> Cancellation {
        let id = nextObserverID
        nextObserverID += 1
        observers[id] = handler
        appObserverIDs.insert(id)
        return Cancellation { [weak self] in
            self?.observers[id] = nil
            self?.appObserverIDs.remove(id)
        }
    }

    /// The library's own observer (the scene's), which reads no text: it does not keep a run of
    /// typed keys from being applied as one edit (`takesTypedRuns`).
    @discardableResult
    func observeWithoutReadingText(_ handler: @escaping (TextField, FieldEvent) -> Void) -> Cancellation {
        let id = nextObserverID
        nextObserverID += 1
        observers[id] = handler
        return Cancellation { [weak self] in self?.observers[id] = nil }
    }

    private func notify(_ event: FieldEvent) {
        for id in observers.keys.sorted() { observers[id]?(self, event) }
    }

    /// UIKit's target-action for editing events: `handler` runs for each of `events`.
    @discardableResult
    public func addAction(for events: ControlEvents, _ handler: @escaping (TextField) -> Void) -> Cancellation {
        let id = nextObserverID
        nextObserverID += 1
        actions[id] = (events, handler)
        return Cancellation { [weak self] in self?.actions[id] = nil }
    }

    /// Runs the actions registered for `event` (UIKit's `sendActions(for:)`).
    public func sendActions(for event: ControlEvents) {
        for id in actions.keys.sorted() where actions[id]?.events.isDisjoint(with: event) == false {
            actions[id]?.handler(self)
        }
    }

    // MARK: Error and colours (MDC's theming calls)

    /// Puts the field in error: label, leading assistive text, indicator, outline and caret take
    /// the scheme's error colour, and `message` (if not empty) replaces the helper text.
    public func applyErrorTheme(message: String = "") { errorMessage = message }

    /// Leaves error: colours ease back and the helper text returns.
    public func clearError() { errorMessage = nil }

    /// Sets (or with nil unsets) the colour of one part in one state; unset parts follow the scheme.
    public func setColor(_ color: Color?, for role: FieldColorRole, state: ControlState) { colorOverrides[role, state] = color }
    public func color(for role: FieldColorRole, state: ControlState) -> Color? { colorOverrides[role, state] }
    public func setFloatingLabelColor(_ color: Color?, for state: ControlState) { setColor(color, for: .floatingLabel, state: state) }
    public func setNormalLabelColor(_ color: Color?, for state: ControlState) { setColor(color, for: .normalLabel, state: state) }
    public func setTextColor(_ color: Color?, for state: ControlState) { setColor(color, for: .text, state: state) }
    public func setLeadingAssistiveLabelColor(_ color: Color?, for state: ControlState) {
        setColor(color, for: .leadingAssistiveText, state: state)
    }
    public func setTrailingAssistiveLabelColor(_ color: Color?, for state: ControlState) {
        setColor(color, for: .trailingAssistiveText, state: state)
    }
    public func setFilledBackgroundColor(_ color: Color?, for state: ControlState) { setColor(color, for: .filledBackground, state: state) }
    public func setUnderlineColor(_ color: Color?, for state: ControlState) { setColor(color, for: .underline, state: state) }
    public func setOutlineColor(_ color: Color?, for state: ControlState) { setColor(color, for: .outline, state: state) }

    // MARK: Derived state

    public var state: FieldState { FieldState.resolve(isEnabled: isEnabled, isFocused: isFocused) }
    public var isInError: Bool { errorMessage != nil }

    /// Where the label sits. A RAG field's label is its placeholder, placed by `placeholderMode`;
    /// a plain field has none.
    public var labelPosition: LabelPosition {
        switch style.family {
        case .material:
            return LabelPosition.resolve(hasLabel: !label.isEmpty, hasText: !editor.isEmpty,
                                         canFloat: labelBehavior == .floats, isEditing: state == .editing)
        case .rag:
            guard !placeholder.isEmpty, placeholderMode.isVisible(hasText: !editor.isEmpty) else { return .none }
            return placeholderMode.floats(hasText: !editor.isEmpty, isEditing: state == .editing) ? .floating : .resting
        case .plain:
            return .none
        }
    }

    /// The placeholder shows in the text line (RAG's shows as the label, `labelPosition`).
    public var isPlaceholderVisible: Bool {
        switch style.family {
        case .material:
            return PlaceholderVisibility.isVisible(hasPlaceholder: !placeholder.isEmpty, hasText: !editor.isEmpty,
                                                   labelPosition: labelPosition)
        case .rag: return false
        case .plain: return !placeholder.isEmpty && editor.isEmpty
        }
    }

    /// The text the label shows: the label, or a RAG field's placeholder.
    private var labelText: String { style.family == .rag ? placeholder : label }

    public var isClearButtonVisible: Bool {
        isEnabled && clearButtonMode.isVisible(isEditing: isFocused, hasContent: !editor.isEmpty)
    }

    public var isLeadingIconVisible: Bool { leadingIcon != nil && leadingViewMode.isVisible(isEditing: isFocused) }
    public var isTrailingIconVisible: Bool {
        if showsSecureToggleNow { return true }
        return trailingIcon != nil && trailingViewMode.isVisible(isEditing: isFocused)
    }

    /// The eye of `showsSecureTextToggle` takes the trailing view's place.
    private var showsSecureToggleNow: Bool { showsSecureTextToggle && isSecureTextEntry }

    /// The trailing icon as drawn: the secure toggle's eye, or the app's icon.
    public var displayedTrailingIcon: FieldIcon? {
        if showsSecureToggleNow { return isSecureTextRevealed ? .visibilityOff : .visibility }
        return trailingIcon
    }

    /// Shows or hides a secure field's text (the eye's click).
    public func toggleSecureTextReveal() {
        guard isSecureTextEntry else { return }
        isSecureTextRevealed.toggle()
        rebuildTextLayout()
    }

    /// Prefix and suffix show unless the label rests in the input line (Android, Flutter).
    public var areAffixesVisible: Bool { labelPosition != .resting }

    /// The leading assistive text: the error message in error, the helper text otherwise.
    public var displayedLeadingAssistiveText: String {
        if let errorMessage, !errorMessage.isEmpty { return errorMessage }
        if let hint { return hint }
        return helperText
    }

    /// The trailing assistive text as shown: the app's text, or the character counter.
    public var displayedTrailingAssistiveText: String {
        if !trailingAssistiveText.isEmpty { return trailingAssistiveText }
        if let maximumLength, showsCharacterCounter { return "\(editor.count) / \(max(0, maximumLength))" }
        return ""
    }

    /// The text holds more graphemes than `maximumLength` allows (set by the program).
    public var isOverLimit: Bool { maximumLength.map { editor.count > max(0, $0) } ?? false }

    /// A non-nil hint (even "") and `layoutAlwaysIncludesHint` keep the row's space.
    private var hasAssistiveRow: Bool {
        hint != nil || layoutAlwaysIncludesHint || !displayedLeadingAssistiveText.isEmpty || !displayedTrailingAssistiveText.isEmpty
    }

    /// Rows of text a text area shows now (1 for a text field).
    public var visibleRows: Double { layoutInput?.visibleRows ?? 1 }

    /// What a screen reader would say: the accessibility label when set, otherwise the label, the
    /// text (the placeholder when empty; never a secure field's text), and the assistive texts,
    /// joined with ", ".
    public var accessibilityText: String {
        if let accessibilityLabel { return accessibilityLabel }
        // A RAG field's placeholder is its label, said whether or not there is text.
        let content = editor.isEmpty ? (style.family == .rag ? "" : placeholder) : isSecureTextEntry ? displayedText : text
        return [labelText, content, displayedLeadingAssistiveText, displayedTrailingAssistiveText].filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// How far the label has floated at `time`: 0 resting, 1 floating (what the inspector shows
    /// of an animation; the scene brings transitions up to date when it renders).
    public func labelFloatProgress(at time: Double) -> Double { labelFloat.value(at: time) }

    /// How far focus has taken effect at `time`: 0 unfocused, 1 the indicator or outline fully active.
    public func activationProgress(at time: Double) -> Double { activation.value(at: time) }

    public func isAnimating(at time: Double) -> Bool {
        labelFloat.isAnimating(at: time) || activation.isAnimating(at: time) || errorEmphasis.isAnimating(at: time)
            || leadingAssistiveFade.isAnimating(at: time) || trailingAssistiveFade.isAnimating(at: time)
    }

    /// The next instant the field looks different without new input, or nil.
    public func nextChange(after time: Double, windowFocused: Bool) -> Double? {
        if isAnimating(at: time) { return time }
        guard state == .editing, windowFocused, editor.selection.isCaret else { return nil }
        return caretBlink.nextChange(after: time)
    }

    // MARK: Invalidation

    private func invalidateAppearance() { invalidationHandler?(self, .appearance) }

    /// Lays out again at the last width; `.layout` when the height changed, else `.appearance`.
    private func invalidateLayout() {
        guard let measurer, let input = layoutInput else {
            invalidateAppearance()
            return
        }
        let oldHeight = layout?.preferredHeight
        layOut(width: input.width, metrics: input.metrics, measurer: measurer, force: true)
        invalidationHandler?(self, oldHeight == layout?.preferredHeight ? .appearance : .layout)
    }

    /// After an edit or an assistive change: lays out again only when what layout depends on
    /// changed (a text area's rows, the assistive row's lines).
    private func relayOutIfNeeded() {
        guard let measurer, let input = layoutInput else { return }
        wrapAssistiveText(width: input.width, metrics: input.metrics, measurer: measurer)
        if makeLayoutInput(width: input.width, metrics: input.metrics) != input { invalidateLayout() }
    }

    private func assistiveTextChanged() {
        let leading = displayedLeadingAssistiveText, trailing = displayedTrailingAssistiveText
        if layout != nil {
            // New text fades in; the counter ticking over does not.
            if leading != lastLeadingAssistiveText && !leading.isEmpty { pendingFades.leading = true }
            if trailing.isEmpty != lastTrailingAssistiveText.isEmpty && !trailing.isEmpty { pendingFades.trailing = true }
        }
        lastLeadingAssistiveText = leading
        lastTrailingAssistiveText = trailing
        relayOutIfNeeded()
        invalidateAppearance()
    }

    // MARK: Layout

    private func makeLayoutInput(width: Double, metrics: MaterialMetrics) -> FieldLayoutInput {
        var input = FieldLayoutInput(style: style, kind: kind, density: verticalDensity, label: label, labelBehavior: labelBehavior,
                                     hasLeadingIcon: leadingIcon != nil && leadingViewMode != .never,
                                     hasTrailingIcon: showsSecureToggleNow || (trailingIcon != nil && trailingViewMode != .never),
                                     hasClearButton: clearButtonMode != .never, prefix: prefixText, suffix: suffixText,
                                     visibleRows: rowsForText(), preferredContainerHeight: kind == .textArea ? preferredContainerHeight : nil,
                                     assistiveLineCount: hasAssistiveRow ? max(1, leadingAssistiveLines.count) : 0,
                                     width: width.isFinite ? max(0, width) : 0, metrics: metrics)
        input.placeholder = placeholder
        input.placeholderFont = placeholderFont
        input.textFont = font
        let direction = textDirection
        input.alignment = alignmentFactor(for: direction)
        input.mirrored = layoutDirection == .rightToLeft
        input.textIsRightToLeft = direction == .rightToLeft
        input.assistiveFont = style.family == .rag ? (hintFont ?? font ?? FontSpec(pixelSize: 16)) : hintFont
        if style.family == .rag {
            input.rag = RAGLayoutOptions(placeholderMode: placeholderMode, placeholderScaleWhenEditing: placeholderScaleWhenEditing,
                                         scaledPlaceholderOffset: scaledPlaceholderOffset, hintOffset: hintOffset,
                                         textPadding: textPadding, textPaddingMode: textPaddingMode)
        }
        return input
    }

    /// The assistive (hint) text's font at `metrics`, as the layout places it.
    private func assistiveFont(metrics: MaterialMetrics) -> FontSpec {
        let fallback = style.family == .rag ? FieldLayout.scaled(font, default: metrics.inputFont, metrics: metrics) : metrics.assistiveFont
        return FieldLayout.scaled(hintFont, default: fallback, metrics: metrics)
    }

    /// The assistive row's width in a field `width` wide, as the layout makes it.
    private func assistiveRowWidth(width: Double, metrics: MaterialMetrics) -> Double {
        let insets = FieldLayout.assistiveInsets(makeLayoutInput(width: width, metrics: metrics))
        return max(0, min(width, FieldLayout.maximumWidth) - insets.left - insets.right)
    }

    /// A text area's rows: its lines, between the minimum and the maximum visible rows.
    private func rowsForText() -> Double { rows(forLineCount: textLayout?.lines.count ?? 1) }

    private func rows(forLineCount count: Int) -> Double {
        guard kind == .textArea else { return 1 }
        let minimum = minimumNumberOfVisibleRows.isFinite ? min(max(minimumNumberOfVisibleRows, 1), FieldLayout.maximumRows) : 2
        let maximum = maximumNumberOfVisibleRows.isFinite ? min(max(maximumNumberOfVisibleRows, minimum), FieldLayout.maximumRows) : minimum
        return min(max(Double(count), minimum), maximum)
    }

    /// Lays the field out at `width` and returns the height it needs. A NaN or negative width
    /// counts as 0 (the field then shows no text); the measurer is kept for later edits.
    @discardableResult
    public func layOut(width: Double, metrics: MaterialMetrics, measurer: TextMeasuring) -> Double {
        layOut(width: width, metrics: metrics, measurer: measurer, force: false)
    }

    @discardableResult
    private func layOut(width: Double, metrics: MaterialMetrics, measurer: TextMeasuring, force: Bool) -> Double {
        self.measurer = measurer
        let width = width.isFinite ? max(0, width) : 0
        wrapAssistiveText(width: width, metrics: metrics, measurer: measurer)
        var input = makeLayoutInput(width: width, metrics: metrics)
        if force || input != layoutInput || layout == nil {
            if layout == nil {
                // Whatever was set before the field first showed is where it starts, not an animation.
                errorEmphasis.jump(to: isInError ? 1 : 0)
                labelFloat.jump(to: labelPosition == .floating ? 1 : 0)
            }
            let fontChanged = layoutInput?.metrics != metrics || layoutInput?.textFont != input.textFont
            layoutInput = input
            var newLayout = FieldLayout.compute(input, measurer: measurer)
            layout = newLayout
            if fontChanged || textLayout == nil || textLayout?.direction != textDirection {
                rebuildTextLayout(notifying: false)
            } else if kind == .textArea {
                textLayout?.rewrap(width: newLayout.textLine.width)
            }
            alignText()
            fitFontToWidth()
            // Wrapping at the new width may change how many rows the text takes.
            let rows = rowsForText()
            if rows != input.visibleRows {
                input.visibleRows = rows
                layoutInput = input
                newLayout = FieldLayout.compute(input, measurer: measurer)
                layout = newLayout
            }
            // Only a new geometry moves the scroll: arranging the page again must not undo a wheel.
            keepCaretInView()
        }
        return layout?.preferredHeight ?? 0
    }

    /// The size the field would take at `width`, its assistive row included (UIKit's
    /// `sizeThatFits`), without changing its layout; nil before it was first laid out.
    public func sizeThatFits(width: Double) -> Size? {
        guard let measurer, let metrics = layoutInput?.metrics else { return nil }
        return sizeThatFits(width: width, metrics: metrics, measurer: measurer)
    }

    /// The size the field would take at `width` with `metrics`, without changing its layout.
    public func sizeThatFits(width: Double, metrics: MaterialMetrics, measurer: TextMeasuring) -> Size {
        let width = width.isFinite ? max(0, width) : 0
        var input = makeLayoutInput(width: width, metrics: metrics)
        let leadingWidth = assistiveSizes(width: width, metrics: metrics, measurer: measurer).leadingWidth
        let leadingLines = wrappedLeadingAssistiveText(in: leadingWidth, metrics: metrics, measurer: measurer).lines
        input.assistiveLineCount = hasAssistiveRow ? max(1, leadingLines.count) : 0
        var frames = FieldLayout.compute(input, measurer: measurer)
        if kind == .textArea {
            let wrapped = TextLayout(characters: displayCharacters(editor.characters), font: frames.textFont,
                                     lineHeight: frames.textLineHeight, measurer: measurer, wrapWidth: frames.textLine.width,
                                     direction: textDirection)
            input.visibleRows = rows(forLineCount: wrapped.lines.count)
            frames = FieldLayout.compute(input, measurer: measurer)
        }
        return Size(width: frames.container.width, height: frames.preferredHeight)
    }

    /// What the layout draws: the text, or a bullet per grapheme for a secure field not shown.
    private func displayCharacters<S: Collection>(_ characters: S) -> [Character] where S.Element == Character {
        isSecureTextEntry && !isSecureTextRevealed ? maskedCharacters(characters) : Array(characters)
    }

    private func maskedCharacters<S: Collection>(_ characters: S) -> [Character] where S.Element == Character {
        guard isSecureTextEntry else { return Array(characters) }
        return characters.map { $0.isNewline ? $0 : "\u{2022}" }
    }

    private func rebuildTextLayout(notifying: Bool = true) {
        guard let measurer, let layout else { return }
        var font = layout.textFont
        if let fittedFontSize { font.pixelSize = fittedFontSize }
        textLayout = TextLayout(characters: displayCharacters(editor.characters), font: font,
                                lineHeight: layout.textLineHeight, measurer: measurer,
                                wrapWidth: kind == .textArea ? layout.textLine.width : nil, direction: textDirection)
        alignText()
        if !isFittingFont, fitFontToWidth() { return }
        keepCaretInView()
        if notifying {
            relayOutIfNeeded()
            invalidateAppearance()
        }
    }

    /// Aligns the text's lines in the band (a single line keeps the caret's width free at its end:
    /// the right, or the left for right-to-left text).
    private func alignText() {
        guard let layout else { return }
        let direction = textDirection
        textLayout?.align(alignmentFactor(for: direction),
                          in: FieldLayout.alignmentWidth(band: layout.textLine.width, kind: kind, metrics: layout.metrics),
                          inset: FieldLayout.alignmentInset(kind: kind, rightToLeft: direction == .rightToLeft, metrics: layout.metrics))
    }

    /// `adjustsFontSizeToFitWidth`: the size at which a single line fits its band, between the
    /// minimum and the layout's font, in quarter pixels. Rebuilds the text layout and returns
    /// true when the size changed.
    @discardableResult
    private func fitFontToWidth() -> Bool {
        guard !isFittingFont, let layout, let textLayout else { return false }
        isFittingFont = true
        defer { isFittingFont = false }
        let fullSize = layout.textFont.pixelSize
        let minimum = min(fullSize, max(minimumFontSize.isFinite ? minimumFontSize : 0, 8) * layout.metrics.scale)
        let band = max(1, FieldLayout.alignmentWidth(band: layout.textLine.width, kind: kind, metrics: layout.metrics))
        var wanted: Double?
        if adjustsFontSizeToFitWidth && kind == .textField && !textLayout.characters.isEmpty {
            // Advances scale with the size, near enough to start from; the loop below makes sure.
            let widthAtFull = textLayout.width * fullSize / textLayout.font.pixelSize
            if widthAtFull > band {
                wanted = max(minimum, Self.quantizedFontSize(fullSize * band / widthAtFull, down: true))
            }
        }
        // Sizes, not optionals: a minimum at the full size asks for the size already drawn.
        let target = wanted ?? fullSize
        guard target != textLayout.font.pixelSize else { return false }
        fittedFontSize = target == fullSize ? nil : target
        rebuildTextLayout(notifying: false)
        // Rounding the advances may leave the text a little wide: a quarter pixel less each time.
        while let size = fittedFontSize, let width = self.textLayout?.width, width > band, size - 0.25 >= minimum {
            fittedFontSize = size - 0.25
            rebuildTextLayout(notifying: false)
        }
        keepCaretInView()
        invalidateAppearance()
        return true
    }

    /// Wraps the assistive texts for the field's own layout. Arranging the page and typing ask
    /// often; the leading text is wrapped again only when it or the width it wraps in changed.
    private func wrapAssistiveText(width: Double, metrics: MaterialMetrics, measurer: TextMeasuring) {
        let sizes = assistiveSizes(width: width, metrics: metrics, measurer: measurer)
        trailingAssistiveWidth = sizes.trailingWidth
        let key = AssistiveWrapKey(text: displayedLeadingAssistiveText, width: sizes.leadingWidth, metrics: metrics,
                                   measurer: ObjectIdentifier(measurer))
        guard key != assistiveWrapKey else { return }
        assistiveWrapKey = key
        (leadingAssistiveLines, leadingAssistiveLineWidths) = wrappedLeadingAssistiveText(in: sizes.leadingWidth, metrics: metrics,
                                                                                           measurer: measurer)
    }

    /// The trailing text's width, and the width the leading text wraps in: the trailing text
    /// gets its width first.
    private func assistiveSizes(width: Double, metrics: MaterialMetrics, measurer: TextMeasuring)
        -> (trailingWidth: Double, leadingWidth: Double) {
        let trailing = displayedTrailingAssistiveText
        let trailingWidth = trailing.isEmpty ? 0 : measurer.advance(of: trailing, font: assistiveFont(metrics: metrics))
        let rowWidth = assistiveRowWidth(width: width, metrics: metrics)
        return (trailingWidth, max(0, rowWidth - (trailing.isEmpty ? 0 : trailingWidth + metrics.horizontalPadding)))
    }

    /// The leading assistive text wrapped in `width`: each line and its width.
    private func wrappedLeadingAssistiveText(in width: Double, metrics: MaterialMetrics,
                                             measurer: TextMeasuring) -> (lines: [String], widths: [Double]) {
        let leading = displayedLeadingAssistiveText
        guard !leading.isEmpty else { return ([], []) }
        let wrapped = TextLayout(characters: Array(leading), font: assistiveFont(metrics: metrics), lineHeight: metrics.assistiveLineHeight,
                                 measurer: measurer, wrapWidth: width)
        return (wrapped.lines.map { String(wrapped.characters[$0.clusters]) },
                wrapped.lines.map { wrapped.caretStops[$0.clusters.upperBound] - wrapped.caretStops[$0.clusters.lowerBound] })
    }

    /// Keeps the caret in the visible band: a single line scrolls sideways while editing (and
    /// shows its start otherwise), a text area scrolls its rows.
    private func keepCaretInView() {
        guard let layout, textLayout != nil else { return }
        if kind == .textArea {
            if isFocused {
                textLayout?.reveal(offset: editor.selection.head, visibleHeight: layout.textLine.height, upstream: caretIsUpstream)
            } else {
                textLayout?.clampScrollY(visibleHeight: layout.textLine.height)
            }
        } else if isFocused {
            textLayout?.reveal(offset: editor.selection.head, visibleWidth: layout.textLine.width - layout.metrics.caretWidth,
                               after: caretSide)
        } else {
            // Unfocused, a line shows its start: right-to-left text's is at its right end.
            textLayout?.scrollX = 0
            if textLayout?.direction == .rightToLeft {
                textLayout?.reveal(offset: 0, visibleWidth: layout.textLine.width - layout.metrics.caretWidth)
            }
        }
    }

    /// Whether a drag held at `point` (field coordinates) lies beyond the text band in the
    /// direction the text scrolls, so holding it there should keep scrolling the selection.
    public func isBeyondTextBand(_ point: Point) -> Bool {
        guard let layout, point.x.isFinite, point.y.isFinite else { return false }
        let band = layout.textLine
        return kind == .textArea ? point.y < band.minY || point.y > band.maxY : point.x < band.minX || point.x > band.maxX
    }

    /// The text area's content is taller than its rows.
    public var hasOverflow: Bool {
        guard kind == .textArea, let layout, let textLayout else { return false }
        return textLayout.height > layout.textLine.height + 0.5
    }

    /// Scrolls a text area's rows by `dy` pixels (positive shows what is below). Returns false
    /// when it cannot move that way, so the page can scroll instead.
    @discardableResult
    public func scrollText(by dy: Double) -> Bool {
        guard hasOverflow, dy.isFinite, dy != 0, let layout, var textLayout else { return false }
        let before = textLayout.scrollY
        textLayout.scrollY += dy
        textLayout.clampScrollY(visibleHeight: layout.textLine.height)
        guard textLayout.scrollY != before else { return false }
        self.textLayout = textLayout
        invalidateAppearance()
        return true
    }

    /// The point in text coordinates (from the first line's start, scroll undone) for a point in
    /// field coordinates.
    private func textPoint(for point: Point) -> Point? {
        guard let layout, let textLayout else { return nil }
        return Point(x: point.x - layout.textLine.x + textLayout.scrollX, y: point.y - layout.textLine.y + textLayout.scrollY)
    }

    /// The grapheme boundary nearest to `point` in field coordinates, and whether it is the end
    /// of a wrapped line (where the caret shows at that line's end).
    private func caretOffset(nearestTo point: Point) -> (offset: Int, upstream: Bool, side: Bool?) {
        guard let textLayout, let local = textPoint(for: point) else { return (editor.count, false, nil) }
        let line = kind == .textArea ? textLayout.lineIndex(atY: local.y) : 0
        let (offset, side) = textLayout.caretPosition(nearestTo: local.x, onLine: line)
        return (offset, textLayout.lineIndex(of: offset) != line, side)
    }

    /// The part of the field under `point` (field coordinates), or nil outside it.
    public func part(at point: Point) -> FieldPart? {
        guard let layout, point.x.isFinite, point.y.isFinite else { return nil }
        if let row = layout.assistiveRow, point.y >= layout.container.maxY, point.y < row.maxY,
           point.x >= 0, point.x < layout.container.width {
            return .assistiveRow
        }
        guard layout.container.contains(point) else { return nil }
        let slack = layout.metrics.iconTextGap / 2
        func hits(_ rect: Rect?) -> Bool {
            guard let rect else { return false }
            return point.x >= rect.minX - slack && point.x < rect.maxX + slack && point.y >= rect.minY - slack
                && point.y < rect.maxY + slack
        }
        if isLeadingIconVisible, hits(layout.leadingIcon) { return .leadingIcon }
        if isClearButtonVisible, hits(layout.clearButton) { return .clearButton }
        if isTrailingIconVisible, hits(layout.trailingIcon) { return .trailingIcon }
        return .text
    }

    /// Whether a click on `part` does something other than placing the caret (the pointer shows a hand).
    public func isActionable(_ part: FieldPart) -> Bool {
        switch part {
        case .clearButton: return isClearButtonVisible
        case .leadingIcon: return leadingIconAction != nil
        case .trailingIcon: return showsSecureToggleNow || trailingIconAction != nil
        case .text, .assistiveRow: return false
        }
    }

    /// The caret in field coordinates, blinking or not (where an input method puts its window):
    /// where the renderer draws it, or where it would stand when scrolled out of the band.
    public var caretRect: Rect? { caretPlacement(origin: .zero)?.rect }

    // MARK: Focus

    /// Starts editing. `pointX` is where a click landed (field coordinates); nil for keyboard focus,
    /// which grows the activation indicator from the centre and selects all of a text field's text.
    ///
    /// Asks the delegate's `textFieldShouldBeginEditing` first; returns whether the field is
    /// editing now. A scene moving focus has asked already (`approveBeginning`) before ending the
    /// other field, and the answer is used here, once.
    @discardableResult
    public func focus(at time: Double, fromPointX pointX: Double? = nil) -> Bool {
        lastTime = time
        // Used up whatever happens next, so no later call inherits it.
        let approved = beginningApproved
        beginningApproved = false
        guard isEnabled else { return false }
        guard !isFocused else { return true }
        guard approved || (delegate?.textFieldShouldBeginEditing(self) ?? true) else { return false }
        // The field being edited elsewhere in the scene is asked to end first, and may say no.
        guard willBeginEditingHandler?(self) ?? true else { return false }
        // The ending field's delegate may have focused this one already, or disabled it.
        guard !isFocused else { return true }
        guard isEnabled else { return false }
        isFocused = true
        var clearedOnBegin = false
        isHovered = false
        undoHistory.closeGroup()
        activationOrigin = pointX ?? (layout?.container.midX ?? 0)
        caretIsUpstream = false
        caretSide = nil
        goalX = nil
        caretBlink.restart(at: time)
        if pointX == nil {
            // From the keyboard a text field selects its text, as desktop entries do; a text area
            // keeps its caret, as text views do, and shows it.
            if kind == .textField { editor.selectAll() }
            keepCaretInView()
        }
        // From a click the text stays where it is: the click places the caret where it landed.
        if clearsOnBeginEditing && !editor.isEmpty && (delegate?.textFieldShouldClear(self) ?? true) {
            // Part of beginning: the new session's history starts empty, as the text does.
            apply(editor.replacingAll(with: "", cause: .programmatic), at: time)
            undoHistory.removeAll()
            clearedOnBegin = true
        }
        clearsAtNextInsertion = clearsOnInsertion
        if clearsOnInsertion { editor.select(TextSelection(caret: editor.count)) }
        syncMotion(at: time)
        invalidateAppearance()
        notify(.didBeginEditing)
        delegate?.textFieldDidBeginEditing(self)
        sendActions(for: .editingDidBegin)
        // The clear was part of beginning: its change is told once editing has begun.
        if clearedOnBegin { sendActions(for: .editingChanged) }
        return isFocused
    }

    /// UIKit's `becomeFirstResponder()`: starts editing as if the user tabbed here (its scene
    /// ends the other field's editing first, asking both delegates). Works before the window
    /// shows; returns whether the field is editing.
    @discardableResult
    public func becomeFirstResponder() -> Bool {
        if let focusRequestHandler { return focusRequestHandler(self) }
        return focus(at: now)
    }

    /// UIKit's `resignFirstResponder()`: ends editing if the delegate agrees.
    @discardableResult
    public func resignFirstResponder() -> Bool { endEditing(at: now) }

    /// The scene's hook for `becomeFirstResponder`.
    var focusRequestHandler: ((TextField) -> Bool)?
    /// The scene's clock (its host's), for calls made outside an event.
    var clock: (() -> Double?)?
    /// `textFieldShouldEndEditing` is being asked.
    private var isAskingToEnd = false

    /// Now, on the scene's clock when there is one, else the last time the field was given.
    private var now: Double { max(lastTime, clock?() ?? lastTime) }
    /// The scene's hook as editing is about to begin: ends the other field's editing (asking its
    /// delegate); false keeps this one from beginning.
    var willBeginEditingHandler: ((TextField) -> Bool)?
    /// The scene's hook after every edit the user made or tried (typed, pasted, cut, deleted,
    /// undone, whether it was applied, refused or rewritten by the delegate; not `text = ...`):
    /// the scene shows the caret, so an edit into a field scrolled out of view brings it back.
    var userEditHandler: ((TextField) -> Void)?

    /// Whether editing may begin now: enabled and allowed by the delegate (asked each time).
    public func canBeginEditing() -> Bool {
        guard isEnabled else { return false }
        return isFocused || (delegate?.textFieldShouldBeginEditing(self) ?? true)
    }

    /// A scene moving focus here asks first, then ends the other field, then calls `focus`: the
    /// approval is kept for that `focus` only (it asks again otherwise). A field already editing
    /// needs none.
    func approveBeginning() -> Bool {
        let allowed = canBeginEditing()
        beginningApproved = allowed && !isFocused
        return allowed
    }

    var beginningApproved = false

    /// Ends editing: the selection stays (drawn greyed) and a single line scrolls back to its start.
    /// Asks the delegate's `textFieldShouldEndEditing` unless `force` (a disabled field ends
    /// regardless); returns whether the field is no longer editing.
    @discardableResult
    public func endEditing(at time: Double, reason: EditingEndReason = .committed, force: Bool = false) -> Bool {
        lastTime = time
        guard isFocused else { return true }
        if !force {
            // A delegate that resigns or moves focus from inside its answer is not asked again:
            // the question already being asked answers for it.
            guard !isAskingToEnd else { return false }
            isAskingToEnd = true
            let allowed = delegate?.textFieldShouldEndEditing(self) ?? true
            isAskingToEnd = false
            // A delegate that disabled its field while saying no has ended it all the same.
            guard allowed || !isFocused else { return false }
            // Whatever the delegate did meanwhile, editing ends once.
            guard isFocused else { return true }
        }
        isFocused = false
        clearsAtNextInsertion = false
        isSelectingWithPointer = false
        // As UIKit's text fields do: the steps belong to the editing session. Kept, every field of
        // a form would hold its own history for good (the soak saw the catalog grow by 15 % in
        // ten minutes), and a secure field would keep its old text in it.
        undoHistory.removeAll()
        // The selection stays, drawn greyed, as GTK and Qt entries keep it: coming back finds it.
        keepCaretInView()
        syncMotion(at: time)
        invalidateAppearance()
        notify(.didEndEditing)
        delegate?.textFieldDidEndEditing(self, reason: reason)
        sendActions(for: .editingDidEnd)
        return true
    }

    /// Points every transition at what the state asks for; a transition already heading there
    /// goes on undisturbed. New assistive text starts its fade here, at the frame after it was set.
    private func syncMotion(at time: Double) {
        labelFloat.animate(to: labelPosition == .floating ? 1 : 0, at: time)
        activation.animate(to: isFocused ? 1 : 0, at: time)
        if isEnabled {
            errorEmphasis.animate(to: isInError ? 1 : 0, at: time)
        } else {
            errorEmphasis.jump(to: isInError ? 1 : 0)
        }
        if pendingFades.leading {
            leadingAssistiveFade.jump(to: 0)
            leadingAssistiveFade.animate(to: 1, at: time)
        }
        if pendingFades.trailing {
            trailingAssistiveFade.jump(to: 0)
            trailingAssistiveFade.animate(to: 1, at: time)
        }
        pendingFades = (false, false)
    }

    /// Jumps every animation to its end, as for a settled screenshot.
    public func settle() {
        syncMotion(at: lastTime)
        labelFloat.finish()
        activation.finish()
        errorEmphasis.finish()
        leadingAssistiveFade.finish()
        trailingAssistiveFade.finish()
    }

    // MARK: Pointer

    /// A press at `point` (field coordinates): focuses the field and places the caret; Shift
    /// extends the selection, a double click selects a word, a triple click the paragraph (the
    /// whole text of a single line). A press on the clear button clears the text and keeps focus;
    /// a press on an icon with an action runs it.
    public func pointerDown(at point: Point, extending: Bool, clickCount: Int = 1, time: Double) {
        guard isEnabled, point.x.isFinite, point.y.isFinite else { return }
        let part = self.part(at: point)
        if part == .leadingIcon, let action = leadingIconAction {
            lastTime = time
            action(self)
            return
        }
        if part == .trailingIcon, showsSecureToggleNow {
            lastTime = time
            toggleSecureTextReveal()
            return
        }
        if part == .trailingIcon, let action = trailingIconAction {
            lastTime = time
            action(self)
            return
        }
        guard focus(at: time, fromPointX: point.x) else { return }
        if part == .clearButton {
            if delegate?.textFieldShouldClear(self) ?? true {
                apply(editor.replacingAll(with: "", cause: .clear), at: time)
            }
            return
        }
        if clearsAtNextInsertion {
            // The caret waits at the end for the text that replaces everything.
            isSelectingWithPointer = false
            return
        }
        let (offset, upstream, side) = caretOffset(nearestTo: point)
        caretIsUpstream = false
        caretSide = nil
        goalX = nil
        pointerSelectionUnit = nil
        switch clickCount {
        case 2:
            let underPoint = textPoint(for: point).flatMap { local in textLayout.map { $0.offset(before: local) } } ?? 0
            let word = editor.wordRange(at: underPoint)
            editor.select(TextSelection(anchor: word.lowerBound, head: word.upperBound))
            pointerSelectionUnit = (word, false)
        case 3...:
            let paragraph = editor.paragraphRange(at: offset)
            editor.select(TextSelection(anchor: paragraph.lowerBound, head: paragraph.upperBound))
            pointerSelectionUnit = (paragraph, true)
        default:
            editor.select(extending ? TextSelection(anchor: editor.selection.anchor, head: offset) : TextSelection(caret: offset))
            caretIsUpstream = upstream
            caretSide = side
        }
        isSelectingWithPointer = true
        caretMoved(at: time)
    }

    /// Extends the selection to `point` while the press that started it is held. Returns true
    /// when the selection changed.
    @discardableResult
    public func pointerDragged(to point: Point, time: Double) -> Bool {
        guard isSelectingWithPointer, point.x.isFinite, point.y.isFinite else { return false }
        let (offset, upstream, side) = caretOffset(nearestTo: point)
        if let unit = pointerSelectionUnit {
            // As GTK and Qt do after a double (triple) click: whole words (paragraphs), and the
            // one first clicked stays selected whichever way the pointer goes.
            let under = unit.byParagraph ? editor.paragraphRange(at: offset) : editor.wordRange(at: max(0, offset - (offset > unit.range.lowerBound ? 1 : 0)))
            let selection = offset < unit.range.lowerBound
                ? TextSelection(anchor: unit.range.upperBound, head: min(under.lowerBound, unit.range.lowerBound))
                : TextSelection(anchor: unit.range.lowerBound, head: max(under.upperBound, unit.range.upperBound))
            guard selection != editor.selection else { return false }
            editor.select(selection)
            caretIsUpstream = false
            caretSide = nil
            caretMoved(at: time)
            return true
        }
        guard offset != editor.selection.head || upstream != caretIsUpstream || side != caretSide else { return false }
        editor.select(TextSelection(anchor: editor.selection.anchor, head: offset))
        caretIsUpstream = upstream
        caretSide = side
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
        // Every way out of here, applied or not, ends a user's edit the same way.
        defer { if proposed.cause != .programmatic { userEditHandler?(self) } }
        if let time { lastTime = time }
        let now = time ?? lastTime
        var edit = normalized(proposed)
        // A refused edit leaves `clearsOnInsertion` armed for the first text that gets in.
        let clearsWhenRefused = clearsAtNextInsertion
        if edit.isUserEdit {
            if clearsAtNextInsertion {
                clearsAtNextInsertion = false
                if Self.insertsText(edit.cause) {
                    edit.range = 0..<editor.count
                    edit.selectionAfter = nil
                }
            }
            if let characterFilter { edit.replacement = String(edit.replacement.filter(characterFilter)) }
            if keyboardType != .default {
                // Only the kept text is read (for the one @ or decimal separator), without copying it.
                let kept = [editor.characters[..<edit.range.lowerBound], editor.characters[edit.range.upperBound...]].joined()
                edit.replacement = edit.cause == .paste ? keyboardType.paste(edit.replacement, keeping: kept) ?? ""
                    : keyboardType.filter(edit.replacement, keeping: kept)
            }
            if edit.cause == .typing, autocapitalizationType != .none, !isSecureTextEntry {
                let before = editor.characters[max(0, edit.range.lowerBound - 256)..<edit.range.lowerBound]
                edit.replacement = autocapitalizationType.apply(to: edit.replacement, after: before)
            }
            if let maximumLength {
                let limit = max(0, maximumLength)
                let room = max(0, limit - (editor.count - edit.range.count))
                // What counts is the length of the result: a combining mark typed into a full field
                // joins the grapheme before it and adds nothing. Only the replacement's first
                // graphemes can be kept, so only they are segmented (a 10 MB paste into a short
                // field must not be): with `room` + 16 of them the result is too long however its
                // ends join the neighbours (a join merges a cluster or two at each end).
                let window = room > Int.max - 16 ? Int.max : room + 16
                let pieces = Array(edit.replacement.prefix(window))
                let isWhole = pieces.count < window
                if pieces.count > room && (!isWhole || graphemeCount(afterReplacing: edit.range, with: edit.replacement) > limit) {
                    // The longest start that fits: `room` graphemes always do (each adds at most
                    // one), and up to two more may when the first joins the grapheme before the
                    // edit (combining marks) or the last the one after it.
                    var kept = min(pieces.count - 1, room + 2)
                    while kept > room && graphemeCount(afterReplacing: edit.range, with: String(pieces[..<kept])) > limit { kept -= 1 }
                    edit.replacement = String(pieces[..<kept])
                }
            }
            // Typing that the filter or the limit leaves nothing of is refused whole: it must not
            // delete the selection it was meant to replace.
            if edit.replacement.isEmpty && !proposed.replacement.isEmpty {
                clearsAtNextInsertion = clearsWhenRefused
                notify(.editRefused(proposed))
                return nil
            }
            if let delegate {
                let revision = textRevision, selection = editor.selection
                // The clear button asked `textFieldShouldClear` already, as UIKit asks only that.
                guard edit.cause == .clear
                        || delegate.textField(self, shouldChangeCharactersIn: edit.range, replacementString: edit.replacement) else {
                    if textRevision != revision {
                        // A live formatter set the text itself: the user's edit, as it wanted it.
                        sendActions(for: .editingChanged)
                    } else if editor.selection == selection {
                        clearsAtNextInsertion = clearsWhenRefused
                        notify(.editRefused(proposed))
                    }
                    return nil
                }
                // The delegate may have changed the text while saying yes: the range is stale then.
                guard textRevision == revision else { return nil }
                guard let rewritten = delegate.textField(self, shouldApply: edit) else {
                    clearsAtNextInsertion = clearsWhenRefused
                    notify(.editRefused(proposed))
                    return nil
                }
                guard textRevision == revision else { return nil }
                edit = normalized(rewritten)
            }
        }
        // Replacing text with the same text changes nothing: no undo step, no observers (an
        // observer that normalises the text by setting it again must come to rest).
        guard !editor.characters[edit.range].elementsEqual(edit.replacement) else {
            if let selection = edit.selectionAfter, selection != editor.selection {
                editor.select(selection)
                caretIsUpstream = false
                caretSide = nil
                caretMoved(at: now)
            }
            return nil
        }
        let replacesEverything = edit.range == 0..<editor.count
        let applied = editor.apply(edit)
        textRevision &+= 1
        // A whole text replaced is exactly the replacement: reading it back must not join the
        // clusters of a 10 MB paste again (the QA state reads it after every change).
        cachedText = replacesEverything && !isSecureTextEntry ? edit.replacement : nil
        switch edit.cause {
        case .undo, .redo: break
        default: if !isSecureTextEntry { undoHistory.record(applied) }
        }
        // The direction of what a delete key removed, next to the caret: the caret stays by text
        // of that direction, where the deletion happened.
        var deletedRightToLeft: Bool?
        if let textLayout, textLayout.levels != nil, !edit.range.isEmpty {
            switch edit.cause {
            case .deleteBackward, .deleteWordBackward: deletedRightToLeft = textLayout.isRightToLeft(cluster: edit.range.upperBound - 1)
            case .deleteForward, .deleteWordForward: deletedRightToLeft = textLayout.isRightToLeft(cluster: edit.range.lowerBound)
            default: break
            }
        }
        if let measurer, textLayout != nil {
            // Mutated in place: a copy would duplicate the whole text's clusters and stops.
            let newClusters = applied.oldClusters.lowerBound..<(applied.oldClusters.lowerBound + applied.newClusterCount)
            let changed = editor.characters[newClusters]
            textLayout?.replacing(applied.oldClusters, with: isSecureTextEntry && !isSecureTextRevealed ? maskedCharacters(changed)[...] : changed,
                                  measurer: measurer)
            // The first strong character changed direction: the text reads the other way, and
            // natural alignment moves it to the other side.
            if textLayout?.direction != textDirection {
                rebuildTextLayout(notifying: false)
                relayOutIfNeeded()
            }
        }
        caretIsUpstream = false
        // Where two directions meet, the caret stays by what was just typed (where more of it goes,
        // also when undo or redo brings text back), or by text of the direction just deleted.
        caretSide = nil
        if let textLayout, textLayout.levels != nil {
            let head = editor.selection.head
            if let deleted = deletedRightToLeft {
                if head > 0 && textLayout.isRightToLeft(cluster: head - 1) == deleted {
                    caretSide = true
                } else if head < editor.count && textLayout.isRightToLeft(cluster: head) == deleted {
                    caretSide = false
                }
            } else if Self.insertsText(edit.cause) || ((edit.cause == .undo || edit.cause == .redo) && applied.newClusterCount > 0) {
                caretSide = true
            }
        }
        goalX = nil
        // The rows of a text area and the counter follow the text.
        if displayedTrailingAssistiveText != lastTrailingAssistiveText {
            assistiveTextChanged()
        } else if kind == .textArea {
            relayOutIfNeeded()
        }
        if adjustsFontSizeToFitWidth { fitFontToWidth() }
        caretMoved(at: now)
        syncMotion(at: now)
        notify(.textChanged(applied))
        if edit.cause != .programmatic { sendActions(for: .editingChanged) }
        return applied
    }

    /// Causes that put new text in (what `clearsOnInsertion` waits for).
    private static func insertsText(_ cause: EditCause) -> Bool {
        cause == .typing || cause == .inputMethod || cause == .paste || cause == .newline
    }

    /// The text's length in graphemes after replacing `range` with `replacement`, segmented as
    /// applying the edit would: a join can reach past the next cluster (an emoji before a lone
    /// ZWJ and the emoji after it; a regional indicator re-pairing a run of them).
    private func graphemeCount(afterReplacing range: Range<Int>, with replacement: String) -> Int {
        editor.count(afterApplying: TextEdit(range: range, replacement: replacement, cause: .programmatic))
    }

    /// The edit with its range inside the text and its replacement fit for this kind of field.
    private func normalized(_ edit: TextEdit) -> TextEdit {
        var normalized = edit
        normalized.range = min(max(edit.range.lowerBound, 0), editor.count)..<min(max(edit.range.upperBound, 0), editor.count)
        normalized.replacement = Self.sanitize(edit.replacement, kind: kind)
        return normalized
    }

    /// A single-line field holds no line breaks (they become spaces); a text area keeps them as
    /// "\n". Neither holds other control characters (C0, DEL, C1) except tab.
    static func sanitize(_ text: String, kind: FieldKind) -> String {
        guard mayContainControls(text), text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" })
        else { return text }
        return String(text.compactMap { character -> Character? in
            if character.isNewline { return kind == .textArea ? "\n" : " " }
            if character == "\t" { return character }
            return character.unicodeScalars.contains { $0.properties.generalCategory == .control } ? nil : character
        })
    }

    /// False when no byte of `text` can encode a control character (C0, DEL, C1) or U+2028/U+2029:
    /// a byte scan, so a 10 MB paste of ordinary text is not checked scalar by scalar.
    private static func mayContainControls(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            let count = bytes.count
            var index = 0
            while index < count {
                let byte = base[index]
                if byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xE2 { return true }
                index += 1
            }
            return false
        }
    }

    /// Inserts committed text in place of the selection.
    public func insert(_ text: String, cause: EditCause = .typing, at time: Double) {
        guard state == .editing else { return }
        apply(editor.insertion(text, cause: cause), at: time)
    }

    /// Whether keys typed into this field may arrive as a run (`insert(typedRun:at:)`): it is
    /// being edited, it is not secure (a run would gather the secret in one string the field
    /// cannot overwrite) and nothing outside the library watches its edits one by one: no
    /// delegate, no observer from `observe(_:)`, no `editingChanged` action. Such code may read
    /// the text between keys, so those fields get each key as its own edit.
    public var takesTypedRuns: Bool {
        state == .editing && !isSecureTextEntry && delegate == nil && appObserverIDs.isEmpty
            && !actions.values.contains { $0.events.contains(.editingChanged) }
    }

    /// Keys typed one after another, each `Character` of `run` one key's text: the same text,
    /// selection, undo steps and refusals (`editRefused`, so the same bells) as `insert(_:at:)`
    /// of each character in turn, in as few edits as that allows (`typedRunPrefix`). A field
    /// that does not `takesTypedRuns` gets one edit per character.
    public func insert(typedRun run: String, at time: Double) {
        var rest = Substring(run)
        while !rest.isEmpty, state == .editing {
            let count = takesTypedRuns ? typedRunPrefix(of: rest) : 1
            let end = rest.index(rest.startIndex, offsetBy: count)
            apply(editor.insertion(String(rest[..<end]), cause: .typing), at: time)
            rest = rest[end...]
        }
    }

    /// How many of the keys at the start of `keys` (one `Character` each) one edit may take and
    /// come out as they would one at a time (at least 1). One edit of several keys is plain
    /// insertion at a caret of characters that each stay a cluster of their own, so:
    /// - a selection or an armed `clearsOnInsertion`, a character filter, a filtering keyboard
    ///   type and `adjustsFontSizeToFitWidth` (which fits from the size it had) take one key;
    /// - a key that would join the cluster before the caret (a combining mark: its own undo step)
    ///   goes alone, and no key may join the cluster after the caret (one at a time each would);
    /// - the undo history's typing groups are kept: a run of word characters with at most one
    ///   whitespace after it (a word ends there), or one other character (a step of its own);
    ///   so the autocapitalization, which reads the 256 characters before each key, sees a word
    ///   character before every key but the first, as it would;
    /// - with a `maximumLength`, no more keys than fit (a third of the room with autocapitalization,
    ///   where one key may type up to three capitals), so every key past the limit is refused
    ///   on its own, as typed.
    func typedRunPrefix(of keys: Substring) -> Int {
        let selection = editor.selection
        guard selection.isCaret, !clearsAtNextInsertion, characterFilter == nil, keyboardType.keepsEverythingTyped,
              !adjustsFontSizeToFitWidth, let first = keys.first else { return 1 }
        let caret = selection.head
        if caret > 0, (String(editor.characters[caret - 1]) + String(first)).count != 2 { return 1 }
        let next = caret < editor.count ? String(editor.characters[caret]) : nil
        var limit = Int.max
        if let maximumLength {
            let room = max(0, maximumLength) - editor.count
            limit = max(1, autocapitalizationType != .none ? room / 3 : room)
        }
        var count = 0
        for key in keys {
            guard count < limit else { break }
            if let next, (String(key) + next).count != 2 { return max(1, count) }
            let isWord = EditableText.isWordCharacter(key)
            if !isWord && (count > 0 || !key.isWhitespace) {
                // Punctuation is an undo step of its own; whitespace ends a word's step.
                if count == 0 { return 1 }
                if !key.isWhitespace { break }
                count += 1
                break
            }
            count += 1
            if key.isWhitespace { break }
        }
        return max(1, count)
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
        let selectionBeforeKey = editor.selection
        let extending = modifiers.contains(.shift)
        let control = modifiers.contains(.control)
        var keepsGoal = false
        var upstream = false
        // The caret's place after the key (see `caretSide`): where Up or Down landed, or kept by
        // an arrow that could not move.
        var keptSide: Bool?
        switch key {
        case .left, .right:
            let rightward = key == .right
            if control {
                // In a right-to-left paragraph the next word is to the left.
                if rightward != (textLayout?.direction == .rightToLeft) {
                    editor.moveWordForward(extending: extending)
                } else {
                    editor.moveWordBackward(extending: extending)
                }
            } else if let textLayout, textLayout.levels != nil {
                (upstream, keptSide) = moveVisually(rightward: rightward, extending: extending, in: textLayout)
            } else if rightward {
                // Text that is all left to right reads in storage order, whatever the paragraph.
                editor.moveForward(extending: extending)
            } else {
                editor.moveBackward(extending: extending)
            }
        case .up, .down:
            if kind == .textArea, !control {
                (upstream, keptSide) = moveVertically(down: key == .down, extending: extending)
                keepsGoal = true
            } else if key == .up {
                editor.moveToStart(extending: extending)
            } else {
                editor.moveToEnd(extending: extending)
            }
        case .home:
            if kind == .textArea, !control, let textLayout {
                let line = textLayout.lines[textLayout.lineIndex(of: editor.selection.head, upstream: caretIsUpstream)]
                editor.moveHead(to: line.clusters.lowerBound, extending: extending)
            } else {
                editor.moveToStart(extending: extending)
            }
        case .end:
            if kind == .textArea, !control, let textLayout {
                let index = textLayout.lineIndex(of: editor.selection.head, upstream: caretIsUpstream)
                let end = textLayout.lines[index].clusters.upperBound
                editor.moveHead(to: end, extending: extending)
                // At a soft break the line's end is also the next line's start: stay on this line.
                upstream = textLayout.lineIndex(of: end) != index
            } else {
                editor.moveToEnd(extending: extending)
            }
        case .backspace:
            if let edit = editor.backwardDeletion(byWord: control) { apply(edit, at: time) }
            return true
        case .delete:
            if let edit = editor.forwardDeletion(byWord: control) { apply(edit, at: time) }
            return true
        case .enter where control:
            // Ctrl+Return is the app's (submitting a form), in a text area too.
            return false
        case .enter:
            if kind == .textArea {
                apply(editor.insertion("\n", cause: .newline), at: time)
            } else if pressReturn(at: time) {
                // Without a scene to move focus on, Return ends editing.
                sendActions(for: .editingDidEndOnExit)
                endEditing(at: time)
            }
            return true
        case .shortcut(let character) where control:
            switch character.lowercased() {
            case "a": editor.selectAll()
            case "z": if extending { redo(at: time) } else { undo(at: time) }; return true
            case "y": redo(at: time); return true
            default: return false
            }
        case .tab, .escape, .shortcut, .function, .insert:
            return false
        }
        if !keepsGoal { goalX = nil }
        caretIsUpstream = upstream
        caretSide = keptSide
        if editor.selection != selectionBeforeKey { clearsAtNextInsertion = false }
        undoHistory.closeGroup()
        caretMoved(at: time)
        return true
    }

    /// Return in a single-line field: observers hear `.returnPressed`, then the delegate's
    /// `textFieldShouldReturn` decides whether the default follows (true: focus moves on, or
    /// editing ends on the last field).
    public func pressReturn(at time: Double) -> Bool {
        lastTime = time
        notify(.returnPressed)
        return delegate?.textFieldShouldReturn(self) ?? true
    }

    /// Left or Right in text with right-to-left in it: one step as the eye sees it (GTK's visual
    /// movement), past a line's visual end to the next line in reading order. Without `extending`
    /// a selection collapses to its edge on that side. Returns whether the caret ends at a
    /// wrapped line's end, and its place (kept when it stays where it is).
    private func moveVisually(rightward: Bool, extending: Bool, in textLayout: TextLayout) -> (upstream: Bool, side: Bool?) {
        let selection = editor.selection
        let forward = rightward != (textLayout.direction == .rightToLeft)
        if !extending && !selection.isCaret {
            let lower = textLayout.lineIndex(of: selection.lowerBound), upper = textLayout.lineIndex(of: selection.upperBound, upstream: true)
            var edge = forward ? selection.upperBound : selection.lowerBound
            if lower == upper {
                let lowerX = textLayout.x(of: selection.lowerBound, onLine: lower)
                let upperX = textLayout.x(of: selection.upperBound, onLine: upper)
                edge = (lowerX < upperX) == rightward ? selection.upperBound : selection.lowerBound
            }
            editor.select(TextSelection(caret: edge))
            return (false, nil)
        }
        let line = textLayout.lineIndex(of: selection.head, upstream: caretIsUpstream)
        // A caret standing at a boundary's other place (clicked there, or after typing) steps
        // from where it is drawn.
        let shown = textLayout.x(of: selection.head, onLine: line, after: caretSide)
        let next = caretSide != nil && shown != textLayout.x(of: selection.head, onLine: line)
            ? textLayout.offset(visuallyFrom: shown, rightward: rightward, onLine: line)
            : textLayout.offset(visuallyFrom: selection.head, rightward: rightward, onLine: line)
        if let next {
            editor.moveHead(to: next, extending: extending)
            return (next == textLayout.lines[line].clusters.upperBound && textLayout.lineIndex(of: next) != line, nil)
        }
        // Past the line's visual end: on into the line after it in reading order (before it, when
        // going back), entering at the side the caret came from; a single line stays.
        let target = line + (forward ? 1 : -1)
        guard kind == .textArea, textLayout.lines.indices.contains(target) else {
            editor.moveHead(to: selection.head, extending: extending)
            return (caretIsUpstream, caretSide)
        }
        let entry = textLayout.visualEnd(ofLine: target, leftmost: rightward)
        editor.moveHead(to: entry, extending: extending)
        return (entry == textLayout.lines[target].clusters.upperBound && textLayout.lineIndex(of: entry) != target, nil)
    }

    /// Up or Down in a text area: the nearest boundary to the goal x on the visual line above or
    /// below; past the first or last line, the text's start or end. Returns whether the caret
    /// ends at a wrapped line's end.
    private func moveVertically(down: Bool, extending: Bool) -> (upstream: Bool, side: Bool?) {
        guard let textLayout else { return (false, nil) }
        if !extending && !editor.selection.isCaret && goalX == nil {
            // A selection collapses toward the direction of travel first, as in every editor.
            editor.select(TextSelection(caret: down ? editor.selection.upperBound : editor.selection.lowerBound))
        }
        let current = textLayout.lineIndex(of: editor.selection.head, upstream: caretIsUpstream)
        let goal = goalX ?? textLayout.x(of: editor.selection.head, onLine: current, after: caretSide)
        goalX = goal
        let target = current + (down ? 1 : -1)
        guard target >= 0, target < textLayout.lines.count else {
            editor.moveHead(to: down ? editor.count : 0, extending: extending)
            return (false, nil)
        }
        // The caret stands where the goal is, even where two directions meet.
        let (offset, side) = textLayout.caretPosition(nearestTo: goal, onLine: target)
        editor.moveHead(to: offset, extending: extending)
        return (textLayout.lineIndex(of: offset) != target, side)
    }

    private func caretMoved(at time: Double) {
        caretBlink.restart(at: time)
        keepCaretInView()
        invalidateAppearance()
    }

    // MARK: Appearance

    /// Label font sizes step in quarter pixels, so the host's font cache stays small while the
    /// float animation stays smooth.
    static func quantizedFontSize(_ size: Double, down: Bool = false) -> Double {
        (size * 4).rounded(down ? .down : .toNearestOrAwayFromZero) / 4
    }

    /// The grey of a selection in a field not being edited: on-surface at this opacity.
    static let inactiveSelectionAlpha = 0.12

    /// What the field shows at `time` with its container's top-left at `origin`.
    /// - Parameters:
    ///   - showsCaret: false while the window is inactive or the caret is in its off phase.
    ///   - windowIsActive: false while another window has the keyboard: a selection is drawn grey
    ///     then, as in a field not being edited (GTK's backdrop, Qt's inactive palette).
    public func appearance(at time: Double, origin: Point, scheme: ColorScheme, showsCaret: Bool,
                           windowIsActive: Bool = true) -> FieldAppearance? {
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
        func place(_ rect: Rect) -> Rect { rect.offsetBy(dx: origin.x, dy: origin.y) }

        var shapes: [ShapeFill] = []
        var background = scheme.surface
        switch style.container {
        case .filled:
            let box = Path.roundedRectangle(container, radii: .top(metrics.cornerRadius))
            shapes.append(ShapeFill(path: box, color: colors.container))
            background = colors.container.composited(over: background)
            if colors.hoverLayer.alpha > 0 {
                shapes.append(ShapeFill(path: box, color: colors.hoverLayer))
                background = colors.hoverLayer.composited(over: background)
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
        case .rag:
            if let textBackground, let rect = layout.textBackground {
                shapes += ragBackgroundShapes(textBackground, in: place(rect), colors: colors, activation: activation,
                                              metrics: metrics)
            }
        case .borderless, .line, .bezel, .roundedRect:
            shapes += plainBorderShapes(in: container, colors: colors, scheme: scheme, activation: activation, metrics: metrics)
        case .outlined:
            let width = metrics.strokeWidth(activation: activation)
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

        var icons: [TextRun] = []
        func addIcon(_ icon: FieldIcon, in rect: Rect) {
            let box = place(rect)
            switch icon.content {
            case .glyph(let glyph):
                icons.append(TextRun(text: String(glyph), origin: Point(x: box.minX, y: box.minY + layout.iconBaseline),
                                     font: metrics.iconFont, color: colors.icon))
            case .shape(let path):
                shapes.append(ShapeFill(path: path.applying(scale: metrics.scale, dx: box.minX, dy: box.minY), color: colors.icon))
            }
        }
        if let rect = layout.leadingIcon, let icon = leadingIcon, isLeadingIconVisible { addIcon(icon, in: rect) }
        if let rect = layout.clearButton, isClearButtonVisible { addIcon(.clear, in: rect) }
        if let rect = layout.trailingIcon, let icon = displayedTrailingIcon, isTrailingIconVisible { addIcon(icon, in: rect) }

        let band = place(layout.textLine)
        // A single line may draw its descenders anywhere in the container; text area rows stay
        // inside their band, below the floating label.
        let textClip = kind == .textArea ? band
            : Rect(x: band.minX, y: container.minY, width: band.width, height: container.height)
        var labelRun: TextRun?
        var labelClip = textClip
        if let resting = layout.restingLabel, let floating = layout.floatingLabel, labelPosition != .none || float > 0 {
            let size = Self.quantizedFontSize(resting.font.pixelSize + (floating.font.pixelSize - resting.font.pixelSize) * float)
            let x = origin.x + resting.origin.x + (floating.origin.x - resting.origin.x) * float
            let y = origin.y + resting.origin.y + (floating.origin.y - resting.origin.y) * float
            var restingColor = colors.restingLabel, floatingColor = colors.floatingLabel
            if style.family == .rag {
                // RAG's placeholder keeps its colour when it floats, unless the field is edited
                // and a transformed colour is set.
                restingColor = placeholderColor(from: colors)
                floatingColor = state == .editing ? transformedPlaceholderColor ?? restingColor : restingColor
            }
            labelRun = TextRun(text: labelText, origin: Point(x: x.rounded(), y: y.rounded()),
                               font: FontSpec(pixelSize: size, weight: resting.font.weight, family: resting.font.family),
                               color: restingColor.interpolated(to: floatingColor, fraction: float))
            // The label may start left of the text (outlined, beside an icon, before a prefix) and
            // rise above the container; it ends where the text band does.
            var left = origin.x + min(resting.origin.x, floating.origin.x)
            var right = max(band.maxX, origin.x + (layout.suffix.map { $0.origin.x + $0.width } ?? layout.textLine.maxX))
            if layout.isMirrored {
                // Mirrored: it starts right of the text and ends where the band (or the suffix) does.
                right = origin.x + max(resting.origin.x + resting.width, floating.origin.x + floating.width)
                left = min(band.minX, origin.x + (layout.suffix?.origin.x ?? layout.textLine.minX))
            }
            labelClip = Rect(x: left, y: container.minY - layout.overhangTop, width: right - left,
                             height: container.height + layout.overhangTop)
            if style.family == .rag {
                // The placeholder floats anywhere over the band, at its alignment.
                labelClip = Rect(x: band.minX, y: container.minY, width: band.width, height: container.height)
            }
        }

        var affixes: [TextRun] = []
        if areAffixesVisible {
            for affix in [layout.prefix.map { ($0, prefixText) }, layout.suffix.map { ($0, suffixText) }].compactMap({ $0 }) {
                affixes.append(TextRun(text: affix.1, origin: Point(x: origin.x + affix.0.origin.x, y: origin.y + affix.0.origin.y),
                                       font: affix.0.font, color: colors.restingLabel))
            }
        }

        let textLeft = band.minX - textLayout.scrollX
        let textTop = band.minY - textLayout.scrollY
        var placeholderRun: TextRun?
        if isPlaceholderVisible, let placement = layout.placeholder {
            placeholderRun = TextRun(text: placeholder, origin: Point(x: origin.x + placement.origin.x, y: origin.y + placement.origin.y),
                                     font: placement.font, color: placeholderColor(from: colors))
        }
        let visibleLines = kind == .textArea ? textLayout.lines(meeting: textLayout.scrollY, textLayout.scrollY + band.height)
            : 0..<1
        var selection: [ShapeFill] = []
        let editorSelection = editor.selection
        // A field that is not being edited keeps its selection, greyed, as desktop entries do.
        let selectionColor = state == .editing && windowIsActive ? colors.selection
            : scheme.onSurface.withAlpha(Self.inactiveSelectionAlpha)
        if state != .disabled && !editorSelection.isCaret {
            selection = textLayout.rects(for: editorSelection.range, inLines: visibleLines).compactMap {
                // On whole pixels vertically, as the caret is: a line top may be fractional.
                let line = $0.offsetBy(dx: textLeft, dy: textTop)
                let top = line.minY.rounded(), bottom = line.maxY.rounded()
                let rect = Rect(x: line.minX, y: top, width: line.width, height: bottom - top).intersection(textClip)
                return rect.width > 0 && rect.height > 0 ? ShapeFill(path: .rectangle(rect), color: selectionColor) : nil
            }
        }
        var textRuns: [TextRun] = []
        for line in visibleLines {
            let baseline = textTop + textLayout.top(ofLine: line) + textLayout.baselineInLine
            // Only the clusters that meet the band, from a small origin: X carries 16-bit positions.
            // A line with right-to-left text in it is a run per direction, in visual order.
            for run in textLayout.visualRuns(onLine: line, meeting: textLayout.scrollX, textLayout.scrollX + band.width) {
                let x = textLeft + run.x
                textRuns.append(TextRun(text: String(textLayout.characters[run.clusters]), origin: Point(x: x.rounded(), y: baseline.rounded()),
                                        font: textLayout.font, color: colors.inputText, direction: run.direction))
            }
        }
        var caret: ShapeFill?
        if showsCaret && state == .editing && editorSelection.isCaret, let rect = caretFrame(origin: origin) {
            caret = ShapeFill(path: .rectangle(rect), color: colors.caret)
        }

        // A 4 px fade at an edge with more text beyond it: strips of the background, opaque at the edge.
        var fades: [ShapeFill] = []
        if kind == .textArea {
            let depth = 4 * metrics.scale
            let steps = max(1, Int(depth.rounded()))
            let step = depth / Double(steps)
            func fade(fromEdge edge: Double, inward direction: Double) {
                for index in 0..<steps {
                    let near = edge + direction * Double(index) * step, far = near + direction * step
                    fades.append(ShapeFill(path: .rectangle(Rect(x: band.minX, y: min(near, far), width: band.width, height: step)),
                                           color: background.withAlpha(1 - (Double(index) + 0.5) / Double(steps))))
                }
            }
            if textLayout.scrollY > 0.5 { fade(fromEdge: band.minY, inward: 1) }
            if textLayout.height - textLayout.scrollY - band.height > 0.5 { fade(fromEdge: band.maxY, inward: -1) }
        }

        var assistive: [TextRun] = []
        var assistiveClip = Rect.zero
        if let row = layout.assistiveRow {
            assistiveClip = place(row)
            let baseline = origin.y + layout.assistiveBaseline
            let leadingOpacity = leadingAssistiveFade.value(at: time)
            var leadingColor = colors.leadingAssistiveText
            if let hintColor, hint != nil, !isInError, state != .disabled { leadingColor = hintColor }
            leadingColor = leadingColor.withAlpha(leadingColor.alpha * leadingOpacity)
            // The hint follows the text's alignment; beside trailing text it stays at the start.
            let alignment = displayedTrailingAssistiveText.isEmpty ? layout.alignment : (layout.isMirrored ? 1 : 0)
            for (index, line) in leadingAssistiveLines.enumerated() where !line.isEmpty {
                let lineWidth = index < leadingAssistiveLineWidths.count ? leadingAssistiveLineWidths[index] : 0
                let x = assistiveClip.minX + max(0, assistiveClip.width - lineWidth) * alignment
                assistive.append(TextRun(text: line, origin: Point(x: x.rounded(), y: baseline + Double(index) * layout.assistiveLineHeight),
                                         font: layout.assistiveFont, color: leadingColor))
            }
            let trailing = displayedTrailingAssistiveText
            if !trailing.isEmpty {
                var color = isOverLimit && trailingAssistiveText.isEmpty ? scheme.error : colors.trailingAssistiveText
                if state == .disabled { color = colors.trailingAssistiveText }
                color = color.withAlpha(color.alpha * trailingAssistiveFade.value(at: time))
                assistive.append(TextRun(text: trailing,
                                         origin: Point(x: (layout.isMirrored ? assistiveClip.minX
                                                           : assistiveClip.maxX - trailingAssistiveWidth).rounded(), y: baseline),
                                         font: layout.assistiveFont, color: color))
            }
        }

        return FieldAppearance(bounds: layout.paintBounds.offsetBy(dx: origin.x, dy: origin.y), shapes: shapes, icons: icons,
                               label: labelRun, labelClip: labelClip, affixes: affixes, affixClip: container,
                               textClip: textClip, placeholder: placeholderRun, selection: selection, textRuns: textRuns,
                               caret: caret, fades: fades, assistive: assistive, assistiveClip: assistiveClip)
    }

    /// Where the caret at the selection's head is drawn with the container's top-left at
    /// `origin`, on whole pixels; nil when it is scrolled out of the band.
    public func caretFrame(origin: Point) -> Rect? {
        guard let placement = caretPlacement(origin: origin), placement.isInBand else { return nil }
        return placement.rect
    }

    /// The caret's rectangle on whole pixels, kept inside the band horizontally even at the very
    /// end of a scrolled or full line, and whether it is vertically in the band (a text area's
    /// caret may be scrolled out).
    private func caretPlacement(origin: Point) -> (rect: Rect, isInBand: Bool)? {
        guard let layout, let textLayout else { return nil }
        let metrics = layout.metrics
        let band = layout.textLine.offsetBy(dx: origin.x, dy: origin.y)
        let container = layout.container.offsetBy(dx: origin.x, dy: origin.y)
        let textClip = kind == .textArea ? band
            : Rect(x: band.minX, y: container.minY, width: band.width, height: container.height)
        let rect = textLayout.caretRect(at: editor.selection.head, width: metrics.caretWidth, upstream: caretIsUpstream, after: caretSide)
        let x = max(band.minX, min(band.minX - textLayout.scrollX + rect.minX, textClip.maxX - metrics.caretWidth)).rounded()
        let y = (band.minY - textLayout.scrollY + rect.minY).rounded()
        return (Rect(x: x, y: y, width: metrics.caretWidth, height: rect.height), y + rect.height > textClip.minY && y < textClip.maxY)
    }

    /// The app's `placeholderColor`, or the scheme's; a disabled field's is always the scheme's.
    private func placeholderColor(from colors: FieldColors) -> Color {
        state == .disabled ? colors.placeholder : placeholderColor ?? colors.placeholder
    }

    /// UIKit's plain borders: a thin line, a sunken bezel, a rounded rectangle on the surface (or
    /// nothing). The line takes the primary colour as the field is edited, as desktop entries
    /// show focus.
    private func plainBorderShapes(in container: Rect, colors: FieldColors, scheme: ColorScheme, activation: Double,
                                   metrics: MaterialMetrics) -> [ShapeFill] {
        let stroke = metrics.strokeWidth
        let color = colors.outline.interpolated(to: colors.activeOutline, fraction: activation)
        switch style.container {
        case .line:
            return [ShapeFill(path: .roundedRectangleStroke(container, radii: CornerRadii(all: 0), width: metrics.strokeWidth(activation: activation)),
                              color: color)]
        case .bezel:
            // Light from the top left: a shadow inside the top and left edges makes it sunken.
            let shadow = scheme.onSurface.withAlpha(state == .disabled ? 0.12 : 0.3)
            return [
                ShapeFill(path: .rectangle(container), color: scheme.surface),
                ShapeFill(path: .rectangle(Rect(x: container.minX + stroke, y: container.minY + stroke,
                                                width: container.width - 2 * stroke, height: stroke)), color: shadow),
                ShapeFill(path: .rectangle(Rect(x: container.minX + stroke, y: container.minY + 2 * stroke,
                                                width: stroke, height: container.height - 3 * stroke)), color: shadow),
                ShapeFill(path: .roundedRectangleStroke(container, radii: CornerRadii(all: 0), width: stroke), color: color),
            ]
        case .roundedRect:
            let radius = 6 * metrics.scale
            return [
                ShapeFill(path: .roundedRectangle(container, radii: CornerRadii(all: radius)), color: scheme.surface),
                ShapeFill(path: .roundedRectangleStroke(container, radii: CornerRadii(all: radius),
                                                        width: metrics.strokeWidth(activation: activation)), color: color),
            ]
        default:
            return []
        }
    }

    /// RAG's text background views: the underline with its focused line growing as
    /// `expandMode` says, or the outline, filled and inset.
    private func ragBackgroundShapes(_ background: TextBackground, in rect: Rect, colors: FieldColors, activation: Double,
                                     metrics: MaterialMetrics) -> [ShapeFill] {
        // Whole pixels, at least one, except that 0 hides the line as in RAGTextField.
        func width(_ value: Double) -> Double {
            let value = value.isFinite ? min(max(value, 0), 64) : 1
            return value == 0 ? 0 : max(1, (value * metrics.scale).rounded())
        }
        switch background {
        case .underline(let underline):
            let normalWidth = width(underline.lineWidth), focusedWidth = width(underline.focusedLineWidth)
            var shapes: [ShapeFill] = []
            if normalWidth > 0 {
                shapes.append(ShapeFill(path: .rectangle(Rect(x: rect.minX, y: rect.maxY - normalWidth, width: rect.width, height: normalWidth)),
                                        color: state == .disabled ? colors.underline : underline.lineColor ?? colors.underline))
            }
            guard activation > 0, focusedWidth > 0 else { return shapes }
            let focusedColor = isInError ? colors.activeIndicator : underline.focusedLineColor ?? colors.activeIndicator
            var progress = activation
            if underline.expandMode == .notExpanding { progress = self.activation.target > 0 ? 1 : activation }
            let grown = rect.width * progress
            let left: Double
            switch underline.expandMode {
            case .expandsFromCenter: left = rect.midX - grown / 2
            case .expandsInUserInterfaceDirection where layoutDirection == .rightToLeft: left = rect.maxX - grown
            case .expandsFromLeft, .expandsInUserInterfaceDirection, .notExpanding: left = rect.minX
            case .expandsFromRight: left = rect.maxX - grown
            }
            shapes.append(ShapeFill(path: .rectangle(Rect(x: left, y: rect.maxY - focusedWidth, width: grown, height: focusedWidth)),
                                    color: focusedColor))
            return shapes
        case .outline(let outline):
            let inset = outline.inset.sanitized(scale: metrics.scale)
            let box = Rect(x: rect.minX + inset.left, y: rect.minY + inset.top, width: max(0, rect.width - inset.left - inset.right),
                           height: max(0, rect.height - inset.top - inset.bottom))
            guard !box.isEmpty else { return [] }
            let radius = (outline.cornerRadius.isFinite ? min(max(outline.cornerRadius, 0), 1_000) : 0) * metrics.scale
            var shapes: [ShapeFill] = []
            if let fill = outline.fillColor { shapes.append(ShapeFill(path: .roundedRectangle(box, radii: CornerRadii(all: radius)), color: fill)) }
            let normal = state == .disabled ? colors.outline : outline.lineColor ?? colors.outline
            let focused = isInError ? colors.activeOutline : outline.focusedLineColor ?? colors.activeOutline
            let lineWidth = width(outline.lineWidth)
            if lineWidth > 0 {
                shapes.append(ShapeFill(path: .roundedRectangleStroke(box, radii: CornerRadii(all: radius), width: lineWidth),
                                        color: normal.interpolated(to: focused, fraction: activation)))
            }
            return shapes
        }
    }
}
