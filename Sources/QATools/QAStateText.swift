/// The text of a QA state document (the catalog's `--qa-state` file), made again only where it
/// changed: a field whose snapshot is the one last written keeps its printed text, and the rest of
/// the document (the window, the menu, the controls...) is encoded again only when it differs from
/// the last one. Typing into one field of 80 then costs the encoding of that field alone. The text
/// is always what `JSONValue(encoding: document).prettyPrinted` writes for the whole document.
///
/// `Rest` is the document with its field list left empty; `fieldsKey` names that list in it.
public final class QAStateText<Rest: Encodable & Equatable> {
    private let fieldsKey: String
    private var fieldTexts: [(snapshot: FieldSnapshot, text: String)] = []
    private var rest: Rest?
    private var restMembers: [String: String] = [:]
    /// How many fields, and how many times the rest, were encoded in all (tests count them).
    public private(set) var fieldEncodings = 0
    public private(set) var restEncodings = 0

    public init(fieldsKey: String) { self.fieldsKey = fieldsKey }

    /// The whole document's pretty-printed text; nil if a part cannot be encoded.
    public func text(rest: Rest, fields: [FieldSnapshot]) -> String? {
        var texts: [(snapshot: FieldSnapshot, text: String)] = []
        texts.reserveCapacity(fields.count)
        for (index, field) in fields.enumerated() {
            if index < fieldTexts.count, fieldTexts[index].snapshot == field {
                texts.append(fieldTexts[index])
            } else {
                // Depth 2: an element of the top-level object's field list.
                guard let value = try? JSONValue(encoding: field) else { return nil }
                fieldEncodings += 1
                texts.append((field, value.prettyPrinted(depth: 2)))
            }
        }
        fieldTexts = texts
        if self.rest != rest {
            // Everything else as the encoder writes it, each member at depth 1.
            guard case .object(let members)? = try? JSONValue(encoding: rest) else {
                self.rest = nil
                return nil
            }
            restEncodings += 1
            self.rest = rest
            restMembers = members.mapValues { $0.prettyPrinted(depth: 1) }
        }
        var printed = restMembers
        printed[fieldsKey] = JSONValue.prettyPrintedArray(texts.map(\.text), depth: 1)
        return JSONValue.prettyPrintedObject(printed, depth: 0)
    }
}
