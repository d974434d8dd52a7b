import TextEditing

// A field's height before it is laid out: for a layout that places fields a window does not
// show yet (`SceneLayout.arrange(in:showing:metrics:scheme:measurer:)`).
extension TextField {
    /// About the height `layOut(width:metrics:measurer:)` would return, without shaping any text
    /// but ASCII (`EstimatingMeasurer`): a text or an assistive line that would wrap
    /// (or not) at `width` may be off by its rows; a geometry hook or a font fitted to the
    /// width are not applied. It changes nothing in the field.
    public func estimatedHeight(width: Double, metrics: MaterialMetrics, measurer: TextMeasuring) -> Double {
        sizeThatFits(width: width, metrics: metrics, measurer: EstimatingMeasurer(measurer)).height
    }
}

/// Text measured without shaping or opening a fallback face, for estimates: the stops of ASCII
/// (no CR), which wrapping reads, are `real`'s (a host that sums ASCII from a table of advances
/// loads at most the glyphs it has not seen yet); a run's width comes from the advances `real`
/// already knows (`advance(of:font:)`); any other text takes half an em a cluster. Line and
/// decoration metrics are `real`'s; bidi levels are the model's own.
public final class EstimatingMeasurer: TextMeasuring {
    private let real: TextMeasuring

    public init(_ real: TextMeasuring) { self.real = real }

    /// A run's width (a label, an affix, a counter; wrapping reads `caretStops`): ASCII summed
    /// from the advances `real` already knows, one it has not loaded yet taken as half an em, so
    /// no glyph is loaded for it; the rest half an em a cluster. A label's width sets no height;
    /// a counter's or an affix's sets the room helper text or a text area wraps in, so an
    /// estimate with such a width off may be a row off.
    public func advance(of text: Substring, font: FontSpec) -> Double {
        guard Self.isPlainASCII(text) else { return Double(text.count) * font.pixelSize / 2 }
        guard let table = real.asciiAdvances(for: font), table.count == 128 else { return real.advance(of: text, font: font) }
        var width = 0.0
        for byte in text.utf8 {
            let advance = table[Int(byte)]
            width += advance.isNaN ? font.pixelSize / 2 : advance
        }
        return width
    }

    public func lineMetrics(for font: FontSpec) -> LineMetrics { real.lineMetrics(for: font) }

    public func caretStops(of text: Substring, font: FontSpec) -> [Double] {
        if Self.isPlainASCII(text) { return real.caretStops(of: text, font: font) }
        let width = font.pixelSize / 2
        return (0...text.count).map { Double($0) * width }
    }

    public func decorationMetrics(for font: FontSpec) -> DecorationMetrics { real.decorationMetrics(for: font) }

    private static func isPlainASCII(_ text: Substring) -> Bool { text.utf8.allSatisfy { $0 < 128 && $0 != 13 } }
}
