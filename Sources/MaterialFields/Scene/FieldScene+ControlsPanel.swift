// The controls panel (`FieldControlsPanel`): a popup that changes a field's configuration live.
extension FieldScene {
    /// The open controls panel, if the open popup is one.
    public var shownControlsPanel: FieldControlsPanel? { activePopup as? FieldControlsPanel }

    /// Opens the controls panel for `field` (nil: a panel saying there is no field to control)
    /// beside the field's container and assistive row (below, else above, right or left: the first
    /// with room; `PopupAnchor.beside`), so it covers nothing of what it edits while the screen has
    /// room on one side of it, and as little as it can where it has none. Where the panel at the
    /// scene's scale has no such room in the window, it is drawn at a smaller scale (not below 1)
    /// that has. `closeKey` closes it as Escape does; `onChange`
    /// hears each change as its QA script step. When the panel closes the field has the keyboard
    /// again (focused, if it can be). False when the host shows no popups.
    @discardableResult
    public func openControlsPanel(for field: TextField?, closeKey: (EditingKey, KeyModifiers)? = nil,
                                  onChange: ((String) -> Void)? = nil) -> Bool {
        isSettled = false
        arrangeIfNeeded()
        let time = currentTime
        let beside = controlsPanelBesideRect(for: field)
        var panel = FieldControlsPanel(field: field, scene: self, scheme: scheme, metrics: metrics, measurer: measurer, at: time)
        if let beside {
            // Too big to sit beside the field in the window at the scene's scale (scale 2 on a
            // 900-pixel screen): a smaller panel, a quarter scale at a time down to 1, that fits.
            var scale = metrics.scale
            while scale > 1, !Self.controlsPanel(panel.surfaceSize, scale: scale, fitsBeside: beside, in: size) {
                scale = max(1, scale - 0.25)
                panel = FieldControlsPanel(field: field, scene: self, scheme: scheme, metrics: MaterialMetrics(scale: scale),
                                           measurer: measurer, at: time)
            }
        }
        panel.besideRect = beside
        panel.closeKey = closeKey
        panel.onChange = onChange
        panel.onDismiss = { [weak self, weak panel] in
            guard let self, let panel, panel === self.activePopup else { return }
            self.closePopup(reason: .dismissed)
        }
        let anchor: PopupAnchor = beside.map { .beside($0) } ?? .point(Point(x: 0, y: 0))
        guard showPopup(panel, anchor: anchor) else { return false }
        return true
    }

    /// Where the panel goes: beside the field's container and the assistive row it may grow.
    func controlsPanelBesideRect(for field: TextField?) -> Rect? {
        guard let field, let frame = frame(of: field) else { return nil }
        // Room below the container for an assistive row the panel may add (a helper text, an
        // error message), so the panel does not cover what it makes appear.
        let container = field.layout?.container.height ?? frame.height
        let height = max(field.preferredHeight ?? frame.height, container + (24 * metrics.scale).rounded()) + (4 * metrics.scale).rounded()
        let room = Rect(x: frame.minX, y: frame.minY, width: frame.width, height: height)
        // And everything it paints: an outlined field's floating label rises above its frame.
        return outerFrame(of: field).map { room.union($0) } ?? room
    }

    /// The open panel's field moved or grew under it (the page scrolled to keep it in view after
    /// an edit added its error row): the host shows the panel again beside where the field is now.
    /// Only when the panel has come to cover the field where it covered nothing of it when placed
    /// (a field moving elsewhere, or a panel that had no room anyway, stays put: no window made
    /// again every frame of a scroll). A host that cannot show it again has closed it.
    func keepControlsPanelBesideItsField() {
        guard let panel = shownControlsPanel, let placed = panel.besideRect, let placement = panel.placement,
              let now = controlsPanelBesideRect(for: panel.field), now != placed, let host else { return }
        guard !placement.intersection(now).isEmpty, placement.intersection(placed).isEmpty else { return }
        panel.besideRect = now
        if !host.showPopup(panel, anchor: .beside(now)) { popupWasClosed(panel, reason: .windowChanged) }
    }

    /// A panel of `surface` size at `scale`, with its shadow's margin, fits in `window` (from 0, 0)
    /// below, above, right or left of `rect` without covering it.
    static func controlsPanel(_ surface: Size, scale: Double, fitsBeside rect: Rect, in window: Size) -> Bool {
        let margins = PopupElevation.margins(scale: scale)
        let width = surface.width + margins.left + margins.right, height = surface.height + margins.top + margins.bottom
        let fitsAcross = width <= window.width, fitsDown = height <= window.height
        return (fitsAcross && rect.maxY + height <= window.height) || (fitsAcross && rect.minY - height >= 0)
            || (fitsDown && rect.maxX + width <= window.width) || (fitsDown && rect.minX - width >= 0)
    }

    /// Gives `field` the keyboard back after its controls panel closed: focused when it can be
    /// (it may have been disabled meanwhile).
    func controlsPanelDidClose(_ panel: FieldControlsPanel) {
        guard let field = panel.field, field.isEnabled, !field.isFocused, focusChain.contains(field) else { return }
        focus(field, at: currentTime)
    }
}
