import MaterialFields

/// What QA tooling sees of the scene's context menu: whether one is open, for which field, its
/// items (title, enabled), the highlighted one, and where the host placed it (window pixels:
/// x, y, width, height of its surface; it may lie outside the window).
public struct MenuSnapshot: Codable, Equatable {
    public struct Item: Codable, Equatable {
        public var id: String
        public var title: String
        public var enabled: Bool
        public var divider: Bool?
        public var shortcut: String?
    }
    public var open: Bool
    public var field: String?
    public var items: [Item]?
    /// The index (in `items`) of the highlighted item.
    public var highlighted: Int?
    /// The highlighted item's title.
    public var highlightedTitle: String?
    public var frame: [Double]?
    public var keyboard: Bool?

    public static let closed = MenuSnapshot(open: false)

    public init(open: Bool, field: String? = nil, items: [Item]? = nil, highlighted: Int? = nil, highlightedTitle: String? = nil,
                frame: [Double]? = nil, keyboard: Bool? = nil) {
        self.open = open; self.field = field; self.items = items; self.highlighted = highlighted
        self.highlightedTitle = highlightedTitle; self.frame = frame; self.keyboard = keyboard
    }
}

extension FieldScene {
    /// The context menu as QA sees it (`MenuSnapshot.closed` when none is open).
    public func menuSnapshot() -> MenuSnapshot {
        guard let menu = shownContextMenu else { return .closed }
        let items = menu.items.map { item in
            MenuSnapshot.Item(id: item.identifier.rawValue, title: item.title, enabled: item.isEnabled,
                              divider: item.isDivider ? true : nil, shortcut: item.shortcut)
        }
        let frame = menu.placement.map { [$0.x, $0.y, $0.width, $0.height].map { $0.rounded() } }
        return MenuSnapshot(open: true, field: menu.field?.identifier, items: items, highlighted: menu.highlightedIndex,
                            highlightedTitle: menu.highlightedIndex.map { menu.items[$0].title }, frame: frame,
                            keyboard: menu.openedByKeyboard)
    }
}
