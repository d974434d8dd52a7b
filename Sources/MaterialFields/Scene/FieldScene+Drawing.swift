// Time and drawing: advancing the model, rendering what changed, the input method's spot.
extension FieldScene {
    // MARK: Time and drawing

    /// The field and point (field coordinates) of a drag held beyond its text band, if any.
    var autoscrollTarget: (TextField, Point)? {
        guard let field = pointerField, let point = dragLocation, let frame = frame(of: field) else { return nil }
        let local = Point(x: point.x - frame.minX, y: point.y - frame.minY)
        return field.isBeyondTextBand(local) ? (field, local) : nil
    }

    public func nextWakeup(after time: Double) -> Double? {
        if pendingDamage != nil || needsArrangement || !staleFields.isEmpty || overlayNeedsUpdate { return time }
        if autoscrollTarget != nil { return max(time, lastAutoscroll + Self.autoscrollInterval) }
        let popupWakeup = activePopup?.nextWakeup(after: time).map { max(time, $0) }
        // With no stale field, only a live one can be animating or blinking (`liveFields`).
        // A field drawn mid-animation still owes its final frame, even when the animation has
        // ended by the time the host asks.
        var wakeup = popupWakeup
        for place in liveFields {
            let field = fields[place]
            if field.isAnimating(at: lastRenderTime) { return time }
            if let change = field.nextChange(after: time, windowFocused: isWindowFocused) { wakeup = min(wakeup ?? change, change) }
        }
        return wakeup
    }

    public func settle() {
        fields.forEach { $0.settle() }
        isSettled = true
        staleFields = Set(fields.map(ObjectIdentifier.init))
    }

    func appearance(of field: TextField, at time: Double) -> FieldAppearance? {
        guard let frame = frame(of: field) else { return nil }
        let visible = Rect(x: 0, y: 0, width: size.width, height: size.height)
        guard let layout = field.layout, layout.paintBounds.offsetBy(dx: frame.minX, dy: frame.minY).intersects(visible) else {
            return nil
        }
        let caretOn = isWindowFocused && (isSettled || field.isCaretVisible(at: time))
        var appearance = field.appearance(at: time, origin: Point(x: frame.minX, y: frame.minY), scheme: scheme, showsCaret: caretOn,
                                          windowIsActive: isWindowFocused, selectionDisplay: selectionDisplay)
        appearance?.dropCaret = dropCaret(of: field, origin: Point(x: frame.minX, y: frame.minY))
        return appearance
    }

    /// Brings the scene to `time`: the page arranged if a field's height changed, a drag held
    /// beyond a field's text one autoscroll step on when one is due, every field's motion, and
    /// hover and the pointer shape for what is under a still pointer now (focus showed the clear
    /// button, an icon got an action). True when the autoscroll changed a selection.
    @discardableResult
    public func advance(to time: Double) -> Bool {
        // A host that did not say the first frame was presented: the second frame lays
        // everything out here, before it is drawn (`render` changes nothing in the model).
        if hasDrawnFrame { completeProvisionalArrangement() }
        arrangeIfNeeded()
        var changed = false
        if let (field, point) = autoscrollTarget, time >= lastAutoscroll + Self.autoscrollInterval {
            lastAutoscroll = time
            changed = field.pointerDragged(to: point, time: time)
        }
        // Only a field whose state may have changed (it told the scene), that is being edited or
        // that is moving has motion to bring on: the others' transitions rest at their targets.
        for place in placesToVisit() {
            let field = fields[place]
            if staleFields.contains(ObjectIdentifier(field)) || field.isFocused || field.isAnimating(at: lastRenderTime) {
                field.advance(to: time)
            }
        }
        if needsHoverUpdate {
            needsHoverUpdate = false
            updateHover()
        }
        if let popup = activePopup, popup.advance(to: time) { changed = true }
        return changed
    }

    /// Draws what changed since the last render. It reads the fields and the page as `advance(to:)`
    /// left them; what it keeps is its own (what it drew, the damage, the input method's spot).
    public func render(on canvas: Canvas, at time: Double) -> [Rect] {
        hasDrawnFrame = true
        let window = Rect(x: 0, y: 0, width: size.width, height: size.height)
        var damage = DamageRegion()
        if let pending = pendingDamage { damage.add(pending) }
        pendingDamage = nil
        // Only time changes a field nobody touched: one that is neither editing (the caret
        // blinks) nor animating now or at the last frame looks as it did, and keeps its entry.
        // Those are the fields outside `placesToVisit()`; the live ones left are kept for the
        // next frame.
        var live: [Int] = []
        let visits = placesToVisit()
        lastRenderVisits = visits.count
        for place in visits {
            let field = fields[place]
            let isFocused = field.isFocused, isAnimating = field.isAnimating(at: time)
            if isFocused || isAnimating { live.append(place) }
            let unchanged = !staleFields.contains(ObjectIdentifier(field)) && !isFocused
                && !field.isAnimating(at: lastRenderTime) && !isAnimating
            if unchanged { continue }
            let appearance = self.appearance(of: field, at: time)
            switch (drawn[place], appearance) {
            case (nil, nil): break
            case (let old?, nil): damage.add(old.bounds)
            case (nil, let new?): damage.add(new.bounds)
            case (let old?, let new?): if let change = new.damage(since: old) { damage.add(change) }
            }
            drawn[place] = appearance
            drawnBounds[place] = appearance?.bounds
        }
        liveFields = live
        staleFields.removeAll(keepingCapacity: true)
        lastRenderTime = time
        if inputSpotIsStale { updateInputMethodSpot() }

        func visible(_ damage: DamageRegion) -> [Rect] { damage.rects.map { $0.integral.intersection(window) }.filter { !$0.isEmpty } }
        // Cleared whatever the overlay is now: one shown and hidden again between two renders
        // must not leave the scene asking for frames forever.
        overlayNeedsUpdate = false
        if overlay != nil || drawnOverlay != nil {
            var content = OverlayContent.empty
            if let overlay, let measurer {
                // The frame number shown is this frame's if it is drawn; a frame nothing else
                // draws keeps the number on screen, so an unchanged overlay repaints nothing.
                let quiet = visible(damage).isEmpty
                content = overlay.content(of: self, frame: drawnFrameCount + (quiet ? 0 : 1), at: time, measurer: measurer)
                if quiet && content != (drawnOverlay ?? .empty) {
                    content = overlay.content(of: self, frame: drawnFrameCount + 1, at: time, measurer: measurer)
                }
            }
            content.addDamage(since: drawnOverlay ?? .empty, to: &damage)
            drawnOverlay = overlay == nil ? nil : content
        }

        let regions = visible(damage)
        if !regions.isEmpty { drawnFrameCount += 1 }
        for region in regions {
            canvas.pushClip(region)
            canvas.fill(region, color: scheme.surface)
            for decoration in decorations {
                let frame = decoration.frame.offsetBy(dx: 0, dy: -scroll.offset)
                guard frame.intersects(region) else { continue }
                canvas.pushClip(frame)
                canvas.drawText(decoration.text, at: Point(x: frame.minX, y: decoration.baseline - scroll.offset),
                                font: decoration.font, color: decoration.color)
                canvas.popClip()
            }
            for (place, bounds) in drawnBounds.enumerated() {
                guard let bounds, bounds.intersects(region), let appearance = drawn[place] else { continue }
                FieldRenderer.draw(appearance, on: canvas)
            }
            if let thumb = scroll.indicator(scale: metrics.scale), thumb.intersects(region) {
                canvas.fill(.roundedRectangle(thumb, radii: CornerRadii(all: thumb.width / 2)),
                            color: scheme.onSurface.withAlpha(scheme.opacities.scrollIndicator))
            }
            for layer in drawnOverlay?.layers ?? [] where layer.bounds.intersects(region) { layer.draw(on: canvas) }
            canvas.popClip()
        }
        // The controls panel's edits may move its field (a page scrolled to keep a grown field
        // in view): the panel moves with it, after this frame is drawn.
        keepControlsPanelBesideItsField()
        return regions
    }

    /// Tells the host where the caret is when it moved, so input-method windows follow it.
    func updateInputMethodSpot() {
        inputSpotIsStale = false
        guard let field = focusedField, let caret = field.caretRect, let frame = frame(of: field) else { return }
        let spot = caret.offsetBy(dx: frame.minX, dy: frame.minY)
        guard spot != inputSpot else { return }
        inputSpot = spot
        host?.setInputMethodSpot(spot)
    }
}
