import MaterialFields

/// Columns of headings, captions and fields, side by side when the window is wide enough and
/// stacked into one column when it is not.
final class CatalogLayout: SceneLayout {
    enum Item {
        case heading(String)
        case caption(String)
        case field(TextField)
    }

    struct Column { var items: [Item] }

    /// Rows of columns, one under another (the Material pair, then UIKit beside RAG).
    let sections: [[Column]]
    /// What QA scripts call each section (`screenshot NAME.png material`), in order.
    let sectionNames: [String]
    /// The catalog's sections: the Material pair, UIKit beside RAG, right to left beside shaping.
    static let sectionNames = ["material", "uikit-rag", "international", "uikit-styles"]

    init(sections: [[Column]], sectionNames: [String] = []) {
        self.sections = sections
        self.sectionNames = sectionNames
    }

    /// Every field in focus order (section by section, column by column, top to bottom).
    var fields: [TextField] {
        sections.joined().flatMap { $0.items.compactMap { if case .field(let field) = $0 { return field } else { return nil } } }
    }

    /// The name of the section `field` is in (nil when it is in none, or sections have no names).
    func sectionName(of field: TextField) -> String? {
        for (index, columns) in sections.enumerated() where index < sectionNames.count {
            let holds = columns.contains { $0.items.contains { if case .field(let other) = $0 { return other === field } else { return false } } }
            if holds { return sectionNames[index] }
        }
        return nil
    }

    func arrange(in viewport: Size, metrics: MaterialMetrics, scheme: ColorScheme, measurer: TextMeasuring) -> Arrangement {
        arrange(in: viewport, showing: nil, metrics: metrics, scheme: scheme, measurer: measurer)
    }

    /// The window's first frame: what lies below the page's top `shownHeight` keeps no layout
    /// (a field gets `estimatedHeight`, a heading or caption a line and no decoration), which
    /// leaves the text of the sections below the fold unshaped until that frame is out.
    func arrange(in viewport: Size, showing shownHeight: Double, metrics: MaterialMetrics, scheme: ColorScheme,
                 measurer: TextMeasuring) -> Arrangement {
        arrange(in: viewport, showing: Optional(shownHeight), metrics: metrics, scheme: scheme, measurer: measurer)
    }

    private func arrange(in viewport: Size, showing shownHeight: Double?, metrics: MaterialMetrics, scheme: ColorScheme,
                         measurer: TextMeasuring) -> Arrangement {
        let scale = metrics.scale
        let margin = 24 * scale, fieldGap = 24 * scale
        var arrangement = Arrangement()
        var sectionTop = margin
        // A section's region is a band as wide as the window, from the end of the one above (the
        // page's top for the first) to the gap under its longest column.
        var bandTop = 0.0
        for (index, columns) in sections.enumerated() {
            let bottom = arrange(columns, top: sectionTop, in: viewport, showing: shownHeight, metrics: metrics, scheme: scheme,
                                 measurer: measurer, into: &arrangement)
            if index < sectionNames.count {
                arrangement.regions.append((sectionNames[index], Rect(x: 0, y: bandTop, width: viewport.width, height: bottom - bandTop)))
            }
            bandTop = bottom
            sectionTop = bottom + 16 * scale
        }
        arrangement.contentHeight = sectionTop - 16 * scale - fieldGap + margin
        return arrangement
    }

    /// Places one section's columns from `top`; returns the bottom of its longest column (with
    /// the gap after its last field).
    private func arrange(_ columns: [Column], top: Double, in viewport: Size, showing shownHeight: Double?, metrics: MaterialMetrics,
                         scheme: ColorScheme, measurer: TextMeasuring, into arrangement: inout Arrangement) -> Double {
        let scale = metrics.scale
        let margin = 24 * scale, columnGap = 32 * scale, fieldGap = 24 * scale, itemGap = 12 * scale
        let minimumColumnWidth = 240 * scale, maximumColumnWidth = 400 * scale
        let headingFont = FontSpec(pixelSize: 20 * scale, weight: .medium), captionFont = FontSpec(pixelSize: 12 * scale)
        let count = Double(columns.count)
        let sideBySide = columns.count > 1 && viewport.width - 2 * margin - (count - 1) * columnGap >= count * minimumColumnWidth
        let columnCount = sideBySide ? count : 1
        let available = viewport.width - 2 * margin - (columnCount - 1) * columnGap
        let columnWidth = max(min(available / columnCount, maximumColumnWidth), 2 * metrics.horizontalPadding + 1)

        var bottom = top, columnX = margin, y = top
        func placeText(_ text: String, font: FontSpec, color: Color, lineHeight: Double, role: AccessibleRole,
                       labelling field: TextField? = nil) {
            // Wrapped to the column, so a narrow window shows the whole caption; one below what
            // the first frame shows is only counted in lines, unshaped, and placed later.
            let hidden = Arrangement.isBelowFirstFrame(y, showing: shownHeight, scale: scale)
            let wrapped = TextLayout(characters: Array(text), font: font, lineHeight: lineHeight,
                                     measurer: hidden ? EstimatingMeasurer(measurer) : measurer, wrapWidth: columnWidth)
            if hidden {
                arrangement.isProvisional = true
                y += Double(wrapped.lines.count) * lineHeight + itemGap
                return
            }
            for line in wrapped.lines {
                let baseline = FieldLayout.baseline(inLineTop: y, lineHeight: lineHeight, metrics: measurer.lineMetrics(for: font))
                arrangement.decorations.append(Decoration(text: wrapped.text.string(in: line.clusters),
                                                          frame: Rect(x: columnX, y: y, width: columnWidth, height: lineHeight),
                                                          baseline: baseline, font: font, color: color, role: role,
                                                          labelledField: field?.identifier))
                y += lineHeight
            }
            y += itemGap
        }
        for column in columns {
            if !sideBySide && y > top { y += 16 * scale }
            for (index, item) in column.items.enumerated() {
                switch item {
                case .heading(let title):
                    placeText(title, font: headingFont, color: scheme.highEmphasisText, lineHeight: 28 * scale, role: .heading)
                case .caption(let caption):
                    // A caption describes the field right under it: a screen reader reads it as its label.
                    var next: TextField?
                    if index + 1 < column.items.count, case .field(let field) = column.items[index + 1] { next = field }
                    placeText(caption, font: captionFont, color: scheme.mediumEmphasisText, lineHeight: 16 * scale,
                              role: .label, labelling: next)
                case .field(let field):
                    let height = arrangement.height(of: field, top: y, width: columnWidth, showing: shownHeight, metrics: metrics,
                                                    measurer: measurer)
                    arrangement.fieldFrames.append((field, Rect(x: columnX, y: y, width: columnWidth, height: height)))
                    y += height + fieldGap
                }
            }
            bottom = max(bottom, y)
            if sideBySide {
                columnX += columnWidth + columnGap
                y = top
            }
        }
        return bottom
    }
}
