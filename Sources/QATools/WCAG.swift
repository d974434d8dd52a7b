import Glibc

/// WCAG 2.1's contrast: the relative luminance of an sRGB colour and the ratio of two, with the
/// thresholds of its conformance levels.
public enum WCAG {
    /// An opaque sRGB colour as drawn: 8 bits a channel.
    public struct RGB: Hashable, Sendable, CustomStringConvertible {
        public var red: UInt8, green: UInt8, blue: UInt8
        public init(red: UInt8, green: UInt8, blue: UInt8) { self.red = red; self.green = green; self.blue = blue }
        /// `0xRRGGBB`.
        public init(hex: UInt32) {
            self.init(red: UInt8(truncatingIfNeeded: hex >> 16), green: UInt8(truncatingIfNeeded: hex >> 8),
                      blue: UInt8(truncatingIfNeeded: hex))
        }
        /// `#RRGGBB`.
        public var description: String {
            "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
        }
    }

    /// Relative luminance (WCAG 2.1, from sRGB): 0 for black, 1 for white. The linearisation's
    /// knee is 0.04045, as sRGB defines it (WCAG 2.1 printed 0.03928; no 8-bit value lies between).
    public static func luminance(_ color: RGB) -> Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
    }

    /// (L1 + 0.05) / (L2 + 0.05), the lighter over the darker: 1 to 21.
    public static func ratio(_ first: RGB, _ second: RGB) -> Double {
        let a = luminance(first), b = luminance(second)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// A ratio as WCAG tools print it: two decimals, cut rather than rounded, so 2.999 never reads
    /// as a passing 3.00 ("2.99").
    public static func formatted(_ ratio: Double) -> String {
        guard ratio.isFinite, ratio >= 0, ratio < 1000 else { return "\(ratio)" }
        let hundredths = Int((ratio * 100 + 1e-9).rounded(.down))
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// A threshold as WCAG writes it: "4.5", "3", "7".
    static func formattedThreshold(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : WCAG.formatted(value).replacingTrailingZero()
    }

    /// A conformance level a script can require.
    public enum Level: String, CaseIterable, Sendable {
        case aa = "AA", aaa = "AAA"
    }

    /// What a figure is, which decides the rule and threshold it is held to.
    public enum Subject: Equatable, Sendable {
        /// Text (1.4.3 at AA, 1.4.6 at AAA); large is at least 18 pt, or 14 pt bold.
        case text(large: Bool)
        /// A boundary or a graphic needed to identify a component or its state (1.4.11, AA).
        case nonText
        /// How far the focused indicator's pixels changed from unfocused ones (2.4.13, AAA only).
        case focusChange
    }

    /// The minimum ratio `subject` needs at `level` and the success criterion that asks it; nil
    /// when the level asks nothing of it (a change of focus at AA).
    public static func requirement(for subject: Subject, at level: Level) -> (minimum: Double, criterion: String)? {
        switch (subject, level) {
        case (.text(let large), .aa): return (large ? 3 : 4.5, "1.4.3")
        case (.text(let large), .aaa): return (large ? 4.5 : 7, "1.4.6")
        case (.nonText, _): return (3, "1.4.11")
        case (.focusChange, .aa): return nil
        case (.focusChange, .aaa): return (3, "2.4.13")
        }
    }

    /// Large text, as WCAG defines it: at least 18 points, or 14 points bold, in the page's own
    /// units (CSS pixels, 96 to the inch: 24 px, or 18.67 px bold). `pixelSize` is device pixels
    /// at `scale`, so a 16 px text at scale 2 (32 device pixels) is still 16 px, not large.
    /// Medium (500) counts as bold only from 600 up, as browsers' audits count it: not here.
    public static func isLargeText(pixelSize: Double, isBold: Bool, scale: Double) -> Bool {
        let points = pixelSize / max(scale, 0.01) * 72 / 96
        return points >= 18 || (isBold && points >= 14)
    }
}

extension String {
    fileprivate func replacingTrailingZero() -> String {
        var text = self
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
