import CXlib
import Glibc
import MaterialFields

/// One font face a `FontCache` opened: what a rendering's pixels depend on besides the code. Two
/// machines draw alike only when they open the same faces from the same files.
public struct FontRecord: Hashable, Sendable {
    /// fontconfig's first family name ("Roboto", even for the file that also calls itself "Roboto Medium").
    public var family: String
    /// fontconfig's first style name ("Regular", "Medium", "Book").
    public var style: String
    /// The face's file (fontconfig's FC_FILE).
    public var file: String
    /// The font's revision (FC_FONTVERSION, a 16.16 fixed-point number) with three decimals, as
    /// fonts print theirs ("2.138"); empty when fontconfig does not know it.
    public var version: String
    /// The file's size in bytes (0 when it cannot be read): a rebuilt file of the same revision
    /// can still draw differently.
    public var fileSize: Int

    public init(family: String, style: String, file: String, version: String, fileSize: Int) {
        self.family = family; self.style = style; self.file = file; self.version = version; self.fileSize = fileSize
    }

    /// "2.138" for the 16.16 value 140116.
    public static func versionString(fixed16_16 value: Int) -> String {
        let thousandths = Int((Double(max(0, value)) / 65536 * 1000).rounded())
        let fraction = String(thousandths % 1000)
        return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}

/// Xft fonts by size, weight and role, chosen through fontconfig, with per-character fallback
/// faces for what the text family lacks. Measures text for the model (`TextMeasuring`) and hands
/// runs of one face to the canvas.
///
/// `FontFamily.text` opens `family` (Roboto); `FontFamily.icons` opens `iconFamily` (Material
/// Icons), whose icons are single glyphs at private-use code points. Icon text never goes through
/// the fallback faces: another face's glyph at a private-use code point would be a wrong icon, so
/// a code point the icon face lacks is drawn and measured with the icon face (its missing glyph).
public final class FontCache: TextMeasuring {
    let display: OpaquePointer
    private let screen: Int32
    public let family: String
    /// The family fontconfig actually chose for `family` (differs when it is not installed).
    public private(set) var resolvedFamily = ""
    /// The family `FontFamily.icons` asks fontconfig for.
    package let iconFamily: String
    /// The family fontconfig chose for `iconFamily`; nil until the first icon face is opened.
    package private(set) var resolvedIconFamily: String?
    private let warn: (String) -> Void

    /// Icon faces ignore the weight, the family name and the slant: the icon font has one face.
    struct FaceKey: Hashable {
        var quarterPixels: Int
        var weight: FontWeight
        var family: FontFamily = .text
        /// A fontconfig family for styled text; nil: `FontCache.family`.
        var familyName: String? = nil
        var isItalic = false

        /// What the sorted fallback list depends on (not the size).
        var style: FallbackStyle { FallbackStyle(weight: weight, familyName: familyName, isItalic: isItalic) }
    }
    /// A fallback list per weight, family and slant: a bold italic serif run falls back to bold
    /// italic faces near the serif, as the regular text falls back near Roboto.
    struct FallbackStyle: Hashable { var weight: FontWeight; var familyName: String?; var isItalic: Bool }
    private struct FallbackKey: Hashable { var face: FaceKey; var index: Int }

    private var primaryFaces: [FaceKey: UnsafeMutablePointer<XftFont>] = [:]
    /// The 16 px face opened at start: drawn with when a size cannot be opened.
    private var lastResort: UnsafeMutablePointer<XftFont>!
    private var fallbackFaces: [FallbackKey: UnsafeMutablePointer<XftFont>] = [:]
    /// Candidates for missing characters, best first, one sorted list per weight, family and slant.
    private var fallbackSets: [FallbackStyle: UnsafeMutablePointer<FcFontSet>] = [:]
    private struct FallbackQuery: Hashable { var scalar: UInt32; var prefersColor: Bool }
    /// Code point -> index into the fallback set, or -1 when nothing has it (misses are cached too).
    private var fallbackIndexByScalar: [FallbackStyle: [FallbackQuery: Int]] = [:]

    /// A stretch of text drawn with one face.
    package struct Run {
        package var text: Substring
        package var font: UnsafeMutablePointer<XftFont>
    }

    struct ClusterKey: Hashable { var face: FaceKey; var cluster: Character }
    /// Advances of clusters already measured: typing mostly repeats a few dozen of them.
    var clusterAdvances: [ClusterKey: Double] = [:]
    /// Per face, the advance of each ASCII character (NaN until a text has it): most text is
    /// ASCII, and a table lookup per byte keeps a 10 MB paste from hashing ten million clusters.
    private(set) var asciiAdvances: [FaceKey: [Double]] = [:]
    /// Underline and strikethrough placement per face.
    var decorationMetricsByFace: [FaceKey: DecorationMetrics] = [:]
    static let clusterCacheLimit = 8192

    /// Every face opened so far, each once, in the order they were first opened: the primary face
    /// of each size and weight, fallback faces and the icon face. Kept after `close()`: it says
    /// what a rendering used.
    public private(set) var fontsUsed: [FontRecord] = []

    /// HarfBuzz's font for each Xft face, made on the FreeType face Xft had locked for it.
    var harfBuzzFonts: [UnsafeMutablePointer<XftFont>: HarfBuzzFont] = [:]
    /// Shaped items by text, face and direction: typing re-shapes only the word it changed, and
    /// the label's animation sizes are shaped once each.
    var shapedItems: [ShapeKey: ShapedItem] = [:]
    /// One buffer, cleared for each shaping.
    var shapingBuffer: OpaquePointer?
    private struct OpenedFaceKey: Hashable { var file: String; var index: Int32 }
    private var recordedFaces: Set<OpenedFaceKey> = []

    /// The icon family the Debian package `fonts-material-design-icons-iconfont` installs.
    package static let defaultIconFamily = "Material Icons"

    /// - Parameter warn: receives one line when the text family is missing and another face stands
    ///   in, and (later, when the first icon face is opened) one line when the icon family is missing.
    /// Throws when not even a stand-in face can be opened.
    package init(display: OpaquePointer, screen: Int32, family: String = "Roboto",
                 iconFamily: String = FontCache.defaultIconFamily, warn: @escaping (String) -> Void) throws {
        self.display = display
        self.screen = screen
        self.family = family
        self.iconFamily = iconFamily
        self.warn = warn
        let opened = openFace(for: FaceKey(quarterPixels: 64, weight: .regular))
        // A server gone while the first face opened: no stand-in is asked of it (Xlib would crash).
        // (The face, if one opened, is left: closing it would be a request too.)
        if HostErrorHandlers.isLost(display) { throw HostError.connectionLost }
        guard let probe = opened ?? XftFontOpenName(display, screen, "sans-16") else {
            throw HostError.noUsableFont
        }
        lastResort = probe
        record(probe)
        primaryFaces[FaceKey(quarterPixels: 64, weight: .regular)] = probe
        resolvedFamily = Self.familyName(of: probe.pointee.pattern) ?? ""
        if resolvedFamily.lowercased() != family.lowercased() {
            let hint = family.lowercased() == "roboto" ? " (Debian: apt-get install fonts-roboto)" : ""
            warn("warning: font family '\(family)' is not installed; drawing with '\(resolvedFamily)' instead\(hint)")
        }
    }

    deinit { close() }

    /// Frees every face. The owner calls it before closing the display; afterwards the cache is empty.
    func close() {
        // One close per entry, not per distinct face: Xft returns the face it already has, with
        // one more reference, when two requests resolve to the same font, and each entry holds one.
        // A face's close frees its glyphs on the server: on a lost connection (a request there
        // crashes inside Xlib) the faces are only forgotten, as the process is ending anyway.
        if !HostErrorHandlers.isLost(display) {
            for font in primaryFaces.values { XftFontClose(display, font) }
            for font in fallbackFaces.values { XftFontClose(display, font) }
        }
        for set in fallbackSets.values { FcFontSetDestroy(set) }
        releaseShaping()
        primaryFaces = [:]
        fallbackFaces = [:]
        fallbackSets = [:]
        fallbackIndexByScalar = [:]
        clusterAdvances = [:]
        asciiAdvances = [:]
        decorationMetricsByFace = [:]
    }

    static func key(for spec: FontSpec) -> FaceKey {
        let quarterPixels = max(1, Int((spec.pixelSize * 4).rounded()))
        switch spec.family {
        case .text:
            let name = spec.familyName.flatMap { $0.isEmpty ? nil : $0 }
            return FaceKey(quarterPixels: quarterPixels, weight: spec.weight, family: .text, familyName: name, isItalic: spec.isItalic)
        case .icons: return FaceKey(quarterPixels: quarterPixels, weight: .regular, family: .icons)
        }
    }

    private static func familyName(of pattern: OpaquePointer?) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, FC_FAMILY, 0, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }

    /// The request pattern for a face: family, pixel size, weight, slant, with Xft's and
    /// fontconfig's defaults (antialiasing, hinting from Xft resources) applied. A family that is
    /// not installed is fontconfig's to substitute (its aliases: "serif" finds a serif face); a
    /// slant or weight the family lacks is synthesized by fontconfig's rules (oblique, emboldened).
    private func requestPattern(for key: FaceKey) -> OpaquePointer {
        let pattern = FcPatternCreate()!
        let family = key.family == .icons ? iconFamily : key.familyName ?? self.family
        _ = family.withCString { FcPatternAddString(pattern, FC_FAMILY, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
        FcPatternAddDouble(pattern, FC_PIXEL_SIZE, Double(key.quarterPixels) / 4)
        let weight: Int32
        switch key.weight {
        case .regular: weight = Int32(FC_WEIGHT_REGULAR)
        case .medium: weight = Int32(FC_WEIGHT_MEDIUM)
        case .bold: weight = Int32(FC_WEIGHT_BOLD)
        }
        FcPatternAddInteger(pattern, FC_WEIGHT, weight)
        if key.isItalic && key.family == .text { FcPatternAddInteger(pattern, FC_SLANT, Int32(FC_SLANT_ITALIC)) }
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        XftDefaultSubstitute(display, screen, pattern)
        return pattern
    }

    private func openFace(for key: FaceKey) -> UnsafeMutablePointer<XftFont>? {
        let pattern = requestPattern(for: key)
        defer { FcPatternDestroy(pattern) }
        var result = FcResultNoMatch
        return FcFontMatch(nil, pattern, &result).flatMap(open)
    }

    /// Opens a face from a resolved pattern, which Xft owns on success and we free on failure.
    private func open(_ resolved: OpaquePointer) -> UnsafeMutablePointer<XftFont>? {
        // Opening asks the server (a lost connection: nothing opens; callers fall back to a face they hold).
        guard !HostErrorHandlers.isLost(display), let font = XftFontOpenPattern(display, resolved) else {
            FcPatternDestroy(resolved)
            return nil
        }
        record(font)
        return font
    }

    /// Adds the face to `fontsUsed` unless it is there: one face opens at many sizes.
    private func record(_ font: UnsafeMutablePointer<XftFont>) {
        let pattern = font.pointee.pattern
        func string(_ object: String) -> String {
            var value: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(pattern, object, 0, &value) == FcResultMatch, let value else { return "" }
            return String(cString: value)
        }
        let file = string(FC_FILE)
        var index: Int32 = 0
        _ = FcPatternGetInteger(pattern, FC_INDEX, 0, &index)
        guard recordedFaces.insert(OpenedFaceKey(file: file, index: index)).inserted else { return }
        var fixedVersion: Int32 = 0
        let version = FcPatternGetInteger(pattern, FC_FONTVERSION, 0, &fixedVersion) == FcResultMatch
            ? FontRecord.versionString(fixed16_16: Int(fixedVersion)) : ""
        var status = stat()
        let fileSize = !file.isEmpty && stat(file, &status) == 0 ? Int(status.st_size) : 0
        fontsUsed.append(FontRecord(family: string(FC_FAMILY), style: string(FC_STYLE), file: file,
                                    version: version, fileSize: fileSize))
    }

    func font(for key: FaceKey) -> UnsafeMutablePointer<XftFont> {
        if let font = primaryFaces[key] { return font }
        guard let opened = openFace(for: key) else {
            if key.family == .icons { noteIconFace(nil) }
            return lastResort
        }
        primaryFaces[key] = opened
        if key.family == .icons { noteIconFace(opened) }
        return opened
    }

    /// Records the family of the first icon face opened and warns once when it is not the icon
    /// family (fontconfig substituted another font, or nothing could be opened).
    private func noteIconFace(_ face: UnsafeMutablePointer<XftFont>?) {
        // No face opens once the server is gone: that says nothing of what is installed.
        guard resolvedIconFamily == nil, !HostErrorHandlers.isLost(display) else { return }
        let resolved = face.flatMap { Self.familyName(of: $0.pointee.pattern) } ?? ""
        resolvedIconFamily = resolved
        guard resolved.lowercased() != iconFamily.lowercased() else { return }
        let hint = iconFamily == Self.defaultIconFamily
            ? " (Debian: apt-get install fonts-material-design-icons-iconfont)" : ""
        warn("warning: the \(iconFamily) font is not installed; icons will not draw correctly\(hint)")
    }

    /// Whether the face `spec` asks for has a glyph for `scalar` (for icons: whether that icon
    /// exists in the icon font; a missing one draws as the icon face's missing-glyph box).
    package func hasGlyph(_ scalar: Unicode.Scalar, font spec: FontSpec) -> Bool {
        XftCharExists(display, font(for: Self.key(for: spec)), scalar.value) == FcTrue
    }

    private func fallbackSet(for style: FallbackStyle) -> UnsafeMutablePointer<FcFontSet>? {
        if let set = fallbackSets[style] { return set }
        let pattern = requestPattern(for: FaceKey(quarterPixels: 64, weight: style.weight, familyName: style.familyName,
                                                  isItalic: style.isItalic))
        defer { FcPatternDestroy(pattern) }
        var result = FcResultNoMatch
        guard let set = FcFontSort(nil, pattern, FcTrue, nil, &result) else { return nil }
        fallbackSets[style] = set
        return set
    }

    /// The best face in the sorted fallback list that has `scalar`. Emoji-presentation characters
    /// prefer a colour face, so ☕ and 🎉 look alike even where a text face sorts first.
    private func fallbackIndex(for query: FallbackQuery, style: FallbackStyle) -> Int {
        if let index = fallbackIndexByScalar[style]?[query] { return index }
        var found = -1
        if let set = fallbackSet(for: style) {
            let candidates = (0..<Int(set.pointee.nfont)).filter { index in
                var charset: OpaquePointer?
                guard let candidate = set.pointee.fonts[index],
                      FcPatternGetCharSet(candidate, FC_CHARSET, 0, &charset) == FcResultMatch else { return false }
                return FcCharSetHasChar(charset, query.scalar) == FcTrue
            }
            let colour = candidates.first { index in
                var isColor: FcBool = FcFalse
                return FcPatternGetBool(set.pointee.fonts[index], FC_COLOR, 0, &isColor) == FcResultMatch && isColor == FcTrue
            }
            found = (query.prefersColor ? colour : nil) ?? candidates.first ?? -1
        }
        fallbackIndexByScalar[style, default: [:]][query] = found
        return found
    }

    private func fallbackFont(index: Int, key: FaceKey) -> UnsafeMutablePointer<XftFont>? {
        let cacheKey = FallbackKey(face: key, index: index)
        if let font = fallbackFaces[cacheKey] { return font }
        guard let set = fallbackSet(for: key.style), let candidate = set.pointee.fonts[index] else { return nil }
        let pattern = requestPattern(for: key)
        defer { FcPatternDestroy(pattern) }
        guard let font = FcFontRenderPrepare(nil, pattern, candidate).flatMap(open) else { return nil }
        fallbackFaces[cacheKey] = font
        return font
    }

    /// Scalars that never decide a face on their own: joiners, variation selectors, combining marks.
    private static func isFollower(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200C, 0x200D, 0xFE00...0xFE0F, 0xE0100...0xE01EF: return true
        default: return scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .enclosingMark
        }
    }

    /// The face for one grapheme cluster: the main face when it has every scalar, otherwise the
    /// first fallback that has the cluster's base character.
    func face(for character: Character, key: FaceKey, primary: UnsafeMutablePointer<XftFont>) -> UnsafeMutablePointer<XftFont> {
        let scalars = character.unicodeScalars
        if scalars.allSatisfy({ XftCharExists(display, primary, $0.value) == FcTrue || Self.isFollower($0) }) {
            return primary
        }
        let base = scalars.first { !Self.isFollower($0) } ?? scalars.first!
        if XftCharExists(display, primary, base.value) == FcTrue { return primary }
        let prefersColor = base.properties.isEmojiPresentation || scalars.contains { $0.value == 0xFE0F }
        let index = fallbackIndex(for: FallbackQuery(scalar: base.value, prefersColor: prefersColor), style: key.style)
        guard index >= 0, let font = fallbackFont(index: index, key: key) else { return primary }
        return font
    }

    package func advance(of run: Run) -> Double {
        var extents = XGlyphInfo()
        // Measuring loads the glyphs, which uploads them to the server: none once it is gone.
        guard !HostErrorHandlers.isLost(display) else { return 0 }
        var bytes = Array(run.text.utf8)
        XftTextExtentsUtf8(display, run.font, &bytes, Int32(bytes.count), &extents)
        return Double(extents.xOff)
    }

    // MARK: TextMeasuring

    /// A paragraph's width: its runs of one direction, each shaped as it is drawn.
    public func advance(of text: Substring, font spec: FontSpec) -> Double {
        paragraphRuns(of: text).reduce(0) { $0 + runAdvance(of: $1.text, font: spec, rightToLeft: $1.rightToLeft) }
    }

    /// Every cluster left to right: text in simple scripts measured a cluster at a time (each
    /// cached, as Xft draws it glyph by glyph), the rest shaped by HarfBuzz a word at a time.
    public func caretStops(of text: Substring, font spec: FontSpec) -> [Double] {
        let key = Self.key(for: spec)
        if let stops = asciiCaretStops(of: text, face: key, font: spec) { return stops }
        return Self.stops(from: advancesOfClusters(in: text, font: spec, rightToLeft: false))
    }

    /// The advances `caretStops(of:font:)` sums for ASCII text in `spec` (NaN for a character no
    /// text has had yet), so a layout can make those stops again without asking.
    public func asciiAdvances(for spec: FontSpec) -> [Double]? {
        asciiAdvances[Self.key(for: spec)] ?? [Double](repeating: .nan, count: 128)
    }

    /// Each run of one direction shaped in it.
    public func caretStops(of text: Substring, font spec: FontSpec, levels: [UInt8]) -> [Double] {
        guard levels.contains(where: { $0 & 1 == 1 }) else { return caretStops(of: text, font: spec) }
        // Runs of one level, as the layout draws them (levels 1 and 3 side by side are two runs).
        var advances: [Double] = []
        advances.reserveCapacity(levels.count)
        var runStart = text.startIndex, index = text.startIndex, cluster = 0
        var runLevel = levels.first ?? 0
        while index < text.endIndex {
            let level = cluster < levels.count ? levels[cluster] : runLevel
            if level != runLevel {
                advances += advancesOfClusters(in: text[runStart..<index], font: spec, rightToLeft: runLevel & 1 == 1)
                runStart = index
                runLevel = level
            }
            index = text.index(after: index)
            cluster += 1
        }
        advances += advancesOfClusters(in: text[runStart..<text.endIndex], font: spec, rightToLeft: runLevel & 1 == 1)
        return Self.stops(from: advances)
    }

    private static func stops(from advances: [Double]) -> [Double] {
        var stops = [0.0]
        stops.reserveCapacity(advances.count + 1)
        var x = 0.0
        for advance in advances {
            x += advance
            stops.append(x)
        }
        return stops
    }

    /// Styled text: each piece of one style and one direction measured as `XftCanvas` draws it,
    /// with the segment's context (the text around it where it meets another style) given to the
    /// shaper, and the segment's kern after each cluster.
    public func caretStops(of text: Substring, segments: [StyledSegment], levels: [UInt8]?) -> [Double] {
        let bounds = Array(text.indices) + [text.endIndex]
        let count = bounds.count - 1
        let levels = levels.flatMap { $0.count == count && $0.contains(where: { $0 & 1 == 1 }) ? $0 : nil }
        var advances: [Double] = []
        advances.reserveCapacity(count)
        var start = 0
        for segment in segments where start < count {
            let end = min(count, start + max(0, segment.count))
            var pieceStart = start
            while pieceStart < end {
                var pieceEnd = pieceStart + 1
                if let levels { while pieceEnd < end && levels[pieceEnd] == levels[pieceStart] { pieceEnd += 1 } } else { pieceEnd = end }
                let before = pieceStart == start ? segment.contextBefore : ""
                let after = pieceEnd == end ? segment.contextAfter : ""
                let piece = advancesOfClusters(in: text[bounds[pieceStart]..<bounds[pieceEnd]], font: segment.font,
                                               rightToLeft: levels.map { $0[pieceStart] & 1 == 1 } ?? false,
                                               contextBefore: before, contextAfter: after)
                for (offset, advance) in piece.enumerated() {
                    let isBreak = text[bounds[pieceStart + offset]].isNewline
                    // A negative kern tightens, never past the cluster's own start: stops never fall.
                    advances.append(max(0, advance + (isBreak ? 0 : segment.kern)))
                }
                pieceStart = pieceEnd
            }
            start = end
        }
        // Clusters past the segments: the last segment's font, or the text face at 16 px.
        if start < count {
            advances += advancesOfClusters(in: text[bounds[start]...], font: segments.last?.font ?? FontSpec(pixelSize: 16), rightToLeft: false)
        }
        return Self.stops(from: advances)
    }

    /// The advance of every cluster of a run of one direction, in storage order.
    func advancesOfClusters(in text: Substring, font spec: FontSpec, rightToLeft: Bool, contextBefore: String = "",
                            contextAfter: String = "") -> [Double] {
        let key = Self.key(for: spec)
        var advances: [Double] = []
        for item in items(of: text, font: spec, rightToLeft: rightToLeft, contextBefore: contextBefore, contextAfter: contextAfter) {
            if item.isShaped {
                advances += shape(item, rightToLeft: rightToLeft).clusterAdvances
                continue
            }
            for cluster in item.text {
                let cacheKey = ClusterKey(face: key, cluster: cluster)
                if let cached = clusterAdvances[cacheKey] {
                    advances.append(cached)
                    continue
                }
                let width = advance(of: Run(text: Substring(String(cluster)), font: item.font))
                if clusterAdvances.count >= Self.clusterCacheLimit { clusterAdvances.removeAll(keepingCapacity: true) }
                clusterAdvances[cacheKey] = width
                advances.append(width)
            }
        }
        return advances
    }

    /// The stops of a text that is all ASCII, where every byte is a cluster (but CR LF, so a CR
    /// sends the text the general way); nil for any other text.
    private func asciiCaretStops(of text: Substring, face key: FaceKey, font spec: FontSpec) -> [Double]? {
        var text = text
        return text.withUTF8 { bytes -> [Double]? in
            guard let base = bytes.baseAddress else { return nil }
            let count = bytes.count
            var index = 0
            while index < count {
                let byte = base[index]
                if byte >= 0x80 || byte == 0x0D { return nil }
                index += 1
            }
            // Each character's advance is measured the first time a text has it (NaN until then):
            // measuring loads (rasterizes) its glyph, and most of a face's ASCII glyphs, control
            // characters included, are never drawn.
            var table = asciiAdvances.removeValue(forKey: key) ?? [Double](repeating: .nan, count: 128)
            defer { asciiAdvances[key] = table }
            return table.withUnsafeMutableBufferPointer { advances in
                let widths = advances.baseAddress!
                return [Double](unsafeUninitializedCapacity: count + 1) { stops, initialized in
                    let out = stops.baseAddress!
                    var x = 0.0
                    out[0] = 0
                    var index = 0
                    while index < count {
                        let byte = Int(base[index])
                        var width = widths[byte]
                        if width.isNaN {
                            width = advance(of: Substring(String(UnicodeScalar(UInt8(byte)))), font: spec)
                            widths[byte] = width
                        }
                        x += width
                        index += 1
                        out[index] = x
                    }
                    initialized = count + 1
                }
            }
        }
    }

    public func lineMetrics(for spec: FontSpec) -> LineMetrics {
        let primary = font(for: Self.key(for: spec))
        return LineMetrics(ascent: Double(primary.pointee.ascent), descent: Double(primary.pointee.descent))
    }
}
