import MaterialFields
import QATools

/// The catalog's own state beside its fields, shared by the live window, scripts and the QA state:
/// the theme (Ctrl+T), the design (Ctrl+M) and Material 3's seed (Ctrl+Shift+M), the animation
/// speed (`--slow-animations`, F11), the inspector (F12), the controls panel (F9), and in the live
/// window Ctrl+Q, which closes it.
final class CatalogControls {
    /// The catalog's themes: Material's light and dark, and their high-contrast pair (GTK's
    /// HighContrast and HighContrastInverse).
    enum Theme: String {
        case light, dark
        case highContrast = "high-contrast"
        case highContrastDark = "high-contrast-dark"

        /// The theme's scheme in `design`: Material 3's from `seed` in light and dark; the
        /// high-contrast themes are Material 2's forced colours in either design (Material 3's
        /// schemes of higher contrast are not generated here, and forced colours keep their
        /// promises of 7:1 text and 3:1 boundaries whatever the seed).
        func scheme(design: MaterialDesign, seed: Color) -> ColorScheme {
            switch (self, design) {
            case (.light, .m3): return .material3(seed: seed, isDark: false)
            case (.dark, .m3): return .material3(seed: seed, isDark: true)
            default: return scheme
            }
        }

        /// The name the matrix and the audit give the theme in `design`: `light`, `m3-light`
        /// (the high-contrast themes keep theirs: they draw Material 2 in either design).
        func name(design: MaterialDesign) -> String {
            design == .m3 && (self == .light || self == .dark) ? "\(design.rawValue)-\(rawValue)" : rawValue
        }

        /// Material 2's scheme of the theme.
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
    /// Material 2 or 3 (Ctrl+M, `--design`, a script's `design`): the light and dark themes'.
    private(set) var design: MaterialDesign
    /// Material 3's seed colour (Ctrl+Shift+M, `--seed-color`, a script's `seed`); kept under
    /// Material 2 for the switch back.
    private(set) var seed: Color
    /// The seeds Ctrl+Shift+M steps through: Material's own violet, then a blue, a green, an amber
    /// and a rose, hues far enough apart that each scheme looks its own.
    static let seeds: [Color] = [ColorScheme.material3Seed, Color(hex: 0x0061A4), Color(hex: 0x006E1C), Color(hex: 0x8B5000),
                                 Color(hex: 0x984061)]
    /// The key that switches the design, and the one that steps the seed.
    static let designKey = (EditingKey.shortcut("m"), KeyModifiers.control)
    static let seedKey = (EditingKey.shortcut("m"), KeyModifiers([.control, .shift]))
    /// Hears each design or seed change a key made, as the script step that replays it
    /// (`design m3`, `seed #0061A4`): a session recorder appends it.
    var onAppearanceStep: ((String) -> Void)?
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

    init(scene: FieldScene, theme: Theme, design: MaterialDesign = .m2, seed: Color = ColorScheme.material3Seed,
         animationSlowdown: Double) {
        self.scene = scene
        self.theme = theme
        self.design = design
        self.seed = seed
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
        scene.scheme = newTheme.scheme(design: design, seed: seed)
    }

    func setDesign(_ newDesign: MaterialDesign) {
        design = newDesign
        setTheme(theme)
    }

    func setSeed(_ newSeed: Color) {
        seed = newSeed
        setTheme(theme)
    }

    /// The seed after the current one in `seeds` (the first after a seed not among them).
    func cycleSeed() {
        let index = Self.seeds.firstIndex(of: seed).map { ($0 + 1) % Self.seeds.count } ?? 0
        setSeed(Self.seeds[index])
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
        case .shortcut(let character) where character.lowercased() == "m" && modifiers == Self.designKey.1:
            setDesign(design == .m2 ? .m3 : .m2)
            onAppearanceStep?("design \(design.rawValue)")
            return true
        case .shortcut(let character) where character.lowercased() == "m" && modifiers == Self.seedKey.1:
            cycleSeed()
            onAppearanceStep?("seed \(QAScript.hex(seed))")
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
