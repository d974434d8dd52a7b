import Foundation
import MaterialFields

/// Rewrites the `--qa-state` file whenever what it would say changes. The file is replaced
/// atomically, so a reader never sees half of it.
final class QAStateWriter {
    private let url: URL
    private let scene: FieldScene
    private let theme: () -> String
    private var lastWritten: Data?
    private var reportedFailure = false

    private struct Document: Encodable {
        struct Window: Encodable {
            var width: Double
            var height: Double
            var scrollOffset: Double
            var contentHeight: Double
            var focused: Bool
            var theme: String
        }
        var theme: String
        var window: Window
        var fields: [FieldSnapshot]
    }

    /// - Parameter theme: the theme's name now (Ctrl+T changes it).
    init(path: String, scene: FieldScene, theme: @escaping () -> String) {
        self.url = URL(fileURLWithPath: path)
        self.scene = scene
        self.theme = theme
    }

    func update() {
        let document = Document(
            theme: theme(),
            window: .init(width: scene.size.width, height: scene.size.height, scrollOffset: scene.scroll.offset,
                          contentHeight: scene.scroll.contentHeight, focused: scene.isWindowFocused, theme: theme()),
            fields: scene.snapshot())
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(document), data != lastWritten else { return }
        do {
            try data.write(to: url, options: .atomic)
            lastWritten = data
        } catch {
            if !reportedFailure {
                FileHandle.standardError.write(Data("textfield-catalog: cannot write QA state to '\(url.path)': \(error.localizedDescription)\n".utf8))
                reportedFailure = true
            }
        }
    }
}
