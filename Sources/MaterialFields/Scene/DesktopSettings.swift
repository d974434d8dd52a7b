/// What the desktop says about how fields should behave: the settings GTK 3 follows through
/// XSETTINGS (the X host reads them from the `_XSETTINGS_S0` manager and follows their changes),
/// each nil while the desktop says nothing about it, which means the toolkit's default. A value:
/// the host hands a `Scene` a new one whenever they change (`Scene.desktopSettings`).
public struct DesktopSettings: Equatable, Sendable, Codable {
    /// `Net/CursorBlink`: false keeps the caret solid (no blink wake-ups at all).
    public var cursorBlink: Bool?
    /// `Net/CursorBlinkTime`: one whole blink cycle, in seconds (GTK's default 1.2 s: shown for
    /// two thirds of it, hidden for one third, as GTK draws it).
    public var cursorBlinkTime: Double?
    /// `Gtk/CursorBlinkTimeout`: the caret stops blinking (solid) this many seconds after the
    /// last input (GTK's default 10); 0 is no blinking at all, as GTK documents it.
    public var cursorBlinkTimeout: Double?
    /// `Net/DoubleClickTime`: the longest gap between the presses of a double or triple click,
    /// in seconds (GTK's default 0.4).
    public var doubleClickTime: Double?
    /// `Net/DndDragThreshold`: pixels the pointer must move with the button held before a press
    /// becomes a drag (GTK's default 8, times the scene's scale): a press on selected text
    /// starts dragging it once the pointer is this far from the press (`FieldScene`).
    public var dragThreshold: Double?
    /// `Gtk/EnablePrimaryPaste`: false stops the middle button pasting PRIMARY (selecting still
    /// offers it to other programs, as in GTK).
    public var primaryPasteEnabled: Bool?
    /// `Gtk/EnableAnimations`: false ends every transition at once (the label floats, the
    /// indicator grows, colours change and texts fade in a single frame).
    public var animationsEnabled: Bool?
    /// `Xft/DPI` (the host also reads the `Xft.dpi` resource when the manager has none): dots
    /// per inch, 96 being scale 1.
    public var dpi: Double?
    /// `Net/ThemeName` (GTK's `gtk-theme-name`), as "Adwaita", "Adwaita-dark", "HighContrast".
    public var themeName: String?
    /// `Gtk/ApplicationPreferDarkTheme`: the dark variant of the theme.
    public var prefersDarkTheme: Bool?

    public init(cursorBlink: Bool? = nil, cursorBlinkTime: Double? = nil, cursorBlinkTimeout: Double? = nil,
                doubleClickTime: Double? = nil, dragThreshold: Double? = nil, primaryPasteEnabled: Bool? = nil,
                animationsEnabled: Bool? = nil, dpi: Double? = nil, themeName: String? = nil, prefersDarkTheme: Bool? = nil) {
        self.cursorBlink = cursorBlink
        self.cursorBlinkTime = cursorBlinkTime
        self.cursorBlinkTimeout = cursorBlinkTimeout
        self.doubleClickTime = doubleClickTime
        self.dragThreshold = dragThreshold
        self.primaryPasteEnabled = primaryPasteEnabled
        self.animationsEnabled = animationsEnabled
        self.dpi = dpi
        self.themeName = themeName
        self.prefersDarkTheme = prefersDarkTheme
    }

    /// GTK's defaults for what the desktop leaves unsaid.
    public static let defaultDoubleClickTime = 0.4
    public static let defaultDragThreshold = 8.0

    /// The desktop's scale for Material dimensions: `dpi` / 96 within 0.5 to 4, or nil without
    /// a usable dpi.
    public var scale: Double? {
        guard let dpi, dpi.isFinite, dpi > 0 else { return nil }
        return min(max(dpi / 96, 0.5), 4)
    }

    /// The light, dark or high-contrast look the theme asks for (light when nothing says).
    public var theme: DesktopTheme { DesktopTheme(themeName: themeName, prefersDark: prefersDarkTheme ?? false) }

    /// Whether transitions animate (anything but an explicit no does).
    public var animates: Bool { animationsEnabled ?? true }

    /// Whether the middle button pastes PRIMARY (anything but an explicit no does).
    public var pastesPrimary: Bool { primaryPasteEnabled ?? true }
}

/// The look the desktop's theme asks for, read from GTK's theme names: a name ending in "-dark"
/// (any case: "Adwaita-dark", a theme of its own on most desktops) or GTK's preference for dark
/// variants is dark; "HighContrast" (GTK 3's own) is high contrast on light, and
/// "HighContrastInverse" or HighContrast's dark variant high contrast on dark. Names compare
/// without regard to case; any other name is light.
public enum DesktopTheme: String, Equatable, Sendable, Codable, CaseIterable {
    case light, dark, highContrast, highContrastInverse

    public init(themeName: String?, prefersDark: Bool) {
        var base = themeName ?? ""
        var dark = prefersDark
        if base.lowercased().hasSuffix("-dark") {
            base = String(base.dropLast(5))
            dark = true
        }
        switch base.lowercased() {
        case "highcontrastinverse": self = .highContrastInverse
        case "highcontrast": self = dark ? .highContrastInverse : .highContrast
        default: self = dark ? .dark : .light
        }
    }

    /// Light text on a dark background.
    public var isDark: Bool { self == .dark || self == .highContrastInverse }
}
