import Glibc

/// CAM16's viewing conditions. Dynamic colour uses one set, material-color-utilities' default:
/// D65 white, an adapting luminance of (200 / π) · Y(L* 50) / 100 cd/m², a background of L* 50,
/// an average surround (2) and the illuminant not discounted.
struct ViewingConditions: Sendable {
    let n, aw, nbb, ncb, c, nc, fl, flRoot, z: Double
    let rgbD: (Double, Double, Double)

    static let standard = ViewingConditions(
        adaptingLuminance: 200 / Double.pi * ColorScience.y(fromLstar: 50) / 100, backgroundLstar: 50, surround: 2)

    init(adaptingLuminance la: Double, backgroundLstar: Double, surround: Double) {
        func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }
        let white = ColorScience.whitePoint
        let rgbW = Cam16.coneResponses(x: white.x, y: white.y, z: white.z)
        let f = 0.8 + surround / 10
        let degree = min(max(f * (1 - (1 / 3.6) * exp((-la - 42) / 92)), 0), 1)
        let rgbD = (degree * 100 / rgbW.0 + 1 - degree, degree * 100 / rgbW.1 + 1 - degree,
                    degree * 100 / rgbW.2 + 1 - degree)
        let k = 1 / (5 * la + 1), k4 = k * k * k * k
        let fl = k4 * la + 0.1 * (1 - k4) * (1 - k4) * cbrt(5 * la)
        let n = ColorScience.y(fromLstar: backgroundLstar) / white.y
        let nbb = 0.725 / pow(n, 0.2)
        func adapted(_ value: Double) -> Double {
            let factor = pow(fl * value / 100, 0.42)
            return 400 * factor / (factor + 27.13)
        }
        self.c = f >= 0.9 ? lerp(0.59, 0.69, (f - 0.9) * 10) : lerp(0.525, 0.59, (f - 0.8) * 10)
        self.nc = f
        self.rgbD = rgbD
        self.fl = fl
        self.flRoot = pow(fl, 0.25)
        self.n = n
        self.z = 1.48 + n.squareRoot()
        self.nbb = nbb
        self.ncb = nbb
        self.aw = (2 * adapted(rgbD.0 * rgbW.0) + adapted(rgbD.1 * rgbW.1) + 0.05 * adapted(rgbD.2 * rgbW.2)) * nbb
    }
}

/// The CAM16 colour appearance model, in the parts HCT needs: hue, chroma and lightness J of a
/// colour, and the colour of a hue, chroma and J.
enum Cam16 {
    /// The CAM16 (CAT16) cone responses of XYZ.
    static func coneResponses(x: Double, y: Double, z: Double) -> (Double, Double, Double) {
        (0.401288 * x + 0.650173 * y - 0.051461 * z,
         -0.250268 * x + 1.204414 * y + 0.045854 * z,
         -0.002079 * x + 0.048952 * y + 0.953127 * z)
    }

    /// The post-adaptation cone responses of linear sRGB (0...100) under the standard conditions.
    private static func adaptedResponses(linear rgb: (Double, Double, Double)) -> (Double, Double, Double) {
        let vc = ViewingConditions.standard
        let xyz = ColorScience.multiply(ColorScience.srgbToXYZ, rgb)
        let cone = coneResponses(x: xyz.0, y: xyz.1, z: xyz.2)
        func adapted(_ value: Double) -> Double {
            let factor = pow(vc.fl * abs(value) / 100, 0.42)
            let response = 400 * factor / (factor + 27.13)
            return value < 0 ? -response : response
        }
        return (adapted(vc.rgbD.0 * cone.0), adapted(vc.rgbD.1 * cone.1), adapted(vc.rgbD.2 * cone.2))
    }

    /// The hue angle in radians (-π...π) of linear sRGB: all the boundary search needs.
    static func hueRadians(linear rgb: (Double, Double, Double)) -> Double {
        let (r, g, b) = adaptedResponses(linear: rgb)
        return atan2((r + g - 2 * b) / 9, (11 * r - 12 * g + b) / 11)
    }

    /// Hue (degrees, 0..<360), chroma and J of linear sRGB (0...100).
    static func appearance(linear rgb: (Double, Double, Double)) -> (hue: Double, chroma: Double, j: Double) {
        let vc = ViewingConditions.standard
        let (r, g, b) = adaptedResponses(linear: rgb)
        let a = (11 * r - 12 * g + b) / 11, bb = (r + g - 2 * b) / 9
        let u = (20 * r + 20 * g + 21 * b) / 20
        let achromatic = (40 * r + 20 * g + b) / 20 * vc.nbb
        let hue = ColorScience.sanitizedDegrees(atan2(bb, a) * 180 / Double.pi)
        let j = 100 * pow(max(achromatic, 0) / vc.aw, vc.c * vc.z)
        let hueForEccentricity = hue < 20.14 ? hue + 360 : hue
        let eccentricity = 0.25 * (cos(hueForEccentricity * Double.pi / 180 + 2) + 3.8)
        let p1 = 50000 / 13 * eccentricity * vc.nc * vc.ncb
        let t = p1 * (a * a + bb * bb).squareRoot() / (u + 0.305)
        let alpha = pow(t, 0.9) * pow(1.64 - pow(0.29, vc.n), 0.73)
        return (hue, alpha * (j / 100).squareRoot(), j)
    }

    /// The linear sRGB (0...100, possibly outside the gamut) of lightness `j`, `chroma` and a
    /// hue of `hueRadians`, under the standard conditions.
    static func linearRGB(j: Double, chroma: Double, hueRadians: Double) -> (Double, Double, Double) {
        let vc = ViewingConditions.standard
        let alpha = chroma == 0 || j == 0 ? 0 : chroma / (j / 100).squareRoot()
        let t = pow(alpha / pow(1.64 - pow(0.29, vc.n), 0.73), 1 / 0.9)
        let eccentricity = 0.25 * (cos(hueRadians + 2) + 3.8)
        let p1 = eccentricity * 50000 / 13 * vc.nc * vc.ncb
        let p2 = vc.aw * pow(j / 100, 1 / vc.c / vc.z) / vc.nbb
        let sinH = sin(hueRadians), cosH = cos(hueRadians)
        let gamma = 23 * (p2 + 0.305) * t / (23 * p1 + 11 * t * cosH + 108 * t * sinH)
        let a = gamma * cosH, b = gamma * sinH
        func unadapted(_ response: Double, _ degree: Double) -> Double {
            let magnitude = abs(response)
            guard magnitude < 400 else { return response < 0 ? -.greatestFiniteMagnitude : .greatestFiniteMagnitude }
            let cone = 100 / vc.fl * pow(27.13 * magnitude / (400 - magnitude), 1 / 0.42)
            return (response < 0 ? -cone : cone) / degree
        }
        let rF = unadapted((460 * p2 + 451 * a + 288 * b) / 1403, vc.rgbD.0)
        let gF = unadapted((460 * p2 - 891 * a - 261 * b) / 1403, vc.rgbD.1)
        let bF = unadapted((460 * p2 - 220 * a - 6300 * b) / 1403, vc.rgbD.2)
        let xyz = (1.86206786 * rF - 1.01125463 * gF + 0.14918677 * bF,
                   0.38752654 * rF + 0.62144744 * gF - 0.00897398 * bF,
                   -0.01584150 * rF - 0.03412294 * gF + 1.04996444 * bF)
        return ColorScience.multiply(ColorScience.xyzToSRGB, xyz)
    }
}
