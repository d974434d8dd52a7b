#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A filled shape as closed polygons, filled with the non-zero winding rule.
///
/// Curves are flattened when the path is built, so every canvas sees the same polygons and the
/// antialiasing of corners does not depend on the backend.
public struct Path: Equatable, Sendable {
    public private(set) var contours: [[Point]] = []

    public init() {}

    public init(contours: [[Point]]) { self.contours = contours.filter { $0.count >= 3 } }

    public var isEmpty: Bool { contours.isEmpty }

    public var bounds: Rect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for contour in contours {
            for p in contour {
                minX = min(minX, p.x); maxX = max(maxX, p.x)
                minY = min(minY, p.y); maxY = max(maxY, p.y)
            }
        }
        guard minX <= maxX else { return .zero }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    public static func rectangle(_ rect: Rect) -> Path {
        Path(contours: [[
            Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
            Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY),
        ]])
    }

    /// A rectangle with independently rounded corners, clockwise on screen.
    public static func roundedRectangle(_ rect: Rect, radii: CornerRadii) -> Path {
        Path(contours: [RoundedOutline(rect: rect, radii: radii).closedContour()])
    }

    /// The band between a rounded rectangle and the same rectangle inset by `width`, with an
    /// optional gap cut out of the top edge (the outlined field's notch for its floating label).
    public static func roundedRectangleStroke(
        _ rect: Rect, radii: CornerRadii, width: Double, topGap: ClosedRange<Double>? = nil
    ) -> Path {
        let outer = RoundedOutline(rect: rect, radii: radii)
        let inner = RoundedOutline(rect: rect.insetBy(dx: width, dy: width), radii: radii.inset(by: width))
        guard let gap = topGap, gap.upperBound > gap.lowerBound else {
            return Path(contours: [outer.closedContour(), inner.closedContour().reversed()])
        }
        // One contour: along the outer edge from the gap's right end all the way round to its left
        // end, then back along the inner edge.
        let outerRun = outer.openContour(fromTopX: gap.upperBound, toTopX: gap.lowerBound)
        let innerRun = inner.openContour(fromTopX: gap.upperBound, toTopX: gap.lowerBound)
        return Path(contours: [outerRun + innerRun.reversed()])
    }
}

public struct CornerRadii: Equatable, Sendable {
    public var topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double

    public init(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
        self.topLeft = topLeft; self.topRight = topRight
        self.bottomRight = bottomRight; self.bottomLeft = bottomLeft
    }

    public init(all radius: Double) { self.init(topLeft: radius, topRight: radius, bottomRight: radius, bottomLeft: radius) }

    public static func top(_ radius: Double) -> CornerRadii {
        CornerRadii(topLeft: radius, topRight: radius, bottomRight: 0, bottomLeft: 0)
    }

    func inset(by amount: Double) -> CornerRadii {
        CornerRadii(topLeft: max(0, topLeft - amount), topRight: max(0, topRight - amount),
                    bottomRight: max(0, bottomRight - amount), bottomLeft: max(0, bottomLeft - amount))
    }
}

/// The clockwise outline of a rounded rectangle, starting at the top edge.
private struct RoundedOutline {
    let rect: Rect
    let radii: CornerRadii

    init(rect: Rect, radii: CornerRadii) {
        self.rect = rect
        let limit = min(rect.width, rect.height) / 2
        self.radii = CornerRadii(topLeft: min(radii.topLeft, limit), topRight: min(radii.topRight, limit),
                                 bottomRight: min(radii.bottomRight, limit), bottomLeft: min(radii.bottomLeft, limit))
    }

    /// Everything after the top edge: top-right corner, right, bottom, left edges, top-left corner.
    private func cornersAndSides() -> [Point] {
        var points: [Point] = []
        arc(into: &points, center: Point(x: rect.maxX - radii.topRight, y: rect.minY + radii.topRight),
            radius: radii.topRight, from: -Double.pi / 2, to: 0)
        arc(into: &points, center: Point(x: rect.maxX - radii.bottomRight, y: rect.maxY - radii.bottomRight),
            radius: radii.bottomRight, from: 0, to: Double.pi / 2)
        arc(into: &points, center: Point(x: rect.minX + radii.bottomLeft, y: rect.maxY - radii.bottomLeft),
            radius: radii.bottomLeft, from: Double.pi / 2, to: Double.pi)
        arc(into: &points, center: Point(x: rect.minX + radii.topLeft, y: rect.minY + radii.topLeft),
            radius: radii.topLeft, from: Double.pi, to: 3 * Double.pi / 2)
        return points
    }

    func closedContour() -> [Point] { cornersAndSides() }

    func openContour(fromTopX start: Double, toTopX end: Double) -> [Point] {
        let startX = min(max(start, rect.minX + radii.topLeft), rect.maxX - radii.topRight)
        let endX = min(max(end, rect.minX + radii.topLeft), rect.maxX - radii.topRight)
        return [Point(x: startX, y: rect.minY)] + cornersAndSides() + [Point(x: endX, y: rect.minY)]
    }

    private func arc(into points: inout [Point], center: Point, radius: Double, from: Double, to: Double) {
        guard radius > 0 else {
            points.append(center)
            return
        }
        // About one segment per 1.5 px of arc keeps corners smooth at every size.
        let segments = max(2, Int((radius * abs(to - from) / 1.5).rounded(.up)))
        for step in 0...segments {
            let angle = from + (to - from) * Double(step) / Double(segments)
            points.append(Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle)))
        }
    }
}

extension Path {
    /// A circle as a polygon, about one segment per 1.5 px of circumference.
    public static func circle(center: Point, radius: Double) -> Path {
        let segments = max(12, Int((2 * Double.pi * radius / 1.5).rounded(.up)))
        return Path(contours: [(0..<segments).map { step in
            let angle = 2 * Double.pi * Double(step) / Double(segments)
            return Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        }])
    }

    /// The path scaled about the origin, then moved by (dx, dy).
    public func applying(scale: Double, dx: Double, dy: Double) -> Path {
        Path(contours: contours.map { contour in
            contour.map { Point(x: $0.x * scale + dx, y: $0.y * scale + dy) }
        })
    }

    /// Twice the signed area of a contour: positive when it runs clockwise on screen (y down).
    static func orientation(of contour: [Point]) -> Double {
        var sum = 0.0
        for index in contour.indices {
            let a = contour[index], b = contour[(index + 1) % contour.count]
            sum += a.x * b.y - b.x * a.y
        }
        return sum
    }
}

extension FieldIcon {
    /// Material's "cancel" symbol drawn as a shape: a disc with an X cut out of it, for the clear
    /// button. A shape rather than a glyph, so the clear button works without the icon font.
    public static let clear: FieldIcon = {
        let disc = Path.circle(center: Point(x: 12, y: 12), radius: 10).contours[0]
        // A plus sign of half-length 5 and half-width 1, turned 45 degrees, running against the disc
        // so the non-zero rule leaves it empty.
        let plus: [(Double, Double)] = [(1, 5), (1, 1), (5, 1), (5, -1), (1, -1), (1, -5),
                                        (-1, -5), (-1, -1), (-5, -1), (-5, 1), (-1, 1), (-1, 5)]
        let root = 0.5.squareRoot()
        var cross = plus.map { Point(x: 12 + ($0.0 - $0.1) * root, y: 12 + ($0.0 + $0.1) * root) }
        if (Path.orientation(of: cross) > 0) == (Path.orientation(of: disc) > 0) { cross.reverse() }
        return FieldIcon(name: "clear", content: .shape(Path(contours: [disc, cross])))
    }()
}
