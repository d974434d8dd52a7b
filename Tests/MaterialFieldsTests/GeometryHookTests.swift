@testable import MaterialFields
import XCTest

/// A field an app subclassed, as a UIKit app overrides UITextField: each hook answers what the
/// test sets, or the default (`super`) while unset.
final class HookedField: TextField {
    var textInset: Double?
    var editingInset: Double?
    var placeholderInset: Double?
    var border: Rect?
    var clearButton: Rect?
    var leftSlot: Rect?
    var rightSlot: Rect?
    /// What `drawText` draws: nil calls super only.
    var badge: String?
    var callsSuperForText = true
    var placeholderMark: Color?
    private(set) var drawTextCalls = 0

    private func inset(_ rect: Rect, by inset: Double?) -> Rect {
        guard let inset else { return rect }
        return Rect(x: rect.minX + inset, y: rect.minY, width: rect.width - inset, height: rect.height)
    }

    override func textRect(forBounds bounds: Rect) -> Rect { inset(super.textRect(forBounds: bounds), by: textInset) }
    override func editingRect(forBounds bounds: Rect) -> Rect {
        inset(super.editingRect(forBounds: bounds), by: editingInset ?? textInset)
    }
    override func placeholderRect(forBounds bounds: Rect) -> Rect {
        guard let placeholderInset else { return super.placeholderRect(forBounds: bounds) }
        return inset(super.textRect(forBounds: bounds), by: placeholderInset)
    }
    override func borderRect(forBounds bounds: Rect) -> Rect { border ?? super.borderRect(forBounds: bounds) }
    override func clearButtonRect(forBounds bounds: Rect) -> Rect { clearButton ?? super.clearButtonRect(forBounds: bounds) }
    override func leftViewRect(forBounds bounds: Rect) -> Rect { leftSlot ?? super.leftViewRect(forBounds: bounds) }
    override func rightViewRect(forBounds bounds: Rect) -> Rect { rightSlot ?? super.rightViewRect(forBounds: bounds) }

    override func drawText(in rect: Rect, context: FieldDrawingContext) {
        drawTextCalls += 1
        if let badge {
            context.fill(.roundedRectangle(Rect(x: rect.minX - 30, y: rect.minY, width: 24, height: 24), radii: CornerRadii(all: 4)),
                         color: context.scheme.primary)
            context.drawText(badge, at: Point(x: rect.minX - 26, y: rect.minY + 18), font: context.font, color: context.scheme.surface)
        }
        if callsSuperForText { super.drawText(in: rect, context: context) }
    }

    override func drawPlaceholder(in rect: Rect, context: FieldDrawingContext) {
        super.drawPlaceholder(in: rect, context: context)
        if let placeholderMark {
            context.fill(Rect(x: rect.minX, y: rect.maxY - 2, width: context.advance(of: context.text, font: context.font), height: 1),
                         color: placeholderMark)
        }
    }
}

final class GeometryHookTests: XCTestCase {
    private let metrics = MaterialMetrics()

    private func field(_ style: FieldStyle, text: String = "abcdef", placeholder: String = "", kind: FieldKind = .textField,
                       _ configure: (HookedField) -> Void = { _ in }) -> HookedField {
        let field = HookedField(identifier: "f", style: style, kind: kind, label: style.family == .plain ? "" : "Label",
                                placeholder: placeholder, text: text)
        configure(field)
        field.layOut(width: 300, metrics: metrics, measurer: sharedMeasurer)
        return field
    }

    private func texts(_ canvas: RecordingCanvas) -> [(String, Point)] {
        canvas.commands.compactMap { if case .text(let text, let origin, _, _) = $0 { return (text, origin) } else { return nil } }
    }

    // MARK: textRect and editingRect

    func testAMovedTextRectMovesTheCaretClicksSelectionAndTheDrawnText() {
        for style in [FieldStyle.plain(.roundedRect), .filled, .outlined, .rag] {
            let plain = field(style)
            let moved = field(style) { $0.textInset = 40 }
            XCTAssertEqual(moved.layout!.textLine.minX, plain.layout!.textLine.minX + 40, "\(style.name): the band moved")
            XCTAssertEqual(moved.layout!.textLine.width, plain.layout!.textLine.width - 40, "\(style.name)")
            for field in [plain, moved] {
                field.focus(at: 0)
                field.selection = TextSelection(caret: 3)
            }
            XCTAssertEqual(moved.caretRect!.minX, plain.caretRect!.minX + 40, "\(style.name): the caret follows")
            XCTAssertEqual(moved.caretRect!.minY, plain.caretRect!.minY, "\(style.name): on the same line")

            // A click 40 px further right lands where the plain field's click does.
            let y = plain.layout!.textLine.midY
            plain.pointerDown(at: Point(x: plain.layout!.textLine.minX + 8 * 2 + 1, y: y), extending: false, time: 1)
            moved.pointerDown(at: Point(x: moved.layout!.textLine.minX + 8 * 2 + 1, y: y), extending: false, time: 1)
            plain.pointerUp(); moved.pointerUp()
            XCTAssertEqual(plain.selection, TextSelection(caret: 2), "\(style.name)")
            XCTAssertEqual(moved.selection, TextSelection(caret: 2), "\(style.name): hit testing follows")
            // A drag and a double click too.
            moved.pointerDown(at: Point(x: moved.layout!.textLine.minX + 8 + 1, y: y), extending: false, time: 1.2)
            moved.pointerDragged(to: Point(x: moved.layout!.textLine.minX + 8 * 4 + 1, y: y), time: 1.3)
            moved.pointerUp()
            XCTAssertEqual(moved.selection, TextSelection(anchor: 1, head: 4), "\(style.name): a drag")
            moved.pointerDown(at: Point(x: moved.layout!.textLine.minX + 8 * 3, y: y), extending: false, clickCount: 2, time: 1.4)
            moved.pointerUp()
            XCTAssertEqual(moved.selection, TextSelection(anchor: 0, head: 6), "\(style.name): a double click selects the word")

            for field in [plain, moved] { field.selection = TextSelection(anchor: 1, head: 4) }
            let origin = Point(x: 10, y: 20)
            let plainLook = plain.advancedAppearance(at: 2, origin: origin, scheme: .light, showsCaret: true)!
            let movedLook = moved.advancedAppearance(at: 2, origin: origin, scheme: .light, showsCaret: true)!
            XCTAssertEqual(movedLook.selection.first!.path.bounds.minX, plainLook.selection.first!.path.bounds.minX + 40, "\(style.name)")
            XCTAssertEqual(movedLook.textRuns.first!.origin.x, plainLook.textRuns.first!.origin.x + 40, "\(style.name): drawn there")
            XCTAssertEqual(movedLook.textClip.minX, plainLook.textClip.minX + 40, "\(style.name): and clipped there")
        }
    }

    func testARAGTextBackgroundMovesAndStretchesWithTheTextRect() {
        let configure: (HookedField) -> Void = { $0.textBackground = .underline(UnderlineBackground()) }
        let plain = field(.rag, configure)
        let moved = field(.rag) { configure($0); $0.textInset = 40 }
        let background = plain.layout!.textBackground!
        XCTAssertEqual(moved.layout!.textBackground, Rect(x: background.minX + 40, y: background.minY, width: background.width - 40,
                                                          height: background.height))
    }

    func testTheInputMethodSpotAndTheScrollOfLongTextFollowAMovedTextRect() {
        let long = String(repeating: "x", count: 80)
        let moved = field(.plain(.roundedRect), text: long) { $0.textInset = 100 }
        let scene = FieldScene(fields: [moved])
        let host = RecordingHost()
        scene.host = host
        scene.resize(to: Size(width: 400, height: 200), measurer: sharedMeasurer)
        scene.focus(moved, at: 0)
        moved.selection = TextSelection(caret: long.count)
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 0.1)
        let band = moved.layout!.textLine
        XCTAssertEqual(band.minX, 8 + 100, "a plain field's text starts 8 px in; the hook adds 100")
        let caret = moved.caretRect!
        XCTAssertTrue(caret.minX >= band.minX && caret.maxX <= band.maxX, "scrolled to show the end inside the moved band: \(caret) in \(band)")
        let frame = scene.frame(of: moved)!
        XCTAssertEqual(host.spots.last, caret.offsetBy(dx: frame.minX, dy: frame.minY), "the input method's spot")
        moved.selection = TextSelection(caret: 0)
        XCTAssertEqual(moved.caretRect!.minX, band.minX, "and back to its start")
    }

    func testEditingRectWhileEditingAndTextRectOtherwise() {
        let plain = field(.plain(.roundedRect))
        let hooked = field(.plain(.roundedRect)) { $0.textInset = 20; $0.editingInset = 50 }
        let base = plain.layout!.textLine.minX
        XCTAssertEqual(hooked.layout!.textLine.minX, base + 20, "not editing: textRect")
        hooked.focus(at: 0)
        XCTAssertEqual(hooked.layout!.textLine.minX, base + 50, "editing: editingRect")
        hooked.selection = TextSelection(caret: 0)
        XCTAssertEqual(hooked.caretRect!.minX, plain.layout!.textLine.minX + 50, "the caret stands in the editing rectangle")
        hooked.endEditing(at: 1)
        XCTAssertEqual(hooked.layout!.textLine.minX, base + 20, "ended: textRect again")
    }

    func testAMovedTextRectMovesATextAreasRowsAndItsWrapping() {
        let long = String(repeating: "word ", count: 40)
        let plain = field(.outlined, text: long, kind: .textArea)
        let moved = field(.outlined, text: long, kind: .textArea) { $0.textInset = 60 }
        XCTAssertEqual(moved.textLayout!.wrapWidth, plain.textLayout!.wrapWidth.map { $0 - 60 }, "rows wrap in the narrower band")
        XCTAssertGreaterThan(moved.textLayout!.lines.count, plain.textLayout!.lines.count)
    }

    func testTheAccessibleExtentsAndTheDropPointFollowAMovedTextRect() {
        let plain = field(.plain(.roundedRect))
        let moved = field(.plain(.roundedRect)) { $0.textInset = 40 }
        let harness = AccessibilityHarness([plain, moved])
        let plainExtents = harness.accessible(plain).characterExtents(at: 2)!
        let movedExtents = harness.accessible(moved).characterExtents(at: 2)!
        XCTAssertEqual(movedExtents.minX, plainExtents.minX + 40, "AT-SPI's character extents")
        let y = plain.layout!.textLine.midY
        XCTAssertEqual(moved.dropOffset(at: Point(x: moved.layout!.textLine.minX + 8 * 3, y: y)), 3, "where a drop lands")
        XCTAssertEqual(moved.dropOffset(at: Point(x: plain.layout!.textLine.minX + 8 * 3, y: y)), 0, "not where it was")
    }

    // MARK: Placeholder

    func testTheDefaultPlaceholderRectFollowsTheTextRectAndAnOverrideMovesItAlone() {
        let plain = field(.plain(.roundedRect), text: "", placeholder: "Search")
        let moved = field(.plain(.roundedRect), text: "", placeholder: "Search") { $0.textInset = 40 }
        let origin = Point.zero
        let plainRun = plain.advancedAppearance(at: 0, origin: origin, scheme: .light, showsCaret: false)!.placeholder!
        let movedRun = moved.advancedAppearance(at: 0, origin: origin, scheme: .light, showsCaret: false)!.placeholder!
        XCTAssertEqual(movedRun.origin.x, plainRun.origin.x + 40, "the placeholder's default rectangle is the text's")

        let own = field(.plain(.roundedRect), text: "", placeholder: "Search") { $0.placeholderInset = 100 }
        let look = own.advancedAppearance(at: 0, origin: origin, scheme: .light, showsCaret: false)!
        XCTAssertEqual(look.placeholder!.origin.x, plainRun.origin.x + 100)
        XCTAssertEqual(look.placeholderClip?.minX, plain.layout!.textLine.minX + 100, "clipped to its own band")
        XCTAssertEqual(own.layout!.textLine, plain.layout!.textLine, "the text stays")
        let drawn = own.drawn(at: 0, origin: origin)
        XCTAssertTrue(texts(drawn).contains { $0.0 == "Search" && $0.1.x == plainRun.origin.x + 100 })
    }

    func testDrawPlaceholderAddsToTheDefaultDrawing() {
        let mark = Color(red: 1, green: 0, blue: 0)
        let marked = field(.plain(.roundedRect), text: "", placeholder: "Search") { $0.placeholderMark = mark }
        let look = marked.advancedAppearance(at: 0, origin: .zero, scheme: .light, showsCaret: false)!
        XCTAssertEqual(look.customPlaceholder?.first, .defaultDrawing, "super first")
        XCTAssertEqual(look.customPlaceholder?.count, 2)
        let canvas = marked.drawn(at: 0, origin: .zero)
        XCTAssertTrue(texts(canvas).contains { $0.0 == "Search" }, "the default drawing is kept")
        XCTAssertTrue(canvas.commands.contains { if case .fill(_, let color) = $0 { return color == mark } else { return false } },
                      "and the mark drawn")
        marked.text = "typed"
        let typed = marked.advancedAppearance(at: 1, origin: .zero, scheme: .light, showsCaret: false)!
        XCTAssertNil(typed.customPlaceholder, "not asked while the placeholder does not show")
    }

    // MARK: Clear button, icons, border

    func testAMovedClearButtonIsHitAndClickingItClears() {
        let moved = field(.plain(.roundedRect), text: "Porto") {
            $0.clearButtonMode = .always
            $0.clearButton = Rect(x: 4, y: 6, width: 24, height: 24)
        }
        XCTAssertEqual(moved.layout!.clearButton, Rect(x: 4, y: 6, width: 24, height: 24))
        XCTAssertEqual(moved.part(at: Point(x: 16, y: 18)), .clearButton, "the hit area moved")
        let defaultSlot = field(.plain(.roundedRect), text: "Porto") { $0.clearButtonMode = .always }.layout!.clearButton!
        XCTAssertEqual(moved.part(at: Point(x: defaultSlot.midX, y: defaultSlot.midY)), .text, "and left its old place")

        // The glyph is drawn in the moved slot.
        let look = moved.advancedAppearance(at: 0, origin: .zero, scheme: .light, showsCaret: false)!
        XCTAssertTrue(look.shapes.contains { $0.path.bounds.minX >= 4 && $0.path.bounds.maxX <= 28 && $0.path.bounds.minY >= 6 })

        let scene = FieldScene(fields: [moved])
        let host = RecordingHost()
        scene.host = host
        scene.resize(to: Size(width: 400, height: 200), measurer: sharedMeasurer)
        let frame = scene.frame(of: moved)!
        let point = Point(x: frame.minX + 16, y: frame.minY + 18)
        scene.handle(.pointerDown(point, button: .primary, clickCount: 1, modifiers: []), at: 1)
        scene.handle(.pointerUp(point, button: .primary), at: 1.1)
        XCTAssertEqual(moved.text, "", "a click on the moved button clears")
    }

    func testIconRectsMoveTheIconsAndTheirHitAreasAndCentreTheGlyph() {
        let moved = field(.filled) {
            $0.leadingIcon = .person
            $0.trailingIcon = .search
            $0.leftSlot = Rect(x: 0, y: 0, width: 48, height: 56)
            $0.rightSlot = Rect(x: 200, y: 10, width: 24, height: 24)
        }
        XCTAssertEqual(moved.layout!.leadingIcon, Rect(x: 0, y: 0, width: 48, height: 56))
        XCTAssertEqual(moved.layout!.trailingIcon, Rect(x: 200, y: 10, width: 24, height: 24))
        XCTAssertEqual(moved.part(at: Point(x: 2, y: 2)), .leadingIcon)
        XCTAssertEqual(moved.part(at: Point(x: 212, y: 22)), .trailingIcon)
        let look = moved.advancedAppearance(at: 0, origin: .zero, scheme: .light, showsCaret: false)!
        let glyphs = look.icons.map(\.origin.x)
        XCTAssertTrue(glyphs.contains(12), "a 24 px glyph centred in a 48 px slot: \(glyphs)")
        XCTAssertTrue(glyphs.contains(200), "\(glyphs)")
    }

    func testABorderRectMovesWhatThePainterDraws() {
        let plain = field(.plain(.roundedRect))
        let moved = field(.plain(.roundedRect)) { $0.border = Rect(x: 20, y: 4, width: 200, height: 28) }
        let plainLook = plain.advancedAppearance(at: 0, origin: .zero, scheme: .light, showsCaret: false)!
        let movedLook = moved.advancedAppearance(at: 0, origin: .zero, scheme: .light, showsCaret: false)!
        let plainBounds = plainLook.shapes.map(\.path.bounds).reduce(plainLook.shapes[0].path.bounds) { $0.union($1) }
        let movedBounds = movedLook.shapes.map(\.path.bounds).reduce(movedLook.shapes[0].path.bounds) { $0.union($1) }
        XCTAssertEqual(plainBounds.minX, 0)
        XCTAssertEqual(movedBounds, Rect(x: 20, y: 4, width: 200, height: 28))
        XCTAssertEqual(movedLook.bounds, plainLook.bounds, "the field's own bounds do not move")
    }

    // MARK: Robustness

    func testHooksReturningNaNNegativeOrHugeRectsAreMadeSafe() {
        let bad: [Rect] = [Rect(x: .nan, y: 0, width: 10, height: 10), Rect(x: 10, y: 5, width: -50, height: -3),
                           Rect(x: -1e300, y: -1e300, width: .greatestFiniteMagnitude, height: .infinity),
                           Rect(x: 1e12, y: 1e12, width: 1e12, height: 1e12)]
        for rect in bad {
            let field = field(.filled) {
                $0.clearButtonMode = .always
                $0.leadingIcon = .person
                $0.border = rect
                $0.clearButton = rect
                $0.leftSlot = rect
                $0.textInset = rect.minX
            }
            let layout = field.layout!
            for part in [layout.textLine, layout.clearButton!, layout.leadingIcon!, layout.border ?? layout.container] {
                XCTAssertTrue(part.isFinite, "\(rect) → \(part)")
                XCTAssertGreaterThanOrEqual(part.width, 0)
                XCTAssertGreaterThanOrEqual(part.height, 0)
                XCTAssertTrue(part.minX >= layout.container.minX && part.maxX <= layout.container.maxX, "\(rect) → \(part)")
            }
            // Editing, clicking and drawing still work.
            field.focus(at: 0)
            field.insert("x", at: 0.1)
            field.pointerDown(at: Point(x: 150, y: 30), extending: false, time: 0.2)
            field.pointerUp()
            _ = field.drawn(at: 0.3)
            XCTAssertTrue(field.text.contains("x"))
        }
    }

    func testADrawingHookCannotDrawNaNOrHugeOrUnbalancedCommands() throws {
        final class Wild: TextField {
            let black = Color(red: 0, green: 0, blue: 0)
            override func drawText(in rect: Rect, context: FieldDrawingContext) {
                context.fill(Rect(x: .nan, y: 0, width: 10, height: 10), color: black)
                context.drawText("far", at: Point(x: 1e300, y: 0), font: context.font, color: black)
                context.drawText("huge", at: Point(x: rect.minX, y: rect.minY), font: FontSpec(pixelSize: 1e9), color: black)
                context.popClip()
                context.pushClip(Rect(x: .nan, y: .nan, width: 1, height: 1))
                for _ in 0..<10_000 { context.fill(Rect(x: 0, y: 0, width: 1, height: 1), color: black) }
                context.pushClip(rect)
            }
        }
        let field = Wild(identifier: "w", style: .filled, label: "L", text: "abc")
        field.layOut(width: 300, metrics: metrics, measurer: sharedMeasurer)
        let commands = try XCTUnwrap(field.advancedAppearance(at: 0, origin: .zero, scheme: .light, showsCaret: false)?.customText)
        XCTAssertLessThanOrEqual(commands.count, FieldDrawingContext.maximumCommands)
        XCTAssertEqual(commands.filter { if case .pushClip = $0 { return true } else { return false } }.count,
                       commands.filter { $0 == .popClip }.count, "balanced")
        XCTAssertFalse(commands.contains { if case .text(let text, _, _, _, _) = $0 { return text == "far" } else { return false } })
        XCTAssertTrue(commands.contains {
            if case .text("huge", _, let font, _, _) = $0 { return font.pixelSize == 512 } else { return false }
        }, "a font size is kept in range")
        _ = field.drawn(at: 0)
    }

    // MARK: Drawing hooks and damage

    func testDrawTextReplacesTheDrawingOrAddsToIt() {
        let replaced = field(.plain(.roundedRect), text: "250") { $0.badge = "€"; $0.callsSuperForText = false }
        let drawn = texts(replaced.drawn(at: 0, origin: .zero)).map(\.0)
        XCTAssertTrue(drawn.contains("€"))
        XCTAssertFalse(drawn.contains("250"), "drawn instead: \(drawn)")

        let added = field(.plain(.roundedRect), text: "250") { $0.badge = "€" }
        let both = texts(added.drawn(at: 0, origin: .zero)).map(\.0)
        XCTAssertTrue(both.contains("€") && both.contains("250"), "super and more: \(both)")

        let plain = field(.plain(.roundedRect), text: "250")
        XCTAssertNil(plain.advancedAppearance(at: 0, origin: .zero, scheme: .light, showsCaret: false)!.customText,
                     "the default alone keeps the appearance as it was")
    }

    func testInverseVideoRedrawsTheSelectedTextOfACustomDrawingInTheSelectedColour() {
        let hooked = field(.plain(.roundedRect), text: "250") { $0.badge = "€" }
        hooked.focus(at: 0)
        hooked.selection = TextSelection(anchor: 0, head: 3)
        let look = hooked.advancedAppearance(at: 1, origin: .zero, scheme: .highContrastLight, showsCaret: false)!
        let selected = look.selectedTextColor!
        let canvas = RecordingCanvas()
        FieldRenderer.draw(look, on: canvas)
        let runs = canvas.texts.filter { $0.text == "250" }
        XCTAssertEqual(runs.count, 2, "the text, then again inside the selection")
        XCTAssertEqual(runs.last?.color, selected)
        XCTAssertNotEqual(runs.first?.color, selected)
        let tile = look.customText!.compactMap { if case .fill(let path, _) = $0 { return path } else { return nil } }.first!
        XCTAssertEqual(canvas.fills.filter { $0.path == tile }.count, 1, "the badge's tile is not filled again for the selection")
    }

    func testCustomDrawingIsPartOfTheAppearanceSoDamageFollowsIt() {
        let hooked = field(.plain(.roundedRect), text: "250") { $0.badge = "€" }
        let other = makeField(.filled, text: "other")
        let scene = FieldScene(fields: [hooked, other])
        let host = RecordingHost()
        scene.host = host
        scene.resize(to: Size(width: 400, height: 300), measurer: sharedMeasurer)
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 0)
        XCTAssertEqual(scene.advanceAndRender(on: RecordingCanvas(), at: 1), [], "nothing changed")

        hooked.badge = "$"
        XCTAssertEqual(scene.advanceAndRender(on: RecordingCanvas(), at: 2), [], "the field does not know until told")
        hooked.setNeedsDisplay()
        let damage = scene.advanceAndRender(on: RecordingCanvas(), at: 3)
        let frame = scene.outerFrame(of: hooked)!
        XCTAssertEqual(damage.count, 1)
        XCTAssertTrue(damage.allSatisfy { $0.intersection(frame) == $0 }, "only the field: \(damage) in \(frame)")
        hooked.setNeedsDisplay()
        XCTAssertEqual(scene.advanceAndRender(on: RecordingCanvas(), at: 4), [], "asked again, the same drawing: no damage")
    }

    func testSetNeedsLayoutAsksTheGeometryHooksAgain() {
        let hooked = field(.plain(.roundedRect))
        let base = hooked.layout!.textLine.minX
        hooked.textInset = 30
        XCTAssertEqual(hooked.layout!.textLine.minX, base, "not asked yet")
        hooked.setNeedsLayout()
        XCTAssertEqual(hooked.layout!.textLine.minX, base + 30)
    }
}

/// The README's sample ("Geometry and drawing hooks"), as printed there: it must compile and do
/// what the README says.
final class ReadmeCurrencyField: TextField {
    override func clearButtonRect(forBounds bounds: Rect) -> Rect {
        let text = super.textRect(forBounds: bounds)   // the text's band: below a filled field's label
        return Rect(x: bounds.minX + 6, y: text.midY - 12, width: 24, height: 24)   // at the start, on the text
    }
    override func textRect(forBounds bounds: Rect) -> Rect {
        var band = super.textRect(forBounds: bounds)
        band.x = 34; band.width = bounds.maxX - 44 - 34   // between the button and the badge
        return band
    }
    override func editingRect(forBounds bounds: Rect) -> Rect { textRect(forBounds: bounds) }
    override func drawText(in rect: Rect, context: FieldDrawingContext) {
        context.drawText("€", at: Point(x: rect.maxX + 16, y: rect.midY + 5), font: context.font, color: context.scheme.primary)
        super.drawText(in: rect, context: context)   // the field's own text, selection-aware
    }
}

final class ReadmeHookSampleTests: XCTestCase {
    func testTheReadmesCurrencyFieldPutsItsClearButtonFirstAndDrawsItsBadgeAfterTheText() {
        let field = ReadmeCurrencyField(identifier: "price", style: .plain(.roundedRect), text: "12")
        field.clearButtonMode = .always
        field.layOut(width: 300, metrics: MaterialMetrics(), measurer: sharedMeasurer)
        XCTAssertEqual(field.layout!.clearButton, Rect(x: 6, y: 6, width: 24, height: 24))
        XCTAssertEqual(field.layout!.textLine.minX, 34)
        XCTAssertEqual(field.layout!.textLine.maxX, 300 - 44)
        let texts = field.drawn(at: 0, origin: .zero).texts
        XCTAssertTrue(texts.contains { $0.text == "€" && $0.origin.x == 300 - 44 + 16 })
        XCTAssertTrue(texts.contains { $0.text == "12" && $0.origin.x >= 34 })
    }

    /// On a filled field the text sits below the floating label, not in the container's middle:
    /// the sample's button is centred on the text, so it does not cover the label.
    func testTheReadmesClearButtonSitsOnTheTextOfEveryStyle() {
        for style in [FieldStyle.filled, .outlined, .plain(.roundedRect), .plain(.line)] {
            let field = ReadmeCurrencyField(identifier: "price", style: style, label: "Price", text: "12")
            field.clearButtonMode = .always
            field.layOut(width: 300, metrics: MaterialMetrics(), measurer: sharedMeasurer)
            let layout = field.layout!
            XCTAssertEqual(layout.clearButton!.midY, layout.textLine.midY, accuracy: 1, "\(style): centred on the text, whole pixels aside")
        }
    }

    /// The class above is the README's sample word for word (its name aside): what is tested is what is printed.
    func testTheReadmePrintsTheSampleThisFileCompiles() throws {
        let here = URL(fileURLWithPath: #filePath)
        let repository = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try XCTUnwrap(readme.range(of: "### Geometry and drawing hooks"))
        let fence = try XCTUnwrap(readme.range(of: "```swift\n", range: section.upperBound..<readme.endIndex))
        let end = try XCTUnwrap(readme.range(of: "\n```", range: fence.upperBound..<readme.endIndex))
        let sample = String(readme[fence.upperBound..<end.lowerBound])
        let source = try String(contentsOf: here, encoding: .utf8)
        let start = try XCTUnwrap(source.range(of: "final class ReadmeCurrencyField: TextField {"))
        let close = try XCTUnwrap(source.range(of: "\n}\n", range: start.upperBound..<source.endIndex))
        let compiled = String(source[start.lowerBound..<close.upperBound].dropLast())
        XCTAssertEqual(compiled.replacingOccurrences(of: "ReadmeCurrencyField", with: "CurrencyField"), sample)
    }
}
