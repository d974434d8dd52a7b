// An input method's preedit: kept beside the text (never in it) and drawn inline at the caret.
extension TextField {
    /// What the input method is composing in this field, shown inline where the selection is
    /// (nil while nothing composes). It is not part of `text`: nothing the field reports changes
    /// until the input method commits, which arrives as an ordinary edit (`insert(_:cause:at:)`
    /// with `.inputMethod`).
    public var preedit: Preedit? { composition }

    /// Shows `preedit` (nil or empty: none) while the field is editing; a field not editing shows
    /// none. The text, its undo history, the delegate, `editingChanged` and observers of text
    /// hear nothing of it. The caret shows solid while the input method composes.
    public func setPreedit(_ preedit: Preedit?, at time: Double) {
        lastTime = time
        let newValue = preedit.flatMap { $0.isEmpty || !isFocused ? nil : $0 }
        guard newValue != composition else { return }
        composition = newValue
        motion.caretBlink.restart(at: time)
        invalidateAppearance()
    }

    /// The text as shown while composing: the layout with the preedit in place of the selection
    /// (for display only), scrolled so the preedit's caret shows; where the preedit stands in it
    /// and the preedit's caret as an offset of that layout. Nil while nothing composes.
    func composedText() -> ComposedText? {
        guard let composition, isFocused, var shown = editor.textLayout, let measurer, let layout else { return nil }
        let replaced = editor.selection.range
        let inserted = displayCharacters(composition.characters)
        let before = shown.count
        shown.replacing(replaced, with: inserted[...], measurer: measurer)
        // A preedit whose first cluster joins the text before it ("e" and a combining acute) is
        // one cluster shorter in the layout than on its own: it ends where the layout grew to.
        let end = min(shown.count, max(replaced.lowerBound, replaced.upperBound + shown.count - before))
        let start = max(0, end - inserted.count)
        let range = start..<end
        let caret = min(end, start + composition.caret)
        if kind == .textArea {
            shown.reveal(offset: caret, visibleHeight: layout.textLine.height)
        } else {
            // The whole preedit when it fits, its caret in any case.
            let width = layout.textLine.width - layout.metrics.caretWidth
            shown.reveal(offset: range.upperBound, visibleWidth: width)
            shown.reveal(offset: range.lowerBound, visibleWidth: width)
            shown.reveal(offset: caret, visibleWidth: width)
        }
        return ComposedText(layout: shown, range: range, caret: caret, preedit: composition)
    }
}

/// The field's text laid out with a preedit in it, for drawing and for the input method's spot.
struct ComposedText {
    let layout: TextLayout
    /// Where the preedit stands in `layout`.
    let range: Range<Int>
    /// The input method's caret, as an offset of `layout`.
    let caret: Int
    let preedit: Preedit
}

extension TextField {
    /// Text the input method committed: one edit with the cause `.inputMethod` through the whole
    /// pipeline (policies, delegate, undo, `editingChanged`). A field that stopped editing while
    /// composing still takes the commit of what it showed, as GTK's entries do; a disabled one
    /// takes nothing.
    public func commitInputMethodText(_ text: String, at time: Double) {
        if isFocused {
            insert(text, cause: .inputMethod, at: time)
        } else if isEnabled, !text.isEmpty {
            apply(editor.insertion(text, cause: .inputMethod), at: time)
        }
    }
}
