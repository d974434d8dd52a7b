import CXlib
import Glibc
import MaterialFields

// The input context's style and, on the spot, the preedit callbacks: the input method tells the
// window what it composes, and the field draws it inline (GTK's XIM module does the same).
extension WindowKeyboard {
    /// An input context in the best style the input method offers (`InputStyleChoice`), falling
    /// back style by style when one cannot be made.
    func createInputContext(_ im: XIM) -> XIC? {
        var offered = [XIMStyle](repeating: 0, count: 64)
        let count = Int(cxlib_im_styles(im, &offered, Int32(offered.count)))
        var candidates = Array(offered.prefix(count))
        while let style = InputStyleChoice.choose(from: candidates) {
            if let ic = createInputContext(im, style: style) {
                inputStyle = style
                return ic
            }
            candidates.removeAll { $0 == style }
        }
        // An input method that lists no style we know (or none at all) may still take the root style.
        guard let ic = cxlib_create_ic(im, window) else { return nil }
        inputStyle = UInt(XIMPreeditNothing | XIMStatusNothing)
        return ic
    }

    private func createInputContext(_ im: XIM, style: UInt) -> XIC? {
        if InputStyleChoice.isOnTheSpot(style) {
            let client = Unmanaged.passUnretained(self).toOpaque().assumingMemoryBound(to: CChar.self)
            return cxlib_create_ic_callbacks(im, window, style, client, preeditStartCallback, preeditDoneCallback,
                                             preeditDrawCallback, preeditCaretCallback)
        }
        if InputStyleChoice.isOverTheSpot(style) {
            guard let fonts = cxlib_create_font_set(display) else { return nil }
            let at = spot ?? (0, 0)
            guard let ic = cxlib_create_ic_position(im, window, style, fonts, at.0, at.1) else {
                XFreeFontSet(display, fonts)
                return nil
            }
            fontSet = fonts
            return ic
        }
        return cxlib_create_ic_style(im, window, style)
    }

    /// The preedit changed: tell the session (and so the scene) what it is now.
    func preeditDidChange() {
        guard !isResetting else { return }
        preeditChanged?(preedit.preedit)
    }

    /// GTK's `gtk_im_context_reset`: the context is reset (`Xutf8ResetIC`) and what the input
    /// method hands back is returned for the field to commit; the preedit is gone either way.
    /// Input methods that commit later instead (ibus) send the commit through the event loop.
    func reset() -> String? {
        let hadPreedit = !preedit.scalars.isEmpty
        preedit.clear()
        guard let inputContext, hadPreedit || !InputStyleChoice.isOnTheSpot(inputStyle) else { return nil }
        isResetting = true
        let returned = Xutf8ResetIC(inputContext)
        isResetting = false
        preedit.clear()
        guard let returned else { return nil }
        defer { XFree(returned) }
        let text = String(cString: returned)
        return text.isEmpty ? nil : text
    }
}

/// The keyboard a callback's client data points at (unretained: the context dies before it).
private func keyboard(_ client: XPointer?) -> WindowKeyboard? {
    client.map { Unmanaged<WindowKeyboard>.fromOpaque(UnsafeRawPointer($0)).takeUnretainedValue() }
}

private let preeditStartCallback: XICProc = { _, client, _ in
    guard let keyboard = keyboard(client) else { return -1 }
    keyboard.preedit.clear()
    // No limit on the preedit's length.
    return -1
}

private let preeditDoneCallback: XIMProc = { _, client, _ in
    guard let keyboard = keyboard(client) else { return }
    keyboard.preedit.clear()
    keyboard.preeditDidChange()
}

private let preeditDrawCallback: XIMProc = { _, client, data in
    guard let keyboard = keyboard(client), let data else { return }
    let draw = UnsafeRawPointer(data).assumingMemoryBound(to: XIMPreeditDrawCallbackStruct.self).pointee
    var text: [Unicode.Scalar]?
    var feedback: [UInt]?
    if let ximText = draw.text {
        text = preeditScalars(of: ximText)
        if let marks = ximText.pointee.feedback {
            feedback = (0..<Int(ximText.pointee.length)).map { UInt(marks[$0]) }
        }
    }
    keyboard.preedit.draw(caret: Int(draw.caret), changeFirst: Int(draw.chg_first), changeLength: Int(draw.chg_length),
                          text: text, textFeedback: feedback)
    keyboard.preeditDidChange()
}

private let preeditCaretCallback: XIMProc = { _, client, data in
    guard let keyboard = keyboard(client), let data else { return }
    let caret = UnsafeMutableRawPointer(data).assumingMemoryBound(to: XIMPreeditCaretCallbackStruct.self)
    caret.pointee.position = Int32(keyboard.preedit.moveCaret(direction: caret.pointee.direction, position: Int(caret.pointee.position)))
    keyboard.preeditDidChange()
}
