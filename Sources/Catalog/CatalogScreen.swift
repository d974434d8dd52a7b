import MaterialFields

/// The catalog's content: every variant, filled beside outlined.
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

    static func makePanel(scheme: ColorScheme, metrics: MaterialMetrics, animationSlowdown: Double) -> FieldPanel {
        let columns = FieldStyle.allCases.map { style -> PanelColumn in
            var items: [PanelItem] = [.heading(style == .filled ? "Filled" : "Outlined")]
            for variant in variants {
                let field = TextField(FieldConfiguration(
                    identifier: "\(style.rawValue)-\(variant.slug)", style: style, label: variant.label,
                    placeholder: variant.placeholder, text: variant.text, isEnabled: variant.isEnabled))
                field.animationSlowdown = animationSlowdown
                items.append(.caption(variant.caption))
                items.append(.field(field))
            }
            return PanelColumn(items)
        }
        return FieldPanel(columns: columns, scheme: scheme, metrics: metrics)
    }
}
