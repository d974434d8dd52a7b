import MaterialFields

/// The catalog's own state beside its fields, shared by the live window, scripts and the QA state:
/// the theme (Ctrl+T), the animation speed (`--slow-animations`, F11), the inspector (F12), the
/// controls panel (F9), and in the live window Ctrl+Q, which closes it.
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
    /// The field focused last, for the controls panel opened while none is.
    private weak var lastFocusedField: TextField?
    /// Each change the controls panel made, as the QA script step that replays it, oldest first
    /// (the QA state's `controls.steps`; the newest `maximumControlSteps`).
    private(set) var controlSteps: [String] = []
    static let maximumControlSteps = 1000
    /// Hears each change the controls panel makes as its step (`set name label "Name"`): a
    /// session recorder appends it.
    var onControlStep: ((String) -> Void)?
    /// Ctrl+Q: the live window closes (nil in scripts, where the key does nothing).
    var onQuit: (() -> Void)?
    /// The key that opens and closes the controls panel.
    static let controlsPanelKey = (EditingKey.function(9), KeyModifiers())

    init(scene: FieldScene, theme: Theme, animationSlowdown: Double) {
        self.scene = scene
        self.theme = theme
        self.animationSlowdown = animationSlowdown
        scene.unhandledKeyHandler = { [unowned self] key, modifiers in handleShortcut(key, modifiers: modifiers) }
        for field in scene.fields {
            field.observe { [weak self] field, event in
                if event == .didBeginEditing { self?.lastFocusedField = field }
            }
        }
    }

    /// Whether the controls panel is open: its keys and clicks are the panel's, not the fields'
    /// (a session recorder records its changes through `onControlStep` instead).
    var isControlsPanelShown: Bool { scene.shownControlsPanel != nil }

    /// The controls panel's field: the focused one, else the one focused last.
    var controlsTarget: TextField? { scene.focusedField ?? lastFocusedField }

    /// Opens the controls panel for `controlsTarget` (F9), or closes it.
    func setControlsPanelShown(_ shown: Bool) {
        if !shown {
            if isControlsPanelShown { scene.closePopup(reason: .dismissed) }
            return
        }
        guard !isControlsPanelShown else { return }
        scene.openControlsPanel(for: controlsTarget, closeKey: Self.controlsPanelKey) { [weak self] step in
            self?.recordControlStep(step)
        }
    }

    private func recordControlStep(_ step: String) {
        controlSteps.append(step)
        if controlSteps.count > Self.maximumControlSteps { controlSteps.removeFirst(controlSteps.count - Self.maximumControlSteps) }
        onControlStep?(step)
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
        case .shortcut(let character) where modifiers == .control && character.lowercased() == "q" && onQuit != nil:
            onQuit?()
            return true
        case .function(12) where plain:
            setInspectorShown(!isInspectorShown)
            return true
        case .function(9) where modifiers.isEmpty:
            setControlsPanelShown(true)
            return true
        case .function(11) where plain:
            cycleAnimationSlowdown()
            return true
        default:
            return false
        }
    }
}
