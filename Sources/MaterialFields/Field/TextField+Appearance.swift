// What the field shows at an instant.
extension TextField {
    // MARK: Appearance

    /// Label font sizes step in quarter pixels, so the host's font cache stays small while the
    /// float animation stays smooth.
    static func quantizedFontSize(_ size: Double, down: Bool = false) -> Double {
        (size * 4).rounded(down ? .down : .toNearestOrAwayFromZero) / 4
    }

    /// The grey of a selection in a field not being edited: on-surface at this opacity.
    static let inactiveSelectionAlpha = 0.12

    /// What the field shows at `time` with its container's top-left at `origin`.
    /// - Parameters:
    ///   - showsCaret: false while the window is inactive or the caret is in its off phase.
    ///   - windowIsActive: false while another window has the keyboard: a selection is drawn grey
    ///     then, as in a field not being edited (GTK's backdrop, Qt's inactive palette).
    public func appearance(at time: Double, origin: Point, scheme: ColorScheme, showsCaret: Bool,
                           windowIsActive: Bool = true) -> FieldAppearance? {
        guard let layout, let textLayout else { return nil }
        lastTime = max(lastTime, time)
        syncMotion(at: time)
        let metrics = layout.metrics
        var colors = FieldColors.resolve(scheme: scheme, state: state, isHovered: isHovered, isInError: false,
                                         overrides: colorOverrides)
        let emphasis = errorEmphasis.value(at: time)
        if emphasis > 0 {
            let error = FieldColors.resolve(scheme: scheme, state: state, isHovered: isHovered, isInError: true,
                                            overrides: colorOverrides)
            colors = colors.interpolated(to: error, fraction: emphasis)
        }
        let float = labelFloat.value(at: time)
        let activation = self.activation.value(at: time)
        let container = layout.container.offsetBy(dx: origin.x, dy: origin.y)
        func place(_ rect: Rect) -> Rect { rect.offsetBy(dx: origin.x, dy: origin.y) }

        let paint = style.painter.paint(ContainerPaintContext(
            container: container, colors: colors, scheme: scheme, metrics: metrics, activation: activation,
            activationTarget: self.activation.target, activationOrigin: activationOrigin, labelFloat: float, notch: layout.notch,
            state: state, isHovered: isHovered, isInError: isInError, layoutDirection: layoutDirection,
            textBackground: textBackground, textBackgroundRect: layout.textBackground.map(place)))
        var shapes = paint.shapes
        let background = paint.background

        var icons: [TextRun] = []
        func addIcon(_ icon: FieldIcon, in rect: Rect) {
            let box = place(rect)
            switch icon.content {
            case .glyph(let glyph):
                icons.append(TextRun(text: String(glyph), origin: Point(x: box.minX, y: box.minY + layout.iconBaseline),
                                     font: metrics.iconFont, color: colors.icon))
            case .shape(let path):
                shapes.append(ShapeFill(path: path.applying(scale: metrics.scale, dx: box.minX, dy: box.minY), color: colors.icon))
            }
        }
        if let rect = layout.leadingIcon, let icon = leadingIcon, isLeadingIconVisible { addIcon(icon, in: rect) }
        if let rect = layout.clearButton, isClearButtonVisible { addIcon(.clear, in: rect) }
        if let rect = layout.trailingIcon, let icon = displayedTrailingIcon, isTrailingIconVisible { addIcon(icon, in: rect) }

        let band = place(layout.textLine)
        // A single line may draw its descenders anywhere in the container; text area rows stay
        // inside their band, below the floating label.
        let textClip = kind == .textArea ? band
            : Rect(x: band.minX, y: container.minY, width: band.width, height: container.height)
        var labelRun: TextRun?
        var labelClip = textClip
        if let resting = layout.restingLabel, let floating = layout.floatingLabel, labelPosition != .none || float > 0 {
            let size = Self.quantizedFontSize(resting.font.pixelSize + (floating.font.pixelSize - resting.font.pixelSize) * float)
            let x = origin.x + resting.origin.x + (floating.origin.x - resting.origin.x) * float
            let y = origin.y + resting.origin.y + (floating.origin.y - resting.origin.y) * float
            var restingColor = colors.restingLabel, floatingColor = colors.floatingLabel
            if style.family == .rag {
                // RAG's placeholder keeps its colour when it floats, unless the field is edited
                // and a transformed colour is set.
                restingColor = placeholderColor(from: colors)
                floatingColor = state == .editing ? transformedPlaceholderColor ?? restingColor : restingColor
            }
            labelRun = TextRun(text: labelText, origin: Point(x: x.rounded(), y: y.rounded()),
                               font: FontSpec(pixelSize: size, weight: resting.font.weight, family: resting.font.family),
                               color: restingColor.interpolated(to: floatingColor, fraction: float))
            // The label may start left of the text (outlined, beside an icon, before a prefix) and
            // rise above the container; it ends where the text band does.
            var left = origin.x + min(resting.origin.x, floating.origin.x)
            var right = max(band.maxX, origin.x + (layout.suffix.map { $0.origin.x + $0.width } ?? layout.textLine.maxX))
            if layout.isMirrored {
                // Mirrored: it starts right of the text and ends where the band (or the suffix) does.
                right = origin.x + max(resting.origin.x + resting.width, floating.origin.x + floating.width)
                left = min(band.minX, origin.x + (layout.suffix?.origin.x ?? layout.textLine.minX))
            }
            labelClip = Rect(x: left, y: container.minY - layout.overhangTop, width: right - left,
                             height: container.height + layout.overhangTop)
            if style.family == .rag {
                // The placeholder floats anywhere over the band, at its alignment.
                labelClip = Rect(x: band.minX, y: container.minY, width: band.width, height: container.height)
            }
        }

        var affixes: [TextRun] = []
        if areAffixesVisible {
            for affix in [layout.prefix.map { ($0, prefixText) }, layout.suffix.map { ($0, suffixText) }].compactMap({ $0 }) {
                affixes.append(TextRun(text: affix.1, origin: Point(x: origin.x + affix.0.origin.x, y: origin.y + affix.0.origin.y),
                                       font: affix.0.font, color: colors.restingLabel))
            }
        }

        let textLeft = band.minX - textLayout.scrollX
        let textTop = band.minY - textLayout.scrollY
        var placeholderRun: TextRun?
        if isPlaceholderVisible, let placement = layout.placeholder {
            placeholderRun = TextRun(text: placeholder, origin: Point(x: origin.x + placement.origin.x, y: origin.y + placement.origin.y),
                                     font: placement.font, color: placeholderColor(from: colors))
        }
        let visibleLines = kind == .textArea ? textLayout.lines(meeting: textLayout.scrollY, textLayout.scrollY + band.height)
            : 0..<1
        var selection: [ShapeFill] = []
        let editorSelection = editor.selection
        // A field that is not being edited keeps its selection, greyed, as desktop entries do.
        let selectionColor = state == .editing && windowIsActive ? colors.selection
            : scheme.onSurface.withAlpha(Self.inactiveSelectionAlpha)
        if state != .disabled && !editorSelection.isCaret {
            selection = textLayout.rects(for: editorSelection.range, inLines: visibleLines).compactMap {
                // On whole pixels vertically, as the caret is: a line top may be fractional.
                let line = $0.offsetBy(dx: textLeft, dy: textTop)
                let top = line.minY.rounded(), bottom = line.maxY.rounded()
                let rect = Rect(x: line.minX, y: top, width: line.width, height: bottom - top).intersection(textClip)
                return rect.width > 0 && rect.height > 0 ? ShapeFill(path: .rectangle(rect), color: selectionColor) : nil
            }
        }
        var textRuns: [TextRun] = []
        for line in visibleLines {
            let baseline = textTop + textLayout.top(ofLine: line) + textLayout.baselineInLine
            // Only the clusters that meet the band, from a small origin: X carries 16-bit positions.
            // A line with right-to-left text in it is a run per direction, in visual order.
            for run in textLayout.visualRuns(onLine: line, meeting: textLayout.scrollX, textLayout.scrollX + band.width) {
                let x = textLeft + run.x
                textRuns.append(TextRun(text: String(textLayout.characters[run.clusters]), origin: Point(x: x.rounded(), y: baseline.rounded()),
                                        font: textLayout.font, color: colors.inputText, direction: run.direction))
            }
        }
        var caret: ShapeFill?
        if showsCaret && state == .editing && editorSelection.isCaret, let rect = caretFrame(origin: origin) {
            caret = ShapeFill(path: .rectangle(rect), color: colors.caret)
        }

        // A 4 px fade at an edge with more text beyond it: strips of the background, opaque at the edge.
        var fades: [ShapeFill] = []
        if kind == .textArea {
            let depth = 4 * metrics.scale
            let steps = max(1, Int(depth.rounded()))
            let step = depth / Double(steps)
            func fade(fromEdge edge: Double, inward direction: Double) {
                for index in 0..<steps {
                    let near = edge + direction * Double(index) * step, far = near + direction * step
                    fades.append(ShapeFill(path: .rectangle(Rect(x: band.minX, y: min(near, far), width: band.width, height: step)),
                                           color: background.withAlpha(1 - (Double(index) + 0.5) / Double(steps))))
                }
            }
            if textLayout.scrollY > 0.5 { fade(fromEdge: band.minY, inward: 1) }
            if textLayout.height - textLayout.scrollY - band.height > 0.5 { fade(fromEdge: band.maxY, inward: -1) }
        }

        var assistive: [TextRun] = []
        var assistiveClip = Rect.zero
        if let row = layout.assistiveRow {
            assistiveClip = place(row)
            let baseline = origin.y + layout.assistiveBaseline
            let leadingOpacity = leadingAssistiveFade.value(at: time)
            var leadingColor = colors.leadingAssistiveText
            if let hintColor, hint != nil, !isInError, state != .disabled { leadingColor = hintColor }
            leadingColor = leadingColor.withAlpha(leadingColor.alpha * leadingOpacity)
            // The hint follows the text's alignment; beside trailing text it stays at the start.
            let alignment = displayedTrailingAssistiveText.isEmpty ? layout.alignment : (layout.isMirrored ? 1 : 0)
            for (index, line) in leadingAssistiveLines.enumerated() where !line.isEmpty {
                let lineWidth = index < leadingAssistiveLineWidths.count ? leadingAssistiveLineWidths[index] : 0
                let x = assistiveClip.minX + max(0, assistiveClip.width - lineWidth) * alignment
                assistive.append(TextRun(text: line, origin: Point(x: x.rounded(), y: baseline + Double(index) * layout.assistiveLineHeight),
                                         font: layout.assistiveFont, color: leadingColor))
            }
            let trailing = displayedTrailingAssistiveText
            if !trailing.isEmpty {
                var color = isOverLimit && trailingAssistiveText.isEmpty ? scheme.error : colors.trailingAssistiveText
                if state == .disabled { color = colors.trailingAssistiveText }
                color = color.withAlpha(color.alpha * trailingAssistiveFade.value(at: time))
                assistive.append(TextRun(text: trailing,
                                         origin: Point(x: (layout.isMirrored ? assistiveClip.minX
                                                           : assistiveClip.maxX - trailingAssistiveWidth).rounded(), y: baseline),
                                         font: layout.assistiveFont, color: color))
            }
        }

        return FieldAppearance(bounds: layout.paintBounds.offsetBy(dx: origin.x, dy: origin.y), shapes: shapes, icons: icons,
                               label: labelRun, labelClip: labelClip, affixes: affixes, affixClip: container,
                               textClip: textClip, placeholder: placeholderRun, selection: selection, textRuns: textRuns,
                               caret: caret, fades: fades, assistive: assistive, assistiveClip: assistiveClip)
    }

    /// Where the caret at the selection's head is drawn with the container's top-left at
    /// `origin`, on whole pixels; nil when it is scrolled out of the band.
    public func caretFrame(origin: Point) -> Rect? {
        guard let placement = caretPlacement(origin: origin), placement.isInBand else { return nil }
        return placement.rect
    }

    /// The caret's rectangle on whole pixels, kept inside the band horizontally even at the very
    /// end of a scrolled or full line, and whether it is vertically in the band (a text area's
    /// caret may be scrolled out).
    func caretPlacement(origin: Point) -> (rect: Rect, isInBand: Bool)? {
        guard let layout, let textLayout else { return nil }
        let metrics = layout.metrics
        let band = layout.textLine.offsetBy(dx: origin.x, dy: origin.y)
        let container = layout.container.offsetBy(dx: origin.x, dy: origin.y)
        let textClip = kind == .textArea ? band
            : Rect(x: band.minX, y: container.minY, width: band.width, height: container.height)
        let rect = textLayout.caretRect(at: editor.selection.head, width: metrics.caretWidth, upstream: caretIsUpstream, after: caretSide)
        let x = max(band.minX, min(band.minX - textLayout.scrollX + rect.minX, textClip.maxX - metrics.caretWidth)).rounded()
        let y = (band.minY - textLayout.scrollY + rect.minY).rounded()
        return (Rect(x: x, y: y, width: metrics.caretWidth, height: rect.height), y + rect.height > textClip.minY && y < textClip.maxY)
    }

    /// The app's `placeholderColor`, or the scheme's; a disabled field's is always the scheme's.
    func placeholderColor(from colors: FieldColors) -> Color {
        state == .disabled ? colors.placeholder : placeholderColor ?? colors.placeholder
    }
}
