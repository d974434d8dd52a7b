// What the field shows at an instant: it gathers what the decoration and the text painter need
// (Decoration/) and puts their output together.
extension TextField {
    // MARK: Appearance

    /// The grey of a selection in a field not being edited: on-surface at this opacity (Material's;
    /// high contrast's is 75 %, the selected text drawn over it in the surface colour).
    static let inactiveSelectionAlpha = SchemeOpacities.standard.inactiveSelection

    /// The colours the field is drawn in for its current state (hover and error included, the
    /// app's `colorOverrides` applied) in `scheme`, once its transitions have ended: what
    /// `appearance` paints when no error is easing in or out.
    public func resolvedColors(in scheme: ColorScheme) -> FieldColors {
        FieldDecorator.colors(scheme: scheme, state: state, isHovered: isHovered, overrides: colorOverrides,
                              errorEmphasis: isInError ? 1 : 0, container: style.container)
    }

    /// What the field shows at `time` with its container's top-left at `origin`. It only reads:
    /// `advance(to:)` brings the field's motion to `time` first (the scene does before drawing).
    /// - Parameters:
    ///   - showsCaret: false while the window is inactive or the caret is in its off phase.
    ///   - windowIsActive: false while another window has the keyboard: a selection is drawn grey
    ///     then, as in a field not being edited (GTK's backdrop, Qt's inactive palette).
    ///   - selectionDisplay: whether a field not being edited draws the selection it keeps (a
    ///     scene passes its own; by default only the field being edited does, as on the desktop).
    public func appearance(at time: Double, origin: Point, scheme: ColorScheme, showsCaret: Bool,
                           windowIsActive: Bool = true, selectionDisplay: SelectionDisplay = .focusedFieldOnly) -> FieldAppearance? {
        guard let layout, let textLayout else { return nil }
        let colors = FieldDecorator.colors(scheme: scheme, state: state, isHovered: isHovered, overrides: colorOverrides,
                                           errorEmphasis: motion.errorEmphasis.value(at: time), container: style.container)
        let decoration = FieldDecorator(decorationInput(layout: layout, at: time, origin: origin, scheme: scheme, colors: colors))
            .decorate()

        // An input method's preedit is drawn in the text, in place of the selection (TextField+Composition).
        let composed = composedText()
        let runColors = self.runColors(scheme: scheme, colors: colors)
        let text = TextPainter(textLayout: composed?.layout ?? textLayout, band: decoration.textBand, clip: decoration.textClip, kind: kind,
                               measurer: measurer, runColors: runColors)
        let editorSelection = editor.selection
        var selection: [ShapeFill] = []
        var composition: [ShapeFill] = []
        if let composed {
            (selection, composition) = text.compositionShapes(composed, scale: layout.metrics.scale, underline: colors.inputText,
                                                              highlight: colors.selection)
        } else if state != .disabled && !editorSelection.isCaret && selectionDisplay.drawsSelection(isEditing: state == .editing) {
            // A field not being edited keeps its selection; drawn (`.everyField`), it is grey.
            let color = state == .editing && windowIsActive ? colors.selection
                : scheme.onSurface.withAlpha(scheme.opacities.inactiveSelection)
            selection = text.selectionShapes(for: editorSelection.range, color: color)
        }
        var caret: ShapeFill?
        if showsCaret && state == .editing && (editorSelection.isCaret || composed != nil), let rect = caretFrame(origin: origin) {
            caret = ShapeFill(path: .rectangle(rect), color: colors.caret)
        }
        let styleShapes = text.styleShapes(color: colors.inputText)
        var appearance = FieldAppearance(bounds: decoration.bounds, shapes: decoration.shapes, icons: decoration.icons,
                               label: decoration.label, labelClip: decoration.labelClip, affixes: decoration.affixes,
                               affixClip: decoration.affixClip, textClip: decoration.textClip, placeholder: decoration.placeholder,
                               selection: selection, textRuns: text.textRuns(color: colors.inputText),
                               selectedTextColor: selection.isEmpty ? nil : colors.selectedText, composition: composition, caret: caret,
                               fades: text.fades(background: decoration.background, scale: layout.metrics.scale),
                               assistive: decoration.assistive, assistiveClip: decoration.assistiveClip,
                               backgroundImage: decoration.image)
        appearance.textBackgrounds = styleShapes.backgrounds
        appearance.textDecorations = styleShapes.lines
        if let placed = decoration.placeholder,
           let styled = styledPlaceholderPaint(placed, clip: decoration.textClip,
                                               color: styledPlaceholderColor(placed.color, scheme: scheme), scale: layout.metrics.scale,
                                               runColors: runColors) {
            appearance.placeholder = nil
            appearance.placeholderRuns = styled.runs
            appearance.textBackgrounds += styled.backgrounds
            appearance.textDecorations += styled.lines
        }
        appearance.placeholderClip = decoration.placeholderClip
        askDrawingHooks(into: &appearance, layout: layout, origin: origin, scheme: scheme, colors: colors,
                        font: (composed?.layout ?? textLayout).font)
        return appearance
    }

    /// How styled runs' colours show in this state and scheme (`TextPainter.RunColors`).
    func runColors(scheme: ColorScheme, colors: FieldColors) -> TextPainter.RunColors {
        if scheme.contrast != .standard { return .forced }
        return state == .disabled ? .faded(alpha: colors.inputText.alpha) : .asSet
    }

    /// What the app's `drawText(in:context:)` and, while the placeholder shows,
    /// `drawPlaceholder(in:context:)` draw, kept in the appearance when not the default alone.
    private func askDrawingHooks(into appearance: inout FieldAppearance, layout: FieldLayout, origin: Point, scheme: ColorScheme,
                                 colors: FieldColors, font: FontSpec) {
        // A hook asking for the field's appearance gets it without its own drawing.
        guard !isAskingDrawingHooks else { return }
        isAskingDrawingHooks = true
        defer { isAskingDrawingHooks = false }
        let textRect = layout.textLine.offsetBy(dx: origin.x, dy: origin.y)
        let context = FieldDrawingContext(rect: textRect, text: { [weak self] in self?.displayedCharactersForDrawing() ?? "" }, color: colors.inputText,
                                          font: font, scheme: scheme, scale: layout.metrics.scale, measurer: measurer)
        drawText(in: textRect, context: context)
        appearance.customText = context.finished()
        if let placeholder = appearance.placeholder {
            let rect = (layout.placeholderBand ?? layout.textLine).offsetBy(dx: origin.x, dy: origin.y)
            let context = FieldDrawingContext(rect: rect, text: { placeholder.text }, color: placeholder.color, font: placeholder.font,
                                              scheme: scheme, scale: layout.metrics.scale, measurer: measurer)
            drawPlaceholder(in: rect, context: context)
            appearance.customPlaceholder = context.finished()
        }
    }

    /// The text as the field draws it: a secure field's dots unless its eye shows it.
    private func displayedCharactersForDrawing() -> String { textLayout?.text.string ?? "" }

    /// What the decoration needs of the field at `time`.
    func decorationInput(layout: FieldLayout, at time: Double, origin: Point, scheme: ColorScheme,
                         colors: FieldColors) -> DecorationInput {
        DecorationInput(
            layout: layout, origin: origin, scheme: scheme, colors: colors, style: style, kind: kind,
            state: state, isHovered: isHovered, isInError: isInError, layoutDirection: layoutDirection,
            labelFloat: motion.labelFloat.value(at: time), activation: motion.activation.value(at: time), activationTarget: motion.activation.target,
            activationOrigin: motion.activationOrigin, leadingAssistiveOpacity: motion.leadingAssistiveFade.value(at: time),
            trailingAssistiveOpacity: motion.trailingAssistiveFade.value(at: time),
            label: labelText, labelPosition: labelPosition,
            placeholder: placeholder, isPlaceholderVisible: isPlaceholderVisible, placeholderColor: placeholderColor,
            transformedPlaceholderColor: transformedPlaceholderColor,
            prefix: prefixText, suffix: suffixText, areAffixesVisible: areAffixesVisible,
            leadingIcon: isLeadingIconVisible ? leadingIcon : nil, trailingIcon: isTrailingIconVisible ? displayedTrailingIcon : nil,
            showsClearButton: isClearButtonVisible, textBackground: textBackground,
            backgroundImage: drawnBackground(in: scheme)?.image,
            assistive: AssistiveInput(leadingLines: assistive.leadingLines, leadingLineWidths: assistive.leadingLineWidths,
                                      hintColor: hint != nil ? hintColor : nil, trailing: displayedTrailingAssistiveText,
                                      trailingWidth: assistive.trailingWidth,
                                      trailingIsOverLimit: isOverLimit && trailingAssistiveText.isEmpty))
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
        let band = layout.textLine.offsetBy(dx: origin.x, dy: origin.y)
        let container = layout.container.offsetBy(dx: origin.x, dy: origin.y)
        let clip = FieldDecorator.textClip(band: band, container: container, kind: kind)
        // While an input method composes, its own caret inside the preedit.
        if let composed = composedText() {
            return TextPainter(textLayout: composed.layout, band: band, clip: clip, kind: kind)
                .caretPlacement(at: composed.caret, width: layout.metrics.caretWidth, upstream: false, after: nil)
        }
        return TextPainter(textLayout: textLayout, band: band, clip: clip, kind: kind)
            .caretPlacement(at: editor.selection.head, width: layout.metrics.caretWidth, upstream: editor.caret.isUpstream, after: editor.caret.side)
    }
}
