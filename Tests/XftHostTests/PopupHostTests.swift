import MaterialFields
import TestHarness
import XCTest
@testable import XftHost

/// The X side of a scene's popup, with no catalog: a popup whose size and anchor are not finite is
/// shown clamped to the screen (never a trap on the model's numbers), and closed by its scene.
final class PopupHostTests: XCTestCase {
    private final class OddPopup: ScenePopup {
        var surfaceSize = Size(width: .infinity, height: .nan)
        var cornerRadius = Double.nan
        var scheme = ColorScheme.light
        var metrics = MaterialMetrics(scale: .nan)
        var needsRender = true
        var placement: Rect?
        var closed: PopupCloseReason?
        var renders = 0
        func render(on canvas: Canvas) {
            renders += 1
            canvas.fill(Rect(x: 0, y: 0, width: 1e12, height: .nan), color: Color(hex: 0x336699))
        }
        func handle(_ event: InputEvent, at time: Double) -> Bool { false }
        func popupDidClose(reason: PopupCloseReason) { closed = reason }
    }

    func testAPopupWithANonFiniteSizeAndAnchorIsShownOnScreenAndClosedWithoutTrapping() throws {
        let server = try XvfbServer()
        var warnings: [String] = []
        let host = try WindowHost(displayName: server.displayName) { warnings.append($0) }
        let field = TextField(identifier: "f", style: .filled, label: "Label", text: "text")
        let scene = FieldScene(fields: [field])
        let popup = OddPopup()
        var shown = false
        var openDuringRun: ScenePopup?
        _ = host.addTimer(after: 0.2) {
            shown = scene.showPopup(popup, anchor: PopupAnchor(rect: Rect(x: .infinity, y: .nan, width: .nan, height: 0)))
            _ = host.addTimer(after: 0.3) {
                openDuringRun = scene.shownPopup
                scene.closePopup()
                host.stop()
            }
        }
        let status = try host.run(scene, options: WindowOptions(title: "popup", instanceName: "popup", className: "Popup",
                                                                size: Size(width: 200, height: 100)))
        XCTAssertEqual(status, 0)
        XCTAssertTrue(shown, "the host refused the popup: \(warnings)")
        XCTAssertTrue(openDuringRun === popup)
        let placement = try XCTUnwrap(popup.placement)
        XCTAssertTrue(placement.isFinite)
        XCTAssertEqual(placement.width, 1, "an infinite width is one pixel")
        XCTAssertGreaterThan(popup.renders, 0)
        XCTAssertEqual(popup.closed, .dismissed)
        XCTAssertNil(scene.shownPopup)
    }

    /// The window closes (the app stops the loop) with a popup open: the popup goes with it and
    /// the scene is told, so a scene run again does not route its keys to a popup not shown.
    func testAPopupStillOpenWhenTheWindowClosesIsClosedForTheScene() throws {
        let server = try XvfbServer()
        let host = try WindowHost(displayName: server.displayName) { _ in }
        let scene = FieldScene(fields: [TextField(identifier: "f", style: .filled, label: "Label", text: "text")])
        let popup = OddPopup()
        var shown = false
        _ = host.addTimer(after: 0.05) {
            shown = scene.showPopup(popup, anchor: .point(Point(x: 10, y: 10)))
            host.stop()
        }
        _ = try host.run(scene, options: WindowOptions(title: "popup", instanceName: "popup", className: "Popup",
                                                       size: Size(width: 200, height: 100)))
        XCTAssertTrue(shown)
        XCTAssertNil(scene.shownPopup, "the scene still holds a popup its window took away")
        XCTAssertEqual(popup.closed, .windowChanged)
    }
}
