import MaterialFields
import QATools
import XftHost

/// Keeps the `--qa-state` file saying what the catalog shows. `update` takes the state on the
/// caller's thread (a copy of values; in the live window only the fields that may have changed
/// are read again, `FieldSnapshotCache`) and hands the rest to a thread of its own: encoding,
/// pretty-printing and replacing the file (atomically, so a reader never sees half of it) cost
/// several milliseconds in a debug build, which the event loop must not spend between two keys.
/// An unchanged state is not written again; a state taken while an older one waits replaces it,
/// and the newest is always written. The host calls `update` at most once a frame, after the
/// frame is flushed (`WindowHost.run`'s `didChange`).
final class QAStateWriter {
    /// The catalog described; nil until a script hands over its own (`update(controls:script:)`).
    private var controls: CatalogControls?
    private let file: StateFile
    private var lastTaken: Document?
    /// The live window's fields as last read: a state reads again only those that may have changed.
    private let fieldCache = FieldSnapshotCache()
    private let thread = NewestJobThread()

    fileprivate struct Document: Encodable, Equatable {
        struct Window: Encodable, Equatable {
            var width: Double
            var height: Double
            var scrollOffset: Double
            var contentHeight: Double
            var focused: Bool
            var theme: String
            /// The catalog's design and Material 3 seed as Ctrl+M and Ctrl+Shift+M set them (the
            /// seed `#RRGGBB` kept under Material 2 too); the top-level keys say what draws.
            var design: String
            var seed: String
            var inspector: Bool
            var animationSlowdown: Double
            /// A drag from one of the fields (absent when none): the field, `pending` (pressed on
            /// its selected text) or `dragging`, the dragged range, the operations and types offered.
            var drag: Drag?
            /// A drag hovering over a field that would take it (absent otherwise): the field, the
            /// drop caret's offset and the operation a drop there takes.
            var drop: Drop?
        }
        struct Drag: Encodable, Equatable {
            var field: String
            var phase: String
            var range: [Int]
            var operations: [String]
            var types: [String]
            /// What would take a drop where the drag is now (`copy`, `move`), null where nothing would.
            var accepted: String?
        }
        struct Drop: Encodable, Equatable {
            var field: String
            var offset: Int
            var operation: String
        }
        /// The desktop's settings as the scene follows them (only those the desktop sets) and
        /// the look its theme asks for.
        struct Desktop: Encodable, Equatable {
            var settings: DesktopSettings
            var theme: String
        }
        var theme: String
        /// The Material the fields are drawn by (`m2`, `m3`: the high-contrast themes are m2) and
        /// the seed its scheme was generated from (`#RRGGBB`, null under Material 2).
        var design: String
        var seed: Nullable<String>
        var window: Window
        var desktop: Desktop
        var fields: [FieldSnapshot]
        /// With `--script`: the script running and the line whose step has just ended (0 before
        /// the first); absent for the live window.
        var script: ScriptPlace?
        /// The context menu (README's QA state: `menu`).
        var menu: MenuSnapshot
        /// The emoji chooser (README's QA state: `emojiChooser`).
        var emojiChooser: EmojiChooserSnapshot
        /// The controls panel (README's QA state: `controls`).
        var controls: Controls
        /// Where `Resources/` was found and which font configuration draws (README's QA state: `resources`).
        var resources = ResourcesState()

        /// `directory` (null when there is none) and how it was found (`environment`, `build`,
        /// `installed`); `fonts`: `pinned` (Resources/fonts.conf), `environment` (a
        /// FONTCONFIG_FILE given) or `system`, and `fontConfiguration`, the file (null: the system's).
        struct ResourcesState: Encodable, Equatable {
            var directory: String?
            var origin: String?
            var fonts: String
            var fontConfiguration: String?

            init() {
                let found = ResourceDirectory.current.directory
                directory = found?.path
                origin = found?.origin.rawValue
                let pinning = PinnedFonts.pinForThisProcess()
                fonts = pinning.kind
                fontConfiguration = pinning.configurationPath
            }

            private enum CodingKeys: String, CodingKey { case directory, origin, fonts, fontConfiguration }

            /// Every key, null when there is nothing to name.
            func encode(to encoder: Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(directory, forKey: .directory)
                try container.encode(origin, forKey: .origin)
                try container.encode(fonts, forKey: .fonts)
                try container.encode(fontConfiguration, forKey: .fontConfiguration)
            }
        }

        /// The controls panel: whether it is open, the field it edits (null: none, the panel says
        /// so), the control the keyboard is on, and every change it made as its script step.
        struct Controls: Encodable, Equatable {
            var shown: Bool
            var field: String?
            var control: String?
            /// The panel's surface in window pixels, [x, y, width, height] (it may lie outside the window).
            var frame: [Double]?
            var steps: [String]
        }

        enum CodingKeys: String, CodingKey { case theme, design, seed, window, desktop, fields, script, menu, emojiChooser, controls, resources }

        /// - Parameter fieldCache: keeps the fields' snapshots between states (the live window);
        ///   without it every field is read.
        init(of controls: CatalogControls, script: ScriptPlace? = nil, fieldCache: FieldSnapshotCache? = nil) {
            self.script = script
            let scene = controls.scene
            theme = controls.theme.rawValue
            design = scene.scheme.design.rawValue
            seed = Nullable(value: scene.scheme.seed.map(QAScript.hex))
            window = .init(width: scene.size.width, height: scene.size.height, scrollOffset: scene.scroll.offset,
                           contentHeight: scene.scroll.contentHeight, focused: scene.isWindowFocused, theme: theme,
                           design: controls.design.rawValue, seed: QAScript.hex(controls.seed),
                           inspector: controls.isInspectorShown, animationSlowdown: controls.animationSlowdown,
                           drag: scene.dragSourceState.map {
                               Drag(field: $0.field, phase: $0.phase.rawValue, range: [$0.range.lowerBound, $0.range.upperBound],
                                    operations: $0.operations.map(\.rawValue),
                                    types: $0.phase == .dragging ? WindowHost.offeredDragTypes : [], accepted: $0.accepted?.rawValue)
                           },
                           drop: scene.dropTargetState.map { Drop(field: $0.field, offset: $0.offset, operation: $0.operation.rawValue) })
            desktop = .init(settings: scene.desktopSettings, theme: scene.desktopSettings.theme.rawValue)
            fields = fieldCache?.snapshot(of: scene) ?? scene.snapshot()
            menu = scene.menuSnapshot()
            emojiChooser = scene.emojiChooserSnapshot()
            let panel = scene.shownControlsPanel
            self.controls = Controls(shown: panel != nil, field: panel?.field?.identifier, control: panel?.focusedControl.rawValue,
                                     frame: panel?.placement.map { [$0.minX, $0.minY, $0.width, $0.height] }, steps: controls.controlSteps)
        }
    }

    /// A value written as null when there is none (synthesised coding would leave the key out).
    struct Nullable<Wrapped: Encodable & Equatable>: Encodable, Equatable {
        var value: Wrapped?

        func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            if let value { try container.encode(value) } else { try container.encodeNil() }
        }
    }

    /// Where a script is: the file as given and a line.
    struct ScriptPlace: Encodable, Equatable {
        var file: String
        var line: Int
    }

    init(path: String, controls: CatalogControls?) {
        self.controls = controls
        file = StateFile(path: path)
    }

    /// The QA state now.
    static func state(of controls: CatalogControls) -> JSONValue? { try? JSONValue(encoding: Document(of: controls)) }

    /// Takes the state now; its file is written on the writer's thread.
    func update() {
        guard let controls else { return }
        enqueue(Document(of: controls, fieldCache: fieldCache))
    }

    /// Takes the state of a script's catalog after the step at `script` (a `scale` step builds
    /// the catalog afresh, so the controls come with every update).
    func update(controls: CatalogControls, script: ScriptPlace) {
        self.controls = controls
        enqueue(Document(of: controls, script: script))
    }

    private func enqueue(_ document: Document) {
        guard document != lastTaken else { return }
        lastTaken = document
        let file = self.file
        thread.submit { file.write(document) }
    }

    /// Returns once the newest state taken is in the file (or its write has failed).
    func finish() { thread.waitUntilIdle() }
}

/// The file itself, used only on the writer's thread. Its text is made again only where the
/// state changed (`QAStateText`): a field whose snapshot did not change keeps its text from the
/// last write, and the rest of the document is encoded again only when it differs.
private final class StateFile {
    let path: String
    private var reportedFailure = false
    /// Until a write succeeds (and again after one fails), the file's folder is made first, as a
    /// screenshot's is.
    private var makesFolder = true
    private let text = QAStateText<QAStateWriter.Document>(fieldsKey: QAStateWriter.Document.CodingKeys.fields.stringValue)

    init(path: String) { self.path = path }

    func write(_ document: QAStateWriter.Document) {
        // `update` hands over only states that differ from the last one taken.
        var rest = document
        rest.fields = []
        guard let bytes = text.text(rest: rest, fields: document.fields).map({ Array($0.utf8) }) else { return }
        if makesFolder { try? SystemFiles.createParentDirectory(of: path) }
        do {
            try SystemFiles.write(bytes, to: path)
            makesFolder = false
        } catch {
            makesFolder = true
            // Once: the window matters more than its QA file, and every later change would fail
            // the same way (each is still tried, so a folder that can be made later starts working).
            if !reportedFailure {
                let reason = (error as? SystemFiles.Failure)?.reason ?? "\(error)"
                SystemFiles.writeToStandardError(
                    "textfield-catalog: warning: cannot write the QA state to '\(path)': \(reason); carrying on without it\n")
                reportedFailure = true
            }
        }
    }
}
