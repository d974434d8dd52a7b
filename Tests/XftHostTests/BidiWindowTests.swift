import MaterialFields
import TestHarness
import XCTest
@testable import XftHost

/// The layout's bidi windows (an edit resolved again only between the letters around it) against
/// FriBidi resolving the whole text, with the real host's measurer.
final class BidiWindowTests: XCTestCase {
    private var server: XvfbServer!
    private var host: WindowHost!
    private let font = FontSpec(pixelSize: 16)

    override func setUpWithError() throws {
        server = try XvfbServer()
        host = try WindowHost(displayName: server.displayName) { _ in }
    }
    override func tearDown() { host = nil; server = nil }

    /// Random edits of mixed text without brackets or explicit embeddings (FriBidi's weak and
    /// neutral rules, numbers of both kinds, separators, terminators, tabs, marks, RLM and LRM,
    /// trailing spaces) keep the levels and stops of a fresh layout.
    func testRandomEditsResolvedInWindowsMatchFriBidiOnTheWholeText() {
        let fonts = host.fonts
        let pieces = ["ab", "x", "שלום", "א", "בּ", "مرحبا", "كيف", "ب", " ", "  ", "\t", "12", "٣٤", "1.5", "3,4", "$", "%", "+", "-", ".",
                      "!", ":", "/", "#", "°", "\n", "\u{200F}", "\u{200E}", "\u{061C}", "a1", "e\u{301}", "\u{200D}", "\u{06F1}"]
        var seed: UInt64 = 0xF21B
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(bound))
        }
        var failures = 0
        for direction in WritingDirection.allCases {
            for wrap in [nil, 90.0] as [Double?] {
                var characters = Array((0..<80).map { _ in pieces[next(pieces.count)] }.joined()
                    .map { wrap == nil && $0 == "\n" ? " " : $0 })
                var layout = TextLayout(characters: characters, font: font, lineHeight: 24, measurer: fonts, wrapWidth: wrap, direction: direction)
                for step in 0..<300 {
                    let lower = next(characters.count + 1)
                    let upper = min(characters.count, lower + next(4))
                    var replacement = next(3) == 0 ? "" : (0...next(2)).map { _ in pieces[next(pieces.count)] }.joined()
                    if wrap == nil { replacement = String(replacement.map { $0 == "\n" ? " " : $0 }) }
                    var candidate = characters
                    candidate.replaceSubrange(lower..<upper, with: Array(replacement))
                    // Whole clusters, as the model's edits are; words within the shaping reach.
                    guard Array(String(candidate)).count == candidate.count,
                          (candidate.split(whereSeparator: \.isWhitespace).map(\.count).max() ?? 0) <= 24 else { continue }
                    let previous = characters
                    characters = candidate
                    layout.replacing(lower..<upper, with: Array(replacement)[...], measurer: fonts)
                    let fresh = TextLayout(characters: characters, font: font, lineHeight: 24, measurer: fonts, wrapWidth: wrap, direction: direction)
                    let context = "\(direction) \(String(describing: wrap)) step \(step) edit \(lower)..<\(upper) <- \(replacement.debugDescription): \(String(previous).debugDescription)"
                    var same = true
                    if layout.levels != fresh.levels { XCTFail("levels " + context); same = false }
                    let worst = zip(layout.caretStops, fresh.caretStops).map { abs($0 - $1) }.max() ?? 0
                    if same && worst > 0.001 { XCTFail("stops differ by \(worst) " + context); same = false }
                    if same && layout.lines != fresh.lines { XCTFail("lines " + context); same = false }
                    if !same {
                        failures += 1
                        layout = fresh
                        if failures > 5 { return }
                    }
                }
            }
        }
    }
}
