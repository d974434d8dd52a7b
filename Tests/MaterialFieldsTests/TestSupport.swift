@testable import MaterialFields

/// Monospaced metrics: every grapheme cluster advances 0.5 em; ascent 0.75 em, descent 0.25 em.
final class FakeMeasurer: TextMeasuring {
    func advance(of text: Substring, font: FontSpec) -> Double { Double(text.count) * font.pixelSize / 2 }
    func lineMetrics(for font: FontSpec) -> LineMetrics {
        LineMetrics(ascent: font.pixelSize * 0.75, descent: font.pixelSize * 0.25)
    }
}

/// Records what a renderer asks of a canvas.
final class RecordingCanvas: Canvas {
    enum Command: Equatable {
        case fill(Path, Color)
        case text(String, Point, FontSpec, Color)
        case pushClip(Rect)
        case popClip
    }
    private(set) var commands: [Command] = []

    func fill(_ path: Path, color: Color) { commands.append(.fill(path, color)) }
    func drawText(_ text: String, at origin: Point, font: FontSpec, color: Color) {
        commands.append(.text(text, origin, font, color))
    }
    func pushClip(_ rect: Rect) { commands.append(.pushClip(rect)) }
    func popClip() { commands.append(.popClip) }

    var texts: [(text: String, origin: Point, font: FontSpec, color: Color)] {
        commands.compactMap { if case .text(let t, let o, let f, let c) = $0 { return (t, o, f, c) } else { return nil } }
    }
    var fills: [(path: Path, color: Color)] {
        commands.compactMap { if case .fill(let p, let c) = $0 { return (p, c) } else { return nil } }
    }
}

func makeField(_ style: FieldStyle, label: String = "Label", placeholder: String = "", text: String = "",
               enabled: Bool = true, width: Double = 300) -> TextField {
    let field = TextField(FieldConfiguration(identifier: "f", style: style, label: label, placeholder: placeholder,
                                             text: text, isEnabled: enabled))
    field.layOut(width: width, metrics: MaterialMetrics(), measurer: sharedMeasurer)
    return field
}

let sharedMeasurer = FakeMeasurer()
