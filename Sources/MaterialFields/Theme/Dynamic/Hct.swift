import Glibc

/// A colour as Material 3's dynamic colour sees it: CAM16's hue (degrees) and chroma under the
/// standard viewing conditions, and CIE L* as its tone (0 black ... 100 white). Two colours of one
/// tone have a WCAG contrast ratio of 1 whatever their hues; tones 40 apart have at least 3:1 and
/// 50 apart about 4.5:1 (4.48 at worst, tones 50 and 100), which is what the scheme's roles are
/// built on.
public struct Hct: Equatable, Sendable, CustomStringConvertible {
    public let hue: Double
    public let chroma: Double
    public let tone: Double
    private let color: Color

    /// The HCT of `color` (opaque; components clamped to 0...1, NaN read as 0).
    public init(_ color: Color) {
        let opaque = Color(red: ColorScience.clampedUnit(color.red), green: ColorScience.clampedUnit(color.green),
                           blue: ColorScience.clampedUnit(color.blue))
        let linear = (ColorScience.linearized(opaque.red), ColorScience.linearized(opaque.green),
                      ColorScience.linearized(opaque.blue))
        let appearance = Cam16.appearance(linear: linear)
        hue = appearance.hue
        chroma = appearance.chroma
        tone = ColorScience.lstar(fromY: ColorScience.luminance(linear: linear))
        self.color = opaque
    }

    /// The sRGB colour (8 bits a channel) of `hue` and `tone` with `chroma`, or, where no colour
    /// of that hue and tone has so much chroma, the most chromatic one that exists. Its own
    /// `hue`, `chroma` and `tone` are measured on that colour, so they can differ from the
    /// request (less chroma; a fraction of a degree or tone from the 8-bit rounding). The hue is
    /// taken modulo 360; chroma is clamped to 0...200 and tone to 0...100; NaN reads as 0.
    public init(hue: Double, chroma: Double, tone: Double) {
        self.init(Color(hex: HctSolver.solve(hue: hue, chroma: chroma, tone: tone)))
    }

    public func toColor() -> Color { color }

    public var description: String {
        func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
        return "HCT(\(rounded(hue)), \(rounded(chroma)), \(rounded(tone)))"
    }
}

/// From hue, chroma and tone to an sRGB colour. The tone fixes the luminance Y, so the answer
/// lies in the plane of that Y through the RGB cube. Where the requested colour is inside the
/// cube, CAM16's inverse at the requested hue and chroma gives it once its lightness J is found
/// that has the plane's Y (an iteration on J). Where it is outside, the answer is the most
/// chromatic colour of that hue in the plane: the point of the plane's polygon (its boundary,
/// where the cube's faces cut it) whose hue is the requested one, found by ordering the
/// polygon's corners by hue and bisecting the edge between the two that enclose it.
enum HctSolver {
    static func solve(hue requestedHue: Double, chroma requestedChroma: Double, tone requestedTone: Double) -> UInt32 {
        let tone = requestedTone.isNaN ? 0 : min(max(requestedTone, 0), 100)
        let chroma = requestedChroma.isNaN ? 0 : min(max(requestedChroma, 0), 200)
        if chroma < 0.0001 || tone < 0.0001 || tone > 99.9999 { return ColorScience.grey(lstar: tone) }
        let hueRadians = ColorScience.sanitizedDegrees(requestedHue) * Double.pi / 180
        let y = ColorScience.y(fromLstar: tone)
        if let linear = colorOfRequestedChroma(hueRadians: hueRadians, chroma: chroma, y: y, tone: tone) {
            return ColorScience.hex(linear: linear)
        }
        return ColorScience.hex(linear: mostChromatic(hueRadians: hueRadians, y: y))
    }

    /// The colour of `chroma` and the hue whose luminance is `y`, nil when it is outside sRGB.
    private static func colorOfRequestedChroma(hueRadians: Double, chroma: Double, y: Double,
                                               tone: Double) -> (Double, Double, Double)? {
        // J and L* are close for most colours; Y grows about as J squared at fixed chroma, so
        // scaling J by the square root of the luminance ratio converges in a few steps.
        var j = max(tone, 1)
        for _ in 0..<24 {
            let linear = Cam16.linearRGB(j: j, chroma: chroma, hueRadians: hueRadians)
            let luminance = ColorScience.luminance(linear: linear)
            guard luminance.isFinite, luminance > 0 else { return nil }
            if abs(luminance - y) < 1e-9 * max(y, 1) {
                let inside = [linear.0, linear.1, linear.2].allSatisfy { $0 >= 0 && $0 <= 100.01 }
                return inside ? linear : nil
            }
            j *= (y / luminance).squareRoot()
        }
        return nil
    }

    /// The point of the polygon where the plane of luminance `y` cuts the cube whose hue is
    /// `hueRadians`: the most chromatic colour of that hue and luminance.
    private static func mostChromatic(hueRadians target: Double, y: Double) -> (Double, Double, Double) {
        let corners = polygon(y: y).map { (point: $0, hue: Cam16.hueRadians(linear: $0)) }
            .sorted { $0.hue < $1.hue }
        guard var start = corners.last, !corners.isEmpty else { return (y, y, y) }
        // The hue from `start` onward, in 0..<2π, to compare positions around the circle.
        func angle(_ hue: Double, from origin: Double) -> Double {
            let turn = 2 * Double.pi
            let delta = fmod(hue - origin, turn)
            return delta < 0 ? delta + turn : delta
        }
        for end in corners {
            defer { start = end }
            let span = angle(end.hue, from: start.hue), offset = angle(target, from: start.hue)
            guard offset <= span, span > 0 || corners.count == 1 else { continue }
            var low = 0.0, high = 1.0
            for _ in 0..<48 {
                let middle = (low + high) / 2
                if angle(Cam16.hueRadians(linear: point(start.point, end.point, middle)), from: start.hue) < offset {
                    low = middle
                } else {
                    high = middle
                }
            }
            return point(start.point, end.point, (low + high) / 2)
        }
        return start.point
    }

    private static func point(_ a: (Double, Double, Double), _ b: (Double, Double, Double),
                              _ t: Double) -> (Double, Double, Double) {
        (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t, a.2 + (b.2 - a.2) * t)
    }

    /// The corners of the polygon where the plane of luminance `y` (0 < y < 100) cuts the RGB
    /// cube (0...100 each): its crossings with the cube's twelve edges.
    private static func polygon(y: Double) -> [(Double, Double, Double)] {
        let weights = [ColorScience.luminanceWeights.red, ColorScience.luminanceWeights.green,
                       ColorScience.luminanceWeights.blue]
        var corners: [(Double, Double, Double)] = []
        for free in 0..<3 {
            let others = (0..<3).filter { $0 != free }
            for first in [0.0, 100.0] {
                for second in [0.0, 100.0] {
                    let value = (y - weights[others[0]] * first - weights[others[1]] * second) / weights[free]
                    guard value >= 0, value <= 100 else { continue }
                    var components = [0.0, 0.0, 0.0]
                    components[free] = value
                    components[others[0]] = first
                    components[others[1]] = second
                    corners.append((components[0], components[1], components[2]))
                }
            }
        }
        return corners
    }
}
