import XCTest
@testable import MaterialFields

/// Xft's whole-pixel Roboto metrics: FreeType rounds the hhea ascender (1900/2048 em) and
/// descender (500/2048 em) up to whole pixels, so 12 px is 12 + 3, 16 px 15 + 4, 24 px 23 + 6 and
/// 32 px 30 + 8 (what `FontCache.lineMetrics` answers with Roboto installed). Advances are 0.5 em.
final class RobotoLikeMeasurer: TextMeasuring {
    func advance(of text: Substring, font: FontSpec) -> Double { Double(text.count) * font.pixelSize / 2 }
    func lineMetrics(for font: FontSpec) -> LineMetrics {
        LineMetrics(ascent: (font.pixelSize * 1900 / 2048).rounded(.up), descent: (font.pixelSize * 500 / 2048).rounded(.up))
    }
    func caretStops(of text: Substring, font: FontSpec) -> [Double] {
        (0...text.count).map { Double($0) * font.pixelSize / 2 }
    }
}

/// The baselines that put label and text ink where MDC web 14 puts it in Chromium (340 px fields,
/// Roboto). With hinted Roboto a 12 px capital is 9 rows tall (17 at 24 px) and a 16 px capital
/// 12 rows (22 at 32 px), so a capital's ink top is its baseline minus that, and the last ink row
/// of text without descenders is the row above the baseline. FidelityPixelTests checks the pixels.
final class FidelityTests: XCTestCase {
    private func layout(_ style: FieldStyle, scale: Double, density: Double = 0, label: String = "City") -> FieldLayout {
        FieldLayout.compute(FieldLayoutInput(style: style, density: density, label: label, labelBehavior: .floats,
                                             hasLeadingIcon: false,
                                             width: 340 * scale, metrics: MaterialMetrics(scale: scale)),
                            measurer: RobotoLikeMeasurer())
    }

    func testTheMeasurerHasXftsRobotoMetrics() {
        let measurer = RobotoLikeMeasurer()
        let metrics = [12.0, 16, 24, 32].map { measurer.lineMetrics(for: FontSpec(pixelSize: $0)) }
        XCTAssertEqual(metrics, [LineMetrics(ascent: 12, descent: 3), LineMetrics(ascent: 15, descent: 4),
                                 LineMetrics(ascent: 23, descent: 6), LineMetrics(ascent: 30, descent: 8)])
    }

    func testFilledFloatingLabelCapitalsStartTenPixelsBelowTheTopAtScaleOne() {
        // MDC: ink top 10, so the 9-row capitals stand on baseline 19.
        XCTAssertEqual(layout(.filled, scale: 1).floatingLabel?.origin.y, 19)
    }

    func testFilledFloatingLabelAtScaleTwoIsOnePixelAboveMDC() {
        // MDC: ink top 22 (baseline 39). The label's top reaches baseline 19 at scale 1 only for
        // tops in 6...7, where scale 2 gives 38 (ink top 21): Xft's 24 px metrics are not twice its
        // 12 px ones, so no single top gives both. Scale 1 wins.
        XCTAssertEqual(layout(.filled, scale: 2).floatingLabel?.origin.y, 38)
    }

    func testFilledTextBaselineIsFortyPixelsBelowTheTopAtScaleOneAndEightyAtScaleTwo() {
        // MDC: the ink of "L" ends at row 39 (79 at scale 2).
        XCTAssertEqual(layout(.filled, scale: 1).textBaseline, 40)
        XCTAssertEqual(layout(.filled, scale: 2).textBaseline, 80)
    }

    func testFilledFloatingLabelAndTextKeepTheirGap() {
        // The label's descenders (3 px at scale 1) end well above the text's capitals (12 rows).
        for scale in [1.0, 2.0] {
            let frames = layout(.filled, scale: scale)
            let labelInkBottom = frames.floatingLabel!.origin.y + 3 * scale
            let textInkTop = frames.textBaseline - 12 * scale
            XCTAssertGreaterThanOrEqual(textInkTop - labelInkBottom, 6 * scale, "scale \(scale)")
        }
    }

    func testOutlinedKeepsTheBaselinesThatMatchMDC() {
        // The label is centred on the top outline (ink top -4, -8 at scale 2) and the text centred
        // in the container (ink bottom 33, 66).
        XCTAssertEqual(layout(.outlined, scale: 1).floatingLabel?.origin.y, 5)
        XCTAssertEqual(layout(.outlined, scale: 2).floatingLabel?.origin.y, 9)
        XCTAssertEqual(layout(.outlined, scale: 1).textBaseline, 34)
        XCTAssertEqual(layout(.outlined, scale: 2).textBaseline, 67)
    }

    func testRestingLabelCapitalsAreCentredInTheContainer() {
        // 12-row capitals on baseline 34 fill rows 22...33: their centre is 28, the container's.
        // At scale 2, 22 rows on 67: rows 45...66, centre 56. (Baseline 33 would put them 1 px high.)
        for style in FieldStyle.material {
            XCTAssertEqual(layout(style, scale: 1, label: "Name").restingLabel?.origin.y, 34, "\(style)")
            XCTAssertEqual(layout(style, scale: 2, label: "Name").restingLabel?.origin.y, 67, "\(style)")
        }
    }

    func testFieldsWithoutAFloatingLabelCentreTheirText() {
        for style in FieldStyle.material {
            XCTAssertEqual(layout(style, scale: 1, label: "").textBaseline, 34, "\(style)")
            XCTAssertEqual(layout(style, scale: 2, label: "").textBaseline, 67, "\(style)")
        }
    }

    func testDenseFilledFieldKeepsItsBaselines() {
        // 40 px: label baseline 15 (ink 6...17 with descenders), text 34 (capitals from row 22).
        XCTAssertEqual(layout(.filled, scale: 1, density: 1).floatingLabel?.origin.y, 15)
        XCTAssertEqual(layout(.filled, scale: 1, density: 1).textBaseline, 34)
        XCTAssertEqual(layout(.filled, scale: 2, density: 1).floatingLabel?.origin.y, 29)
        XCTAssertEqual(layout(.filled, scale: 2, density: 1).textBaseline, 67)
    }
}
