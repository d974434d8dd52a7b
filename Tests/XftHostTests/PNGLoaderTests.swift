import Glibc
import MaterialFields
import XCTest
@testable import XftHost

/// A PNG encoder for tests, by hand: any colour type, bit depth and interlacing, deflate's
/// stored blocks for the data (no zlib needed), so the loader meets files libpng's writer would
/// never make for it.
enum TestPNG {
    /// PNG colour types.
    enum ColourType: UInt8 { case grey = 0, rgb = 2, palette = 3, greyAlpha = 4, rgba = 6 }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] { [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }

    static func chunk(_ kind: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(kind.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    /// zlib around stored deflate blocks.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(start + 65_535, data.count)
            let length = UInt16(end - start)
            out.append(end == data.count ? 1 : 0)
            out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            out += data[start..<end]
            start = end
        } while start < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + bigEndian(b << 16 | a)
    }

    /// A PNG of `width` x `height` whose pixel (x, y) has the samples `samples(x, y)` (one per
    /// channel of the colour type, each below 2^depth).
    static func encode(width: Int, height: Int, type: ColourType, depth: Int, interlaced: Bool = false,
                       palette: [(UInt8, UInt8, UInt8)] = [], transparency: [UInt8]? = nil,
                       samples: (Int, Int) -> [Int]) -> [UInt8] {
        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [UInt8(depth), type.rawValue, 0, 0, interlaced ? 1 : 0]
        var file: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10] + chunk("IHDR", header)
        if type == .palette { file += chunk("PLTE", palette.flatMap { [$0.0, $0.1, $0.2] }) }
        if let transparency { file += chunk("tRNS", transparency) }
        // Adam7's passes: start x, start y, step x, step y; one pass of everything when not interlaced.
        let passes = interlaced ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        var raw: [UInt8] = []
        for (x0, y0, dx, dy) in passes {
            let columns = Array(stride(from: x0, to: width, by: dx)), rows = Array(stride(from: y0, to: height, by: dy))
            guard !columns.isEmpty, !rows.isEmpty else { continue }
            for y in rows {
                raw.append(0)  // filter: none
                var bits: [Int] = []
                for x in columns { bits += samples(x, y) }
                if depth == 16 {
                    for sample in bits { raw += [UInt8(sample >> 8), UInt8(sample & 0xFF)] }
                } else if depth == 8 {
                    raw += bits.map { UInt8($0) }
                } else {
                    // Packed from the most significant bit, the last byte padded.
                    var byte = 0, used = 0
                    for sample in bits {
                        byte = byte << depth | sample
                        used += depth
                        if used == 8 { raw.append(UInt8(byte)); byte = 0; used = 0 }
                    }
                    if used > 0 { raw.append(UInt8(byte << (8 - used))) }
                }
            }
        }
        file += chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
        return file
    }
}

/// `PNGLoader`: every kind of PNG loads as straight RGBA; every bad file is a clear error, never a trap.
final class PNGLoaderTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        let temporary = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(temporary)/png-loader-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw XCTSkip("no temporary directory") }
        directory = String(cString: made)
    }

    override func tearDown() {
        if let entries = opendir(directory) {
            while let entry = readdir(entries) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name != "." && name != ".." { unlink("\(directory)/\(name)") }
            }
            closedir(entries)
        }
        rmdir(directory)
    }

    private func write(_ bytes: [UInt8], _ name: String) -> String {
        let path = "\(directory)/\(name)"
        let file = fopen(path, "wb")!
        _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
        return path
    }

    private func load(_ bytes: [UInt8], _ name: String) throws -> RGBAImage { try PNGLoader.load(path: write(bytes, name)) }

    private func assertError(_ bytes: [UInt8], _ name: String, _ check: (PNGLoadError) -> Bool, line: UInt = #line) {
        XCTAssertThrowsError(try load(bytes, name), line: line) { error in
            guard let error = error as? PNGLoadError else { return XCTFail("\(error)", line: line) }
            XCTAssertTrue(check(error), "\(error)", line: line)
            XCTAssertTrue(error.description.hasPrefix("cannot load image '\(directory)/\(name)': "), error.description, line: line)
        }
    }

    func testAnRGBAFileLoadsWithItsStraightAlpha() throws {
        let image = try load(TestPNG.encode(width: 3, height: 2, type: .rgba, depth: 8) { x, y in [x * 100, y * 200, 7, x == 2 ? 128 : 255] }, "rgba.png")
        XCTAssertEqual([image.width, image.height], [3, 2])
        XCTAssertTrue(image.pixel(x: 1, y: 1) == (100, 200, 7, 255))
        XCTAssertTrue(image.pixel(x: 2, y: 0) == (200, 0, 7, 128), "not premultiplied")
    }

    func testPaletteGreyAndSixteenBitFilesExpandToRGBA() throws {
        let palette = try load(TestPNG.encode(width: 4, height: 1, type: .palette, depth: 4,
                                              palette: [(255, 0, 0), (0, 255, 0), (0, 0, 255)], transparency: [255, 255, 0]) { x, _ in [x % 3] },
                               "palette.png")
        XCTAssertTrue(palette.pixel(x: 0, y: 0) == (255, 0, 0, 255))
        XCTAssertTrue(palette.pixel(x: 1, y: 0) == (0, 255, 0, 255))
        XCTAssertEqual(palette.pixel(x: 2, y: 0).alpha, 0, "tRNS makes entry 2 transparent")
        XCTAssertTrue(palette.pixel(x: 3, y: 0) == (255, 0, 0, 255))

        let grey = try load(TestPNG.encode(width: 8, height: 1, type: .grey, depth: 1) { x, _ in [x % 2] }, "grey1.png")
        XCTAssertTrue(grey.pixel(x: 0, y: 0) == (0, 0, 0, 255))
        XCTAssertTrue(grey.pixel(x: 1, y: 0) == (255, 255, 255, 255))

        let greyAlpha = try load(TestPNG.encode(width: 1, height: 1, type: .greyAlpha, depth: 8) { _, _ in [90, 200] }, "ga.png")
        XCTAssertTrue(greyAlpha.pixel(x: 0, y: 0) == (90, 90, 90, 200))

        let deep = try load(TestPNG.encode(width: 2, height: 1, type: .rgb, depth: 16) { x, _ in
            x == 0 ? [0xFFFF, 0x8080, 0] : [0x1010, 0x2020, 0x3030]
        }, "rgb16.png")
        // Taken as sRGB, as an 8-bit file is: the high byte, not a linear-to-sRGB conversion.
        XCTAssertTrue(deep.pixel(x: 0, y: 0) == (255, 128, 0, 255), "\(deep.pixel(x: 0, y: 0))")
        XCTAssertTrue(deep.pixel(x: 1, y: 0) == (16, 32, 48, 255), "\(deep.pixel(x: 1, y: 0))")
    }

    func testAnInterlacedFileLoadsTheSamePixelsAsAPlainOne() throws {
        let samples: (Int, Int) -> [Int] = { x, y in [x * 20 % 256, y * 30 % 256, (x * y) % 256, 255 - x] }
        let plain = try load(TestPNG.encode(width: 11, height: 9, type: .rgba, depth: 8, samples: samples), "plain.png")
        let interlaced = try load(TestPNG.encode(width: 11, height: 9, type: .rgba, depth: 8, interlaced: true, samples: samples),
                                  "adam7.png")
        XCTAssertEqual(interlaced, plain)
        XCTAssertTrue(plain.pixel(x: 10, y: 8) == (200, 240, 80, 245))
    }

    func testBadFilesAreClearErrors() throws {
        let good = TestPNG.encode(width: 40, height: 40, type: .rgb, depth: 8) { x, y in [x, y, 0] }
        XCTAssertThrowsError(try PNGLoader.load(path: "\(directory)/absent.png")) { error in
            XCTAssertEqual(error as? PNGLoadError, .missing(path: "\(directory)/absent.png"))
            XCTAssertEqual("\(error)", "cannot load image '\(directory)/absent.png': no such file")
        }
        XCTAssertThrowsError(try PNGLoader.load(path: directory)) { error in
            XCTAssertEqual(error as? PNGLoadError, .unreadable(path: directory, reason: "a directory"))
        }
        assertError(Array("not an image at all\n".utf8), "text.png") { $0 == .notPNG(path: "\(self.directory)/text.png") }
        assertError([], "empty.png") { $0 == .notPNG(path: "\(self.directory)/empty.png") }
        assertError(Array(good[..<(good.count / 2)]), "truncated.png") { if case .corrupt = $0 { return true } else { return false } }
        assertError(Array(good[..<20]), "header-only.png") { if case .corrupt = $0 { return true } else { return false } }
        var badChecksum = good
        badChecksum[60] ^= 0xFF  // a byte of the image data: IDAT's CRC no longer matches
        assertError(badChecksum, "crc.png") { if case .corrupt = $0 { return true } else { return false } }
        // A header for 5000 x 5000 (100 MB) is refused before any pixel is read (its data is a stub).
        func header(width: UInt32, height: UInt32) -> [UInt8] {
            [137, 80, 78, 71, 13, 10, 26, 10] + TestPNG.chunk("IHDR", TestPNG.bigEndian(width) + TestPNG.bigEndian(height) + [8, 6, 0, 0, 0])
                + TestPNG.chunk("IDAT", TestPNG.zlibStored([0, 0, 0, 0, 0])) + TestPNG.chunk("IEND", [])
        }
        assertError(header(width: 5000, height: 5000), "huge.png") {
            $0 == .tooLarge(path: "\(self.directory)/huge.png", width: 5000, height: 5000)
        }
        assertError(header(width: 100_000, height: 1), "wide.png") {
            $0 == .tooLarge(path: "\(self.directory)/wide.png", width: 100_000, height: 1)
        }
        XCTAssertTrue(PNGLoadError.tooLarge(path: "p", width: 5000, height: 5000).description.contains("4096 x 4096"))
    }

    func testALoadedImageIsAStretchableImageThatKnowsItsFile() throws {
        let path = write(TestPNG.encode(width: 4, height: 6, type: .rgba, depth: 8) { _, _ in [200, 100, 50, 128] }, "paper@2x.png")
        let image = try StretchableImage.loadPNG(path, scale: 2, capInsets: EdgeInsets(all: 1))
        XCTAssertEqual(image.source, path)
        XCTAssertEqual(image.size, Size(width: 2, height: 3))
        XCTAssertEqual(image.capInsets, EdgeInsets(all: 1))
        XCTAssertTrue(image.pixels.pixel(x: 0, y: 0) == (100, 50, 25, 128), "premultiplied for drawing")
        XCTAssertThrowsError(try StretchableImage.loadPNG("\(directory)/none.png"))
    }
}
