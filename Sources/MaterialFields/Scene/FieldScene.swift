/// A scrollable window of fields placed by an app's `SceneLayout`: focus chain (Tab order),
/// pointer hit testing, hover, the wheel, and damage-limited drawing. Each render compares the
/// appearance of every field that may have changed with the one on screen and draws only what did.
public final class FieldScene: Scene {
    public weak var host: SceneHost?
    public let layout: SceneLayout
    /// Changing it (the desktop's scale changed) arranges and repaints everything at the new size.
    /// Its `design` is always the scheme's: setting another is undone.
    public var metrics: MaterialMetrics {
        didSet {
            if metrics.design != scheme.design { metrics.design = scheme.design }
            guard metrics != oldValue else { return }
            needsArrangement = true
            invalidateAll()
        }
    }
    /// What the desktop asks of the fields (the window host sets it at start and whenever the
    /// desktop's settings change): the caret's blink, whether transitions animate, whether the
    /// middle button pastes PRIMARY. Theme and scale are the app's to follow (`scheme`, `metrics`).
    public var desktopSettings = DesktopSettings() {
        didSet {
            guard desktopSettings != oldValue else { return }
            for field in fields { field.follow(desktopSettings) }
        }
    }
    /// Whether only the field being edited draws its selection (the default, as GTK and Qt show
    /// one selection per window) or every field does, the others in grey (these fields' earlier,
    /// UIKit-era look). Fields keep their selections either way. Changing it repaints the fields.
    public var selectionDisplay = SelectionDisplay.focusedFieldOnly {
        didSet {
            guard selectionDisplay != oldValue else { return }
            staleFields = Set(fields.map(ObjectIdentifier.init))
            host?.setNeedsRender()
        }
    }
    /// Changing it repaints everything, decorations included (an app's layout colours them).
    public var scheme: ColorScheme {
        didSet {
            guard scheme != oldValue else { return }
            if metrics.design != scheme.design { metrics.design = scheme.design }
            needsArrangement = true
            invalidateAll()
        }
    }
    /// Set once: the scene's fields never change (its per-field arrays are indexed by place).
    public let focusChain: FocusChain
    public internal(set) var scroll = ScrollContainer()
    public internal(set) var size = Size(width: 0, height: 0)
    public internal(set) var isWindowFocused = false

    public var fields: [TextField] { focusChain.fields }
    /// Keys neither the focused field nor the scene uses (an app's own shortcuts); true when handled.
    public var unhandledKeyHandler: ((EditingKey, KeyModifiers) -> Bool)?
    /// One field edits at a time (`fieldWillBeginEditing` ends the other first), so the one
    /// found last is asked first: a key in the last of many fields does not walk them all.
    public var focusedField: TextField? {
        if let field = lastFocusedField, field.isFocused { return field }
        lastFocusedField = focusChain.focusedField
        return lastFocusedField
    }
    private var lastFocusedField: TextField?
    /// The field whose container is under the pointer, whether or not it shows hover (a disabled
    /// field or the one being edited does not).
    public internal(set) var hoveredField: TextField?
    /// Drawn over the fields in every repainted region, such as a `FieldInspector`; nil costs nothing.
    public var overlay: SceneOverlay? {
        didSet {
            guard overlay !== oldValue else { return }
            overlayNeedsUpdate = true
            host?.setNeedsRender()
        }
    }
    /// How many renders drew something since the scene was made.
    public internal(set) var drawnFrameCount = 0

    var measurer: TextMeasuring?
    /// Each field's place in `fields` (the first, were one listed twice): what the per-field
    /// arrays below are indexed by, so a frame walks no dictionary per field.
    let places: [ObjectIdentifier: Int]
    var frames: [ObjectIdentifier: Rect] = [:]
    /// `frames` by place, for hit testing (nil: the layout placed the field nowhere).
    var framesByPlace: [Rect?]
    var decorations: [Decoration] = []
    /// The layout's named regions, in content coordinates (`region(named:)`).
    var regions: [(name: String, frame: Rect)] = []
    /// What each field (by place) showed at the last render (nil: nothing), and its bounds
    /// apart: a render updates only the entries of fields that may have changed, and finds the
    /// fields a damaged rectangle meets by their bounds, without copying appearances.
    var drawn: [FieldAppearance?]
    var drawnBounds: [Rect?]
    /// The places of the fields that were being edited or animating at the last render: with
    /// `staleFields`, the only fields input or time can have changed since, so a frame visits
    /// these, not every field. (A transition starts only when a field's state changes, and every
    /// change of state marks the field stale: its frame points its motion at the new state.)
    var liveFields: [Int] = []
    /// Fields whose `isHovered` was set true since hover was last worked out, and the field
    /// hover was last given to: the only ones that can show hover the pointer no longer gives.
    var hoverHolders: [TextField] = []
    /// How many fields the last render looked at: a keystroke's is its field alone, however
    /// many fields the scene holds (what the frame's cost follows, for tests to count).
    package internal(set) var lastRenderVisits = 0
    /// What the overlay showed at the last render; nil while there is none.
    var drawnOverlay: OverlayContent?
    /// The overlay may show something new that no field's change asks to draw (it was set or
    /// removed, the pointer moved to another field).
    var overlayNeedsUpdate = false
    /// Fields whose appearance may differ from what was drawn for a reason other than time.
    var staleFields: Set<ObjectIdentifier> = [] {
        // Whatever marks a field for repainting may have changed what tools read of it too.
        // (All of them at each change: a field changed again before a render drew it is heard
        // again. Rendering empties the set every frame, so this is a handful of fields.)
        didSet { changedFields.formUnion(staleFields) }
    }
    /// Fields marked stale since `takeChangedFields()` last ran.
    private var changedFields: Set<ObjectIdentifier> = []
    var lastRenderTime = -Double.infinity
    var pendingDamage: Rect?
    var needsArrangement = false
    /// How many times the layout placed the fields and decorations: what was read of them is
    /// current while it stays the same (and the scroll offset does).
    package private(set) var arrangementCount = 0
    var revealsFocusedField = false
    /// A field to scroll into view at the first layout (`revealWhenLaidOut`).
    var revealsAtFirstLayout: TextField?
    /// Whether the window's first frame may be drawn before the fields it does not show are laid
    /// out: the first arrangement asks the layout for only what the window shows
    /// (`SceneLayout.arrange(in:showing:metrics:scheme:measurer:)`), and the rest is laid out
    /// once that frame is out (`framePresented`), before any event is handled. Only for a host
    /// that tells the scene when a frame is presented (the X window host does); off by default.
    /// Not taken when a field is focused or the page scrolled before the first layout.
    public var defersLayoutBelowFirstFrame = false
    /// The arrangement in place left fields below the first frame unlaid out.
    public private(set) var isArrangementProvisional = false
    /// A frame was drawn since the scene was made (a provisional arrangement is for the first only).
    var hasDrawnFrame = false
    /// A field changed since hover and the pointer shape were last worked out.
    var needsHoverUpdate = false
    var pointerField: TextField?
    /// The pointer changed the selection of the field it pressed in since the button went down,
    /// so the release offers PRIMARY only for a selection it made.
    var pointerChangedSelection = false
    /// How keys name commands.
    public var keyBindings = KeyBindings.standard
    /// Where the pointer was last seen in the window, for hover after the content moves under it.
    var pointerLocation: Point?
    var lastEventTime = 0.0
    /// Now: the host's clock for what happens outside an event (an app's timer focusing a
    /// field), so an animation starts from the frame it is seen at.
    var currentTime: Double { max(lastEventTime, host?.now ?? 0) }
    var pointerShape = PointerShape.arrow
    /// Where a held drag last was (window pixels): held beyond a field's text band, the selection
    /// keeps extending and the text keeps scrolling on a timer, as text views do.
    var dragLocation: Point?
    var lastAutoscroll = 0.0
    /// Seconds between autoscroll steps while a drag is held beyond the text.
    static let autoscrollInterval = 0.06
    var inputSpot: Rect?
    /// The field whose preedit was reset, or that the input method just took its preedit from:
    /// its commit, arriving later (ibus) or behind the key that ended it (Xlib can queue a
    /// passed-back key before the commit), lands there wherever focus went since, until
    /// `resetCommitDeadline` (`FieldScene+Composition`).
    weak var resetCommitTarget: TextField?
    var resetCommitDeadline = Double.infinity
    /// Something that moves the caret on screen happened since the spot was last told: a change
    /// of selection, a field's change, the page scrolled or arranged again.
    var inputSpotIsStale = true
    /// A press on selected text, a drag this scene started and a drop hovering over a field.
    var dragAndDrop = DragAndDropState()
    /// While settled (screenshots) the caret is drawn solid regardless of the blink phase.
    var isSettled = false
    /// The popup shown over the window (a context menu, a chooser), if any (`FieldScene+Popup`).
    var activePopup: ScenePopup?
    /// The recently used emoji the emoji chooser shows first, shared by the scene's fields: in
    /// memory unless the app gives it a store (`EmojiRecents(store:)`; the catalog keeps a file).
    public var emojiRecents = EmojiRecents()

    /// - Parameter fields: every field, in Tab order.
    public init(fields: [TextField], layout: SceneLayout, scheme: ColorScheme, metrics: MaterialMetrics = MaterialMetrics()) {
        self.focusChain = FocusChain(fields)
        var places: [ObjectIdentifier: Int] = [:]
        for (place, field) in fields.enumerated() where places[ObjectIdentifier(field)] == nil {
            places[ObjectIdentifier(field)] = place
        }
        self.places = places
        framesByPlace = Array(repeating: nil, count: fields.count)
        drawn = Array(repeating: nil, count: fields.count)
        drawnBounds = Array(repeating: nil, count: fields.count)
        self.layout = layout
        self.scheme = scheme
        var metrics = metrics
        metrics.design = scheme.design
        self.metrics = metrics
        // A field hovered before it joined the scene is the scene's to take hover off.
        hoverHolders = fields.filter(\.isHovered)
        for field in fields {
            field.invalidationHandler = { [weak self] field, invalidation in self?.fieldInvalidated(field, invalidation) }
            field.owner = self
            field.observeSelection { [weak self] field, cause in
                // The input method's window follows the caret from the next frame.
                self?.inputSpotIsStale = true
                // What the user selected becomes PRIMARY: from the keyboard (Shift with a motion,
                // Ctrl+A) at once, with the pointer when the button is released.
                switch cause {
                case .keyboard: self?.offerSelectionAsPrimary(of: field)
                case .pointer: self?.pointerChangedSelection = true
                case .program, .edit: break
                }
            }
            field.observeWithoutReadingText { [weak self] field, event in
                switch event {
                case .editRefused:
                    // A refused edit (full, filtered, vetoed) is heard, as GTK and Qt entries do.
                    self?.host?.ringBell()
                case .didEndEditing:
                    // A field that stops editing under the pointer shows hover again.
                    self?.updateHover()
                    // Ended by the app (`resignFirstResponder`): its preedit ends too.
                    self?.resetComposition(of: field, at: self?.currentTime ?? 0)
                default:
                    break
                }
            }
        }
    }

    /// A scene of fields stacked one under another.
    public convenience init(fields: [TextField], scheme: ColorScheme = .light, metrics: MaterialMetrics = MaterialMetrics()) {
        self.init(fields: fields, layout: StackLayout(fields: fields), scheme: scheme, metrics: metrics)
    }

    func fieldInvalidated(_ field: TextField, _ invalidation: TextField.Invalidation) {
        if invalidation == .layout {
            needsArrangement = true
            // The field being edited stays in view once the page is arranged, whichever field's
            // height moved it.
            if focusedField != nil { revealsFocusedField = true }
        }
        staleFields.insert(ObjectIdentifier(field))
        needsHoverUpdate = true
        // Its caret may have moved with it (scrolled text, a new layout, focus).
        inputSpotIsStale = true
        // Appearances are compared at the next render; the host only needs to know one is due.
        host?.setNeedsRender()
    }

    /// The field's frame in window pixels (after scrolling): its container's top-left and width,
    /// and its whole height, the assistive row included.
    public func frame(of field: TextField) -> Rect? {
        frames[ObjectIdentifier(field)]?.offsetBy(dx: 0, dy: -scroll.offset)
    }

    // MARK: Layout

    /// The largest window side drawn: X carries coordinates in 16 bits, so a larger size (which no
    /// X window has) is drawn as this much rather than sending positions X would wrap.
    public static let maximumSide = 32_767.0

    public func resize(to newSize: Size, measurer: TextMeasuring) {
        func side(_ value: Double) -> Double { value.isFinite ? min(max(0, value), Self.maximumSide) : 0 }
        let oldSize = size
        size = Size(width: side(newSize.width), height: side(newSize.height))
        self.measurer = measurer
        arrange()
        invalidateAll()
        // A window made smaller keeps the caret in view; laid out again at the size it has (a
        // checkpoint drawing the live scene offscreen) the page stays where it was scrolled.
        if let field = revealsAtFirstLayout {
            revealsAtFirstLayout = nil
            reveal(field)
        } else if size != oldSize, let field = focusedField {
            revealCaret(of: field)
        }
    }

    /// Scrolls the page to show `field` whole (its caret's part when it is taller than the
    /// window), as `focus(_:at:)` does: now when the page is laid out, else once it first is. For
    /// a tool that gives a field the keyboard before the window opens (the catalog's `--restore`
    /// sets the field's `interactionState`, which does not scroll the page).
    package func revealWhenLaidOut(_ field: TextField) {
        if measurer != nil { reveal(field) } else { revealsAtFirstLayout = field }
    }

    /// Asks the app's layout for the fields' frames and the decorations; `provisionally` (before
    /// the first frame, when the scene `defersLayoutBelowFirstFrame`), for what that frame shows.
    func arrange(provisionally: Bool = true) {
        guard let measurer else { return }
        needsArrangement = false
        arrangementCount &+= 1
        let arrangement: Arrangement
        if provisionally, defersLayoutBelowFirstFrame, !hasDrawnFrame, focusedField == nil, revealsAtFirstLayout == nil,
           scroll.offset == 0 {
            arrangement = layout.arrange(in: size, showing: size.height, metrics: metrics, scheme: scheme, measurer: measurer)
        } else {
            arrangement = layout.arrange(in: size, metrics: metrics, scheme: scheme, measurer: measurer)
        }
        isArrangementProvisional = arrangement.isProvisional
        frames = [:]
        framesByPlace = Array(repeating: nil, count: fields.count)
        // A frame an app computed as NaN or infinite leaves its field out rather than poisoning drawing.
        for (field, frame) in arrangement.fieldFrames where frame.isFinite {
            frames[ObjectIdentifier(field)] = frame
            if let place = places[ObjectIdentifier(field)] { framesByPlace[place] = frame }
        }
        decorations = arrangement.decorations.filter { $0.frame.isFinite && $0.baseline.isFinite }
        regions = arrangement.regions.filter { $0.frame.isFinite }
        scroll.update(contentHeight: arrangement.contentHeight.isFinite ? arrangement.contentHeight : 0, viewport: size)
        inputSpotIsStale = true
        updateHover()
    }

    /// Lays out what the first frame left unlaid out (`defersLayoutBelowFirstFrame`): the whole
    /// page is arranged, and drawn again at the next render if that changes what the window
    /// shows (an estimate was off, moving the scroll indicator or a field in view, or a field
    /// the layout left unlaid out was in view after all). True when something is to be drawn.
    @discardableResult
    public func framePresented() -> Bool {
        completeProvisionalArrangement()
    }

    /// `framePresented`'s work, and what an event that could reach a field below does first (a
    /// host that never tells of a presented frame still gets every field laid out).
    @discardableResult
    func completeProvisionalArrangement() -> Bool {
        guard isArrangementProvisional else { return false }
        let shownFrames = framesByPlace, shownContentHeight = scroll.contentHeight
        let unlaidOut = fields.indices.filter { fields[$0].layout == nil }
        arrange(provisionally: false)
        // In view: the window, with room for what a field draws around its frame.
        let margin = Arrangement.hiddenMargin * metrics.scale
        let view = Rect(x: -margin, y: scroll.offset - margin, width: size.width + 2 * margin, height: size.height + 2 * margin)
        func inView(_ frame: Rect?) -> Bool { frame?.intersects(view) ?? false }
        let moved = zip(shownFrames, framesByPlace).contains { shown, now in shown != now && (inView(shown) || inView(now)) }
        let revealed = unlaidOut.contains { $0 < framesByPlace.count && inView(framesByPlace[$0]) }
        guard moved || revealed || shownContentHeight != scroll.contentHeight else { return false }
        invalidateAll()
        return true
    }

    /// Asks the app's layout to arrange everything again at the next render, as when its
    /// decorations or the set of fields it places changed.
    public func setNeedsArrangement() {
        needsArrangement = true
        host?.setNeedsRender()
    }

    /// The fields (by `ObjectIdentifier`) that anything marked for repainting since the last call:
    /// every change to a field's state, text, selection, style, layout or properties does, and so
    /// does a change of scheme or size (all of them). A tool that keeps a copy of what it read of
    /// each field (the catalog's QA state) reads again only these, the focused field (its caret
    /// and typing attributes) and those whose `frame(of:)` moved. Bounded by the number of fields.
    public func takeChangedFields() -> Set<ObjectIdentifier> {
        defer { changedFields.removeAll(keepingCapacity: true) }
        return changedFields
    }

    public func invalidateAll() {
        staleFields = Set(fields.map(ObjectIdentifier.init))
        pendingDamage = Rect(x: 0, y: 0, width: size.width, height: size.height)
        inputSpotIsStale = true
        host?.setNeedsRender()
    }

    /// Arranges the page now if a field's height changed since, so frames are current.
    func arrangeIfNeeded() {
        guard needsArrangement else { return }
        arrange()
        invalidateAll()
        let reveals = revealsFocusedField
        revealsFocusedField = false
        if reveals, let field = focusedField { reveal(field) }
    }

    /// Air kept around what is revealed: the outlined label above a field, a little below.
    var revealMargin: Double { 24 * metrics.scale }

    /// The page rectangle that shows `field`'s caret (in content coordinates), with air around it.
    func caretTarget(of field: TextField, frame: Rect) -> Rect? {
        guard let caret = field.caretRect else { return nil }
        return Rect(x: frame.minX, y: frame.minY + caret.minY - revealMargin, width: frame.width,
                    height: caret.height + 2 * revealMargin)
    }

    /// Scrolls the page as little as possible to show `target` (content coordinates).
    func scrollToShow(_ target: Rect) {
        guard scroll.reveal(target) else { return }
        invalidateAll()
        updateHover()
    }

    /// Scrolls the page, if it must, to show the caret of the field being edited, as after typing
    /// into a field scrolled out of view.
    func revealCaret(of field: TextField) {
        arrangeIfNeeded()
        guard let frame = frames[ObjectIdentifier(field)], let target = caretTarget(of: field, frame: frame) else { return }
        scrollToShow(target)
    }

    /// Scrolls the page to show `field`; a field taller than the window shows the part with the caret.
    func reveal(_ field: TextField) {
        arrangeIfNeeded()
        guard let frame = frames[ObjectIdentifier(field)] else { return }
        var target = Rect(x: frame.minX, y: frame.minY - revealMargin, width: frame.width, height: frame.height + 2 * revealMargin)
        if target.height > size.height, let caret = caretTarget(of: field, frame: frame) { target = caret }
        scrollToShow(target)
    }

    /// The enabled field under a window point, and the point in its coordinates.
    func field(at windowPoint: Point) -> (TextField, Point)? {
        let offset = scroll.offset
        for (place, laidOut) in framesByPlace.enumerated() {
            guard let frame = laidOut?.offsetBy(dx: 0, dy: -offset), frame.contains(windowPoint) else { continue }
            return (fields[place], Point(x: windowPoint.x - frame.minX, y: windowPoint.y - frame.minY))
        }
        return nil
    }

    /// The places of the fields a frame may have changed, in Tab order: the stale ones and the
    /// live ones (`liveFields`).
    func placesToVisit() -> [Int] {
        var visit = liveFields
        for id in staleFields { if let place = places[id] { visit.append(place) } }
        guard visit.count > 1 else { return visit }
        visit.sort()
        var unique: [Int] = []
        unique.reserveCapacity(visit.count)
        for place in visit where unique.last != place { unique.append(place) }
        return unique
    }
}
