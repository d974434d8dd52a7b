// Styled text as AT-SPI reads it: ATK's text attributes of a run and the field's defaults,
// named and valued as ATK documents them (`atk_text_attribute_get_name`) and GTK answers.

/// One ATK text attribute: a name such as `weight` and its value as text (`700`).
public struct AccessibleTextAttribute: Equatable, Sendable {
    public var name: String
    public var value: String
    public init(_ name: String, _ value: String) { self.name = name; self.value = value }
}

extension FieldAccessibility {
    /// The run of styles holding the character at `offset` (code points, clamped), as ATK's
    /// `get_run_attributes` answers: its start and end in code points and the attributes the
    /// run sets beyond the defaults (none for plain text, or a secure field's).
    public func attributeRun(at offset: Int) -> (start: Int, end: Int, attributes: [AccessibleTextAttribute]) {
        guard let field else { return (0, 0, []) }
        let runs = field.isSecureTextEntry ? AttributeRuns(count: field.count) : field.editingValue.storage.attributeRuns
        return reading { characters, index in
            guard !runs.isEmpty else { return (0, 0, []) }
            let cluster = min(index.cluster(atOffset: offset, in: characters), max(characters.count - 1, 0))
            let run = runs.runs.first { $0.range.contains(cluster) } ?? runs.runs[runs.runs.count - 1]
            return (index.offset(ofCluster: run.range.lowerBound, in: characters),
                    index.offset(ofCluster: run.range.upperBound, in: characters),
                    Self.atkAttributes(run.attributes))
        } ?? (0, 0, [])
    }

    /// The attributes every run starts from (ATK's `get_default_attributes`): the field's font
    /// (its family, size in points at 96 dpi, weight, upright), no underline or strikethrough,
    /// and its text colour when the app set one, with any other default the app set.
    public var defaultAttributes: [AccessibleTextAttribute] {
        guard let field else { return [] }
        let defaults = field.defaultTextAttributes
        let resolved = TextAttributes(fontFamily: "Roboto", fontSize: TextField.materialTextPixelSize, fontWeight: .regular, isItalic: false)
            .merging(defaults)
        var attributes = Self.atkAttributes(resolved)
        if defaults.underlineStyle == nil { attributes.append(AccessibleTextAttribute("underline", "none")) }
        if defaults.strikethroughStyle == nil { attributes.append(AccessibleTextAttribute("strikethrough", "false")) }
        return attributes
    }

    /// ATK's names and values for the keys `attributes` set: `family-name`, `size` (points),
    /// `weight` (100 to 900), `style` (`italic`, `normal`), `underline` (`single`, `double`; a
    /// thick line reads as single), `strikethrough` (`true`), `fg-color` and `bg-color`
    /// ("r,g,b", 0 to 65535 each). ATK has no name for kerning, so it is not said.
    static func atkAttributes(_ attributes: TextAttributes) -> [AccessibleTextAttribute] {
        var result: [AccessibleTextAttribute] = []
        func color(_ color: Color) -> String {
            [color.red, color.green, color.blue].map { String(Int((min(max($0.isNaN ? 0 : $0, 0), 1) * 65535).rounded())) }
                .joined(separator: ",")
        }
        if let family = attributes.fontFamily { result.append(.init("family-name", family)) }
        if let size = attributes.fontSize, size.isFinite {
            let points = (size * 0.75 * 10).rounded() / 10
            result.append(.init("size", points == points.rounded() ? String(Int(points)) : String(points)))
        }
        if let weight = attributes.fontWeight { result.append(.init("weight", String(weight.rawValue))) }
        if let italic = attributes.isItalic { result.append(.init("style", italic ? "italic" : "normal")) }
        if let underline = attributes.underlineStyle { result.append(.init("underline", underline == .double ? "double" : "single")) }
        if attributes.strikethroughStyle != nil { result.append(.init("strikethrough", "true")) }
        if let foreground = attributes.foregroundColor { result.append(.init("fg-color", color(foreground))) }
        if let background = attributes.backgroundColor { result.append(.init("bg-color", color(background))) }
        return result
    }
}
