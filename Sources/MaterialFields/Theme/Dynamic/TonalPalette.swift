/// The colours of one hue and chroma at every tone: what a scheme's roles pick their colours
/// from (a role is a palette and a tone). Where a tone cannot have the palette's chroma, its
/// colour is the most chromatic one of the hue there.
public struct TonalPalette: Equatable, Sendable {
    public let hue: Double
    public let chroma: Double
    /// The palette's most representative colour: of its hue and chroma, at the tone nearest 50
    /// where that chroma exists (where it exists at no tone, the tone with the most).
    public let keyColor: Hct

    /// The palette of `hue` (degrees, taken modulo 360) and `chroma` (clamped to 0...200; NaN
    /// reads as 0).
    public init(hue: Double, chroma: Double) {
        let hue = ColorScience.sanitizedDegrees(hue)
        let chroma = chroma.isNaN ? 0 : min(max(chroma, 0), 200)
        self.hue = hue
        self.chroma = chroma
        keyColor = Hct(hue: hue, chroma: chroma, tone: Self.keyTone(hue: hue, chroma: chroma))
    }

    /// The palette of `color`'s hue and chroma, with `color` as its key colour.
    public init(_ color: Color) {
        let hct = Hct(color)
        hue = hct.hue
        chroma = hct.chroma
        keyColor = hct
    }

    /// The colour of `tone` (clamped to 0...100).
    public func tone(_ tone: Double) -> Color {
        // Yellows are the exception at 99: the hue's colour there is greenish on most screens,
        // so the palette takes the mean of 98 and 100 (as material-color-utilities does).
        if tone == 99 && hue >= 105 && hue < 125 {
            let below = self.tone(98), above = self.tone(100)
            func mean(_ a: Double, _ b: Double) -> Double { ((a * 255 + b * 255) / 2).rounded() / 255 }
            return Color(red: mean(below.red, above.red), green: mean(below.green, above.green),
                         blue: mean(below.blue, above.blue))
        }
        return Hct(hue: hue, chroma: chroma, tone: tone).toColor()
    }

    /// The HCT of the colour of `tone`.
    public func hct(tone: Double) -> Hct { Hct(self.tone(tone)) }

    /// The integer tone of the key colour: nearest 50 among the tones where the hue reaches
    /// `chroma` (to 0.01), or the tone of the hue's most chromatic colour when none does. The
    /// most chroma a tone can have rises to one peak and falls after it, so binary searches find
    /// the peak and the edge of the tones that reach the chroma.
    private static func keyTone(hue: Double, chroma: Double) -> Double {
        func maximumChroma(_ tone: Int) -> Double { Hct(hue: hue, chroma: 200, tone: Double(tone)).chroma }
        func reaches(_ tone: Int) -> Bool { maximumChroma(tone) >= chroma - 0.01 }
        if reaches(50) { return 50 }
        // The peak: the first tone whose successor has no more chroma.
        var low = 0, high = 100
        while low < high {
            let middle = (low + high) / 2
            if maximumChroma(middle) < maximumChroma(middle + 1) { low = middle + 1 } else { high = middle }
        }
        let peak = low
        guard reaches(peak) else { return Double(peak) }
        if peak < 50 {
            // The last tone below 50 that reaches the chroma: between the peak (does) and 50 (does not).
            var reached = peak, missed = 50
            while missed - reached > 1 {
                let middle = (reached + missed) / 2
                if reaches(middle) { reached = middle } else { missed = middle }
            }
            return Double(reached)
        }
        var missed = 50, reached = peak
        while reached - missed > 1 {
            let middle = (reached + missed) / 2
            if reaches(middle) { reached = middle } else { missed = middle }
        }
        return Double(reached)
    }
}
