extension AttributeRuns {
    /// The runs of `old`'s clusters carried over to `new`, a rewrite of it by an edit policy or a
    /// delegate (characters filtered out, a start kept, spaces trimmed, letters capitalized):
    /// each cluster of `new` takes the attributes of the cluster of `old` it matches, looking a
    /// little way ahead (the same cluster, or the same letter in another case), else of the next
    /// unmatched one. Runs of one value are returned as they are, since they fit any text
    /// (`TextEdit.attributes`).
    package func remapped(from old: String, to new: String) -> AttributeRuns {
        guard lengths.count > 1 else { return self }
        let oldClusters = Array(old)
        var result = AttributeRuns()
        var next = 0
        for cluster in new {
            var match: Int?
            var index = next
            while index < min(oldClusters.count, next + 64) {
                if oldClusters[index] == cluster || oldClusters[index].lowercased() == cluster.lowercased() {
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
