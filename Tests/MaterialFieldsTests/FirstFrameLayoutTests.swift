import XCTest
@testable import MaterialFields
import TextEditing

/// A window's first frame lays out only the fields it shows (`defersLayoutBelowFirstFrame`);
/// the rest are laid out once that frame is presented, or before anything that could reach
/// them. What the first frame draws, and the page after, must be what laying out everything
/// at once gives.
final class FirstFrameLayoutTests: XCTestCase {
    /// ASCII half an em a cluster, anything else a whole em (wider than an estimate takes it),
    /// and a count of the clusters measured that are not ASCII.
    final class WideMeasurer: TextMeasuring {
        private(set) var nonASCIIClusters = 0
        func advance(of text: Substring, font: FontSpec) -> Double { caretStops(of: text, font: font).last ?? 0 }
        func lineMetrics(for font: FontSpec) -> LineMetrics { LineMetrics(ascent: font.pixelSize * 0.75, descent: font.pixelSize * 0.25) }
        func caretStops(of text: Substring, font: FontSpec) -> [Double] {
            var stops = [0.0]
            for cluster in text {
                let ascii = cluster.isASCII
                if !ascii { nonASCIIClusters += 1 }
                stops.append(stops[stops.count - 1] + font.pixelSize * (ascii ? 0.5 : 1))
            }
            return stops
        }
    }

    private let viewport = Size(width: 400, height: 500)

    /// Twenty-four fields of every kind the estimate must get right (label, helper text, text
    /// areas of several lines, placeholders), and text that is not ASCII further down.
    private func makeFields(wrappingText: String = "Grüße aus Köln") -> [TextField] {
        (0..<24).map { index in
            let kind: FieldKind = index % 5 == 4 ? .textArea : .textField
            let field = TextField(identifier: "f\(index)", style: index % 2 == 0 ? .filled : .outlined, kind: kind,
                                  label: "Label \(index)", placeholder: index % 3 == 0 ? "Placeholder" : "",
                                  text: kind == .textArea ? "first line\nsecond line\nthird" : (index > 12 ? wrappingText : ""))
            if index % 4 == 1 { field.helperText = "Helper text for field \(index)" }
            return field
        }
    }

    private func makeScene(_ fields: [TextField], deferring: Bool, measurer: TextMeasuring) -> FieldScene {
        let scene = FieldScene(fields: fields, scheme: .light)
        scene.defersLayoutBelowFirstFrame = deferring
        scene.resize(to: viewport, measurer: measurer)
        return scene
    }

    func testTheFirstFrameLaysOutOnlyWhatItShowsAndDrawsWhatAWholeLayoutDraws() {
        let deferredFields = makeFields(), wholeFields = makeFields()
        let measurer = WideMeasurer()
        let deferred = makeScene(deferredFields, deferring: true, measurer: measurer)
        XCTAssertTrue(deferred.isArrangementProvisional)
        XCTAssertEqual(measurer.nonASCIIClusters, 0, "the text below the first frame was measured before it")
        let laidOut = deferredFields.filter { $0.layout != nil }
        XCTAssertGreaterThan(laidOut.count, 2)
        XCTAssertLessThan(laidOut.count, deferredFields.count / 2, "fields below the first frame were laid out before it")
        for field in laidOut {
            XCTAssertLessThan(deferred.frame(of: field)!.minY, viewport.height + Arrangement.hiddenMargin)
        }
        let whole = makeScene(wholeFields, deferring: false, measurer: WideMeasurer())
        XCTAssertFalse(whole.isArrangementProvisional)
        XCTAssertTrue(wholeFields.allSatisfy { $0.layout != nil })

        // The first frame: the same drawing, the scroll indicator included.
        let first = RecordingCanvas(), reference = RecordingCanvas()
        let firstRegions = deferred.advanceAndRender(on: first, at: 0)
        let referenceRegions = whole.advanceAndRender(on: reference, at: 0)
        XCTAssertEqual(first.commands, reference.commands)
        XCTAssertEqual(firstRegions, referenceRegions)

        // Presented: everything is laid out, where a whole layout puts it.
        XCTAssertFalse(deferred.framePresented(), "every estimate was right: nothing to draw again")
        XCTAssertFalse(deferred.isArrangementProvisional)
        XCTAssertGreaterThan(measurer.nonASCIIClusters, 0)
        XCTAssertTrue(deferredFields.allSatisfy { $0.layout != nil })
        for (field, reference) in zip(deferredFields, wholeFields) {
            XCTAssertEqual(deferred.frame(of: field), whole.frame(of: reference), field.identifier)
            XCTAssertEqual(field.layout?.preferredHeight, reference.layout?.preferredHeight, field.identifier)
        }
        XCTAssertEqual(deferred.scroll.contentHeight, whole.scroll.contentHeight)
        let second = RecordingCanvas()
        XCTAssertEqual(deferred.advanceAndRender(on: second, at: 0.01), [], "the page looked right already")

        // Scrolled to the bottom, the fields the first frame skipped draw as a whole layout's do.
        let bottom = RecordingCanvas(), referenceBottom = RecordingCanvas()
        deferred.handle(.scroll(steps: 1000), at: 0.02)
        whole.handle(.scroll(steps: 1000), at: 0.02)
        XCTAssertEqual(deferred.advanceAndRender(on: bottom, at: 0.03), whole.advanceAndRender(on: referenceBottom, at: 0.03))
        XCTAssertEqual(bottom.commands, referenceBottom.commands)
        XCTAssertFalse(bottom.texts.isEmpty)
    }

    func testAnEstimateThatWasOffIsDrawnAgainOnceTheFrameIsPresented() {
        // Wide text wrapping in text areas below the fold: half an em a cluster takes too few rows.
        let fields = (0..<16).map { index in
            TextField(identifier: "f\(index)", style: .filled, kind: index > 10 ? .textArea : .textField, label: "Label",
                      text: index > 10 ? String(repeating: "日本語のテキスト", count: 6) : "")
        }
        let measurer = WideMeasurer()
        let scene = makeScene(fields, deferring: true, measurer: measurer)
        let estimated = scene.scroll.contentHeight
        scene.advanceAndRender(on: RecordingCanvas(), at: 0)
        XCTAssertTrue(scene.framePresented(), "the page grew: the scroll indicator must be drawn again")
        XCTAssertGreaterThan(scene.scroll.contentHeight, estimated)
        let whole = makeScene((0..<16).map { index in
            TextField(identifier: "f\(index)", style: .filled, kind: index > 10 ? .textArea : .textField, label: "Label",
                      text: index > 10 ? String(repeating: "日本語のテキスト", count: 6) : "")
        }, deferring: false, measurer: WideMeasurer())
        XCTAssertEqual(scene.scroll.contentHeight, whole.scroll.contentHeight)
        let corrected = RecordingCanvas(), reference = RecordingCanvas()
        XCTAssertFalse(scene.advanceAndRender(on: corrected, at: 0.01).isEmpty)
        whole.advanceAndRender(on: reference, at: 0.01)
        XCTAssertEqual(corrected.commands, reference.commands, "after the correction the window shows what a whole layout shows")
    }

    /// A layout that leaves every field but the first unlaid out, wherever it is.
    final class EagerlyDeferringLayout: SceneLayout {
        let fields: [TextField]
        init(fields: [TextField]) { self.fields = fields }
        func arrange(in viewport: Size, metrics: MaterialMetrics, scheme: ColorScheme, measurer: TextMeasuring) -> Arrangement {
            place(metrics: metrics, measurer: measurer, deferring: false)
        }
        func arrange(in viewport: Size, showing shownHeight: Double, metrics: MaterialMetrics, scheme: ColorScheme,
                     measurer: TextMeasuring) -> Arrangement {
            place(metrics: metrics, measurer: measurer, deferring: true)
        }
        private func place(metrics: MaterialMetrics, measurer: TextMeasuring, deferring: Bool) -> Arrangement {
            var y = 10.0, frames: [(TextField, Rect)] = []
            for (index, field) in fields.enumerated() {
                let height = deferring && index > 0 ? field.estimatedHeight(width: 300, metrics: metrics, measurer: measurer)
                    : field.layOut(width: 300, metrics: metrics, measurer: measurer)
                frames.append((field, Rect(x: 10, y: y, width: 300, height: height)))
                y += height + 10
            }
            var arrangement = Arrangement(fieldFrames: frames, contentHeight: y)
            arrangement.isProvisional = deferring
            return arrangement
        }
    }

    func testAFieldLeftUnlaidOutInViewIsDrawnOnceTheFrameIsPresented() {
        let fields = (0..<2).map { TextField(identifier: "f\($0)", style: .outlined, label: "Label \($0)", text: "Text \($0)") }
        let scene = FieldScene(fields: fields, layout: EagerlyDeferringLayout(fields: fields), scheme: .light)
        scene.defersLayoutBelowFirstFrame = true
        scene.resize(to: viewport, measurer: WideMeasurer())
        let first = RecordingCanvas()
        scene.advanceAndRender(on: first, at: 0)
        XCTAssertFalse(first.texts.contains { $0.text == "Text 1" })
        XCTAssertTrue(scene.framePresented(), "the second field is in view: it must be drawn")
        let second = RecordingCanvas()
        scene.advanceAndRender(on: second, at: 0.01)
        XCTAssertTrue(second.texts.contains { $0.text == "Text 1" })
    }

    func testWhatCouldReachAFieldBelowLaysEverythingOutFirst() {
        for reach in ["tab", "scroll", "focus", "second render"] {
            let fields = makeFields()
            let scene = makeScene(fields, deferring: true, measurer: WideMeasurer())
            // Window focus and the pointer moving over the first frame touch only what it shows.
            scene.handle(.windowFocus(true), at: 0)
            scene.handle(.pointerMoved(Point(x: 100, y: 100), buttonHeld: false), at: 0)
            XCTAssertTrue(scene.isArrangementProvisional, reach)
            switch reach {
            case "tab":
                scene.focus(fields[0], at: 0)
                XCTAssertFalse(scene.isArrangementProvisional)
                for _ in 0..<(fields.count - 1) { scene.handle(.key(.tab, []), at: 0.1) }
                XCTAssertTrue(fields.last!.isFocused)
            case "scroll": scene.handle(.scroll(steps: 3), at: 0.1)
            case "focus": scene.focus(fields.last!, at: 0.1)
            default:
                // A host that never says a frame was presented: the second frame lays everything out.
                scene.advanceAndRender(on: RecordingCanvas(), at: 0)
                XCTAssertTrue(scene.isArrangementProvisional, reach)
                scene.advanceAndRender(on: RecordingCanvas(), at: 0.1)
            }
            XCTAssertFalse(scene.isArrangementProvisional, reach)
            XCTAssertTrue(fields.allSatisfy { $0.layout != nil }, reach)
            if reach == "focus" || reach == "tab" {
                let frame = scene.frame(of: fields.last!)!
                XCTAssertTrue(frame.minY >= 0 && frame.maxY <= viewport.height, "\(reach): the focused field is scrolled into view")
            }
        }
    }

    func testRenderAloneLaysNothingOutAsItChangesNothingInTheModel() {
        let fields = makeFields()
        let scene = makeScene(fields, deferring: true, measurer: WideMeasurer())
        scene.advanceAndRender(on: RecordingCanvas(), at: 0)
        let unlaidOut = fields.filter { $0.layout == nil }
        XCTAssertFalse(unlaidOut.isEmpty)
        _ = scene.render(on: RecordingCanvas(), at: 0.05)
        XCTAssertTrue(scene.isArrangementProvisional, "a render laid the page out")
        XCTAssertTrue(unlaidOut.allSatisfy { $0.layout == nil }, "a render laid fields out")
        // The host's advance before its next render does (a host that never says a frame was presented).
        scene.advance(to: 0.1)
        XCTAssertFalse(scene.isArrangementProvisional)
        XCTAssertTrue(fields.allSatisfy { $0.layout != nil })
    }

    func testAPageFocusedOrOffByDefaultIsArrangedWhole() {
        let fields = makeFields()
        let scene = FieldScene(fields: fields, scheme: .light)
        scene.defersLayoutBelowFirstFrame = true
        scene.focus(fields.last!, at: 0)
        scene.resize(to: viewport, measurer: WideMeasurer())
        XCTAssertFalse(scene.isArrangementProvisional, "a field focused before the window showed is revealed at its true place")
        XCTAssertTrue(fields.allSatisfy { $0.layout != nil })

        let plain = makeFields()
        let unasked = makeScene(plain, deferring: false, measurer: WideMeasurer())
        XCTAssertFalse(unasked.isArrangementProvisional)
        XCTAssertTrue(plain.allSatisfy { $0.layout != nil })
    }

    func testEstimatedHeightIsTheLaidOutHeightWhenNoTextWraps() {
        let measurer = sharedMeasurer
        var fields: [TextField] = []
        for style in [FieldStyle.filled, .outlined] {
            fields.append(TextField(identifier: "a", style: style, label: "Name"))
            fields.append(TextField(identifier: "b", style: style, label: "Name", text: "Ada"))
            fields.append(TextField(identifier: "c", style: style, placeholder: "Search"))
            let helper = TextField(identifier: "d", style: style, label: "Postal code")
            helper.helperText = "As on your letters"
            fields.append(helper)
            let error = TextField(identifier: "e", style: style, label: "Card", text: "4111")
            error.errorMessage = "Too short"
            fields.append(error)
            fields.append(TextField(identifier: "f", style: style, kind: .textArea, label: "Notes", text: "one\ntwo\nthree"))
            fields.append(TextField(identifier: "g", style: style, kind: .textArea, label: "Notes"))
        }
        for field in fields {
            let estimate = field.estimatedHeight(width: 300, metrics: MaterialMetrics(), measurer: measurer)
            XCTAssertNil(field.layout, "an estimate lays nothing out")
            let height = field.layOut(width: 300, metrics: MaterialMetrics(), measurer: measurer)
            XCTAssertEqual(estimate, height, "\(field.identifier) \(field.style)")
        }
    }

    func testTheEstimatingMeasurerMeasuresASCIIAsTheRealOneAndTheRestByCount() {
        let real = WideMeasurer(), estimating = EstimatingMeasurer(real)
        let font = FontSpec(pixelSize: 16)
        XCTAssertEqual(estimating.caretStops(of: "Ab c", font: font), real.caretStops(of: "Ab c", font: font))
        XCTAssertEqual(estimating.advance(of: "Hello", font: font), 40)
        let before = real.nonASCIIClusters
        XCTAssertEqual(estimating.caretStops(of: "日本", font: font), [0, 8, 16])
        XCTAssertEqual(estimating.advance(of: "日本", font: font), 16)
        XCTAssertEqual(estimating.advance(of: "a\r\nb", font: font), 24, "CR takes the estimate: CRLF is one cluster")
        XCTAssertEqual(real.nonASCIIClusters, before, "text that is not ASCII never reaches the real measurer")
        XCTAssertEqual(estimating.lineMetrics(for: font), real.lineMetrics(for: font))
    }

    /// A measurer that knows some ASCII advances (as a host learns them glyph by glyph) and
    /// counts the runs it is asked to measure.
    final class TableMeasurer: TextMeasuring {
        private(set) var measured = 0
        func advance(of text: Substring, font: FontSpec) -> Double { measured += 1; return 0 }
        func lineMetrics(for font: FontSpec) -> LineMetrics { LineMetrics(ascent: 12, descent: 4) }
        func caretStops(of text: Substring, font: FontSpec) -> [Double] { measured += 1; return Array(repeating: 0, count: text.count + 1) }
        func asciiAdvances(for font: FontSpec) -> [Double]? {
            var table = [Double](repeating: .nan, count: 128)
            table[Int(UInt8(ascii: "a"))] = 7
            table[Int(UInt8(ascii: " "))] = 3
            return table
        }
    }

    func testAnEstimatedWidthLoadsNoGlyph() {
        let real = TableMeasurer(), estimating = EstimatingMeasurer(real)
        let font = FontSpec(pixelSize: 16)
        XCTAssertEqual(estimating.advance(of: "a a", font: font), 17, "the advances the measurer knows")
        XCTAssertEqual(estimating.advance(of: "ab", font: font), 15, "one it has not loaded: half an em")
        XCTAssertEqual(real.measured, 0, "no run was measured (which loads its glyphs)")
    }
}
