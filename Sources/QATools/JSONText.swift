/// JSON text for `JSONValue` without Foundation: a parser, a writer laid out as
/// `JSONEncoder`'s `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` (two-space indents,
/// `"key" : value`), and an `Encoder` that turns any `Encodable` into a `JSONValue`.
extension JSONValue {
    /// Parses `text` as JSON, or nil when it is not.
    public init?(parsing text: String) {
        self.init(bytes: Array(text.utf8))
    }

    /// Parses UTF-8 JSON, or nil when it is not (a nesting deeper than 512 is refused).
    public init?(bytes: [UInt8]) {
        var parser = JSONParser(bytes: bytes)
        guard let value = parser.parseDocument() else { return nil }
        self = value
    }

    /// Parses UTF-8 JSON, or says where it stopped being JSON (`JSONSyntaxError`).
    public static func parse(bytes: [UInt8]) -> Result<JSONValue, JSONSyntaxError> {
        var parser = JSONParser(bytes: bytes)
        if let value = parser.parseDocument() { return .success(value) }
        let stop = min(parser.position, bytes.count)
        let line = 1 + bytes[..<stop].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        return .failure(JSONSyntaxError(line: line, endedEarly: parser.position >= bytes.count))
    }

    /// Any `Encodable` as a JSON value (nil optionals are left out, as `JSONEncoder` does).
    public init(encoding value: some Encodable) throws {
        let encoder = ValueEncoder(codingPath: [])
        try value.encode(to: encoder)
        self = encoder.storage.value
    }

    /// The value as indented text with sorted keys, ending without a newline.
    public var prettyPrinted: String { prettyPrinted(depth: 0) }

    /// The value as `prettyPrinted` writes it `depth` levels deep in a document: its first line
    /// unindented (it follows a key or an array's indent), every later line two spaces per level
    /// further in. `prettyPrintedArray` and `prettyPrintedObject` put such texts together, so a
    /// writer can keep the text of members that did not change.
    public func prettyPrinted(depth: Int) -> String {
        var output = ""
        write(to: &output, depth: depth)
        return output
    }

    /// An array of elements already printed at `depth + 1`, as `prettyPrinted(depth:)` writes it.
    public static func prettyPrintedArray(_ elements: [String], depth: Int) -> String {
        var output = ""
        writeArray(elements.count, to: &output, depth: depth) { index, output in output += elements[index] }
        return output
    }

    /// An object of member values already printed at `depth + 1`, keys sorted, as
    /// `prettyPrinted(depth:)` writes it.
    public static func prettyPrintedObject(_ members: [String: String], depth: Int) -> String {
        var output = ""
        writeObject(members.keys.sorted(), to: &output, depth: depth) { key, output in output += members[key]! }
        return output
    }

    /// An object as `prettyPrintedObject` writes it, with the member `arrayKey` an array of
    /// elements already printed at `depth + 2` (`prettyPrintedArray`'s at `depth + 1`): one text
    /// built once, however long the array's elements are.
    public static func prettyPrintedObject(_ members: [String: String], arrayKey: String, elements: [String],
                                           depth: Int) -> String {
        var output = ""
        output.reserveCapacity(members.values.reduce(0) { $0 + $1.utf8.count } + elements.reduce(0) { $0 + $1.utf8.count + 2 * depth + 8 }
                               + 64 * (members.count + 1))
        var keys = Array(members.keys)
        if members[arrayKey] == nil { keys.append(arrayKey) }
        writeObject(keys.sorted(), to: &output, depth: depth) { key, output in
            if key == arrayKey {
                writeArray(elements.count, to: &output, depth: depth + 1) { index, output in output += elements[index] }
            } else {
                output += members[key]!
            }
        }
        return output
    }

    private func write(to output: inout String, depth: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let value): output += Self.numberText(value)
        case .string(let value): Self.writeQuoted(value, to: &output)
        case .array(let elements):
            Self.writeArray(elements.count, to: &output, depth: depth) { index, output in
                elements[index].write(to: &output, depth: depth + 1)
            }
        case .object(let members):
            Self.writeObject(members.keys.sorted(), to: &output, depth: depth) { key, output in
                members[key]!.write(to: &output, depth: depth + 1)
            }
        }
    }

    private static func writeArray(_ count: Int, to output: inout String, depth: Int,
                                   element: (Int, inout String) -> Void) {
        let indent = String(repeating: " ", count: 2 * depth)
        guard count > 0 else { output += "[\n\n" + indent + "]"; return }
        output += "[\n"
        for index in 0..<count {
            output += indent + "  "
            element(index, &output)
            output += index + 1 < count ? ",\n" : "\n"
        }
        output += indent + "]"
    }

    private static func writeObject(_ sortedKeys: [String], to output: inout String, depth: Int,
                                    value: (String, inout String) -> Void) {
        let indent = String(repeating: " ", count: 2 * depth)
        guard !sortedKeys.isEmpty else { output += "{\n\n" + indent + "}"; return }
        output += "{\n"
        for (index, key) in sortedKeys.enumerated() {
            output += indent + "  "
            writeQuoted(key, to: &output)
            output += " : "
            value(key, &output)
            output += index + 1 < sortedKeys.count ? ",\n" : "\n"
        }
        output += indent + "}"
    }

    /// Whole numbers without a fraction ("12", not "12.0"); JSON has no NaN or infinity.
    static func numberText(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// Works on the UTF-8 bytes and copies runs without anything to escape whole: a QA state can
    /// hold megabytes of text. (A quote followed by a combining mark is one `Character`, so the
    /// string itself cannot be cut at the bytes escaped.)
    static func writeQuoted(_ string: String, to output: inout String) {
        func escape(_ buffer: UnsafeBufferPointer<UInt8>) -> [UInt8] {
            var escaped: [UInt8] = []
            escaped.reserveCapacity(buffer.count + 2)
            escaped.append(UInt8(ascii: "\""))
            var runStart = 0
            for index in 0..<buffer.count {
                let byte = buffer[index]
                guard byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 else { continue }
                escaped.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[runStart..<index]))
                runStart = index + 1
                switch byte {
                case UInt8(ascii: "\""): escaped += Array("\\\"".utf8)
                case UInt8(ascii: "\\"): escaped += Array("\\\\".utf8)
                case UInt8(ascii: "\n"): escaped += Array("\\n".utf8)
                case UInt8(ascii: "\r"): escaped += Array("\\r".utf8)
                case UInt8(ascii: "\t"): escaped += Array("\\t".utf8)
                case 0x08: escaped += Array("\\b".utf8)
                case 0x0C: escaped += Array("\\f".utf8)
                default:
                    let hex = String(byte, radix: 16)
                    escaped += Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
                }
            }
            escaped.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[runStart...]))
            escaped.append(UInt8(ascii: "\""))
            return escaped
        }
        let escaped = string.utf8.withContiguousStorageIfAvailable(escape)
            ?? Array(string.utf8).withUnsafeBufferPointer(escape)
        output += String(decoding: escaped, as: UTF8.self)
    }
}

/// Where a text stopped being JSON: its line (from 1), and whether the text ended before the JSON
/// did (a truncated file) rather than holding something else there.
public struct JSONSyntaxError: Error, Equatable, Sendable {
    public let line: Int
    public let endedEarly: Bool
}

private struct JSONParser {
    let bytes: [UInt8]
    var position = 0
    var depth = 0

    init(bytes: [UInt8]) {
        // A byte-order mark is not JSON, but editors write one.
        position = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        self.bytes = bytes
    }

    mutating func parseDocument() -> JSONValue? {
        guard let value = parseValue() else { return nil }
        skipWhitespace()
        return position == bytes.count ? value : nil
    }

    private mutating func skipWhitespace() {
        while position < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[position]) { position += 1 }
    }

    private mutating func take(_ literal: String) -> Bool {
        let expected = Array(literal.utf8)
        guard bytes.count - position >= expected.count, bytes[position..<position + expected.count].elementsEqual(expected) else {
            return false
        }
        position += expected.count
        return true
    }

    private mutating func parseValue() -> JSONValue? {
        skipWhitespace()
        guard position < bytes.count else { return nil }
        switch bytes[position] {
        case UInt8(ascii: "n"): return take("null") ? .null : nil
        case UInt8(ascii: "t"): return take("true") ? .bool(true) : nil
        case UInt8(ascii: "f"): return take("false") ? .bool(false) : nil
        case UInt8(ascii: "\""): return parseString().map(JSONValue.string)
        case UInt8(ascii: "["): return nested { $0.parseArray() }
        case UInt8(ascii: "{"): return nested { $0.parseObject() }
        default: return parseNumber()
        }
    }

    private mutating func nested(_ parse: (inout JSONParser) -> JSONValue?) -> JSONValue? {
        guard depth < 512 else { return nil }
        depth += 1
        defer { depth -= 1 }
        return parse(&self)
    }

    private mutating func parseArray() -> JSONValue? {
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") { position += 1; return .array(elements) }
        while true {
            guard let element = parseValue() else { return nil }
            elements.append(element)
            skipWhitespace()
            guard position < bytes.count else { return nil }
            position += 1
            switch bytes[position - 1] {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "]"): return .array(elements)
            default: return nil
            }
        }
    }

    private mutating func parseObject() -> JSONValue? {
        position += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") { position += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\""), let key = parseString() else { return nil }
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { return nil }
            position += 1
            guard let value = parseValue() else { return nil }
            members[key] = value
            skipWhitespace()
            guard position < bytes.count else { return nil }
            position += 1
            switch bytes[position - 1] {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "}"): return .object(members)
            default: return nil
            }
        }
    }

    private mutating func parseNumber() -> JSONValue? {
        let start = position
        while position < bytes.count, "+-0123456789.eE".utf8.contains(bytes[position]) { position += 1 }
        guard position > start, let text = String(validating: bytes[start..<position], as: UTF8.self),
              text.first != "+", let value = Double(text), value.isFinite else { return nil }
        return .number(value)
    }

    private mutating func parseHex4() -> UInt32? {
        guard bytes.count - position >= 4,
              let text = String(validating: bytes[position..<position + 4], as: UTF8.self),
              let value = UInt32(text, radix: 16) else { return nil }
        position += 4
        return value
    }

    private mutating func parseString() -> String? {
        position += 1
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        func flush() -> Bool {
            guard !run.isEmpty else { return true }
            guard let text = String(validating: run, as: UTF8.self) else { return false }
            scalars.append(contentsOf: text.unicodeScalars)
            run.removeAll(keepingCapacity: true)
            return true
        }
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                return flush() ? String(scalars) : nil
            case UInt8(ascii: "\\"):
                guard flush(), position < bytes.count else { return nil }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    guard var code = parseHex4() else { return nil }
                    if (0xD800..<0xDC00).contains(code) {
                        // A surrogate pair spells one scalar past U+FFFF.
                        guard take("\\u"), let low = parseHex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { return nil }
                    scalars.append(scalar)
                default: return nil
                }
            case 0..<0x20:
                return nil
            default:
                run.append(byte)
            }
        }
        return nil
    }
}

// MARK: Encoding

/// Where an encoder's value goes: containers write into their slot as they are filled.
private final class ValueSlot {
    var value: JSONValue = .null
}

private struct ValueEncoder: Encoder {
    let codingPath: [CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    let storage = ValueSlot()

    init(codingPath: [CodingKey]) { self.codingPath = codingPath }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = storage.value {} else { storage.value = .object([:]) }
        return KeyedEncodingContainer(KeyedContainer<Key>(slot: storage, codingPath: codingPath))
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer {
        if case .array = storage.value {} else { storage.value = .array([]) }
        return UnkeyedContainer(slot: storage, codingPath: codingPath)
    }

    func singleValueContainer() -> SingleValueEncodingContainer {
        SingleContainer(slot: storage, codingPath: codingPath)
    }

    static func encode(_ value: some Encodable, at path: [CodingKey]) throws -> JSONValue {
        switch value {
        case let value as String: return .string(value)
        case let value as Bool: return .bool(value)
        case let value as Double: return .number(value)
        case let value as Float: return .number(Double(value))
        // Every integer type: their own `encode(to:)` would come back here through the
        // single-value container, whose generic `encode` is the only one it has.
        case let value as any BinaryInteger: return .number(Double(value))
        default:
            let encoder = ValueEncoder(codingPath: path)
            try value.encode(to: encoder)
            return encoder.storage.value
        }
    }
}

private struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { String(intValue ?? 0) }
    init(_ index: Int) { intValue = index }
    init?(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { return nil }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: ValueSlot
    let codingPath: [CodingKey]

    private func set(_ value: JSONValue, for key: Key) {
        guard case .object(var members) = slot.value else { return }
        // Released from the slot first, so the dictionary changes in place instead of being
        // copied for every key.
        slot.value = .null
        members[key.stringValue] = value
        slot.value = .object(members)
    }

    mutating func encodeNil(forKey key: Key) throws { set(.null, for: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), for: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), for: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(.number(value), for: key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { set(.number(Double(value)), for: key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(.number(Double(value)), for: key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        set(try ValueEncoder.encode(value, at: codingPath + [key]), for: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey> {
        let child = ValueEncoder(codingPath: codingPath + [key])
        let container = child.container(keyedBy: keyType)
        set(child.storage.value, for: key)
        let slot = slot, name = key.stringValue
        return KeyedEncodingContainer(ForwardingKeyed(inner: container, store: { value in
            guard case .object(var members) = slot.value else { return }
            slot.value = .null
            members[name] = value
            slot.value = .object(members)
        }, child: child.storage))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
        let child = ValueEncoder(codingPath: codingPath + [key])
        let container = child.unkeyedContainer()
        set(child.storage.value, for: key)
        let slot = slot, name = key.stringValue
        return ForwardingUnkeyed(inner: container, store: { value in
            guard case .object(var members) = slot.value else { return }
            slot.value = .null
            members[name] = value
            slot.value = .object(members)
        }, child: child.storage)
    }

    mutating func superEncoder() -> Encoder { ValueEncoder(codingPath: codingPath) }
    mutating func superEncoder(forKey key: Key) -> Encoder { ValueEncoder(codingPath: codingPath + [key]) }
}

/// A nested container: every write also replaces its value where its parent keeps it (values
/// are copied into parents, so a later write must be copied again).
private struct ForwardingKeyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
    var inner: KeyedEncodingContainer<Key>
    let store: (JSONValue) -> Void
    let child: ValueSlot
    var codingPath: [CodingKey] { inner.codingPath }

    mutating func encodeNil(forKey key: Key) throws { try inner.encodeNil(forKey: key); store(child.value) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try inner.encode(value, forKey: key); store(child.value) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey> {
        // Deeper containers write into this one's slot; forward from there too.
        let nested = ForwardingKeyed<NestedKey>(inner: inner.nestedContainer(keyedBy: keyType, forKey: key),
                                               store: { [child, store] _ in store(child.value) }, child: child)
        store(child.value)
        return KeyedEncodingContainer(nested)
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
        let nested = ForwardingUnkeyed(inner: inner.nestedUnkeyedContainer(forKey: key),
                                       store: { [child, store] _ in store(child.value) }, child: child)
        store(child.value)
        return nested
    }
    mutating func superEncoder() -> Encoder { inner.superEncoder() }
    mutating func superEncoder(forKey key: Key) -> Encoder { inner.superEncoder(forKey: key) }
}

private struct ForwardingUnkeyed: UnkeyedEncodingContainer {
    var inner: UnkeyedEncodingContainer
    let store: (JSONValue) -> Void
    let child: ValueSlot
    var codingPath: [CodingKey] { inner.codingPath }
    var count: Int { inner.count }

    mutating func encodeNil() throws { try inner.encodeNil(); store(child.value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try inner.encode(value); store(child.value) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = ForwardingKeyed<NestedKey>(inner: inner.nestedContainer(keyedBy: keyType),
                                               store: { [child, store] _ in store(child.value) }, child: child)
        store(child.value)
        return KeyedEncodingContainer(nested)
    }
    mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
        let nested = ForwardingUnkeyed(inner: inner.nestedUnkeyedContainer(),
                                       store: { [child, store] _ in store(child.value) }, child: child)
        store(child.value)
        return nested
    }
    mutating func superEncoder() -> Encoder { inner.superEncoder() }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let slot: ValueSlot
    let codingPath: [CodingKey]
    var count: Int {
        if case .array(let elements) = slot.value { return elements.count }
        return 0
    }

    private func append(_ value: JSONValue) {
        guard case .array(var elements) = slot.value else { return }
        slot.value = .null
        elements.append(value)
        slot.value = .array(elements)
    }

    mutating func encodeNil() throws { append(.null) }
    mutating func encode(_ value: Bool) throws { append(.bool(value)) }
    mutating func encode(_ value: String) throws { append(.string(value)) }
    mutating func encode(_ value: Double) throws { append(.number(value)) }
    mutating func encode(_ value: Int) throws { append(.number(Double(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        append(try ValueEncoder.encode(value, at: codingPath + [IndexKey(count)]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = ValueEncoder(codingPath: codingPath + [IndexKey(count)])
        let container = child.container(keyedBy: keyType)
        let store = appendedSlot()
        store(child.storage.value)
        return KeyedEncodingContainer(ForwardingKeyed(inner: container, store: store, child: child.storage))
    }
    mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
        let child = ValueEncoder(codingPath: codingPath + [IndexKey(count)])
        let container = child.unkeyedContainer()
        let store = appendedSlot()
        store(child.storage.value)
        return ForwardingUnkeyed(inner: container, store: store, child: child.storage)
    }
    /// Appends an empty container's place and returns what replaces it there.
    private func appendedSlot() -> (JSONValue) -> Void {
        append(.null)
        let slot = slot, index = count - 1
        return { value in
            guard case .array(var elements) = slot.value, elements.indices.contains(index) else { return }
            slot.value = .null
            elements[index] = value
            slot.value = .array(elements)
        }
    }
    mutating func superEncoder() -> Encoder { ValueEncoder(codingPath: codingPath + [IndexKey(count)]) }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let slot: ValueSlot
    let codingPath: [CodingKey]

    mutating func encodeNil() throws { slot.value = .null }
    mutating func encode(_ value: Bool) throws { slot.value = .bool(value) }
    mutating func encode(_ value: String) throws { slot.value = .string(value) }
    mutating func encode(_ value: Double) throws { slot.value = .number(value) }
    mutating func encode(_ value: Int) throws { slot.value = .number(Double(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { slot.value = try ValueEncoder.encode(value, at: codingPath) }
}
