/// Tab order over a list of fields: which field is focused and which comes next. Any app
/// layout can keep one; disabled fields are skipped.
public struct FocusChain {
    public private(set) var fields: [TextField]

    public init(_ fields: [TextField]) { self.fields = fields }

    public var focusedField: TextField? { fields.first { $0.isFocused } }

    /// The next (or previous) enabled field after the focused one, wrapping around; the first (or
    /// last) when nothing is focused.
    public func field(after current: TextField?, backward: Bool) -> TextField? {
        let candidates = fields.filter(\.isEnabled)
        guard !candidates.isEmpty else { return nil }
        guard let current, let index = candidates.firstIndex(where: { $0 === current }) else {
            return backward ? candidates.last : candidates.first
        }
        return candidates[(index + (backward ? candidates.count - 1 : 1)) % candidates.count]
    }

    /// The next enabled field after `current` without wrapping: nil on the last one (where
    /// Return ends editing instead of moving on).
    public func field(following current: TextField) -> TextField? {
        guard let index = fields.firstIndex(where: { $0 === current }) else { return nil }
        return fields[(index + 1)...].first(where: \.isEnabled)
    }

    public func contains(_ field: TextField) -> Bool { fields.contains { $0 === field } }
}

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
