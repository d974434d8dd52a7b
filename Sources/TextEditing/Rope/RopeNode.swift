/// What a piece of a rope holds, added up over its leaves: UTF-8 bytes, grapheme clusters and line
/// breaks (clusters that are a newline: LF, CR, CR LF, VT, FF, NEL, U+2028, U+2029).
public struct RopeSummary: Equatable, Sendable {
    public var utf8 = 0
    public var clusters = 0
    public var lineBreaks = 0

    static func + (lhs: RopeSummary, rhs: RopeSummary) -> RopeSummary {
        RopeSummary(utf8: lhs.utf8 + rhs.utf8, clusters: lhs.clusters + rhs.clusters, lineBreaks: lhs.lineBreaks + rhs.lineBreaks)
    }

    static func - (lhs: RopeSummary, rhs: RopeSummary) -> RopeSummary {
        RopeSummary(utf8: lhs.utf8 - rhs.utf8, clusters: lhs.clusters - rhs.clusters, lineBreaks: lhs.lineBreaks - rhs.lineBreaks)
    }

    /// The summary of one chunk, read in one pass over its bytes when it is all ASCII (every byte
    /// a cluster but the LF of a CR LF), else by segmenting it. Line breaks are control
    /// characters, which never join another cluster (UAX #29 GB4, GB5), so they are counted on
    /// bytes: a CR counts, the LF after it does not.
    init(chunk: String) {
        var ascii = true, breaks = 0, crlf = 0
        var previous: UInt8 = 0, beforePrevious: UInt8 = 0
        for byte in chunk.utf8 {
            switch byte {
            case 0x0A: if previous == 0x0D { crlf += 1 } else { breaks += 1 }
            case 0x0B, 0x0C, 0x0D: breaks += 1
            case 0x85: if previous == 0xC2 { breaks += 1 }
            case 0xA8, 0xA9: if previous == 0x80 && beforePrevious == 0xE2 { breaks += 1 }
            default: break
            }
            if byte >= 0x80 { ascii = false }
            beforePrevious = previous
            previous = byte
        }
        utf8 = chunk.utf8.count
        clusters = ascii ? utf8 - crlf : chunk.count
        lineBreaks = breaks
    }

    public init() {}

    init(utf8: Int, clusters: Int, lineBreaks: Int) {
        self.utf8 = utf8
        self.clusters = clusters
        self.lineBreaks = lineBreaks
    }
}

/// A node of a rope's B-tree. Immutable once made, so versions of a rope share every node an edit
/// did not touch. A leaf holds a chunk of text that starts and ends on grapheme-cluster boundaries
/// of the whole text, so segmenting the chunk alone gives exactly the clusters the whole text has
/// there; an inner node holds 2 to `maxChildren` children of one height.
final class RopeNode: @unchecked Sendable {
    /// A leaf is made up to this many bytes (more only for a single cluster that long).
    static let maxLeafBytes = 1024
    /// A leaf shorter than this is merged with a neighbour when two ropes are joined.
    static let minLeafBytes = 384
    static let maxChildren = 16
    static let minChildren = 4

    let height: Int
    let summary: RopeSummary
    let chunk: String
    let children: [RopeNode]

    convenience init(leaf chunk: String) {
        self.init(leaf: chunk, summary: RopeSummary(chunk: chunk))
    }

    /// A leaf whose summary the caller knows: pieces cut from a leaf, or two leaves joined, at a
    /// cluster boundary of the whole text. Each piece segments as the whole text does there, so
    /// bytes, clusters and line breaks add up across the cut and need not be read again.
    init(leaf chunk: String, summary: RopeSummary) {
        height = 0
        self.summary = summary
        self.chunk = chunk
        children = []
    }

    init(children: [RopeNode]) {
        precondition(children.count >= 2 && children.allSatisfy { $0.height == children[0].height })
        height = children[0].height + 1
        summary = children.dropFirst().reduce(children[0].summary) { $0 + $1.summary }
        chunk = ""
        self.children = children
    }

    var isLeaf: Bool { height == 0 }

    /// Every cluster of the chunk is one byte (ASCII without CR LF): offsets are byte offsets.
    var isSimpleLeaf: Bool { summary.clusters == summary.utf8 }

    /// Big enough to stand beside a sibling without merging.
    var isFull: Bool { isLeaf ? summary.utf8 >= Self.minLeafBytes : children.count >= Self.minChildren }

    /// The index in `chunk` of the start of its `offset`th cluster.
    func chunkIndex(ofCluster offset: Int) -> String.Index {
        if isSimpleLeaf { return chunk.utf8.index(chunk.startIndex, offsetBy: offset) }
        return chunk.index(chunk.startIndex, offsetBy: offset)
    }

    // MARK: Building

    /// Leaves for `text`, each up to `maxLeafBytes` (a longer single cluster alone), cut on
    /// cluster boundaries: between two ASCII bytes other than CR LF there always is one (no
    /// grapheme-break rule joins two ASCII characters but GB3), elsewhere clusters are walked.
    static func leaves(of text: Substring) -> [RopeNode] {
        var result: [RopeNode] = []
        result.reserveCapacity(text.utf8.count / (maxLeafBytes * 3 / 4) + 1)
        let utf8 = text.utf8
        var start = text.startIndex
        while start < text.endIndex {
            let remaining = utf8.distance(from: start, to: text.endIndex)
            if remaining <= maxLeafBytes {
                result.append(RopeNode(leaf: String(text[start...])))
                break
            }
            let cut = boundary(in: text, from: start, near: maxLeafBytes * 3 / 4)
            result.append(RopeNode(leaf: String(text[start..<cut])))
            start = cut
        }
        return result
    }

    /// A cluster boundary of `text` after `start` (itself one), near `target` bytes from it.
    private static func boundary(in text: Substring, from start: String.Index, near target: Int) -> String.Index {
        let utf8 = text.utf8
        let probe = utf8.index(start, offsetBy: target)
        var index = probe
        for _ in 0..<64 {
            let before = utf8[utf8.index(before: index)], at = utf8[index]
            if before < 0x80, at < 0x80, !(before == 0x0D && at == 0x0A) { return index }
            index = utf8.index(before: index)
            if index == start { break }
        }
        // Clusters walked up to `target`; one that would take the leaf past `maxLeafBytes` starts
        // the next leaf, unless it is the first (a single cluster that long is a leaf alone).
        var walk = start
        while walk < text.endIndex, utf8.distance(from: start, to: walk) < target {
            let next = text.index(after: walk)
            if walk > start, utf8.distance(from: start, to: next) > maxLeafBytes { break }
            walk = next
        }
        return walk
    }

    /// A balanced tree over `nodes` (all of one height, in order); nil for none.
    static func tree(of nodes: [RopeNode]) -> RopeNode? {
        var level = nodes
        while level.count > 1 {
            let groups = (level.count + maxChildren - 1) / maxChildren
            var next: [RopeNode] = []
            next.reserveCapacity(groups)
            var start = 0
            for group in 0..<groups {
                let end = level.count * (group + 1) / groups
                next.append(end - start == 1 ? level[start] : RopeNode(children: Array(level[start..<end])))
                start = end
            }
            if next.count == level.count { break }
            level = next
        }
        return level.first
    }

    // MARK: Joining and splitting

    /// `left` followed by `right`: a tree as tall as the taller one, or one level taller. The
    /// boundary between them must be a cluster boundary of the joined text.
    static func join(_ left: RopeNode?, _ right: RopeNode?) -> RopeNode? {
        guard let left else { return right }
        guard let right else { return left }
        if left.height == right.height { return joinLevel(left, right) }
        if left.height > right.height {
            let joined = join(left.children[left.children.count - 1], right)!
            var children = Array(left.children.dropLast())
            if joined.height == left.height { children += joined.children } else { children.append(joined) }
            return node(of: children)
        }
        let joined = join(left, right.children[0])!
        var children = Array(right.children.dropFirst())
        if joined.height == right.height { children.insert(contentsOf: joined.children, at: 0) } else { children.insert(joined, at: 0) }
        return node(of: children)
    }

    /// Two nodes of one height: merged into one when either is small and they fit, else a parent.
    private static func joinLevel(_ left: RopeNode, _ right: RopeNode) -> RopeNode {
        if left.isLeaf {
            if left.summary.utf8 + right.summary.utf8 <= maxLeafBytes {
                return RopeNode(leaf: left.chunk + right.chunk, summary: left.summary + right.summary)
            }
            if left.isFull && right.isFull { return RopeNode(children: [left, right]) }
            // One is small: share the bytes out again, cut at a cluster boundary near the middle.
            let joined = left.chunk + right.chunk
            let whole = joined[...]
            let cut = boundary(in: whole, from: whole.startIndex, near: joined.utf8.count / 2)
            guard cut > whole.startIndex, cut < whole.endIndex else { return RopeNode(children: [left, right]) }
            return RopeNode(children: [RopeNode(leaf: String(whole[..<cut])), RopeNode(leaf: String(whole[cut...]))])
        }
        if left.isFull && right.isFull { return RopeNode(children: [left, right]) }
        return node(of: left.children + right.children)
    }

    /// One node over `children` (of one height), or a parent of two when they are too many.
    private static func node(of children: [RopeNode]) -> RopeNode {
        if children.count == 1 { return children[0] }
        if children.count <= maxChildren { return RopeNode(children: children) }
        let half = children.count / 2
        return RopeNode(children: [RopeNode(children: Array(children[..<half])), RopeNode(children: Array(children[half...]))])
    }

    /// The clusters before `offset` and those from it, as two trees sharing this one's untouched
    /// nodes.
    func split(at offset: Int) -> (RopeNode?, RopeNode?) {
        if offset <= 0 { return (nil, self) }
        if offset >= summary.clusters { return (self, nil) }
        if isLeaf {
            let index = chunkIndex(ofCluster: offset)
            let before = String(chunk[..<index]), after = String(chunk[index...])
            // Only the shorter piece is read: the other's summary is what is left of this one's.
            if before.utf8.count <= after.utf8.count {
                let read = RopeSummary(chunk: before)
                return (RopeNode(leaf: before, summary: read), RopeNode(leaf: after, summary: summary - read))
            }
            let read = RopeSummary(chunk: after)
            return (RopeNode(leaf: before, summary: summary - read), RopeNode(leaf: after, summary: read))
        }
        var start = 0
        for (position, child) in children.enumerated() {
            let end = start + child.summary.clusters
            if offset < end || position == children.count - 1 {
                let before = Self.tree(ofSiblings: children[..<position])
                let after = Self.tree(ofSiblings: children[(position + 1)...])
                if offset == start { return (before, Self.join(child, after)) }
                let (left, right) = child.split(at: offset - start)
                return (Self.join(before, left), Self.join(right, after))
            }
            start = end
        }
        return (self, nil)
    }

    private static func tree(ofSiblings siblings: ArraySlice<RopeNode>) -> RopeNode? {
        switch siblings.count {
        case 0: return nil
        case 1: return siblings.first
        default: return RopeNode(children: Array(siblings))
        }
    }
}

extension Rope {
    /// What is wrong with the tree's shape, or nil: every summary the sum of its children's, every
    /// inner node 2 to `maxChildren` children of one height, every leaf non-empty and at most
    /// `maxLeafBytes` long unless it is a single cluster. For tests.
    package func structuralProblem() -> String? {
        guard let root else { return nil }
        func check(_ node: RopeNode) -> String? {
            if node.isLeaf {
                if node.chunk.isEmpty { return "an empty leaf" }
                if node.summary != RopeSummary(chunk: node.chunk) { return "a leaf's summary is not its chunk's" }
                if node.summary.utf8 > RopeNode.maxLeafBytes, node.summary.clusters > 1 { return "a leaf of \(node.summary.utf8) bytes" }
                return nil
            }
            if node.children.count < 2 || node.children.count > RopeNode.maxChildren { return "\(node.children.count) children" }
            if node.children.contains(where: { $0.height != node.height - 1 }) { return "children of mixed heights" }
            let sum = node.children.dropFirst().reduce(node.children[0].summary) { $0 + $1.summary }
            if sum != node.summary { return "a summary that is not its children's sum" }
            for child in node.children { if let problem = check(child) { return problem } }
            return nil
        }
        return check(root)
    }

    /// How many leaves the tree has; for tests of balance.
    package var leafCount: Int {
        func leaves(_ node: RopeNode) -> Int { node.isLeaf ? 1 : node.children.reduce(0) { $0 + leaves($1) } }
        return root.map(leaves) ?? 0
    }
}

extension Rope {
    /// How many of this rope's leaves are the very leaves of `other` (shared, not copied); for tests.
    package func sharedLeafCount(with other: Rope) -> Int {
        func leaves(_ node: RopeNode?, into set: inout Set<ObjectIdentifier>) {
            guard let node else { return }
            if node.isLeaf { set.insert(ObjectIdentifier(node)) } else { node.children.forEach { leaves($0, into: &set) } }
        }
        var mine = Set<ObjectIdentifier>(), theirs = Set<ObjectIdentifier>()
        leaves(root, into: &mine)
        leaves(other.root, into: &theirs)
        return mine.intersection(theirs).count
    }
}
