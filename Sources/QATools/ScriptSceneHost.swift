import MaterialFields

/// The host a scripted scene talks to: selections live in the process (a script's copy can be
/// pasted, and `clipboard TEXT` plays another program's copy), pastes are answered after the
/// step's input as the event loop would answer them, and the rest has nothing to reach.
final class ScriptSceneHost: SceneHost {
    var selections: [SelectionKind: String] = [:]
    /// What a copy from a field put in a selection, with its runs (nil after a plain copy).
    var styledSelections: [SelectionKind: AttributedText] = [:]
    /// The runner's virtual clock.
    var clock: () -> Double = { 0 }
    var now: Double? { clock() }
    private var pendingAnswers: [() -> Void] = []

    func setSelectionText(_ text: String, for selection: SelectionKind) {
        selections[selection] = text
        styledSelections[selection] = nil
    }

    func requestSelectionText(_ selection: SelectionKind, completion: @escaping (String?) -> Void) {
        let text = selections[selection]
        pendingAnswers.append { completion(text) }
    }

    func setSelectionAttributedText(_ text: AttributedText, for selection: SelectionKind) {
        styledSelections[selection] = text
        selections[selection] = text.string
    }

    func requestSelectionAttributedText(_ selection: SelectionKind, completion: @escaping (AttributedText?) -> Void) {
        let text = styledSelections[selection] ?? selections[selection].map { AttributedText($0) }
        pendingAnswers.append { completion(text) }
    }

    func takePendingAnswers() -> [() -> Void] {
        defer { pendingAnswers.removeAll() }
        return pendingAnswers
    }

    func setNeedsRender() {}
    func setPointerShape(_ shape: PointerShape) {}
    func setInputMethodSpot(_ caret: Rect) {}
    func ringBell() {}

    /// What a script's `preedit` step composes: a reset (focus moving on, a click) hands it
    /// back to be committed, as an input method that answers `XmbResetIC` with its preedit does.
    var composing: String?
    func resetInputMethod() -> String? {
        defer { composing = nil }
        return composing
    }
}
