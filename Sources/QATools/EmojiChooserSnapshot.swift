import MaterialFields

/// What QA tooling sees of the scene's emoji chooser: whether it is open, for which field, where
/// the host placed it (window pixels: x, y, width, height of its surface), the search text, the
/// category shown, the highlighted emoji and its name, which part has the keyboard, the skin
/// tones shown (if any), and how many emoji are recently used (also while it is closed).
public struct EmojiChooserSnapshot: Codable, Equatable {
    public var open: Bool
    public var field: String?
    public var frame: [Double]?
    public var query: String?
    public var category: String?
    public var highlighted: String?
    public var highlightedName: String?
    /// `search`, `categories`, `grid` or `tones`.
    public var focus: String?
    /// The skin tones shown for the highlighted emoji (its base first), or nil.
    public var tones: [String]?
    /// How many cells the grid holds (every category, or the search's results).
    public var results: Int?
    public var recentsCount: Int
    /// The recently used emoji, most recent first.
    public var recents: [String]

    public init(open: Bool, recents: [String]) {
        self.open = open
        self.recentsCount = recents.count
        self.recents = recents
    }
}

extension FieldScene {
    /// The emoji chooser as QA sees it.
    public func emojiChooserSnapshot() -> EmojiChooserSnapshot {
        var snapshot = EmojiChooserSnapshot(open: false, recents: emojiRecents.emoji)
        guard let chooser = shownEmojiChooser else { return snapshot }
        snapshot.open = true
        snapshot.field = chooser.field?.identifier
        snapshot.frame = chooser.placement.map { [$0.x, $0.y, $0.width, $0.height].map { $0.rounded() } }
        snapshot.query = chooser.query
        snapshot.category = chooser.currentSection.map { chooser.sections[$0].title }
        snapshot.highlighted = chooser.highlightedCell?.character
        snapshot.highlightedName = chooser.highlightedCell?.name
        snapshot.focus = chooser.area.rawValue
        snapshot.tones = chooser.tonePicker?.choices.map(\.character)
        snapshot.results = chooser.cells.count
        return snapshot
    }
}
