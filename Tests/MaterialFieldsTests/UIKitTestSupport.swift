import XCTest
@testable import MaterialFields

/// Every delegate call of every field, in the order they came, as "name.call".
final class DelegateCallLog {
    var calls: [String] = []
}

/// A `TextFieldDelegate` that records each call into a log shared by several fields and answers
/// as it is told. Fields hold delegates weakly: a test keeps it alive.
final class ScriptedDelegate: TextFieldDelegate {
    let name: String
    let log: DelegateCallLog
    var allowsBegin = true
    var allowsEnd = true
    var allowsClear = true
    var allowsReturn = true
    /// Answers `shouldChangeCharactersIn`; nil allows everything.
    var change: ((TextField, Range<Int>, String) -> Bool)?
    private(set) var endReasons: [EditingEndReason] = []
    private(set) var changeRequests: [(range: Range<Int>, string: String)] = []

    init(_ name: String, log: DelegateCallLog = DelegateCallLog()) {
        self.name = name
        self.log = log
    }

    /// The calls this delegate heard (without its name).
    var calls: [String] {
        log.calls.filter { $0.hasPrefix(name + ".") }.map { String($0.dropFirst(name.count + 1)) }
    }

    func count(of call: String) -> Int { calls.filter { $0 == call }.count }

    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool {
        log.calls.append("\(name).shouldBegin")
        return allowsBegin
    }

    func textFieldDidBeginEditing(_ textField: TextField) { log.calls.append("\(name).didBegin") }

    func textFieldShouldEndEditing(_ textField: TextField) -> Bool {
        log.calls.append("\(name).shouldEnd")
        return allowsEnd
    }

    func textFieldDidEndEditing(_ textField: TextField, reason: EditingEndReason) {
        log.calls.append("\(name).didEnd(\(reason.rawValue))")
        endReasons.append(reason)
    }

    func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString string: String) -> Bool {
        log.calls.append("\(name).shouldChange")
        changeRequests.append((range, string))
        return change?(textField, range, string) ?? true
    }

    func textFieldShouldClear(_ textField: TextField) -> Bool {
        log.calls.append("\(name).shouldClear")
        return allowsClear
    }

    func textFieldShouldReturn(_ textField: TextField) -> Bool {
        log.calls.append("\(name).shouldReturn")
        return allowsReturn
    }
}

/// Records a field's observer events and target-action events.
final class FieldRecorder {
    var events: [FieldEvent] = []
    var actions: [String] = []
    private var tokens: [Cancellation] = []

    init(_ field: TextField) {
        tokens.append(field.observe { [weak self] _, event in self?.events.append(event) })
        let named: [(ControlEvents, String)] = [(.editingDidBegin, "didBegin"), (.editingChanged, "changed"),
                                                (.editingDidEnd, "didEnd"), (.editingDidEndOnExit, "didEndOnExit")]
        for (event, name) in named {
            tokens.append(field.addAction(for: event) { [weak self] _ in self?.actions.append(name) })
        }
    }

    var refusedEdits: [TextEdit] { events.compactMap { if case .editRefused(let edit) = $0 { return edit } else { return nil } } }
    var textChanges: [AppliedEdit] { events.compactMap { if case .textChanged(let applied) = $0 { return applied } else { return nil } } }
    var returnPresses: Int { events.filter { $0 == .returnPressed }.count }
    func count(of action: String) -> Int { actions.filter { $0 == action }.count }
}

/// A scene of `fields` stacked in a 400 x 800 window, with a recording host.
func makeUIKitScene(_ fields: [TextField], width: Double = 400, height: Double = 800) -> (FieldScene, RecordingHost) {
    let scene = FieldScene(fields: fields)
    let host = RecordingHost()
    scene.host = host
    scene.resize(to: Size(width: width, height: height), measurer: sharedMeasurer)
    scene.handle(.windowFocus(true), at: 0)
    return (scene, host)
}

/// A primary click (press and release) at a point of `field` given in field coordinates.
func clickField(_ scene: FieldScene, _ field: TextField, at local: Point, clickCount: Int = 1, time: Double) {
    guard let frame = scene.frame(of: field) else { return XCTFail("\(field.identifier) has no frame") }
    let point = Point(x: frame.minX + local.x, y: frame.minY + local.y)
    scene.handle(.pointerDown(point, button: .primary, clickCount: clickCount, modifiers: []), at: time)
    scene.handle(.pointerUp(point, button: .primary), at: time)
}

/// A primary click in the middle of `field`'s text band.
func clickText(_ scene: FieldScene, _ field: TextField, time: Double) {
    guard let band = field.layout?.textLine else { return XCTFail("\(field.identifier) is not laid out") }
    clickField(scene, field, at: Point(x: band.midX, y: band.midY), time: time)
}

/// A primary click on the window where no field is.
func clickEmptySpace(_ scene: FieldScene, time: Double) {
    let point = Point(x: scene.size.width / 2, y: scene.size.height - 2)
    XCTAssertTrue(scene.fields.allSatisfy { !(scene.frame(of: $0)?.contains(point) ?? false) }, "the point must miss every field")
    scene.handle(.pointerDown(point, button: .primary, clickCount: 1, modifiers: []), at: time)
    scene.handle(.pointerUp(point, button: .primary), at: time)
}

/// Types `text` one key at a time, as a keyboard does.
func typeKeys(_ scene: FieldScene, _ text: String, time: Double) {
    for character in text { scene.handle(.text(String(character)), at: time) }
}

func filledField(_ identifier: String, label: String = "Label", text: String = "", kind: FieldKind = .textField,
                 enabled: Bool = true) -> TextField {
    TextField(identifier: identifier, style: .filled, kind: kind, label: label, text: text, isEnabled: enabled)
}
