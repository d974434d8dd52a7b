/// The text of a QA state document (the catalog's `--qa-state` file), made again only where it
/// changed: a field whose snapshot is the one last written keeps its printed text, and the rest of
/// the document (the window, the menu, the controls...) is encoded again only when it differs from
/// the last one. Typing into one field of 80 then costs the encoding of that field alone. The text
/// is always what `JSONValue(encoding: document).prettyPrinted` writes for the whole document.
///
/// `Rest` is the document with its field list left empty; `fieldsKey` names that list in it.
public final class QAStateText<Rest: Encodable & Equatable> {
    private let fieldsKey: String
    /// The fields last written and their texts, position by position.
    private var fieldSnapshots: [FieldSnapshot] = []
    private var fieldTexts: [String] = []
    private var rest: Rest?
    private var restMembers: [String: String] = [:]
    /// How many fields, and how many times the rest, were encoded in all (tests count them).
    public private(set) var fieldEncodings = 0
    public private(set) var restEncodings = 0

    public init(fieldsKey: String) { self.fieldsKey = fieldsKey }

    /// The whole document's pretty-printed text; nil if a part cannot be encoded.
    public func text(rest: Rest, fields: [FieldSnapshot]) -> String? {
        // Texts are replaced in place where a field differs (typing changes one field of 80).
        if fieldSnapshots.count > fields.count {
            fieldSnapshots.removeLast(fieldSnapshots.count - fields.count)
            fieldTexts.removeLast(fieldTexts.count - fields.count)
        }
        for (index, field) in fields.enumerated() where index >= fieldSnapshots.count || fieldSnapshots[index] != field {
            // Depth 2: an element of the top-level object's field list.
            guard let value = try? JSONValue(encoding: field) else {
                fieldSnapshots.removeAll()
                fieldTexts.removeAll()
                return nil
            }
            fieldEncodings += 1
            if index < fieldSnapshots.count {
                fieldSnapshots[index] = field
                fieldTexts[index] = value.prettyPrinted(depth: 2)
            } else {
                fieldSnapshots.append(field)
                fieldTexts.append(value.prettyPrinted(depth: 2))
            }
        }
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
        return JSONValue.prettyPrintedObject(restMembers, arrayKey: fieldsKey, elements: fieldTexts, depth: 0)
    }
}
