/// Changed rectangles collected for one frame: overlapping or touching ones merge, so two fields
/// far apart are two small regions, not one box across the window.
public struct DamageRegion: Equatable, Sendable {
    public private(set) var rects: [Rect] = []
    /// Past this many separate rectangles, they merge into their bounding box.
    static let limit = 16

    public init() {}

    public mutating func add(_ rect: Rect) {
        guard rect.isFinite, !rect.isEmpty else { return }
        var merged = rect.integral
        // Keep merging until the new rectangle touches none of the others.
        var index = 0
        while index < rects.count {
            if rects[index].touches(merged) {
                merged = merged.union(rects.remove(at: index))
                index = 0
            } else {
                index += 1
            }
        }
        rects.append(merged)
        if rects.count > Self.limit {
            rects = [rects.dropFirst().reduce(rects[0]) { $0.union($1) }]
        }
    }
}

extension Rect {
    /// True when the rectangles overlap or share an edge.
    func touches(_ other: Rect) -> Bool {
        minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
    }
}
