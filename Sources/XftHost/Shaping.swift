import CShaping
import CXlib
import MaterialFields

/// HarfBuzz's font on one Xft face's FreeType face.
struct HarfBuzzFont {
    var face: FT_Face
    var font: OpaquePointer
}

struct ShapeKey: Hashable {
    var text: String
    var font: UnsafeMutablePointer<XftFont>
    var rightToLeft: Bool
    /// What the shaper sees before and after the item (`ShapingContext`), empty at most edges.
    var contextBefore = ""
    var contextAfter = ""
}

/// One item shaped by HarfBuzz: glyphs left to right with pixel positions from the item's left
/// end and baseline, its width, and each grapheme cluster's advance in storage order (a ligature
/// over several clusters, such as lam-alef, shares its advance among them, so a caret between
/// them stands inside the ligature as in GTK).
struct ShapedItem {
    /// A glyph and where it stands from the item's left end and baseline, in whole pixels (not
    /// clamped: an item may be wider than X's 16-bit coordinates).
    struct Glyph {
        var id: UInt32
        var x: Int
        var y: Int
    }
    var glyphs: [Glyph]
    /// The grapheme cluster (index in the item) each glyph belongs to.
    var glyphClusters: [Int] = []
    /// Exact (unrounded) advances: a word measured again after an edit adds up to what the whole
    /// line's measuring gave, wherever rounding would have fallen.
    var clusterAdvances: [Double]
    var width: Double
}

extension FontCache {
    /// A stretch of a run drawn with one face, shaped by HarfBuzz or (`isShaped` false) set glyph
    /// by glyph by Xft as simple text always was.
    package struct Item {
        package var text: Substring
        package var font: UnsafeMutablePointer<XftFont>
        package var isShaped: Bool
        /// The text around a piece of one style where it meets another (`ShapingContext`): the
        /// shaper joins across it without drawing it. Only a run's first and last items have any.
        package var contextBefore = ""
        package var contextAfter = ""
    }

    /// Whether a cluster needs a shaper to be drawn right: anything but a single character of the
    /// scripts whose glyphs never join, reorder or stack (Latin, Greek, Cyrillic, CJK, Hangul
    /// syllables, punctuation and symbols). Simple text keeps Xft's glyph-by-glyph path, which is
    /// what Latin typing costs and how every golden was drawn.
    static func needsShaping(_ cluster: Character) -> Bool {
        if cluster.isASCII { return false }
        let scalars = cluster.unicodeScalars
        guard let scalar = scalars.first, scalars.count == 1 else { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format: return true
        default: break
        }
        switch scalar.value {
        case 0x00A0...0x02FF, 0x0370...0x052F, 0x1E00...0x1FFF, 0x2000...0x2BFF, 0x3000...0x9FFF,
             0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF00...0xFFEF:
            return false
        default:
            return true
        }
    }

    /// `text` (one direction) cut where the face changes and, left to right, where shaping starts
    /// or stops being needed; shaped items also end after a space, so a word is shaped alike
    /// whatever surrounds it (the model re-measures an edit's words alone). Right-to-left text is
    /// always shaped, so that neutral characters in it (spaces, punctuation) come out in its
    /// order. Icons are never shaped or substituted. A cluster stays in the fallback face of the
    /// one before when that face has it, so a word is not split between faces (Arabic letters
    /// join only within one).
    package func items(of text: Substring, font spec: FontSpec, rightToLeft: Bool,
                       contextBefore: String = "", contextAfter: String = "") -> [Item] {
        var items = uncontextualItems(of: text, font: spec, rightToLeft: rightToLeft)
        if !contextBefore.isEmpty, !items.isEmpty { items[0].contextBefore = contextBefore }
        if !contextAfter.isEmpty, !items.isEmpty { items[items.count - 1].contextAfter = contextAfter }
        return items
    }

    private func uncontextualItems(of text: Substring, font spec: FontSpec, rightToLeft: Bool) -> [Item] {
        let key = Self.key(for: spec)
        let primary = font(for: key)
        if key.family == .icons { return text.isEmpty ? [] : [Item(text: text, font: primary, isShaped: false)] }
        // Typed Latin text: ASCII needs no shaping, so text the main face has whole is one item,
        // as the loop below would find a cluster at a time (what most frames draw).
        if !rightToLeft, !text.isEmpty, text.utf8.allSatisfy({ $0 < 0x80 && XftCharExists(display, primary, UInt32($0)) == FcTrue }) {
            return [Item(text: text, font: primary, isShaped: false)]
        }
        var items: [Item] = []
        var start = text.startIndex, index = text.startIndex
        var current: (font: UnsafeMutablePointer<XftFont>, shaped: Bool)?
        var afterSpace = false
        // The script of the open item: a shaper handles one at a time (Arabic after Hebrew in
        // one face must still join).
        var openScript: hb_script_t?
        while index < text.endIndex {
            let cluster = text[index]
            var face = face(for: cluster, key: key, primary: primary)
            let shaped = rightToLeft || Self.needsShaping(cluster)
            if shaped, let open = current, open.shaped, open.font != primary, face != open.font, !cluster.isWhitespace,
               cluster.unicodeScalars.allSatisfy({ XftCharExists(display, open.font, $0.value) == FcTrue }) {
                face = open.font
            }
            let script = shaped ? Self.script(of: cluster) : nil
            let otherScript = script != nil && openScript != nil && script != openScript
            if let open = current, open.font != face || open.shaped != shaped || (shaped && (afterSpace || otherScript)) {
                items.append(Item(text: text[start..<index], font: open.font, isShaped: open.shaped))
                start = index
                openScript = nil
            }
            current = (face, shaped)
            openScript = openScript ?? script
            afterSpace = cluster.isWhitespace
            index = text.index(after: index)
        }
        if let open = current, start < text.endIndex {
            items.append(Item(text: text[start..<text.endIndex], font: open.font, isShaped: open.shaped))
        }
        return items
    }

    /// The script of a cluster's first character that has one (nil for digits, punctuation,
    /// marks alone: they go with their neighbours).
    private static func script(of cluster: Character) -> hb_script_t? {
        let functions = hb_unicode_funcs_get_default()
        for scalar in cluster.unicodeScalars {
            let script = hb_unicode_script(functions, scalar.value)
            if script != HB_SCRIPT_COMMON && script != HB_SCRIPT_INHERITED && script != HB_SCRIPT_UNKNOWN { return script }
        }
        return nil
    }

    /// The width of a run of one direction, as `XftCanvas` draws it.
    func runAdvance(of text: Substring, font spec: FontSpec, rightToLeft: Bool, contextBefore: String = "",
                    contextAfter: String = "") -> Double {
        items(of: text, font: spec, rightToLeft: rightToLeft, contextBefore: contextBefore, contextAfter: contextAfter)
            .reduce(0) { total, item in
            total + (item.isShaped ? shape(item, rightToLeft: rightToLeft).width : advance(of: Run(text: item.text, font: item.font)))
        }
    }

    private static let shapeCacheLimit = 4096

    /// The item shaped by HarfBuzz on the FreeType face Xft opened for it (cached).
    func shape(_ item: Item, rightToLeft: Bool) -> ShapedItem {
        let key = ShapeKey(text: String(item.text), font: item.font, rightToLeft: rightToLeft,
                           contextBefore: item.contextBefore, contextAfter: item.contextAfter)
        if let cached = shapedItems[key] { return cached }
        let shaped = harfBuzzShape(key) ?? unshaped(item)
        if shapedItems.count >= Self.shapeCacheLimit { shapedItems.removeAll(keepingCapacity: true) }
        shapedItems[key] = shaped
        return shaped
    }

    /// Glyph by glyph through Xft, for a face FreeType cannot lend (never expected).
    private func unshaped(_ item: Item) -> ShapedItem {
        let advances = item.text.map { advance(of: Run(text: Substring(String($0)), font: item.font)) }
        return ShapedItem(glyphs: [], clusterAdvances: advances, width: advances.reduce(0, +))
    }

    private func harfBuzzShape(_ key: ShapeKey) -> ShapedItem? {
        guard let face = XftLockFace(key.font) else { return nil }
        defer { XftUnlockFace(key.font) }
        let font = harfBuzzFont(for: key.font, face: face)
        if shapingBuffer == nil { shapingBuffer = hb_buffer_create() }
        guard let buffer = shapingBuffer else { return nil }
        hb_buffer_clear_contents(buffer)
        // The item with its context around it: HarfBuzz shapes only the item, reading the rest
        // for joining and contextual forms (cluster values stay byte offsets in the whole).
        var bytes = Array(key.contextBefore.utf8) + Array(key.text.utf8) + Array(key.contextAfter.utf8)
        let itemOffset = UInt32(key.contextBefore.utf8.count)
        let total = Int32(bytes.count), itemLength = Int32(key.text.utf8.count)
        bytes.withUnsafeMutableBufferPointer { pointer in
            pointer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: pointer.count) {
                hb_buffer_add_utf8(buffer, $0, total, UInt32(itemOffset), itemLength)
            }
        }
        hb_buffer_set_direction(buffer, key.rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, nil) else { return nil }

        // Where each grapheme cluster starts, in UTF-8 bytes (HarfBuzz's cluster values).
        var starts: [UInt32] = []
        var offset: UInt32 = 0
        for cluster in key.text {
            starts.append(offset)
            offset += UInt32(cluster.utf8.count)
        }
        func grapheme(containing byte: UInt32) -> Int {
            var low = 0, high = starts.count - 1
            while low < high {
                let mid = (low + high + 1) / 2
                if starts[mid] <= byte { low = mid } else { high = mid - 1 }
            }
            return low
        }
        // A bitmap face (Noto Color Emoji) has one strike, which Xft scales to the size asked
        // for and HarfBuzz does not: its glyphs advance as Xft measures them.
        let isBitmapFace = face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) == 0
        var glyphs: [ShapedItem.Glyph] = []
        glyphs.reserveCapacity(Int(count))
        var glyphClusters: [Int] = []
        var advances26 = [Int](repeating: 0, count: starts.count)
        var owns = [Bool](repeating: false, count: starts.count)
        var pen = 0
        for index in 0..<Int(count) {
            let info = infos[index]
            var position = positions[index]
            // Measuring a glyph may upload it to the server: not once the server is gone.
            if isBitmapFace, !HostErrorHandlers.isLost(display) {
                var glyph = FT_UInt(info.codepoint)
                var extents = XGlyphInfo()
                XftGlyphExtents(display, key.font, &glyph, 1, &extents)
                position = hb_glyph_position_t(x_advance: Int32(extents.xOff) * 64, y_advance: 0, x_offset: 0, y_offset: 0,
                                               var: position.var)
            }
            let owner = grapheme(containing: info.cluster &- itemOffset)
            glyphClusters.append(owner)
            advances26[owner] += Int(position.x_advance)
            owns[owner] = true
            glyphs.append(ShapedItem.Glyph(id: info.codepoint, x: Self.pixels(pen + Int(position.x_offset)),
                                           y: Self.pixels(-Int(position.y_offset))))
            pen += Int(position.x_advance)
        }
        // A glyph over several clusters (a ligature) shares its advance among them.
        var first = 0
        while first < starts.count {
            var end = first + 1
            while end < starts.count && !owns[end] { end += 1 }
            if end - first > 1 {
                let total = advances26[first], share = total / (end - first)
                for index in first..<end { advances26[index] = share }
                advances26[end - 1] += total - share * (end - first)
            }
            first = end
        }
        return ShapedItem(glyphs: glyphs, glyphClusters: glyphClusters, clusterAdvances: advances26.map { Double($0) / 64 },
                          width: Double(pen) / 64)
    }

    /// The font's own underline (the `post` table's) and strikethrough (the `OS/2` table's),
    /// read through HarfBuzz in whole pixels; estimated from the line metrics for a face without them.
    public func decorationMetrics(for spec: FontSpec) -> DecorationMetrics {
        let key = Self.key(for: spec)
        if let cached = decorationMetricsByFace[key] { return cached }
        let primary = font(for: key)
        let line = LineMetrics(ascent: Double(primary.pointee.ascent), descent: Double(primary.pointee.descent))
        var metrics = DecorationMetrics.estimated(for: line, pixelSize: spec.pixelSize)
        if !HostErrorHandlers.isLost(display), let face = XftLockFace(primary) {
            defer { XftUnlockFace(primary) }
            let font = harfBuzzFont(for: primary, face: face)
            func position(_ tag: hb_ot_metrics_tag_t) -> Double? {
                var value: hb_position_t = 0
                return hb_ot_metrics_get_position(font, tag, &value) != 0 ? Double(value) / 64 : nil
            }
            if let thickness = position(HB_OT_METRICS_TAG_UNDERLINE_SIZE), thickness > 0,
               let offset = position(HB_OT_METRICS_TAG_UNDERLINE_OFFSET) {
                metrics.underlineThickness = max(1, thickness.rounded())
                metrics.underlineOffset = max(1, (-offset).rounded())
            }
            if let thickness = position(HB_OT_METRICS_TAG_STRIKEOUT_SIZE), thickness > 0,
               let offset = position(HB_OT_METRICS_TAG_STRIKEOUT_OFFSET), offset > 0 {
                metrics.strikethroughThickness = max(1, thickness.rounded())
                metrics.strikethroughOffset = offset.rounded()
            }
        }
        decorationMetricsByFace[key] = metrics
        return metrics
    }

    /// 26.6 fixed point to whole pixels, to nearest.
    private static func pixels(_ value: Int) -> Int { Int((Double(value) / 64).rounded()) }

    /// HarfBuzz's font for an Xft face, on the FreeType face Xft just locked (which it sized for
    /// this face: faces of one file share it, so the scale is read again each time).
    private func harfBuzzFont(for xftFont: UnsafeMutablePointer<XftFont>, face: FT_Face) -> OpaquePointer {
        if let existing = harfBuzzFonts[xftFont], existing.face == face {
            hb_ft_font_changed(existing.font)
            return existing.font
        }
        if let stale = harfBuzzFonts[xftFont] { hb_font_destroy(stale.font) }
        let font = hb_ft_font_create_referenced(face)!
        harfBuzzFonts[xftFont] = HarfBuzzFont(face: face, font: font)
        return font
    }

    func releaseShaping() {
        for entry in harfBuzzFonts.values { hb_font_destroy(entry.font) }
        harfBuzzFonts = [:]
        shapedItems = [:]
        if let buffer = shapingBuffer { hb_buffer_destroy(buffer) }
        shapingBuffer = nil
    }

    // MARK: Bidi (FriBidi)

    public func bidiLevels(of paragraph: Substring, base: WritingDirection) -> [UInt8] {
        let scalars = paragraph.unicodeScalars.map { FriBidiChar($0.value) }
        guard !scalars.isEmpty else { return [] }
        let count = FriBidiStrIndex(scalars.count)
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: scalars.count)
        fribidi_get_bidi_types(scalars, count, &types)
        var brackets = [FriBidiBracketType](repeating: 0, count: scalars.count)
        fribidi_get_bracket_types(scalars, count, types, &brackets)
        var direction = base == .rightToLeft ? cshaping_par_rtl : cshaping_par_ltr
        var levels = [FriBidiLevel](repeating: 0, count: scalars.count)
        guard fribidi_get_par_embedding_levels_ex(types, brackets, count, &direction, &levels) != 0 else {
            return Bidi.simplifiedLevels(of: paragraph, base: base)
        }
        // A cluster's level is its first character's (marks and joiners follow their base).
        var result: [UInt8] = []
        result.reserveCapacity(scalars.count)
        var index = 0
        for cluster in paragraph {
            result.append(UInt8(clamping: Int(levels[index])))
            index += cluster.unicodeScalars.count
        }
        return result
    }

    /// FriBidi's Bidi_Class of `scalar` (`fribidi_get_bidi_type`: the data of FriBidi's
    /// Unicode version, `fribidiUnicodeVersion`), so the model decides a text's direction with
    /// the classes FriBidi resolves its levels with.
    public func bidiClass(of scalar: Unicode.Scalar) -> BidiClass {
        Self.fribidiClass(of: scalar) ?? BidiClass(scalar)
    }

    /// FriBidi's class of `scalar`; nil if FriBidi answered with a type that is no class.
    package static func fribidiClass(of scalar: Unicode.Scalar) -> BidiClass? {
        bidiClass(fribidiType: fribidi_get_bidi_type(FriBidiChar(scalar.value)))
    }

    /// The Unicode version of FriBidi's character data, as FriBidi reports it ("10.0.0").
    package static var fribidiUnicodeVersion: String { String(cString: fribidi_unicode_version) }

    /// The class a FriBidi character type stands for; nil for a type FriBidi never gives a character.
    private static func bidiClass(fribidiType type: FriBidiCharType) -> BidiClass? {
        switch type {
        case FRIBIDI_TYPE_LTR: return .leftToRight
        case FRIBIDI_TYPE_RTL: return .rightToLeft
        case FRIBIDI_TYPE_AL: return .arabicLetter
        case FRIBIDI_TYPE_EN: return .europeanNumber
        case FRIBIDI_TYPE_ES: return .europeanSeparator
        case FRIBIDI_TYPE_ET: return .europeanTerminator
        case FRIBIDI_TYPE_AN: return .arabicNumber
        case FRIBIDI_TYPE_CS: return .commonSeparator
        case FRIBIDI_TYPE_NSM: return .nonspacingMark
        case FRIBIDI_TYPE_BN: return .boundaryNeutral
        case FRIBIDI_TYPE_BS: return .paragraphSeparator
        case FRIBIDI_TYPE_SS: return .segmentSeparator
        case FRIBIDI_TYPE_WS: return .whiteSpace
        case FRIBIDI_TYPE_ON: return .otherNeutral
        case FRIBIDI_TYPE_LRE: return .leftToRightEmbedding
        case FRIBIDI_TYPE_LRO: return .leftToRightOverride
        case FRIBIDI_TYPE_RLE: return .rightToLeftEmbedding
        case FRIBIDI_TYPE_RLO: return .rightToLeftOverride
        case FRIBIDI_TYPE_PDF: return .popDirectionalFormat
        case FRIBIDI_TYPE_LRI: return .leftToRightIsolate
        case FRIBIDI_TYPE_RLI: return .rightToLeftIsolate
        case FRIBIDI_TYPE_FSI: return .firstStrongIsolate
        case FRIBIDI_TYPE_PDI: return .popDirectionalIsolate
        default: return nil
        }
    }

    /// FriBidi's rule P2: the direction of the first strong character, nil when there is none.
    func firstStrongDirection(of text: Substring) -> WritingDirection? {
        let scalars = text.unicodeScalars.map { FriBidiChar($0.value) }
        guard !scalars.isEmpty else { return nil }
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: scalars.count)
        fribidi_get_bidi_types(scalars, FriBidiStrIndex(scalars.count), &types)
        switch fribidi_get_par_direction(types, FriBidiStrIndex(scalars.count)) {
        case cshaping_par_rtl: return .rightToLeft
        case cshaping_par_ltr: return .leftToRight
        default: return nil
        }
    }

    /// A paragraph's runs of one direction in visual order, left to right: left-to-right text
    /// with no right-to-left character in it is one run, untouched.
    func paragraphRuns(of text: Substring) -> [(text: Substring, rightToLeft: Bool)] {
        guard !text.isEmpty else { return [] }
        guard text.utf8.contains(where: { $0 >= 0x80 }), text.contains(where: Bidi.mayBeRightToLeft) else {
            return [(text, false)]
        }
        let base = firstStrongDirection(of: text) ?? .leftToRight
        let levels = bidiLevels(of: text, base: base)
        let clusterStarts = Array(text.indices) + [text.endIndex]
        guard levels.count + 1 == clusterStarts.count else { return [(text, false)] }
        let order = Bidi.visualOrder(levels[...])
        var runs: [(text: Substring, rightToLeft: Bool)] = []
        var index = 0
        while index < order.count {
            let rightToLeft = levels[order[index]] & 1 == 1
            var end = index + 1
            while end < order.count, (levels[order[end]] & 1 == 1) == rightToLeft,
                  order[end] == order[end - 1] + (rightToLeft ? -1 : 1) {
                end += 1
            }
            let low = min(order[index], order[end - 1]), high = max(order[index], order[end - 1])
            runs.append((text[clusterStarts[low]..<clusterStarts[high + 1]], rightToLeft))
            index = end
        }
        return runs
    }
}
