/// Where the chooser's parts are, in surface pixels at a scale: a search box, a row of category
/// tabs, the grid (a scrolling viewport of section headings and rows of cells) and a footer
/// naming the highlighted emoji. Pure numbers: 40 px cells at scale 1, nine to a row.
struct EmojiChooserLayout: Equatable {
    static let columns = 9

    let scale: Double
    var padding: Double { (8 * scale).rounded() }
    var cell: Double { (40 * scale).rounded() }
    var headingHeight: Double { (28 * scale).rounded() }
    var width: Double { padding * 2 + cell * Double(Self.columns) }
    var search: Rect { Rect(x: padding, y: padding, width: width - padding * 2, height: cell) }
    var tabs: Rect { Rect(x: padding, y: search.maxY + padding, width: width - padding * 2, height: cell) }
    /// The grid's viewport: seven rows of cells.
    var grid: Rect {
        let top = tabs.maxY + max(1, scale.rounded())
        return Rect(x: 0, y: top, width: width, height: cell * 7)
    }
    var footer: Rect {
        let top = grid.maxY + max(1, scale.rounded())
        return Rect(x: 0, y: top, width: width, height: (36 * scale).rounded())
    }
    var size: Size { Size(width: width, height: footer.maxY) }
    var cornerRadius: Double { 4 * scale }

    /// The tab `index` of `count`, splitting the row evenly.
    func tab(_ index: Int, of count: Int) -> Rect {
        let width = (tabs.width / Double(max(1, count))).rounded(.down)
        let spare = tabs.width - width * Double(count)
        return Rect(x: tabs.minX + (spare / 2).rounded(.down) + width * Double(index), y: tabs.minY, width: width, height: tabs.height)
    }
}

/// The grid's content as rows: a heading per section (none for search results), then its cells
/// nine to a row. Offsets are from the content's top; the viewport scrolls over them.
struct EmojiGridRows: Equatable {
    enum Kind: Equatable {
        case heading(section: Int)
        case cells(section: Int, range: Range<Int>)
    }
    struct Row: Equatable {
        var kind: Kind
        var top: Double
        var height: Double
    }

    var rows: [Row] = []
    /// For each cell (its index in the flattened list), the row it is on.
    var rowOfCell: [Int] = []
    /// For each section, the row of its heading (or of its first cells without headings).
    var firstRowOfSection: [Int] = []
    var contentHeight: Double = 0

    init() {}

    init(sectionSizes: [Int], headings: Bool, layout: EmojiChooserLayout) {
        var top = 0.0
        var cellIndex = 0
        for (section, size) in sectionSizes.enumerated() {
            firstRowOfSection.append(rows.count)
            if headings {
                rows.append(Row(kind: .heading(section: section), top: top, height: layout.headingHeight))
                top += layout.headingHeight
            }
            var start = 0
            while start < size {
                let end = min(size, start + EmojiChooserLayout.columns)
                rows.append(Row(kind: .cells(section: section, range: (cellIndex + start)..<(cellIndex + end)), top: top, height: layout.cell))
                rowOfCell += Array(repeating: rows.count - 1, count: end - start)
                top += layout.cell
                start = end
            }
            cellIndex += size
        }
        contentHeight = top
    }

    /// The row of cells before (`-1`) or after (`+1`) `row`, skipping headings.
    func cellRow(from row: Int, by step: Int) -> Int? {
        var index = row + step
        while rows.indices.contains(index) {
            if case .cells = rows[index].kind { return index }
            index += step
        }
        return nil
    }

    func cellRange(ofRow row: Int) -> Range<Int>? {
        if case .cells(_, let range) = rows[row].kind { return range }
        return nil
    }
}
