import CXlib
import Foundation
import XCTest
@testable import XftHost

/// `PinnedFonts` and `Resources/fonts.conf`: the file is pinned unless FONTCONFIG_FILE already
/// chose one or its folders are missing; read alone by fontconfig, it resolves every face of the
/// goldens' manifest (`Tests/Goldens/fonts.txt`) to the recorded file, falls back in the order the
/// goldens were drawn with whatever the language, and sets the rasterizer as they were drawn.
final class PinnedFontsTests: XCTestCase {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let configurationPath = repository.appendingPathComponent("Resources/fonts.conf").path

    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("pinned-fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    private func resources(withConfiguration text: String?) throws -> ResourceDirectory.Lookup {
        if let text { try text.write(to: root.appendingPathComponent("fonts.conf"), atomically: true, encoding: .utf8) }
        return ResourceDirectory.Lookup(directory: ResourceDirectory(path: root.path, origin: .environment), searched: [])
    }

    // MARK: Pinning

    func testTheFileIsPinnedThroughFontconfigFile() throws {
        let folder = root.appendingPathComponent("fonts").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var set: [String: String] = [:]
        let outcome = PinnedFonts.pin(resources: try resources(withConfiguration: "<fontconfig><dir>\(folder)</dir></fontconfig>"),
                                      environment: { _ in nil }, setEnvironment: { set[$0] = $1 })
        let path = root.appendingPathComponent("fonts.conf").path
        XCTAssertEqual(outcome, .pinned(path))
        XCTAssertEqual(set, ["FONTCONFIG_FILE": path])
        XCTAssertNil(outcome.warning)
        XCTAssertEqual(outcome.kind, "pinned")
    }

    func testAFontconfigFileGivenIsKept() throws {
        var set: [String: String] = [:]
        let outcome = PinnedFonts.pin(resources: try resources(withConfiguration: "<fontconfig/>"),
                                      environment: { $0 == "FONTCONFIG_FILE" ? "/etc/fonts/fonts.conf" : nil }, setEnvironment: { set[$0] = $1 })
        XCTAssertEqual(outcome, .chosenByEnvironment("/etc/fonts/fonts.conf"))
        XCTAssertEqual(outcome.configurationPath, "/etc/fonts/fonts.conf")
        XCTAssertTrue(set.isEmpty)
    }

    func testMissingFontFoldersLeaveTheSystemConfigurationWithOneLine() throws {
        var set: [String: String] = [:]
        let absent = root.appendingPathComponent("no-fonts-here").path
        let outcome = PinnedFonts.pin(resources: try resources(withConfiguration: "<fontconfig><dir>\(absent)</dir></fontconfig>"),
                                      environment: { _ in nil }, setEnvironment: { set[$0] = $1 })
        XCTAssertTrue(set.isEmpty)
        XCTAssertNil(outcome.configurationPath)
        XCTAssertEqual(outcome.warning, "\(root.path)/fonts.conf pins fonts from \(absent), which this machine lacks "
                       + "(./run.sh installs the packages): drawing with the system's font configuration")
    }

    func testAFileNamingNoFontFolderIsNotPinned() throws {
        let outcome = PinnedFonts.pin(resources: try resources(withConfiguration: "<fontconfig><dir prefix=\"xdg\">fonts</dir></fontconfig>"),
                                      environment: { _ in nil }, setEnvironment: { _, _ in XCTFail("pinned") })
        XCTAssertEqual(outcome.warning, "\(root.path)/fonts.conf names no font folder (<dir>): drawing with the system's font configuration")
    }

    func testNoResourcesOrNoFileLeaveTheSystemConfiguration() throws {
        let missing = ResourceDirectory.Lookup(directory: nil, searched: ["$MATERIALFIELDS_RESOURCES=/x, no such folder"])
        let withoutFolder = PinnedFonts.pin(resources: missing, environment: { _ in nil }, setEnvironment: { _, _ in XCTFail("pinned") })
        XCTAssertEqual(withoutFolder.warning, missing.missingMessage)
        let withoutFile = PinnedFonts.pin(resources: try resources(withConfiguration: nil), environment: { _ in nil },
                                          setEnvironment: { _, _ in XCTFail("pinned") })
        XCTAssertEqual(withoutFile.warning, "no fonts.conf in \(root.path): drawing with the system's font configuration")
        XCTAssertEqual(withoutFile.kind, "system")
    }

    func testFontFoldersAreTheDirElementsOutsideComments() {
        let text = """
            <fontconfig>
              <!-- <dir>/commented/out</dir> -->
              <dir>/a/b</dir>
              <dir prefix="xdg">fonts</dir>
              <dir>~/.fonts</dir>
              <directory>/not/a/dir</directory>
              <dir> /c </dir>
            </fontconfig>
            """
        XCTAssertEqual(PinnedFonts.fontFolders(inConfiguration: text), ["/a/b", "/c"])
    }

    // MARK: The repository's fonts.conf, read alone

    private final class Configuration {
        let config: OpaquePointer
        init(path: String) throws {
            config = FcConfigCreate()
            guard FcConfigParseAndLoad(config, path, FcTrue) == FcTrue, FcConfigBuildFonts(config) == FcTrue else {
                FcConfigDestroy(config)
                throw XCTSkip("fontconfig cannot load \(path)")
            }
        }
        deinit { FcConfigDestroy(config) }

        /// A request as FontCache makes it: family, pixel size, weight, the configuration's substitutions.
        func request(family: String, pixelSize: Double = 16, weight: Int32 = Int32(FC_WEIGHT_REGULAR), style: String? = nil,
                     extra: (OpaquePointer) -> Void = { _ in }) -> OpaquePointer {
            let pattern = FcPatternCreate()!
            _ = family.withCString { FcPatternAddString(pattern, FC_FAMILY, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
            if let style {
                _ = style.withCString { FcPatternAddString(pattern, FC_STYLE, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
            } else {
                FcPatternAddInteger(pattern, FC_WEIGHT, weight)
            }
            FcPatternAddDouble(pattern, FC_PIXEL_SIZE, pixelSize)
            extra(pattern)
            FcConfigSubstitute(config, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            return pattern
        }

        func match(_ pattern: OpaquePointer) -> OpaquePointer? {
            var result = FcResultNoMatch
            return FcFontMatch(config, pattern, &result)
        }

        /// FontCache's fallback: the first face of the sorted list that has the character, a
        /// colour face first when the character prefers one.
        func fallback(for scalar: Unicode.Scalar, prefersColor: Bool, weight: Int32 = Int32(FC_WEIGHT_REGULAR),
                      extra: (OpaquePointer) -> Void = { _ in }) -> (file: String, family: String)? {
            let pattern = request(family: "Roboto", weight: weight, extra: extra)
            defer { FcPatternDestroy(pattern) }
            var result = FcResultNoMatch
            guard let set = FcFontSort(config, pattern, FcTrue, nil, &result) else { return nil }
            defer { FcFontSetDestroy(set) }
            let candidates = (0..<Int(set.pointee.nfont)).compactMap { set.pointee.fonts[$0] }.filter { font in
                var charset: OpaquePointer?
                return FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch && FcCharSetHasChar(charset, scalar.value) == FcTrue
            }
            let colour = candidates.first { font in
                var isColor: FcBool = FcFalse
                return FcPatternGetBool(font, FC_COLOR, 0, &isColor) == FcResultMatch && isColor == FcTrue
            }
            guard let chosen = (prefersColor ? colour : nil) ?? candidates.first else { return nil }
            return (Self.string(chosen, FC_FILE).split(separator: "/").last.map(String.init) ?? "", Self.string(chosen, FC_FAMILY))
        }

        static func string(_ pattern: OpaquePointer, _ object: String) -> String {
            var value: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(pattern, object, 0, &value) == FcResultMatch, let value else { return "" }
            return String(cString: value)
        }

        static func integer(_ pattern: OpaquePointer, _ object: String) -> Int32? {
            var value: Int32 = 0
            return FcPatternGetInteger(pattern, object, 0, &value) == FcResultMatch ? value : nil
        }

        static func bool(_ pattern: OpaquePointer, _ object: String) -> Bool? {
            var value: FcBool = FcFalse
            return FcPatternGetBool(pattern, object, 0, &value) == FcResultMatch ? value == FcTrue : nil
        }
    }

    private func repositoryConfiguration() throws -> Configuration {
        let folders = PinnedFonts.fontFolders(inConfiguration: try String(contentsOfFile: Self.configurationPath, encoding: .utf8))
        for folder in folders where !FileManager.default.fileExists(atPath: folder) {
            throw XCTSkip("\(folder) is missing: the Debian font packages are not installed (./run.sh test installs them)")
        }
        return try Configuration(path: Self.configurationPath)
    }

    func testEveryFaceOfTheGoldensManifestResolvesToItsRecordedFile() throws {
        let configuration = try repositoryConfiguration()
        let manifest = try String(contentsOfFile: Self.repository.appendingPathComponent("Tests/Goldens/fonts.txt").path, encoding: .utf8)
        var checked = 0
        for line in manifest.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count == 5 else { continue }
            let pattern = configuration.request(family: fields[0], style: fields[1])
            defer { FcPatternDestroy(pattern) }
            let matched = try XCTUnwrap(configuration.match(pattern), "nothing matches \(fields[0]) \(fields[1])")
            defer { FcPatternDestroy(matched) }
            let file = Configuration.string(matched, FC_FILE)
            XCTAssertEqual(Configuration.string(matched, FC_FAMILY), fields[0])
            XCTAssertEqual(URL(fileURLWithPath: file).lastPathComponent, fields[3], "\(fields[0]) \(fields[1])")
            let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
            XCTAssertEqual(size, Int(fields[4]), "\(file)'s size")
            checked += 1
        }
        XCTAssertGreaterThanOrEqual(checked, 8)
        // The Material icons: the TrueType file, not the WOFF ones of the same family.
        let icons = configuration.request(family: "Material Icons")
        defer { FcPatternDestroy(icons) }
        let matched = try XCTUnwrap(configuration.match(icons))
        defer { FcPatternDestroy(matched) }
        XCTAssertEqual(URL(fileURLWithPath: Configuration.string(matched, FC_FILE)).lastPathComponent, "MaterialIcons-Regular.ttf")
    }

    func testFallbackFacesAreTheGoldensWhateverTheLanguage() throws {
        let configuration = try repositoryConfiguration()
        let expected: [(Character, Bool, String, String)] = [
            ("ñ", false, "Roboto-Regular.ttf", "Roboto"),
            ("✓", false, "DejaVuSans.ttf", "DejaVu Sans"),
            ("ש", false, "DejaVuSans.ttf", "DejaVu Sans"),
            ("م", false, "DejaVuSans.ttf", "DejaVu Sans"),
            ("☕", true, "NotoColorEmoji.ttf", "Noto Color Emoji"),
            ("☕", false, "DejaVuSans.ttf", "DejaVu Sans"),
            ("👍", false, "NotoSansSymbols2-Regular.ttf", "Noto Sans Symbols2"),
            ("👍", true, "NotoColorEmoji.ttf", "Noto Color Emoji"),
            ("東", false, "NotoSansCJK-Regular.ttc", "Noto Sans CJK JP"),
            ("한", false, "NotoSansCJK-Regular.ttc", "Noto Sans CJK JP"),
            ("न", false, "NotoSansDevanagari-Regular.ttf", "Noto Sans Devanagari"),
        ]
        // A Chinese locale asks for zh-cn (FcDefaultSubstitute adds the locale's language): the
        // configuration ranks for English all the same, so Han stays the Japanese face.
        for language in ["en", "zh-cn", "ja", "ar"] {
            for (character, prefersColor, file, family) in expected {
                let chosen = configuration.fallback(for: character.unicodeScalars.first!, prefersColor: prefersColor) { pattern in
                    _ = language.withCString { FcPatternAddString(pattern, FC_LANG, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
                }
                XCTAssertEqual(chosen?.file, file, "\(character) (\(language), colour: \(prefersColor))")
                XCTAssertEqual(chosen?.family, family, "\(character) (\(language), colour: \(prefersColor))")
            }
        }
        // Medium text falls back alike.
        XCTAssertEqual(configuration.fallback(for: "東", prefersColor: false, weight: Int32(FC_WEIGHT_MEDIUM))?.family, "Noto Sans CJK JP")
    }

    func testThePinnedFileIsLoadedAloneWithoutFontconfigsTemplates() throws {
        _ = try repositoryConfiguration()
        // The process's configuration before, put back after: other tests share the process.
        let previous = try XCTUnwrap(FcConfigReference(nil))
        defer {
            FcConfigSetCurrent(previous)
            FcConfigDestroy(previous)
        }
        XCTAssertTrue(PinnedFonts.loadConfiguration(Self.configurationPath))
        let current = try XCTUnwrap(FcConfigGetCurrent())
        // FcInit would also list every file of fontconfig's template folder (conf.avail), each
        // parsed at start for its description though none is in effect.
        var files: [(name: String, enabled: Bool)] = []
        var iterator = FcConfigFileInfoIter()
        FcConfigFileInfoIterInit(current, &iterator)
        repeat {
            var name: UnsafeMutablePointer<FcChar8>?, description: UnsafeMutablePointer<FcChar8>?, enabled: FcBool = FcFalse
            guard FcConfigFileInfoIterGet(current, &iterator, &name, &description, &enabled) == FcTrue else { break }
            files.append((name.map { String(cString: $0) } ?? "", enabled == FcTrue))
            free(name)
            free(description)
        } while FcConfigFileInfoIterNext(current, &iterator) == FcTrue
        // Parsed from memory: the file's text with its selection said by path
        // (`PinnedFontSelectionTests`), and nothing else.
        XCTAssertEqual(files.map(\.name), ["memory"])
        XCTAssertEqual(files.map(\.enabled), [true])
        // And it is the whole configuration: the text face resolves as the goldens have it.
        let pattern = try XCTUnwrap(FcNameParse("Roboto"))
        defer { FcPatternDestroy(pattern) }
        FcConfigSubstitute(current, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        let matched = try XCTUnwrap(FcFontMatch(current, pattern, &result))
        defer { FcPatternDestroy(matched) }
        XCTAssertEqual(URL(fileURLWithPath: Configuration.string(matched, FC_FILE)).lastPathComponent, "Roboto-Regular.ttf")
    }

    func testTheRasterizerIsSetAsTheGoldensWereDrawnAndNoRequestChangesIt() throws {
        let configuration = try repositoryConfiguration()
        // What a desktop's Xft resources would put in a request (subpixel order, full hinting,
        // no antialiasing) is overruled by the configuration.
        let pattern = configuration.request(family: "Roboto") { pattern in
            FcPatternAddInteger(pattern, FC_RGBA, Int32(FC_RGBA_RGB))
            FcPatternAddInteger(pattern, FC_HINT_STYLE, Int32(FC_HINT_FULL))
            FcPatternAddBool(pattern, FC_ANTIALIAS, FcFalse)
            FcPatternAddInteger(pattern, FC_LCD_FILTER, Int32(FC_LCD_LIGHT))
        }
        defer { FcPatternDestroy(pattern) }
        let matched = try XCTUnwrap(configuration.match(pattern))
        defer { FcPatternDestroy(matched) }
        XCTAssertEqual(Configuration.bool(matched, FC_ANTIALIAS), true)
        XCTAssertEqual(Configuration.bool(matched, FC_HINTING), true)
        XCTAssertEqual(Configuration.integer(matched, FC_HINT_STYLE), Int32(FC_HINT_SLIGHT))
        XCTAssertEqual(Configuration.bool(matched, FC_AUTOHINT), false)
        XCTAssertEqual(Configuration.integer(matched, FC_RGBA), Int32(FC_RGBA_UNKNOWN))
        XCTAssertEqual(Configuration.integer(matched, FC_LCD_FILTER), Int32(FC_LCD_DEFAULT))
        XCTAssertEqual(Configuration.bool(matched, FC_EMBOLDEN), false)

        // DejaVu unhinted below 7.5 pixels; hinted from there.
        for (size, hinted) in [(6.0, false), (8.0, true)] {
            let request = configuration.request(family: "DejaVu Sans", pixelSize: size)
            defer { FcPatternDestroy(request) }
            let face = try XCTUnwrap(configuration.match(request))
            defer { FcPatternDestroy(face) }
            XCTAssertEqual(Configuration.bool(face, FC_HINTING), hinted, "DejaVu Sans at \(size) px")
        }
        // The colour emoji's bitmaps (109 px) are scaled to the size asked for.
        let emoji = configuration.request(family: "Noto Color Emoji", pixelSize: 16)
        defer { FcPatternDestroy(emoji) }
        let emojiFace = try XCTUnwrap(configuration.match(emoji))
        defer { FcPatternDestroy(emojiFace) }
        var matrix: UnsafeMutablePointer<FcMatrix>?
        XCTAssertEqual(FcPatternGetMatrix(emojiFace, FC_MATRIX, 0, &matrix), FcResultMatch)
        XCTAssertEqual(matrix?.pointee.xx ?? 0, 16.0 / 109.0, accuracy: 0.0001)
    }
}
