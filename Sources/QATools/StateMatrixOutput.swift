import MaterialFields
import XftHost

/// A field's contact sheet: its images at one scale in a grid, a row per theme and direction
/// (in the order rendered), a column per state (`FieldVisualState`'s order), an empty cell
/// where a state does not apply, on a neutral grey that sets off light and dark images alike.
enum ContactSheet {
    static let gap = 8
    /// The grey of the gaps and of empty cells (opaque).
    static let grey: UInt8 = 128

    static func make(cells: [StateMatrix.Cell], images: [String: RGBAImage], states: [FieldVisualState]) -> RGBAImage? {
        var rows: [String] = []
        for cell in cells where !rows.contains(cell.variantName) { rows.append(cell.variantName) }
        func image(_ row: String, _ state: FieldVisualState) -> RGBAImage? { images[row + "-" + state.rawValue] }
        let columnWidths = states.map { state in rows.compactMap { image($0, state)?.width }.max() ?? 0 }
        let rowHeights = rows.map { row in states.compactMap { image(row, $0)?.height }.max() ?? 0 }
        let shownColumns = columnWidths.filter { $0 > 0 }, shownRows = rowHeights.filter { $0 > 0 }
        guard !shownColumns.isEmpty, !shownRows.isEmpty else { return nil }
        let width = shownColumns.reduce(gap) { $0 + $1 + gap }, height = shownRows.reduce(gap) { $0 + $1 + gap }
        var pixels = [UInt8](repeating: grey, count: width * height * 4)
        for index in stride(from: 3, to: pixels.count, by: 4) { pixels[index] = 255 }
        var top = gap
        for (row, rowHeight) in zip(rows, rowHeights) where rowHeight > 0 {
            var left = gap
            for (state, columnWidth) in zip(states, columnWidths) where columnWidth > 0 {
                if let tile = image(row, state) {
                    for y in 0..<tile.height {
                        let source = y * tile.width * 4, target = ((top + y) * width + left) * 4
                        pixels.replaceSubrange(target..<target + tile.width * 4, with: tile.pixels[source..<source + tile.width * 4])
                    }
                }
                left += columnWidth + gap
            }
            top += rowHeight + gap
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
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

    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

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
            table { border-collapse: collapse; margin-bottom: 8px; }
            th, td { padding: 4px; text-align: left; vertical-align: top; }
            thead th { position: sticky; top: 0; background: #f4f4f4; }
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
            let id = Self.escaped(section.id)
            page += "<section data-id=\"\(id)\">\n<h2 id=\"\(id)\">\(id)</h2>\n"
            page += "<p class=\"meta\">\(Self.escaped(section.kind)), style \(Self.escaped(section.style)), family \(Self.escaped(section.family))"
            if let sheet = section.contactSheet {
                page += " · <a href=\"\(Self.escaped(sheet))\">contact sheet</a> (\(StateMatrix.scaleName(section.sheetScale)))"
            }
            page += "</p>\n<table>\n<thead><tr><th></th>"
            for state in section.states { page += "<th class=\"col s-\(state.rawValue)\">\(state.rawValue)</th>" }
            page += "</tr></thead>\n<tbody>\n"
            var rows: [String] = []
            for cell in section.cells where !rows.contains(cell.variantName) { rows.append(cell.variantName) }
            for row in rows {
                let cells = section.cells.filter { $0.variantName == row }
                guard let first = cells.first else { continue }
                page += "<tr data-row=\"\(id) \(Self.escaped(first.variantName))\"><th>\(Self.escaped(first.variantName))</th>"
                for state in section.states {
                    let column = "col s-\(state.rawValue)"
                    guard let cell = cells.first(where: { $0.state == state }) else { page += "<td class=\"\(column)\"></td>"; continue }
                    if let file = cell.file {
                        // Shown at half its size in points: a 2x image as wide as a 1x one.
                        let width = Int((Double(cell.pixelSize.width) / cell.scale / 2).rounded())
                        let path = Self.escaped(file)
                        page += "<td class=\"\(column)\"><a href=\"\(path)\"><img src=\"\(path)\" width=\"\(width)\" loading=\"lazy\" "
                            + "alt=\"\(id) \(Self.escaped(first.variantName)) \(state.rawValue)\"></a></td>"
                    } else if let failure = cell.failure {
                        page += "<td class=\"\(column) failed\">not reached: \(Self.escaped(failure))</td>"
                    } else {
                        page += "<td class=\"\(column) skipped\">skipped: \(Self.escaped(cell.skipReason ?? ""))</td>"
                    }
                }
                page += "</tr>\n"
            }
            page += "</tbody>\n</table>\n</section>\n"
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
