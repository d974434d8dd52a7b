import MaterialFields

/// A field's settable properties in the QA state (`settings`), one key per `FieldControl.Property`
/// named as a `set` step names it: booleans as JSON booleans, texts as strings, the counter limit
/// a number or null, density a number, modes and direction as the step's words, `error` the
/// message or null when the field is not in error.
public struct FieldSettings: Codable, Equatable {
    public var controls: [FieldControl]

    public init(_ controls: [FieldControl]) { self.controls = controls }

    typealias Key = NamedCodingKey

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for control in controls {
            let key = Key(stringValue: control.property.rawValue)
            switch control {
            case .enabled(let value), .secure(let value): try container.encode(value, forKey: key)
            case .error(let message): try container.encode(message, forKey: key)
            case .label(let text), .placeholder(let text), .helper(let text): try container.encode(text, forKey: key)
            case .counterLimit(let limit): try container.encode(limit, forKey: key)
            case .density(let value): try container.encode(value, forKey: key)
            case .clearButton, .leadingIcon, .trailingIcon, .direction: try container.encode(control.valueText, forKey: key)
            }
        }
    }

    /// Reads the keys back through `FieldControl.parse`; unknown keys are skipped.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        var controls: [FieldControl] = []
        for property in FieldControl.Property.allCases {
            let key = Key(stringValue: property.rawValue)
            guard container.contains(key) else { continue }
            let value: String, quoted: Bool
            switch property {
            case .enabled, .secure:
                value = String(try container.decode(Bool.self, forKey: key)); quoted = false
            case .error:
                if let message = try container.decodeIfPresent(String.self, forKey: key) { value = message; quoted = true } else { value = "off"; quoted = false }
            case .label, .placeholder, .helper:
                value = try container.decode(String.self, forKey: key); quoted = true
            case .counterLimit:
                value = try container.decodeIfPresent(Int.self, forKey: key).map(String.init) ?? "none"; quoted = false
            case .density:
                controls.append(.density(try container.decode(Double.self, forKey: key)))
                continue
            case .clearButton, .leadingIcon, .trailingIcon, .direction:
                value = try container.decode(String.self, forKey: key); quoted = false
            }
            do {
                controls.append(try FieldControl.parse(property: property.rawValue, value: value, quoted: quoted))
            } catch {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "\(error)")
            }
        }
        self.controls = controls
    }
}

/// A JSON object's key by name, for the QA state's objects whose keys are a list's names (a
/// field's settings, its colours) rather than a type's stored properties.
struct NamedCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
