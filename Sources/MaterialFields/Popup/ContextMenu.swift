/// A field's context menu as a Material menu (a `ScenePopup`): 48 px items at scale 1 in a
/// surface with 8 px of vertical padding, 16 px on each side of the text, at least 112 px wide,
/// body text with its keyboard shortcut on the right in a secondary colour, dividers between
/// groups. Keyboard: Up and Down (wrapping, over disabled items and dividers), Home and End,
/// Enter or Space acts, Escape closes, a mnemonic letter acts (a first letter several items share
/// jumps between them). Pointer: hover highlights, a click acts (released over another item than
/// it pressed, that one), and releasing the button that opened the menu over an item after moving
/// onto it acts (press, drag, release, as in GTK).
public final class ContextMenu: ScenePopup {
    /// The field the menu acts on.
    public private(set) weak var field: TextField?
    public private(set) var items: [MenuItem]
    /// The item the keyboard or the pointer points at.
    public private(set) var highlightedIndex: Int?
    public let scheme: ColorScheme
    public let metrics: MaterialMetrics
    public var needsRender = true
    public var placement: Rect?
    /// Opened from the keyboard: the first enabled item is highlighted and mnemonics are underlined.
    public let openedByKeyboard: Bool
    public private(set) var surfaceSize = Size(width: 0, height: 0)
    public private(set) var itemFrames: [Rect] = []
    /// Why it closed, once closed.
    public private(set) var closeReason: PopupCloseReason?

    weak var scene: FieldScene?
    private let measurer: TextMeasuring
    /// The press that opened the menu is still held (a release over an item after moving acts).
    private var openingPressHeld: Bool
    private var movedSinceOpening = false
    /// A press inside the menu is held: its release over an enabled item acts (on the item it
    /// pressed or another it was dragged to, as in GTK).
    private var pressedInside = false
    /// Told after an item acted (from the keyboard, the pointer or `activate(_:)`), with the
    /// instant it acted at: a session recorder writes what the item did as a step of its own.
    public var onActivated: ((MenuItem, Double) -> Void)?

    public var cornerRadius: Double { metrics.cornerRadius }
    var titleFont: FontSpec { FontSpec(pixelSize: 16 * metrics.scale) }
    var shortcutFont: FontSpec { FontSpec(pixelSize: 14 * metrics.scale) }
    var itemHeight: Double { (48 * metrics.scale).rounded() }
    var dividerHeight: Double { (16 * metrics.scale).rounded() + metrics.strokeWidth }
    var verticalPadding: Double { (8 * metrics.scale).rounded() }
    var horizontalPadding: Double { (16 * metrics.scale).rounded() }

    public init(items: [MenuItem], field: TextField?, scene: FieldScene?, scheme: ColorScheme, metrics: MaterialMetrics,
                measurer: TextMeasuring, openedByKeyboard: Bool, pressHeld: Bool = false) {
        self.items = items
        self.field = field
        self.scene = scene
        self.scheme = scheme
        self.metrics = metrics
        self.measurer = measurer
        self.openedByKeyboard = openedByKeyboard
        self.openingPressHeld = pressHeld
        layOut()
        if openedByKeyboard { highlightedIndex = actionableIndices.first }
    }

    private func layOut() {
        let s = metrics.scale
        var width = 112 * s
        let gap = 48 * s
        for item in items where !item.isDivider {
            var content = measurer.advance(of: item.title, font: titleFont)
            if let shortcut = item.shortcut { content += gap + measurer.advance(of: shortcut, font: shortcutFont) }
            width = max(width, content + 2 * horizontalPadding)
        }
        width = width.rounded(.up)
        var y = verticalPadding
        itemFrames = items.map { item in
            let height = item.isDivider ? dividerHeight : itemHeight
            defer { y += height }
            return Rect(x: 0, y: y, width: width, height: height)
        }
        surfaceSize = Size(width: width, height: y + verticalPadding)
    }

    /// Items that can act, in order.
    var actionableIndices: [Int] { items.indices.filter { items[$0].isEnabled && !items[$0].isDivider } }

    /// The item at `point` (surface coordinates), divider or not.
    public func itemIndex(at point: Point) -> Int? {
        itemFrames.firstIndex { $0.contains(point) }
    }

    /// Sets an item's enabled flag after the menu opened (Paste once the clipboard answered).
    public func setEnabled(_ enabled: Bool, for identifier: MenuItem.Identifier) {
        var changed = false
        for index in items.indices where items[index].identifier == identifier && items[index].isEnabled != enabled {
            items[index].isEnabled = enabled
            changed = true
        }
        guard changed else { return }
        if let highlighted = highlightedIndex, !items[highlighted].isEnabled { highlightedIndex = nil }
        if openedByKeyboard && highlightedIndex == nil { highlightedIndex = actionableIndices.first }
        setChanged()
    }

    private func setChanged() {
        needsRender = true
        scene?.host?.setNeedsRender()
    }

    private func highlight(_ index: Int?) -> Bool {
        guard index != highlightedIndex else { return false }
        highlightedIndex = index
        setChanged()
        return true
    }

    // MARK: Events

    @discardableResult
    public func handle(_ event: InputEvent, at time: Double) -> Bool {
        guard closeReason == nil else { return false }
        switch event {
        case .key(let key, let modifiers):
            return handleKey(key, modifiers, at: time)
        case .text(let text), .inputMethodText(let text):
            if text == " " { return activateHighlighted(at: time) }
            guard let letter = text.lowercased().first, text.count == 1 else { return false }
            return choose(letter: letter, at: time)
        case .pointerMoved(let point, _):
            if openingPressHeld { movedSinceOpening = true }
            let index = itemIndex(at: point).flatMap { items[$0].isEnabled && !items[$0].isDivider ? $0 : nil }
            return highlight(index)
        case .pointerExited:
            return highlight(nil)
        case .pointerDown:
            openingPressHeld = false
            pressedInside = true
            return false
        case .pointerUp(let point, _):
            let index = itemIndex(at: point)
            defer { pressedInside = false; openingPressHeld = false }
            guard let index, items[index].isEnabled, !items[index].isDivider else { return false }
            // A click in the menu, or the opening press dragged onto the item and released.
            guard pressedInside || (openingPressHeld && movedSinceOpening) else { return false }
            return activate(index, at: time)
        case .scroll, .windowFocus, .preeditChanged:
            return false
        }
    }

    private func handleKey(_ key: EditingKey, _ modifiers: KeyModifiers, at time: Double) -> Bool {
        let actionable = actionableIndices
        switch key {
        case .escape:
            scene?.closePopup(reason: .dismissed)
            return true
        case .down, .up:
            guard !actionable.isEmpty else { return false }
            guard let current = highlightedIndex, let position = actionable.firstIndex(of: current) else {
                return highlight(key == .down ? actionable.first : actionable.last)
            }
            let step = key == .down ? 1 : actionable.count - 1
            return highlight(actionable[(position + step) % actionable.count])
        case .home:
            return highlight(actionable.first)
        case .end:
            return highlight(actionable.last)
        case .enter:
            return activateHighlighted(at: time)
        case .shortcut(let character) where !modifiers.contains(.control):
            // Alt with a letter: the mnemonic, as in GTK.
            return choose(letter: Character(character.lowercased()), at: time)
        case .menu:
            scene?.closePopup(reason: .dismissed)
            return true
        default:
            return false
        }
    }

    private func activateHighlighted(at time: Double) -> Bool {
        guard let index = highlightedIndex else { return false }
        return activate(index, at: time)
    }

    /// A letter typed: the one enabled item whose mnemonic it is acts; else it moves to the next
    /// enabled item whose title starts with it (one such item acts).
    private func choose(letter: Character, at time: Double) -> Bool {
        let actionable = actionableIndices
        let byMnemonic = actionable.filter { items[$0].mnemonic.map { Character($0.lowercased()) } == letter }
        if byMnemonic.count == 1 { return activate(byMnemonic[0], at: time) }
        let byInitial = actionable.filter { items[$0].title.lowercased().first == letter }
        if byInitial.count == 1, byMnemonic.isEmpty { return activate(byInitial[0], at: time) }
        let candidates = byMnemonic.isEmpty ? byInitial : byMnemonic
        guard !candidates.isEmpty else { return false }
        let next = candidates.first { $0 > (highlightedIndex ?? -1) } ?? candidates[0]
        return highlight(next)
    }

    /// The item acts now, at the field's clock (an assistive technology's click); false when it
    /// cannot (a divider, a disabled item, a closed menu).
    @discardableResult
    public func activate(_ index: Int) -> Bool {
        guard closeReason == nil else { return false }
        return activate(index, at: field?.now ?? 0)
    }

    /// The item acts: the menu closes first (the field has the keys back), then the action runs.
    @discardableResult
    public func activate(_ index: Int, at time: Double) -> Bool {
        guard items.indices.contains(index), items[index].isEnabled, let action = items[index].action else { return false }
        let field = self.field, scene = self.scene
        scene?.closePopup(reason: .activated)
        defer { onActivated?(items[index], time) }
        switch action {
        case .command(let command):
            guard let field, let scene, field.isFocused else { return true }
            scene.perform(command, at: time)
        case .insertEmoji:
            guard let field, let scene else { return true }
            scene.openEmojiChooser(for: field)
        case .handler(let handler):
            guard let field else { return true }
            handler(field)
        }
        return true
    }

    public func popupDidClose(reason: PopupCloseReason) {
        closeReason = reason
    }

    // MARK: Drawing

    public func render(on canvas: Canvas) {
        needsRender = false
        let surface = Rect(x: 0, y: 0, width: surfaceSize.width, height: surfaceSize.height)
        canvas.fill(.roundedRectangle(surface, radii: CornerRadii(all: cornerRadius)),
                    color: PopupElevation.surfaceColor(for: scheme))
        let high = scheme.contrast == .high
        let titleMetrics = measurer.lineMetrics(for: titleFont)
        for (index, item) in items.enumerated() {
            let frame = itemFrames[index]
            if item.isDivider {
                let line = Rect(x: 0, y: (frame.midY - metrics.strokeWidth / 2).rounded(), width: frame.width,
                                height: metrics.strokeWidth)
                canvas.fill(line, color: scheme.onSurface.withAlpha(high ? 0.75 : 0.12))
                continue
            }
            let highlighted = index == highlightedIndex
            if highlighted {
                canvas.fill(frame, color: high ? scheme.onSurface : scheme.onSurface.withAlpha(0.08))
            }
            let textColor: Color
            let hintColor: Color
            if highlighted && high {
                textColor = scheme.surface
                hintColor = scheme.surface
            } else if item.isEnabled {
                textColor = scheme.highEmphasisText
                hintColor = scheme.mediumEmphasisText
            } else {
                textColor = scheme.disabledText
                hintColor = scheme.disabledText
            }
            let baseline = (frame.minY + (frame.height - titleMetrics.ascent - titleMetrics.descent) / 2 + titleMetrics.ascent).rounded()
            let x = horizontalPadding
            canvas.drawText(item.title, at: Point(x: x, y: baseline), font: titleFont, color: textColor)
            if openedByKeyboard, let mnemonic = item.mnemonic,
               let at = item.title.firstIndex(where: { String($0) == mnemonic.uppercased() })
                   ?? item.title.firstIndex(where: { $0.lowercased() == mnemonic.lowercased() }) {
                let start = x + measurer.advance(of: item.title[..<at], font: titleFont)
                let width = measurer.advance(of: item.title[at...at], font: titleFont)
                let thickness = metrics.strokeWidth
                canvas.fill(Rect(x: start.rounded(), y: baseline + (2 * metrics.scale).rounded(), width: width.rounded(.up),
                                 height: thickness), color: textColor)
            }
            if let shortcut = item.shortcut {
                let width = measurer.advance(of: shortcut, font: shortcutFont)
                canvas.drawText(shortcut, at: Point(x: (frame.maxX - horizontalPadding - width).rounded(), y: baseline),
                                font: shortcutFont, color: hintColor)
            }
        }
    }
}
