import MaterialFields
import QATools
import XCTest

/// `FieldSnapshotCache`: the live QA state reads again only the fields that may have changed,
/// and what it returns is always what a full `FieldScene.snapshot()` says.
final class FieldSnapshotCacheTests: XCTestCase {
    private let measurer = HalfEmMeasurer()

    /// Draws nothing: rendering, as the window does every frame, settles what the scene marked.
    private final class NullCanvas: Canvas {
        func fill(_ path: Path, color: Color) {}
        func drawText(_ text: String, at origin: Point, font: FontSpec, color: Color) {}
        func drawImage(_ image: StretchableImage, in rect: Rect, scale: Double) {}
        func drawText(_ text: String, at origin: Point, font: FontSpec, color: Color, direction: WritingDirection,
                      contextBefore: String, contextAfter: String) {}
        func pushClip(_ rect: Rect) {}
        func popClip() {}
    }

    private let canvas = NullCanvas()
    private var clock = 0.0

    private func makeScene(fieldCount: Int) -> (FieldScene, [TextField]) {
        let fields = (0..<fieldCount).map { TextField(identifier: "f\($0)", style: $0 % 2 == 0 ? .filled : .outlined, label: "F\($0)") }
        // Shorter than the page, so it scrolls.
        let scene = FieldScene(fields: fields, scheme: .light)
        scene.resize(to: Size(width: 400, height: 200), measurer: measurer)
        scene.handle(.windowFocus(true), at: 0)
        return (scene, fields)
    }

    /// The cache's reading, checked against a full snapshot; returns the positions read again.
    private func read(_ cache: FieldSnapshotCache, _ scene: FieldScene, file: StaticString = #filePath, line: UInt = #line) -> [Int] {
        // As the window loop does: render the frame, then tell the app.
        clock += 1
        _ = scene.render(on: canvas, at: clock)
        let cached = cache.snapshot(of: scene)
        XCTAssertEqual(cached, scene.snapshot(), "the cache differs from a full snapshot", file: file, line: line)
        return cache.lastRead
    }

    func testOnlyTheFieldsAChangeTouchedAreReadAgainAndTheResultIsTheFullSnapshot() {
        let (scene, fields) = makeScene(fieldCount: 6)
        let cache = FieldSnapshotCache()
        // The first reading takes every field; with nothing changed since, none
        XCTAssertEqual(read(cache, scene), [0, 1, 2, 3, 4, 5])
        XCTAssertEqual(read(cache, scene), [])
        XCTAssertEqual(cache.snapshotsTaken, 6)
        // Focus and typing: the focused field alone (the one it left, when focus moves)
        scene.handle(.key(.tab, []), at: clock + 0.5)
        XCTAssertEqual(read(cache, scene), [0])
        scene.handle(.text("hey"), at: clock + 0.5)
        XCTAssertEqual(read(cache, scene), [0])
        scene.handle(.key(.tab, []), at: clock + 0.5)
        XCTAssertEqual(read(cache, scene), [0, 1])
        // Properties nothing draws are heard too
        fields[3].keyboardType = .numberPad
        XCTAssertEqual(read(cache, scene), [1, 3])
        fields[4].accessibilityLabel = "Fourth"
        XCTAssertEqual(read(cache, scene), [1, 4])
        // A field set while another is focused
        fields[5].text = "set"
        XCTAssertEqual(read(cache, scene), [1, 5])
    }

    func testMovedFramesASchemeAndANewListOfFieldsReadEveryFieldAgain() {
        let (scene, fields) = makeScene(fieldCount: 6)
        let cache = FieldSnapshotCache()
        _ = read(cache, scene)
        // Scrolling moves every frame
        scene.handle(.scroll(steps: 2), at: clock + 0.5)
        XCTAssertGreaterThan(scene.scroll.offset, 0)
        XCTAssertEqual(read(cache, scene), [0, 1, 2, 3, 4, 5])
        XCTAssertEqual(read(cache, scene), [])
        // Colours come from the scheme
        scene.scheme = .dark
        XCTAssertEqual(read(cache, scene), [0, 1, 2, 3, 4, 5])
        // An error shown under a field
        fields[2].errorMessage = "Wrong"
        let reread = read(cache, scene)
        XCTAssertTrue(reread.contains(2))
        // Another scene (the catalog builds one afresh) is read whole
        let (other, _) = makeScene(fieldCount: 6)
        XCTAssertEqual(read(cache, other), [0, 1, 2, 3, 4, 5])
    }
}
