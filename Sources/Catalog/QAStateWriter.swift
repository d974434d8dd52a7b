import Foundation
import MaterialFields

/// Rewrites the `--qa-state` file whenever what it would say changes. The file is replaced
/// atomically, so a reader never sees half of it.
final class QAStateWriter {
    private let url: URL
    private let controls: CatalogControls
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
            var inspector: Bool
            var animationSlowdown: Double
        }
        var theme: String
        var window: Window
        var fields: [FieldSnapshot]
    }

    init(path: String, controls: CatalogControls) {
        self.url = URL(fileURLWithPath: path)
        self.controls = controls
    }

    /// The QA state now, as the file holds it.
    static func encodedState(of controls: CatalogControls) -> Data? {
        let scene = controls.scene, theme = controls.theme.rawValue
        let document = Document(
            theme: theme,
            window: .init(width: scene.size.width, height: scene.size.height, scrollOffset: scene.scroll.offset,
                          contentHeight: scene.scroll.contentHeight, focused: scene.isWindowFocused, theme: theme,
                          inspector: controls.isInspectorShown, animationSlowdown: controls.animationSlowdown),
            fields: scene.snapshot())
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try? encoder.encode(document)
    }

    func update() {
        guard let data = Self.encodedState(of: controls), data != lastWritten else { return }
        do {
            try data.write(to: url, options: .atomic)
            lastWritten = data
        } catch {
            // Once: the window matters more than its QA file, and every later change would fail
            // the same way (each is still tried, so a directory created later starts working).
            if !reportedFailure {
                FileHandle.standardError.write(Data(
                    "textfield-catalog: warning: cannot write the QA state to '\(url.path)': \(Self.reason(for: error)); carrying on without it\n".utf8))
                reportedFailure = true
            }
        }
    }

    /// The operating system's words ("No such file or directory"), which Foundation's own
    /// description of a failed write hides behind a generic sentence.
    private static func reason(for error: Error) -> String {
        let failure = error as NSError
        // On Linux the underlying error casts to Error, not straight to NSError.
        if let underlying = (failure.userInfo[NSUnderlyingErrorKey] as? Error).map({ $0 as NSError }),
           underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return failure.localizedDescription
    }
}
