/// The assistive row's texts as laid out: the leading text (helper, error or hint) wrapped in
/// what the trailing text (the app's, or the counter) leaves of the row, and what each said when
/// it last faded in. A value the field keeps; it knows nothing of the field.
struct AssistiveRowText {
    /// The leading text's lines, one string a line, and their widths (for aligning them).
    private(set) var leadingLines: [String] = []
    private(set) var leadingLineWidths: [Double] = []
    /// The trailing text's width.
    private(set) var trailingWidth = 0.0
    /// What the texts said when their fades last started, to fade in only new text.
    private(set) var lastLeading = ""
    private(set) var lastTrailing = ""

    /// What `leadingLines` were wrapped from.
    private struct WrapKey: Equatable {
        var text: String
        var width: Double
        var metrics: MaterialMetrics
        var measurer: ObjectIdentifier
    }
    private var wrapKey: WrapKey?

    /// The trailing text's width, and the width the leading text wraps in (a row `rowWidth` wide):
    /// the trailing text gets its width first.
    static func sizes(trailing: String, font: FontSpec, rowWidth: Double, metrics: MaterialMetrics,
                      measurer: TextMeasuring) -> (trailingWidth: Double, leadingWidth: Double) {
        let trailingWidth = trailing.isEmpty ? 0 : measurer.advance(of: trailing, font: font)
        return (trailingWidth, max(0, rowWidth - (trailing.isEmpty ? 0 : trailingWidth + metrics.assistiveTextGap)))
    }

    /// `leading` wrapped in `width`: each line and its width.
    static func wrap(_ leading: String, in width: Double, font: FontSpec, metrics: MaterialMetrics,
                     measurer: TextMeasuring) -> (lines: [String], widths: [Double]) {
        guard !leading.isEmpty else { return ([], []) }
        let wrapped = TextLayout(characters: Array(leading), font: font, lineHeight: metrics.assistiveLineHeight,
                                 measurer: measurer, wrapWidth: width)
        return (wrapped.lines.map { String(clusters: wrapped.characters[$0.clusters]) },
                wrapped.lines.map { wrapped.caretStops[$0.clusters.upperBound] - wrapped.caretStops[$0.clusters.lowerBound] })
    }

    /// Lays the texts out in a row `rowWidth` wide. Arranging the page and typing ask often; the
    /// leading text is wrapped again only when it or the width it wraps in changed.
    mutating func layOut(leading: String, trailing: String, font: FontSpec, rowWidth: Double, metrics: MaterialMetrics,
                         measurer: TextMeasuring) {
        let sizes = Self.sizes(trailing: trailing, font: font, rowWidth: rowWidth, metrics: metrics, measurer: measurer)
        trailingWidth = sizes.trailingWidth
        let key = WrapKey(text: leading, width: sizes.leadingWidth, metrics: metrics, measurer: ObjectIdentifier(measurer))
        guard key != wrapKey else { return }
        wrapKey = key
        (leadingLines, leadingLineWidths) = Self.wrap(leading, in: sizes.leadingWidth, font: font, metrics: metrics, measurer: measurer)
    }

    /// The texts changed to `leading` and `trailing`: which of them fade in (new leading text; a
    /// trailing text appearing, not the counter ticking over). Nothing fades before the first layout.
    mutating func textsChanged(leading: String, trailing: String, isLaidOut: Bool) -> (leading: Bool, trailing: Bool) {
        var fades = (leading: false, trailing: false)
        if isLaidOut {
            fades.leading = leading != lastLeading && !leading.isEmpty
            fades.trailing = trailing.isEmpty != lastTrailing.isEmpty && !trailing.isEmpty
        }
        lastLeading = leading
        lastTrailing = trailing
        return fades
    }
}
