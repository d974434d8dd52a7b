import Foundation
import XCTest
@testable import XftHost
import TestHarness

/// The anatomy of a field, proved on the real catalog with real X input: a text area grows row
/// by row and then scrolls, the clear button, the character counter, a disabled field, hover,
/// the live theme switch, the error theme of the e-mail check, the wheel over a text area,
/// the password's eye, visual-line keys and the search icon's action.
final class AnatomyUITests: XCTestCase {
    // MARK: The QA state, every key

    struct QA: Decodable {
        struct Window: Decodable {
            var width: Double, height: Double, scrollOffset: Double, contentHeight: Double, focused: Bool, theme: String
        }
        struct Field: Decodable {
            struct Assistive: Decodable { var leading: String, trailing: String }
            var id: String, style: String, kind: String, label: String, text: String
            var selection: [Int], focused: Bool, state: String, labelPosition: String, hovered: Bool
            var error: Bool, errorMessage: String?, assistive: Assistive, maxLength: Int?
            var leadingIcon: String?, trailingIcon: String?, clearButton: String?, rows: Double?
            var accessibilityLabel: String, frame: [Double], outerFrame: [Double]

            var container: PixelRegion { PixelRegion(frame: frame) }
            /// The assistive row: from the container's bottom to the outer frame's.
            var assistiveRow: PixelRegion {
                let outer = PixelRegion(frame: outerFrame)
                return PixelRegion(x: outer.x, y: container.maxY, width: outer.width, height: outer.maxY - container.maxY)
            }
        }
        var theme: String
        var window: Window
        var fields: [Field]

        func field(_ id: String) -> Field { fields.first { $0.id == id }! }
    }

    // MARK: Helpers

    /// A window tall enough for every field (the content is 2404 px at 900 px wide), on a screen
    /// as tall, so no test but the scrolling ones has to scroll.
    func tallCatalog() throws -> CatalogApp {
        try CatalogApp(arguments: ["--size", "900x2420"], screenSize: (1024, 2420))
    }

    func qa(_ app: CatalogApp) throws -> QA { try app.state(as: QA.self) }

    /// The QA state once `condition` holds, or nil after `timeout`.
    func waitForQA(_ app: CatalogApp, timeout: TimeInterval = 5, _ condition: (QA) -> Bool) -> QA? {
        app.waitForState(as: QA.self, timeout: timeout, condition)
    }

    /// Waits for `condition` on `id`, failing (with what the field is instead) when it never holds.
    @discardableResult
    func expect(_ app: CatalogApp, _ id: String, timeout: TimeInterval = 5, _ what: String,
                        file: StaticString = #filePath, line: UInt = #line,
                        _ condition: (QA.Field) -> Bool) throws -> QA.Field {
        if let state = waitForQA(app, timeout: timeout, { condition($0.field(id)) }) { return state.field(id) }
        let now = try qa(app).field(id)
        let rows = now.rows.map { String($0) } ?? "-"
        let description = "text \(now.text.debugDescription), selection \(now.selection), focused \(now.focused), "
            + "state \(now.state), rows \(rows), frame \(now.frame), error \(now.error), "
            + "assistive \(now.assistive), hovered \(now.hovered)"
        XCTFail("\(id): \(what) never held; \(description)", file: file, line: line)
        return now
    }

    func movePointer(_ app: CatalogApp, x: Double, y: Double) throws {
        try app.xdotool(["mousemove", "--window", String(app.windowID), String(Int(x)), String(Int(y))])
    }

    /// Turns the wheel `steps` notches where the pointer is: positive scrolls down (button 5).
    func wheel(_ app: CatalogApp, _ steps: Int) throws {
        try app.xdotool(["click", "--repeat", String(abs(steps)), "--delay", "15", steps > 0 ? "5" : "4"])
    }

    /// Wheels the page down over the left margin (no field there) until content y `bottom` (in
    /// unscrolled window pixels) is on screen, and returns the state once every notch has arrived.
    func wheelPage(_ app: CatalogApp, toShowDownTo bottom: Double,
                           file: StaticString = #filePath, line: UInt = #line) throws -> QA {
        let start = try qa(app)
        let steps = Int(((bottom - start.window.height) / 48).rounded(.up))
        let expected = min(Double(steps) * 48, start.window.contentHeight - start.window.height)
        try movePointer(app, x: 6, y: 300)
        try wheel(app, steps)
        return try XCTUnwrap(waitForQA(app) { $0.window.scrollOffset == expected },
                             "the page did not scroll to \(expected): \((try? qa(app).window.scrollOffset).map { "\($0)" } ?? "?")",
                             file: file, line: line)
    }

    /// The pixel at a window point, read from the server.
    func pixel(_ app: CatalogApp, x: Int, y: Int) throws -> Pixel {
        try app.capture(PixelRegion(x: x, y: y, width: 1, height: 1)).pixel(x: 0, y: 0)
    }

    /// The pixel at a window point, for a failure message.
    func describePixel(_ app: CatalogApp, x: Int, y: Int) -> String {
        (try? pixel(app, x: x, y: y)).map { "\($0)" } ?? "?"
    }

    /// How many pixels of `region` pass `test`, for a failure message.
    func describeCount(_ app: CatalogApp, _ region: PixelRegion, where test: (Pixel) -> Bool) -> String {
        (try? app.capture(region).count(where: test)).map { "\($0) px" } ?? "?"
    }

    func grey(_ p: Pixel) -> Int { (Int(p.red) + Int(p.green) + Int(p.blue)) / 3 }

    /// The light theme's error colour (#B00020) at any useful coverage over white or the field.
    func isErrorRed(_ p: Pixel) -> Bool { Int(p.red) - Int(p.green) > 70 && Int(p.red) - Int(p.blue) > 50 }

    /// Where each dark (text or icon ink) pixel of `region` is: a picture of the glyphs that
    /// ignores the purple caret, whatever phase of its blink it is in.
    func inkMap(_ app: CatalogApp, _ region: PixelRegion) throws -> [Bool] {
        let image = try app.capture(region)
        var map: [Bool] = []
        for y in 0..<image.height {
            for x in 0..<image.width { map.append(isTextInk(image.pixel(x: x, y: y))) }
        }
        return map
    }

    // MARK: Text area

    func testATextAreaGrowsRowByRowToFourRowsThenScrollsItsText() throws {
        // Given the catalog at its default size, the page wheeled down (over the left margin)
        // until the filled text area and room for it to grow are on screen
        let app = try CatalogApp()
        let start = try qa(app)
        let area = start.field("filled-area")
        XCTAssertEqual(area.rows, 2)
        XCTAssertEqual(area.frame[3], 80, "a two-row text area: 56 + 24 px")
        // (its container grows to 128 px, with the 20 px helper row and some air below)
        let scrolled = try wheelPage(app, toShowDownTo: area.frame[1] + 128 + 20 + 24)
        XCTAssertGreaterThanOrEqual(scrolled.field("filled-area").frame[1], 0)
        let offset = scrolled.window.scrollOffset

        // When the user clicks it and types a line, Enter, a second line
        try app.click(field: "filled-area", atFraction: 0.5)
        try expect(app, "filled-area", "focused") { $0.focused }
        try app.type("one")
        try app.key("Return")
        try app.type("two")
        // Then Enter made a line break, and two lines still fit the minimum two rows
        var field = try expect(app, "filled-area", "two lines") { $0.text == "one\ntwo" }
        XCTAssertEqual(field.rows, 2)
        XCTAssertEqual(field.frame[3], 80)

        // When a third line starts, the container grows one 24 px row (and the helper row with it)
        try app.key("Return")
        try app.type("three")
        field = try expect(app, "filled-area", "three rows, 104 px") { $0.text == "one\ntwo\nthree" && $0.rows == 3 && $0.frame[3] == 104 }
        XCTAssertEqual(field.outerFrame[3], 124, "the helper text did not move down with the container")
        // ...and the screen shows it: the focused indicator (primary) now runs along the new bottom.
        XCTAssertTrue(try waitUntil(timeout: 2) {
            let bottom = PixelRegion(x: field.container.x, y: field.container.maxY - 2, width: field.container.width, height: 2)
            return try app.capture(bottom).count(where: isPrimary) > field.container.width
        }, "no primary indicator along the grown container's bottom")

        // When a fourth line starts, it grows to the maximum, 128 px
        try app.key("Return")
        try app.type("four")
        field = try expect(app, "filled-area", "four rows, 128 px") { $0.text.hasSuffix("four") && $0.rows == 4 && $0.frame[3] == 128 }
        usleep(150_000)
        let firstRow = PixelRegion(x: field.container.x + 16, y: field.container.y + 24, width: field.container.width - 32, height: 24)
        let firstRowWithOne = try inkMap(app, firstRow)

        // When more lines and words follow
        try app.key("Return")
        try app.type("five and then some more words")
        try app.key("Return")
        try app.type("six")
        // Then the text keeps growing but the container stays at four rows...
        field = try expect(app, "filled-area", "all the text") { $0.text == "one\ntwo\nthree\nfour\nfive and then some more words\nsix" }
        XCTAssertEqual(field.rows, 4)
        XCTAssertEqual(field.frame[3], 128)
        XCTAssertEqual(field.outerFrame[3], 148)
        // ...the text scrolled inside it (the first row no longer shows "one")...
        usleep(100_000)
        XCTAssertTrue(try inkMap(app, firstRow) != firstRowWithOne, "the text did not scroll inside the four rows")
        // ...and the page did not move: the field stayed in view as it grew.
        let final = try qa(app)
        XCTAssertEqual(final.window.scrollOffset, offset)
        XCTAssertLessThanOrEqual(field.outerFrame[1] + field.outerFrame[3], final.window.height)
    }

    func testATextAreaGrowingAtTheBottomOfTheWindowScrollsThePageToKeepItInView() throws {
        // Given the default-size catalog wheeled down until the two-row text area and its helper
        // text just fit above the window's bottom edge
        let app = try CatalogApp()
        let start = try qa(app).field("filled-area")
        let scrolled = try wheelPage(app, toShowDownTo: start.outerFrame[1] + start.outerFrame[3])
        let area = scrolled.field("filled-area")
        XCTAssertLessThanOrEqual(area.outerFrame[1] + area.outerFrame[3], scrolled.window.height)
        XCTAssertGreaterThan(area.outerFrame[1] + 148, scrolled.window.height, "there is room to grow without scrolling")

        // When the user clicks it and types four lines (it grows to 128 px and its helper row with it)
        try app.click(field: "filled-area")
        try expect(app, "filled-area", "focused") { $0.focused }
        try app.type("one")
        for line in ["two", "three", "four"] {
            try app.key("Return")
            try app.type(line)
        }
        let grown = try XCTUnwrap(waitForQA(app) { $0.field("filled-area").text == "one\ntwo\nthree\nfour" && $0.field("filled-area").rows == 4 },
                                  "the text area never grew to four rows")

        // Then the page scrolled down so that the whole field, helper text included, stays in view...
        let field = grown.field("filled-area")
        XCTAssertGreaterThan(grown.window.scrollOffset, scrolled.window.scrollOffset, "the page did not scroll")
        XCTAssertGreaterThanOrEqual(field.frame[1], 0)
        XCTAssertLessThanOrEqual(field.outerFrame[1] + field.outerFrame[3], grown.window.height, "the field grew out of the window")
        // ...and the screen shows its focused indicator along the new bottom and its helper text below
        XCTAssertTrue(try waitUntil(timeout: 2) {
            let bottom = PixelRegion(x: field.container.x, y: field.container.maxY - 2, width: field.container.width, height: 2)
            return try app.capture(bottom).count(where: isPrimary) > field.container.width
                && app.capture(field.assistiveRow).count(where: isTextInk) > 40
        }, "the grown field's bottom is not on screen")
    }

    // MARK: Clear button

    func testTheClearButtonEmptiesItsFieldWhichKeepsEditing() throws {
        // Given the prefilled field with a clear button while editing ("Porto"), clicked into
        let app = try tallCatalog()
        let before = try qa(app).field("filled-clear")
        XCTAssertEqual(before.clearButton, "hidden", "the clear button shows before editing")
        let button = PixelRegion(x: before.container.maxX - 36, y: before.container.y + 16, width: 24, height: 24)
        XCTAssertEqual(try app.capture(button).count { grey($0) < 140 }, 0, "clear button ink before editing")
        try app.click(field: "filled-clear", atFraction: 0.3)
        try expect(app, "filled-clear", "editing with the clear button visible") { $0.focused && $0.clearButton == "visible" }
        XCTAssertTrue(try waitUntil(timeout: 2) { try app.capture(button).count { grey($0) < 140 } > 40 },
                      "no clear button drawn while editing")

        // When the user clicks the clear button (right end of the container, centred in its 56 px)
        try app.click(x: Double(before.container.maxX - 24), y: Double(before.container.y + 28))

        // Then the text is gone, the field still edits with the caret at 0, and the button hides
        let field = try expect(app, "filled-clear", "emptied") { $0.text.isEmpty }
        XCTAssertTrue(field.focused, "clearing ended editing")
        XCTAssertEqual(field.state, "editing")
        XCTAssertEqual(field.selection, [0, 0])
        XCTAssertEqual(field.labelPosition, "floating")
        XCTAssertEqual(field.clearButton, "hidden")
        XCTAssertTrue(try waitUntil(timeout: 2) { try app.capture(button).count { grey($0) < 140 } == 0 },
                      "the clear button still shows on an empty field")
        // And typing goes on in the same field
        try app.type("Faro")
        try expect(app, "filled-clear", "typing after clearing") { $0.text == "Faro" && $0.focused }
    }

    func testControlZBringsBackWhatTheClearButtonCleared() throws {
        // Given the clear-button field ("Porto") emptied with its clear button
        let app = try tallCatalog()
        let frame = try qa(app).field("filled-clear").frame
        try app.click(field: "filled-clear", atFraction: 0.3)
        try expect(app, "filled-clear", "editing with the clear button visible") { $0.focused && $0.clearButton == "visible" }
        try app.click(x: frame[0] + frame[2] - 24, y: frame[1] + 28)
        try expect(app, "filled-clear", "emptied") { $0.text.isEmpty }

        // When the user presses Ctrl+Z
        try app.key("ctrl+z")

        // Then the text is back in one step, with the clear button; Ctrl+Shift+Z clears it again
        let restored = try expect(app, "filled-clear", "restored") { $0.text == "Porto" }
        XCTAssertEqual(restored.clearButton, "visible")
        XCTAssertTrue(restored.focused)
        try app.key("ctrl+shift+z")
        try expect(app, "filled-clear", "cleared again by redo") { $0.text.isEmpty && $0.clearButton == "hidden" }
    }

    // MARK: Character counter

    func testTheCounterFieldRefusesTheTwentyFirstGrapheme() throws {
        // Given the filled counter field (at most 20), clicked into, and a keyboard with a
        // combining acute accent (bound for good: xdotool's own remap can be undone before the
        // catalog looks the key up)
        let app = try tallCatalog()
        try app.bindSpareKeycode(toKeysym: "U0301")
        XCTAssertEqual(try qa(app).field("filled-counter").assistive.trailing, "0 / 20")
        try app.click(field: "filled-counter")
        try expect(app, "filled-counter", "focused") { $0.focused }

        // When the user types 25 letters
        try app.type("abcdefghijklmnopqrstuvwxy")

        // Then the first 20 went in and the counter says 20 / 20; the last five were refused
        var field = try expect(app, "filled-counter", "20 letters") { $0.text == "abcdefghijklmnopqrst" }
        XCTAssertEqual(field.assistive.trailing, "20 / 20")
        XCTAssertEqual(field.maxLength, 20)
        // Left, sent after the letters, moves the caret once all of them were handled.
        try app.key("Left")
        field = try expect(app, "filled-counter", "the caret moved left") { $0.selection == [19, 19] }
        XCTAssertEqual(field.text, "abcdefghijklmnopqrst", "a 21st letter arrived late")
        try app.key("End")
        try expect(app, "filled-counter", "the caret at the end") { $0.selection == [20, 20] }

        // When three are deleted and then an x, an e with a combining acute (two scalars, one
        // grapheme), a y and a z are typed
        try app.key("BackSpace", "BackSpace", "BackSpace")
        try expect(app, "filled-counter", "17 letters, 17 / 20") { $0.text.count == 17 && $0.assistive.trailing == "17 / 20" }
        try app.type("xe\u{301}yz")

        // Then the counter counts graphemes, not scalars: x, é and y fill it to 20, z is refused
        field = try expect(app, "filled-counter", "17 letters, x, é and y") { $0.text == "abcdefghijklmnopqxe\u{301}y" }
        XCTAssertEqual(field.text.count, 20)
        XCTAssertEqual(field.text.unicodeScalars.count, 21)
        XCTAssertEqual(field.assistive.trailing, "20 / 20")
        try app.key("Left")
        field = try expect(app, "filled-counter", "the caret moved left") { $0.selection == [19, 19] }
        XCTAssertEqual(field.text, "abcdefghijklmnopqxe\u{301}y", "z arrived late")
    }

    // MARK: Disabled

    func testADisabledFieldIgnoresClicksAndKeys() throws {
        // Given the disabled field ("Read only") and the pointer resting on it
        let app = try tallCatalog()
        let before = try qa(app).field("filled-disabled")
        XCTAssertEqual(before.state, "disabled")
        try movePointer(app, x: before.frame[0] + before.frame[2] / 2, y: before.frame[1] + before.frame[3] / 2)
        usleep(200_000)
        let pixels = try app.capture(before.container).pixels

        // When the user clicks it, types and presses BackSpace
        try app.click(field: "filled-disabled")
        try app.type("x")
        try app.key("BackSpace")
        usleep(300_000)

        // Then nothing took focus, the text is unchanged, it shows no hover and looks the same
        let state = try qa(app)
        let field = state.field("filled-disabled")
        XCTAssertEqual(field.text, "Read only")
        XCTAssertFalse(field.focused)
        XCTAssertEqual(field.state, "disabled")
        XCTAssertFalse(field.hovered, "a disabled field shows hover")
        XCTAssertEqual(state.fields.filter(\.focused).map(\.id), [], "the keys went to some field")
        XCTAssertTrue(try app.capture(before.container).pixels == pixels, "the disabled field's pixels changed")
    }

    func testTabSkipsTheDisabledField() throws {
        // Given the e-mail field, the one before the disabled one, being edited
        let app = try tallCatalog()
        try app.click(field: "filled-email")
        try expect(app, "filled-email", "focused") { $0.focused }

        // When the user presses Tab
        try app.key("Tab")

        // Then the focus lands on the field after the disabled one
        try expect(app, "filled-leading-icon", "focused by Tab") { $0.focused }
        XCTAssertFalse(try qa(app).field("filled-disabled").focused)
    }

    // MARK: Hover

    func testHoveringAnOutlinedFieldDarkensItsOutline() throws {
        // Given the empty outlined field, its 1 px outline at rest (on-surface 38 %: #9E9E9E)
        let app = try tallCatalog()
        let field = try qa(app).field("outlined-label")
        let outline = (x: field.container.x, y: field.container.y + 28)
        let resting = try pixel(app, x: outline.x, y: outline.y)
        XCTAssertEqual(grey(resting), 0x9E, accuracy: 6, "\(resting)")

        // When the pointer moves over it
        try movePointer(app, x: field.frame[0] + 200, y: field.frame[1] + 28)

        // Then it is hovered and the outline darkens to on-surface 87 % (#212121)
        try expect(app, "outlined-label", "hovered") { $0.hovered }
        XCTAssertTrue(try waitUntil(timeout: 2) { try abs(grey(pixel(app, x: outline.x, y: outline.y)) - 0x21) <= 6 },
                      "the hovered outline is \(describePixel(app, x: outline.x, y: outline.y))")

        // When the pointer leaves for the empty space between the columns
        try movePointer(app, x: field.frame[0] - 16, y: field.frame[1] + 28)

        // Then hover ends and the outline is as it was at rest
        try expect(app, "outlined-label", "not hovered") { !$0.hovered }
        XCTAssertTrue(try waitUntil(timeout: 2) { try pixel(app, x: outline.x, y: outline.y) == resting },
                      "the outline did not return to rest: \(describePixel(app, x: outline.x, y: outline.y))")
    }

    func testHoveringAFilledFieldDarkensItsUnderlineAndLaysAHoverLayerOnItsContainer() throws {
        // Given the empty filled field: its underline (on-surface 42 % over the container) and
        // its container (on-surface 12 % over white: #E0E0E0) at rest
        let app = try tallCatalog()
        let field = try qa(app).field("filled-label")
        let underline = (x: field.container.x + 200, y: field.container.maxY - 1)
        let container = (x: field.container.maxX - 20, y: field.container.y + 8)
        let restingUnderline = try pixel(app, x: underline.x, y: underline.y)
        let restingContainer = try pixel(app, x: container.x, y: container.y)
        XCTAssertEqual(grey(restingUnderline), 0x83, accuracy: 6, "\(restingUnderline)")
        XCTAssertEqual(grey(restingContainer), 0xE0, accuracy: 3, "\(restingContainer)")

        // When the pointer moves over it
        try movePointer(app, x: field.frame[0] + 200, y: field.frame[1] + 28)

        // Then it is hovered: the underline darkens to on-surface 87 % and the container takes
        // the 4 % hover layer
        try expect(app, "filled-label", "hovered") { $0.hovered }
        XCTAssertTrue(try waitUntil(timeout: 2) {
            try grey(pixel(app, x: underline.x, y: underline.y)) < 0x30
                && grey(pixel(app, x: container.x, y: container.y)) <= grey(restingContainer) - 6
        }, "hovered: underline \(describePixel(app, x: underline.x, y: underline.y)), container \(describePixel(app, x: container.x, y: container.y))")

        // When the pointer leaves
        try movePointer(app, x: field.frame[0] + 200, y: field.frame[1] - 30)

        // Then both are as at rest
        try expect(app, "filled-label", "not hovered") { !$0.hovered }
        XCTAssertTrue(try waitUntil(timeout: 2) {
            try pixel(app, x: underline.x, y: underline.y) == restingUnderline && pixel(app, x: container.x, y: container.y) == restingContainer
        }, "not back to rest: underline \(describePixel(app, x: underline.x, y: underline.y)), container \(describePixel(app, x: container.x, y: container.y))")
    }

    // MARK: Theme

    func testControlTSwitchesTheThemeWhileAFieldIsBeingEdited() throws {
        // Given the light catalog (white surface) with a field being edited
        let app = try CatalogApp()
        XCTAssertEqual(try qa(app).theme, "light")
        XCTAssertEqual(grey(try pixel(app, x: 4, y: 4)), 0xFF)
        try app.click(field: "outlined-label")
        try expect(app, "outlined-label", "focused") { $0.focused }
        let container = try qa(app).field("filled-label").container
        let filledContainer = (x: container.maxX - 20, y: container.y + 8)
        let lightContainer = try pixel(app, x: filledContainer.x, y: filledContainer.y)

        // When the user presses Ctrl+T
        try app.key("ctrl+t")

        // Then the theme is dark: the surface is #121212, a filled container is light ink over
        // it (on-surface white at 12 %), and the field still edits with no "t" typed
        XCTAssertNotNil(waitForQA(app) { $0.theme == "dark" && $0.window.theme == "dark" }, "the QA state never said dark")
        XCTAssertTrue(try waitUntil(timeout: 2) { try pixel(app, x: 4, y: 4) == (0x12, 0x12, 0x12, 255) },
                      "the surface is \(describePixel(app, x: 4, y: 4))")
        let darkContainer = try pixel(app, x: filledContainer.x, y: filledContainer.y)
        XCTAssertEqual(grey(darkContainer), 0x12 + Int((Double(0xFF - 0x12) * 0.12).rounded()), accuracy: 4,
                       "dark filled container \(darkContainer), light was \(lightContainer)")
        var field = try qa(app).field("outlined-label")
        XCTAssertTrue(field.focused)
        XCTAssertEqual(field.text, "")

        // When the user types, then presses Ctrl+T again
        try app.type("ok")
        try app.key("ctrl+t")

        // Then it is light again, white surface and the container as before, and the text typed in between kept
        XCTAssertNotNil(waitForQA(app) { $0.theme == "light" && $0.window.theme == "light" }, "the QA state never said light again")
        XCTAssertTrue(try waitUntil(timeout: 2) {
            try pixel(app, x: 4, y: 4) == (0xFF, 0xFF, 0xFF, 255) && pixel(app, x: filledContainer.x, y: filledContainer.y) == lightContainer
        }, "surface \(describePixel(app, x: 4, y: 4)), container \(describePixel(app, x: filledContainer.x, y: filledContainer.y))")
        field = try qa(app).field("outlined-label")
        XCTAssertTrue(field.focused)
        XCTAssertEqual(field.text, "ok")
    }

    // MARK: Error theme

    func testTheEmailFieldShowsItsErrorWhenLeftWithAnInvalidAddressAndClearsItOnceFixed() throws {
        // Given the filled e-mail field with its helper text (grey, no red anywhere in its row)
        let app = try tallCatalog()
        let start = try qa(app).field("filled-email")
        XCTAssertFalse(start.error)
        XCTAssertEqual(start.assistive.leading, "Leave the field to check it")
        let row = start.assistiveRow
        XCTAssertEqual(row.height, 20)
        XCTAssertEqual(try app.capture(row).count(where: isErrorRed), 0)

        // When the user types something that is not an address and leaves with Tab
        try app.click(field: "filled-email")
        try expect(app, "filled-email", "focused") { $0.focused }
        try app.type("not-an-address")
        try expect(app, "filled-email", "typed") { $0.text == "not-an-address" }
        XCTAssertFalse(try qa(app).field("filled-email").error, "an error while still typing")
        try app.key("Tab")

        // Then it is in error with the message in its assistive row, drawn in the error red
        var field = try expect(app, "filled-email", "in error") { $0.error && !$0.focused }
        XCTAssertEqual(field.errorMessage, "Enter an address like name@example.com")
        XCTAssertEqual(field.assistive.leading, "Enter an address like name@example.com")
        XCTAssertTrue(try waitUntil(timeout: 2) { try app.capture(row).count(where: isErrorRed) > 60 },
                      "no error red in the assistive row: \(describeCount(app, row, where: isErrorRed))")
        // (the underline, below the container, takes the error colour too)
        let underline = PixelRegion(x: field.container.x, y: field.container.maxY - 1, width: field.container.width, height: 1)
        XCTAssertGreaterThan(try app.capture(underline).count(where: isErrorRed), field.container.width * 9 / 10)

        // When the user goes back (Shift+Tab selects the text) and types a valid address
        try app.key("shift+Tab")
        try expect(app, "filled-email", "focused again, all selected") { $0.focused && $0.selection == [0, 14] }
        try app.type("a@b.co")

        // Then the error clears as soon as the address is plausible: helper text back, no red
        field = try expect(app, "filled-email", "error cleared") { $0.text == "a@b.co" && !$0.error }
        XCTAssertNil(field.errorMessage)
        XCTAssertEqual(field.assistive.leading, "Leave the field to check it")
        XCTAssertTrue(try waitUntil(timeout: 2) { try app.capture(row).count(where: isErrorRed) == 0 },
                      "error red left in the assistive row: \(describeCount(app, row, where: isErrorRed))")
    }

    // MARK: The wheel over a text area

    func testTheWheelOverAnOverflowingTextAreaScrollsItsTextNotThePage() throws {
        // Given the default-size catalog wheeled down (over the margin) just far enough for the
        // prefilled text area, which holds more than its four rows, to be wholly on screen (the
        // page can still scroll further), and the pointer resting over the text area
        let app = try CatalogApp()
        let start = try qa(app)
        let scrolled = try wheelPage(app, toShowDownTo: start.field("filled-area-long").frame[1] + 128)
        let offset = scrolled.window.scrollOffset
        XCTAssertLessThan(offset, scrolled.window.contentHeight - scrolled.window.height, "the page cannot scroll further down")
        let area = scrolled.field("filled-area-long")
        XCTAssertGreaterThanOrEqual(area.frame[1], 0)
        XCTAssertLessThanOrEqual(area.frame[1] + area.frame[3], scrolled.window.height)
        try movePointer(app, x: area.frame[0] + area.frame[2] / 2, y: area.frame[1] + 64)
        try expect(app, "filled-area-long", "hovered") { $0.hovered }
        usleep(200_000)
        let rows = PixelRegion(x: area.container.x + 16, y: area.container.y + 24, width: area.container.width - 32, height: 96)
        let before = try inkMap(app, rows)

        // When the wheel turns one notch down
        try wheel(app, 1)

        // Then the text area's text moved (other glyphs in its rows) but the page did not
        XCTAssertTrue(try waitUntil(timeout: 2) { try inkMap(app, rows) != before }, "the text area's text did not scroll")
        usleep(100_000)
        XCTAssertEqual(try qa(app).window.scrollOffset, offset, "the page scrolled under a text area that can scroll")
        XCTAssertEqual(try qa(app).field("filled-area-long").frame, area.frame)

        // When the wheel turns one notch up over the margin
        try movePointer(app, x: 6, y: 300)
        try wheel(app, -1)

        // Then the page scrolls by one step (48 px)
        XCTAssertNotNil(waitForQA(app) { $0.window.scrollOffset == offset - 48 },
                        "the page did not scroll: offset \((try? qa(app).window.scrollOffset).map { "\($0)" } ?? "?"), was \(offset)")
    }

    // MARK: Icons with actions

    func testTheEyeIconShowsAndHidesThePasswordWhileTheFieldKeepsEditing() throws {
        // Given the password field ("hunter2" shown as dots) being edited
        let app = try tallCatalog()
        try app.click(field: "filled-password", atFraction: 0.3)
        var field = try expect(app, "filled-password", "editing") { $0.focused }
        XCTAssertEqual(field.accessibilityLabel, "Password, •••••••")
        let band = PixelRegion(x: field.container.x + 16, y: field.container.y + 24, width: 120, height: 24)
        usleep(150_000)
        let dots = try inkMap(app, band)
        XCTAssertGreaterThan(dots.filter { $0 }.count, 10, "no dots drawn")
        let selection = field.selection

        // When the user clicks the eye at the right end
        try app.click(x: field.frame[0] + field.frame[2] - 24, y: field.frame[1] + 28)

        // Then the text shows in letters on screen (more ink: "hunter2" has ascenders), the
        // field still edits with its caret where it was, and the secret still never reaches the
        // QA state or the accessibility text
        XCTAssertTrue(try waitUntil(timeout: 2) {
            try inkMap(app, band).filter { $0 }.count > dots.filter { $0 }.count * 2
        }, "the letters never showed in the text band")
        field = try expect(app, "filled-password", "still editing") { $0.focused }
        XCTAssertEqual(field.selection, selection)
        XCTAssertEqual(field.text, "•••••••")
        XCTAssertEqual(field.accessibilityLabel, "Password, •••••••")

        // When the user clicks the eye again
        try app.click(x: field.frame[0] + field.frame[2] - 24, y: field.frame[1] + 28)

        // Then the dots are back, exactly as before, and the field still edits
        XCTAssertTrue(try waitUntil(timeout: 2) { try inkMap(app, band) == dots }, "the dots did not come back")
        field = try expect(app, "filled-password", "hidden again") { $0.accessibilityLabel == "Password, •••••••" }
        XCTAssertTrue(field.focused)
    }

    func testTheSearchIconReportsWhatWasTyped() throws {
        // Given the search field with "otters" typed into it (no assistive row yet)
        let app = try tallCatalog()
        let start = try qa(app).field("filled-search")
        XCTAssertEqual(start.outerFrame, start.frame)
        try app.click(field: "filled-search", atFraction: 0.3)
        try expect(app, "filled-search", "focused") { $0.focused }
        try app.type("otters")
        try expect(app, "filled-search", "typed") { $0.text == "otters" }

        // When the user clicks the search icon
        try app.click(x: start.frame[0] + start.frame[2] - 24, y: start.frame[1] + 28)

        // Then the helper text reports the search, in a new assistive row with ink in it, and
        // the field still edits
        let field = try expect(app, "filled-search", "searched") { $0.assistive.leading == "Searched for “otters”" }
        XCTAssertTrue(field.focused)
        XCTAssertEqual(field.outerFrame[3], field.frame[3] + 20)
        XCTAssertTrue(try waitUntil(timeout: 2) { try app.capture(field.assistiveRow).count(where: isTextInk) > 40 },
                      "no helper text drawn")
    }

    // MARK: Visual-line keys

    func testUpAndDownMoveTheCaretBetweenTheLinesOfATextArea() throws {
        // Given a text area with two lines typed, the caret at the end of the second
        let app = try tallCatalog()
        try app.click(field: "filled-area")
        try expect(app, "filled-area", "focused") { $0.focused }
        try app.type("first")
        try app.key("Return")
        try app.type("second")
        try expect(app, "filled-area", "two lines") { $0.text == "first\nsecond" && $0.selection == [12, 12] }

        // When the user presses Up and types X
        try app.key("Up")
        try app.type("X")

        // Then X lands at the end of the first line (the nearest place above the caret)
        try expect(app, "filled-area", "X on the first line") { $0.text == "firstX\nsecond" }

        // When the user presses Down and types Y
        try app.key("Down")
        try app.type("Y")

        // Then Y lands on the second line, under where the caret was
        let field = try expect(app, "filled-area", "Y on the second line") { $0.text.hasPrefix("firstX\nsec") && $0.text.contains("Y") }
        XCTAssertEqual(field.text.split(separator: "\n").map { $0.contains("Y") }, [false, true], field.text)
    }
}
