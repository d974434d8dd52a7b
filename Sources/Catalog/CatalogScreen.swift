import MaterialFields

/// The catalog's content: every variant, filled beside outlined, under headings and captions.
/// Field ids are `<style>-<variant>` (the README lists them).
enum CatalogScreen {
    private struct Variant {
        var slug: String
        var caption: String
        var label: String = ""
        var placeholder: String = ""
        var text: String = ""
        var kind: FieldKind = .textField
        /// Sets what the memberwise values above do not cover.
        var configure: (TextField) -> Void = { _ in }
    }

    private static let variants = [
        Variant(slug: "label", caption: "Plain, with label", label: "Name"),
        Variant(slug: "placeholder", caption: "Label and placeholder", label: "Email", placeholder: "name@example.com"),
        Variant(slug: "prefilled", caption: "Prefilled text", label: "City", text: "Lisboa"),
        Variant(slug: "note", caption: "Characters from fallback fonts: symbols, emoji, CJK", label: "Note", text: "Mañana ✓ → ☕ 🎉 東京 ひらがな 한글"),
        Variant(slug: "no-label", caption: "Placeholder only, no label", placeholder: "Search"),
        Variant(slug: "helper", caption: "Helper text", label: "Phone") { field in
            field.helperText = "Include the country code, e.g. +351"
        },
        Variant(slug: "counter", caption: "Character counter, at most 20", label: "Username") { field in
            field.maximumLength = 20
        },
        Variant(slug: "error", caption: "Error with message", label: "Card number", text: "4111 1111") { field in
            field.helperText = "16 digits"
            field.applyErrorTheme(message: "The number is too short")
        },
        Variant(slug: "email", caption: "Validates an e-mail address when you leave it", label: "Work email") { field in
            field.helperText = "Leave the field to check it"
            field.observe { field, event in
                switch event {
                case .didEndEditing:
                    if field.text.isEmpty || isPlausibleEmailAddress(field.text) {
                        field.clearError()
                    } else {
                        field.applyErrorTheme(message: "Enter an address like name@example.com")
                    }
                case .textChanged where field.isInError && isPlausibleEmailAddress(field.text):
                    field.clearError()
                default:
                    break
                }
            }
        },
        Variant(slug: "disabled", caption: "Disabled", label: "Account", text: "Read only") { field in
            field.isEnabled = false
        },
        Variant(slug: "leading-icon", caption: "Leading icon", label: "Contact") { field in
            field.leadingIcon = .person
        },
        Variant(slug: "password", caption: "Trailing icon with an action: show or hide the password", label: "Password",
                text: "hunter2") { field in
            field.isSecureTextEntry = true
            field.trailingIcon = .visibility
            field.trailingIconAction = { field in
                field.isSecureTextEntry.toggle()
                field.trailingIcon = field.isSecureTextEntry ? .visibility : .visibilityOff
            }
        },
        Variant(slug: "search", caption: "Trailing search icon: click it or press Enter", label: "Search the docs") { field in
            field.trailingIcon = .search
            let search = { (field: TextField) in
                field.helperText = field.text.isEmpty ? "Type something to search for" : "Searched for “\(field.text)”"
            }
            field.trailingIconAction = search
            field.observe { field, event in
                switch event {
                case .returnPressed: search(field)
                // A result that no longer matches the text is not shown.
                case .textChanged: field.helperText = ""
                default: break
                }
            }
        },
        Variant(slug: "clear", caption: "Clear button while editing", label: "Destination", text: "Porto") { field in
            field.clearButtonMode = .whileEditing
        },
        Variant(slug: "prefix-suffix", caption: "Prefix and suffix", label: "Price", text: "12.50") { field in
            field.prefixText = "$"
            field.suffixText = "USD"
        },
        Variant(slug: "dense", caption: "Dense", label: "Code", text: "A-113") { field in
            field.verticalDensity = 1
        },
        Variant(slug: "disappears", caption: "Label that disappears instead of floating", label: "Nickname",
                placeholder: "What friends call you") { field in
            field.labelBehavior = .disappears
        },
        Variant(slug: "long", caption: "Long prefilled text", label: "Address",
                text: "Rua Augusta 274, 1100-053 Lisboa, Portugal, third floor on the left, ring twice"),
        Variant(slug: "area", caption: "Text area, 2 to 4 rows", label: "Message", kind: .textArea) { field in
            field.helperText = "Enter starts a new line"
        },
        Variant(slug: "area-long", caption: "Text area prefilled past its rows", label: "Description",
                text: "Material text areas grow with their text from the minimum number of rows to the maximum, "
                    + "then scroll to keep the caret in view.\nThis one starts with more text than four rows hold, "
                    + "so it scrolls: use the wheel over it, or click and move the caret with the arrow keys.",
                kind: .textArea),
    ]

    /// Something, an @, and something with a dot after it: enough to catch a typo, not an RFC.
    static func isPlausibleEmailAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !text.contains(where: \.isWhitespace) else { return false }
        let domain = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return domain.count >= 2 && domain.allSatisfy { !$0.isEmpty }
    }

    static func makeScene(scheme: ColorScheme, metrics: MaterialMetrics, animationSlowdown: Double) -> FieldScene {
        let columns = FieldStyle.material.map { style -> CatalogLayout.Column in
            var items: [CatalogLayout.Item] = [.heading(style == .filled ? "Filled" : "Outlined")]
            for variant in variants {
                let field = TextField(identifier: "\(style.name)-\(variant.slug)", style: style, kind: variant.kind,
                                      label: variant.label, placeholder: variant.placeholder, text: variant.text)
                field.animationSlowdown = animationSlowdown
                variant.configure(field)
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
            // Wrapped to the column, so a narrow window shows the whole caption.
            let wrapped = TextLayout(characters: Array(text), font: font, lineHeight: lineHeight, measurer: measurer,
                                     wrapWidth: columnWidth)
            for line in wrapped.lines {
                let baseline = FieldLayout.baseline(inLineTop: y, lineHeight: lineHeight, metrics: measurer.lineMetrics(for: font))
                arrangement.decorations.append(Decoration(text: String(wrapped.characters[line.clusters]),
                                                          frame: Rect(x: columnX, y: y, width: columnWidth, height: lineHeight),
                                                          baseline: baseline, font: font, color: color))
                y += lineHeight
            }
            y += itemGap
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
