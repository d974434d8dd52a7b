/// A popup a scene shows over its window: a menu, a chooser. A pure model: it knows its size,
/// draws its surface on a `Canvas` in its own coordinates (the surface's top-left is 0,0), and
/// handles the events the host and the scene route to it. The host (an X11 override-redirect
/// window with its own back buffer, or a test's recording host) shows it through
/// `SceneHost.showPopup(_:anchor:)`, draws its elevation around it, places it on screen, and
/// tells it when it closed for a reason of its own (`popupDidClose(reason:)`).
///
/// Events: pointer events (`.pointerMoved`, `.pointerDown`, `.pointerUp`, `.pointerExited`) come
/// from the host in surface coordinates; keys (`.key`, `.text`, `.inputMethodText`) come from the
/// scene, which routes them to its open popup before anything else (the field keeps keyboard
/// focus and its caret). A popup that wants to close calls `FieldScene.closePopup(reason:)`.
public protocol ScenePopup: AnyObject {
    /// The surface's size in pixels (whole pixels), without the elevation's margin.
    var surfaceSize: Size { get }
    /// The surface's corner radius in pixels, for the elevation drawn around it.
    var cornerRadius: Double { get }
    /// The colours the surface and its elevation follow.
    var scheme: ColorScheme { get }
    /// The metrics (scale) the popup was made for.
    var metrics: MaterialMetrics { get }
    /// Draws the whole surface (its background included) with its top-left at 0,0.
    func render(on canvas: Canvas)
    /// An event in surface coordinates (pointer) or a key. Returns true when the popup changed
    /// (it then also sets `needsRender`).
    @discardableResult func handle(_ event: InputEvent, at time: Double) -> Bool
    /// Set by the popup when its look changed; the host draws it again and clears it.
    var needsRender: Bool { get set }
    /// Where the host placed the surface, in window coordinates (it may lie outside the window);
    /// nil until shown.
    var placement: Rect? { get set }
    /// The popup is gone: closed by its scene, or by the host (a click outside, the window lost
    /// focus, was unmapped or resized). Called once.
    func popupDidClose(reason: PopupCloseReason)
    /// When the popup next changes by itself, with no event (a long press coming due); nil when
    /// it waits for events only. The scene's `nextWakeup` includes it.
    func nextWakeup(after time: Double) -> Double?
    /// Brings the popup to `time` (the scene's `advance(to:)` calls it); true when it changed.
    func advance(to time: Double) -> Bool
    /// Whether the keys typed while the popup is open pass through the window's input method
    /// first. False by default: a menu's keys are commands (arrows, mnemonics, Escape) that an
    /// input method must not compose or act on, as GTK's menus have no input context. The emoji
    /// chooser's search box says true.
    var takesInputMethod: Bool { get }
}

extension ScenePopup {
    public func nextWakeup(after time: Double) -> Double? { nil }
    public func advance(to time: Double) -> Bool { false }
    public var takesInputMethod: Bool { false }
}

/// Why a popup closed.
public enum PopupCloseReason: String, Sendable, Equatable {
    /// Escape, or the app closed it.
    case dismissed
    /// An item acted.
    case activated
    /// A press outside the popup (it does not reach what is under it).
    case clickOutside
    /// The window lost keyboard focus.
    case windowFocusLost
    /// The window was unmapped, resized, or the theme or scale changed.
    case windowChanged
    /// Another popup took its place.
    case replaced
}

/// Where a popup opens, in window coordinates: the surface's top-left goes at the anchor's
/// bottom-left (a point anchor is an empty rectangle: the pointer), flipped above the anchor
/// when it does not fit below, and to the left of it when it does not fit to the right, then
/// kept on screen.
public struct PopupAnchor: Equatable, Sendable {
    public var rect: Rect
    /// The popup goes beside the anchor on whichever side it fits (below, above, right, left),
    /// rather than at its bottom-left: it must not cover what the anchor is (a panel editing a
    /// field). Where it fits on no side, it takes the side where it covers the least of it.
    public var avoidsRect = false
    public init(rect: Rect) { self.rect = rect }
    public static func point(_ point: Point) -> PopupAnchor { PopupAnchor(rect: Rect(x: point.x, y: point.y, width: 0, height: 0)) }
    /// An anchor the popup is placed beside, never over where the screen has room (`avoidsRect`).
    public static func beside(_ rect: Rect) -> PopupAnchor {
        var anchor = PopupAnchor(rect: rect)
        anchor.avoidsRect = true
        return anchor
    }

    /// The surface's frame for `size` in `screen` (both in the same coordinates as the anchor):
    /// below and right of the anchor where it fits, flipped above or to the left where it does
    /// not, then clamped to the screen (its top-left wins when the popup is larger than the screen).
    public func place(_ size: Size, in screen: Rect) -> Rect {
        if avoidsRect { return placeBeside(size, in: screen) }
        var x = rect.minX, y = rect.maxY
        if x + size.width > screen.maxX { x = rect.maxX - size.width }
        if y + size.height > screen.maxY, rect.minY - size.height >= screen.minY { y = rect.minY - size.height }
        x = max(screen.minX, min(x, screen.maxX - size.width))
        y = max(screen.minY, min(y, screen.maxY - size.height))
        return Rect(x: x.rounded(.down), y: y.rounded(.down), width: size.width, height: size.height)
    }
}

extension PopupAnchor {
    /// Below, above, right of and left of `rect`, each kept on `screen`: the first of them that
    /// covers nothing of `rect`, else the one that covers the least of it (the earlier on a tie).
    func placeBeside(_ size: Size, in screen: Rect) -> Rect {
        let candidates = [Point(x: rect.minX, y: rect.maxY), Point(x: rect.minX, y: rect.minY - size.height),
                          Point(x: rect.maxX, y: rect.minY), Point(x: rect.minX - size.width, y: rect.minY)]
        func clamped(_ origin: Point) -> Rect {
            let x = max(screen.minX, min(origin.x, screen.maxX - size.width))
            let y = max(screen.minY, min(origin.y, screen.maxY - size.height))
            return Rect(x: x.rounded(.down), y: y.rounded(.down), width: size.width, height: size.height)
        }
        func covered(_ frame: Rect) -> Double {
            let overlap = frame.intersection(rect)
            return overlap.isEmpty ? 0 : overlap.width * overlap.height
        }
        let frames = candidates.map(clamped)
        return frames.first { covered($0) == 0 } ?? frames.min { covered($0) < covered($1) } ?? frames[0]
    }
}

/// Material's menu elevation (8dp) around a popup's surface: a soft shadow drawn in a margin the
/// host leaves around the surface, over what the screen showed there, since an override-redirect
/// window gets no shadow from a compositor. On a dark scheme, where a shadow does not show, the
/// surface is lifted by Material's elevation overlay instead; in high contrast an outline bounds it.
public enum PopupElevation {
    /// The margin around the surface the shadow needs, in pixels: (left, top, right, bottom).
    public static func margins(scale: Double) -> (left: Double, top: Double, right: Double, bottom: Double) {
        let side = (12 * scale).rounded(.up)
        return (side, (8 * scale).rounded(.up), side, (16 * scale).rounded(.up))
    }

    /// The surface colour at 8dp: the surface, or on a dark scheme the surface with Material's
    /// 12 % white overlay.
    public static func surfaceColor(for scheme: ColorScheme) -> Color {
        isDark(scheme) ? Color(hex: 0xFFFFFF, alpha: 0.12).composited(over: scheme.surface) : scheme.surface
    }

    static func isDark(_ scheme: ColorScheme) -> Bool {
        let s = scheme.surface
        return 0.2126 * s.red + 0.7152 * s.green + 0.0722 * s.blue < 0.5
    }

    /// Draws the shadow of a surface at `surface` (canvas coordinates) with corner `radius`:
    /// Material's three 8dp shadows (umbra, penumbra, ambient) as stacked translucent rounded
    /// rectangles, each a blur approximated in steps.
    public static func drawShadow(on canvas: Canvas, surface: Rect, radius: Double, scheme: ColorScheme, scale: Double) {
        // (y offset, blur, spread, opacity) of Material's 8dp box shadows.
        let layers: [(Double, Double, Double, Double)] = [(5, 5, -3, 0.20), (8, 10, 1, 0.14), (3, 14, 2, 0.12)]
        let strength = isDark(scheme) ? 2.0 : 1.0
        for (dy, blur, spread, opacity) in layers {
            let steps = max(3, Int((blur * scale / 2).rounded()))
            for step in 0..<steps {
                // From the blur's outer edge inward, each ring adds a share of the opacity.
                let t = Double(step) / Double(steps)
                let grow = (spread + blur * (1 - t) - blur / 2) * scale
                let rect = surface.offsetBy(dx: 0, dy: dy * scale).insetBy(dx: -grow, dy: -grow)
                guard rect.width > 0, rect.height > 0 else { continue }
                let r = max(0, radius + grow)
                canvas.fill(.roundedRectangle(rect, radii: CornerRadii(all: min(r, rect.height / 2, rect.width / 2))),
                            color: Color(hex: 0x000000, alpha: min(1, opacity * strength / Double(steps))))
            }
        }
    }

    /// The surface's bounding outline: high contrast's solid line, else on a dark scheme a faint one.
    public static func outline(for scheme: ColorScheme) -> Color? {
        if scheme.contrast == .high { return scheme.onSurface }
        return isDark(scheme) ? scheme.onSurface.withAlpha(0.12) : nil
    }
}

/// A canvas that draws into another one moved by (dx, dy): a popup draws in its own coordinates.
public final class OffsetCanvas: Canvas {
    public let base: Canvas
    public let dx: Double, dy: Double

    public init(_ base: Canvas, dx: Double, dy: Double) { self.base = base; self.dx = dx; self.dy = dy }

    public func fill(_ path: Path, color: Color) { base.fill(path.applying(scale: 1, dx: dx, dy: dy), color: color) }
    public func drawText(_ text: String, at origin: Point, font: FontSpec, color: Color) {
        base.drawText(text, at: Point(x: origin.x + dx, y: origin.y + dy), font: font, color: color)
    }
    public func drawText(_ text: String, at origin: Point, font: FontSpec, color: Color, direction: WritingDirection) {
        base.drawText(text, at: Point(x: origin.x + dx, y: origin.y + dy), font: font, color: color, direction: direction)
    }
    public func drawImage(_ image: StretchableImage, in rect: Rect, scale: Double) {
        base.drawImage(image, in: rect.offsetBy(dx: dx, dy: dy), scale: scale)
    }
    public func pushClip(_ rect: Rect) { base.pushClip(rect.offsetBy(dx: dx, dy: dy)) }
    public func popClip() { base.popClip() }
}

/// A popup with its elevation drawn the way a host draws it: the shadow in the margin, then the
/// surface (its outline where the scheme wants one). `origin` is the surface's top-left on `canvas`.
/// A host that keeps the shadow drawn once (it is translucent: drawn again it darkens) passes
/// `shadow: false` for later frames.
public enum PopupRenderer {
    public static func draw(_ popup: ScenePopup, on canvas: Canvas, origin: Point, shadow: Bool = true) {
        let size = popup.surfaceSize
        let surface = Rect(x: origin.x, y: origin.y, width: size.width, height: size.height)
        if shadow {
            PopupElevation.drawShadow(on: canvas, surface: surface, radius: popup.cornerRadius, scheme: popup.scheme,
                                      scale: popup.metrics.scale)
        }
        canvas.pushClip(surface)
        popup.render(on: OffsetCanvas(canvas, dx: origin.x, dy: origin.y))
        canvas.popClip()
        if let outline = PopupElevation.outline(for: popup.scheme) {
            let width = popup.scheme.contrast == .high ? popup.metrics.strokeWidth : 1
            canvas.fill(.roundedRectangleStroke(surface, radii: CornerRadii(all: popup.cornerRadius), width: width),
                        color: outline)
        }
    }
}

extension Scene {
    public func popupWasClosed(_ popup: ScenePopup, reason: PopupCloseReason) {}
}

extension SceneHost {
    public func showPopup(_ popup: ScenePopup, anchor: PopupAnchor) -> Bool { false }
    public func closePopup(_ popup: ScenePopup) {}
    /// Without a way to ask the owner's targets, the text itself is asked for.
    public func requestSelectionHasText(_ selection: SelectionKind, completion: @escaping (Bool) -> Void) {
        requestSelectionText(selection) { text in completion(!(text ?? "").isEmpty) }
    }
}
