extension EmojiCatalog {
    /// The emoji a search finds, as indices into `emoji`: every word of `query` (split at
    /// whitespace, case- and accent-insensitive) must begin a word of the emoji's name or keywords, so
    /// "thu up" finds thumbs up and "fr" the flag of France. Emoji found by their names alone come
    /// first, then those a keyword found; each part in Unicode's order. An empty query finds
    /// nothing (the chooser shows its categories instead).
    public func search(_ query: String) -> [Int] {
        let terms = Self.folded(query).split(whereSeparator: { $0.isWhitespace }).map(String.init)
        guard !terms.isEmpty else { return [] }
        var byName: [Int] = []
        var byKeyword: [Int] = []
        for (index, entry) in emoji.enumerated() {
            var nameOnly = true
            var matched = true
            for term in terms {
                if entry.nameWords.contains(where: { $0.hasPrefix(term) }) { continue }
                if entry.keywords.contains(where: { $0.hasPrefix(term) }) { nameOnly = false; continue }
                matched = false
                break
            }
            guard matched else { continue }
            if nameOnly { byName.append(index) } else { byKeyword.append(index) }
        }
        return byName + byKeyword
    }
}
