/// Text as a balanced tree of UTF-8 chunks with summaries (bytes, grapheme clusters, line
/// breaks) at every node, as Zed's SumTree, xi's rope and GTK's text B-tree keep it: offsets in
/// clusters, UTF-8 offsets and lines are found by walking down one path, O(log n), and an edit
/// makes new nodes along the paths it cuts and shares every other node with the version before it.
/// A copy is a pointer, so an undo history keeps old versions and slices for what they changed.
///
/// Chunks start and end on grapheme-cluster boundaries of the whole text, so the rope is always
/// segmented exactly as `Array(String)` segments its text (`replaceSubrange(_:with:)` segments a
/// window around an edit again).
public struct Rope: Sendable {
    var root: RopeNode?

    public init() {}

    public init(_ text: String) {
        root = RopeNode.tree(of: RopeNode.leaves(of: text[...]))
    }

    public init(_ text: Substring) {
        root = RopeNode.tree(of: RopeNode.leaves(of: text))
    }

    init(root: RopeNode?) { self.root = root }

    public var summary: RopeSummary { root?.summary ?? RopeSummary() }
    /// Length in grapheme clusters.
    public var count: Int { summary.clusters }
    public var utf8Count: Int { summary.utf8 }
    /// Line breaks in the text: it has one line more.
    public var lineBreakCount: Int { summary.lineBreaks }
    public var isEmpty: Bool { root == nil }
    /// How tall the tree is (a leaf alone: 0); for tests of balance.
    package var height: Int { root?.height ?? 0 }

    /// The two versions share their storage: one is a copy of the other with no edit since.
    public func isIdentical(to other: Rope) -> Bool { root === other.root }

    // MARK: Lookups

    /// The leaf holding cluster `offset` (the last leaf for `count`), and the offset in it.
    private func leaf(containingCluster offset: Int) -> (node: RopeNode, offset: Int, before: RopeSummary)? {
        guard var node = root else { return nil }
        var local = Swift.min(Swift.max(offset, 0), node.summary.clusters)
        var before = RopeSummary()
        while !node.isLeaf {
            let children = node.children
            var position = 0
            while position < children.count - 1, local >= children[position].summary.clusters {
                local -= children[position].summary.clusters
                before = before + children[position].summary
                position += 1
            }
            node = children[position]
        }
        return (node, local, before)
    }

    /// The cluster at `offset` (0..<count).
    public subscript(offset: Int) -> Character {
        precondition(offset >= 0 && offset < count, "cluster offset out of range")
        let (leaf, local, _) = leaf(containingCluster: offset)!
        return leaf.chunk[leaf.chunkIndex(ofCluster: local)]
    }

    /// The UTF-8 offset where cluster `offset` starts (clamped to 0...count).
    public func utf8Offset(ofCluster offset: Int) -> Int {
        guard let (leaf, local, before) = leaf(containingCluster: offset) else { return 0 }
        return before.utf8 + leaf.chunk.utf8.distance(from: leaf.chunk.startIndex, to: leaf.chunkIndex(ofCluster: local))
    }

    /// The cluster that holds UTF-8 offset `utf8` (clamped): its offset, or with `roundingUp` the
    /// offset of the first cluster starting at or after it.
    public func clusterOffset(ofUTF8 utf8: Int, roundingUp: Bool = false) -> Int {
        guard var node = root else { return 0 }
        var local = Swift.min(Swift.max(utf8, 0), node.summary.utf8)
        var clusters = 0
        while !node.isLeaf {
            let children = node.children
            var position = 0
            while position < children.count - 1, local >= children[position].summary.utf8 {
                local -= children[position].summary.utf8
                clusters += children[position].summary.clusters
                position += 1
            }
            node = children[position]
        }
        if node.isSimpleLeaf { return clusters + local }
        let chunk = node.chunk
        var index = chunk.startIndex, passed = 0
        while index < chunk.endIndex, chunk.utf8.distance(from: chunk.startIndex, to: index) < local {
            chunk.formIndex(after: &index)
            passed += 1
        }
        let exact = chunk.utf8.distance(from: chunk.startIndex, to: index) == local
        return clusters + (exact || roundingUp ? passed : passed - 1)
    }

    /// The line (0-based: the line breaks before it) that cluster `offset` is on. A line break
    /// belongs to the line it ends.
    public func line(containing offset: Int) -> Int {
        guard let (leaf, local, before) = leaf(containingCluster: offset) else { return 0 }
        var breaks = 0
        for character in leaf.chunk[..<leaf.chunkIndex(ofCluster: local)] where character.isNewline { breaks += 1 }
        return before.lineBreaks + breaks
    }

    /// The cluster offset where line `line` starts (0 for the first; `count` past the last).
    public func startOfLine(_ line: Int) -> Int {
        guard line > 0 else { return 0 }
        guard var node = root, line <= node.summary.lineBreaks else { return count }
        var wanted = line, clusters = 0
        while !node.isLeaf {
            let children = node.children
            var position = 0
            while position < children.count - 1, wanted > children[position].summary.lineBreaks {
                wanted -= children[position].summary.lineBreaks
                clusters += children[position].summary.clusters
                position += 1
            }
            node = children[position]
        }
        for character in node.chunk {
            clusters += 1
            if character.isNewline {
                wanted -= 1
                if wanted == 0 { break }
            }
        }
        return clusters
    }

    /// The clusters of line `line` without its line break.
    public func lineRange(_ line: Int) -> Range<Int> {
        let start = startOfLine(line)
        guard line < lineBreakCount else { return start..<count }
        return start..<(startOfLine(line + 1) - 1)
    }

    // MARK: Reading

    /// Calls `body` with the pieces of chunks that hold clusters `range`, in order; `body` returns
    /// false to stop.
    public func forEachChunk(in range: Range<Int>, _ body: (Substring) -> Bool) {
        guard let root else { return }
        let lower = Swift.min(Swift.max(range.lowerBound, 0), count), upper = Swift.min(Swift.max(range.upperBound, lower), count)
        guard lower < upper else { return }
        _ = Self.visit(root, from: lower, to: upper, body)
    }

    private static func visit(_ node: RopeNode, from lower: Int, to upper: Int, _ body: (Substring) -> Bool) -> Bool {
        if node.isLeaf {
            let start = lower <= 0 ? node.chunk.startIndex : node.chunkIndex(ofCluster: lower)
            let end = upper >= node.summary.clusters ? node.chunk.endIndex : node.chunkIndex(ofCluster: upper)
            return body(node.chunk[start..<end])
        }
        var start = 0
        for child in node.children {
            let end = start + child.summary.clusters
            if end > lower, start < upper {
                if !visit(child, from: lower - start, to: upper - start, body) { return false }
            }
            if end >= upper { break }
            start = end
        }
        return true
    }

    /// The text of clusters `range` (clamped). A long one is made in a string of its size, not
    /// grown by doubling (a select-all's PRIMARY copy of 10 MB would pass through 24 MB).
    public func string(in range: Range<Int>) -> String {
        var result = ""
        if range.count >= Self.longString {
            Self.longStringsMade &+= 1
            result.reserveCapacity(utf8Offset(ofCluster: range.upperBound) - utf8Offset(ofCluster: range.lowerBound))
        }
        forEachChunk(in: range) { result += $0; return true }
        return result
    }

    /// From this many clusters a string made of a rope counts in `longStringsMade`.
    package static let longString = 4_096
    /// How many strings of `longString` clusters or more were made of ropes (what a long paste
    /// must not make); for tests.
    nonisolated(unsafe) package static var longStringsMade = 0

    /// The whole text.
    public var string: String { string(in: 0..<count) }

    /// The clusters of `range` (clamped), for short pieces.
    public func characters(in range: Range<Int>) -> [Character] {
        var result: [Character] = []
        forEachChunk(in: range) { result.append(contentsOf: $0); return true }
        return result
    }

    // MARK: Slicing and joining

    /// Clusters `range` (clamped), sharing this rope's nodes but along the two cut paths.
    public func slice(_ range: Range<Int>) -> Rope {
        guard let root else { return Rope() }
        let lower = Swift.min(Swift.max(range.lowerBound, 0), count), upper = Swift.min(Swift.max(range.upperBound, lower), count)
        let (head, _) = root.split(at: upper)
        return Rope(root: head?.split(at: lower).1)
    }

    /// This rope followed by `other`, when the boundary between them is a cluster boundary of the
    /// joined text (the caller knows it is: see `replaceSubrange(_:with:)` for text that may join).
    package func appendingUnchecked(_ other: Rope) -> Rope { Rope(root: RopeNode.join(root, other.root)) }
}

extension Rope: Equatable {
    /// The same text, compared chunk by chunk without building either.
    public static func == (lhs: Rope, rhs: Rope) -> Bool {
        if lhs.root === rhs.root { return true }
        guard lhs.summary == rhs.summary else { return false }
        var left = lhs.makeIterator(), right = rhs.makeIterator()
        while let a = left.nextChunk() {
            var rest = a.utf8[...]
            while !rest.isEmpty {
                guard let b = right.peekChunkBytes() else { return false }
                let common = Swift.min(rest.count, b.count)
                guard rest.prefix(common).elementsEqual(b.prefix(common)) else { return false }
                rest = rest.dropFirst(common)
                right.consumeBytes(common)
            }
        }
        return right.peekChunkBytes() == nil
    }
}

extension Rope: Sequence {
    /// The clusters in order, a leaf at a time.
    public struct Iterator: IteratorProtocol {
        private var stack: [(node: RopeNode, next: Int)] = []
        private var current: Substring = ""
        private var bytes: Substring.UTF8View = ""[...].utf8

        init(_ root: RopeNode?) {
            if let root { stack = [(root, 0)] }
        }

        /// The next leaf's text, whole.
        mutating func nextChunk() -> String? {
            while let (node, next) = stack.popLast() {
                if node.isLeaf { return node.chunk }
                if next < node.children.count {
                    stack.append((node, next + 1))
                    stack.append((node.children[next], 0))
                }
            }
            return nil
        }

        mutating func peekChunkBytes() -> Substring.UTF8View? {
            while bytes.isEmpty {
                guard let chunk = nextChunk() else { return nil }
                bytes = chunk[...].utf8
            }
            return bytes
        }

        mutating func consumeBytes(_ count: Int) { bytes = bytes.dropFirst(count) }

        public mutating func next() -> Character? {
            while current.isEmpty {
                guard let chunk = nextChunk() else { return nil }
                current = chunk[...]
            }
            return current.popFirst()
        }
    }

    public func makeIterator() -> Iterator { Iterator(root) }
    public var underestimatedCount: Int { count }
}

extension Rope: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String { string }
    public var debugDescription: String { "Rope(\(string.debugDescription))" }
}
