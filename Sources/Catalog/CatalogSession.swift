import MaterialFields
import QATools

/// One catalog: its scene and controls, built from the command line's starting state. A script's
/// `scale` step builds it afresh at another scale.
final class CatalogSession: ScriptableApp {
    private(set) var scale: Double
    private(set) var controls: CatalogControls

    var scene: FieldScene { controls.scene }

    /// - Parameter desktopScale: the display's own scale (`Xft.dpi`), used unless `--scale` is
    ///   given; nil for scripts and screenshots, which draw the same bytes on any desktop.
    init(options: CommandLineOptions, desktopScale: Double?) {
        scale = options.scale ?? desktopScale ?? 1
        controls = Self.makeControls(theme: options.theme, scale: scale, animationSlowdown: options.animationSlowdown)
    }

    private static func makeControls(theme: CatalogControls.Theme, scale: Double, animationSlowdown: Double) -> CatalogControls {
        let scene = CatalogScreen.makeScene(scheme: theme.scheme, metrics: MaterialMetrics(scale: scale),
                                            animationSlowdown: animationSlowdown)
        return CatalogControls(scene: scene, theme: theme, animationSlowdown: animationSlowdown)
    }

    func restart(scale newScale: Double) {
        scale = newScale
        controls = Self.makeControls(theme: controls.theme, scale: newScale, animationSlowdown: controls.animationSlowdown)
    }

    func setTheme(_ name: String) {
        if let theme = CatalogControls.Theme(rawValue: name) { controls.setTheme(theme) }
    }

    func qaState() -> JSONValue? { QAStateWriter.state(of: controls) }
}
