import MaterialFields
import QATools

/// The catalog's recently used emoji between runs: a plain text file, one emoji a line, most
/// recent first, at `$XDG_STATE_HOME/materialfields/emoji-recent` (`~/.local/state/...` without
/// it), as the XDG base directories put an app's state. Best effort: a file that is missing or
/// unreadable gives no recents; one that cannot be written gives one warning line, and the
/// chooser goes on from memory.
final class EmojiRecentsFile: EmojiRecentsStore {
    let path: String
    private var warned = false

    init(path: String) { self.path = path }

    /// The standard place, or nil when neither `XDG_STATE_HOME` nor `HOME` is set.
    static func standardPath() -> String? {
        if let state = SystemFiles.environment("XDG_STATE_HOME"), state.hasPrefix("/") {
            return SystemFiles.join(SystemFiles.join(state, "materialfields"), "emoji-recent")
        }
        guard let home = SystemFiles.environment("HOME"), !home.isEmpty else { return nil }
        return SystemFiles.join(SystemFiles.join(SystemFiles.join(home, ".local/state"), "materialfields"), "emoji-recent")
    }

    func loadRecentEmoji() -> [String] {
        guard SystemFiles.fileExists(path), let text = try? SystemFiles.readText(path) else { return [] }
        return text.split(whereSeparator: \.isNewline).map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
    }

    func saveRecentEmoji(_ emoji: [String]) {
        do {
            try SystemFiles.createParentDirectory(of: path)
            try SystemFiles.write(emoji.map { $0 + "\n" }.joined(), to: path)
        } catch {
            guard !warned else { return }
            warned = true
            SystemFiles.writeToStandardError("textfield-catalog: warning: the recently used emoji cannot be saved in \(path): \(error)\n")
        }
    }
}

private extension String {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
