import Synchronization

/// A run of a layout's clusters measured as one piece: its width is kept, its caret stops are not
/// (they are measured again when asked for, see `LayoutPageCache`). Pages end after a space or a
/// line break where they can (`LayoutPages.cut`), so a shaper joins nothing across two of them,
/// and each is measured alone: measuring it again gives the same stops, whatever was edited
/// around it since.
struct LayoutPage: Sendable {
    /// Unique for the life of the process: a page's content never changes (an edit makes new
    /// pages), so a cache keyed by it stays true for every copy of a layout.
    let id: UInt64
    let count: Int
    let width: Double
    /// How it was measured, so it is measured again the same way.
    let mode: Mode

    enum Mode: Sendable, Equatable {
        /// ASCII without CR in the layout's plain font: each stop is the last plus the face's
        /// advance of the byte (`TextMeasuring.asciiAdvances`), a line break 0 wide.
        case asciiTable
        /// By the measurer, with the page's bidi levels and styles when it had them.
        case measured(levels: Bool, styles: Bool)
    }

    private static let nextID = Atomic<UInt64>(1)
    static func makeID() -> UInt64 { nextID.add(1, ordering: .relaxed).oldValue }
}

/// A layout's pages and where each starts, in clusters and in x.
struct LayoutPages: Sendable {
    private(set) var pages: [LayoutPage] = []
    /// `clusterStarts[p]`: the clusters before page `p`; one more entry than pages.
    private(set) var clusterStarts: [Int] = [0]
    /// `widthStarts[p]`: the width of the pages before `p`; one more entry than pages.
    private(set) var widthStarts: [Double] = [0]

    /// Pages are at least this long where a space or line break lets them end, and at most
    /// `maximumCount` long.
    static let minimumCount = 128
    static let maximumCount = 384

    var count: Int { clusterStarts[clusterStarts.count - 1] }
    var width: Double { widthStarts[widthStarts.count - 1] }
    var isEmpty: Bool { pages.isEmpty }

    /// The page holding cluster `offset` (the last page for the text's end); 0 for no pages.
    func page(containing offset: Int) -> Int {
        guard pages.count > 1 else { return 0 }
        var low = 0, high = pages.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if clusterStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// Replaces pages `range` with `newPages`; the starts after them are made again.
    mutating func replace(_ range: Range<Int>, with newPages: [LayoutPage]) {
        pages.replaceSubrange(range, with: newPages)
        let first = range.lowerBound
        clusterStarts.removeSubrange((first + 1)...)
        widthStarts.removeSubrange((first + 1)...)
        clusterStarts.reserveCapacity(pages.count + 1)
        widthStarts.reserveCapacity(pages.count + 1)
        var clusters = clusterStarts[first], width = widthStarts[first]
        pages.withUnsafeBufferPointer { pages in
            for index in first..<pages.count {
                clusters += pages[index].count
                width += pages[index].width
                clusterStarts.append(clusters)
                widthStarts.append(width)
            }
        }
    }

    /// The first page in `first...last` whose end satisfies `isRight` (its widths rise, so the
    /// pages before it all fail), or `last` when none does.
    func firstPage(endingRightOf isRight: (Double) -> Bool, from first: Int, through last: Int) -> Int {
        var low = first, high = max(first, last)
        while low < high {
            let mid = (low + high) / 2
            if isRight(widthStarts[mid + 1]) { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// Where pages end in `text`: after a whitespace cluster once a page has `minimumCount`
    /// clusters, or at `maximumCount`. Calls `body` with each page's UTF-8 piece and cluster count.
    /// ASCII pieces are cut byte by byte (every byte but CR a cluster), the rest cluster by cluster.
    static func cut(_ text: Rope, in range: Range<Int>, _ body: (Substring, Int) -> Void) {
        var piece = ""
        var count = 0
        func finish() {
            guard count > 0 else { return }
            body(piece[...], count)
            piece = ""
            count = 0
        }
        text.forEachChunk(in: range) { chunk in
            var start = chunk.startIndex
            if isPlainASCII(chunk) {
                var chunk = chunk
                chunk.withUTF8 { bytes in
                    var from = 0, index = 0
                    while index < bytes.count {
                        let byte = bytes[index]
                        index += 1
                        count += 1
                        if count >= maximumCount || (count >= minimumCount && (byte == 0x20 || (byte >= 0x09 && byte <= 0x0C))) {
                            piece += String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<index]), as: UTF8.self)
                            from = index
                            body(piece[...], count)
                            piece = ""
                            count = 0
                        }
                    }
                    if from < bytes.count {
                        piece += String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<bytes.count]), as: UTF8.self)
                    }
                }
                return true
            }
            var index = start
            while index < chunk.endIndex {
                let cluster = chunk[index]
                index = chunk.index(after: index)
                count += 1
                if count >= maximumCount || (count >= minimumCount && cluster.isWhitespace) {
                    piece += chunk[start..<index]
                    start = index
                    finish()
                }
            }
            if start < chunk.endIndex { piece += chunk[start..<chunk.endIndex] }
            return true
        }
        finish()
    }

    /// Whether every byte of `text` is ASCII and none is CR (CR LF is one cluster of two bytes).
    static func isPlainASCII(_ text: Substring) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte >= 0x80 || byte == 0x0D { return false }
                index += 1
            }
            return true
        }
    }
}

/// The clusters and stops of the pages layouts used last (at most `capacity` pages): one for
/// the process, locked, as layouts and their copies may be read from several threads.
final class LayoutPageCache: @unchecked Sendable {
    /// A page's clusters: its bytes when every cluster is one byte.
    enum Content {
        case ascii([UInt8])
        case clusters([Character])
    }
    struct Entry {
        var content: Content?
        /// From 0 at the page's start: one more than the page's clusters.
        var stops: [Double]?
        var used: UInt64
    }
    private struct State {
        var entries: [UInt64: Entry] = [:]
        var clock: UInt64 = 0
    }
    private let state = Mutex(State())
    static let capacity = 512
    static let shared = LayoutPageCache()

    /// Lets every page go (tests: pages measured again).
    package func removeAll() { state.withLock { $0.entries.removeAll() } }

    func content(of page: UInt64) -> Content? { entry(page)?.content }
    func stops(of page: UInt64) -> [Double]? { entry(page)?.stops }

    private func entry(_ page: UInt64) -> Entry? {
        state.withLock { state in
            guard var entry = state.entries[page] else { return nil }
            state.clock += 1
            entry.used = state.clock
            state.entries[page] = entry
            return entry
        }
    }

    func store(content: Content? = nil, stops: [Double]? = nil, for page: UInt64) {
        state.withLock { state in
            state.clock += 1
            var entry = state.entries[page] ?? Entry(used: state.clock)
            if let content { entry.content = content }
            if let stops { entry.stops = stops }
            entry.used = state.clock
            state.entries[page] = entry
            if state.entries.count > Self.capacity {
                // The least recently used quarter goes, so eviction is rare.
                let sorted = state.entries.map { ($0.key, $0.value.used) }.sorted { $0.1 < $1.1 }
                for (key, _) in sorted.prefix(Self.capacity / 4) { state.entries[key] = nil }
            }
        }
    }

    /// How many pages it holds (for tests).
    package var count: Int { state.withLock { $0.entries.count } }
}

/// A layout kept by the one that replaced its whole text (`TextLayout.replacedWhole`).
final class ReplacedLayout: @unchecked Sendable {
    let layout: TextLayout
    /// Texts shorter than this are measured again rather than kept.
    static let minimumCount = 4_096
    init(_ layout: TextLayout) { self.layout = layout }
}

/// The measurer a layout measures its pages with again, held by reference.
final class LayoutMeasurer: @unchecked Sendable {
    let measurer: TextMeasuring
    init(_ measurer: TextMeasuring) { self.measurer = measurer }
}
