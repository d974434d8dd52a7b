import MaterialFields
import XftHost

/// Turns what a tester does in the live window into QA script steps (`QAScript`), written as they
/// happen, so the session replays headless (`--script`) to the same text, selection and pixels.
///
/// Time: each step happens at its event's instant rounded to a whole frame after the session's
/// first event (`ScriptRunner.frameInterval`), and the `wait` before it brings the replay's
/// virtual clock to exactly that frame. Rounding the instants, not the gaps, keeps the error
/// below half a frame however long the session: an animation or the caret's blink is at the
/// same phase at a checkpoint as it was live (to the frame). Waits are kept whole, however long:
/// the virtual clock runs an idle minute in a few hundred renders (only the blink asks for
/// frames, and it stops 10 s after the last input), and collapsing them to `settle` would change
/// what the blink shows.
///
/// Coalescing: keys that typed text become one `type` step (at the last key's instant, when the
/// blink restarted); a press and release without motion is a `click` (the click count comes from
/// the replay's own click counter: a wait is stretched or shortened by frames where the rounding
/// would count another double click than the live window did); with motion between, a `drag`;
/// wheel steps in a row are one `wheel`; pointer motion is written only where it matters: when the
/// field or part under the pointer changes (hover), and before a wheel step or a checkpoint.
public final class SessionRecorder {
    /// What is under a window point: a field's id, the point in its coordinates, and what decides
    /// how it looks hovered (the field and its part).
    public struct Hit: Equatable {
        public var id: String
        public var local: Point
        public var hoverKey: String
        public init(id: String, local: Point, hoverKey: String) {
            self.id = id
            self.local = local
            self.hoverKey = hoverKey
        }
    }

    /// One line of script is finished: the file writes it (and flushes it) now.
    private let write: (String) -> Void
    private let locate: (Point) -> Hit?
    private let frameInterval: Double
    /// The window's size, for a point outside every field when the pointer leaves the window.
    public var windowSize: Size

    /// Every line written, in order (the checkpoint's headless render replays them).
    public private(set) var lines: [String] = []
    /// The instant of the session's first event: frame 0 of the replay's clock.
    private var origin: Double?
    /// The replay's clock after the lines written, as `ScriptRunner` adds the waits up.
    public private(set) var replayTime = 0.0
    private var replayClicks = ClickCounter()
    /// Where the replay's pointer is, and what it hovers.
    private var replayPointer: Point?
    private var livePointer: Point?
    private var checkpointCount = 0
    /// What the replay's clipboard holds (a copy in the window sets both; a `clipboard` step the replay's).
    private var replayClipboard: String?
    /// Lines from this index on wait for a paste's answer (`pasteRequested`) before being written.
    private var heldFrom: Int?
    private var writtenCount = 0
    /// While the scene handles an event (`observe`): where that event's lines begin. They are
    /// written once it is handled, so a paste it asks for can still put a step before them.
    private var eventStart: Int?
    private var composing = false
    /// The event `observe` is handling.
    private var currentEvent: InputEvent?

    private enum Pending {
        case typing(String, last: Double)
        /// Wheel steps, from the instant of the first, with the pointer where they scrolled and
        /// what they scrolled (the page, a text area's rows).
        case wheel(Double, first: Double, pointer: Point?, target: String?)
        case press(at: Point, time: Double, button: PointerButton, clickCount: Int, modifiers: KeyModifiers, hit: Hit?, to: Point)
        /// The pointer came over another field or part: written unless a press there comes next
        /// in the same frame (a click moves the pointer itself).
        case hover(Point, time: Double)
    }
    /// When the window lost the keyboard focus, while it has not got it back; and whether the
    /// loss was noted (it is, once anything else happens before focus comes back).
    private var focusLoss: (time: Double, noted: Bool)?
    private var pending: Pending?

    /// - Parameters:
    ///   - locate: the field under a window point (the live scene's layout at the moment).
    ///   - write: takes each finished line (without its newline).
    public init(windowSize: Size, frameInterval: Double = ScriptRunner.frameInterval,
                locate: @escaping (Point) -> Hit?, write: @escaping (String) -> Void) {
        self.windowSize = windowSize
        self.frameInterval = frameInterval
        self.locate = locate
        self.write = write
    }

    /// The session starts at `time` (the host's clock): frame 0 of the replay. Without it, the
    /// first event is.
    public func start(at time: Double) {
        if origin == nil { origin = time }
    }

    // MARK: Lines

    /// A comment or a step that takes no time (the session's starting conditions).
    public func appendHeader(_ line: String) { emit(line) }

    /// A step from another source (a controls panel's `set ID PROPERTY VALUE`), at `time` on the
    /// host's clock: what was pending is written first, then the wait to `time`, then `step`.
    public func append(step: String, at time: Double) {
        append(steps: [step], at: time)
    }

    /// Lines at `time` (a comment on its own line, then its step).
    public func append(steps: [String], at time: Double) {
        flushPending()
        waitUntil(time)
        for step in steps { emit(step) }
    }

    /// A `# ...` line saying what could not be recorded.
    public func note(_ text: String) {
        emit("# " + text.split(whereSeparator: \.isNewline).joined(separator: " "))
    }

    private func emit(_ line: String) {
        lines.append(line)
        flushWritten()
    }

    private func flushWritten() {
        guard eventStart == nil else { return }
        let end = heldFrom ?? lines.count
        while writtenCount < end {
            write(lines[writtenCount])
            writtenCount += 1
        }
    }

    // MARK: Time

    private func frame(of time: Double) -> Int {
        if origin == nil { origin = time }
        let elapsed = (time - origin!) / frameInterval
        return elapsed.isFinite ? Int(max(0, min(elapsed, 1e9)).rounded()) : 0
    }

    /// The instant the replay will give an event the window gets at `time` (the host's clock): its
    /// frame, as the waits written before its step add up, to the bit. The live scene is given
    /// this instant (`RecordingScene`), so its caret blinks and its animations run at the phase
    /// the replay's do, and a checkpoint's image is the window's to the pixel.
    public func sceneTime(forHostTime time: Double) -> Double {
        let frames = frame(of: time) - replayFrame
        guard frames > 0 else { return replayTime }
        return replayTime + Double(Self.milliseconds(Double(frames) * frameInterval * 1000))! / 1000
    }

    /// The host's clock on the scene's: the time since the session started (frame 0).
    public func sceneClock(_ hostTime: Double) -> Double { hostTime - (origin ?? hostTime) }
    public func hostClock(_ sceneTime: Double) -> Double { sceneTime + (origin ?? 0) }

    /// The replay's clock as a whole number of frames.
    private var replayFrame: Int { Int((replayTime / frameInterval).rounded()) }

    /// A wait from the replay's clock to `time`'s frame (none when the clock is there or beyond).
    private func waitUntil(_ time: Double) {
        let frames = frame(of: time) - replayFrame
        guard frames > 0 else { return }
        waitFrames(frames)
    }

    private func waitFrames(_ frames: Int) {
        let text = Self.milliseconds(Double(frames) * frameInterval * 1000)
        emit("wait \(text)")
        replayTime += Double(text)! / 1000
    }

    /// Milliseconds with at most three decimals, trailing zeros dropped ("16.667", "400").
    static func milliseconds(_ value: Double) -> String {
        let thousandths = Int64((value * 1000).rounded())
        let whole = thousandths / 1000, fraction = thousandths % 1000
        guard fraction != 0 else { return "\(whole)" }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(whole).\(digits)"
    }

    // MARK: Events

    /// Records `event` and lets the scene handle it at the instant the replay will give it
    /// (`sceneTime`, known once what it ends has been written), writing its lines after: a paste
    /// the scene asks for meanwhile (`pasteRequested`) holds them until its answer.
    public func observe<Result>(_ event: InputEvent, at time: Double, handledBy handle: (_ sceneTime: Double) -> Result) -> Result {
        eventStart = lines.count
        currentEvent = event
        defer { currentEvent = nil }
        record(event, at: time)
        let result = handle(sceneTime(forHostTime: time))
        eventStart = nil
        flushWritten()
        return result
    }

    /// An event the live window handed the scene at `time` (the host's clock).
    public func record(_ event: InputEvent, at time: Double) {
        if case .windowFocus = event {} else { noteFocusLoss() }
        switch event {
        case .text(let text):
            if case .typing(let typed, let last)? = pending, time - last <= 1 {
                pending = .typing(typed + text, last: time)
            } else {
                flushPending()
                pending = .typing(text, last: time)
            }
        case .key(let key, let modifiers):
            flushPending()
            waitUntil(time)
            if let chord = Self.chord(for: key, modifiers: modifiers) {
                emit("key \(chord)")
            } else {
                note("a key no script can press (\(key), \(modifiers.rawValue)) was pressed here")
            }
        case .inputMethodText(let text):
            flushPending()
            waitUntil(time)
            emit("commit \(Self.quoted(text))")
            composing = false
        case .preeditChanged(let preedit):
            let text = preedit?.text ?? ""
            guard !(text.isEmpty && !composing) else { return }
            flushPending()
            waitUntil(time)
            emit(text.isEmpty ? "preedit" : "preedit \(Self.quoted(text))")
            composing = !text.isEmpty
        case .pointerDown(let point, let button, let clickCount, let modifiers):
            if case .hover(let hovered, let hoverTime)? = pending, hovered == point, frame(of: hoverTime) == frame(of: time) {
                pending = nil
            }
            flushPending()
            livePointer = point
            pending = .press(at: point, time: time, button: button, clickCount: clickCount, modifiers: modifiers,
                             hit: locate(point), to: point)
        case .pointerMoved(let point, _):
            livePointer = point
            if case .press(let at, let pressTime, let button, let count, let modifiers, let hit, _)? = pending {
                pending = .press(at: at, time: pressTime, button: button, clickCount: count, modifiers: modifiers, hit: hit, to: point)
                return
            }
            if case .hover(let hovered, let hoverTime)? = pending {
                // Still over what the pending hover is over: it moves with the pointer.
                if hoverKey(at: point) == hoverKey(at: hovered) {
                    pending = .hover(point, time: hoverTime)
                    return
                }
                flushPending()
            }
            if case .wheel? = pending { flushPending() }
            let replayHover = replayPointer.flatMap { hoverKey(at: $0) }
            if hoverKey(at: point) != replayHover || replayPointer == nil && locate(point) != nil {
                flushPending()
                pending = .hover(point, time: time)
            }
        case .pointerUp(let point, let button):
            livePointer = point
            guard case .press(let at, let pressTime, let pressed, let count, let modifiers, let hit, _)? = pending, pressed == button else {
                return
            }
            pending = nil
            writePress(at: at, time: pressTime, button: button, clickCount: count, modifiers: modifiers, hit: hit, to: point)
        case .pointerExited:
            livePointer = nil
            flushPending()
            guard let point = replayPointer, hoverKey(at: point) != nil else { return }
            // Scripts cannot take the pointer out of the window: a point over no field unhovers as leaving does.
            let corners = [Point(x: 0, y: 0), Point(x: windowSize.width - 1, y: 0), Point(x: 0, y: windowSize.height - 1),
                           Point(x: windowSize.width - 1, y: windowSize.height - 1)]
            waitUntil(time)
            // A comment has a line of its own: a step's line is the step and nothing else.
            if let empty = corners.first(where: { locate($0) == nil }) {
                note("the pointer left the window (or a popup took it): the replay's moves to a corner over no field")
                emit("move-to \(Self.number(empty.x)) \(Self.number(empty.y))")
                replayPointer = empty
            } else {
                note("the pointer left the window (or a popup took it) here; no point of the window is outside every field")
            }
        case .scroll(let steps):
            recordWheel(steps, at: time, target: nil)
        case .windowFocus(let focused):
            // The replay's window has the focus throughout. A loss that ends before anything else
            // happens (a click's focus churn without a window manager) is no loss to tell.
            if !focused {
                if focusLoss == nil { focusLoss = (time, false) }
            } else if let loss = focusLoss {
                focusLoss = nil
                if loss.noted {
                    flushPending()
                    waitUntil(time)
                    note("the window has the keyboard focus again from here")
                }
            }
            return
        }
    }

    // MARK: Popups

    /// A context menu or the emoji chooser opened (after the event that opened it, whose step,
    /// a right click's included, is written first). Scripts show no popups: what is chosen in it
    /// is recorded as what it did in the field (`popupChose`), and its keys are not recorded.
    public func popupOpened(_ what: String) {
        flushPending()
        // A key that opened it (the Menu key, Ctrl+.) opens nothing in a replay: the comment says it.
        var how = ""
        if let start = eventStart, case .key(let key, let modifiers)? = currentEvent, let chord = Self.chord(for: key, modifiers: modifiers),
           let index = lines[start...].lastIndex(of: "key \(chord)") {
            lines.remove(at: index)
            how = " by \(chord)"
        }
        note("\(what) opened here\(how): its keys and clicks are not recorded; what is chosen in it is, as the step that does the same")
    }

    /// An event that went to the open popup (a key in a menu, the chooser's search): handed to the
    /// scene at the instant the replay would give it, and not written; what the popup did in a
    /// field is (`popupChose`).
    public func observePopupEvent<Result>(at time: Double, handledBy handle: (_ sceneTime: Double) -> Result) -> Result {
        noteFocusLoss()
        flushPending()
        eventStart = lines.count
        let result = handle(sceneTime(forHostTime: time))
        eventStart = nil
        flushWritten()
        return result
    }

    /// What was chosen in a popup, as the steps that do the same in the field (a menu's Paste is
    /// `key ctrl+v`, an emoji picked `type "..."`), or comments when nothing does: at `time`'s
    /// frame. Called after the choice acted, so a paste it asked for goes before its key.
    public func popupChose(_ steps: [String], at time: Double) {
        append(steps: steps, at: time)
    }

    /// Anything but a focus change while the window has lost the focus: said once, where it was lost.
    private func noteFocusLoss() {
        guard let loss = focusLoss, !loss.noted else { return }
        focusLoss = (loss.time, true)
        flushPending()
        waitUntil(loss.time)
        note("the window lost the keyboard focus here (a script's window keeps it: the caret shows in the replay)")
    }

    /// Before the scene handles a wheel step: what is pending, unless wheel steps, is written (the
    /// step's instant on the replay's clock is then `sceneTime`).
    /// The replay's pointer is brought where the live one is now, before the page scrolls under
    /// it: a `hover ID X Y` is field-relative, so one worked out after the scroll would put the
    /// replay's pointer (and its wheel) elsewhere in the window.
    public func prepareWheel(at time: Double) {
        if case .wheel? = pending { return }
        noteFocusLoss()
        flushPending()
        if let live = livePointer, live != replayPointer {
            waitUntil(time)
            movePointer(to: live)
        }
    }

    /// A wheel step that scrolled `target` (nil: not known), joined to the steps before it when
    /// they went the same way, over the same point, and scrolled the same thing.
    public func recordWheel(_ steps: Double, at time: Double, target: String?) {
        if case .wheel(let total, let first, let pointer, let scrolled)? = pending, (total > 0) == (steps > 0), pointer == livePointer,
           scrolled == target {
            pending = .wheel(total + steps, first: first, pointer: pointer, target: target)
        } else {
            flushPending()
            pending = .wheel(steps, first: time, pointer: livePointer, target: target)
        }
    }

    public func recordResize(to size: Size, at time: Double) {
        flushPending()
        windowSize = size
        waitUntil(time)
        emit("resize \(Int(size.width.rounded())) \(Int(size.height.rounded()))")
    }

    /// Ctrl+Shift+S: the pointer where it is live, then `checkpoint NAME` at `time`'s frame.
    /// Returns NAME (`checkpoint-1`, `checkpoint-2`...).
    public func checkpoint(at time: Double) -> String {
        flushPending()
        waitUntil(time)
        syncPointer()
        checkpointCount += 1
        let name = "checkpoint-\(checkpointCount)"
        emit("checkpoint \(name)")
        return name
    }

    /// The session ended: what is still pending is written, and lines still waiting for a paste's
    /// answer too (no answer is coming).
    public func finish() {
        flushPending()
        eventStart = nil
        if heldFrom != nil {
            heldFrom = nil
            note("a paste above had no answer from the clipboard before the session ended")
        }
        flushWritten()
    }

    // MARK: Clipboard

    /// The window copied `text` into a selection: the replay's copy does the same.
    public func selectionSet(_ text: String, for selection: SelectionKind) {
        if selection == .clipboard { replayClipboard = text }
    }

    /// The scene asked for the clipboard while handling the event just recorded (Ctrl+V): the lines
    /// from that event's step on wait for the answer, so a `clipboard` step can go before it.
    public func pasteRequested(_ selection: SelectionKind) {
        guard selection == .clipboard, heldFrom == nil else { return }
        // Before the event's own step (after its wait); with none yet (a press still pending),
        // before whatever comes next.
        let start = eventStart ?? writtenCount
        heldFrom = lines[start...].lastIndex { !$0.hasPrefix("wait ") && !$0.hasPrefix("#") } ?? lines.count
    }

    /// The answer: what another program's clipboard held goes in before the paste's step.
    public func pasteAnswered(_ selection: SelectionKind, text: String?) {
        guard selection == .clipboard, let index = heldFrom else { return }
        heldFrom = nil
        if let text, text != replayClipboard {
            lines.insert("clipboard \(Self.quoted(text))", at: index)
            replayClipboard = text
        } else if text == nil, replayClipboard != nil {
            lines.insert("# the clipboard was empty here (a script cannot empty it: the paste below pastes the last copy)", at: index)
        }
        flushWritten()
    }

    /// A middle click pasted PRIMARY from another program, which scripts cannot set.
    public func primaryPastedFromElsewhere(_ text: String) {
        note("a middle click pasted another program's selection here (\(Self.quoted(text))): scripts cannot replay that")
    }

    // MARK: Writing steps

    private func flushPending() {
        guard let pending else { return }
        self.pending = nil
        switch pending {
        case .typing(let text, let last):
            waitUntil(last)
            emit("type \(Self.quoted(text))")
        case .wheel(let steps, let first, let pointer, _):
            waitUntil(first)
            if let pointer, pointer != replayPointer { movePointer(to: pointer) }
            emit("wheel \(Self.number(steps))")
        case .press(let at, let time, let button, let count, let modifiers, let hit, let to):
            writePress(at: at, time: time, button: button, clickCount: count, modifiers: modifiers, hit: hit, to: to)
        case .hover(let point, let time):
            waitUntil(time)
            movePointer(to: point)
        }
    }

    private func writePress(at point: Point, time: Double, button: PointerButton, clickCount: Int, modifiers: KeyModifiers,
                            hit: Hit?, to end: Point) {
        waitForPress(at: time, clickCount: clickCount, at: point)
        var how: [String] = []
        if modifiers.contains(.shift) { how.append("shift") }
        if modifiers.contains(.control) { how.append("ctrl") }
        if modifiers.contains(.alt) { how.append("alt") }
        if button == .middle { how.append("middle") }
        if button == .secondary { how.append("right") }
        let suffix = how.isEmpty ? "" : " " + how.joined(separator: "+")
        if end != point, button == .primary, let hit {
            let offset = Point(x: end.x - point.x, y: end.y - point.y)
            if !modifiers.isEmpty { note("the drag below was made with \(how.joined(separator: "+")) held, which a drag step does not press") }
            emit("drag \(hit.id) \(Self.number(hit.local.x)) \(Self.number(hit.local.y)) "
                 + "\(Self.number(hit.local.x + offset.x)) \(Self.number(hit.local.y + offset.y))")
            replayPointer = end
        } else {
            if let hit {
                emit("click \(hit.id) \(Self.number(hit.local.x)) \(Self.number(hit.local.y))\(suffix)")
            } else {
                emit("click-at \(Self.number(point.x)) \(Self.number(point.y))\(suffix)")
            }
            replayPointer = point
            if end != point { note("the pointer moved with the button held from there to \(Self.number(end.x)), \(Self.number(end.y))") }
        }
        replayClicks = replayClicksAfter
    }

    /// The replay's click counter after the press just written (`waitForPress`).
    private var replayClicksAfter = ClickCounter()

    /// Waits until the press at `time`, stretching or shortening the wait by whole frames so that
    /// the replay's click counter, fed the replay's instants, counts what the live window counted.
    private func waitForPress(at time: Double, clickCount live: Int, at point: Point) {
        let target = max(0, frame(of: time) - replayFrame)
        func counted(_ frames: Int) -> (Int, ClickCounter) {
            var counter = replayClicks
            let instant = replayTime + Double(frames) * frameInterval
            let count = counter.press(at: point, time: UInt(max(0, instant * 1000).rounded()))
            return (count, counter)
        }
        var frames = target
        var (count, counter) = counted(frames)
        if count != live {
            // A press the rounding brought within the double-click time waits a little longer; a
            // double click it put beyond it, a little less.
            let candidates = live == 1 ? Array(target + 1...target + 120) : Array(stride(from: target - 1, through: 0, by: -1))
            for candidate in candidates {
                let (tried, triedCounter) = counted(candidate)
                if tried == live {
                    (frames, count, counter) = (candidate, tried, triedCounter)
                    break
                }
            }
        }
        if frames > 0 { waitFrames(frames) }
        if count != live { note("the window counted the press below as click \(live) of a row; the replay counts \(count)") }
        replayClicksAfter = counter
    }

    private func hoverKey(at point: Point) -> String? { locate(point)?.hoverKey }

    /// The replay's pointer to where the live one is, if it is elsewhere.
    private func syncPointer() {
        guard let live = livePointer, live != replayPointer else { return }
        movePointer(to: live)
    }

    private func movePointer(to point: Point) {
        if let hit = locate(point) {
            emit("hover \(hit.id) \(Self.number(hit.local.x)) \(Self.number(hit.local.y))")
        } else {
            emit("move-to \(Self.number(point.x)) \(Self.number(point.y))")
        }
        replayPointer = point
    }

    // MARK: Text

    /// A number as the script parser reads it back exactly: "12", "-3", "12.5".
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// Text in quotes with the escapes `type` understands (`FieldControl.quoted`, the one writer
    /// of a script's quoted text: control characters and the line and paragraph separators,
    /// which a script reads as line ends, as `\u{...}`).
    public static func quoted(_ text: String) -> String { FieldControl.quoted(text) }

    /// The `key` step's chord for an event, checked by translating it back: nil when no chord
    /// sends that event.
    public static func chord(for key: EditingKey, modifiers: KeyModifiers) -> String? {
        var candidates: [String]
        switch key {
        case .backspace: candidates = ["BackSpace"]
        case .delete: candidates = ["Delete"]
        case .left: candidates = ["Left"]
        case .right: candidates = ["Right"]
        case .up: candidates = ["Up"]
        case .down: candidates = ["Down"]
        case .home: candidates = ["Home"]
        case .end: candidates = ["End"]
        case .tab: candidates = ["Tab", "ISO_Left_Tab"]
        case .escape: candidates = ["Escape"]
        case .enter: candidates = ["Return", "KP_Enter"]
        case .insert: candidates = ["Insert"]
        case .menu: candidates = ["Menu"]
        case .pageUp: candidates = ["Page_Up"]
        case .pageDown: candidates = ["Page_Down"]
        case .function(let number): candidates = ["F\(number)"]
        case .shortcut(let character):
            let text = String(character)
            candidates = [text.lowercased(), text]
            if character == " " { candidates = ["space"] }
            if character == "+" { candidates = ["plus"] }
            if character == "-" { candidates = ["minus"] }
        }
        var prefix = ""
        if modifiers.contains(.control) { prefix += "ctrl+" }
        if modifiers.contains(.alt) { prefix += "alt+" }
        if modifiers.contains(.shift) { prefix += "shift+" }
        for name in candidates {
            guard let chord = try? KeyChord(prefix + name), chord.event == .key(key, modifiers) else { continue }
            return chord.description
        }
        return nil
    }
}
