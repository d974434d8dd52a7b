// Styled text as the QA state lists it: a field's `runs` and `typingAttributes`.
import MaterialFields

/// The keys a run (or the typing attributes) sets, and only those: colours as `#RRGGBBAA`, the
/// weight as its number (400 regular, 500 medium, 700 bold), lines as `single`, `thick` or `double`.
public struct AttributesSnapshot: Codable, Equatable {
    public var attributes: TextAttributes

    public init(_ attributes: TextAttributes) { self.attributes = attributes }

    private enum CodingKeys: String, CodingKey {
        case fontFamily, fontSize, fontWeight, italic, foregroundColor, backgroundColor
        case underlineStyle, underlineColor, strikethroughStyle, strikethroughColor, kern
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(attributes.fontFamily, forKey: .fontFamily)
        try container.encodeIfPresent(attributes.fontSize, forKey: .fontSize)
        try container.encodeIfPresent(attributes.fontWeight?.rawValue, forKey: .fontWeight)
        try container.encodeIfPresent(attributes.isItalic, forKey: .italic)
        try container.encodeIfPresent(attributes.foregroundColor.map(Self.hex), forKey: .foregroundColor)
        try container.encodeIfPresent(attributes.backgroundColor.map(Self.hex), forKey: .backgroundColor)
        try container.encodeIfPresent(attributes.underlineStyle?.rawValue, forKey: .underlineStyle)
        try container.encodeIfPresent(attributes.underlineColor.map(Self.hex), forKey: .underlineColor)
        try container.encodeIfPresent(attributes.strikethroughStyle?.rawValue, forKey: .strikethroughStyle)
        try container.encodeIfPresent(attributes.strikethroughColor.map(Self.hex), forKey: .strikethroughColor)
        try container.encodeIfPresent(attributes.kern, forKey: .kern)
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func color(_ key: CodingKeys) throws -> Color? {
            guard let text = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
            guard let color = Self.color(hex: text) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "'\(text)' is not #RRGGBBAA")
            }
            return color
        }
        func line(_ key: CodingKeys) throws -> LineStyle? {
            guard let text = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
            guard let style = LineStyle(rawValue: text) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "'\(text)' is not single, thick or double")
            }
            return style
        }
        var weight: FontWeight?
        if let value = try container.decodeIfPresent(Int.self, forKey: .fontWeight) {
            guard let known = FontWeight(rawValue: value) else {
                throw DecodingError.dataCorruptedError(forKey: .fontWeight, in: container, debugDescription: "\(value) is not 400, 500 or 700")
            }
            weight = known
        }
        attributes = TextAttributes(
            fontFamily: try container.decodeIfPresent(String.self, forKey: .fontFamily),
            fontSize: try container.decodeIfPresent(Double.self, forKey: .fontSize), fontWeight: weight,
            isItalic: try container.decodeIfPresent(Bool.self, forKey: .italic),
            foregroundColor: try color(.foregroundColor), backgroundColor: try color(.backgroundColor),
            underlineStyle: try line(.underlineStyle), underlineColor: try color(.underlineColor),
            strikethroughStyle: try line(.strikethroughStyle), strikethroughColor: try color(.strikethroughColor),
            kern: try container.decodeIfPresent(Double.self, forKey: .kern))
    }

    /// `#RRGGBBAA`, each component rounded to a byte.
    public static func hex(_ color: Color) -> String {
        let digits = Array("0123456789ABCDEF")
        var text = "#"
        for component in [color.red, color.green, color.blue, color.alpha] {
            let byte = component.isNaN ? 0 : Int((min(max(component, 0), 1) * 255).rounded())
            text.append(digits[byte / 16])
            text.append(digits[byte % 16])
        }
        return text
    }

    /// A colour from `#RRGGBBAA` or `#RRGGBB` (opaque); nil for anything else.
    public static func color(hex text: String) -> Color? {
        guard text.first == "#", text.count == 7 || text.count == 9,
              let value = UInt64(text.dropFirst(), radix: 16) else { return nil }
        let bytes = text.count == 9 ? value : value << 8 | 0xFF
        func component(_ shift: UInt64) -> Double { Double((bytes >> shift) & 0xFF) / 255 }
        return Color(red: component(24), green: component(16), blue: component(8), alpha: component(0))
    }
}

/// One run of a field's text: clusters `start..<end` and the keys they set.
public struct RunSnapshot: Codable, Equatable {
    public var start: Int
    public var end: Int
    public var attributes: AttributesSnapshot

    public init(start: Int, end: Int, attributes: AttributesSnapshot) {
        self.start = start
        self.end = end
        self.attributes = attributes
    }

    /// A field's runs as the QA state lists them (a secure field's are plain: one run of no keys).
    public static func runs(of field: TextField) -> [RunSnapshot] {
        field.editingValue.storage.attributeRuns.runs.map {
            RunSnapshot(start: $0.range.lowerBound, end: $0.range.upperBound, attributes: AttributesSnapshot($0.attributes))
        }
    }
}
