extension EmojiChooser {
    /// Draws the whole surface with its top-left at 0,0: background, search box, tabs, the grid's
    /// rows in view, the footer, and the skin tones over the grid when they are open.
    public func render(on canvas: Canvas) {
        needsRender = false
        let size = layout.size
        canvas.fill(.roundedRectangle(Rect(x: 0, y: 0, width: size.width, height: size.height), radii: CornerRadii(all: cornerRadius)),
                    color: surfaceColor)
        drawSearch(on: canvas)
        drawTabs(on: canvas)
        let divider = scheme.onSurface.withAlpha(scheme.contrast == .high ? 0.6 : 0.12)
        let line = max(1, metrics.scale.rounded())
        canvas.fill(Rect(x: 0, y: layout.tabs.maxY, width: size.width, height: line), color: divider)
        drawGrid(on: canvas)
        canvas.fill(Rect(x: 0, y: layout.grid.maxY, width: size.width, height: line), color: divider)
        drawFooter(on: canvas)
        if let tonePicker { drawTones(tonePicker, on: canvas) }
    }

    /// The surface at a menu's elevation (8dp).
    var surfaceColor: Color { PopupElevation.surfaceColor(for: scheme) }

    var emojiFont: FontSpec { FontSpec(pixelSize: (26 * metrics.scale).rounded()) }
    var iconFont: FontSpec { FontSpec(pixelSize: (20 * metrics.scale).rounded(), family: .icons) }
    var searchFont: FontSpec { FontSpec(pixelSize: 16 * metrics.scale) }
    var headingFont: FontSpec { FontSpec(pixelSize: 12 * metrics.scale, weight: .medium) }
    var footerFont: FontSpec { FontSpec(pixelSize: 14 * metrics.scale) }
    var hintFont: FontSpec { FontSpec(pixelSize: 12 * metrics.scale) }

    func advance(_ text: String, _ font: FontSpec) -> Double {
        measurer?.advance(of: text[...], font: font) ?? Double(text.count) * font.pixelSize * (font.family == .icons ? 1 : 0.55)
    }

    /// `text` as it fits in `width`: whole, or cut at a character with an ellipsis after it, as
    /// GTK ellipsizes a label (a long name such as "thumbs up: medium-light skin tone" beside the
    /// skin-tone hint).
    func ellipsized(_ text: String, _ font: FontSpec, width: Double) -> String {
        guard advance(text, font) > width else { return text }
        let characters = Array(text)
        var low = 0, high = characters.count
        while low < high {
            let middle = (low + high + 1) / 2
            let candidate = String(characters[..<middle]).trimmingTrailingSpaces + "…"
            if advance(candidate, font) <= width { low = middle } else { high = middle - 1 }
        }
        return low == 0 ? "…" : String(characters[..<low]).trimmingTrailingSpaces + "…"
    }

    /// The baseline that centres a font's line in `rect`.
    func baseline(centring font: FontSpec, in rect: Rect) -> Double {
        let metrics = measurer?.lineMetrics(for: font) ?? LineMetrics(ascent: font.pixelSize * 0.93, descent: font.pixelSize * 0.24)
        return (rect.midY + (metrics.ascent - metrics.descent) / 2).rounded()
    }

    func drawCentred(_ text: String, font: FontSpec, color: Color, in rect: Rect, on canvas: Canvas) {
        let x = (rect.midX - advance(text, font) / 2).rounded()
        canvas.drawText(text, at: Point(x: x, y: baseline(centring: font, in: rect)), font: font, color: color)
    }

    /// The highlight behind a cell: the primary colour while the keyboard is in the grid, a
    /// neutral hover layer otherwise; high contrast rings it.
    func drawHighlight(_ rect: Rect, keyboard: Bool, on canvas: Canvas) {
        let box = rect.insetBy(dx: 2 * metrics.scale, dy: 2 * metrics.scale)
        let radii = CornerRadii(all: 8 * metrics.scale)
        if scheme.contrast == .high {
            canvas.fill(.roundedRectangleStroke(box, radii: radii, width: (2 * metrics.scale).rounded()), color: keyboard ? scheme.primary : scheme.onSurface)
        } else {
            canvas.fill(.roundedRectangle(box, radii: radii), color: keyboard ? scheme.primary.withAlpha(0.16) : scheme.onSurface.withAlpha(0.08))
        }
    }

    func drawSearch(on canvas: Canvas) {
        let box = layout.search
        let radii = CornerRadii(all: box.height / 2)
        let focused = area == .search
        if scheme.contrast == .high {
            canvas.fill(.roundedRectangleStroke(box, radii: radii, width: (focused ? 3 : 1) * metrics.scale), color: focused ? scheme.primary : scheme.onSurface)
        } else {
            canvas.fill(.roundedRectangle(box, radii: radii), color: scheme.onSurface.withAlpha(0.06))
            if focused {
                canvas.fill(.roundedRectangleStroke(box, radii: radii, width: (2 * metrics.scale).rounded()), color: scheme.primary)
            }
        }
        let iconBox = Rect(x: box.minX + 8 * metrics.scale, y: box.minY, width: 24 * metrics.scale, height: box.height)
        drawCentred(EmojiCatalog.searchIconGlyph, font: iconFont, color: scheme.mediumEmphasisText, in: iconBox, on: canvas)
        let textLeft = iconBox.maxX + 8 * metrics.scale
        let band = Rect(x: textLeft, y: box.minY, width: box.maxX - 16 * metrics.scale - textLeft, height: box.height)
        let baseline = self.baseline(centring: searchFont, in: box)
        canvas.pushClip(band.insetBy(dx: -2 * metrics.scale, dy: 0))
        if query.isEmpty {
            canvas.drawText("Search emoji", at: Point(x: textLeft, y: baseline), font: searchFont, color: scheme.mediumEmphasisText)
        }
        // The caret stays at the end of the text; a text wider than the band scrolls left.
        let width = query.isEmpty ? 0 : advance(query, searchFont)
        let shift = max(0, width - band.width)
        if !query.isEmpty {
            canvas.drawText(query, at: Point(x: textLeft - shift, y: baseline), font: searchFont, color: scheme.highEmphasisText)
        }
        if focused {
            let height = 20 * metrics.scale
            canvas.fill(Rect(x: (textLeft + width - shift).rounded(), y: (box.midY - height / 2).rounded(), width: max(1, (2 * metrics.scale).rounded()), height: height.rounded()),
                        color: scheme.primary)
        }
        canvas.popClip()
    }

    func drawTabs(on canvas: Canvas) {
        let current = currentCategory
        for (index, section) in categories.enumerated() {
            let tab = layout.tab(index, of: categories.count)
            if area == .categories, index == focusedTab {
                drawHighlight(tab, keyboard: true, on: canvas)
            } else if hoveredTab == index {
                drawHighlight(tab, keyboard: false, on: canvas)
            }
            let selected = index == current
            let color = selected ? scheme.primary : scheme.mediumEmphasisText
            if section.tabGlyphIsIcon {
                drawCentred(section.tabGlyph, font: iconFont, color: color, in: tab, on: canvas)
            } else {
                drawCentred(section.tabGlyph, font: FontSpec(pixelSize: (18 * metrics.scale).rounded()), color: color, in: tab, on: canvas)
            }
            if selected {
                let height = (2 * metrics.scale).rounded()
                canvas.fill(Rect(x: tab.minX + 4 * metrics.scale, y: tab.maxY - height, width: tab.width - 8 * metrics.scale, height: height), color: scheme.primary)
            }
        }
    }

    func drawGrid(on canvas: Canvas) {
        let grid = layout.grid
        canvas.pushClip(grid)
        if cells.isEmpty {
            drawCentred(query.isEmpty ? "No emoji" : "No emoji found", font: footerFont, color: scheme.mediumEmphasisText, in: grid, on: canvas)
        }
        for row in rows.rows where row.top + row.height > scrollOffset && row.top < scrollOffset + grid.height {
            let top = grid.minY + row.top - scrollOffset
            switch row.kind {
            case .heading(let section):
                let band = Rect(x: layout.padding + 6 * metrics.scale, y: top, width: grid.width - layout.padding * 2, height: row.height)
                canvas.drawText(sections[section].title, at: Point(x: band.minX, y: (top + row.height - 8 * metrics.scale).rounded()),
                                font: headingFont, color: scheme.mediumEmphasisText)
            case .cells(_, let range):
                for index in range {
                    guard let frame = cellFrame(index) else { continue }
                    if index == highlighted { drawHighlight(frame, keyboard: area == .grid || area == .tones, on: canvas) }
                    drawCentred(cells[index].character, font: emojiFont, color: scheme.highEmphasisText, in: frame, on: canvas)
                    if hasTones(cells[index]) { drawToneMark(in: frame, on: canvas) }
                }
            }
        }
        canvas.popClip()
    }

    /// A small corner triangle on cells with skin tones behind them (as some pickers mark them).
    func drawToneMark(in frame: Rect, on canvas: Canvas) {
        let s = metrics.scale
        let corner = Point(x: frame.maxX - 3 * s, y: frame.maxY - 3 * s)
        let path = Path(contours: [[corner, Point(x: corner.x - 5 * s, y: corner.y), Point(x: corner.x, y: corner.y - 5 * s)]])
        canvas.fill(path, color: scheme.contrast == .high ? scheme.onSurface : scheme.onSurface.withAlpha(0.38))
    }

    func drawFooter(on canvas: Canvas) {
        let footer = layout.footer
        let left = layout.padding + 4 * metrics.scale
        canvas.pushClip(footer)
        if let cell = highlightedCell {
            let emojiBox = Rect(x: left, y: footer.minY, width: 24 * metrics.scale, height: footer.height)
            drawCentred(cell.character, font: FontSpec(pixelSize: (20 * metrics.scale).rounded()), color: scheme.highEmphasisText, in: emojiBox, on: canvas)
            var hint = ""
            if tonePicker == nil, hasTones(cell) { hint = "Shift+Enter: skin tones" }
            let hintWidth = hint.isEmpty ? 0 : advance(hint, hintFont)
            let hintX = footer.maxX - layout.padding - 4 * metrics.scale - hintWidth
            let nameX = emojiBox.maxX + 8 * metrics.scale
            canvas.pushClip(Rect(x: emojiBox.maxX, y: footer.minY, width: max(0, hintX - 8 * metrics.scale - emojiBox.maxX), height: footer.height))
            canvas.drawText(ellipsized(cell.name, footerFont, width: hintX - 8 * metrics.scale - nameX), at: Point(x: nameX, y: baseline(centring: footerFont, in: footer)),
                            font: footerFont, color: scheme.highEmphasisText)
            canvas.popClip()
            if !hint.isEmpty {
                canvas.drawText(hint, at: Point(x: hintX.rounded(), y: baseline(centring: hintFont, in: footer)), font: hintFont, color: scheme.mediumEmphasisText)
            }
        } else {
            let text = "Type to search; right-click for skin tones"
            canvas.drawText(text, at: Point(x: left, y: baseline(centring: hintFont, in: footer)), font: hintFont, color: scheme.mediumEmphasisText)
        }
        canvas.popClip()
    }

    func drawTones(_ picker: TonePicker, on canvas: Canvas) {
        let frame = tonePickerFrame(picker)
        let radii = CornerRadii(all: 4 * metrics.scale)
        // A raised panel: a soft edge under it, then the surface and an outline.
        canvas.fill(.roundedRectangle(frame.offsetBy(dx: 0, dy: 2 * metrics.scale).insetBy(dx: -1, dy: -1), radii: radii),
                    color: Color(hex: 0x000000, alpha: 0.18))
        canvas.fill(.roundedRectangle(frame, radii: radii), color: surfaceColor)
        canvas.fill(.roundedRectangleStroke(frame, radii: radii, width: max(1, metrics.scale.rounded())),
                    color: scheme.onSurface.withAlpha(scheme.contrast == .high ? 1 : 0.2))
        for (index, choice) in picker.choices.enumerated() {
            let cell = toneFrame(index, in: picker)
            if index == picker.highlighted { drawHighlight(cell, keyboard: true, on: canvas) }
            drawCentred(choice.character, font: emojiFont, color: scheme.highEmphasisText, in: cell, on: canvas)
        }
    }
}

private extension String {
    var trimmingTrailingSpaces: String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
