import Glibc
import MaterialFields
import XftHost

/// `--matrix DIR`: every field in every state it can take (`FieldVisualState`), in every theme,
/// scale and direction asked for, one PNG each, a contact sheet per field and an index page.
///
/// Each image is one field alone in a scene of its own, laid out at the catalog's column width
/// in a pixmap reused for every image of a scale, driven into its state through the real model
/// (`FieldStateDriver`) and settled: no window, no waiting, no other field drawn.
public final class StateMatrix {
    public struct Theme {
        public var name: String
        public var scheme: ColorScheme
        public init(name: String, scheme: ColorScheme) { self.name = name; self.scheme = scheme }
    }

    public enum Direction: String, CaseIterable {
        case ltr, rtl
    }

    /// The field's width in points: the catalog's column in its default 760-point window.
    public static let fieldWidth = 340.0
    /// Room around the field's outer frame, in points.
    public static let margin = 8.0
    /// The pixmap's height in points: more than the tallest field (a text area at its four rows
    /// with an error message) needs.
    static let surfaceHeight = 480.0

    /// One image of the matrix, or one the field cannot take.
    struct Cell {
        var theme: Theme
        var scale: Double
        var direction: Direction
        var state: FieldVisualState
        /// Nil when the state does not apply (then `skipReason` says why).
        var file: String?
        var skipReason: String?
        var failure: String?
        var pixelSize = (width: 0, height: 0)

        var variantName: String { "\(theme.name)-\(StateMatrix.scaleName(scale))-\(direction.rawValue)" }
    }

    public struct Summary {
        public var images = 0
        public var skipped = 0
        /// "ID theme-scale-dir-state: why", for states a field would not reach.
        public var failures: [String] = []
        public var indexPath = ""
    }

    private let host: WindowHost
    private let subjects: [FieldSubject]
    private let themes: [Theme]
    private let scales: [Double]
    private let sceneHost = ScriptSceneHost()
    /// Called after every image with (done, total).
    public var progress: ((Int, Int) -> Void)?

    public init(host: WindowHost, subjects: [FieldSubject], themes: [Theme], scales: [Double]) {
        self.host = host
        self.subjects = subjects
        self.themes = themes
        self.scales = scales
    }

    /// "1x", "2x", "1.5x".
    static func scaleName(_ scale: Double) -> String {
        scale == scale.rounded() ? "\(Int(scale))x" : "\(scale)x"
    }

    /// The file of one image, relative to the matrix folder: `ID/THEME-SCALE-DIR-STATE.png`.
    public static func imagePath(id: String, theme: String, scale: Double, direction: Direction, state: FieldVisualState) -> String {
        "\(id)/\(theme)-\(scaleName(scale))-\(direction.rawValue)-\(state.rawValue).png"
    }

    /// The directions a field takes: only its own when its app built it right to left (a field
    /// whose label and text are in a right-to-left script has no left-to-right form to show);
    /// else both for a Material field, and left to right only for the plain and RAG families,
    /// whose layout does not mirror under `layoutDirection` (an `rtl` image would be their `ltr`
    /// one again, passed off as mirrored).
    static func directions(of field: TextField) -> [Direction] {
        if field.layoutDirection == .rightToLeft { return [.rtl] }
        return field.style.family == .material ? [.ltr, .rtl] : [.ltr]
    }

    /// Why a field is not rendered in `direction` (one of those `directions(of:)` leaves out).
    static func directionSkipReason(of field: TextField) -> String {
        field.layoutDirection == .rightToLeft ? "built right to left" : "left to right only: its family does not mirror"
    }

    /// Renders everything into `directory` (made if missing; files of the same names replaced).
    public func run(into directory: String) throws -> Summary {
        try SystemFiles.createDirectory(directory)
        // What each field can take, from a field as its app builds it.
        let plans = subjects.map { subject -> (directions: [Direction], states: [FieldVisualState], built: TextField) in
            let field = subject.make()
            return (Self.directions(of: field), FieldVisualState.allCases, field)
        }
        let total = plans.reduce(0) { sum, plan in
            sum + themes.count * scales.count * plan.directions.count * plan.states.filter { $0.applies(to: plan.built) }.count
        }
        var surfaces: [Double: OffscreenSurface] = [:]
        for scale in scales {
            surfaces[scale] = try OffscreenSurface(host: host, size: surfaceSize(scale: scale))
        }
        let writer = PNGWriterThread()
        var summary = Summary()
        var sections: [MatrixIndex.Section] = []
        var done = 0
        progress?(0, total)
        for (subject, plan) in zip(subjects, plans) {
            try SystemFiles.createDirectory(SystemFiles.join(directory, subject.id))
            var cells: [Cell] = []
            var sheetImages: [String: RGBAImage] = [:]
            let sheetScale = scales.min() ?? 1
            for scale in scales {
                guard let surface = surfaces[scale] else { continue }
                for theme in themes {
                    for direction in Direction.allCases {
                        for state in plan.states {
                            var cell = Cell(theme: theme, scale: scale, direction: direction, state: state)
                            if !plan.directions.contains(direction) {
                                cell.skipReason = Self.directionSkipReason(of: plan.built)
                            } else if !state.applies(to: plan.built) {
                                cell.skipReason = "built disabled"
                            } else {
                                let relative = Self.imagePath(id: subject.id, theme: theme.name, scale: scale, direction: direction,
                                                              state: state)
                                do {
                                    let image = try render(subject, state: state, theme: theme, scale: scale, direction: direction,
                                                           on: surface)
                                    try writer.submit(image, to: SystemFiles.join(directory, relative))
                                    cell.file = relative
                                    cell.pixelSize = (image.width, image.height)
                                    summary.images += 1
                                    if scale == sheetScale { sheetImages[cell.variantName + "-" + state.rawValue] = image }
                                } catch let failure as FieldStateDriver.Failure {
                                    cell.failure = failure.description
                                    summary.failures.append("\(subject.id) \(cell.variantName)-\(state.rawValue): \(failure)")
                                }
                                done += 1
                                progress?(done, total)
                            }
                            if cell.skipReason != nil { summary.skipped += 1 }
                            cells.append(cell)
                        }
                    }
                }
            }
            var sheetFile: String?
            if let sheet = try contactSheet(cells: cells.filter { $0.scale == sheetScale }, images: sheetImages, states: plan.states) {
                let relative = "\(subject.id)/contact-sheet.png"
                try writer.submit(sheet, to: SystemFiles.join(directory, relative))
                sheetFile = relative
            }
            sections.append(MatrixIndex.Section(id: subject.id, kind: plan.built.kind.rawValue, style: plan.built.style.name,
                                                family: plan.built.style.family.rawValue, states: plan.states, cells: cells,
                                                contactSheet: sheetFile, sheetScale: sheetScale))
        }
        try writer.finish()
        summary.indexPath = SystemFiles.join(directory, "index.html")
        try SystemFiles.write(MatrixIndex(sections: sections, summary: summary).html, to: summary.indexPath)
        return summary
    }

    /// The labels drawn by a scene of captions on the grey, the images copied in.
    private func contactSheet(cells: [Cell], images: [String: RGBAImage], states: [FieldVisualState]) throws -> RGBAImage? {
        guard let layout = ContactSheet.layout(cells: cells, images: images, states: states) else { return nil }
        var scheme = ColorScheme.light
        scheme.surface = ContactSheet.grey
        let scene = FieldScene(fields: [], layout: CaptionLayout(captions: layout.labels), scheme: scheme)
        let size = Size(width: Double(layout.width), height: Double(layout.height))
        let surface = try OffscreenSurface(host: host, size: size)
        surface.resize(to: size, scene: scene)
        try surface.render(scene, at: 0)
        return ContactSheet.compose(layout, images: images, onto: try surface.capture())
    }

    private func surfaceSize(scale: Double) -> Size {
        Size(width: ((Self.fieldWidth + 2 * Self.margin) * scale).rounded(.up), height: (Self.surfaceHeight * scale).rounded(.up))
    }

    /// One image: a fresh field alone in a fresh scene, driven into `state`, settled, drawn, and
    /// its outer frame with the margin read back.
    private func render(_ subject: FieldSubject, state: FieldVisualState, theme: Theme, scale: Double, direction: Direction,
                        on surface: OffscreenSurface) throws -> RGBAImage {
        let field = subject.make()
        if direction == .rtl { field.layoutDirection = .rightToLeft }
        let scene = FieldScene(fields: [field], layout: OneFieldLayout(field: field), scheme: theme.scheme,
                               metrics: MaterialMetrics(scale: scale))
        scene.host = sceneHost
        surface.resize(to: surfaceSize(scale: scale), scene: scene)
        try FieldStateDriver.apply(state, to: field, in: scene, sample: subject.sample)
        for answer in sceneHost.takePendingAnswers() { answer() }
        try surface.render(scene, at: 0)
        guard let frame = scene.frame(of: field) else {
            throw FieldStateDriver.Failure(description: "\(subject.id) was not laid out")
        }
        let bottom = Int((frame.maxY + Self.margin * scale).rounded(.up))
        return try surface.capture(x: 0, y: 0, width: surface.width, height: min(bottom, surface.height))
    }
}

/// One field at the matrix's width, `margin` from the top left.
final class OneFieldLayout: SceneLayout {
    let field: TextField
    init(field: TextField) { self.field = field }

    func arrange(in viewport: Size, metrics: MaterialMetrics, scheme: ColorScheme, measurer: TextMeasuring) -> Arrangement {
        let margin = StateMatrix.margin * metrics.scale
        let height = field.layOut(width: StateMatrix.fieldWidth * metrics.scale, metrics: metrics, measurer: measurer)
        let frame = Rect(x: margin, y: margin, width: StateMatrix.fieldWidth * metrics.scale, height: height)
        return Arrangement(fieldFrames: [(field, frame)], contentHeight: frame.maxY + margin)
    }
}
