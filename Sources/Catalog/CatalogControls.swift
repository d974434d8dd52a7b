import MaterialFields

/// The catalog's own state beside its fields, shared by the live window, scripts and the QA state:
/// the theme (Ctrl+T), the animation speed (`--slow-animations`, F11) and the inspector (F12).
final class CatalogControls {
    /// The catalog's themes: Material's light and dark, and their high-contrast pair (GTK's
    /// HighContrast and HighContrastInverse).
    enum Theme: String {
        case light, dark
        case highContrast = "high-contrast"
        case highContrastDark = "high-contrast-dark"

        var scheme: ColorScheme {
            switch self {
            case .light: return .light
            case .dark: return .dark
            case .highContrast: return .highContrastLight
            case .highContrastDark: return .highContrastDark
            }
        }

        /// The other member of its pair (Ctrl+T): light and dark, or high contrast light and dark.
        var counterpart: Theme {
            switch self {
            case .light: return .dark
            case .dark: return .light
            case .highContrast: return .highContrastDark
            case .highContrastDark: return .highContrast
            }
        }

        /// The catalog's theme for the look the desktop asks for.
        init(desktop: DesktopTheme) {
            switch desktop {
            case .light: self = .light
            case .dark: self = .dark
            case .highContrast: self = .highContrast
            case .highContrastInverse: self = .highContrastDark
            }
        }
    }

    let scene: FieldScene
    private(set) var theme: Theme
    private(set) var animationSlowdown: Double
    /// The slowdowns F11 steps through.
    static let animationSlowdownSteps: [Double] = [1, 5, 20]
    private let inspector = FieldInspector()
    var isInspectorShown: Bool { scene.overlay != nil }

    init(scene: FieldScene, theme: Theme, animationSlowdown: Double) {
        self.scene = scene
        self.theme = theme
        self.animationSlowdown = animationSlowdown
        scene.unhandledKeyHandler = { [unowned self] key, modifiers in handleShortcut(key, modifiers: modifiers) }
    }

    func setTheme(_ newTheme: Theme) {
        theme = newTheme
        scene.scheme = newTheme.scheme
    }

    func setAnimationSlowdown(_ factor: Double) {
        animationSlowdown = factor
        scene.fields.forEach { $0.animationSlowdown = factor }
    }

    func setInspectorShown(_ shown: Bool) {
        scene.overlay = shown ? inspector : nil
    }

    /// The next of 1x, 5x and 20x above the current slowdown (from another `--slow-animations`
    /// value too), wrapping to 1x.
    func cycleAnimationSlowdown() {
        setAnimationSlowdown(Self.animationSlowdownSteps.first { $0 > animationSlowdown } ?? Self.animationSlowdownSteps[0])
    }

    /// Keys no field used: the catalog's shortcuts. True when one was.
    private func handleShortcut(_ key: EditingKey, modifiers: KeyModifiers) -> Bool {
        let plain = !modifiers.contains(.control) && !modifiers.contains(.alt)
        switch key {
        case .shortcut(let character) where modifiers.contains(.control) && character.lowercased() == "t":
            setTheme(theme.counterpart)
            return true
        case .function(12) where plain:
            setInspectorShown(!isInspectorShown)
            return true
        case .function(11) where plain:
            cycleAnimationSlowdown()
            return true
        default:
            return false
        }
    }
}
