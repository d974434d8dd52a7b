/// A straight (not premultiplied) sRGB colour with alpha, components 0...1.
public struct Color: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var red: Double, green: Double, blue: Double, alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// `0xRRGGBB`, opaque.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
                  blue: Double(hex & 0xFF) / 255, alpha: alpha)
    }

    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    public func withAlpha(_ alpha: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: alpha) }

    public func interpolated(to other: Color, fraction t: Double) -> Color {
        Color(red: red + (other.red - red) * t, green: green + (other.green - green) * t,
              blue: blue + (other.blue - blue) * t, alpha: alpha + (other.alpha - alpha) * t)
    }

    public var description: String {
        func byte(_ v: Double) -> Int { v.isNaN ? 0 : Int((min(max(v, 0), 1) * 255).rounded()) }
        return "rgba(\(byte(red)), \(byte(green)), \(byte(blue)), \(alpha))"
    }
}

extension Color {
    /// This colour laid over `background` ("source over"), as the screen would show it.
    public func composited(over background: Color) -> Color {
        let alpha = self.alpha + background.alpha * (1 - self.alpha)
        guard alpha > 0 else { return .clear }
        func mix(_ top: Double, _ bottom: Double) -> Double {
            (top * self.alpha + bottom * background.alpha * (1 - self.alpha)) / alpha
        }
        return Color(red: mix(red, background.red), green: mix(green, background.green), blue: mix(blue, background.blue),
                     alpha: alpha)
    }
}
