/// What a window host drives: it feeds plain events in, asks when to wake next, and lets the
/// scene draw what changed. `FieldScene` is the scene of fields; a program can host its own.
public protocol Scene: AnyObject {
    /// Set by the host before the first event: the scene asks it for what only the windowing
    /// system can do.
    var host: SceneHost? { get set }
    /// The window has this size now; everything is laid out and drawn again.
    func resize(to size: Size, measurer: TextMeasuring)
    /// Returns true when the model changed (text, selection, focus, scroll), for observers such
    /// as a QA state file.
    @discardableResult func handle(_ event: InputEvent, at time: Double) -> Bool
    /// The next instant the scene changes on its own (animation frame, caret blink), or nil to
    /// sleep until the next event.
    func nextWakeup(after time: Double) -> Double?
    /// Brings the model to `time`: what changes with time alone moves on (animations head for
    /// their targets, a drag held beyond a field's text extends the selection). The host calls
    /// it before every `render`. Returns true when the model changed (the selection), so the
    /// host tells its observers as it does after input.
    @discardableResult func advance(to time: Double) -> Bool
    /// Draws the model as it stands (`advance(to:)` brought it to `time`), only what looks
    /// different from the previous render (everything after `resize` or `invalidateAll`),
    /// clipped to it, and returns those rectangles in window pixels (disjoint; empty when nothing
    /// changed) for the host to copy. It changes nothing in the model.
    func render(on canvas: Canvas, at time: Double) -> [Rect]
    /// What the last `render` drew has reached the screen (the host flushed it). A scene whose
    /// first frame laid out only what it shows (`FieldScene.defersLayoutBelowFirstFrame`) lays
    /// out the rest now, before the host handles anything else. Returns true when that changed
    /// something to draw (the host renders again).
    @discardableResult func framePresented() -> Bool
    /// The next render draws everything, as after the back buffer was lost.
    func invalidateAll()
    /// Ends every animation and shows the caret solid: the state a screenshot captures.
    func settle()
    /// Whether the host may hand keys typed now to `handle(typedRun:at:)` instead of one `.text`
    /// event each. Asked before a run starts; nothing the scene handles can come between the
    /// keys of a run, since any other event ends it.
    var acceptsTypedRuns: Bool { get }
    /// Keys typed one after another with nothing between them, each `Character` of `run` one
    /// key's text (never an input method's commit of several): handled as that many `.text`
    /// events would be, which a scene may do in fewer edits when the outcome is the same.
    /// Returns true when the model changed.
    @discardableResult func handle(typedRun run: String, at time: Double) -> Bool
    /// The desktop's settings (a window host sets them before the first frame and again whenever
    /// the desktop changes them; the host asks for a render after). A scene that follows none
    /// keeps the default, which ignores them.
    var desktopSettings: DesktopSettings { get set }
    /// The host closed the scene's popup for a reason of its own (a press outside it, the window
    /// lost focus, was unmapped or resized). Not called when the scene closed it.
    func popupWasClosed(_ popup: ScenePopup, reason: PopupCloseReason)

    // Drag and drop (XDND in the X host; `DragAndDrop.swift` has the defaults, which take no drop).
    /// A drag hovers at `point` (window pixels), offering `operations` and asking for `requested`
    /// (from this scene: the host's own drag, which asks for a move unless Ctrl is held). Returns
    /// the operation a drop there would take, or nil where nothing may be dropped.
    func dragMoved(to point: Point, operations: DragOperations, requested: DragOperation, fromThisScene: Bool,
                   at time: Double) -> DragOperation?
    /// The drag left the window, or ended without a drop here: the drop caret goes.
    func dragExited()
    /// `text` is dropped at `point`: the operation taken, or nil when refused.
    func drop(_ text: String, at point: Point, operation: DragOperation, fromThisScene: Bool, at time: Double) -> DragOperation?
    /// The drag this scene started (`SceneHost.beginDrag`) ended; `movedAway` when another
    /// program took its text with a move, so the source's text goes.
    func dragEnded(movedAway: Bool, at time: Double)
    /// Where the drag this scene started is now, what would take it: the operation accepted there
    /// (by a field of its own or another program's answer), nil where nothing would.
    func dragAcceptanceChanged(_ accepted: DragOperation?)
}

extension Scene {
    @discardableResult
    public func advance(to time: Double) -> Bool { false }

    @discardableResult
    public func framePresented() -> Bool { false }

    public var desktopSettings: DesktopSettings {
        get { DesktopSettings() }
        set {}
    }

    public var acceptsTypedRuns: Bool { false }

    @discardableResult
    public func handle(typedRun run: String, at time: Double) -> Bool {
        var changed = false
        for character in run {
            if handle(.text(String(character)), at: time) { changed = true }
        }
        return changed
    }
}

/// What a scene asks of its host: the things only the windowing system can do. The X11 host
/// implements it; a test implements it to watch the requests.
public protocol SceneHost: AnyObject {
    /// Makes `text` the content of a selection (Ctrl+C sets the clipboard; selecting sets PRIMARY).
    func setSelectionText(_ text: String, for selection: SelectionKind)
    /// Asks for a selection's text. The answer comes later, from the event loop, with nil when
    /// there is none or its owner did not answer in time.
    func requestSelectionText(_ selection: SelectionKind, completion: @escaping (String?) -> Void)
    /// Something must be drawn again: the host advances and renders the scene soon. The scene
    /// works out what changed itself (it compares what it drew with what it would draw now).
    func setNeedsRender()
    func setPointerShape(_ shape: PointerShape)
    /// Where the caret is, so an input method's candidate window can follow it.
    func setInputMethodSpot(_ caret: Rect)
    /// Ends what the input method is composing (focus left the field, a click in it), as GTK
    /// resets its input context; returns the text the input method hands back to commit, if any.
    func resetInputMethod() -> String?
    func ringBell()
    /// The host's clock now (the one events and renders are timed with), for what the app
    /// starts outside an event, such as `TextField.becomeFirstResponder()` from a timer; nil
    /// when the host has none.
    var now: Double? { get }
    /// Shows `popup` over the window at `anchor` (window coordinates), kept on screen, with the
    /// pointer and keyboard grabbed as a desktop menu does; false when the host shows no popups.
    func showPopup(_ popup: ScenePopup, anchor: PopupAnchor) -> Bool
    /// Takes a popup shown with `showPopup` away (the scene closed it).
    func closePopup(_ popup: ScenePopup)
    /// Asks whether a selection holds text (its owner's TARGETS offer a text form), without
    /// taking the text; the answer comes later, from the event loop.
    func requestSelectionHasText(_ selection: SelectionKind, completion: @escaping (Bool) -> Void)
    /// Starts dragging `text` (selected text pressed and moved beyond the drag threshold): the
    /// host takes the pointer until the button is released or Escape is pressed, tells the scene
    /// where the drag is over its own window (`Scene.dragMoved`, `drop`) and tells other programs
    /// elsewhere; it ends with `Scene.dragEnded`. False when the host cannot: the scene then
    /// follows the drag within itself.
    func beginDrag(_ text: String, operations: DragOperations, at time: Double) -> Bool
    /// Makes styled `text` the content of a selection (a copy or cut from a field): other
    /// programs are offered `text/html` beside the plain forms when a run has a style.
    func setSelectionAttributedText(_ text: AttributedText, for selection: SelectionKind)
    /// Asks for a selection's text with its styles (a paste into a field that allows editing
    /// styles): the owner's `text/html` when it offers it, else its plain text; nil as
    /// `requestSelectionText` answers nil.
    func requestSelectionAttributedText(_ selection: SelectionKind, completion: @escaping (AttributedText?) -> Void)
    /// Asks for a selection's text as a rope, for a paste: the X11 host builds it from the
    /// transfer's chunks as they come, so a long text is never held whole in a `String` (or its
    /// bytes in an array) beside it; nil as `requestSelectionText` answers nil.
    func requestSelectionRope(_ selection: SelectionKind, completion: @escaping (Rope?) -> Void)
}

extension SceneHost {
    public var now: Double? { nil }
    public func resetInputMethod() -> String? { nil }
    /// A host that keeps only plain text: the styles are dropped.
    public func setSelectionAttributedText(_ text: AttributedText, for selection: SelectionKind) {
        setSelectionText(text.string, for: selection)
    }
    /// A host that keeps only plain text: the text comes without styles.
    public func requestSelectionAttributedText(_ selection: SelectionKind, completion: @escaping (AttributedText?) -> Void) {
        requestSelectionText(selection) { text in completion(text.map { AttributedText($0) }) }
    }
    /// A host that answers with strings: the rope is made of the string.
    public func requestSelectionRope(_ selection: SelectionKind, completion: @escaping (Rope?) -> Void) {
        requestSelectionText(selection) { text in completion(text.map { Rope($0) }) }
    }
}
