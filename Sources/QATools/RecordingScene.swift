import MaterialFields

/// A scene that hands everything to another one and tells a `SessionRecorder` what the window
/// gave it: the events, typed runs, resizes, drops of its own drags, and the clipboard traffic
/// (through a host of its own between the scene and the window's). The window host needs no
/// hook: it drives this scene as it would the real one.
///
/// Time: the scene runs on the replay's clock. An event gets the instant its step will have in
/// the replay (`SessionRecorder.sceneTime`), and frames are drawn at the host's time since the
/// session started, so the live caret blinks at the phase the replay's will.
///
/// One key never reaches the scene: the checkpoint chord (Ctrl+Shift+S), which calls
/// `onCheckpoint` instead.
public final class RecordingScene: Scene {
    public let base: FieldScene
    public let recorder: SessionRecorder
    /// The host's clock, for what reaches the scene without an instant (a resize).
    private let clock: () -> Double
    /// Ctrl+Shift+S, with the instant the window got it.
    public var onCheckpoint: ((Double) -> Void)?
    /// Events the app says are not the fields' (a panel of its own is open, or the key that opens
    /// it): handed to the scene at the replay's instant but not recorded, since the app records
    /// what they change as steps of its own (`SessionRecorder.append(step:at:)`).
    public var passesThrough: ((InputEvent) -> Bool)?
    private var hostProxy: RecordingHost?
    private var hasSize = false

    public init(base: FieldScene, recorder: SessionRecorder, clock: @escaping () -> Double) {
        self.base = base
        self.recorder = recorder
        self.clock = clock
    }

    /// Whether an event is the checkpoint chord: Ctrl+Shift+S (S or s, as layouts report it).
    public static func isCheckpointChord(_ event: InputEvent) -> Bool {
        guard case .key(.shortcut(let character), let modifiers) = event else { return false }
        return character.lowercased() == "s" && modifiers.contains(.control) && modifiers.contains(.shift) && !modifiers.contains(.alt)
    }

    public var host: SceneHost? {
        get { hostProxy?.base }
        set {
            hostProxy = newValue.map { RecordingHost(base: $0, recorder: recorder, scene: base, clock: clock) }
            base.host = hostProxy
        }
    }

    public func resize(to size: Size, measurer: TextMeasuring) {
        // The first size is the window's as it opened (the script's header says it).
        if hasSize, size != base.size { recorder.recordResize(to: size, at: clock()) }
        hasSize = true
        recorder.windowSize = size
        base.resize(to: size, measurer: measurer)
    }

    @discardableResult
    public func handle(_ event: InputEvent, at time: Double) -> Bool {
        if Self.isCheckpointChord(event) {
            onCheckpoint?(time)
            return true
        }
        if let passesThrough, passesThrough(event) {
            return base.handle(event, at: recorder.sceneTime(forHostTime: time))
        }
        if base.hasPopup, Self.goesToPopup(event) {
            // The popup's, not a field's: a script has no popup to send it to. What the popup
            // does in a field is recorded when it does it (`RecordingHost.showPopup`).
            return recorder.observePopupEvent(at: time) { base.handle(event, at: $0) }
        }
        if case .scroll(let steps) = event {
            // What the wheel scrolled decides which steps may be one: a text area's rows until
            // they end, then the page, are two wheel steps however close.
            recorder.prepareWheel(at: time)
            let before = base.scroll.offset
            let changed = base.handle(event, at: recorder.sceneTime(forHostTime: time))
            recorder.recordWheel(steps, at: time, target: base.scroll.offset != before ? "page" : changed ? "text" : "nothing")
            return changed
        }
        return recorder.observe(event, at: time) { base.handle(event, at: $0) }
    }

    /// Whether the scene hands `event` to its open popup rather than to the fields (keys and text
    /// go to the popup; a press reaching the window only closes it; the wheel does nothing).
    static func goesToPopup(_ event: InputEvent) -> Bool {
        switch event {
        case .key, .text, .inputMethodText, .pointerDown, .scroll: return true
        case .pointerMoved, .pointerUp, .pointerExited, .windowFocus, .preeditChanged: return false
        }
    }

    public func nextWakeup(after time: Double) -> Double? {
        base.nextWakeup(after: recorder.sceneClock(time)).map { recorder.hostClock($0) }
    }
    @discardableResult public func advance(to time: Double) -> Bool { base.advance(to: recorder.sceneClock(time)) }
    public func render(on canvas: Canvas, at time: Double) -> [Rect] { base.render(on: canvas, at: recorder.sceneClock(time)) }
    @discardableResult public func framePresented() -> Bool { base.framePresented() }
    public func invalidateAll() { base.invalidateAll() }
    public func settle() { base.settle() }
    public var acceptsTypedRuns: Bool { base.acceptsTypedRuns }

    @discardableResult
    public func handle(typedRun run: String, at time: Double) -> Bool {
        if base.hasPopup { return recorder.observePopupEvent(at: time) { base.handle(typedRun: run, at: $0) } }
        return recorder.observe(.text(run), at: time) { base.handle(typedRun: run, at: $0) }
    }

    public var desktopSettings: DesktopSettings {
        get { base.desktopSettings }
        set { base.desktopSettings = newValue }
    }

    public func popupWasClosed(_ popup: ScenePopup, reason: PopupCloseReason) { base.popupWasClosed(popup, reason: reason) }

    public func dragMoved(to point: Point, operations: DragOperations, requested: DragOperation, fromThisScene: Bool,
                          at time: Double) -> DragOperation? {
        if fromThisScene { recorder.record(.pointerMoved(point, buttonHeld: true), at: time) }
        return base.dragMoved(to: point, operations: operations, requested: requested, fromThisScene: fromThisScene,
                              at: recorder.sceneTime(forHostTime: time))
    }

    public func dragExited() { base.dragExited() }

    public func drop(_ text: String, at point: Point, operation: DragOperation, fromThisScene: Bool, at time: Double) -> DragOperation? {
        if fromThisScene {
            // The window's own drag of selected text: a drag step moves it within the scene as well.
            if operation != .move { recorder.note("the drag below copied its text (Ctrl held), which a drag step does not") }
            recorder.record(.pointerUp(point, button: .primary), at: time)
        } else {
            recorder.note("another program's text (\(SessionRecorder.quoted(text))) was dropped here: scripts cannot replay a drop")
        }
        return base.drop(text, at: point, operation: operation, fromThisScene: fromThisScene, at: recorder.sceneTime(forHostTime: time))
    }

    public func dragEnded(movedAway: Bool, at time: Double) {
        if movedAway { recorder.note("a drag moved text out to another program here: scripts cannot replay that") }
        base.dragEnded(movedAway: movedAway, at: recorder.sceneTime(forHostTime: time))
    }

    public func dragAcceptanceChanged(_ accepted: DragOperation?) { base.dragAcceptanceChanged(accepted) }
}

extension FieldScene {
    /// A context menu or the emoji chooser is open (the controls panel, a popup too, is the app's:
    /// `RecordingScene.passesThrough`).
    var hasPopup: Bool { shownContextMenu != nil || shownEmojiChooser != nil }
}

/// Between the scene and the window's host: copies and pastes are told to the recorder (a paste
/// of another program's clipboard becomes a `clipboard` step before the key that pasted).
final class RecordingHost: SceneHost {
    let base: SceneHost
    private let recorder: SessionRecorder
    private unowned let scene: FieldScene
    /// PRIMARY as the scene set it last: a middle click that pastes anything else pasted another program's.
    private var ownPrimary: String?

    /// The host's clock: a choice made in a popup is recorded at the instant it is made.
    private let clock: () -> Double

    init(base: SceneHost, recorder: SessionRecorder, scene: FieldScene, clock: @escaping () -> Double) {
        self.base = base
        self.recorder = recorder
        self.scene = scene
        self.clock = clock
    }

    func setSelectionText(_ text: String, for selection: SelectionKind) {
        recorder.selectionSet(text, for: selection)
        if selection == .primary { ownPrimary = text }
        base.setSelectionText(text, for: selection)
    }

    func requestSelectionText(_ selection: SelectionKind, completion: @escaping (String?) -> Void) {
        recorder.pasteRequested(selection)
        base.requestSelectionText(selection) { [recorder, weak self] text in
            recorder.pasteAnswered(selection, text: text)
            if selection == .primary, let text, let self, text != self.ownPrimary { recorder.primaryPastedFromElsewhere(text) }
            completion(text)
        }
    }

    func setSelectionAttributedText(_ text: AttributedText, for selection: SelectionKind) {
        recorder.selectionSet(text.string, for: selection)
        if selection == .primary { ownPrimary = text.string }
        base.setSelectionAttributedText(text, for: selection)
    }

    func requestSelectionAttributedText(_ selection: SelectionKind, completion: @escaping (AttributedText?) -> Void) {
        recorder.pasteRequested(selection)
        base.requestSelectionAttributedText(selection) { [recorder, weak self] text in
            recorder.pasteAnswered(selection, text: text?.string)
            if selection == .primary, let text, let self, text.string != self.ownPrimary { recorder.primaryPastedFromElsewhere(text.string) }
            completion(text)
        }
    }

    func setNeedsRender() { base.setNeedsRender() }
    func setPointerShape(_ shape: PointerShape) { base.setPointerShape(shape) }
    func setInputMethodSpot(_ caret: Rect) { base.setInputMethodSpot(caret) }
    func resetInputMethod() -> String? { base.resetInputMethod() }
    func ringBell() { base.ringBell() }
    var now: Double? { base.now.map { recorder.sceneClock($0) } }
    /// A context menu or the emoji chooser: noted where it opened, and what is chosen in it is
    /// recorded as the step that does the same in the field (the chooser's emoji as `type`, a
    /// menu item as its key), since a script shows no popup to choose in.
    func showPopup(_ popup: ScenePopup, anchor: PopupAnchor) -> Bool {
        guard base.showPopup(popup, anchor: anchor) else { return false }
        if let menu = popup as? ContextMenu {
            recorder.popupOpened("a context menu")
            menu.onActivated = { [recorder, clock, weak scene] item, _ in
                guard let scene else { return }
                recorder.popupChose(Self.steps(for: item, in: scene), at: clock())
            }
        } else if let chooser = popup as? EmojiChooser {
            recorder.popupOpened("the emoji chooser")
            let pick = chooser.onPick
            chooser.onPick = { [recorder, clock] emoji, _ in
                recorder.popupChose(["# picked in the emoji chooser:", "type \(SessionRecorder.quoted(emoji))"], at: clock())
                // At the instant its step has in the replay (the window's pointer events in the
                // popup come on the host's clock, not the scene's).
                pick?(emoji, recorder.replayTime)
            }
        }
        return true
    }

    /// The steps that do what a context menu's item did: its command's key (the first of the
    /// standard chords the scene binds to it), the chooser opening (nothing: its pick is a step),
    /// or a comment for an app's own item.
    static func steps(for item: MenuItem, in scene: FieldScene) -> [String] {
        switch item.action {
        case .command(let command)?:
            let chords: [(EditingKey, KeyModifiers)] = [
                (.shortcut("z"), .control), (.shortcut("z"), [.control, .shift]), (.shortcut("y"), .control),
                (.shortcut("x"), .control), (.shortcut("c"), .control), (.shortcut("v"), .control), (.delete, []),
                (.shortcut("a"), .control), (.delete, .shift), (.insert, .control), (.insert, .shift),
            ]
            for (key, modifiers) in chords where scene.keyBindings.command(for: key, modifiers: modifiers) == command {
                guard let chord = SessionRecorder.chord(for: key, modifiers: modifiers) else { continue }
                return ["# chosen in the context menu: \(item.title)", "key \(chord)"]
            }
            return ["# chosen in the context menu: \(item.title), which no key does: not replayed"]
        case .insertEmoji?:
            return ["# chosen in the context menu: \(item.title) (what is picked in the chooser follows)"]
        case .handler?, nil:
            return ["# chosen in the context menu: \(item.title), the app's own item: not replayed"]
        }
    }
    func closePopup(_ popup: ScenePopup) { base.closePopup(popup) }
    func requestSelectionHasText(_ selection: SelectionKind, completion: @escaping (Bool) -> Void) {
        base.requestSelectionHasText(selection, completion: completion)
    }
    func beginDrag(_ text: String, operations: DragOperations, at time: Double) -> Bool {
        base.beginDrag(text, operations: operations, at: time)
    }
}
