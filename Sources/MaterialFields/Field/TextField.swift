/// One Material text field: its text and selection, focus, state, motion and layout.
///
/// Every property can change at any time; each change invalidates exactly what it affects (the
/// layout, or only the appearance) and tells the scene through `invalidationHandler`. Every change
/// of text goes through `apply(_:)`. Time is always passed in (seconds on a monotonic clock), so
/// tests step it; a property set between frames starts its transition at the next frame. Calls
/// that take a time want the clock the scene is rendered with (`WindowHost.now` in a window).
///
/// Open, as UIKit's `UITextField` is: a subclass overrides the geometry hooks
/// (`textRect(forBounds:)`, `editingRect(forBounds:)`, `placeholderRect(forBounds:)`,
/// `borderRect(forBounds:)`, `clearButtonRect(forBounds:)`, `leftViewRect(forBounds:)`,
/// `rightViewRect(forBounds:)`) to move a part, and the drawing hooks (`drawText(in:context:)`,
/// `drawPlaceholder(in:context:)`) to draw instead of, or beside, the default (TextField+Hooks.swift).
open class TextField {
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
    /// Setting it makes the placeholder plain (`attributedPlaceholder`'s styles go), as UIKit's does.
    public var placeholder: String {
        didSet {
            if !isSettingAttributedPlaceholder { placeholderStyles = nil }
            if placeholder != oldValue || !isSettingAttributedPlaceholder { invalidateLayout() }
        }
    }
    /// The styles of `attributedPlaceholder`, nil while it is plain.
    var placeholderStyles: AttributeRuns?
    var isSettingAttributedPlaceholder = false
    /// A disabled field cannot be focused; disabling a focused field ends its editing.
    public var isEnabled: Bool {
        didSet {
            guard isEnabled != oldValue else { return }
            if !isEnabled {
                focusMachine.withdrawApproval()
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
            editor.setOverwritesStorage(isSecureTextEntry)
            // A field made secure starts hidden, whatever the eye said before.
            isSecureTextRevealed = false
            if isSecureTextEntry {
                // What was typed while the text showed must not come back through undo.
                editor.forgetHistory()
                editor.cachedText = nil
                // A secret holds no styles.
                editor.updateAttributes(in: 0..<editor.count) { _ in .none }
                typingAttributesValue = typingAttributesValue.map { _ in .none }
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
    public var accessibilityLabel: String? {
        // Nothing is drawn from it, but the scene's record of changed fields must hear of it
        // (`FieldScene.takeChangedFields()`); the repaint this asks for finds nothing to draw.
        didSet { if accessibilityLabel != oldValue { invalidateAppearance() } }
    }
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
        didSet { editor.clearsAtNextInsertion = clearsOnInsertion && isFocused }
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
        // Read lazily from the start: the scan nearly always stops at the first cluster.
        let storage = editor.storage
        let first = storage.overwritesStorage ? Bidi.firstStrongDirection(of: storage.characters.prefix(4_096), classes: classes)
            : Bidi.firstStrongDirection(of: storage.rope.prefix(4_096), classes: classes)
        if let direction = first { return direction }
        return Bidi.firstStrongDirection(of: placeholder, classes: classes) ?? Bidi.firstStrongDirection(of: label, classes: classes)
            ?? layoutDirection
    }

    /// `textAlignment` as a factor (0 left, 1 right), `natural` resolved by the text's direction.
    func alignmentFactor(for direction: WritingDirection) -> Double {
        textAlignment == .natural ? (direction == .rightToLeft ? 1 : 0) : textAlignment.factor
    }
    /// Ctrl+B, Ctrl+I and Ctrl+U toggle bold, italic and underline on the selection (or in the
    /// typing attributes at a caret), each change of a selection an undo step; a paste of styled
    /// text keeps its styles (`paste(_:at:)` with an `AttributedText`). Off (UIKit's default),
    /// those keys are not the field's and a styled paste comes in as plain text.
    public var allowsEditingTextAttributes = false
    /// The keys of `defaultTextAttributes` other than the font's and the text colour (those are
    /// `font` and `textColor`).
    var otherDefaultTextAttributes = TextAttributes()
    /// What typed text takes while editing (`typingAttributes`); nil while not editing.
    var typingAttributesValue: TextAttributes?
    /// `attributedText` is setting `font` and `textColor` from its first run: the old text's runs
    /// are about to go, so they are not rewritten.
    var isTakingStylesFromText = false

    /// A single line's text shrinks to fit the band, never below `minimumFontSize`, and then scrolls.
    public var adjustsFontSizeToFitWidth = false { didSet { if adjustsFontSizeToFitWidth != oldValue { invalidateLayout() } } }
    /// The smallest size, in pixels at scale 1, that `adjustsFontSizeToFitWidth` shrinks text to
    /// (UIKit's default 0 means 8, below which text is not legible).
    public var minimumFontSize: Double = 0 { didSet { if minimumFontSize != oldValue { invalidateLayout() } } }
    /// The text's font (UIKit's `font`), at scale 1: nil is Material's 16 px Roboto. A larger
    /// size makes the input line and the container taller; a RAG field's placeholder and hint
    /// default to it.
    /// Setting it applies to the whole text, as UIKit's does: the font keys of every run are cleared,
    /// so every run shows in it (no undo step: a change of the field, not an edit).
    public var font: FontSpec? {
        didSet {
            guard font != oldValue else { return }
            if !isTakingStylesFromText { clearRunKeys(TextAttributes.fontKeys) }
            invalidateLayout()
        }
    }
    /// The placeholder's colour and font (at scale 1); nil follows the scheme and the text font.
    /// For RAG fields they are the resting placeholder's, which `placeholderScaleWhenEditing` scales.
    public var placeholderColor: Color? { didSet { if placeholderColor != oldValue { invalidateAppearance() } } }
    public var placeholderFont: FontSpec? { didSet { if placeholderFont != oldValue { invalidateLayout() } } }
    /// The text's colour in every state but disabled (UIKit's `textColor`; `setTextColor(_:for:)`
    /// sets it per state). Setting it applies to the whole text, as UIKit's does: the foreground
    /// colour of every run is cleared, so every run shows in it.
    public var textColor: Color? {
        get { colorOverrides[.text, .normal] }
        set {
            if !isTakingStylesFromText { clearRunKeys(TextAttributes.foregroundColorKey) }
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
    /// UIKit's `background`: an image drawn in the border rectangle (the container) of a plain
    /// field in place of its border, stretched as its cap insets say. A `.roundedRect` field
    /// ignores it, as UIKit's does, and so do Material and RAG fields (their container is
    /// Material's). Nil by default.
    public var background: StretchableImage? { didSet { if background != oldValue { invalidateAppearance() } } }
    /// UIKit's `disabledBackground`: drawn instead of `background` while the field is disabled;
    /// ignored unless `background` is set (a disabled field with none shows `background`).
    public var disabledBackground: StretchableImage? { didSet { if disabledBackground != oldValue { invalidateAppearance() } } }
    /// What may be typed or pasted (`KeyboardType.filter`).
    public var keyboardType: KeyboardType = .default {
        // As `accessibilityLabel`: drawn nowhere, heard by `FieldScene.takeChangedFields()`.
        didSet { if keyboardType != oldValue { invalidateAppearance() } }
    }
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
    public internal(set) var isSecureTextRevealed = false

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
    /// False while the desktop turns animations off (`DesktopSettings.animationsEnabled`, which
    /// the scene hands on): every transition takes no time, whatever the slowdown.
    var animatesTransitions = true { didSet { if animatesTransitions != oldValue { updateDurations() } } }

    func updateDurations() {
        let factor = !animatesTransitions ? 0 : animationSlowdown.isFinite ? max(animationSlowdown, 0) : 1
        // M3: md.sys.motion.duration-short3 (the label's 150 ms in Material Web's `field.ts`).
        let base = motion.design == .m3 ? Material3Tokens.durationShort3 : Self.motionDuration
        var floatDuration = base
        if style.family == .rag, let duration = placeholderAnimationDuration {
            floatDuration = duration.isFinite ? min(max(duration, 0), 10) : Self.motionDuration
        }
        motion.setDurations(float: floatDuration * factor, others: base * factor)
    }

    /// Moves by the design of the metrics the field was laid out with: a Material field in an M3
    /// scene by M3's motion, every other field (and any field in M2) by M2's.
    func followDesign(of metrics: MaterialMetrics) {
        let design = style.family == .material ? metrics.design : .m2
        guard design != motion.design else { return }
        motion.follow(design)
        updateDurations()
    }

    /// The text. Setting it is a programmatic edit through `apply(_:)`: observers hear of it and
    /// undo can take it back. As in UIKit, the text set is plain: it takes `defaultTextAttributes`
    /// and no run's styles.
    public var text: String {
        get {
            if let cachedText = editor.cachedText { return cachedText }
            let text = editor.text
            // A secure field's text is the caller's copy only: no copy stays behind here.
            guard !isSecureTextEntry, text.utf8.count <= FieldEditor.cachedTextLimit else { return text }
            editor.cachedText = text
            return text
        }
        set {
            var edit = editor.replacingAll(with: newValue, cause: .programmatic)
            edit.attributes = AttributeRuns(count: 1)
            apply(edit)
        }
    }

    /// The selection in grapheme clusters; setting it clamps it to the text.
    public var selection: TextSelection {
        get { editor.selection }
        set {
            editor.closeUndoGroup()
            editor.select(newValue, cause: .program)
        }
    }

    /// The editing value as it stands: text and selection, where the caret stands at a soft line
    /// break or between directions, and the range an input method is composing.
    public var editingValue: EditingValue { editor.value }

    /// Length of the text in grapheme clusters.
    public var count: Int { editor.count }

    /// The text as QA and accessibility see it: a secure field's as a bullet per grapheme (line
    /// breaks kept), even while the eye shows it, so neither ever sees the secret.
    public var displayedText: String { String(maskedCharacters(editor.characters)) }

    /// The height the field needs, once laid out.
    public var preferredHeight: Double? { layout?.preferredHeight }

    public var canUndo: Bool { editor.undoHistory.canUndo }
    public var canRedo: Bool { editor.undoHistory.canRedo }

    // MARK: State

    /// The editing core: text, selection, undo, the text's layout and scroll, the edit pipeline.
    let editor: FieldEditor
    /// Where the field is in beginning and ending editing.
    var focusMachine = FocusMachine()
    public var isFocused: Bool { focusMachine.isEditing }
    /// Where the field is in UIKit's begin and end protocol.
    public var editingPhase: EditingPhase { focusMachine.phase }
    /// The pointer is over the field (set by the scene).
    public var isHovered = false {
        didSet {
            guard isHovered != oldValue else { return }
            if isHovered { owner?.fieldShowsHover(self) }
            invalidateAppearance()
        }
    }
    /// A drag hovers here and would drop into the field (`FieldScene` sets it): the label floats
    /// out of the text line as while editing, so the drop caret does not stand on it.
    public internal(set) var isDropTarget = false

    /// The transitions, the caret's blink and the fades waiting to start.
    var motion = FieldMotion(duration: TextField.motionDuration)

    /// The frames of every part in field coordinates, once the field was laid out.
    public internal(set) var layout: FieldLayout?
    /// The layout as `FieldLayout.compute` made it, before the geometry hooks moved anything:
    /// what the hooks' default implementations return.
    var defaultLayout: FieldLayout?
    /// A hook is being asked: a hook that lays the field out or asks for its appearance gets the
    /// defaults instead of recursing.
    var isAskingGeometryHooks = false
    var isAskingDrawingHooks = false
    public var textLayout: TextLayout? { editor.textLayout }
    /// The metrics (scale) the field is laid out with; nil before its first layout. Set before
    /// the geometry hooks are asked, so a hook sizes what it adds with `metrics.scale`.
    public var metrics: MaterialMetrics? { layoutInput?.metrics }

    /// The scene's hook: `.layout` when the field's height or frames may change, `.appearance`
    /// when only what it shows did. A `FieldScene` sets it: a field belongs to one scene.
    public var invalidationHandler: ((TextField, Invalidation) -> Void)?
    public enum Invalidation: Sendable { case layout, appearance }

    /// Label float, notch and indicator all run together for this long (Material: 150 ms).
    public static let motionDuration = 0.150

    var measurer: TextMeasuring?
    var layoutInput: FieldLayoutInput?
    /// The assistive row's texts as laid out (wrapped, measured) and as they last faded in.
    var assistive = AssistiveRowText()
    var lastTime = 0.0
    /// The scene the field belongs to (its focus, its clock, Return moving on); nil alone.
    package weak var owner: FieldOwner?
    /// Who listens: observers of events and of the selection, and target-actions.
    let observers = FieldObservers()
    /// The font size (pixels) `adjustsFontSizeToFitWidth` draws the text at, when it shrank it.
    /// The input method's composing text (`preedit`), shown inline; nil while nothing composes.
    var composition: Preedit?
    var fittedFontSize: Double?
    var isFittingFont = false


    public init(identifier: String, style: FieldStyle, kind: FieldKind = .textField, label: String = "",
                placeholder: String = "", text: String = "", isEnabled: Bool = true) {
        self.identifier = identifier
        self.style = style
        self.kind = kind
        self.label = label
        self.placeholder = placeholder
        self.isEnabled = isEnabled
        self.editor = FieldEditor(multiline: kind == .textArea, text: text)
        motion.labelFloat.jump(to: labelPosition == .floating ? 1 : 0)
        editor.client = self
    }

    // MARK: Observation

    /// Calls `handler` for every begin and end of editing, text change, refused edit and Return.
    @discardableResult
    public func observe(_ handler: @escaping (TextField, FieldEvent) -> Void) -> Cancellation {
        observers.addEventObserver(readsText: true, handler)
    }

    /// The library's own observer (the scene's), which reads no text: it does not keep a run of
    /// typed keys from being applied as one edit (`takesTypedRuns`).
    @discardableResult
    package func observeWithoutReadingText(_ handler: @escaping (TextField, FieldEvent) -> Void) -> Cancellation {
        observers.addEventObserver(readsText: false, handler)
    }

    /// Calls `handler` after every change of the selection, with its cause (keys, the pointer,
    /// the program, an edit): what PRIMARY and next an accessibility bridge listen to. A run of
    /// typed keys applied as one edit is one change.
    @discardableResult
    public func observeSelection(_ handler: @escaping (TextField, SelectionChangeCause) -> Void) -> Cancellation {
        observers.addSelectionObserver(handler)
    }

    /// UIKit's target-action for editing events: `handler` runs for each of `events`.
    @discardableResult
    public func addAction(for events: ControlEvents, _ handler: @escaping (TextField) -> Void) -> Cancellation {
        observers.addAction(for: events, handler)
    }

    /// Runs the actions registered for `event` (UIKit's `sendActions(for:)`).
    public func sendActions(for event: ControlEvents) { observers.sendActions(self, for: event) }

    func notify(_ event: FieldEvent) { observers.notify(self, of: event) }
    func notifySelectionChange(_ cause: SelectionChangeCause) { observers.notify(self, ofSelectionChange: cause) }

    /// Whether the blinking caret is in its on phase at `time`.
    package func isCaretVisible(at time: Double) -> Bool { motion.caretBlink.isVisible(at: time) }

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

    // MARK: Geometry and drawing hooks (UIKit's overrides; TextField+Hooks.swift applies them)
    //
    // Every rectangle is in the field's own coordinates: `bounds` is the container, its top-left
    // at the origin. The field asks when it lays out (and again when editing begins or ends, or
    // after `setNeedsLayout()`); whatever a hook returns is made safe first: a rectangle with a
    // NaN or infinite part counts as the default, a negative width or height as 0, and it is
    // clipped to `bounds`. Caret, selection, hit testing, scrolling, the input method's spot, the
    // drop caret, accessibility extents and the QA state all read the result.

    /// Where the container's border and background are drawn (UIKit: the border style's, the
    /// background image's). By default the bounds.
    open func borderRect(forBounds bounds: Rect) -> Rect { bounds }

    /// The text's rectangle while the field is not being edited. By default the band between the
    /// paddings, icons, clear button and affixes, one line tall for a text field (a taller
    /// rectangle centres the line in it; a text area's rows fill it).
    open func textRect(forBounds bounds: Rect) -> Rect { defaultFrames(forBounds: bounds)?.textLine ?? bounds }

    /// The text's rectangle while the field is being edited (UIKit's rule); by default the same
    /// band as `textRect(forBounds:)` returns by default.
    open func editingRect(forBounds bounds: Rect) -> Rect { defaultFrames(forBounds: bounds)?.textLine ?? bounds }

    /// Where the placeholder is drawn (asked only when there is one; a RAG field's placeholder
    /// is its floating label and is not asked). By default the text's rectangle for the state:
    /// `editingRect` while editing, else `textRect`, so a moved text moves the placeholder too.
    open func placeholderRect(forBounds bounds: Rect) -> Rect {
        isEditing ? editingRect(forBounds: bounds) : textRect(forBounds: bounds)
    }

    /// The clear button's rectangle (asked while the field has a clear button slot; the click
    /// target is this rectangle with the usual slack). The glyph is centred in it.
    open func clearButtonRect(forBounds bounds: Rect) -> Rect { defaultFrames(forBounds: bounds)?.clearButton ?? .zero }

    /// The left (leading) view's rectangle, asked while the field has one; the icon is centred in it.
    open func leftViewRect(forBounds bounds: Rect) -> Rect { defaultFrames(forBounds: bounds)?.leadingIcon ?? .zero }

    /// The right (trailing) view's rectangle, asked while the field has one (the secure eye too).
    open func rightViewRect(forBounds bounds: Rect) -> Rect { defaultFrames(forBounds: bounds)?.trailingIcon ?? .zero }

    /// Draws the text in `rect` (canvas pixels: the text's rectangle, placed). The default
    /// records the field's own text drawing (`context.drawDefault()`); an override may draw
    /// instead, or call `super` and draw more, anywhere in the field's bounds. What it draws is
    /// part of the field's appearance: asked each time the field's appearance is computed, and
    /// compared like the rest, so a change repaints only the field. Drawing that depends on
    /// something the field does not know asks again with `setNeedsDisplay()`.
    open func drawText(in rect: Rect, context: FieldDrawingContext) { context.drawDefault() }

    /// Draws the placeholder in `rect` (canvas pixels: the placeholder's rectangle, placed),
    /// asked while the placeholder shows; as `drawText(in:context:)`.
    open func drawPlaceholder(in rect: Rect, context: FieldDrawingContext) { context.drawDefault() }
}
