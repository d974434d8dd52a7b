import MaterialFields

/// A broken copy of an editing command, injected through the public `TextFieldDelegate` seam
/// (which may rewrite any user edit), to prove the fuzzer notices a wrong edit.
public enum FuzzMutant: String, CaseIterable, Sendable {
    /// Backspace removes the last Unicode scalar of the grapheme before the caret, not the grapheme.
    case backspaceRemovesScalar
    /// Ctrl+Backspace leaves the word's first grapheme behind.
    case wordDeleteOffByOne
}

final class MutantDelegate: TextFieldDelegate {
    let mutant: FuzzMutant
    init(_ mutant: FuzzMutant) { self.mutant = mutant }

    func textField(_ textField: TextField, shouldApply edit: TextEdit) -> TextEdit? {
        var edit = edit
        switch mutant {
        case .backspaceRemovesScalar:
            guard edit.cause == .deleteBackward, edit.range.count == 1, textField.selection.isCaret else { return edit }
            let characters = Array(textField.text)
            guard edit.range.lowerBound < characters.count else { return edit }
            let scalars = characters[edit.range.lowerBound].unicodeScalars
            guard scalars.count > 1 else { return edit }
            var kept = String.UnicodeScalarView()
            kept.append(contentsOf: scalars.dropLast())
            edit.replacement = String(kept)
        case .wordDeleteOffByOne:
            guard edit.cause == .deleteWordBackward, edit.range.count > 1, textField.selection.isCaret else { return edit }
            edit.range = (edit.range.lowerBound + 1)..<edit.range.upperBound
        }
        return edit
    }
}

/// Widths that differ by character (wide for CJK and emoji), so hit testing and scrolling meet
/// uneven stops; every cluster measures on its own, as a caching host's would.
final class FuzzMeasurer: TextMeasuring {
    private func width(of character: Character, size: Double) -> Double {
        guard let first = character.unicodeScalars.first else { return 0 }
        if first.value >= 0x1100 { return size }
        return size * (0.35 + Double(first.value % 5) * 0.07)
    }
    func advance(of text: Substring, font: FontSpec) -> Double {
        text.reduce(0) { $0 + width(of: $1, size: font.pixelSize) }
    }
    func lineMetrics(for font: FontSpec) -> LineMetrics { LineMetrics(ascent: font.pixelSize * 0.75, descent: font.pixelSize * 0.25) }
    func caretStops(of text: Substring, font: FontSpec) -> [Double] {
        var stops = [0.0]
        stops.reserveCapacity(text.count + 1)
        var x = 0.0
        for character in text {
            x += width(of: character, size: font.pixelSize)
            stops.append(x)
        }
        return stops
    }
}

/// A canvas that checks every coordinate as it is drawn: finite, and inside what X's 16-bit
/// fields carry. It keeps the first violation only.
final class CheckingCanvas: Canvas {
    static let limit = 32_767.0
    var violation: String?
    private(set) var depth = 0
    private(set) var commands = 0

    private func check(_ value: Double, _ what: @autoclosure () -> String) {
        guard violation == nil else { return }
        if !value.isFinite || value < -Self.limit - 1 || value > Self.limit {
            violation = "\(what()) has coordinate \(value)"
        }
    }

    func fill(_ path: Path, color: Color) {
        commands += 1
        for contour in path.contours {
            for point in contour {
                check(point.x, "a filled path")
                check(point.y, "a filled path")
            }
        }
    }

    func drawText(_ text: String, at origin: Point, font: FontSpec, color: Color) {
        commands += 1
        check(origin.x, "text origin of \(FuzzOperation.literal(String(text.prefix(20))))")
        check(origin.y, "text origin of \(FuzzOperation.literal(String(text.prefix(20))))")
        if violation == nil, !(font.pixelSize.isFinite && font.pixelSize > 0) { violation = "a font of size \(font.pixelSize)" }
    }

    func drawImage(_ image: StretchableImage, in rect: Rect, scale: Double) {
        commands += 1
        for value in [rect.minX, rect.minY, rect.maxX, rect.maxY] { check(value, "an image's rectangle \(rect)") }
        if violation == nil, !(scale.isFinite && scale > 0) { violation = "an image drawn at scale \(scale)" }
    }

    func pushClip(_ rect: Rect) {
        commands += 1
        depth += 1
        for value in [rect.minX, rect.minY, rect.maxX, rect.maxY] { check(value, "a clip \(rect)") }
    }

    func popClip() {
        commands += 1
        depth -= 1
        if depth < 0 && violation == nil { violation = "popClip without pushClip" }
    }
}

/// The fuzzer's `SceneHost`: it keeps the selections and answers paste requests after the
/// event, as the X loop does.
final class FuzzHost: SceneHost {
    var clipboard: String?
    var primary: String?
    var pending: [(SelectionKind, (String?) -> Void)] = []
    var bells = 0

    func setSelectionText(_ text: String, for selection: SelectionKind) {
        switch selection {
        case .clipboard: clipboard = text
        case .primary: primary = text
        case .dragAndDrop: break
        }
    }
    func requestSelectionText(_ selection: SelectionKind, completion: @escaping (String?) -> Void) {
        pending.append((selection, completion))
    }
    func setNeedsRender() {}
    func setPointerShape(_ shape: PointerShape) {}
    func setInputMethodSpot(_ caret: Rect) {}
    func ringBell() { bells += 1 }
    /// A drag of selected text: taken (so the scene drops nothing itself) and ended at the
    /// release without a drop, as over a place that takes none; the reference has no drag and drop.
    var dragging = false
    func beginDrag(_ text: String, operations: DragOperations, at time: Double) -> Bool {
        dragging = true
        return true
    }
}

/// Something the model did that the reference or the invariants disagree with.
public struct FuzzViolation: Error, Equatable, Sendable {
    /// A short category: shrinking keeps a list only while it fails the same way.
    public var kind: String
    public var message: String
}
