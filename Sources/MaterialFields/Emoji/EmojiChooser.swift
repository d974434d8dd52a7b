/// The emoji chooser: a popup grid of emoji by category with a search box, recently used first,
/// skin tones behind their base emoji. A pure model: it handles keys and pointer events in its
/// own coordinates, draws on a `Canvas`, and hands the emoji picked to `onPick` (the scene
/// inserts it into the field as one edit and closes the chooser). GTK's chooser is the model
/// for its keys:
/// - typing goes into the search box (from anywhere); Backspace deletes from it;
/// - the arrows move the highlight in the grid, Page Up/Down by a page, Home/End to the first and
///   last emoji; Tab and Shift+Tab cycle the search box, the category tabs and the grid (on the
///   tabs Left/Right go to the next category, Enter or Down into its emoji);
/// - Enter inserts the highlighted emoji; Shift+Enter (or a right click) on one with skin tones
///   shows them to pick from;
/// - Escape closes the tones, else clears a search, else closes the chooser.
public final class EmojiChooser: ScenePopup {
    /// Its search box takes what an input method commits (`ScenePopup.takesInputMethod`).
    public var takesInputMethod: Bool { true }

    /// Which part has the keyboard.
    public enum Area: String, Sendable {
        case search, categories, grid, tones
    }

    /// One cell of the grid.
    public struct Cell: Equatable, Sendable {
        public var character: String
        public var name: String
        /// The catalog's emoji it is (or is a variant of).
        public var emojiIndex: Int
    }

    /// A category: a heading over cells, and a tab.
    public struct Section: Equatable, Sendable {
        public var title: String
        /// A Material Icons glyph for the tab, or an emoji when the font has none for it.
        public var tabGlyph: String
        public var tabGlyphIsIcon: Bool
        public var cells: [Cell]
    }

    /// The skin tones of one emoji, shown over the grid.
    public struct TonePicker: Equatable, Sendable {
        /// The cell the tones belong to.
        public var cellIndex: Int
        /// The base and its variants.
        public var choices: [Cell]
        public var highlighted: Int
        /// Cells per row: base and five tones on one row; base alone, then five rows of five,
        /// for two people's 25.
        var columns: Int { choices.count > 7 ? 5 : choices.count }
    }

    public let catalog: EmojiCatalog
    public let recents: EmojiRecents
    public var scheme: ColorScheme { didSet { if scheme != oldValue { needsRender = true } } }
    public private(set) var metrics: MaterialMetrics
    /// Measures text for drawing (centring, the search box's caret); without one, estimates.
    public weak var measurer: TextMeasuring?

    public private(set) var query = ""
    public internal(set) var area: Area = .grid
    /// The sections shown: "Recently used" (when there are any) and Unicode's groups, or one
    /// section of search results.
    public private(set) var sections: [Section] = []
    /// The categories, one a tab: "Recently used" (when there are any) and Unicode's groups.
    /// They stay while a search shows its results (a tab then clears the search).
    public private(set) var categories: [Section] = []
    /// Every cell of every section, in order.
    public private(set) var cells: [Cell] = []
    /// The highlighted cell (keyboard or hover), an index into `cells`.
    public internal(set) var highlighted: Int?
    /// The tab the keyboard is on while `area` is `.categories`.
    public internal(set) var focusedTab = 0
    public internal(set) var tonePicker: TonePicker?
    /// How far the grid is scrolled, in pixels.
    public internal(set) var scrollOffset = 0.0

    /// The scene's part: called with the emoji picked (and the time of the event).
    public var onPick: ((String, Double) -> Void)?
    /// The scene's part: the chooser asks to close (Escape on an empty search).
    public var onDismiss: (() -> Void)?

    public var needsRender = true
    /// Where the host placed the surface, in window pixels.
    public var placement: Rect?
    /// The field the chooser inserts into.
    public weak var field: TextField?
    /// Why the chooser closed, once it has.
    public private(set) var closeReason: PopupCloseReason?

    var layout: EmojiChooserLayout
    var rows = EmojiGridRows()
    var hoveredTab: Int?
    /// Where the pointer was last seen over the surface: the wheel moves the grid under it, and
    /// the cell it is over then is highlighted.
    var pointerLocation: Point?
    /// The cell the primary button went down on, and when: a release on it picks it, or shows its
    /// tones when held that long (a long press, `longPressDuration`).
    var press: (cell: Int, time: Double)?
    /// Whether the press may still become a long press while the button is held (once due, it
    /// shows the tones if the pointer is still on its cell, and is spent either way).
    var longPressArmed = false
    /// How long a press shows an emoji's skin tones instead of picking it (GTK's long press).
    public static let longPressDuration = 0.5
    /// The cells' starts in `cells`, per section.
    var sectionStarts: [Int] = []

    public init(catalog: EmojiCatalog = .standard, recents: EmojiRecents, scheme: ColorScheme,
                metrics: MaterialMetrics = MaterialMetrics(), measurer: TextMeasuring? = nil) {
        self.catalog = catalog
        self.recents = recents
        self.scheme = scheme
        self.metrics = metrics
        self.measurer = measurer
        self.layout = EmojiChooserLayout(scale: metrics.scale)
        rebuild()
        // The first emoji is highlighted: Enter right away inserts it (the most recent one).
        highlight(cells.isEmpty ? nil : 0, reveal: false)
    }

    /// The category whose tab shows as current: the section shown, none while searching.
    public var currentCategory: Int? { query.isEmpty ? currentSection : nil }

    // MARK: What it shows

    public var surfaceSize: Size { layout.size }
    public var cornerRadius: Double { layout.cornerRadius }

    /// The category shown: the highlighted cell's section while it is in view, else the section
    /// at the top of the grid.
    public var currentSection: Int? {
        guard !sections.isEmpty else { return nil }
        if !query.isEmpty { return 0 }
        if let highlighted, isCellVisible(highlighted) { return section(ofCell: highlighted) }
        var current = 0
        for (section, row) in rows.firstRowOfSection.enumerated() where rows.rows.indices.contains(row) {
            if rows.rows[row].top <= scrollOffset + 1 { current = section }
        }
        return current
    }

    /// The highlighted emoji, or the tone the tone picker highlights.
    public var highlightedCell: Cell? {
        if let tonePicker { return tonePicker.choices[tonePicker.highlighted] }
        return highlighted.map { cells[$0] }
    }

    /// Whether a cell's emoji has skin tones to pick from.
    public func hasTones(_ cell: Cell) -> Bool { !catalog.emoji[cell.emojiIndex].variants.isEmpty }

    /// Makes the sections again: after the query or the recents changed.
    func rebuild() {
        var sections: [Section] = []
        if categories.isEmpty || query.isEmpty {
            let recent = recents.emoji.compactMap { character -> Cell? in
                guard let found = catalog.lookUp(character), let index = catalog.index(of: character) else { return nil }
                return Cell(character: character, name: found.name, emojiIndex: index)
            }
            if !recent.isEmpty {
                sections.append(Section(title: "Recently used", tabGlyph: EmojiCatalog.recentIconGlyph, tabGlyphIsIcon: true, cells: recent))
            }
            for group in catalog.groups {
                let cells = group.emojiRange.map { Cell(character: catalog.emoji[$0].character, name: catalog.emoji[$0].name, emojiIndex: $0) }
                let first = cells.first?.character ?? ""
                sections.append(Section(title: group.name, tabGlyph: group.iconGlyph ?? first, tabGlyphIsIcon: group.iconGlyph != nil, cells: cells))
            }
            categories = sections
        }
        if !query.isEmpty {
            sections = []
            let found = catalog.search(query).map { Cell(character: catalog.emoji[$0].character, name: catalog.emoji[$0].name, emojiIndex: $0) }
            sections.append(Section(title: "Search results", tabGlyph: EmojiCatalog.searchIconGlyph, tabGlyphIsIcon: true, cells: found))
        }
        self.sections = sections
        cells = sections.flatMap(\.cells)
        press = nil
        sectionStarts = []
        var start = 0
        for section in sections { sectionStarts.append(start); start += section.cells.count }
        rows = EmojiGridRows(sectionSizes: sections.map(\.cells.count), headings: query.isEmpty, layout: layout)
        focusedTab = min(focusedTab, max(0, categories.count - 1))
        needsRender = true
    }

    func section(ofCell cell: Int) -> Int {
        var result = 0
        for (section, start) in sectionStarts.enumerated() where start <= cell { result = section }
        return result
    }

    var maximumScroll: Double { max(0, rows.contentHeight - layout.grid.height) }

    func isCellVisible(_ cell: Int) -> Bool {
        guard rows.rowOfCell.indices.contains(cell) else { return false }
        let row = rows.rows[rows.rowOfCell[cell]]
        return row.top >= scrollOffset - 0.5 && row.top + row.height <= scrollOffset + layout.grid.height + 0.5
    }

    func scroll(to offset: Double) {
        let clamped = min(max(0, offset), maximumScroll)
        guard clamped != scrollOffset else { return }
        scrollOffset = clamped
        needsRender = true
    }

    /// Scrolls as little as shows the cell's row (and its section's heading, for the first row).
    func reveal(_ cell: Int) {
        guard rows.rowOfCell.indices.contains(cell) else { return }
        let rowIndex = rows.rowOfCell[cell]
        var top = rows.rows[rowIndex].top
        if rowIndex > 0, case .heading = rows.rows[rowIndex - 1].kind { top = rows.rows[rowIndex - 1].top }
        let bottom = rows.rows[rowIndex].top + rows.rows[rowIndex].height
        if top < scrollOffset { scroll(to: top) } else if bottom > scrollOffset + layout.grid.height { scroll(to: bottom - layout.grid.height) }
    }

    func highlight(_ cell: Int?, reveal: Bool = true) {
        let cell = cell.flatMap { cells.isEmpty ? nil : min(max(0, $0), cells.count - 1) }
        if cell != highlighted { highlighted = cell; needsRender = true }
        if reveal, let cell { self.reveal(cell) }
    }

    /// Shows a category: its heading at the top of the grid and its first emoji highlighted.
    public func showSection(_ section: Int) {
        guard categories.indices.contains(section) else { return }
        if !query.isEmpty { setQuery("") }
        focusedTab = section
        let row = rows.firstRowOfSection[section]
        scroll(to: rows.rows.indices.contains(row) ? rows.rows[row].top : 0)
        highlight(sections[section].cells.isEmpty ? nil : sectionStarts[section], reveal: false)
        needsRender = true
    }

    // MARK: Search

    /// Sets the search text: the grid shows what it finds, the first highlighted.
    public func setQuery(_ text: String) {
        guard text != query else { return }
        query = text
        tonePicker = nil
        scrollOffset = 0
        rebuild()
        highlight(cells.isEmpty ? nil : 0, reveal: false)
    }

    // MARK: Picking

    func pick(_ cell: Cell, at time: Double) {
        recents.use(cell.character)
        onPick?(cell.character, time)
    }

    /// Opens the skin tones of a cell, the cell's own character highlighted.
    @discardableResult
    public func openTones(ofCell index: Int) -> Bool {
        guard cells.indices.contains(index) else { return false }
        let cell = cells[index]
        let entry = catalog.emoji[cell.emojiIndex]
        guard !entry.variants.isEmpty else { return false }
        let choices = [Cell(character: entry.character, name: entry.name, emojiIndex: cell.emojiIndex)]
            + entry.variants.map { Cell(character: $0.character, name: $0.name, emojiIndex: cell.emojiIndex) }
        tonePicker = TonePicker(cellIndex: index, choices: choices,
                                highlighted: choices.firstIndex { $0.character == cell.character } ?? 0)
        highlight(index)
        area = .tones
        needsRender = true
        return true
    }

    public func popupDidClose(reason: PopupCloseReason) {
        closeReason = reason
    }

    func closeTones() {
        guard tonePicker != nil else { return }
        tonePicker = nil
        area = .grid
        needsRender = true
    }
}
