/// A vertical scroll position over content taller than its viewport: wheel steps, revealing a
/// rectangle, and where the scroll indicator goes.
public struct ScrollContainer: Equatable {
    public private(set) var offset: Double = 0
    public private(set) var contentHeight: Double = 0
    public private(set) var viewport = Size(width: 0, height: 0)

    public init() {}

    public var maximumOffset: Double { max(0, contentHeight - viewport.height) }

    public mutating func update(contentHeight: Double, viewport: Size) {
        self.contentHeight = contentHeight.isFinite ? max(0, contentHeight) : 0
        self.viewport = viewport
        offset = clamped(offset)
    }

    private func clamped(_ value: Double) -> Double { value.isFinite ? min(max(0, value), maximumOffset) : offset }

    /// Scrolls by `delta` pixels; returns true when the position changed.
    @discardableResult
    public mutating func scroll(by delta: Double) -> Bool {
        let newOffset = clamped(offset + delta)
        defer { offset = newOffset }
        return newOffset != offset
    }

    /// Scrolls as little as possible to show `rect` (content coordinates); returns true when it moved.
    @discardableResult
    public mutating func reveal(_ rect: Rect) -> Bool {
        var newOffset = offset
        if rect.maxY > newOffset + viewport.height { newOffset = rect.maxY - viewport.height }
        if rect.minY < newOffset { newOffset = rect.minY }
        newOffset = clamped(newOffset)
        defer { offset = newOffset }
        return newOffset != offset
    }

    /// A slim indicator on the right edge, in viewport coordinates, when the content overflows.
    public func indicator(scale: Double) -> Rect? {
        guard contentHeight > viewport.height, viewport.height > 0 else { return nil }
        let width = 4 * scale, inset = 2 * scale
        let track = viewport.height - 2 * inset
        guard track > 0, viewport.width > width + inset else { return nil }
        let length = max(24 * scale, track * viewport.height / contentHeight)
        let top = inset + (track - length) * (offset / maximumOffset)
        return Rect(x: viewport.width - width - inset, y: top, width: width, height: min(length, track))
    }
}
