/// Where an app keeps the recently used emoji between runs (the catalog: a plain text file under
/// `$XDG_STATE_HOME`). Best effort: a store that cannot read gives an empty list, one that cannot
/// write keeps quiet; the chooser works from memory either way.
public protocol EmojiRecentsStore: AnyObject {
    /// The emoji saved last, most recent first.
    func loadRecentEmoji() -> [String]
    func saveRecentEmoji(_ emoji: [String])
}

/// The recently used emoji, most recent first, each once, at most `capacity`: the chooser's first
/// category. Kept in memory; with a `store` it is loaded when made and saved after each use.
/// A scene's fields share one (`FieldScene.emojiRecents`).
public final class EmojiRecents {
    /// How many emoji are remembered (GTK keeps 30).
    public static let capacity = 30

    public private(set) var emoji: [String]
    public let store: EmojiRecentsStore?

    public init(store: EmojiRecentsStore? = nil) {
        self.store = store
        self.emoji = []
        if let store { emoji = Self.cleaned(store.loadRecentEmoji()) }
    }

    /// Puts `character` first (moving it up if it was already there) and saves.
    public func use(_ character: String) {
        guard !character.isEmpty else { return }
        emoji.removeAll { $0 == character }
        emoji.insert(character, at: 0)
        if emoji.count > Self.capacity { emoji.removeLast(emoji.count - Self.capacity) }
        store?.saveRecentEmoji(emoji)
    }

    /// Forgets every recent emoji (and saves the empty list).
    public func removeAll() {
        emoji.removeAll()
        store?.saveRecentEmoji(emoji)
    }

    /// What a store gave, without blanks, repeats (the first kept) or more than `capacity`.
    static func cleaned(_ list: [String]) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for item in list where !item.isEmpty && !seen.contains(item) {
            seen.insert(item)
            result.append(item)
            if result.count == capacity { break }
        }
        return result
    }
}
