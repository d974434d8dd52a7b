/// Material 3's dynamic colour: the roles of a scheme generated from one seed colour.
///
/// PLACEHOLDER until the HCT implementation lands: every seed gives Material's baseline roles.
public enum DynamicScheme {
    /// The tonal-spot scheme of `seed` (Material's default), standard contrast.
    public static func tonalSpot(seed: Color, isDark: Bool) -> ColorRoles {
        var roles = ColorRoles(fill: isDark ? Color(hex: 0x141218) : Color(hex: 0xFEF7FF))
        let pairs: [(ColorRole, UInt32, UInt32)] = [
            (.primary, 0x6750A4, 0xD0BCFF), (.onPrimary, 0xFFFFFF, 0x381E72), (.surface, 0xFEF7FF, 0x141218),
            (.onSurface, 0x1D1B20, 0xE6E0E9), (.onSurfaceVariant, 0x49454F, 0xCAC4D0), (.outline, 0x79747E, 0x938F99),
            (.outlineVariant, 0xCAC4D0, 0x49454F), (.surfaceContainerHighest, 0xE6E0E9, 0x36343B),
            (.error, 0xB3261E, 0xF2B8B5), (.onErrorContainer, 0x410E0B, 0xF9DEDC), (.errorContainer, 0xF9DEDC, 0x8C1D18),
        ]
        for (role, light, dark) in pairs { roles[role] = Color(hex: isDark ? dark : light) }
        return roles
    }
}
