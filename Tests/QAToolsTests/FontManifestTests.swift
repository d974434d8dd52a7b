import Foundation
import QATools
import XCTest
import XftHost

/// The goldens' font manifest: what it keeps, how it reads back, and the one message a machine
/// with other fonts gets.
final class FontManifestTests: XCTestCase {
    private let roboto = FontRecord(family: "Roboto", style: "Regular",
                                    file: "/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Regular.ttf",
                                    version: "2.138", fileSize: 171676)
    private let robotoMedium = FontRecord(family: "Roboto", style: "Medium", file: "/usr/share/fonts/Roboto-Medium.ttf",
                                          version: "2.138", fileSize: 172064)
    private let dejaVuBold = FontRecord(family: "DejaVu Sans", style: "Bold", file: "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf",
                                        version: "2.370", fileSize: 705684)
    private let emoji = FontRecord(family: "Noto Color Emoji", style: "Regular", file: "/opt/fonts/NotoColorEmoji.ttf",
                                   version: "", fileSize: 10980856)

    func testTheManifestIsSortedReadableTextWithFileNamesOnly() {
        // Recorded in the order a host opened them, one twice
        let manifest = FontManifest(fontsUsed: [roboto, emoji, dejaVuBold, robotoMedium, roboto])
        XCTAssertEqual(manifest.text, """
            # The font faces these goldens were rendered with (written when they were recorded).
            # family | style | version | file | bytes
            DejaVu Sans | Bold | 2.370 | DejaVuSans-Bold.ttf | 705684
            Noto Color Emoji | Regular | - | NotoColorEmoji.ttf | 10980856
            Roboto | Medium | 2.138 | Roboto-Medium.ttf | 172064
            Roboto | Regular | 2.138 | Roboto-Regular.ttf | 171676

            """)
    }

    func testTheManifestReadsBackAsWrittenThroughAFile() throws {
        let manifest = FontManifest(fontsUsed: [roboto, emoji, dejaVuBold, robotoMedium,
                                                FontRecord(family: "Odd | Family\nName", style: " Bold ", file: "x.otf", version: "1.000", fileSize: 0)])
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fonts-\(UUID().uuidString).txt").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try manifest.write(to: path)
        let read = try FontManifest.read(from: path)
        XCTAssertEqual(read, manifest)
        XCTAssertEqual(read.faces.map(\.fileName), ["DejaVuSans-Bold.ttf", "NotoColorEmoji.ttf", "x.otf", "Roboto-Medium.ttf", "Roboto-Regular.ttf"])
        XCTAssertEqual(read.faces[1].version, "", "an unknown version stays unknown")
        XCTAssertEqual(read.faces[2].family, "Odd / Family Name")
        XCTAssertEqual(read.faces[2].style, "Bold")
        XCTAssertEqual(FontManifest.verdict(manifestAt: path, fontsUsed: [robotoMedium, roboto, dejaVuBold, emoji,
            FontRecord(family: "Odd | Family\nName", style: "Bold", file: "/elsewhere/x.otf", version: "1.000", fileSize: 0)]), .sameFonts)
        XCTAssertEqual(FontManifest.verdict(manifestAt: path, fontsUsed: [roboto]), .sameFonts,
                       "a run of some shots opens fewer faces: no difference")
    }

    func testTheSameFacesInOtherDirectoriesAreNoDifference() {
        var moved = roboto
        moved.file = "/usr/local/share/fonts/Roboto-Regular.ttf"
        XCTAssertEqual(FontManifest(fontsUsed: [moved]), FontManifest(fontsUsed: [roboto]))
        XCTAssertEqual(FontManifest(fontsUsed: [moved]).differences(from: FontManifest(fontsUsed: [roboto])), [])
    }

    func testEveryDifferenceIsNamedInOneMessageThatSaysWhatToDo() throws {
        // Given goldens made with Roboto 2.138 and DejaVu Sans Bold, and a machine with Roboto 3.011
        // that did without DejaVu Sans Bold but used Noto Color Emoji
        let recorded = FontManifest(fontsUsed: [roboto, robotoMedium, dejaVuBold])
        var newerRoboto = roboto
        newerRoboto.version = "3.011"
        newerRoboto.fileSize = 180200
        let current = FontManifest(fontsUsed: [newerRoboto, robotoMedium, emoji])
        // Then each difference is named once, in family order
        XCTAssertEqual(current.differences(from: recorded), [
            .missing(FontManifest.Face(dejaVuBold)),
            .additional(FontManifest.Face(emoji)),
            .changed(recorded: FontManifest.Face(roboto), current: FontManifest.Face(newerRoboto)),
        ])
        let message = try XCTUnwrap(current.mismatchMessage(comparedWith: recorded, recordedAt: "Tests/Goldens/fonts.txt"))
        XCTAssertEqual(message, """
            The screenshots cannot match the goldens: this machine's fonts differ from the ones recorded in Tests/Goldens/fonts.txt:
              - this machine lacks DejaVu Sans Bold 2.370 (DejaVuSans-Bold.ttf, 705684 bytes), which the goldens used (or fontconfig chose another face for it)
              - this machine also used Noto Color Emoji Regular of unknown version (NotoColorEmoji.ttf, 10980856 bytes), which the goldens did not
              - the goldens were rendered with Roboto Regular 2.138 (Roboto-Regular.ttf, 171676 bytes); this machine has 3.011 (Roboto-Regular.ttf, 180200 bytes)
            Install the fonts the README names, or run `./run.sh shots --update` (`--update-goldens` when running textfield-catalog yourself) to re-baseline the goldens deliberately with this machine's fonts.
            """)
        XCTAssertNil(recorded.mismatchMessage(comparedWith: recorded, recordedAt: "fonts.txt"))
    }

    func testASameVersionFileOfAnotherSizeIsADifference() {
        var rebuilt = roboto
        rebuilt.fileSize += 1
        XCTAssertEqual(FontManifest(fontsUsed: [rebuilt]).differences(from: FontManifest(fontsUsed: [roboto])),
                       [.changed(recorded: FontManifest.Face(roboto), current: FontManifest.Face(rebuilt))])
    }

    func testOneFamilyAndStyleFromTwoFilesPairsOnlyWhatChanged() {
        // Material Icons ships as .ttf, .woff and .woff2, all "Material Icons Regular".
        let ttf = FontRecord(family: "Material Icons", style: "Regular", file: "/f/MaterialIcons-Regular.ttf", version: "1.017", fileSize: 356840)
        let woff2 = FontRecord(family: "Material Icons", style: "Regular", file: "/f/MaterialIcons-Regular.woff2", version: "1.017", fileSize: 128352)
        let woff = FontRecord(family: "Material Icons", style: "Regular", file: "/f/MaterialIcons-Regular.woff", version: "1.017", fileSize: 157772)
        let recorded = FontManifest(fontsUsed: [ttf, woff2])
        XCTAssertEqual(FontManifest(fontsUsed: [woff2, ttf]).differences(from: recorded), [])
        XCTAssertEqual(FontManifest(fontsUsed: [ttf, woff]).differences(from: recorded),
                       [.changed(recorded: FontManifest.Face(woff2), current: FontManifest.Face(woff))])
        XCTAssertEqual(FontManifest(fontsUsed: [ttf]).differences(from: recorded), [.missing(FontManifest.Face(woff2))])
    }

    func testAMissingOrBrokenManifestIsAMessageToo() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        guard case .noManifest(let missing) = FontManifest.verdict(manifestAt: directory + "/fonts.txt", fontsUsed: [roboto]) else {
            return XCTFail("a missing manifest is no manifest")
        }
        XCTAssertEqual(missing, "There is no font manifest at \(directory)/fonts.txt, so nothing says which fonts the goldens "
                       + "were rendered with. Run the same textfield-catalog command with `--update-goldens` to record the goldens and their fonts.",
                       "a folder not the project's Tests/Goldens: the advice is the command the user ran, not ./run.sh")
        let broken = directory + "/broken.txt"
        try "# family | style | version | file | bytes\nRoboto | Regular | 2.138 | Roboto-Regular.ttf\n"
            .write(toFile: broken, atomically: true, encoding: .utf8)
        guard case .noManifest(let message) = FontManifest.verdict(manifestAt: broken, fontsUsed: [roboto]) else {
            return XCTFail("a broken manifest is no manifest")
        }
        XCTAssertTrue(message.hasPrefix("\(broken), line 2: expected 'family | style | version | file | bytes', "
                                        + "found 'Roboto | Regular | 2.138 | Roboto-Regular.ttf'\n"), message)
        XCTAssertTrue(message.hasSuffix("with this machine's fonts."), message)
        XCTAssertThrowsError(try FontManifest(text: "Roboto | Regular | 2.138 | Roboto-Regular.ttf | many"))
    }
}
