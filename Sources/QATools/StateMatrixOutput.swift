import MaterialFields
import XftHost

/// A field's contact sheet: its images at one scale in a grid, a row per theme and direction
/// (in the order rendered), a column per state (`FieldVisualState`'s order), an empty cell
/// where a state does not apply, on a neutral grey that sets off light and dark images alike;
/// the states named over their columns and the rows at their left, drawn by the scene's own text
/// rendering (a scene of no fields, only captions).
enum ContactSheet {
    static let gap = 8
    /// The grey of the gaps and of empty cells.
    static let grey = Color(red: 0.5, green: 0.5, blue: 0.5)
    static let labelFont = FontSpec(pixelSize: 13)
    static let headerHeight = 24
    static let rowLabelWidth = 104

    struct Layout {
        var width: Int
        var height: Int
        /// Where each tile goes, by image key (`VARIANT-STATE`).
        var tiles: [(key: String, x: Int, y: Int)]
        var labels: [(text: String, frame: Rect)]
    }

    static func layout(cells: [StateMatrix.Cell], images: [String: RGBAImage], states: [FieldVisualState]) -> Layout? {
        var rows: [String] = []
        for cell in cells where !rows.contains(cell.variantName) { rows.append(cell.variantName) }
        func image(_ row: String, _ state: FieldVisualState) -> RGBAImage? { images[row + "-" + state.rawValue] }
        let columnWidths = states.map { state in rows.compactMap { image($0, state)?.width }.max() ?? 0 }
        let rowHeights = rows.map { row in states.compactMap { image(row, $0)?.height }.max() ?? 0 }
        guard columnWidths.contains(where: { $0 > 0 }), rowHeights.contains(where: { $0 > 0 }) else { return nil }
        var layout = Layout(width: 0, height: 0, tiles: [], labels: [])
        var left = gap + rowLabelWidth
        var columnLefts: [Int] = []
        for (state, columnWidth) in zip(states, columnWidths) {
            columnLefts.append(left)
            guard columnWidth > 0 else { continue }
            layout.labels.append((state.rawValue, Rect(x: Double(left), y: 0, width: Double(columnWidth), height: Double(headerHeight))))
            left += columnWidth + gap
        }
        var top = headerHeight
        for (row, rowHeight) in zip(rows, rowHeights) where rowHeight > 0 {
            layout.labels.append((row, Rect(x: Double(gap), y: Double(top), width: Double(rowLabelWidth), height: 20)))
            for (index, state) in states.enumerated() where image(row, state) != nil {
                layout.tiles.append((row + "-" + state.rawValue, columnLefts[index], top))
            }
            top += rowHeight + gap
        }
        layout.width = left
        layout.height = top
        return layout
    }

    /// The tiles copied onto `base` (the labels drawn at the layout's size).
    static func compose(_ layout: Layout, images: [String: RGBAImage], onto base: RGBAImage) -> RGBAImage {
        var sheet = base
        for tile in layout.tiles {
            guard let image = images[tile.key] else { continue }
            let width = min(image.width, sheet.width - tile.x)
            guard width > 0 else { continue }
            for y in 0..<min(image.height, sheet.height - tile.y) {
                let source = y * image.width * 4, target = ((tile.y + y) * sheet.width + tile.x) * 4
                sheet.pixels.replaceSubrange(target..<target + width * 4, with: image.pixels[source..<source + width * 4])
            }
        }
        return sheet
    }
}

/// Captions at given frames and nothing else: the contact sheet's labels.
final class CaptionLayout: SceneLayout {
    let captions: [(text: String, frame: Rect)]
    init(captions: [(text: String, frame: Rect)]) { self.captions = captions }

    func arrange(in viewport: Size, metrics: MaterialMetrics, scheme: ColorScheme, measurer: TextMeasuring) -> Arrangement {
        let decorations = captions.map { caption in
            Decoration(text: caption.text, frame: caption.frame,
                       baseline: FieldLayout.baseline(inLineTop: caption.frame.minY, lineHeight: caption.frame.height,
                                                      metrics: measurer.lineMetrics(for: ContactSheet.labelFont)),
                       font: ContactSheet.labelFont, color: Color(red: 0, green: 0, blue: 0))
        }
        return Arrangement(decorations: decorations, contentHeight: viewport.height)
    }
}

/// The matrix's `index.html`: a table per field (a row per theme, scale and direction, a column
/// per state), every image linked by its relative path, so the page opens from disk with no
/// server; a box filters rows by words (field id, theme, scale, direction) and a menu shows one state.
struct MatrixIndex {
    struct Section {
        var id: String
        var kind: String
        var style: String
        var family: String
        var states: [FieldVisualState]
        var cells: [StateMatrix.Cell]
        var contactSheet: String?
        var sheetScale: Double
    }

    var sections: [Section]
    var summary: StateMatrix.Summary

    var html: String {
        let states = FieldVisualState.allCases
        var page = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>State matrix: \(summary.images) images</title>
            <style>
            body { font: 14px/1.4 sans-serif; margin: 16px; background: #f4f4f4; color: #222; }
            table { border-collapse: collapse; }
            /* A wide table scrolls inside its own box, the page stays as wide as the window; the row names stay in view. */
            .table-box { max-width: 100%; overflow-x: auto; margin-bottom: 8px; }
            tbody th { position: sticky; left: 0; background: #f4f4f4; z-index: 1; }
            th, td { padding: 4px; text-align: left; vertical-align: top; }
            tbody th { font-weight: normal; font-family: monospace; white-space: nowrap; }
            td img { display: block; background: #808080; }
            td.skipped { color: #888; font-size: 12px; }
            td.failed { color: #b00020; font-size: 12px; }
            section { border-top: 1px solid #ccc; padding-top: 4px; }
            .meta { color: #555; }
            #controls { position: sticky; top: 0; background: #f4f4f4; padding: 8px 0; z-index: 1; }
            #filter { width: 28em; }

            """
        for state in states {
            page += "body[data-state=\"\(state.rawValue)\"] .col:not(.s-\(state.rawValue)) { display: none; }\n"
        }
        page += """
            </style>
            </head>
            <body data-state="">
            <h1>State matrix</h1>
            <p>\(summary.images) images, \(summary.skipped) states skipped (a state a field cannot take)\(summary.failures.isEmpty ? "" : ", \(summary.failures.count) not reached"). Files are <code>ID/THEME-SCALE-DIRECTION-STATE.png</code>; click an image for it at full size.</p>
            <div id="controls"><input id="filter" type="search" placeholder="filter: words in the id or row, e.g. outlined dark 2x rtl">
            <select id="state"><option value="">every state</option>
            """
        for state in states { page += "<option>\(state.rawValue)</option>" }
        page += "</select> <span id=\"shown\"></span></div>\n"
        for section in sections {
            let id = XMLText.escaped(section.id)
            page += "<section data-id=\"\(id)\">\n<h2 id=\"\(id)\">\(id)</h2>\n"
            page += "<p class=\"meta\">\(XMLText.escaped(section.kind)), style \(XMLText.escaped(section.style)), family \(XMLText.escaped(section.family))"
            if let sheet = section.contactSheet {
                page += " · <a href=\"\(XMLText.escaped(sheet))\">contact sheet</a> (\(StateMatrix.scaleName(section.sheetScale)))"
            }
            page += "</p>\n<div class=\"table-box\"><table>\n<thead><tr><th></th>"
            for state in section.states { page += "<th class=\"col s-\(state.rawValue)\">\(state.rawValue)</th>" }
            page += "</tr></thead>\n<tbody>\n"
            var rows: [String] = []
            for cell in section.cells where !rows.contains(cell.variantName) { rows.append(cell.variantName) }
            for row in rows {
                let cells = section.cells.filter { $0.variantName == row }
                guard let first = cells.first else { continue }
                page += "<tr data-row=\"\(id) \(XMLText.escaped(first.variantName))\"><th>\(XMLText.escaped(first.variantName))</th>"
                for state in section.states {
                    let column = "col s-\(state.rawValue)"
                    guard let cell = cells.first(where: { $0.state == state }) else { page += "<td class=\"\(column)\"></td>"; continue }
                    if let file = cell.file {
                        // Shown at half its size in points: a 2x image as wide as a 1x one.
                        let width = Int((Double(cell.pixelSize.width) / cell.scale / 2).rounded())
                        let path = XMLText.escaped(file)
                        page += "<td class=\"\(column)\"><a href=\"\(path)\"><img src=\"\(path)\" width=\"\(width)\" loading=\"lazy\" "
                            + "alt=\"\(id) \(XMLText.escaped(first.variantName)) \(state.rawValue)\"></a></td>"
                    } else if let failure = cell.failure {
                        page += "<td class=\"\(column) failed\">not reached: \(XMLText.escaped(failure))</td>"
                    } else {
                        page += "<td class=\"\(column) skipped\">skipped: \(XMLText.escaped(cell.skipReason ?? ""))</td>"
                    }
                }
                page += "</tr>\n"
            }
            page += "</tbody>\n</table></div>\n</section>\n"
        }
        page += """
            <script>
            const filter = document.getElementById('filter'), state = document.getElementById('state');
            function apply() {
              const words = filter.value.toLowerCase().split(/\\s+/).filter(w => w);
              let shown = 0;
              for (const section of document.querySelectorAll('section')) {
                let any = false;
                for (const row of section.querySelectorAll('tbody tr')) {
                  const match = words.every(w => row.dataset.row.toLowerCase().includes(w));
                  row.hidden = !match;
                  if (match) { any = true; shown++; }
                }
                section.hidden = !any;
              }
              document.body.dataset.state = state.value;
              document.getElementById('shown').textContent = shown + ' rows';
            }
            filter.addEventListener('input', apply);
            state.addEventListener('change', apply);
            apply();
            </script>
            </body>
            </html>

            """
        return page
    }
}
