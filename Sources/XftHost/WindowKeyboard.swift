import CXlib
import Glibc
import MaterialFields

/// A window's keyboard: the X input method (compose, dead keys, ibus, fcitx), the keymap history
/// and the reading of a pressed key as the scene's `InputEvent`.
final class WindowKeyboard {
    let display: OpaquePointer
    let window: Window
    private var inputMethod: XIM?
    private(set) var inputContext: XIC?
    private(set) var isStarted = false
    /// Keys are read against the keymap of their own moment (`KeymapHistory`) once it runs; the
    /// loop counts the map changes it reads, in order among its key events.
    private(set) var keymapHistory: KeymapHistory?
    private var keymapChanges = ChangeCounter()
    private var hasFocus = false
    private(set) var spot: (Int16, Int16)?
    /// The input style the context was made with (`InputStyleChoice`), and for on-the-spot the
    /// preedit as the input method drew it (`WindowKeyboard+Preedit`).
    var inputStyle: UInt = 0
    var preedit = PreeditBuffer()
    /// Inside `Xutf8ResetIC`: the scene asked for the reset, so the callbacks it may run tell it nothing.
    var isResetting = false
    /// Told each change of the preedit (on-the-spot only): the session hands it to the scene.
    var preeditChanged: ((Preedit?) -> Void)?
    /// Over-the-spot's font set, freed with the context.
    var fontSet: XFontSet?

    init(display: OpaquePointer, window: Window) {
        self.display = display
        self.window = window
    }

    /// Frees the input context and method and ends the history; `connectionLost` frees only
    /// what lives in this process.
    func close(connectionLost: Bool) {
        keymapHistory?.stop()
        keymapHistory = nil
        guard !connectionLost else { return }
        if let inputContext { XDestroyIC(inputContext) }
        if let fontSet { XFreeFontSet(display, fontSet) }
        if let inputMethod { XCloseIM(inputMethod) }
        fontSet = nil
        inputContext = nil
        inputMethod = nil
    }

    /// The input method and the keymap history start after the first frame is on its way
    /// (reading the locale's compose table is about a tenth of the start, a second connection
    /// another), or before the first key is filtered if one comes sooner.
    func startIfNeeded() {
        guard !isStarted else { return }
        isStarted = true
        startKeymapHistory()
        openInputMethod()
        guard let inputContext else { return }
        if hasFocus { XSetICFocus(inputContext) }
        if let spot { cxlib_ic_set_spot(inputContext, spot.0, spot.1) }
    }

    private func startKeymapHistory() {
        // The same notifications on this connection, in order among the keys: a key pressed
        // after a change is read against what the history recorded for that change. Selected
        // before the history's own, so no change is counted by the history alone (one the loop
        // alone counts only makes it wait for an answer that does not come).
        let keySyms = UInt(XkbKeySymsMask)
        let mapNotify = UInt32(XkbMapNotify), core = UInt32(XkbUseCoreKbd)
        guard XkbSelectEventDetails(display, core, mapNotify, keySyms, keySyms) != 0 else { return }
        XSync(display, 0)
        guard let history = KeymapHistory(sameServerAs: display) else {
            XkbSelectEventDetails(display, core, mapNotify, keySyms, 0)
            return
        }
        keymapHistory = history
    }

    private func openInputMethod() {
        guard let im = XOpenIM(display, nil, nil, nil) else {
            fputs("\(hostProgramName): note: no X input method; typing uses plain key lookup\n", stderr)
            return
        }
        inputMethod = im
        guard let ic = createInputContext(im) else { return }
        inputContext = ic
        let filterMask = cxlib_ic_filter_events(ic)
        if filterMask != 0 {
            var attributes = XWindowAttributes()
            XGetWindowAttributes(display, window, &attributes)
            XSelectInput(display, window, attributes.your_event_mask | filterMask)
        }
    }

    func focusChanged(to focused: Bool) {
        hasFocus = focused
        guard let inputContext else { return }
        if focused { XSetICFocus(inputContext) } else { XUnsetICFocus(inputContext) }
    }

    /// Where the input method's windows go (the caret's bottom left, in window pixels).
    func setSpot(_ newSpot: (Int16, Int16)) {
        guard spot.map({ $0 != newSpot }) ?? true else { return }
        spot = newSpot
        guard let inputContext else { return }
        cxlib_ic_set_spot(inputContext, newSpot.0, newSpot.1)
    }

    // MARK: Keyboard maps

    /// A core MappingNotify (modifiers, or keys when the history does not run): Xlib's map is
    /// brought up to date, in order among the keys.
    func mappingChanged(_ event: inout XMappingEvent) {
        XRefreshKeyboardMapping(&event)
    }

    /// Reads `event` if it is one of the history's notifications: a change of the core keyboard's
    /// keysyms, read in order. It is counted as the history counts it, this connection's own
    /// answer is recorded too (in case the history's thread was late), and Xlib's own map (and
    /// its input method's) is brought up to date, as a MappingNotify would.
    func takeMapChange(_ event: XEvent) {
        guard let history = keymapHistory, let change = history.mapChange(event) else { return }
        var ids: [(keycode: UInt8, id: KeymapHistory.ChangeID)] = []
        for keycode in change.keycodes where (8...255).contains(keycode) {
            ids.append((UInt8(keycode), keymapChanges.next(for: UInt8(keycode), at: change.time)))
        }
        history.recordFromLoop(change, ids: ids, display: display)
        var mapping = XMappingEvent()
        mapping.type = MappingNotify
        mapping.display = display
        mapping.request = MappingKeyboard
        mapping.first_keycode = Int32(change.keycodes.lowerBound)
        mapping.count = Int32(change.keycodes.count)
        XRefreshKeyboardMapping(&mapping)
    }

    // MARK: Keys

    /// Passes `event` to the input method first, as every event must; true when it took it.
    func filter(_ event: inout XEvent) -> Bool {
        if event.type == KeyPress || event.type == KeyRelease { startIfNeeded() }
        return XFilterEvent(&event, 0) != 0
    }

    /// The keysym a key had when it was pressed (the keymap history's, when the map has moved on
    /// since) and the text it types, apart from the input method: what an assistive technology
    /// is told of each key.
    func meaning(of key: XKeyEvent) -> (keysym: KeySym, text: String) {
        var event = key
        var keysym: KeySym = 0
        var buffer = [CChar](repeating: 0, count: 32)
        _ = XLookupString(&event, &buffer, Int32(buffer.count), &keysym, nil)
        if let history = keymapHistory, key.keycode <= 255, let change = keymapChanges.latest(for: UInt8(key.keycode)),
           let recorded = history.keysyms(of: UInt8(key.keycode), after: change), keysym == 0 || !recorded.contains(keysym),
           let meant = KeyTranslation.singleKeysym(recorded, state: key.state) {
            keysym = meant.keysym
        }
        return (keysym, KeyTranslation.text(forKeysym: keysym) ?? "")
    }

    /// What a pressed key means to the scene: an editing key, a shortcut, typed text, or nothing.
    func event(for key: inout XKeyEvent) -> InputEvent? {
        var keysym: KeySym = 0
        var text = ""
        // Text without a keysym behind it is an input method's commit (ibus, fcitx); Xlib's own
        // compose and dead keys give the keysym of what they make, and count as typing.
        var committed = false
        if let inputContext {
            var buffer = [CChar](repeating: 0, count: 64)
            var status: Int32 = 0
            var length = Xutf8LookupString(inputContext, &key, &buffer, Int32(buffer.count), &keysym, &status)
            if status == XBufferOverflow {
                buffer = [CChar](repeating: 0, count: Int(length) + 1)
                length = Xutf8LookupString(inputContext, &key, &buffer, Int32(buffer.count), &keysym, &status)
            }
            if status == XLookupChars || status == XLookupBoth {
                text = String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            if status != XLookupKeySym && status != XLookupBoth { keysym = 0 }
            committed = status == XLookupChars && !text.isEmpty
        } else {
            var buffer = [CChar](repeating: 0, count: 32)
            _ = XLookupString(&key, &buffer, Int32(buffer.count), &keysym, nil)
            text = KeyTranslation.text(forKeysym: keysym) ?? ""
        }
        var unshifted = XLookupKeysym(&key, 0)
        // A keycode bound to one character for a moment (xdotool, auto-type): what it meant when
        // it was pressed, when the map has moved on since (Xlib reads the map of now, and read
        // none of the keysyms the key then had). While Xlib's reading is one of them, it stands:
        // it knows the key's type (which levels Shift and Lock choose).
        if let history = keymapHistory, key.keycode <= 255, let change = keymapChanges.latest(for: UInt8(key.keycode)),
           let recorded = history.keysyms(of: UInt8(key.keycode), after: change), keysym == 0 || !recorded.contains(keysym),
           let meant = KeyTranslation.singleKeysym(recorded, state: key.state) {
            keysym = meant.keysym
            unshifted = meant.unshifted
            text = KeyTranslation.text(forKeysym: meant.keysym) ?? ""
            committed = false
        }
        let modifiers = KeyTranslation.modifiers(fromState: key.state)
        let event = KeyTranslation.event(keysym: keysym, modifiers: modifiers, unshiftedKeysym: unshifted, text: text)
        if committed, case .text(let text)? = event { return .inputMethodText(text) }
        return event
    }
}
