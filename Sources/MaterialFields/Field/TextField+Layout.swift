// Invalidation, layout, font fitting, scrolling and hit testing.
extension TextField {
    // MARK: Invalidation

    func invalidateAppearance() { invalidationHandler?(self, .appearance) }

    /// Lays out again at the last width; `.layout` when the height changed, else `.appearance`.
    func invalidateLayout() {
        // A geometry hook that sets a property mid-layout: the layout under way takes it.
        guard !isAskingGeometryHooks else { return }
        guard let measurer, let input = layoutInput else {
            invalidateAppearance()
            return
        }
        let oldHeight = layout?.preferredHeight
        layOut(width: input.width, metrics: input.metrics, measurer: measurer, force: true)
        invalidationHandler?(self, oldHeight == layout?.preferredHeight ? .appearance : .layout)
    }

    /// After an edit or an assistive change: lays out again only when what layout depends on
    /// changed (a text area's rows, the assistive row's lines).
    func relayOutIfNeeded() {
        guard let measurer, let input = layoutInput else { return }
        wrapAssistiveText(width: input.width, metrics: input.metrics, measurer: measurer)
        if makeLayoutInput(width: input.width, metrics: input.metrics) != input { invalidateLayout() }
    }

    func assistiveTextChanged() {
        // New text fades in; the counter ticking over does not.
        let fades = assistive.textsChanged(leading: displayedLeadingAssistiveText, trailing: displayedTrailingAssistiveText,
                                           isLaidOut: layout != nil)
        if fades.leading { motion.pendingFades.leading = true }
        if fades.trailing { motion.pendingFades.trailing = true }
        relayOutIfNeeded()
        invalidateAppearance()
    }

    // MARK: Layout

    func makeLayoutInput(width: Double, metrics: MaterialMetrics) -> FieldLayoutInput {
        var input = FieldLayoutInput(style: style, kind: kind, density: verticalDensity, label: label, labelBehavior: labelBehavior,
                                     hasLeadingIcon: leadingIcon != nil && leadingViewMode != .never,
                                     hasTrailingIcon: showsSecureToggleNow || (trailingIcon != nil && trailingViewMode != .never),
                                     hasClearButton: clearButtonMode != .never, prefix: prefixText, suffix: suffixText,
                                     visibleRows: rowsForText(), preferredContainerHeight: kind == .textArea ? preferredContainerHeight : nil,
                                     assistiveLineCount: hasAssistiveRow ? max(1, assistive.leadingLines.count) : 0,
                                     width: width.isFinite ? max(0, width) : 0, metrics: metrics)
        input.placeholder = placeholder
        input.placeholderFont = placeholderFont
        input.placeholderStyles = placeholderStyles
        input.textFont = font
        input.runFonts = runFonts()
        let direction = textDirection
        input.alignment = alignmentFactor(for: direction)
        input.mirrored = layoutDirection == .rightToLeft
        input.textIsRightToLeft = direction == .rightToLeft
        input.assistiveFont = style.family == .rag ? (hintFont ?? font ?? FontSpec(pixelSize: 16)) : hintFont
        if style.family == .rag {
            input.rag = RAGLayoutOptions(placeholderMode: placeholderMode, placeholderScaleWhenEditing: placeholderScaleWhenEditing,
                                         scaledPlaceholderOffset: scaledPlaceholderOffset, hintOffset: hintOffset,
                                         textPadding: textPadding, textPaddingMode: textPaddingMode)
        }
        return input
    }

    /// The assistive (hint) text's font at `metrics`, as the layout places it.
    func assistiveFont(metrics: MaterialMetrics) -> FontSpec {
        let fallback = style.family == .rag ? FieldLayout.scaled(font, default: metrics.inputFont, metrics: metrics) : metrics.assistiveFont
        return FieldLayout.scaled(hintFont, default: fallback, metrics: metrics)
    }

    /// The assistive row's width in a field `width` wide, as the layout makes it.
    func assistiveRowWidth(width: Double, metrics: MaterialMetrics) -> Double {
        let insets = FieldLayout.assistiveInsets(makeLayoutInput(width: width, metrics: metrics))
        return max(0, min(width, FieldLayout.maximumWidth) - insets.left - insets.right)
    }

    /// A text area's rows: its lines, between the minimum and the maximum visible rows.
    func rowsForText() -> Double { rows(forLineCount: editor.textLayout?.lines.count ?? 1) }

    func rows(forLineCount count: Int) -> Double {
        guard kind == .textArea else { return 1 }
        let minimum = minimumNumberOfVisibleRows.isFinite ? min(max(minimumNumberOfVisibleRows, 1), FieldLayout.maximumRows) : 2
        let maximum = maximumNumberOfVisibleRows.isFinite ? min(max(maximumNumberOfVisibleRows, minimum), FieldLayout.maximumRows) : minimum
        return min(max(Double(count), minimum), maximum)
    }

    /// Lays the field out at `width` and returns the height it needs. A NaN or negative width
    /// counts as 0 (the field then shows no text); the measurer is kept for later edits.
    @discardableResult
    public func layOut(width: Double, metrics: MaterialMetrics, measurer: TextMeasuring) -> Double {
        layOut(width: width, metrics: metrics, measurer: measurer, force: false)
    }

    @discardableResult
    func layOut(width: Double, metrics: MaterialMetrics, measurer: TextMeasuring, force: Bool) -> Double {
        self.measurer = measurer
        let width = width.isFinite ? max(0, width) : 0
        wrapAssistiveText(width: width, metrics: metrics, measurer: measurer)
        var input = makeLayoutInput(width: width, metrics: metrics)
        if force || input != layoutInput || layout == nil {
            if layout == nil {
                // Whatever was set before the field first showed is where it starts, not an animation.
                motion.errorEmphasis.jump(to: isInError ? 1 : 0)
                motion.labelFloat.jump(to: labelPosition == .floating ? 1 : 0)
            }
            let fontChanged = layoutInput?.metrics != metrics || layoutInput?.textFont != input.textFont
            layoutInput = input
            followDesign(of: metrics)
            var newLayout = layoutWithHooks(input, measurer: measurer)
            layout = newLayout
            if fontChanged || editor.textLayout == nil || editor.textLayout?.direction != textDirection
                || editor.textLayout?.lineHeight != newLayout.textLineHeight
                || editor.textLayout?.styles != displayStyles(editor.storage.attributeRuns, scale: metrics.scale) {
                rebuildTextLayout(notifying: false)
            } else if kind == .textArea {
                editor.textLayout?.rewrap(width: newLayout.textLine.width)
            }
            alignText()
            fitFontToWidth()
            // Wrapping at the new width may change how many rows the text takes.
            let rows = rowsForText()
            if rows != input.visibleRows {
                input.visibleRows = rows
                layoutInput = input
                newLayout = layoutWithHooks(input, measurer: measurer)
                layout = newLayout
            }
            // Only a new geometry moves the scroll: arranging the page again must not undo a wheel.
            editor.keepCaretInView()
            // An interaction state set before the first layout scrolls the text now.
            editor.applyPendingScroll()
        }
        return layout?.preferredHeight ?? 0
    }

    /// The frames for `input`, kept as the hooks' defaults, with what the geometry hooks moved.
    private func layoutWithHooks(_ input: FieldLayoutInput, measurer: TextMeasuring) -> FieldLayout {
        let computed = FieldLayout.compute(input, measurer: measurer)
        defaultLayout = computed
        return applyingGeometryHooks(to: computed, input: input, measurer: measurer)
    }

    /// The size the field would take at `width`, its assistive row included (UIKit's
    /// `sizeThatFits`), without changing its layout; nil before it was first laid out.
    public func sizeThatFits(width: Double) -> Size? {
        guard let measurer, let metrics = layoutInput?.metrics else { return nil }
        return sizeThatFits(width: width, metrics: metrics, measurer: measurer)
    }

    /// The size the field would take at `width` with `metrics`, without changing its layout.
    public func sizeThatFits(width: Double, metrics: MaterialMetrics, measurer: TextMeasuring) -> Size {
        let width = width.isFinite ? max(0, width) : 0
        var input = makeLayoutInput(width: width, metrics: metrics)
        let font = assistiveFont(metrics: metrics)
        let leadingWidth = AssistiveRowText.sizes(trailing: displayedTrailingAssistiveText, font: font,
                                                  rowWidth: assistiveRowWidth(width: width, metrics: metrics), metrics: metrics,
                                                  measurer: measurer).leadingWidth
        let leadingLines = AssistiveRowText.wrap(displayedLeadingAssistiveText, in: leadingWidth, font: font, metrics: metrics,
                                                 measurer: measurer).lines
        input.assistiveLineCount = hasAssistiveRow ? max(1, leadingLines.count) : 0
        var frames = FieldLayout.compute(input, measurer: measurer)
        if kind == .textArea {
            let wrapped = TextLayout(text: displayText(), font: frames.textFont,
                                     lineHeight: frames.textLineHeight, measurer: measurer, wrapWidth: frames.textLine.width,
                                     direction: textDirection,
                                     styles: displayStyles(editor.storage.attributeRuns, scale: metrics.scale))
            input.visibleRows = rows(forLineCount: wrapped.lines.count)
            frames = FieldLayout.compute(input, measurer: measurer)
        }
        return Size(width: frames.container.width, height: frames.preferredHeight)
    }

    /// The styles the layout measures and the painter draws for `runs` (the storage's, or a slice
    /// of them): each run over `defaultTextAttributes`' other keys (the font and the colour are
    /// the layout's font and the painter's colour), with sizes and kerning in display pixels (at
    /// the metrics' scale, and shrunk with the text by `adjustsFontSizeToFitWidth`). Nil for a
    /// secure field shown as bullets, and for text with no style.
    func displayStyles(_ runs: AttributeRuns, scale: Double? = nil) -> AttributeRuns? {
        guard !(isSecureTextEntry && !isSecureTextRevealed) else { return nil }
        let defaults = otherDefaultTextAttributes
        guard !defaults.isEmpty || !runs.isPlain else { return nil }
        var factor = scale ?? layout?.metrics.scale ?? 1
        if let fittedFontSize, let full = layout?.textFont.pixelSize, full > 0 { factor *= fittedFontSize / full }
        var resolved = runs
        resolved.update(0..<runs.count) { attributes in
            var display = attributes.resolved(over: defaults)
            if let size = display.fontSize { display.fontSize = (size.isFinite ? min(max(size, 4), 200) : 16) * factor }
            if let kern = display.kern { display.kern = kern.isFinite ? kern * factor : nil }
            return display
        }
        return resolved
    }

    /// The distinct fonts the text's runs ask for, at scale 1 (`FieldLayoutInput.runFonts`).
    func runFonts() -> [FontSpec] {
        guard !(isSecureTextEntry && !isSecureTextRevealed) else { return [] }
        let base = font ?? FontSpec(pixelSize: TextField.materialTextPixelSize)
        var fonts: [FontSpec] = []
        // Looked up in a set: a text of thousands of runs in hundreds of sizes must not compare
        // each run with every font found before it.
        var seen: Set<FontSpec> = [base]
        for attributes in editor.storage.attributeRuns.values {
            let resolved = attributes.resolved(over: otherDefaultTextAttributes)
            guard resolved.fontFamily != nil || resolved.fontSize != nil || resolved.fontWeight != nil || resolved.isItalic != nil else {
                continue
            }
            let styled = base.styled(resolved)
            if seen.insert(styled).inserted { fonts.append(styled) }
        }
        return fonts
    }

    /// What the layout draws: the editor's own rope (shared, not copied), or for a secure field
    /// its text or a bullet per grapheme.
    func displayText() -> Rope {
        guard !editor.storage.overwritesStorage && !masksDisplayedText else {
            return Rope(String(displayCharacters(editor.characters)))
        }
        return editor.storage.rope
    }

    /// What the layout draws: the text, or a bullet per grapheme for a secure field not shown.
    func displayCharacters<S: Collection>(_ characters: S) -> [Character] where S.Element == Character {
        isSecureTextEntry && !isSecureTextRevealed ? maskedCharacters(characters) : Array(characters)
    }

    func maskedCharacters<S: Collection>(_ characters: S) -> [Character] where S.Element == Character {
        guard isSecureTextEntry else { return Array(characters) }
        return characters.map { $0.isNewline ? $0 : "\u{2022}" }
    }

    func rebuildTextLayout(notifying: Bool = true) {
        guard let measurer, let layout else { return }
        var font = layout.textFont
        if let fittedFontSize { font.pixelSize = fittedFontSize }
        editor.textLayout = TextLayout(text: displayText(), font: font,
                                lineHeight: layout.textLineHeight, measurer: measurer,
                                wrapWidth: kind == .textArea ? layout.textLine.width : nil, direction: textDirection,
                                styles: displayStyles(editor.storage.attributeRuns))
        alignText()
        if !isFittingFont, fitFontToWidth() { return }
        editor.keepCaretInView()
        if notifying {
            relayOutIfNeeded()
            invalidateAppearance()
        }
    }

    /// Aligns the text's lines in the band (a single line keeps the caret's width free at its end:
    /// the right, or the left for right-to-left text).
    func alignText() {
        guard let layout else { return }
        let direction = textDirection
        editor.textLayout?.align(alignmentFactor(for: direction),
                          in: FieldLayout.alignmentWidth(band: layout.textLine.width, kind: kind, metrics: layout.metrics),
                          inset: FieldLayout.alignmentInset(kind: kind, rightToLeft: direction == .rightToLeft, metrics: layout.metrics))
    }

    /// `adjustsFontSizeToFitWidth`: the size at which a single line fits its band, between the
    /// minimum and the layout's font, in quarter pixels. Rebuilds the text layout and returns
    /// true when the size changed.
    @discardableResult
    func fitFontToWidth() -> Bool {
        guard !isFittingFont, let layout, let textLayout else { return false }
        isFittingFont = true
        defer { isFittingFont = false }
        let fullSize = layout.textFont.pixelSize
        let minimum = min(fullSize, max(minimumFontSize.isFinite ? minimumFontSize : 0, 8) * layout.metrics.scale)
        let band = max(1, FieldLayout.alignmentWidth(band: layout.textLine.width, kind: kind, metrics: layout.metrics))
        var wanted: Double?
        if adjustsFontSizeToFitWidth && kind == .textField && !textLayout.characters.isEmpty {
            // Advances scale with the size, near enough to start from; the loop below makes sure.
            let widthAtFull = textLayout.width * fullSize / textLayout.font.pixelSize
            if widthAtFull > band {
                wanted = max(minimum, FieldLayout.quantizedFontSize(fullSize * band / widthAtFull, down: true))
            }
        }
        // Sizes, not optionals: a minimum at the full size asks for the size already drawn.
        let target = wanted ?? fullSize
        guard target != textLayout.font.pixelSize else { return false }
        fittedFontSize = target == fullSize ? nil : target
        rebuildTextLayout(notifying: false)
        // Rounding the advances may leave the text a little wide: a quarter pixel less each time.
        while let size = fittedFontSize, let width = self.editor.textLayout?.width, width > band, size - 0.25 >= minimum {
            fittedFontSize = size - 0.25
            rebuildTextLayout(notifying: false)
        }
        editor.keepCaretInView()
        invalidateAppearance()
        return true
    }

    /// Lays the assistive texts out for the field's own layout.
    func wrapAssistiveText(width: Double, metrics: MaterialMetrics, measurer: TextMeasuring) {
        assistive.layOut(leading: displayedLeadingAssistiveText, trailing: displayedTrailingAssistiveText,
                         font: assistiveFont(metrics: metrics), rowWidth: assistiveRowWidth(width: width, metrics: metrics),
                         metrics: metrics, measurer: measurer)
    }

    /// Whether a drag held at `point` (field coordinates) lies beyond the text band in the
    /// direction the text scrolls, so holding it there should keep scrolling the selection.
    public func isBeyondTextBand(_ point: Point) -> Bool {
        guard let layout, point.x.isFinite, point.y.isFinite else { return false }
        let band = layout.textLine
        return kind == .textArea ? point.y < band.minY || point.y > band.maxY : point.x < band.minX || point.x > band.maxX
    }

    /// The text area's content is taller than its rows.
    public var hasOverflow: Bool { editor.hasOverflow }

    /// Scrolls a text area's rows by `dy` pixels (positive shows what is below). Returns false
    /// when it cannot move that way, so the page can scroll instead.
    @discardableResult
    public func scrollText(by dy: Double) -> Bool {
        guard editor.scrollText(by: dy) else { return false }
        invalidateAppearance()
        return true
    }

    /// The part of the field under `point` (field coordinates), or nil outside it.
    public func part(at point: Point) -> FieldPart? {
        guard let layout, point.x.isFinite, point.y.isFinite else { return nil }
        if let row = layout.assistiveRow, point.y >= layout.container.maxY, point.y < row.maxY,
           point.x >= 0, point.x < layout.container.width {
            return .assistiveRow
        }
        guard layout.container.contains(point) else { return nil }
        let slack = layout.metrics.iconTextGap / 2
        func hits(_ rect: Rect?) -> Bool {
            guard let rect else { return false }
            return point.x >= rect.minX - slack && point.x < rect.maxX + slack && point.y >= rect.minY - slack
                && point.y < rect.maxY + slack
        }
        if isLeadingIconVisible, hits(layout.leadingIcon) { return .leadingIcon }
        if isClearButtonVisible, hits(layout.clearButton) { return .clearButton }
        if isTrailingIconVisible, hits(layout.trailingIcon) { return .trailingIcon }
        return .text
    }

    /// Whether a click on `part` does something other than placing the caret (the pointer shows a hand).
    public func isActionable(_ part: FieldPart) -> Bool {
        switch part {
        case .clearButton: return isClearButtonVisible
        case .leadingIcon: return leadingIconAction != nil
        case .trailingIcon: return showsSecureToggleNow || trailingIconAction != nil
        case .text, .assistiveRow: return false
        }
    }

    /// The caret in field coordinates, blinking or not (where an input method puts its window):
    /// where the renderer draws it, or where it would stand when scrolled out of the band.
    public var caretRect: Rect? { caretPlacement(origin: .zero)?.rect }
}
