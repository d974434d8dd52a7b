import MaterialFields

/// The catalog's content: every variant, filled beside outlined, under headings and captions.
enum CatalogScreen {
    private struct Variant {
        var slug: String
        var caption: String
        var label: String = ""
        var placeholder: String = ""
        var text: String = ""
        var isEnabled = true
    }

    private static let variants = [
        Variant(slug: "label", caption: "Empty, with label", label: "Name"),
        Variant(slug: "placeholder", caption: "Label and placeholder", label: "Email", placeholder: "name@example.com"),
        Variant(slug: "prefilled", caption: "Prefilled text", label: "City", text: "Lisboa"),
        Variant(slug: "note", caption: "Characters from fallback fonts", label: "Note", text: "Mañana ✓ → ☕ 🎉"),
        Variant(slug: "no-label", caption: "Placeholder only, no label", placeholder: "Search"),
        Variant(slug: "disabled", caption: "Disabled", label: "Account", text: "Read only", isEnabled: false),
    ]

    static func makeScene(scheme: ColorScheme, metrics: MaterialMetrics, animationSlowdown: Double) -> FieldScene {
        let columns = FieldStyle.material.map { style -> CatalogLayout.Column in
            var items: [CatalogLayout.Item] = [.heading(style == .filled ? "Filled" : "Outlined")]
            for variant in variants {
                let field = TextField(identifier: "\(style.name)-\(variant.slug)", style: style, label: variant.label,
                                      placeholder: variant.placeholder, text: variant.text, isEnabled: variant.isEnabled)
                field.animationSlowdown = animationSlowdown
                items.append(.caption(variant.caption))
                items.append(.field(field))
            }
            return CatalogLayout.Column(items: items)
        }
        let layout = CatalogLayout(columns: columns)
        return FieldScene(fields: layout.fields, layout: layout, scheme: scheme, metrics: metrics)
    }
}

/// Columns of headings, captions and fields, side by side when the window is wide enough and
/// stacked into one column when it is not.
final class CatalogLayout: SceneLayout {
    enum Item {
        case heading(String)
        case caption(String)
        case field(TextField)
    }

    struct Column { var items: [Item] }

    let columns: [Column]

    init(columns: [Column]) { self.columns = columns }

    /// Every field in focus order (column by column, top to bottom).
    var fields: [TextField] {
        columns.flatMap { $0.items.compactMap { if case .field(let field) = $0 { return field } else { return nil } } }
    }

    func arrange(in viewport: Size, metrics: MaterialMetrics, scheme: ColorScheme, measurer: TextMeasuring) -> Arrangement {
        let scale = metrics.scale
        let margin = 24 * scale, columnGap = 32 * scale, fieldGap = 24 * scale, itemGap = 12 * scale
        let minimumColumnWidth = 240 * scale, maximumColumnWidth = 400 * scale
        let headingFont = FontSpec(pixelSize: 20 * scale, weight: .medium), captionFont = FontSpec(pixelSize: 12 * scale)

        let count = Double(columns.count)
        let sideBySide = columns.count > 1 && viewport.width - 2 * margin - (count - 1) * columnGap >= count * minimumColumnWidth
        let columnCount = sideBySide ? count : 1
        let available = viewport.width - 2 * margin - (columnCount - 1) * columnGap
        let columnWidth = max(min(available / columnCount, maximumColumnWidth), 2 * metrics.horizontalPadding + 1)

        var arrangement = Arrangement()
        var bottom = margin, columnX = margin, y = margin
        func placeText(_ text: String, font: FontSpec, color: Color, lineHeight: Double) {
            let baseline = FieldLayout.baseline(inLineTop: y, lineHeight: lineHeight, metrics: measurer.lineMetrics(for: font))
            arrangement.decorations.append(Decoration(text: text, frame: Rect(x: columnX, y: y, width: columnWidth, height: lineHeight),
                                                      baseline: baseline, font: font, color: color))
            y += lineHeight + itemGap
        }
        for column in columns {
            if !sideBySide && y > margin { y += 16 * scale }
            for item in column.items {
                switch item {
                case .heading(let title):
                    placeText(title, font: headingFont, color: scheme.onSurface.withAlpha(0.87), lineHeight: 28 * scale)
                case .caption(let caption):
                    placeText(caption, font: captionFont, color: scheme.onSurface.withAlpha(0.60), lineHeight: 16 * scale)
                case .field(let field):
                    let height = field.layOut(width: columnWidth, metrics: metrics, measurer: measurer)
                    arrangement.fieldFrames.append((field, Rect(x: columnX, y: y, width: columnWidth, height: height)))
                    y += height + fieldGap
                }
            }
            bottom = max(bottom, y)
            if sideBySide {
                columnX += columnWidth + columnGap
                y = margin
            }
        }
        arrangement.contentHeight = bottom - fieldGap + margin
        return arrangement
    }
}
