import MaterialFields

/// The QA tools' tests' measurer, monospaced: every grapheme cluster advances half an em, so
/// frames and offsets in a snapshot are worked out by hand.
final class HalfEmMeasurer: TextMeasuring {
    func advance(of text: Substring, font: FontSpec) -> Double { Double(text.count) * font.pixelSize / 2 }
    func lineMetrics(for font: FontSpec) -> LineMetrics {
        LineMetrics(ascent: font.pixelSize * 0.75, descent: font.pixelSize * 0.25)
    }
    func caretStops(of text: Substring, font: FontSpec) -> [Double] {
        (0...text.count).map { Double($0) * font.pixelSize / 2 }
    }
}
