/// What a window host drives: it feeds plain events in, asks when to wake next, and lets the
/// scene draw. `FieldPanel` is the scene of fields; a program can host its own.
public protocol Scene: AnyObject {
    func resize(to size: Size, measurer: TextMeasuring)
    /// Returns true when the scene now looks different.
    func handle(_ event: InputEvent, at time: Double) -> Bool
    /// The next instant the scene changes on its own (animation frame, caret blink), or nil to
    /// sleep until the next event.
    func nextWakeup(after time: Double) -> Double?
    func draw(on canvas: Canvas, at time: Double)
    /// Ends every animation and shows the caret solid: the state a screenshot captures.
    func settle()
    func pointerShape(at point: Point) -> PointerShape
    /// The caret of the focused field in window pixels, for input-method candidate windows.
    var caretRect: Rect? { get }
}
