import MaterialFields
import QATools

/// The catalog's fields as QA tools drive them into states (`FieldSubject`): each id with a maker
/// of a fresh field as the catalog builds it and the text the states with text type into it.
/// The state matrix (`--matrix`) and the accessibility audit (`--audit`, the `audit` step) both
/// take their fields from here, so the two show and measure the same text.
enum CatalogSubjects {
    /// What the states with text type into a field the catalog builds empty: text it accepts
    /// (its delegate's filter, its counter's limit) and would hold in use. A prefilled field's
    /// sample is its own text.
    static let samples: [String: String] = [
        "label": "Ada Lovelace",
        "placeholder": "ada@example.com",
        "no-label": "text fields",
        "helper": "1100-053",
        "counter": "ada_lovelace",
        "email": "ada@example.com",
        "leading-icon": "Ada Lovelace",
        "search": "text fields",
        "disappears": "Ada",
        "area": "Two lines\nof text",
        "uikit-digits": "2468",
        "uikit-phone": "5551234567",
        "uikit-quantity": "12",
        "uikit-email": "ada@example.com",
        "uikit-words": "ada lovelace",
        "uikit-sentences": "all good. see you soon",
        "uikit-center": "No. 12",
        "plain-none": "Plain text",
        "plain-line": "Plain text",
        "plain-bezel": "Plain text",
        "plain-rounded": "Plain text",
        "rag-editing": "Ada",
        "rag-not-empty": "Lovelace",
        "rag-always": "Lisboa",
        "rag-simple": "text fields",
        "rag-outline": "Acme",
        "rag-padded": "Rua Augusta 274",
    ]

    /// The sample for `id` (samples of Material fields are kept without the style's prefix:
    /// filled and outlined share them).
    static func sample(for id: String, builtText: String) -> String {
        if !builtText.isEmpty { return builtText }
        if let sample = samples[id] { return sample }
        for style in FieldStyle.material where id.hasPrefix(style.name + "-") {
            if let sample = samples[String(id.dropFirst(style.name.count + 1))] { return sample }
        }
        return "Sample text"
    }

    /// Every field's id, in the catalog's focus order.
    static var ids: [String] { CatalogScreen.fieldMakers.map(\.id) }

    /// Every field as a subject, in the catalog's focus order (the sample of a prefilled field
    /// read from one built to see its text).
    static func subjects() -> [FieldSubject] {
        CatalogScreen.fieldMakers.map { id, make in FieldSubject(id: id, sample: sample(for: id, builtText: make().text), make: make) }
    }

    /// The subjects of `ids`, in that order; an id the catalog does not make is left out (the
    /// callers check ids first, with the nearest one in their message).
    static func subjects(_ ids: [String]) -> [FieldSubject] {
        let all = subjects()
        return ids.compactMap { id in all.first { $0.id == id } }
    }
}
