import MaterialFields
import XftHost

/// One figure of an audit: a part of a field in a state, its colour and what it is read against,
/// as measured from the rendered pixels.
public struct AuditFigure: Sendable {
    public var state: FieldVisualState
    /// "input text", "label (resting)", "outline", "focus indicator", ...
    public var part: String
    public var subject: WCAG.Subject
    public var foreground: WCAG.RGB
    public var background: WCAG.RGB
    public var ratio: Double
    /// Reported and never required: a filled container's tint against the surface (its indicator
    /// is what identifies it, and is required).
    public var isInformative = false
    /// What the figure is read against, for the table: "surface", "container", "unfocused".
    public var against: String

    /// Whether `level` holds this figure to a minimum (not a disabled field's, not an informative one).
    public func requirement(at level: WCAG.Level) -> (minimum: Double, criterion: String)? {
        guard !state.isExempt, !isInformative else { return nil }
        return WCAG.requirement(for: subject, at: level)
    }

    /// "resting outline 2.68:1 < 3:1 (WCAG 1.4.11)" when `level` asks more than this, else nil.
    public func shortfall(at level: WCAG.Level) -> String? {
        guard let (minimum, criterion) = requirement(at: level), ratio < minimum else { return nil }
        return "\(state.rawValue) \(part) \(WCAG.formatted(ratio)):1 < \(WCAG.formattedThreshold(minimum)):1 (WCAG \(criterion))"
    }
}

/// What the audit found of one field: its accessible name and role, and every figure.
public struct FieldAudit: Sendable {
    public var id: String
    public var style: String
    public var container: String
    public var family: String
    public var kind: String
    /// From the library's accessibility model (`FieldAccessibility`), as a screen reader hears it.
    public var accessibleName: String
    public var role: String
    public var theme: String
    public var scale: Double
    /// The states audited (a field disabled by its app is audited disabled only).
    public var states: [FieldVisualState]
    public var figures: [AuditFigure]

    /// Every figure `level` asks more of, and a missing accessible name (WCAG 4.1.2, level A).
    public func failures(at level: WCAG.Level) -> [String] {
        (accessibleName.isEmpty ? ["no accessible name (WCAG 4.1.2)"] : []) + figures.compactMap { $0.shortfall(at: level) }
    }

    /// The report a person reads: a heading line, then one line per figure with its verdict at AA
    /// and at AAA ("-" where the level asks nothing: disabled, informative, a focus change at AA).
    public var table: String {
        let name = accessibleName.isEmpty ? "NO ACCESSIBLE NAME (fails WCAG 4.1.2)" : "\"\(accessibleName)\""
        var lines = ["\(id): \(style) \(kind), \(family) family; \(role) \(name); theme \(theme), scale \(scale == scale.rounded() ? String(Int(scale)) : "\(scale)")"]
        let rows = figures.map { figure -> [String] in
            func verdict(_ level: WCAG.Level) -> String {
                guard let (minimum, _) = figure.requirement(at: level) else { return "-" }
                return figure.ratio >= minimum ? "pass" : "FAIL"
            }
            let needs = figure.requirement(at: .aa).map { "\(WCAG.formattedThreshold($0.minimum)):1 \($0.criterion)" }
                ?? (figure.state.isExempt ? "exempt" : figure.isInformative ? "info" : "AAA only")
            return [figure.state.rawValue, figure.part, "\(figure.foreground) on \(figure.background) (\(figure.against))",
                    WCAG.formatted(figure.ratio) + ":1", needs, verdict(.aa), verdict(.aaa)]
        }
        let header = ["state", "part", "colours", "ratio", "AA needs", "AA", "AAA"]
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            var text = "  "
            for (index, cell) in cells.enumerated() {
                let isNumber = index == 3
                let pad = String(repeating: " ", count: widths[index] - cell.count)
                text += (isNumber ? pad + cell : cell + (index == cells.count - 1 ? "" : pad)) + (index == cells.count - 1 ? "" : "  ")
            }
            return text
        }
        lines.append(line(header))
        lines += rows.map(line)
        return lines.joined(separator: "\n")
    }

    /// The same figures for a program: ratios to 2 decimals (cut), colours as `#RRGGBB`.
    public var json: JSONValue {
        func rounded(_ ratio: Double) -> JSONValue { .number((ratio * 100 + 1e-9).rounded(.down) / 100) }
        let figures = figures.map { figure -> JSONValue in
            var members: [String: JSONValue] = [
                "state": .string(figure.state.rawValue), "part": .string(figure.part),
                "foreground": .string(figure.foreground.description), "background": .string(figure.background.description),
                "against": .string(figure.against), "ratio": rounded(figure.ratio),
                "exempt": .bool(figure.state.isExempt), "informative": .bool(figure.isInformative),
            ]
            switch figure.subject {
            case .text(let large): members["subject"] = .string(large ? "large text" : "text")
            case .nonText: members["subject"] = .string("non-text")
            case .focusChange: members["subject"] = .string("focus change")
            }
            for level in WCAG.Level.allCases {
                guard let (minimum, criterion) = figure.requirement(at: level) else { continue }
                members[level.rawValue] = .object(["minimum": .number(minimum), "criterion": .string(criterion),
                                                   "passes": .bool(figure.ratio >= minimum)])
            }
            return .object(members)
        }
        return .object([
            "id": .string(id), "style": .string(style), "container": .string(container), "family": .string(family),
            "kind": .string(kind), "accessibleName": .string(accessibleName), "role": .string(role),
            "theme": .string(theme), "scale": .number(scale), "states": .array(states.map { .string($0.rawValue) }),
            "figures": .array(figures),
            "failures": .object(Dictionary(uniqueKeysWithValues: WCAG.Level.allCases.map { level in
                (level.rawValue, JSONValue.array(failures(at: level).map(JSONValue.string)))
            })),
        ])
    }
}

/// The accessibility audit: each field drawn alone, fresh, in every state of `states` it can
/// take, driven there by `FieldStateDriver` (as the state matrix is), by the same host and
/// renderer scripts and screenshots use, and its parts' contrast measured from the pixels
/// (`PixelContrast`): where each part is comes from the field's own appearance (its runs and
/// rectangles), what colour it is from the image.
public struct ContrastAudit {
    let host: WindowHost
    let scheme: ColorScheme
    let metrics: MaterialMetrics
    let theme: String
    private let sceneHost = ScriptSceneHost()

    /// The states audited, in order: at rest, hovered, focused (empty: the label floated, the
    /// placeholder and caret shown, the focus indicator drawn), filled (the sample typed, focus
    /// gone), in error and disabled.
    public static let states: [FieldVisualState] = [.resting, .hovered, .focusedEmpty, .filled, .error, .disabled]

    public init(host: WindowHost, scheme: ColorScheme, metrics: MaterialMetrics, theme: String) {
        self.host = host; self.scheme = scheme; self.metrics = metrics; self.theme = theme
    }

    /// Audits `subjects`, each state on a fresh field from its maker, the states with text
    /// showing its sample. A field its app built disabled is audited disabled only.
    public func audit(_ subjects: [FieldSubject]) throws -> [FieldAudit] {
        let surface = try OffscreenSurface(host: host, size: Size(width: 64, height: 64))
        return try subjects.map { subject in
            let built = subject.make()
            var audit = describe(built, id: subject.id)
            var restingEdge: EdgeReading?
            for state in Self.states where built.isEnabled || state == .disabled {
                audit.states.append(state)
                let field = subject.make()
                let drawn = try draw(field, in: state, sample: subject.sample, on: surface)
                var figures = measure(field, drawn, state: state)
                let edge = EdgeReading(drawn)
                if state == .resting { restingEdge = edge }
                if state == .focusedEmpty, let restingEdge {
                    figures += focusFigures(focused: edge, resting: restingEdge, field: field)
                }
                audit.figures += figures
            }
            return audit
        }
    }

    /// Name, role and what kind of field, from the field as its app made it.
    private func describe(_ field: TextField, id: String) -> FieldAudit {
        let scene = FieldScene(fields: [field], scheme: scheme, metrics: metrics)
        let accessible = SceneAccessibility(scene: scene).accessible(for: field)
        return FieldAudit(id: id, style: field.style.name, container: field.style.container.rawValue,
                          family: field.style.container.family.rawValue, kind: field.kind == .textArea ? "text area" : "text field",
                          accessibleName: accessible?.name ?? "", role: Self.roleName(accessible?.role ?? .entry),
                          theme: theme, scale: metrics.scale, states: [], figures: [])
    }

    /// A role as AT-SPI names it: "entry", "password text", "text".
    static func roleName(_ role: AccessibleRole) -> String {
        role.rawValue.reduce(into: "") { name, character in name += character.isUppercase ? " " + character.lowercased() : String(character) }
    }

    /// One field alone in a scene of its own, in `state`, settled and drawn.
    struct Drawn {
        var image: RGBAImage
        /// The same field's text drawn alone, opaque blue on white, at the same places: how much
        /// of each pixel the glyphs cover (`InkMaskScene`).
        var mask: RGBAImage
        var frame: Rect
        var container: Rect
        var appearance: FieldAppearance
        var measurer: TextMeasuring
        var scale: Double
    }

    /// `field` (fresh) alone in a scene of its own, laid out, driven into `state`, settled and
    /// drawn on `surface` (sized to the field in that state: an error message may add a row).
    private func draw(_ field: TextField, in state: FieldVisualState, sample: String, on surface: OffscreenSurface) throws -> Drawn {
        let margin = (24 * metrics.scale).rounded(), width = (320 * metrics.scale).rounded()
        let scene = FieldScene(fields: [field], layout: OneField(field: field, margin: margin, width: width),
                               scheme: scheme, metrics: metrics)
        scene.host = sceneHost
        func fit() -> Size {
            let height = field.layOut(width: width, metrics: metrics, measurer: host.measurer)
            let size = Size(width: width + 2 * margin, height: (height + 2 * margin).rounded(.up))
            surface.resize(to: size, scene: scene)
            return size
        }
        _ = fit()
        // Refused states throw (`FieldStateDriver.Failure`): nothing is measured of a state the
        // field did not reach.
        try FieldStateDriver.apply(state, to: field, in: scene, sample: sample)
        for answer in sceneHost.takePendingAnswers() { answer() }
        // The state's own height (an error message can add a row), the field settled again.
        let size = fit()
        scene.settle()
        let frame = scene.frame(of: field) ?? Rect(x: margin, y: margin, width: width, height: size.height - 2 * margin)
        scene.invalidateAll()
        _ = try surface.render(scene, at: 0)
        let image = try surface.capture()
        guard let container = field.layout?.container,
              let appearance = field.appearance(at: 0, origin: Point(x: frame.minX, y: frame.minY), scheme: scheme, showsCaret: true,
                                                windowIsActive: true, selectionDisplay: scene.selectionDisplay) else {
            throw QAScript.Failure(file: "audit", line: 0, message: "\(field.identifier) could not be laid out")
        }
        let maskScene = InkMaskScene(appearance: appearance, size: size)
        surface.resize(to: size, scene: maskScene)
        _ = try surface.render(maskScene, at: 0)
        let mask = try surface.capture()
        return Drawn(image: image, mask: mask, frame: frame, container: container.offsetBy(dx: frame.minX, dy: frame.minY),
                     appearance: appearance, measurer: host.measurer, scale: metrics.scale)
    }

    // MARK: Parts

    private func measure(_ field: TextField, _ drawn: Drawn, state: FieldVisualState) -> [AuditFigure] {
        let appearance = drawn.appearance
        let image = drawn.image
        // The caret is not text: its pixels are left out of every text's region.
        let excluded = [appearance.caret?.path.bounds].compactMap { $0 }
        var figures: [AuditFigure] = []
        func text(_ part: String, _ run: TextRun, clip: Rect, subject: WCAG.Subject? = nil) {
            let box = Self.inkBox(of: run, measurer: drawn.measurer).intersection(clip)
            guard let reading = PixelContrast.text(in: image, mask: drawn.mask, box: box, excluding: excluded) else { return }
            let large = WCAG.isLargeText(pixelSize: run.font.pixelSize, isBold: false, scale: drawn.scale)
            figures.append(AuditFigure(state: state, part: part, subject: subject ?? .text(large: large), foreground: reading.ink,
                                       background: reading.background, ratio: reading.ratio, against: "background"))
        }
        // The input text: the lowest of its lines (a text area has several).
        let lines = appearance.textRuns.compactMap { run -> PixelContrast.Reading? in
            let box = Self.inkBox(of: run, measurer: drawn.measurer).intersection(appearance.textClip)
            return PixelContrast.text(in: image, mask: drawn.mask, box: box, excluding: excluded)
        }
        if let lowest = lines.min(by: { $0.ratio < $1.ratio }), let run = appearance.textRuns.first {
            let large = WCAG.isLargeText(pixelSize: run.font.pixelSize, isBold: false, scale: drawn.scale)
            figures.append(AuditFigure(state: state, part: "input text", subject: .text(large: large), foreground: lowest.ink,
                                       background: lowest.background, ratio: lowest.ratio, against: "background"))
        }
        if let label = appearance.label {
            let floating = field.labelPosition == .floating
            text(floating ? "label (floating)" : "label (resting)", label, clip: appearance.labelClip)
        }
        if let placeholder = appearance.placeholder { text("placeholder", placeholder, clip: appearance.textClip) }
        for affix in appearance.affixes {
            text(affix.text == field.prefixText ? "prefix" : affix.text == field.suffixText ? "suffix" : "affix", affix,
                 clip: appearance.affixClip)
        }
        for icon in appearance.icons {
            let side = icon.origin.x < drawn.container.midX ? "left" : "right"
            text("icon (\(side))", icon, clip: Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height)),
                 subject: .nonText)
        }
        for run in appearance.assistive {
            let part: String
            if let message = field.errorMessage, !message.isEmpty, message.contains(run.text) {
                part = "error text"
            } else if !field.helperText.isEmpty, field.helperText.contains(run.text) {
                part = "helper text"
            } else if field.style.container.family == .rag {
                part = "hint"
            } else if !field.trailingAssistiveText.isEmpty, field.trailingAssistiveText.contains(run.text) {
                part = "trailing text"
            } else if field.maximumLength != nil, run.text.contains("/") {
                part = "counter"
            } else if !field.helperText.isEmpty {
                // Right-to-left text comes reordered for display: still the helper text.
                part = "helper text"
            } else {
                part = "assistive text"
            }
            text(part, run, clip: appearance.assistiveClip)
        }
        // Focused, the boundary is the focus indicator, measured apart (`focusFigures`).
        figures += boundaryFigures(field, EdgeReading(drawn), state: state).filter { state != .focusedEmpty || $0.isInformative }
        return figures
    }

    /// Where a run's glyphs can be: its advance wide, from its ascent above the baseline to its
    /// descent below.
    static func inkBox(of run: TextRun, measurer: TextMeasuring) -> Rect {
        let metrics = measurer.lineMetrics(for: run.font)
        return Rect(x: run.origin.x, y: run.origin.y - metrics.ascent, width: measurer.advance(of: run.text, font: run.font),
                    height: metrics.ascent + metrics.descent)
    }

    /// The container's boundary against what is beside it: an outline against the surface
    /// outside, a filled field's indicator line against its container (and, reported only, the
    /// container's tint against the surface), any other family's edge against the surface.
    private func boundaryFigures(_ field: TextField, _ edge: EdgeReading, state: FieldVisualState) -> [AuditFigure] {
        switch field.style.container {
        case .outlined:
            return [AuditFigure(state: state, part: "outline", subject: .nonText, foreground: edge.side, background: edge.outside,
                                ratio: WCAG.ratio(edge.side, edge.outside), against: "surface")]
        case .filled:
            return [AuditFigure(state: state, part: "indicator", subject: .nonText, foreground: edge.bottom, background: edge.insideBottom,
                                ratio: WCAG.ratio(edge.bottom, edge.insideBottom), against: "container"),
                    AuditFigure(state: state, part: "container", subject: .nonText, foreground: edge.inside, background: edge.outside,
                                ratio: WCAG.ratio(edge.inside, edge.outside), isInformative: true, against: "surface")]
        case .borderless:
            // UIKit's `borderStyle = .none` draws no boundary at all: the surface against itself.
            return [AuditFigure(state: state, part: "boundary (none drawn)", subject: .nonText, foreground: edge.outside,
                                background: edge.outside, ratio: 1, against: "surface")]
        default:
            // The edge that stands out more, the side or the bottom, identifies the field.
            let side = WCAG.ratio(edge.side, edge.outside), bottom = WCAG.ratio(edge.bottom, edge.outsideBottom)
            return [AuditFigure(state: state, part: "boundary", subject: .nonText, foreground: side >= bottom ? edge.side : edge.bottom,
                                background: side >= bottom ? edge.outside : edge.outsideBottom, ratio: max(side, bottom),
                                against: "surface")]
        }
    }

    /// The focus indicator (the focused boundary) against what is beside it, at 3:1 (WCAG
    /// 1.4.11, which asks it of a state's visual information), and how far its pixels changed
    /// from the unfocused field's (WCAG 2.2's 2.4.13 Focus Appearance, AAA: 3:1).
    private func focusFigures(focused: EdgeReading, resting: EdgeReading, field: TextField) -> [AuditFigure] {
        let indicator: (color: WCAG.RGB, background: WCAG.RGB, against: String), change: (WCAG.RGB, WCAG.RGB)
        switch field.style.container {
        case .filled:
            indicator = (focused.bottom, focused.insideBottom, "container")
            change = Self.largestChange(focused.bottomPixels, resting.bottomPixels)
        case .outlined:
            indicator = (focused.side, focused.outside, "surface")
            change = Self.largestChange(focused.sidePixels, resting.sidePixels)
        case .borderless:
            // No boundary to change: focus shows by the caret alone.
            return [AuditFigure(state: .focusedEmpty, part: "focus indicator (caret only)", subject: .nonText, foreground: focused.outside,
                                background: focused.outside, ratio: 1, against: "surface")]
        default:
            let side = WCAG.ratio(focused.side, focused.outside), bottom = WCAG.ratio(focused.bottom, focused.outsideBottom)
            indicator = side >= bottom ? (focused.side, focused.outside, "surface") : (focused.bottom, focused.outsideBottom, "surface")
            change = side >= bottom ? Self.largestChange(focused.sidePixels, resting.sidePixels)
                                    : Self.largestChange(focused.bottomPixels, resting.bottomPixels)
        }
        return [AuditFigure(state: .focusedEmpty, part: "focus indicator", subject: .nonText, foreground: indicator.color,
                            background: indicator.background, ratio: WCAG.ratio(indicator.color, indicator.background),
                            against: indicator.against),
                AuditFigure(state: .focusedEmpty, part: "focus change", subject: .focusChange, foreground: change.0, background: change.1,
                            ratio: WCAG.ratio(change.0, change.1), against: "unfocused")]
    }

    /// Of the same pixels focused and not, the pair that changed most: a thicker edge changes
    /// pixels from the surface to the indicator's colour even where its colour barely changed.
    /// Pixels a glyph covers in either image are not the edge, and are left out.
    private static func largestChange(_ focused: [WCAG.RGB?], _ resting: [WCAG.RGB?]) -> (WCAG.RGB, WCAG.RGB) {
        let pairs = zip(focused, resting).compactMap { pair -> (WCAG.RGB, WCAG.RGB)? in
            guard let focused = pair.0, let resting = pair.1 else { return nil }
            return (focused, resting)
        }
        return pairs.max { WCAG.ratio($0.0, $0.1) < WCAG.ratio($1.0, $1.1) }
            ?? (focused.lazy.compactMap { $0 }.first ?? WCAG.RGB(hex: 0), resting.lazy.compactMap { $0 }.first ?? WCAG.RGB(hex: 0))
    }
}

/// A field's text alone: every run the field drew (icons, label, affixes, placeholder, input
/// text, assistive text), in the same fonts, places, directions and clips, drawn by the same
/// renderer in opaque blue (#0000FF) on white, with no container, caret or selection. Where a
/// glyph covers a pixel by c, its red and green fall to 255 x (1 - c) and its blue stays 255;
/// a colour glyph (an emoji) keeps its own colours, which rarely look like that, and is left out.
private final class InkMaskScene: Scene {
    var host: SceneHost?
    private let appearance: FieldAppearance
    private let size: Size

    init(appearance: FieldAppearance, size: Size) {
        var mask = appearance
        let blue = Color(hex: 0x0000FF)
        func inked(_ run: TextRun) -> TextRun { var run = run; run.color = blue; return run }
        mask.shapes = []
        mask.backgroundImage = nil
        mask.selection = []
        mask.selectedTextColor = nil
        mask.composition = []
        mask.caret = nil
        mask.dropCaret = nil
        mask.fades = []
        mask.icons = mask.icons.map(inked)
        mask.label = mask.label.map(inked)
        mask.affixes = mask.affixes.map(inked)
        mask.placeholder = mask.placeholder.map(inked)
        mask.textRuns = mask.textRuns.map(inked)
        mask.assistive = mask.assistive.map(inked)
        self.appearance = mask
        self.size = size
    }

    func resize(to size: Size, measurer: TextMeasuring) {}
    func handle(_ event: InputEvent, at time: Double) -> Bool { false }
    func nextWakeup(after time: Double) -> Double? { nil }
    func invalidateAll() {}
    func settle() {}
    func popupWasClosed(_ popup: ScenePopup, reason: PopupCloseReason) {}

    func render(on canvas: Canvas, at time: Double) -> [Rect] {
        let all = Rect(x: 0, y: 0, width: size.width, height: size.height)
        canvas.fill(all, color: Color(hex: 0xFFFFFF))
        FieldRenderer.draw(appearance, on: canvas)
        return [all]
    }
}

/// Lays out one field at a margin from the window's corner.
private final class OneField: SceneLayout {
    let field: TextField, margin: Double, width: Double
    init(field: TextField, margin: Double, width: Double) { self.field = field; self.margin = margin; self.width = width }

    func arrange(in viewport: Size, metrics: MaterialMetrics, scheme: ColorScheme, measurer: TextMeasuring) -> Arrangement {
        let height = field.layOut(width: width, metrics: metrics, measurer: measurer)
        return Arrangement(fieldFrames: [(field, Rect(x: margin, y: margin, width: width, height: height))],
                           contentHeight: height + 2 * margin)
    }
}

/// A container's edges as drawn: the side edge read on a row at mid-height, the bottom edge on a
/// column 10 px (at scale 1) in from the trailing end, each as the pixel of the few inside the
/// container's edge that stands out most from the surface outside it. A pixel a glyph covers
/// (the ink mask says so) is text, not edge: a field with no side edge has its text there.
struct EdgeReading {
    var side: WCAG.RGB, bottom: WCAG.RGB
    /// The pixels read, inward from the container's edge: the side's left to right, the bottom's
    /// bottom to top; nil where a glyph covers the pixel.
    var sidePixels: [WCAG.RGB?], bottomPixels: [WCAG.RGB?]
    /// The surface beside the side edge and below the bottom edge.
    var outside: WCAG.RGB, outsideBottom: WCAG.RGB
    /// The container's inside next to the side edge and above the bottom edge.
    var inside: WCAG.RGB, insideBottom: WCAG.RGB

    init(_ drawn: ContrastAudit.Drawn) {
        let image = drawn.image
        let container = drawn.container, scale = drawn.scale
        let depth = max(4, Int((4 * scale).rounded()))
        let row = Int(container.midY), left = Int(container.minX.rounded())
        let column = Int(container.maxX.rounded()) - Int((10 * scale).rounded()), bottomRow = Int(container.maxY.rounded())
        outside = PixelContrast.rgb(image, left - Int((3 * scale).rounded()) , row)
        outsideBottom = PixelContrast.rgb(image, column, bottomRow + 1)
        inside = PixelContrast.rgb(image, left + depth + Int((2 * scale).rounded()), row)
        insideBottom = PixelContrast.rgb(image, column, bottomRow - depth - Int((4 * scale).rounded()))
        let white = WCAG.RGB(hex: 0xFFFFFF)
        func edge(_ x: Int, _ y: Int) -> WCAG.RGB? {
            PixelContrast.rgb(drawn.mask, x, y) == white ? PixelContrast.rgb(image, x, y) : nil
        }
        sidePixels = (left..<left + depth).map { edge($0, row) }
        bottomPixels = (bottomRow - depth..<bottomRow).reversed().map { edge(column, $0) }
        let outside = outside, outsideBottom = outsideBottom
        side = sidePixels.compactMap { $0 }.max { WCAG.ratio($0, outside) < WCAG.ratio($1, outside) } ?? outside
        bottom = bottomPixels.compactMap { $0 }.max { WCAG.ratio($0, outsideBottom) < WCAG.ratio($1, outsideBottom) } ?? outsideBottom
    }
}

/// Colours read from pixels.
enum PixelContrast {
    static func rgb(_ image: RGBAImage, _ x: Int, _ y: Int) -> WCAG.RGB {
        let pixel = image.pixel(x: x, y: y)
        return WCAG.RGB(red: pixel.red, green: pixel.green, blue: pixel.blue)
    }

    struct Reading { var ink: WCAG.RGB; var background: WCAG.RGB; var ratio: Double }

    /// Text in `box`: its background is the most common colour of the pixels no glyph touches
    /// (white in `mask`, `InkMaskScene`); its colour is what the glyphs converge to at full coverage. A pixel a
    /// glyph covers by c (how far the mask's red went from white) is background + c x (colour - background), so the
    /// colour is fitted to every pixel covered at least halfway (least squares, per channel):
    /// a 12 px label with no fully covered pixel still reads its colour, not its edges' blend.
    /// Without such pixels (a colour emoji, text clipped away), the pixel that stands out most.
    /// Nil when the box holds no ink.
    static func text(in image: RGBAImage, mask: RGBAImage, box: Rect, excluding excluded: [Rect]) -> Reading? {
        let area = box.integral.intersection(Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height)))
        guard !area.isEmpty, area.width.isFinite, area.height.isFinite else { return nil }
        let holes = excluded.map(\.integral)
        var clear: [WCAG.RGB: Int] = [:], everything: [WCAG.RGB: Int] = [:]
        var covered: [(pixel: WCAG.RGB, coverage: Double)] = []
        for y in Int(area.minY)..<Int(area.maxY) {
            for x in Int(area.minX)..<Int(area.maxX) {
                let point = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                if holes.contains(where: { $0.contains(point) }) { continue }
                let pixel = rgb(image, x, y), ink = rgb(mask, x, y)
                everything[pixel, default: 0] += 1
                // White to blue is a glyph's coverage; anything else is a colour glyph's own pixel.
                guard ink.red == ink.green, ink.blue >= 254 else { continue }
                if ink.red == 255 {
                    clear[pixel, default: 0] += 1
                } else {
                    let coverage = 1 - Double(ink.red) / 255
                    if coverage >= 0.5 { covered.append((pixel, coverage)) }
                }
            }
        }
        func mostCommon(_ counts: [WCAG.RGB: Int]) -> WCAG.RGB? {
            counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key.description > $1.key.description) }?.key
        }
        guard let background = mostCommon(clear) ?? mostCommon(everything) else { return nil }
        if !covered.isEmpty {
            // pixel - background = c x (ink - background): the least-squares fit over every
            // covered pixel, so the best covered count most and rounding averages out.
            let weight = covered.reduce(0) { $0 + $1.coverage * $1.coverage }
            func channel(_ value: (WCAG.RGB) -> UInt8) -> UInt8 {
                let base = Double(value(background))
                let lift = covered.reduce(0) { $0 + $1.coverage * (Double(value($1.pixel)) - base) } / weight
                return UInt8(min(max((base + lift).rounded(), 0), 255))
            }
            let ink = WCAG.RGB(red: channel(\.red), green: channel(\.green), blue: channel(\.blue))
            if ink != background { return Reading(ink: ink, background: background, ratio: WCAG.ratio(ink, background)) }
        }
        // No well covered pixel: the one that stands out most.
        guard let strongest = everything.keys.max(by: { WCAG.ratio($0, background) < WCAG.ratio($1, background) }),
              WCAG.ratio(strongest, background) > 1.01 else { return nil }
        return Reading(ink: strongest, background: background, ratio: WCAG.ratio(strongest, background))
    }
}

extension FieldVisualState {
    /// Whether WCAG's contrast minimums spare the state (a disabled field: an inactive component).
    public var isExempt: Bool { self == .disabled }
}
