import CXlib
import Foundation
import XCTest
@testable import XftHost

/// The pinned file's `<selectfont>` applied by path (`PinnedFonts.configurationRejectingForeignFiles`):
/// fontconfig keeps exactly the fonts it keeps reading the file as it is.
final class PinnedFontSelectionTests: XCTestCase {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let configurationPath = repository.appendingPathComponent("Resources/fonts.conf").path

    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("font-selection-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    /// The files of the fonts a configuration keeps, sorted.
    private func fontFiles(_ path: String, exactly: Bool) throws -> [String] {
        let configuration = try XCTUnwrap(PinnedFonts.makeConfiguration(path, exactly: exactly), "\(path) did not load")
        defer { FcConfigDestroy(configuration) }
        guard let fonts = FcConfigGetFonts(configuration, FcSetSystem) else { return [] }
        var files: [String] = []
        for index in 0..<Int(fonts.pointee.nfont) {
            var value: UnsafeMutablePointer<FcChar8>?
            if let font = fonts.pointee.fonts[index], FcPatternGetString(font, FC_FILE, 0, &value) == FcResultMatch, let value {
                files.append(String(cString: value))
            }
        }
        return files.sorted()
    }

    func testTheRepositorysFileKeepsTheSameFontsEitherWay() throws {
        let text = try String(contentsOfFile: Self.configurationPath, encoding: .utf8)
        for folder in PinnedFonts.fontFolders(inConfiguration: text) where !FileManager.default.fileExists(atPath: folder) {
            throw XCTSkip("\(folder) is missing: the Debian font packages are not installed (./run.sh test installs them)")
        }
        let rewritten = try XCTUnwrap(PinnedFonts.configurationRejectingForeignFiles(text), "the pinned file is taken as it is")
        XCTAssertFalse(rewritten.contains("<acceptfont>"))
        let exact = try fontFiles(Self.configurationPath, exactly: true)
        XCTAssertGreaterThan(exact.count, 100)
        XCTAssertEqual(try fontFiles(Self.configurationPath, exactly: false), exact)
    }

    func testForeignFilesInThePinnedFoldersAreRejectedByTheirPathsAsTheGlobsRejectThem() throws {
        // A folder with the packages' file, a foreign file beside it, and an accepted subfolder
        // holding a file the list does not name.
        let folder = root.appendingPathComponent("fonts").path
        let cache = root.appendingPathComponent("cache").path
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        let dejavu = "/usr/share/fonts/truetype/dejavu/"
        guard FileManager.default.fileExists(atPath: dejavu + "DejaVuSerif.ttf") else {
            throw XCTSkip("DejaVu is not installed (./run.sh test installs it)")
        }
        try FileManager.default.copyItem(atPath: dejavu + "DejaVuSans.ttf", toPath: folder + "/Packaged.ttf")
        try FileManager.default.copyItem(atPath: dejavu + "DejaVuSans-Bold.ttf", toPath: folder + "/Foreign & Bold.ttf")
        try FileManager.default.copyItem(atPath: dejavu + "DejaVuSerif.ttf", toPath: folder + "/sub/Unlisted.ttf")
        let configuration = """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
            <fontconfig>
              <!-- <selectfont> in a comment is not the selection -->
              <dir>\(folder)</dir>
              <cachedir>\(cache)</cachedir>
              <selectfont>
                <rejectfont>
                  <glob>\(folder)/*</glob>
                </rejectfont>
                <acceptfont>
                  <glob>\(folder)/Packaged.ttf</glob>
                  <glob>\(folder)/sub</glob>
                </acceptfont>
              </selectfont>
            </fontconfig>
            """
        let path = root.appendingPathComponent("fonts.conf").path
        try configuration.write(toFile: path, atomically: true, encoding: .utf8)
        let rewritten = try XCTUnwrap(PinnedFonts.configurationRejectingForeignFiles(configuration))
        XCTAssertTrue(rewritten.contains("<glob>\(folder)/Foreign &amp; Bold.ttf</glob>"), rewritten)
        XCTAssertTrue(rewritten.contains("<glob>\(folder)/sub/Unlisted.ttf</glob>"), rewritten)
        XCTAssertFalse(rewritten.contains("Packaged.ttf"), "an accepted file is not named")
        let exact = try fontFiles(path, exactly: true)
        XCTAssertEqual(exact, [folder + "/Packaged.ttf"])
        XCTAssertEqual(try fontFiles(path, exactly: false), exact)
    }

    /// A configuration of `folder` that rejects it whole but for `Packaged.ttf`, written as `dir`.
    private func rejectingAllButPackaged(_ folder: String, writtenAs dir: String) throws -> String {
        let configuration = """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
            <fontconfig>
              <dir>\(dir)</dir>
              <cachedir>\(root.appendingPathComponent("cache").path)</cachedir>
              <selectfont>
                <rejectfont><glob>\(folder)/*</glob></rejectfont>
                <acceptfont><glob>\(folder)/Packaged.ttf</glob></acceptfont>
              </selectfont>
            </fontconfig>
            """
        let path = root.appendingPathComponent("fonts.conf").path
        try configuration.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func copyDejaVu(_ name: String, to path: [UInt8]) throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/" + name))
        let file = try XCTUnwrap(fopen(path.map { CChar(bitPattern: $0) } + [0], "wb"))
        defer { fclose(file) }
        XCTAssertEqual(bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }, bytes.count)
    }

    /// A folder `fonts` holding the packages' file, `Packaged.ttf` (DejaVu Sans); skipped
    /// without DejaVu.
    private func makeFolderWithPackagedFont() throws -> String {
        guard FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf") else {
            throw XCTSkip("DejaVu is not installed (./run.sh test installs it)")
        }
        let folder = root.appendingPathComponent("fonts").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try copyDejaVu("DejaVuSans.ttf", to: Array((folder + "/Packaged.ttf").utf8))
        return folder
    }

    /// The configuration at `path` keeps `folder`'s packaged file alone, read as it is and with
    /// its selection said by path.
    private func assertKeepsThePackagedFileAlone(_ path: String, in folder: String, _ message: String = "",
                                                 file: StaticString = #filePath, line: UInt = #line) throws {
        let exact = try fontFiles(path, exactly: true)
        XCTAssertEqual(exact, [folder + "/Packaged.ttf"], message, file: file, line: line)
        XCTAssertEqual(try fontFiles(path, exactly: false), exact, message, file: file, line: line)
    }

    func testAForeignFileWhoseNameIsNotUTF8IsRejectedAsTheGlobsRejectIt() throws {
        let folder = try makeFolderWithPackagedFont()
        // "Foreign\xE9.ttf": a Latin-1 name, not UTF-8.
        try copyDejaVu("DejaVuSans-Bold.ttf", to: Array((folder + "/Foreign").utf8) + [0xE9] + Array(".ttf".utf8))
        let path = try rejectingAllButPackaged(folder, writtenAs: folder)
        try assertKeepsThePackagedFileAlone(path, in: folder)
    }

    func testAForeignFileWithAControlCharacterInItsNameLeavesThePinnedFileLoading() throws {
        let folder = try makeFolderWithPackagedFont()
        // XML 1.0 has no way to say U+0001, even as a character reference.
        try copyDejaVu("DejaVuSans-Bold.ttf", to: Array((folder + "/Foreign\u{1}.ttf").utf8))
        let path = try rejectingAllButPackaged(folder, writtenAs: folder)
        try assertKeepsThePackagedFileAlone(path, in: folder)
    }

    func testLinkedFilesAndFoldersKeepTheFontsFontconfigKeeps() throws {
        let folder = try makeFolderWithPackagedFont(), elsewhere = root.appendingPathComponent("elsewhere").path
        try FileManager.default.createDirectory(atPath: elsewhere + "/deeper", withIntermediateDirectories: true)
        try copyDejaVu("DejaVuSans-Bold.ttf", to: Array((elsewhere + "/Linked.ttf").utf8))
        try copyDejaVu("DejaVuSerif.ttf", to: Array((elsewhere + "/deeper/Deeper.ttf").utf8))
        // A foreign file and a folder reached through links, the folder accepted, its font not.
        try FileManager.default.createSymbolicLink(atPath: folder + "/Alias.ttf", withDestinationPath: elsewhere + "/Linked.ttf")
        try FileManager.default.createSymbolicLink(atPath: folder + "/linked", withDestinationPath: elsewhere + "/deeper")
        let configuration = """
            <fontconfig>
              <dir>\(folder)</dir>
              <cachedir>\(root.appendingPathComponent("cache").path)</cachedir>
              <selectfont>
                <rejectfont><glob>\(folder)/*</glob></rejectfont>
                <acceptfont><glob>\(folder)/Packaged.ttf</glob><glob>\(folder)/linked</glob></acceptfont>
              </selectfont>
            </fontconfig>
            """
        let path = root.appendingPathComponent("fonts.conf").path
        try configuration.write(toFile: path, atomically: true, encoding: .utf8)
        try assertKeepsThePackagedFileAlone(path, in: folder)
    }

    func testAFolderWrittenWithATrailingSlashKeepsTheFontsFontconfigKeeps() throws {
        let folder = try makeFolderWithPackagedFont()
        try copyDejaVu("DejaVuSans-Bold.ttf", to: Array((folder + "/Foreign.ttf").utf8))
        for written in [folder + "/", folder + "//", root.path + "/./fonts", root.path + "/x/../fonts"] {
            let path = try rejectingAllButPackaged(folder, writtenAs: written)
            try assertKeepsThePackagedFileAlone(path, in: folder, written)
        }
    }

    func testASelectionItCannotSayByPathIsLeftToFontconfig() {
        func configuration(_ selection: String) -> String {
            "<fontconfig><dir>/usr/share/fonts/truetype/dejavu</dir>\(selection)</fontconfig>"
        }
        XCTAssertNil(PinnedFonts.configurationRejectingForeignFiles(configuration("")), "no <selectfont>")
        XCTAssertNil(PinnedFonts.configurationRejectingForeignFiles(configuration(
            "<selectfont><rejectfont><pattern><patelt name=\"family\"><string>DejaVu Sans</string></patelt></pattern></rejectfont></selectfont>")))
        XCTAssertNil(PinnedFonts.configurationRejectingForeignFiles(configuration(
            "<selectfont><acceptfont><glob>/a&amp;b</glob></acceptfont></selectfont>")), "an entity")
        XCTAssertNil(PinnedFonts.configurationRejectingForeignFiles(configuration(
            "<selectfont><rejectfont><glob>/x/*</glob></rejectfont></selectfont><selectfont></selectfont>")), "two")
        // Folders whose fonts it does not list: a user's, an included file's, one said with an entity.
        let selection = "<selectfont><rejectfont><glob>/*</glob></rejectfont></selectfont>"
        XCTAssertNil(PinnedFonts.configurationRejectingForeignFiles(configuration("<dir prefix=\"xdg\">fonts</dir>" + selection)))
        XCTAssertNil(PinnedFonts.configurationRejectingForeignFiles(configuration("<dir>~/.fonts</dir>" + selection)))
        XCTAssertNil(PinnedFonts.configurationRejectingForeignFiles(configuration("<include>other.conf</include>" + selection)))
        XCTAssertNil(PinnedFonts.configurationRejectingForeignFiles(configuration("<dir>/tmp/a&amp;b</dir>" + selection)))
        XCTAssertNotNil(PinnedFonts.configurationRejectingForeignFiles(configuration(
            "<selectfont>\n <rejectfont> <glob>/nowhere/*</glob> </rejectfont>\n</selectfont>")))
    }

    func testFoldersWithManyForeignFilesAreLeftToFontconfig() throws {
        // Other packages' fonts by the dozen: rejecting each by path would cost fontconfig more
        // than the file's own globs.
        let folder = root.appendingPathComponent("many").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        func configuration() -> String {
            "<fontconfig><dir>\(folder)</dir><selectfont><rejectfont><glob>\(folder)/*</glob></rejectfont>"
                + "<acceptfont><glob>\(folder)/Kept.ttf</glob></acceptfont></selectfont></fontconfig>"
        }
        XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/Kept.ttf", contents: Data()))
        for index in 0..<PinnedFonts.maximumRejectedPaths {
            XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/Foreign\(index).ttf", contents: Data()))
        }
        XCTAssertNotNil(PinnedFonts.configurationRejectingForeignFiles(configuration()), "as many as it rejects by path")
        XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/OneMore.ttf", contents: Data()))
        XCTAssertNil(PinnedFonts.configurationRejectingForeignFiles(configuration()))
    }

    func testGlobsMatchAsFontconfigsDo() {
        XCTAssertTrue(PinnedFonts.globMatches("/a/*", "/a/b/c.ttf"), "a star takes slashes too")
        XCTAssertTrue(PinnedFonts.globMatches("/a/*.ttf", "/a/b.ttf"))
        XCTAssertFalse(PinnedFonts.globMatches("/a/*.ttf", "/a/b.otf"))
        XCTAssertTrue(PinnedFonts.globMatches("/a/?.ttf", "/a/b.ttf"))
        XCTAssertFalse(PinnedFonts.globMatches("/a/?.ttf", "/a/bc.ttf"))
        XCTAssertTrue(PinnedFonts.globMatches("*", ""))
        XCTAssertFalse(PinnedFonts.globMatches("/a/b", "/a/b/c"), "a literal matches itself only")
        XCTAssertTrue(PinnedFonts.globMatches("/a*b*c", "/axxbyyc"))
        XCTAssertFalse(PinnedFonts.globMatches("/a*b*c", "/axxbyy"))
    }
}
