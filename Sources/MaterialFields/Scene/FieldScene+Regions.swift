/// Where things are in the window, for tools that address them by name rather than by pixels
/// (a QA script's element screenshots and masks): a field's outer frame and its parts, and the
/// layout's named regions. Every rectangle is in window coordinates (scrolling applied).
extension FieldScene {
    /// Everything `field` may paint: its container, the label that sticks out above an outlined
    /// one, and its assistive row (helper, error, counter; RAG's hint). Nil while it is not laid out.
    public func outerFrame(of field: TextField) -> Rect? {
        guard let frame = frame(of: field), let layout = field.layout else { return nil }
        return layout.paintBounds.offsetBy(dx: frame.minX, dy: frame.minY)
    }

    /// The frames of `field`'s parts as the inspector outlines them (on whole pixels; the caret
    /// only while the field is being edited). Empty while it is not laid out.
    public func partFrames(of field: TextField) -> [FieldInspector.Outline] {
        guard let frame = frame(of: field), let measurer else { return [] }
        return FieldInspector.outlines(of: field, origin: Point(x: frame.minX, y: frame.minY), measurer: measurer)
    }

    /// The names of the layout's regions, in its order.
    public var regionNames: [String] { regions.map(\.name) }

    /// The layout's region called `name`, or nil when it has none of that name.
    public func region(named name: String) -> Rect? {
        return regions.first { $0.name == name }?.frame.offsetBy(dx: 0, dy: -scroll.offset)
    }
}
