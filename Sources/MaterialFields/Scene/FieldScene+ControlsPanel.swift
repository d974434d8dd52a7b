// The controls panel (`FieldControlsPanel`): a popup that changes a field's configuration live.
extension FieldScene {
    /// The open controls panel, if the open popup is one.
    public var shownControlsPanel: FieldControlsPanel? { activePopup as? FieldControlsPanel }

    /// Opens the controls panel for `field` (nil: a panel saying there is no field to control)
    /// beside the field's container and assistive row (below, else above, right or left: the first
    /// with room; `PopupAnchor.beside`), so it covers nothing of what it edits while the screen has
    /// room on one side of it, and as little as it can where it has none. `closeKey` closes it as Escape does; `onChange`
    /// hears each change as its QA script step. When the panel closes the field has the keyboard
    /// again (focused, if it can be). False when the host shows no popups.
    @discardableResult
    public func openControlsPanel(for field: TextField?, closeKey: (EditingKey, KeyModifiers)? = nil,
                                  onChange: ((String) -> Void)? = nil) -> Bool {
        isSettled = false
        arrangeIfNeeded()
        let time = currentTime
        let panel = FieldControlsPanel(field: field, scene: self, scheme: scheme, metrics: metrics, measurer: measurer, at: time)
        panel.closeKey = closeKey
        panel.onChange = onChange
        panel.onDismiss = { [weak self, weak panel] in
            guard let self, let panel, panel === self.activePopup else { return }
            self.closePopup(reason: .dismissed)
        }
        let anchor: PopupAnchor
        if let field, let frame = frame(of: field) {
            // Room below the container for an assistive row the panel may add (a helper text, an
            // error message), so the panel does not cover what it makes appear.
            let container = field.layout?.container.height ?? frame.height
            let height = max(field.preferredHeight ?? frame.height, container + (24 * metrics.scale).rounded()) + (4 * metrics.scale).rounded()
            anchor = .beside(Rect(x: frame.minX, y: frame.minY, width: frame.width, height: height))
        } else {
            anchor = .point(Point(x: 0, y: 0))
        }
        guard showPopup(panel, anchor: anchor) else { return false }
        return true
    }

    /// Gives `field` the keyboard back after its controls panel closed: focused when it can be
    /// (it may have been disabled meanwhile).
    func controlsPanelDidClose(_ panel: FieldControlsPanel) {
        guard let field = panel.field, field.isEnabled, !field.isFocused, focusChain.contains(field) else { return }
        focus(field, at: currentTime)
    }
}
