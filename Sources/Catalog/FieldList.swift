import MaterialFields

/// `--list-fields`: every field of the catalog in its order, one a line, columns separated by a
/// tab under a header line: `id`, `kind` (textField or textArea), `style` (the style's name:
/// filled, outlined, rag, or a plain field's border), `family` (material, rag or plain) and
/// `section` (material, uikit-rag, international or uikit-styles: the names `screenshot` steps take). Kind,
/// style and family are the QA state's values for the same keys.
enum FieldList {
    static let header = ["id", "kind", "style", "family", "section"]

    static func text(of scene: FieldScene) -> String {
        let layout = scene.layout as? CatalogLayout
        var lines = [header]
        for field in scene.fields {
            lines.append([field.identifier, field.kind.rawValue, field.style.name, field.style.family.rawValue,
                          layout?.sectionName(of: field) ?? "-"])
        }
        return lines.map { $0.joined(separator: "\t") + "\n" }.joined()
    }
}
