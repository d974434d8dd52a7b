extension AttributeRuns {
    /// The runs of `old`'s clusters carried over to `new`, a rewrite of it by an edit policy or a
    /// delegate (characters filtered out, a start kept, spaces trimmed, letters capitalized):
    /// with as many clusters, each keeps its place's; otherwise each cluster of `new` takes the
    /// attributes of the cluster of `old` it matches, looking a little way ahead (the same
    /// cluster, the same letter in another case, a space or "\n" for a line break), else of the
    /// next unmatched one. Runs of one value are returned as they are, since they fit any text
    /// (`TextEdit.attributes`).
    package func remapped(from old: String, to new: String) -> AttributeRuns {
        guard lengths.count > 1 else { return self }
        let oldClusters = Array(old), newClusters = Array(new)
        // As many clusters: each one rewritten in place (a line break become a space, a capital).
        if oldClusters.count == newClusters.count { return self }
        func same(_ kept: Character, _ original: Character) -> Bool {
            kept == original || kept.lowercased() == original.lowercased() || (original.isNewline && (kept == " " || kept == "\n"))
        }
        var result = AttributeRuns()
        var next = 0
        for cluster in newClusters {
            var match: Int?
            var index = next
            while index < min(oldClusters.count, next + 64) {
                if same(cluster, oldClusters[index]) {
                    match = index
                    break
                }
                index += 1
            }
            let source = match ?? min(next, max(oldClusters.count - 1, 0))
            result.append(1, attributes(at: source))
            next = min(source + 1, oldClusters.count)
        }
        return result
    }
}

extension TextAttributes {
    /// These attributes without the keys `mask` sets (its values do not matter).
    public func removing(keysSetIn mask: TextAttributes) -> TextAttributes {
        var result = self
        if mask.fontFamily != nil { result.fontFamily = nil }
        if mask.fontSize != nil { result.fontSize = nil }
        if mask.fontWeight != nil { result.fontWeight = nil }
        if mask.isItalic != nil { result.isItalic = nil }
        if mask.foregroundColor != nil { result.foregroundColor = nil }
        if mask.backgroundColor != nil { result.backgroundColor = nil }
        if mask.underlineStyle != nil { result.underlineStyle = nil }
        if mask.underlineColor != nil { result.underlineColor = nil }
        if mask.strikethroughStyle != nil { result.strikethroughStyle = nil }
        if mask.strikethroughColor != nil { result.strikethroughColor = nil }
        if mask.kern != nil { result.kern = nil }
        return result
    }

    /// Only the keys `mask` sets, with these attributes' values.
    public func keeping(keysSetIn mask: TextAttributes) -> TextAttributes {
        removing(keysSetIn: removing(keysSetIn: mask))
    }

    /// A mask of the font's keys (family, size, weight, italic): what `UIFont` holds in UIKit.
    public static let fontKeys = TextAttributes(fontFamily: "", fontSize: 0, fontWeight: .regular, isItalic: false)
    /// A mask of the foreground colour alone.
    public static let foregroundColorKey = TextAttributes(foregroundColor: Color(red: 0, green: 0, blue: 0))
}

extension AttributedText {
    /// The same string with its runs over its clusters as `String` segments it whole: text put
    /// together with `+` may hold side by side what segments as one cluster ("e" and U+0301, two
    /// regional indicators). Each cluster takes the attributes of the cluster its first scalar
    /// came from. What is already segmented so comes back as it is.
    public var segmentedWhole: AttributedText {
        let string = self.string
        let clusters = Array(string)
        var aligned = clusters.count == count
        if aligned {
            for (new, old) in zip(clusters, characters) where new.unicodeScalars.count != old.unicodeScalars.count {
                aligned = false
                break
            }
        }
        if aligned { return AttributedText(characters: clusters, runs: attributeRuns) }
        // Where each old cluster ends, in scalars, with its attributes.
        var ends: [(end: Int, attributes: TextAttributes)] = []
        var scalars = 0
        for run in attributeRuns.runs {
            for index in run.range {
                scalars += characters[index].unicodeScalars.count
                ends.append((scalars, run.attributes))
            }
        }
        var runs = AttributeRuns()
        var offset = 0, source = 0
        for cluster in clusters {
            while source < ends.count - 1 && ends[source].end <= offset { source += 1 }
            runs.append(1, ends.isEmpty ? .none : ends[source].attributes)
            offset += cluster.unicodeScalars.count
        }
        return AttributedText(characters: clusters, runs: runs)
    }
}
