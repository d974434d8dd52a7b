/// A JSON value, for reading a QA state and comparing it with what a script expects. Numbers
/// compare by value (3 equals 3.0), so an expectation need not match the writer's formatting.
public indirect enum JSONValue: Equatable, Decodable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// The value at a dotted path (`assistive.trailing`, `frame.2`), or nil.
    public func value(at path: String) -> JSONValue? {
        var current = self
        for component in path.split(separator: ".", omittingEmptySubsequences: false) {
            switch current {
            case .object(let members):
                guard let next = members[String(component)] else { return nil }
                current = next
            case .array(let elements):
                guard let index = Int(component), String(index) == component, elements.indices.contains(index) else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }

    /// The keys an object has, for a message naming what a path could have been.
    public var keys: [String] {
        if case .object(let members) = self { return members.keys.sorted() }
        return []
    }

    public var description: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return String(value)
        case .number(let value):
            return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case .string(let value):
            var quoted = ""
            Self.writeQuoted(value, to: &quoted)
            return quoted
        case .array(let elements): return "[" + elements.map(\.description).joined(separator: ", ") + "]"
        case .object(let members):
            return "{" + members.keys.sorted().map { "\"\($0)\": \(members[$0]!.description)" }.joined(separator: ", ") + "}"
        }
    }
}
