import Glibc

/// The colorimetry dynamic colour is computed in: sRGB's transfer function, CIE XYZ (D65),
/// CIE L* (the "tone" of HCT) and WCAG's contrast ratio expressed in tones. Linear RGB and XYZ
/// are on a 0...100 scale (Y = 100 is white), as material-color-utilities keeps them.
enum ColorScience {
    /// The luminance weights of linear sRGB (Y's row of the sRGB-to-XYZ matrix).
    static let luminanceWeights = (red: 0.2126, green: 0.7152, blue: 0.0722)

    static let srgbToXYZ: [[Double]] = [
        [0.41233895, 0.35762064, 0.18051042],
        [0.2126, 0.7152, 0.0722],
        [0.01932141, 0.11916382, 0.95034478],
    ]

    static let xyzToSRGB: [[Double]] = [
        [3.2413774792388685, -1.5376652402851851, -0.49885366846268053],
        [-0.9691452513005321, 1.8758853451067872, 0.04156585616912061],
        [0.05562093689691305, -0.20395524564742123, 1.0571799111220335],
    ]

    /// D65, the white point of sRGB, with Y = 100.
    static let whitePoint = (x: 95.047, y: 100.0, z: 108.883)

    static func multiply(_ matrix: [[Double]], _ v: (Double, Double, Double)) -> (Double, Double, Double) {
        (matrix[0][0] * v.0 + matrix[0][1] * v.1 + matrix[0][2] * v.2,
         matrix[1][0] * v.0 + matrix[1][1] * v.1 + matrix[1][2] * v.2,
         matrix[2][0] * v.0 + matrix[2][1] * v.1 + matrix[2][2] * v.2)
    }

    /// An sRGB component (0...1, gamma-encoded) as linear light on 0...100.
    static func linearized(_ component: Double) -> Double {
        let c = clampedUnit(component)
        return c <= 0.040449936 ? c / 12.92 * 100 : pow((c + 0.055) / 1.055, 2.4) * 100
    }

    /// Linear light (0...100) as an 8-bit sRGB component, rounded and clamped to 0...255.
    static func delinearizedByte(_ linear: Double) -> UInt32 {
        let n = linear.isNaN ? 0 : linear / 100
        let encoded = n <= 0.0031308 ? n * 12.92 : 1.055 * pow(n, 1 / 2.4) - 0.055
        return UInt32(min(max((encoded * 255).rounded(), 0), 255))
    }

    /// Linear RGB (0...100 each) as an opaque 0xRRGGBB.
    static func hex(linear rgb: (Double, Double, Double)) -> UInt32 {
        delinearizedByte(rgb.0) << 16 | delinearizedByte(rgb.1) << 8 | delinearizedByte(rgb.2)
    }

    static func luminance(linear rgb: (Double, Double, Double)) -> Double {
        luminanceWeights.red * rgb.0 + luminanceWeights.green * rgb.1 + luminanceWeights.blue * rgb.2
    }

    private static let epsilon = 216.0 / 24389.0
    private static let kappa = 24389.0 / 27.0

    /// CIE L* (0...100) of relative luminance `y` (0...100).
    static func lstar(fromY y: Double) -> Double {
        let t = y / 100
        let f = t > epsilon ? cbrt(t) : (kappa * t + 16) / 116
        return 116 * f - 16
    }

    /// The relative luminance (0...100) of L* `lstar`.
    static func y(fromLstar lstar: Double) -> Double {
        let f = (lstar + 16) / 116
        let cube = f * f * f
        return 100 * (cube > epsilon ? cube : (116 * f - 16) / kappa)
    }

    /// The grey of tone `lstar` as 0xRRGGBB.
    static func grey(lstar: Double) -> UInt32 {
        let byte = delinearizedByte(y(fromLstar: lstar))
        return byte << 16 | byte << 8 | byte
    }

    static func clampedUnit(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), 1) }

    /// `degrees` in 0..<360 (0 for NaN or an infinity).
    static func sanitizedDegrees(_ degrees: Double) -> Double {
        guard degrees.isFinite else { return 0 }
        let wrapped = fmod(degrees, 360)
        return wrapped < 0 ? wrapped + 360 : wrapped
    }
}

/// WCAG's contrast ratio between tones (L*), and the tones that reach a ratio: what dynamic
/// colour's contrast rules are written in.
enum ToneContrast {
    /// The contrast ratio (1...21) of two tones, each clamped to 0...100.
    static func ratio(_ a: Double, _ b: Double) -> Double {
        let ya = ColorScience.y(fromLstar: min(max(a, 0), 100)), yb = ColorScience.y(fromLstar: min(max(b, 0), 100))
        return ratio(ys: ya, yb)
    }

    static func ratio(ys a: Double, _ b: Double) -> Double { (max(a, b) + 5) / (min(a, b) + 5) }

    /// The tone lighter than `tone` with `ratio` against it (a 0.4 margin over the exact tone),
    /// nil when none within 0...100 has it.
    static func lighter(than tone: Double, ratio wanted: Double) -> Double? {
        guard (0...100).contains(tone) else { return nil }
        let darkY = ColorScience.y(fromLstar: tone)
        let lightY = wanted * (darkY + 5) - 5
        let reached = ratio(ys: lightY, darkY)
        if reached < wanted && abs(reached - wanted) > 0.04 { return nil }
        let answer = ColorScience.lstar(fromY: lightY) + 0.4
        return (0...100).contains(answer) ? answer : nil
    }

    /// The tone darker than `tone` with `ratio` against it (a 0.4 margin), nil when none has it.
    static func darker(than tone: Double, ratio wanted: Double) -> Double? {
        guard (0...100).contains(tone) else { return nil }
        let lightY = ColorScience.y(fromLstar: tone)
        let darkY = (lightY + 5) / wanted - 5
        let reached = ratio(ys: lightY, darkY)
        if reached < wanted && abs(reached - wanted) > 0.04 { return nil }
        let answer = ColorScience.lstar(fromY: darkY) - 0.4
        return (0...100).contains(answer) ? answer : nil
    }

    /// Whether text on a background of `tone` is better light (tones under 60 after rounding).
    static func prefersLightForeground(_ tone: Double) -> Bool { tone.rounded() < 60 }

    /// The tone of a foreground with `ratio` against a background of tone `background`: lighter
    /// where the background prefers light text, darker otherwise, whichever side reaches the ratio
    /// (or comes nearer to it) when the preferred one cannot.
    static func foreground(on background: Double, ratio wanted: Double) -> Double {
        let lighterTone = lighter(than: background, ratio: wanted) ?? 100
        let darkerTone = darker(than: background, ratio: wanted) ?? 0
        let lighterRatio = ratio(lighterTone, background), darkerRatio = ratio(darkerTone, background)
        if prefersLightForeground(background) {
            let negligible = abs(lighterRatio - darkerRatio) < 0.1 && lighterRatio < wanted && darkerRatio < wanted
            return lighterRatio >= wanted || lighterRatio >= darkerRatio || negligible ? lighterTone : darkerTone
        }
        return darkerRatio >= wanted || darkerRatio >= lighterRatio ? darkerTone : lighterTone
    }
}
