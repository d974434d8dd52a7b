// The layout's pages (`LayoutPages`): made by an edit, measured again when their stops are asked
// for, and read through a cursor where a scan goes cluster by cluster.
extension TextLayout {
    var measurer: TextMeasuring { measurerBox.measurer }

    /// The most clusters a page holds: an edit measures the page or two it touches.
    package static var pageMaximumCount: Int { LayoutPages.maximumCount }

    /// Pages for clusters `range` of `text` (`levels` and `styles` already those of the new text).
    func makePages(in range: Range<Int>) -> [LayoutPage] {
        var made: [LayoutPage] = []
        var start = range.lowerBound
        LayoutPages.cut(text, in: range) { piece, count in
            made.append(makePage(piece, count: count, at: start))
            start += count
        }
        return made
    }

    private func makePage(_ piece: Substring, count: Int, at start: Int) -> LayoutPage {
        let id = LayoutPage.makeID()
        if levels == nil, styles == nil, let width = asciiTable(piece, count: count, stops: nil) {
            return LayoutPage(id: id, count: count, width: width, mode: .asciiTable)
        }
        let mode = LayoutPage.Mode.measured(levels: levels != nil, styles: styles != nil)
        let stops = measuredStops(String(piece), range: start..<(start + count), mode: mode)
        pageCache.store(stops: stops, for: id)
        return LayoutPage(id: id, count: count, width: stops[count], mode: mode)
    }

    /// The stops of ASCII `piece` (no CR) summed from the face's advances, a line break 0 wide;
    /// nil when the measurer keeps no such table or the piece is not plain ASCII.
    private func asciiTableStops(_ piece: Substring, count: Int) -> [Double]? {
        var summed = false
        let stops = [Double](unsafeUninitializedCapacity: count + 1) { buffer, initialized in
            summed = asciiTable(piece, count: count, stops: buffer.baseAddress!) != nil
            initialized = summed ? count + 1 : 0
        }
        return summed ? stops : nil
    }

    /// The width of ASCII `piece` summed from the face's advances, its stops written to `stops`
    /// when given (the same sums in the same order, so the width is the last stop exactly).
    private func asciiTable(_ piece: Substring, count: Int, stops: UnsafeMutablePointer<Double>?) -> Double? {
        guard let first = measurer.asciiAdvances(for: font), first.count == 128 else { return nil }
        var table = first
        var piece = piece
        return piece.withUTF8 { bytes -> Double? in
            guard bytes.count == count else { return nil }
            var learnt = false
            while true {
                let sum = table.withUnsafeBufferPointer { advances -> Double?? in
                    var x = 0.0
                    stops?[0] = 0
                    for index in 0..<bytes.count {
                        let byte = bytes[index]
                        guard byte < 0x80, byte != 0x0D else { return .some(nil) }
                        let width = byte >= 0x0A && byte <= 0x0C ? 0 : advances[Int(byte)]
                        // A character no text has had yet (NaN): the measurer learns it, once.
                        if width.isNaN { return nil }
                        guard width.isFinite, width >= 0 else { return .some(nil) }
                        x += width
                        stops?[index + 1] = x
                    }
                    return .some(x)
                }
                if let sum { return sum }
                guard !learnt else { return nil }
                learnt = true
                _ = measurer.caretStops(of: Substring(String(decoding: bytes, as: UTF8.self)), font: font)
                guard let known = measurer.asciiAdvances(for: font), known.count == 128 else { return nil }
                table = known
            }
        }
    }

    /// Stops measured by the measurer, as `mode` says (the levels and styles of clusters `range`);
    /// a table page is measured plain (its measurer no longer sums a table: an edit brought another).
    private func measuredStops(_ string: String, range: Range<Int>, mode: LayoutPage.Mode) -> [Double] {
        var withLevels = false, withStyles = false
        if case let .measured(levels, styles) = mode { (withLevels, withStyles) = (levels, styles) }
        let pageLevels = withLevels ? levels.map { Array($0[range]) } ?? [UInt8](repeating: direction.baseLevel, count: range.count) : nil
        var segments: [StyledSegment]?
        if withStyles {
            let runs = styles?.slice(range) ?? AttributeRuns(count: range.count)
            segments = Self.segments(runs, in: 0..<range.count, of: Array(string), font: font)
        }
        return Self.measure(string, count: range.count, levels: pageLevels, font: font, segments: segments, measurer: measurer)
    }

    /// Page `index`'s stops from 0 at its start.
    func pageStops(_ index: Int) -> [Double] {
        let page = pages.pages[index]
        if let stops = pageCache.stops(of: page.id) { return stops }
        let range = pages.clusterStarts[index]..<pages.clusterStarts[index + 1]
        let string = text.string(in: range)
        let stops: [Double]
        if page.mode == .asciiTable, let summed = asciiTableStops(string[...], count: range.count) {
            stops = summed
        } else {
            stops = measuredStops(string, range: range, mode: page.mode)
        }
        pageCache.store(stops: stops, for: page.id)
        return stops
    }

    /// Page `index`'s clusters.
    func pageContent(_ index: Int) -> LayoutPageCache.Content {
        let page = pages.pages[index]
        if let content = pageCache.content(of: page.id) { return content }
        let string = text.string(in: pages.clusterStarts[index]..<pages.clusterStarts[index + 1])
        let content: LayoutPageCache.Content = string.utf8.count == page.count ? .ascii(Array(string.utf8)) : .clusters(Array(string))
        pageCache.store(content: content, for: page.id)
        return content
    }

    /// x of boundary `offset` as if the text were one line.
    func stop(_ offset: Int) -> Double {
        var cursor = ClusterCursor(self)
        return stop(offset, cursor: &cursor)
    }

    func stop(_ offset: Int, cursor: inout ClusterCursor) -> Double {
        guard !pages.isEmpty, offset > 0 else { return 0 }
        let index = cursor.page(containing: offset)
        let local = offset - pages.clusterStarts[index]
        if local == 0 { return pages.widthStarts[index] }
        if local >= pages.pages[index].count { return pages.widthStarts[index + 1] }
        return pages.widthStarts[index] + cursor.stops(ofPage: index)[local]
    }

    /// Cluster `offset`.
    func cluster(_ offset: Int) -> Character {
        var cursor = ClusterCursor(self)
        return cursor[offset]
    }

    /// The last boundary in `start...end` whose stop is at or left of `x` (`start` when none is).
    func lastBoundary(atOrLeftOf x: Double, in start: Int, _ end: Int, cursor: inout ClusterCursor) -> Int {
        max(start, firstBoundary(rightOf: x, strictly: true, in: start, end, cursor: &cursor) - 1)
    }

    /// The first boundary in `start...end` whose stop is at or right of `x` (past the stop
    /// `strictly`), or `end + 1` when none is.
    func firstBoundary(rightOf x: Double, strictly: Bool = false, in start: Int, _ end: Int) -> Int {
        var cursor = ClusterCursor(self)
        return firstBoundary(rightOf: x, strictly: strictly, in: start, end, cursor: &cursor)
    }

    /// The same, reading stops through `cursor`: a search over the pages' widths, then one page's
    /// stops.
    func firstBoundary(rightOf x: Double, strictly: Bool, in start: Int, _ end: Int, cursor: inout ClusterCursor) -> Int {
        func isRight(_ value: Double) -> Bool { strictly ? value > x : value >= x }
        guard !pages.isEmpty, end > start else { return isRight(stop(start, cursor: &cursor)) ? start : end + 1 }
        let last = end >= count ? pages.pages.count - 1 : pages.page(containing: end)
        let index = pages.firstPage(endingRightOf: isRight, from: cursor.page(containing: start), through: last)
        let base = pages.clusterStarts[index], origin = pages.widthStarts[index]
        let stops = cursor.stops(ofPage: index)
        var low = max(start, base) - base, top = min(end, pages.clusterStarts[index + 1]) - base
        guard isRight(origin + stops[top]) else { return end + 1 }
        while low < top {
            let mid = (low + top) / 2
            if isRight(origin + stops[mid]) { top = mid } else { low = mid + 1 }
        }
        return base + low
    }
}

/// Reads a layout's clusters one by one, a page at a time.
struct ClusterCursor {
    private let layout: TextLayout
    private var page = -1
    private var range = 0..<0
    private var content = LayoutPageCache.Content.ascii([])

    private var stopsPage = -1
    private var stops: [Double] = []

    init(_ layout: TextLayout) { self.layout = layout }

    /// The page holding cluster `offset`, found without a search when it is the page read last.
    func page(containing offset: Int) -> Int {
        if stopsPage >= 0 {
            let starts = layout.pages.clusterStarts
            if offset >= starts[stopsPage] && offset < starts[stopsPage + 1] { return stopsPage }
        }
        return layout.pages.page(containing: offset)
    }

    /// Page `index`'s stops (`TextLayout.pageStops`), kept while the cursor reads that page.
    mutating func stops(ofPage index: Int) -> [Double] {
        if index != stopsPage {
            stops = layout.pageStops(index)
            stopsPage = index
        }
        return stops
    }

    private mutating func load(_ offset: Int) {
        guard !range.contains(offset) else { return }
        page = layout.pages.page(containing: offset)
        range = layout.pages.clusterStarts[page]..<layout.pages.clusterStarts[page + 1]
        content = layout.pageContent(page)
    }

    subscript(offset: Int) -> Character {
        mutating get {
            load(offset)
            switch content {
            case .ascii(let bytes): return Character(Unicode.Scalar(bytes[offset - range.lowerBound]))
            case .clusters(let clusters): return clusters[offset - range.lowerBound]
            }
        }
    }

    mutating func isNewline(_ offset: Int) -> Bool {
        load(offset)
        switch content {
        case .ascii(let bytes): return (0x0A...0x0D).contains(bytes[offset - range.lowerBound])
        case .clusters(let clusters): return clusters[offset - range.lowerBound].isNewline
        }
    }

    /// A space lines may break after: not a line break, and not a no-break space.
    mutating func isSpace(_ offset: Int) -> Bool {
        load(offset)
        switch content {
        case .ascii(let bytes):
            let byte = bytes[offset - range.lowerBound]
            return byte == 0x20 || byte == 0x09
        case .clusters(let clusters):
            let character = clusters[offset - range.lowerBound]
            guard character.isWhitespace, !character.isNewline else { return false }
            return !["\u{00A0}", "\u{2007}", "\u{202F}"].contains(character)
        }
    }
}

/// A layout's clusters as a collection (each read from its page).
public struct LayoutCharacters: RandomAccessCollection, Equatable, Sendable {
    let layout: TextLayout
    public static func == (lhs: LayoutCharacters, rhs: LayoutCharacters) -> Bool { lhs.layout.text == rhs.layout.text }
    public var startIndex: Int { 0 }
    public var endIndex: Int { layout.count }
    public subscript(position: Int) -> Character { layout.cluster(position) }
    /// The clusters of `range` in one read.
    public func array(_ range: Range<Int>) -> [Character] { layout.text.characters(in: range) }
}

/// A layout's caret stops as a collection (`TextLayout.caretStops`).
public struct LayoutStops: RandomAccessCollection, Equatable, Sendable {
    let layout: TextLayout
    public static func == (lhs: LayoutStops, rhs: LayoutStops) -> Bool { lhs.elementsEqual(rhs) }
    public var startIndex: Int { 0 }
    public var endIndex: Int { layout.count + 1 }
    public subscript(position: Int) -> Double { layout.stop(position) }
}
