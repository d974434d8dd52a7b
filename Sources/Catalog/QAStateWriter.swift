import MaterialFields
import QATools

/// Rewrites the `--qa-state` file whenever what it would say changes. The file is replaced
/// atomically, so a reader never sees half of it.
final class QAStateWriter {
    private let path: String
    private let controls: CatalogControls
    private var lastWritten: [UInt8]?
    private var reportedFailure = false

    private struct Document: Encodable {
        struct Window: Encodable {
            var width: Double
            var height: Double
            var scrollOffset: Double
            var contentHeight: Double
            var focused: Bool
            var theme: String
            var inspector: Bool
            var animationSlowdown: Double
        }
        var theme: String
        var window: Window
        var fields: [FieldSnapshot]
    }

    init(path: String, controls: CatalogControls) {
        self.path = path
        self.controls = controls
    }

    /// The QA state now.
    static func state(of controls: CatalogControls) -> JSONValue? {
        let scene = controls.scene, theme = controls.theme.rawValue
        let document = Document(
            theme: theme,
            window: .init(width: scene.size.width, height: scene.size.height, scrollOffset: scene.scroll.offset,
                          contentHeight: scene.scroll.contentHeight, focused: scene.isWindowFocused, theme: theme,
                          inspector: controls.isInspectorShown, animationSlowdown: controls.animationSlowdown),
            fields: scene.snapshot())
        return try? JSONValue(encoding: document)
    }

    func update() {
        guard let state = Self.state(of: controls) else { return }
        let bytes = Array(state.prettyPrinted.utf8)
        guard bytes != lastWritten else { return }
        do {
            try SystemFiles.write(bytes, to: path)
            lastWritten = bytes
        } catch {
            // Once: the window matters more than its QA file, and every later change would fail
            // the same way (each is still tried, so a directory created later starts working).
            if !reportedFailure {
                let reason = (error as? SystemFiles.Failure)?.reason ?? "\(error)"
                SystemFiles.writeToStandardError(
                    "textfield-catalog: warning: cannot write the QA state to '\(path)': \(reason); carrying on without it\n")
                reportedFailure = true
            }
        }
    }
}
