// `swift run -c release StorageBench [MB] [model]`: what a large text (ten lines, 10 MB unless
// told) costs a text area, with no X server: a monospaced measurer stands in for the fonts.
// Prints milliseconds for pasting the text into an empty area, a keystroke in its middle (median
// of 21, against the same in a 1 k area), select-all plus Backspace and its undo, and how much the
// resident memory grew with the text. With `model`, the same for the model alone (`EditableText`
// and `UndoHistory`, no layout). Run each under `/usr/bin/time -v` for the peak RSS.
import MaterialFields
#if canImport(Glibc)
import Glibc
#endif

/// Every cluster advances half an em; what `FontCache` does for the same calls, without fonts.
final class MonospacedMeasurer: TextMeasuring {
    func advance(of text: Substring, font: FontSpec) -> Double { Double(text.count) * font.pixelSize / 2 }
    func lineMetrics(for font: FontSpec) -> LineMetrics { LineMetrics(ascent: font.pixelSize * 0.75, descent: font.pixelSize * 0.25) }
    func caretStops(of text: Substring, font: FontSpec) -> [Double] { (0...text.count).map { Double($0) * font.pixelSize / 2 } }
}

func now() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) * 1000 + Double(spec.tv_nsec) / 1_000_000
}

func milliseconds(_ body: () -> Void) -> Double {
    let start = now()
    body()
    return now() - start
}

/// VmRSS of this process, in MB.
func residentMB() -> Double {
    guard let file = fopen("/proc/self/status", "r") else { return 0 }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, 256, file) != nil {
        let text = String(cString: line)
        if text.hasPrefix("VmRSS:") {
            return Double(text.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? 0) / 1024
        }
    }
    return 0
}

func text(megabytes: Double) -> String {
    // Ten lines (as the 10 MB: ten 1 MB lines) of words.
    let line = String(repeating: "the quick brown fox jumps over a lazy dog ", count: Int(megabytes * 1_000_000 / 10 / 42))
    return Array(repeating: line, count: 10).joined(separator: "\n")
}

func area(_ content: String) -> TextField {
    let field = TextField(identifier: "area", style: .filled, kind: .textArea, label: "Text", text: "")
    _ = field.layOut(width: 600, metrics: MaterialMetrics(), measurer: MonospacedMeasurer())
    field.focus(at: 0)
    if !content.isEmpty { field.paste(content, at: 0.1) }
    return field
}

func middleKeystroke(_ field: TextField) -> Double {
    var times: [Double] = []
    for index in 0..<21 {
        field.selection = TextSelection(caret: field.count / 2)
        times.append(milliseconds { field.insert("x", at: 1 + Double(index)) })
    }
    return times.sorted()[times.count / 2]
}

/// The model alone (`EditableText` and `UndoHistory`, what the field's editor keeps besides its
/// layout), through the same calls the editor makes.
func measureModel(_ big: String, megabytes: Double) {
    var small = EditableText(String(big.prefix(1000)))
    var smallHistory = UndoHistory()
    func key(_ text: inout EditableText, _ history: inout UndoHistory) -> Double {
        var times: [Double] = []
        for _ in 0..<21 {
            text.select(TextSelection(caret: text.count / 2))
            times.append(milliseconds { history.record(text.apply(text.insertion("x", cause: .typing))) })
        }
        return times.sorted()[times.count / 2]
    }
    let smallKey = key(&small, &smallHistory)
    let baseline = residentMB()
    var model = EditableText()
    var history = UndoHistory()
    let load = milliseconds { history.record(model.apply(TextEdit(range: 0..<0, replacement: big, cause: .paste))) }
    let loaded = residentMB()
    let bigKey = key(&model, &history)
    model.select(TextSelection(anchor: 0, head: model.count))
    let delete = milliseconds { history.record(model.apply(model.backwardDeletion()!)) }
    let emptied = model.count
    let undo = milliseconds { model.apply(history.popUndo()!) }
    print("model only (EditableText + UndoHistory): text \(big.utf8.count) bytes; \(emptied) clusters after the delete, \(model.count) after its undo")
    print("  paste into an empty text: \(load) ms; resident +\(loaded - baseline) MB (\((loaded - baseline) / (Double(big.utf8.count) / 1_048_576))x the text)")
    print("  middle keystroke: \(bigKey) ms at \(megabytes) MB, \(smallKey) ms at 1 k (\(bigKey / smallKey)x)")
    print("  select all + Backspace: \(delete) ms; undo: \(undo) ms")
}

let arguments = CommandLine.arguments.dropFirst()
let megabytes = arguments.first.flatMap(Double.init) ?? 10
let big = text(megabytes: megabytes)
if arguments.contains("model") {
    measureModel(big, megabytes: megabytes)
} else {
    let small = area(String(big.prefix(1000)))
    let smallKey = middleKeystroke(small)
    let baseline = residentMB()
    var field: TextField!
    let load = milliseconds { field = area(big) }
    let loaded = residentMB()
    let bigKey = middleKeystroke(field)
    _ = field.perform(.selectAll, at: 39)
    let delete = milliseconds { _ = field.perform(.delete(.cluster, .backward), at: 40) }
    let emptied = field.count
    let undo = milliseconds { field.undo(at: 41) }
    print("text area (model and layout): text \(big.utf8.count) bytes; \(emptied) clusters after the delete, \(field.count) after its undo")
    print("  paste into an empty area: \(load) ms; resident +\(loaded - baseline) MB (\((loaded - baseline) / (Double(big.utf8.count) / 1_048_576))x the text)")
    print("  middle keystroke: \(bigKey) ms at \(megabytes) MB, \(smallKey) ms at 1 k (\(bigKey / smallKey)x)")
    print("  select all + Backspace: \(delete) ms; undo: \(undo) ms")
}
