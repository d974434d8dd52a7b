/// One change a tester makes to a field's configuration, from the catalog's controls panel (F9) or
/// a QA script's `set ID PROPERTY VALUE` step: both parse, apply and write it here, so a change
/// made by hand replays as the step it is written as.
public enum FieldControl: Equatable, Sendable {
    case enabled(Bool)
    /// A message puts the field in error (an empty one shows the colours alone); nil clears it.
    case error(String?)
    case label(String)
    case placeholder(String)
    case helper(String)
    /// The character count limit (`maximumLength`, shown by the counter); nil is none.
    case counterLimit(Int?)
    /// `verticalDensity`: 0 (Material's default height) to 1 (dense).
    case density(Double)
    case clearButton(ViewMode)
    case leadingIcon(ViewMode)
    case trailingIcon(ViewMode)
    case direction(WritingDirection)
    case secure(Bool)

    /// The properties by the names a `set` step uses, in the controls panel's order.
    public enum Property: String, CaseIterable, Sendable {
        case enabled, error, label, placeholder, helper
        case counterLimit = "counter-limit"
        case density
        case clearButton = "clear-button"
        case leadingIcon = "leading-icon"
        case trailingIcon = "trailing-icon"
        case direction, secure

        /// The values it takes, as a usage message says them.
        public var valueSyntax: String {
            switch self {
            case .enabled, .secure: return "true or false"
            case .error: return "a quoted message (\"\" shows the error colours alone) or off"
            case .label, .placeholder, .helper: return "a quoted text (\"\" for none)"
            case .counterLimit: return "a whole number from 1 to \(FieldControl.counterLimitRange.upperBound), or none"
            case .density: return "a number from 0 (Material's default) to 1 (dense)"
            case .clearButton, .leadingIcon, .trailingIcon:
                return "one of " + FieldControl.modeNames.dropLast().joined(separator: ", ") + " or " + FieldControl.modeNames.last!
            case .direction: return "ltr or rtl"
            }
        }
    }

    /// The largest counter limit a step takes: far beyond any field, short of a typo's size.
    public static let counterLimitRange = 1...1_000_000
    /// `ViewMode`s as steps write them.
    public static let modeNames = ["never", "while-editing", "unless-editing", "always"]
    static let modes: [ViewMode] = [.never, .whileEditing, .unlessEditing, .always]

    public var property: Property {
        switch self {
        case .enabled: return .enabled
        case .error: return .error
        case .label: return .label
        case .placeholder: return .placeholder
        case .helper: return .helper
        case .counterLimit: return .counterLimit
        case .density: return .density
        case .clearButton: return .clearButton
        case .leadingIcon: return .leadingIcon
        case .trailingIcon: return .trailingIcon
        case .direction: return .direction
        case .secure: return .secure
        }
    }

    /// What `field` has now for `property`.
    public static func current(_ property: Property, of field: TextField) -> FieldControl {
        switch property {
        case .enabled: return .enabled(field.isEnabled)
        case .error: return .error(field.errorMessage)
        case .label: return .label(field.label)
        case .placeholder: return .placeholder(field.placeholder)
        case .helper: return .helper(field.helperText)
        case .counterLimit: return .counterLimit(field.maximumLength)
        case .density: return .density(field.verticalDensity)
        case .clearButton: return .clearButton(field.clearButtonMode)
        case .leadingIcon: return .leadingIcon(field.leadingViewMode)
        case .trailingIcon: return .trailingIcon(field.trailingViewMode)
        case .direction: return .direction(field.layoutDirection)
        case .secure: return .secure(field.isSecureTextEntry)
        }
    }

    /// Every property's current value, in `Property` order (the QA state's `settings`).
    public static func all(of field: TextField) -> [FieldControl] { Property.allCases.map { current($0, of: field) } }

    /// Makes the change; the field animates to it as to any other (the label floats, the error
    /// colours ease in). A disabled field that was focused ends its editing.
    public func apply(to field: TextField) {
        switch self {
        case .enabled(let value): field.isEnabled = value
        case .error(let message): field.errorMessage = message
        case .label(let text): field.label = text
        case .placeholder(let text): field.placeholder = text
        case .helper(let text): field.helperText = text
        case .counterLimit(let limit): field.maximumLength = limit
        case .density(let value): field.verticalDensity = value
        case .clearButton(let mode): field.clearButtonMode = mode
        case .leadingIcon(let mode): field.leadingViewMode = mode
        case .trailingIcon(let mode): field.trailingViewMode = mode
        case .direction(let direction): field.layoutDirection = direction
        case .secure(let value): field.isSecureTextEntry = value
        }
    }

    /// The value as a step writes it: `true`, `"Too short"`, `off`, `none`, `0.5`, `while-editing`, `rtl`.
    public var valueText: String {
        switch self {
        case .enabled(let value), .secure(let value): return value ? "true" : "false"
        case .error(let message): return message.map(Self.quoted) ?? "off"
        case .label(let text), .placeholder(let text), .helper(let text): return Self.quoted(text)
        case .counterLimit(let limit): return limit.map(String.init) ?? "none"
        case .density(let value): return Self.number(value)
        case .clearButton(let mode), .leadingIcon(let mode), .trailingIcon(let mode): return Self.name(of: mode)
        case .direction(let direction): return direction == .rightToLeft ? "rtl" : "ltr"
        }
    }

    /// The QA script step that makes this change to the field `id`: `set name label "Name"`.
    public func stepText(id: String) -> String { "set \(id) \(property.rawValue) \(valueText)" }

    /// A problem with a `set` step's property or value, said in a line.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// Parses a property and its value. `value` is the text with quotes and escapes already read;
    /// `quoted` says it was in quotes (so `"off"` is a message and `off` is not).
    public static func parse(property name: String, value: String, quoted: Bool) throws -> FieldControl {
        guard let property = Property(rawValue: name) else {
            let names = Property.allCases.map(\.rawValue)
            let nearest = names.min { distance($0, name) < distance($1, name) } ?? ""
            let guess = distance(nearest, name) <= max(2, name.count / 3) ? "; did you mean '\(nearest)'?" : ""
            throw ParseError(message: "set: no property '\(name)'\(guess) (properties: \(names.joined(separator: ", ")))")
        }
        func bad() -> ParseError {
            ParseError(message: "set \(name): '\(quoted ? Self.quoted(value) : value)' is not \(property.valueSyntax)")
        }
        func boolean() throws -> Bool {
            guard !quoted else { throw bad() }
            switch value { case "true": return true; case "false": return false; default: throw bad() }
        }
        func mode() throws -> ViewMode {
            guard !quoted, let index = modeNames.firstIndex(of: value) else {
                let nearest = modeNames.min { distance($0, value) < distance($1, value) } ?? ""
                let guess = !quoted && distance(nearest, value) <= max(2, value.count / 3) ? "; did you mean '\(nearest)'?" : ""
                throw ParseError(message: "set \(name): '\(quoted ? Self.quoted(value) : value)' is not \(property.valueSyntax)\(guess)")
            }
            return modes[index]
        }
        func text() throws -> String {
            guard quoted else {
                throw ParseError(message: "set \(name): quote the text (set ID \(name) \"\(value)\"; \"\" for none)")
            }
            return value
        }
        switch property {
        case .enabled: return .enabled(try boolean())
        case .secure: return .secure(try boolean())
        case .error:
            if quoted { return .error(value) }
            guard value == "off" else {
                throw ParseError(message: "set error: '\(value)' is not \(property.valueSyntax); quote a message (set ID error \"\(value)\")")
            }
            return .error(nil)
        case .label: return .label(try text())
        case .placeholder: return .placeholder(try text())
        case .helper: return .helper(try text())
        case .counterLimit:
            guard !quoted else { throw bad() }
            if value == "none" { return .counterLimit(nil) }
            guard value.allSatisfy({ $0.isASCII && $0.isNumber }), let limit = Int(value), counterLimitRange.contains(limit) else { throw bad() }
            return .counterLimit(limit)
        case .density:
            // Decimal only (Double(_:) would also take "0x1p-1", "nan"), an exponent allowed: a
            // density an app set to 1e-07 is written so.
            guard !quoted, value.allSatisfy({ $0.isASCII && ($0.isNumber || ".eE+-".contains($0)) }), let number = Double(value),
                  (0...1).contains(number) else { throw bad() }
            return .density(number)
        case .clearButton: return .clearButton(try mode())
        case .leadingIcon: return .leadingIcon(try mode())
        case .trailingIcon: return .trailingIcon(try mode())
        case .direction:
            guard !quoted else { throw bad() }
            switch value {
            case "ltr": return .direction(.leftToRight)
            case "rtl": return .direction(.rightToLeft)
            default: throw bad()
            }
        }
    }

    /// A step's name for a view mode.
    public static func name(of mode: ViewMode) -> String { modeNames[modes.firstIndex(of: mode) ?? 0] }

    /// `text` in double quotes with the escapes a script reads (`\\`, `\"`, `\n`, `\t`, and
    /// `\u{...}` for other control characters), so the step reads back as the same text.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default:
                if scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}" {
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// A density as a step writes it: `0`, `0.5`, `1` (no trailing zeros).
    static func number(_ value: Double) -> String {
        if value == value.rounded() { return String(Int(value)) }
        var text = String(value)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    /// Levenshtein distance, for "did you mean" (here and in the QA tools' messages).
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
