import MaterialFields
import QATools
import XftHost

/// One catalog: its scene and controls, built from the command line's starting state. A script's
/// `scale` step builds it afresh at another scale.
final class CatalogSession: ScriptableApp {
    private(set) var scale: Double
    private(set) var controls: CatalogControls
    private let followsDesktopScale: Bool
    private let followsDesktopTheme: Bool
    private let selectionDisplay: SelectionDisplay
    /// The desktop's theme when the catalog last followed it: only a change of it changes the
    /// catalog's (so Ctrl+T holds until the desktop's theme itself changes).
    private var desktopTheme: DesktopTheme

    var scene: FieldScene { controls.scene }

    /// - Parameter desktop: the display's settings (`Xft/DPI` or `Xft.dpi`, the GTK theme), whose
    ///   scale and theme are used unless `--scale` or `--theme` is given; nil for scripts and
    ///   screenshots, which draw the same bytes on any desktop.
    init(options: CommandLineOptions, desktop: DesktopSettings?) {
        followsDesktopScale = desktop != nil && options.scale == nil
        followsDesktopTheme = desktop != nil && !options.themeIsGiven
        desktopTheme = desktop?.theme ?? .light
        scale = options.scale ?? desktop?.scale ?? 1
        let theme = followsDesktopTheme ? CatalogControls.Theme(desktop: desktopTheme) : options.theme
        controls = Self.makeControls(theme: theme, design: options.design, seed: options.seed, scale: scale,
                                     animationSlowdown: options.animationSlowdown)
        selectionDisplay = options.selectionDisplay
        controls.scene.selectionDisplay = selectionDisplay
    }

    private static func makeControls(theme: CatalogControls.Theme, design: MaterialDesign, seed: Color, scale: Double,
                                     animationSlowdown: Double) -> CatalogControls {
        let scene = CatalogScreen.makeScene(scheme: theme.scheme(design: design, seed: seed), metrics: MaterialMetrics(scale: scale),
                                            animationSlowdown: animationSlowdown)
        return CatalogControls(scene: scene, theme: theme, design: design, seed: seed, animationSlowdown: animationSlowdown)
    }

    func restart(scale newScale: Double) {
        scale = newScale
        let hook = controls.onControlStep, appearanceHook = controls.onAppearanceStep
        controls = Self.makeControls(theme: controls.theme, design: controls.design, seed: controls.seed, scale: newScale,
                                     animationSlowdown: controls.animationSlowdown)
        controls.scene.selectionDisplay = selectionDisplay
        controls.onControlStep = hook
        controls.onAppearanceStep = appearanceHook
    }

    /// The live window follows the desktop's scale (arranged again at the new size; the window
    /// keeps its size) and theme, each unless the command line set it.
    func follow(_ desktop: DesktopSettings) {
        if followsDesktopScale {
            let newScale = desktop.scale ?? 1
            if newScale != scale {
                scale = newScale
                scene.metrics = MaterialMetrics(scale: newScale)
            }
        }
        if followsDesktopTheme, desktop.theme != desktopTheme {
            desktopTheme = desktop.theme
            controls.setTheme(CatalogControls.Theme(desktop: desktopTheme))
        }
    }

    func setTheme(_ name: String) {
        if let theme = CatalogControls.Theme(rawValue: name) { controls.setTheme(theme) }
    }

    func setDesign(_ design: MaterialDesign) { controls.setDesign(design) }

    func setSeed(_ seed: Color) { controls.setSeed(seed) }

    func qaState() -> JSONValue? { QAStateWriter.state(of: controls) }

    /// The height of the whole page at `width` pixels (every section, unscrolled), in whole
    /// pixels: the catalog is arranged by drawing it once into a one-pixel-tall pixmap (its
    /// arrangement depends on the width alone).
    func pageHeight(host: WindowHost, width: Double) throws -> Double {
        _ = try host.renderSettled(scene, size: Size(width: width, height: 1))
        return scene.scroll.contentHeight.rounded(.up)
    }
}
