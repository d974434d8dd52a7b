@testable import MaterialFields

/// Monospaced metrics: every grapheme cluster advances 0.5 em; ascent 0.75 em, descent 0.25 em.
final class FakeMeasurer: TextMeasuring {
    private(set) var measuredClusters = 0
    func advance(of text: Substring, font: FontSpec) -> Double { Double(text.count) * font.pixelSize / 2 }
    func lineMetrics(for font: FontSpec) -> LineMetrics {
        LineMetrics(ascent: font.pixelSize * 0.75, descent: font.pixelSize * 0.25)
    }
    func caretStops(of text: Substring, font: FontSpec) -> [Double] {
        measuredClusters += text.count
        return (0...text.count).map { Double($0) * font.pixelSize / 2 }
    }
}

/// Widths that depend on direction and on the cluster before (as a shaper's do): a
/// right-to-left cluster is 2 px wider, and a non-ASCII letter after another 3 px narrower
/// (ASCII stays context-free, as the host sets it glyph by glyph). Levels by the model's
/// simplified UAX #9.
class ShapingLikeMeasurer: TextMeasuring {
    func advance(of text: Substring, font: FontSpec) -> Double { caretStops(of: text, font: font).last ?? 0 }
    func lineMetrics(for font: FontSpec) -> LineMetrics { LineMetrics(ascent: 12, descent: 4) }
    func caretStops(of text: Substring, font: FontSpec) -> [Double] {
        caretStops(of: text, font: font, levels: [UInt8](repeating: 0, count: text.count))
    }
    func caretStops(of text: Substring, font: FontSpec, levels: [UInt8]) -> [Double] {
        var stops = [0.0], previous: Character?
        for (index, cluster) in text.enumerated() {
            var width = 8.0
            if index < levels.count, levels[index] & 1 == 1 { width += 2 }
            if cluster.isLetter, !cluster.isASCII, let previous, previous.isLetter, !previous.isASCII { width -= 3 }
            stops.append(stops.last! + width)
            previous = cluster
        }
        return stops
    }
    func bidiLevels(of paragraph: Substring, base: WritingDirection) -> [UInt8] {
        Bidi.simplifiedLevels(of: paragraph, base: base)
    }
}

/// Records what a renderer asks of a canvas.
final class RecordingCanvas: Canvas {
    enum Command: Equatable {
        case fill(Path, Color)
        case text(String, Point, FontSpec, Color)
        case image(StretchableImage, Rect, Double)
        case pushClip(Rect)
        case popClip
    }
    private(set) var commands: [Command] = []

    func fill(_ path: Path, color: Color) { commands.append(.fill(path, color)) }
    func drawText(_ text: String, at origin: Point, font: FontSpec, color: Color) {
        commands.append(.text(text, origin, font, color))
    }
    func drawImage(_ image: StretchableImage, in rect: Rect, scale: Double) { commands.append(.image(image, rect, scale)) }
    func pushClip(_ rect: Rect) { commands.append(.pushClip(rect)) }
    func popClip() { commands.append(.popClip) }

    var texts: [(text: String, origin: Point, font: FontSpec, color: Color)] {
        commands.compactMap { if case .text(let t, let o, let f, let c) = $0 { return (t, o, f, c) } else { return nil } }
    }
    var images: [(image: StretchableImage, rect: Rect, scale: Double)] {
        commands.compactMap { if case .image(let i, let r, let s) = $0 { return (i, r, s) } else { return nil } }
    }
    var fills: [(path: Path, color: Color)] {
        commands.compactMap { if case .fill(let p, let c) = $0 { return (p, c) } else { return nil } }
    }
}

/// Watches what a scene asks of its host.
final class RecordingHost: SceneHost {
    var selections: [SelectionKind: String] = [:]
    var pointerShapes: [PointerShape] = []
    var invalidations = 0
    var spots: [Rect] = []
    var bells = 0
    var pendingPastes: [(SelectionKind, (String?) -> Void)] = []
    /// The host's clock (`SceneHost.now`), for tests of what happens between events.
    var clock: Double?
    var now: Double? { clock }

    func setSelectionText(_ text: String, for selection: SelectionKind) { selections[selection] = text }
    func requestSelectionText(_ selection: SelectionKind, completion: @escaping (String?) -> Void) {
        pendingPastes.append((selection, completion))
    }
    func setNeedsRender() { invalidations += 1 }
    func setPointerShape(_ shape: PointerShape) { pointerShapes.append(shape) }
    func setInputMethodSpot(_ caret: Rect) { spots.append(caret) }
    func ringBell() { bells += 1 }

    /// Answers every paste request as X would: later, from the loop.
    func answerPastes() {
        let pastes = pendingPastes
        pendingPastes = []
        for (selection, completion) in pastes { completion(selections[selection]) }
    }
}

func makeField(_ style: FieldStyle, label: String = "Label", placeholder: String = "", text: String = "",
               enabled: Bool = true, width: Double = 300) -> TextField {
    let field = TextField(identifier: "f", style: style, label: label, placeholder: placeholder, text: text, isEnabled: enabled)
    field.layOut(width: width, metrics: MaterialMetrics(), measurer: sharedMeasurer)
    return field
}

let sharedMeasurer = FakeMeasurer()

/// The edit commands applied directly, for tests of the editing model alone.
extension EditableText {
    mutating func insert(_ text: String) { apply(insertion(text, cause: .typing)) }
    mutating func deleteBackward() { if let edit = backwardDeletion() { apply(edit) } }
    mutating func deleteForward() { if let edit = forwardDeletion() { apply(edit) } }
    mutating func deleteWordBackward() { if let edit = backwardDeletion(byWord: true) { apply(edit) } }
    mutating func deleteWordForward() { if let edit = forwardDeletion(byWord: true) { apply(edit) } }
}

extension TextField {
    /// Brings the field to `time` and draws its appearance onto a recording canvas.
    func drawn(at time: Double, origin: Point = Point(x: 10, y: 20), caret: Bool = true, scheme: ColorScheme = .light) -> RecordingCanvas {
        let canvas = RecordingCanvas()
        if let appearance = advancedAppearance(at: time, origin: origin, scheme: scheme, showsCaret: caret) {
            FieldRenderer.draw(appearance, on: canvas)
        }
        return canvas
    }
}

extension Scene {
    /// What a host does for each frame: brings the scene to `time`, then draws it.
    @discardableResult
    func advanceAndRender(on canvas: Canvas, at time: Double) -> [Rect] {
        advance(to: time)
        return render(on: canvas, at: time)
    }
}

extension TextField {
    /// What the field shows at `time` once its motion was brought there, as a scene does before drawing.
    func advancedAppearance(at time: Double, origin: Point, scheme: ColorScheme, showsCaret: Bool,
                            windowIsActive: Bool = true, selectionDisplay: SelectionDisplay = .focusedFieldOnly) -> FieldAppearance? {
        advance(to: time)
        return appearance(at: time, origin: origin, scheme: scheme, showsCaret: showsCaret, windowIsActive: windowIsActive,
                          selectionDisplay: selectionDisplay)
    }
}
