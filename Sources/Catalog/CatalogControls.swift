import MaterialFields

/// The catalog's own state beside its fields, shared by the live window, scripts and the QA state:
/// the theme (Ctrl+T) and the animation speed (`--slow-animations`).
final class CatalogControls {
    enum Theme: String { case light, dark }

    let scene: FieldScene
    private(set) var theme: Theme
    private(set) var animationSlowdown: Double

    init(scene: FieldScene, theme: Theme, animationSlowdown: Double) {
        self.scene = scene
        self.theme = theme
        self.animationSlowdown = animationSlowdown
        scene.unhandledKeyHandler = { [unowned self] key, modifiers in handleShortcut(key, modifiers: modifiers) }
    }

    func setTheme(_ newTheme: Theme) {
        theme = newTheme
        scene.scheme = newTheme == .dark ? .dark : .light
    }

    func setAnimationSlowdown(_ factor: Double) {
        animationSlowdown = factor
        scene.fields.forEach { $0.animationSlowdown = factor }
    }

    /// Keys no field used: the catalog's shortcuts. True when one was.
    private func handleShortcut(_ key: EditingKey, modifiers: KeyModifiers) -> Bool {
        switch key {
        case .shortcut(let character) where modifiers.contains(.control) && character.lowercased() == "t":
            setTheme(theme == .dark ? .light : .dark)
            return true
        default:
            return false
        }
    }
}
