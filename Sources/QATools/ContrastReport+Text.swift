/// The report as people read it: a plain table per scheme (`text`), or the README's section
/// (`markdown`): what each design meets, then every row with a column per scheme.
extension ContrastReport {
    /// What the figures are and what they are held to, before the tables.
    static let legend = """
        WCAG 2.1 contrast of the colours FieldColors.resolve gives each part of a field, per state, \
        each translucent colour laid over what it is drawn on and rounded to 8 bits. Text is held to \
        1.4.3 (AA, 4.5:1; 3:1 is for large text, and no part of a field is large) and 1.4.6 (AAA, 7:1); \
        boundaries and icons to 1.4.11 (3:1). A disabled field's figures are printed but exempt \
        (WCAG exempts inactive components); "info" is the filled container's tint against the surface, \
        which the indicator bounds. Rows "roles" are M3 role pairs the text field tokens draw with, \
        straight from the scheme.
        """

    /// One plain table per scheme, each with its summary, then the sweep's lowest per row.
    public var text: String {
        var blocks = [Self.wrapped(Self.legend, width: 100)]
        for table in tables {
            let header = ["family", "state", "part", "on", "colours", "ratio", "needs", "meets"]
            let rows = table.figures.map { figure in
                [figure.row.family, figure.row.state, figure.row.part, figure.row.against,
                 "\(figure.foreground) on \(figure.background)", WCAG.formatted(figure.ratio), Self.needs(figure.row),
                 figure.verdict.rawValue]
            }
            let heading = "\(table.scheme.name) (surface \(Self.rgb(table.scheme.scheme.surface)))"
            blocks.append(([heading] + Self.aligned([header] + rows, numberColumns: [5]) + ["  " + summary(table.figures)])
                .joined(separator: "\n"))
        }
        if !sweep.isEmpty {
            let header = ["family", "state", "part", "on", "colours", "lowest", "where", "meets"]
            let rows = sweep.map { lowest in
                [lowest.figure.row.family, lowest.figure.row.state, lowest.figure.row.part, lowest.figure.row.against,
                 "\(lowest.figure.foreground) on \(lowest.figure.background)", WCAG.formatted(lowest.figure.ratio),
                 lowest.schemeName, lowest.figure.verdict.rawValue]
            }
            let heading = "M3 sweep: each row's lowest over \(Self.sweepSeeds.count) seeds, light and dark (\(sweepCount) schemes)"
            blocks.append(([heading] + Self.aligned([header] + rows, numberColumns: [5])
                           + ["  " + summary(sweep.map(\.figure))]).joined(separator: "\n"))
        }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    /// The README's section: a sentence per design, then every row with a column per scheme (and
    /// the sweep's lowest), a cell being the ratio and what it meets.
    public var markdown: String {
        var lines: [String] = []
        let m2 = tables.filter { $0.scheme.name == "M2 light" || $0.scheme.name == "M2 dark" }
        let highContrast = tables.filter { $0.scheme.name.hasPrefix("M2 high contrast") }
        let m3 = tables.filter { $0.scheme.name == "M3 light" || $0.scheme.name == "M3 dark" }
        if !m2.isEmpty { lines.append("- **Material 2**, light and dark: " + summary(m2.flatMap(\.figures)) + ".") }
        if !highContrast.isEmpty {
            lines.append("- **Material 2 high contrast**, light and dark: " + summary(highContrast.flatMap(\.figures)) + ".")
        }
        if !m3.isEmpty { lines.append("- **Material 3**, baseline (#6750A4) light and dark: " + summary(m3.flatMap(\.figures)) + ".") }
        if !sweep.isEmpty {
            lines.append("- **Material 3 over \(Self.sweepSeeds.count) seeds**, light and dark, each row's lowest: "
                         + summary(sweep.map(\.figure)) + ".")
        }
        for table in tables where !m2.contains(where: { $0.scheme.name == table.scheme.name })
            && !highContrast.contains(where: { $0.scheme.name == table.scheme.name })
            && !m3.contains(where: { $0.scheme.name == table.scheme.name }) {
            lines.append("- **\(table.scheme.name)**: " + summary(table.figures) + ".")
        }
        // Every row any scheme has, in the order they first appear.
        var order: [Row] = [], seen = Set<Row>()
        for figures in tables.map(\.figures) + [sweep.map(\.figure)] {
            for figure in figures where seen.insert(figure.row).inserted { order.append(figure.row) }
        }
        let columns: [(name: String, figures: [Row: Figure])] = tables.map { table in
            (table.scheme.name, Dictionary(table.figures.map { ($0.row, $0) }, uniquingKeysWith: { first, _ in first }))
        } + (sweep.isEmpty ? [] : [("M3 lowest of \(sweepCount)", Dictionary(sweep.map { ($0.figure.row, $0.figure) },
                                                                            uniquingKeysWith: { first, _ in first }))])
        lines += ["", "<details><summary>Every figure: a line per part, state and backdrop, a column per scheme "
                  + "(the ratio, cut to two decimals, and what it meets)</summary>", ""]
        lines.append("| family | state | part | on | needs | " + columns.map(\.name).joined(separator: " | ") + " |")
        lines.append("|" + String(repeating: "---|", count: 5) + String(repeating: "---:|", count: columns.count))
        for row in order {
            let cells = columns.map { column in
                column.figures[row].map { "\(WCAG.formatted($0.ratio)) \($0.verdict.rawValue)" } ?? ""
            }
            lines.append("| " + ([row.family, row.state, row.part, row.against, Self.needs(row)] + cells).joined(separator: " | ") + " |")
        }
        lines += ["", "</details>"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// What `figures` meet: how many judged texts meet AA (and AAA), how many boundaries and
    /// icons 1.4.11, and the parts under their minimum, lowest first.
    public func summary(_ figures: [Figure]) -> String {
        let judged = figures.filter { !$0.row.isExempt && !$0.row.isInformative }
        let texts = judged.filter(\.row.isText), others = judged.filter { !$0.row.isText }
        let textsAA = texts.filter { !$0.verdict.isFailure }.count, textsAAA = texts.filter { $0.verdict == .aaa }.count
        let othersMet = others.filter { !$0.verdict.isFailure }.count
        var parts: [String] = []
        if !texts.isEmpty {
            let lowest = texts.min { $0.ratio < $1.ratio }.map { " (lowest \(WCAG.formatted($0.ratio)))" } ?? ""
            parts.append(textsAA == texts.count
                         ? "every text meets AA\(textsAAA == texts.count ? " and AAA" : ", \(textsAAA) of \(texts.count) AAA")\(lowest)"
                         : "\(textsAA) of \(texts.count) texts meet AA, \(textsAAA) AAA\(lowest)")
        }
        if !others.isEmpty {
            let lowest = others.min { $0.ratio < $1.ratio }.map { " (lowest \(WCAG.formatted($0.ratio)))" } ?? ""
            parts.append(othersMet == others.count ? "every boundary and icon meets 3:1\(lowest)"
                         : "\(othersMet) of \(others.count) boundaries and icons meet 3:1\(lowest)")
        }
        let failures = Self.failures(judged)
        if !failures.isEmpty {
            let shown = failures.prefix(6).joined(separator: "; ")
            parts.append("under: " + shown + (failures.count > 6 ? "; and \(failures.count - 6) more" : ""))
        }
        return parts.isEmpty ? "nothing judged" : parts.joined(separator: "; ")
    }

    /// The failing figures grouped by family, part and backdrop, each with its lowest ratio and
    /// its states, lowest first: "outlined outline on surface 1.46 (enabled, hovered)".
    static func failures(_ figures: [Figure]) -> [String] {
        struct Group { var key: String; var lowest: Double; var states: [String] }
        var groups: [Group] = []
        for figure in figures where figure.verdict.isFailure {
            let key = "\(figure.row.family) \(figure.row.part) on \(figure.row.against)"
            guard let index = groups.firstIndex(where: { $0.key == key }) else {
                groups.append(Group(key: key, lowest: figure.ratio, states: [figure.row.state]))
                continue
            }
            groups[index].lowest = min(groups[index].lowest, figure.ratio)
            if !groups[index].states.contains(figure.row.state) { groups[index].states.append(figure.row.state) }
        }
        // Stable: equal lowest ratios keep the report's row order.
        return groups.enumerated().sorted { ($0.element.lowest, $0.offset) < ($1.element.lowest, $1.offset) }.map { _, group in
            let states = group.states == ["-"] ? "" : " (\(group.states.joined(separator: ", ")))"
            return "\(group.key) \(WCAG.formatted(group.lowest))\(states)"
        }
    }

    /// Cells in columns two spaces apart, indented by two; `numberColumns` right-aligned.
    static func aligned(_ rows: [[String]], numberColumns: Set<Int>) -> [String] {
        let widths = (0..<(rows.first?.count ?? 0)).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { cells in
            var line = " "
            for (index, cell) in cells.enumerated() {
                let pad = String(repeating: " ", count: widths[index] - cell.count)
                line += " " + (numberColumns.contains(index) ? pad + cell : cell + (index == cells.count - 1 ? "" : pad)) + " "
            }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }

    /// `text` broken at spaces into lines of at most `width` characters.
    static func wrapped(_ text: String, width: Int) -> String {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width { lines.append(line); line = "" }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines.joined(separator: "\n")
    }
}
