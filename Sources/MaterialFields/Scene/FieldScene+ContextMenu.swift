// The context menu: a right-click in a field, the Menu key or Shift+F10 at the caret.
extension FieldScene {
    /// Whether a key opens the focused field's context menu: the Menu key, or Shift+F10.
    func opensContextMenu(_ key: EditingKey, _ modifiers: KeyModifiers) -> Bool {
        switch key {
        case .menu: return true
        case .function(10): return modifiers.subtracting(.alt) == .shift
        default: return false
        }
    }

    /// A right-click in `field` (at `local`, field coordinates): focuses it, moves the caret
    /// there unless the press is inside the selection (as GTK does), and opens the menu at the
    /// pointer. The press stays held, so releasing it over an item after moving there acts.
    func secondaryPress(in field: TextField, at local: Point, windowPoint: Point, time: Double) -> Bool {
        guard field.isEnabled else { return false }
        if !field.isFocused {
            guard takeFocus(for: field, at: time) else { return true }
        }
        if field.part(at: local) == .text {
            let offset = field.editor.caretOffset(nearestTo: local).offset
            let selection = field.selection
            let inside = !selection.isCaret && (selection.lowerBound...selection.upperBound).contains(offset)
            if !inside {
                field.pointerDown(at: local, extending: false, time: time)
                field.pointerUp()
            }
        }
        openContextMenu(for: field, at: windowPoint, time: time, pressHeld: true)
        return true
    }

    /// Opens `field`'s context menu: at `point` (window coordinates; the pointer), or below its
    /// caret when nil (the keyboard, which then highlights the first item and shows mnemonics).
    /// The items are `MenuItem.standardItems`, passed through the delegate's
    /// `textField(_:editMenuForCharactersIn:suggestedActions:)`. Paste is enabled when the
    /// CLIPBOARD's owner answers that it holds text. False when there is nothing to show or the
    /// host shows no popups.
    @discardableResult
    public func openContextMenu(for field: TextField, at point: Point?, time: Double) -> Bool {
        openContextMenu(for: field, at: point, time: time, pressHeld: false)
    }

    @discardableResult
    func openContextMenu(for field: TextField, at point: Point?, time: Double, pressHeld: Bool) -> Bool {
        isSettled = false
        lastEventTime = time
        arrangeIfNeeded()
        guard let measurer, field.isEnabled, let frame = frame(of: field) else { return false }
        let suggested = MenuItem.standardItems(for: field, clipboardHasText: false)
        let items = field.delegate?.textField(field, editMenuForCharactersIn: field.selection.range, suggestedActions: suggested)
            ?? suggested
        guard items.contains(where: { !$0.isDivider }) else { return false }
        let menu = ContextMenu(items: items, field: field, scene: self, scheme: scheme, metrics: metrics, measurer: measurer,
                               openedByKeyboard: point == nil, pressHeld: pressHeld)
        let anchor: PopupAnchor
        if let point {
            anchor = .point(point)
        } else if field.isFocused, let caret = field.caretRect {
            anchor = PopupAnchor(rect: caret.offsetBy(dx: frame.minX, dy: frame.minY))
        } else {
            anchor = .point(Point(x: frame.minX, y: frame.minY + (field.layout?.container.maxY ?? 0)))
        }
        guard showPopup(menu, anchor: anchor) else { return false }
        // Paste waits for the clipboard's owner: its TARGETS say whether it holds text.
        let pasteWaits = items.contains { item in
            guard item.identifier == .paste, case .command(.paste)? = item.action else { return false }
            return !item.isEnabled
        }
        if pasteWaits, field.isFocused {
            host?.requestSelectionHasText(.clipboard) { [weak menu] hasText in
                guard let menu, menu.closeReason == nil else { return }
                menu.setEnabled(hasText, for: .paste)
            }
        }
        return true
    }

    /// The open menu on `field` says again which items can act, after the text changed under it
    /// (an input method's late commit): the standard items as the delegate shapes them now;
    /// Paste keeps what the clipboard answered.
    func refreshContextMenu(for field: TextField) {
        guard let menu = shownContextMenu, menu.field === field else { return }
        let pasteEnabled = menu.items.first { $0.identifier == .paste }?.isEnabled ?? false
        let suggested = MenuItem.standardItems(for: field, clipboardHasText: pasteEnabled)
        let items = field.delegate?.textField(field, editMenuForCharactersIn: field.selection.range, suggestedActions: suggested)
            ?? suggested
        for item in items where !item.isDivider && item.identifier != .paste
            && menu.items.contains(where: { $0.identifier == item.identifier }) {
            menu.setEnabled(item.isEnabled, for: item.identifier)
        }
    }

    /// The open context menu, if the open popup is one.
    public var shownContextMenu: ContextMenu? { activePopup as? ContextMenu }
}
