import MaterialFields
import XCTest
@testable import XftHost
import TestHarness

/// What a frame draws for a change (only its damage) leaves the pixmap exactly as drawing the
/// whole scene again would: typing that grows, scrolls and wraps the text, deleting, moving the
/// caret, a tab, in each style, at two scales, right to left, with glyphs that reach far above and
/// below the baseline and with characters that are not ASCII.
final class IncrementalRepaintTests: XCTestCase {
    private var server: XvfbServer!
    private var host: WindowHost!

    override func setUpWithError() throws {
        server = try XvfbServer()
        host = try WindowHost(displayName: server.displayName) { _ in }
    }

    override func tearDown() {
        host = nil
        server = nil
    }

    /// Letters whose ink reaches the extremes of ASCII: ascenders, descenders, brackets, the
    /// underscore and the bar.
    private static let tallAndDeep = "Agjpqy|_[]{}()Wf"

    private func typing(_ text: String) -> [InputEvent] { text.map { .text(String($0)) } }

    /// Renders after each step as a window would, then everything again at the same instant, and
    /// compares the two pixmaps.
    /// `windowIsActive` false: no caret is drawn, so a frame's rows are the text's alone.
    private func assertEachFrameEqualsAFullRepaint(_ field: TextField, scale: Double = 1, windowIsActive: Bool = true,
                                                   steps: [InputEvent], file: StaticString = #filePath, line: UInt = #line) throws {
        let scene = FieldScene(fields: [field], scheme: .light, metrics: MaterialMetrics(scale: scale))
        let size = Size(width: 388 * scale, height: 200 * scale)
        let surface = try OffscreenSurface(host: host, size: size)
        surface.resize(to: size, scene: scene)
        scene.handle(.windowFocus(windowIsActive), at: 0)
        scene.focus(field, at: 0)
        var time = 1.0
        try surface.render(scene, at: time)
        var narrowFrames = 0
        for (index, step) in steps.enumerated() {
            // Steps 70 ms apart: the caret blinks on and off between some of them too.
            time += 0.07
            scene.handle(step, at: time)
            let regions = try surface.render(scene, at: time)
            // A text frame (wider than a caret) drawn in fewer rows than the field has.
            if let region = regions.first, let frame = scene.frame(of: field), region.width > 8 * scale,
               region.height < frame.height {
                narrowFrames += 1
            }
            let incremental = try surface.capture()
            scene.invalidateAll()
            try surface.render(scene, at: time)
            let full = try surface.capture()
            guard incremental.pixels != full.pixels else { continue }
            let differing = (0..<full.height).flatMap { y in (0..<full.width).map { (x: $0, y: y) } }
                .filter { incremental.pixel(x: $0.x, y: $0.y) != full.pixel(x: $0.x, y: $0.y) }
            let first = differing.first.map { "(\($0.x), \($0.y))" } ?? "none"
            XCTFail("step \(index) (\(step)), drawn \(regions): \(differing.count) pixels differ from a full repaint, first at \(first)",
                    file: file, line: line)
            return
        }
        XCTAssertGreaterThan(narrowFrames, 0, "some key drew fewer rows than the field has", file: file, line: line)
    }

    func testTypingDeletingAndScrollingAFilledFieldLeaveWhatAFullRepaintDraws() throws {
        for scale in [1.0, 2.0] {
            let field = TextField(identifier: "name", style: .filled, label: "Name")
            // Enough to scroll the line twice over; then back through it.
            let steps = typing(String(repeating: Self.tallAndDeep, count: 4))
                + Array(repeating: InputEvent.key(.backspace, []), count: 12) + [.key(.home, []), .text("W"), .key(.end, [])]
                + [.text("\t"), .text("g"), .key(.backspace, []), .key(.backspace, [])]
            try assertEachFrameEqualsAFullRepaint(field, scale: scale, steps: steps)
            // With no caret, whose rectangle covers the line's height, the text's own rows.
            try assertEachFrameEqualsAFullRepaint(TextField(identifier: "name", style: .filled, label: "Name"), scale: scale,
                                                  windowIsActive: false, steps: steps)
        }
    }

    func testAnOutlinedFieldWithAffixesAndARightToLeftOneDoTooLeaveWhatAFullRepaintDraws() throws {
        let outlined = TextField(identifier: "price", style: .outlined, label: "Price")
        outlined.prefixText = "$"
        outlined.suffixText = "USD"
        try assertEachFrameEqualsAFullRepaint(outlined, steps: typing("12" + Self.tallAndDeep + "34"))
        let mirrored = TextField(identifier: "mirrored", style: .outlined, label: "Code")
        mirrored.layoutDirection = .rightToLeft
        try assertEachFrameEqualsAFullRepaint(mirrored, steps: typing(Self.tallAndDeep) + [.key(.backspace, [])])
    }

    func testALargeFontATextAreaAndTextBeyondASCIILeaveWhatAFullRepaintDraws() throws {
        let large = TextField(identifier: "large", style: .filled, label: "Large")
        large.font = FontSpec(pixelSize: 30)
        try assertEachFrameEqualsAFullRepaint(large, steps: typing(Self.tallAndDeep))
        let serif = TextField(identifier: "serif", style: .outlined, label: "Serif")
        serif.font = FontSpec(pixelSize: 22, familyName: "Noto Serif", isItalic: true)
        try assertEachFrameEqualsAFullRepaint(serif, windowIsActive: false, steps: typing(Self.tallAndDeep))
        let area = TextField(identifier: "notes", style: .filled, kind: .textArea, label: "Notes")
        try assertEachFrameEqualsAFullRepaint(area, steps: typing(String(repeating: Self.tallAndDeep + " ", count: 3))
                                                  + [.key(.enter, [])] + typing("gy"))
        // Marks above and below, a fallback face, an emoji: each key of these redraws the field.
        let accented = TextField(identifier: "accented", style: .filled, label: "Name")
        try assertEachFrameEqualsAFullRepaint(accented, steps: typing("Ag") + typing("Ç\u{0301}ǅ̰ 東 🎉") + typing("gy")
                                                  + Array(repeating: InputEvent.key(.backspace, []), count: 6) + typing("jq"))
        // Marks stacked far above and below a letter, with no caret to widen the rows.
        let stacked = TextField(identifier: "stacked", style: .filled, label: "Name")
        try assertEachFrameEqualsAFullRepaint(stacked, windowIsActive: false,
                                              steps: typing("Ag") + [.text("a\u{0301}\u{0301}\u{0301}\u{0301}"), .text("g\u{0331}\u{0331}\u{0331}")]
                                                  + typing("jq") + [.key(.backspace, []), .key(.backspace, [])])
    }
}
