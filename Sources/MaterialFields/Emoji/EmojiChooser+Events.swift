extension EmojiChooser {
    /// A key, typed text, or a pointer event in surface coordinates. Returns true when the
    /// chooser changed (it then needs drawing again) or picked an emoji.
    @discardableResult
    public func handle(_ event: InputEvent, at time: Double) -> Bool {
        let before = snapshotForChange
        let acted: Bool
        switch event {
        case .key(let key, let modifiers): acted = handleKey(key, modifiers, at: time)
        case .text(let text), .inputMethodText(let text): acted = type(text)
        case .pointerMoved(let point, _): acted = pointerMoved(to: point)
        case .pointerDown(let point, let button, _, _): acted = pointerDown(at: point, button: button, time: time)
        case .pointerUp(let point, let button): acted = pointerUp(at: point, button: button, time: time)
        case .pointerExited:
            pointerLocation = nil
            acted = hoveredTab != nil
            if acted { hoveredTab = nil; needsRender = true }
        case .scroll(let steps):
            // A wheel step scrolls two rows, as a GTK scrolled window of this height does.
            scroll(to: scrollOffset + steps * layout.cell * 2)
            if let pointerLocation { _ = pointerMoved(to: pointerLocation) }
            acted = false
        case .windowFocus, .preeditChanged: acted = false
        }
        return acted || snapshotForChange != before
    }

    /// What a change compares: everything the chooser shows.
    private var snapshotForChange: [String] {
        [query, area.rawValue, "\(highlighted ?? -1)", "\(focusedTab)", "\(scrollOffset)",
         tonePicker.map { "\($0.cellIndex):\($0.highlighted)" } ?? "-"]
    }

    // MARK: Keys

    func handleKey(_ key: EditingKey, _ modifiers: KeyModifiers, at time: Double) -> Bool {
        if area == .tones, tonePicker != nil { return handleToneKey(key, modifiers, at: time) }
        switch key {
        case .escape:
            if !query.isEmpty { setQuery(""); area = .search; return true }
            onDismiss?()
            return true
        case .tab:
            let order: [Area] = [.search, .categories, .grid]
            let index = order.firstIndex(of: area) ?? 2
            area = order[(index + (modifiers.contains(.shift) ? 2 : 1)) % 3]
            if area == .categories { focusedTab = currentCategory ?? 0 }
            if area == .grid, highlighted == nil, !cells.isEmpty { highlight(firstVisibleCell) }
            needsRender = true
            return true
        case .enter:
            if area == .categories { showSection(focusedTab); area = .grid; return true }
            guard let index = highlighted ?? (cells.isEmpty ? nil : 0) else { return false }
            if modifiers.contains(.shift), openTones(ofCell: index) { return true }
            pick(cells[index], at: time)
            return true
        case .backspace:
            guard !query.isEmpty else { return false }
            var text = query
            if modifiers.contains(.control) {
                while text.last?.isWhitespace == true { text.removeLast() }
                while let last = text.last, !last.isWhitespace { text.removeLast() }
            } else {
                text.removeLast()
            }
            area = .search
            setQuery(text)
            return true
        case .left where area == .categories, .right where area == .categories:
            guard !categories.isEmpty else { return false }
            let step = key == .left ? -1 : 1
            showSection((focusedTab + step + categories.count) % categories.count)
            return true
        case .down where area == .categories:
            area = .grid
            if highlighted == nil { highlight(firstVisibleCell) }
            needsRender = true
            return true
        case .left, .right, .up, .down, .home, .end, .pageUp, .pageDown:
            return move(key)
        case .function(10) where modifiers == .shift:
            guard let highlighted else { return false }
            return openTones(ofCell: highlighted)
        default:
            return false
        }
    }

    /// The first cell in view (the grid's keyboard entry point).
    var firstVisibleCell: Int? {
        cells.indices.first { isCellVisible($0) } ?? (cells.isEmpty ? nil : 0)
    }

    /// Arrow keys, Home/End and Page Up/Down in the grid.
    func move(_ key: EditingKey) -> Bool {
        guard !cells.isEmpty else { return false }
        area = .grid
        needsRender = true
        guard let current = highlighted else {
            highlight(firstVisibleCell)
            return true
        }
        let row = rows.rowOfCell[current]
        let column = current - (rows.cellRange(ofRow: row)?.lowerBound ?? current)
        func cell(inRow row: Int) -> Int? {
            guard let range = rows.cellRange(ofRow: row) else { return nil }
            return min(range.lowerBound + column, range.upperBound - 1)
        }
        switch key {
        case .left: highlight(max(0, current - 1))
        case .right: highlight(min(cells.count - 1, current + 1))
        case .up: if let above = rows.cellRow(from: row, by: -1) { highlight(cell(inRow: above)) }
        case .down: if let below = rows.cellRow(from: row, by: 1) { highlight(cell(inRow: below)) }
        case .home: highlight(0)
        case .end: highlight(cells.count - 1)
        case .pageUp, .pageDown:
            // A page: the rows of cells in view, less one, as a list view pages.
            let page = max(1, Int(layout.grid.height / layout.cell) - 1)
            var target = row
            for _ in 0..<page {
                guard let next = rows.cellRow(from: target, by: key == .pageUp ? -1 : 1) else { break }
                target = next
            }
            highlight(cell(inRow: target))
        default: return false
        }
        return true
    }

    func handleToneKey(_ key: EditingKey, _ modifiers: KeyModifiers, at time: Double) -> Bool {
        guard var picker = tonePicker else { return false }
        let count = picker.choices.count
        switch key {
        case .escape, .tab:
            closeTones()
            return true
        case .enter:
            closeTones()
            pick(picker.choices[picker.highlighted], at: time)
            return true
        case .left: picker.highlighted = max(0, picker.highlighted - 1)
        case .right: picker.highlighted = min(count - 1, picker.highlighted + 1)
        case .up:
            let place = tonePlace(picker.highlighted, in: picker)
            if place.row > 0 { picker.highlighted = toneIndex(row: place.row - 1, column: place.column, in: picker) }
        case .down:
            let place = tonePlace(picker.highlighted, in: picker)
            picker.highlighted = toneIndex(row: place.row + 1, column: place.column, in: picker)
        case .home: picker.highlighted = 0
        case .end: picker.highlighted = count - 1
        default:
            return false
        }
        tonePicker = picker
        needsRender = true
        return true
    }

    /// Where a tone sits in the picker: the base alone on the first row when there are 25 tones.
    func tonePlace(_ index: Int, in picker: TonePicker) -> (row: Int, column: Int) {
        if picker.choices.count > 7 {
            return index == 0 ? (0, 0) : (1 + (index - 1) / picker.columns, (index - 1) % picker.columns)
        }
        return (0, index)
    }

    func toneIndex(row: Int, column: Int, in picker: TonePicker) -> Int {
        if picker.choices.count > 7 {
            if row == 0 { return 0 }
            return min(picker.choices.count - 1, 1 + (row - 1) * picker.columns + column)
        }
        return min(picker.choices.count - 1, column)
    }

    /// Typed text goes into the search box, wherever the keyboard was.
    func type(_ text: String) -> Bool {
        let clean = String(text.filter { !$0.isNewline && $0 != "\t" && !($0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } ?? false) })
        guard !clean.isEmpty else { return false }
        tonePicker = nil
        area = .search
        setQuery(query + clean)
        needsRender = true
        return true
    }

    // MARK: Pointer

    enum Target: Equatable {
        case search, tab(Int), cell(Int), tone(Int), toneBackdrop, none
    }

    func target(at point: Point) -> Target {
        if let picker = tonePicker {
            let frame = tonePickerFrame(picker)
            guard frame.contains(point) else { return .toneBackdrop }
            for index in picker.choices.indices where toneFrame(index, in: picker).contains(point) { return .tone(index) }
            return .none
        }
        if layout.search.contains(point) { return .search }
        if layout.tabs.contains(point) {
            for index in categories.indices where layout.tab(index, of: categories.count).contains(point) { return .tab(index) }
            return .none
        }
        if layout.grid.contains(point), let cell = cell(at: point) { return .cell(cell) }
        return .none
    }

    /// The cell under a point of the grid.
    func cell(at point: Point) -> Int? {
        let grid = layout.grid
        let y = point.y - grid.minY + scrollOffset
        guard let row = rows.rows.firstIndex(where: { y >= $0.top && y < $0.top + $0.height }),
              let range = rows.cellRange(ofRow: row) else { return nil }
        let column = Int(((point.x - layout.padding) / layout.cell).rounded(.down))
        guard column >= 0, column < range.count else { return nil }
        return range.lowerBound + column
    }

    func pointerMoved(to point: Point) -> Bool {
        pointerLocation = layout.size.width > point.x && point.x >= 0 && point.y >= 0 && layout.size.height > point.y ? point : nil
        switch target(at: point) {
        case .cell(let index):
            if hoveredTab != nil { hoveredTab = nil; needsRender = true }
            highlight(index, reveal: false)
        case .tone(let index):
            if var picker = tonePicker, picker.highlighted != index { picker.highlighted = index; tonePicker = picker; needsRender = true }
        case .tab(let index):
            if hoveredTab != index { hoveredTab = index; needsRender = true }
        default:
            if hoveredTab != nil { hoveredTab = nil; needsRender = true }
        }
        return false
    }

    func pointerDown(at point: Point, button: PointerButton, time: Double) -> Bool {
        switch target(at: point) {
        case .toneBackdrop:
            closeTones()
            return true
        case .tone(let index):
            guard let picker = tonePicker, button == .primary else { return false }
            closeTones()
            pick(picker.choices[index], at: time)
            return true
        case .search:
            area = .search
            needsRender = true
            return true
        case .tab(let index):
            guard button == .primary else { return false }
            showSection(index)
            return true
        case .cell(let index):
            highlight(index, reveal: false)
            if button == .secondary { return openTones(ofCell: index) }
            guard button == .primary else { return false }
            // Picked on release, as a button acts: a press moved off the cell picks nothing.
            area = .grid
            press = (index, time)
            longPressArmed = true
            return true
        case .none:
            return false
        }
    }

    /// When a press held on an emoji with skin tones comes due as a long press.
    public func nextWakeup(after time: Double) -> Double? {
        guard longPressArmed, let press, tonePicker == nil, hasTones(press.cell) else { return nil }
        return press.time + Self.longPressDuration
    }

    /// A press held `longPressDuration` on an emoji with skin tones shows them while the button is
    /// still down, as GTK's long press does (its release then picks nothing); the pointer moved
    /// off the cell spends it.
    public func advance(to time: Double) -> Bool {
        guard longPressArmed, let press, tonePicker == nil, hasTones(press.cell),
              time >= press.time + Self.longPressDuration else { return false }
        longPressArmed = false
        if let pointerLocation, target(at: pointerLocation) != .cell(press.cell) { return false }
        self.press = nil
        return openTones(ofCell: press.cell)
    }

    private func hasTones(_ cell: Int) -> Bool {
        cells.indices.contains(cell) && !catalog.emoji[cells[cell].emojiIndex].variants.isEmpty
    }

    /// The primary button's release over the cell it went down on picks it; held at least
    /// `longPressDuration` on an emoji with skin tones (a release read late, the loop having been
    /// busy), it shows them instead.
    func pointerUp(at point: Point, button: PointerButton, time: Double) -> Bool {
        guard button == .primary, let press else { return false }
        self.press = nil
        longPressArmed = false
        guard tonePicker == nil, case .cell(let index) = target(at: point), index == press.cell else { return false }
        if time - press.time >= Self.longPressDuration, openTones(ofCell: index) { return true }
        pick(cells[index], at: time)
        return true
    }

    // MARK: The tone picker's geometry

    /// The tone picker's panel: below its cell, or above it where there is no room, inside the grid.
    func tonePickerFrame(_ picker: TonePicker) -> Rect {
        let columns = Double(picker.columns)
        let rowCount = Double(tonePlace(picker.choices.count - 1, in: picker).row + 1)
        let inset = layout.padding / 2
        let width = columns * layout.cell + inset * 2
        let height = rowCount * layout.cell + inset * 2
        let anchor = cellFrame(picker.cellIndex) ?? Rect(x: layout.padding, y: layout.grid.minY, width: layout.cell, height: layout.cell)
        let grid = layout.grid
        var x = anchor.midX - width / 2
        x = max(grid.minX + inset, min(x, grid.maxX - inset - width))
        var y = anchor.maxY
        if y + height > grid.maxY { y = anchor.minY - height }
        y = max(grid.minY, min(y, grid.maxY - height))
        return Rect(x: x.rounded(), y: y.rounded(), width: width, height: height)
    }

    func toneFrame(_ index: Int, in picker: TonePicker) -> Rect {
        let frame = tonePickerFrame(picker)
        let place = tonePlace(index, in: picker)
        let inset = layout.padding / 2
        return Rect(x: frame.minX + inset + Double(place.column) * layout.cell, y: frame.minY + inset + Double(place.row) * layout.cell,
                    width: layout.cell, height: layout.cell)
    }

    /// Where a cell is drawn in the surface (nil when its row is not in the content).
    func cellFrame(_ index: Int) -> Rect? {
        guard rows.rowOfCell.indices.contains(index) else { return nil }
        let rowIndex = rows.rowOfCell[index]
        let row = rows.rows[rowIndex]
        guard let range = rows.cellRange(ofRow: rowIndex) else { return nil }
        return Rect(x: layout.padding + Double(index - range.lowerBound) * layout.cell,
                    y: layout.grid.minY + row.top - scrollOffset, width: layout.cell, height: layout.cell)
    }
}
