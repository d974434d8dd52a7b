import CXlib
import CXTest
import Foundation
import XCTest
import TestHarness

/// CLIPBOARD and PRIMARY through the X server: the catalog owns what it copies and selects and
/// answers another client in every text form; it pastes from other owners; an owner that answers
/// with garbage, or never finishes, is ignored while the window keeps answering; 10 MB arrive
/// whole (or cut at the maximum length); a secure field's text never leaves it.
final class SelectionUITests: XCTestCase {
    private func focus(_ app: CatalogApp, _ id: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try app.click(field: id)
        XCTAssertNotNil(app.waitForState { $0.field(id).focused }, "\(id) never took focus", file: file, line: line)
    }

    private func text(_ app: CatalogApp, _ id: String) -> String { (try? app.state().field(id).text) ?? "?" }

    /// Waits until what the running catalog wrote to stderr, read as it comes and added to
    /// `log`, contains `line` (a warning it writes when it gives something up): the end of a
    /// wait the catalog times, seen as it happens instead of slept past.
    private func waitForStandardError(_ app: CatalogApp, toContain line: String, timeout: TimeInterval = 15,
                                      log: inout String) -> Bool {
        var read = log
        defer { log = read }
        return waitUntil(timeout: timeout) {
            if app.hasWrittenToStandardError { read += app.standardError }
            return read.contains(line)
        }
    }

    // MARK: The catalog as owner

    func testCopyOwnsClipboardAndAnswersEveryTextTarget() throws {
        let app = try CatalogApp()
        let peer = try SelectionPeer(displayName: app.server.displayName)
        try focus(app, "filled-note")
        try app.key("ctrl+a", "ctrl+c")
        XCTAssertTrue(waitUntil(timeout: 5) { peer.owner(of: "CLIPBOARD") == app.windowID }, "Ctrl+C did not take CLIPBOARD")

        let targets = try XCTUnwrap(peer.convert("CLIPBOARD", to: "TARGETS"))
        XCTAssertEqual(targets.type, "ATOM")
        XCTAssertEqual(targets.format, 32)
        XCTAssertEqual(Set(peer.atomNames(targets)),
                       ["TARGETS", "TIMESTAMP", "MULTIPLE", "UTF8_STRING", "text/plain;charset=utf-8", "STRING", "TEXT"])

        let utf8 = try XCTUnwrap(peer.convert("CLIPBOARD", to: "UTF8_STRING"))
        XCTAssertEqual(utf8.type, "UTF8_STRING")
        XCTAssertEqual(String(decoding: utf8.bytes, as: UTF8.self), "Mañana ✓ → ☕ 🎉 東京 ひらがな 한글")
        let mime = try XCTUnwrap(peer.convert("CLIPBOARD", to: "text/plain;charset=utf-8"))
        XCTAssertEqual(String(decoding: mime.bytes, as: UTF8.self), "Mañana ✓ → ☕ 🎉 東京 ひらがな 한글")
        // STRING is Latin-1: the ñ survives as one byte, what Latin-1 lacks is a "?" each.
        let latin1 = try XCTUnwrap(peer.convert("CLIPBOARD", to: "STRING"))
        XCTAssertEqual(latin1.type, "STRING")
        XCTAssertEqual(latin1.bytes, Array("Ma".utf8) + [0xF1] + Array("ana ? ? ? ? ?? ???? ??".utf8))
        // TEXT lets the owner choose: this text does not fit Latin-1, so UTF-8.
        let textTarget = try XCTUnwrap(peer.convert("CLIPBOARD", to: "TEXT"))
        XCTAssertEqual(textTarget.type, "UTF8_STRING")
        let stamp = try XCTUnwrap(peer.convert("CLIPBOARD", to: "TIMESTAMP"))
        XCTAssertEqual(stamp.type, "INTEGER")
        XCTAssertNotEqual(stamp.bytes.withUnsafeBytes { $0.load(as: Int.self) }, 0, "owned at CurrentTime")
        XCTAssertNil(peer.convert("CLIPBOARD", to: "image/png", timeout: 5), "a target it cannot give was not refused")
        // A pre-ICCCM requestor names no property: the answer goes into the target's name.
        let obsolete = try XCTUnwrap(peer.convert("CLIPBOARD", to: "UTF8_STRING", property: nil))
        XCTAssertEqual(obsolete.property, "UTF8_STRING")
        XCTAssertEqual(String(decoding: obsolete.bytes, as: UTF8.self), "Mañana ✓ → ☕ 🎉 東京 ひらがな 한글")

        // Another client taking CLIPBOARD ends the catalog's ownership (SelectionClear): a paste
        // then asks the new owner instead of using the catalog's old copy...
        let outside = try ExternalOwner(displayName: app.server.displayName, selection: "CLIPBOARD",
                                        answer: .once(type: "UTF8_STRING", format: 8, bytes: Array("outside".utf8)))
        try focus(app, "filled-label")
        try app.key("ctrl+v")
        XCTAssertNotNil(app.waitForState { $0.field("filled-label").text == "outside" },
                        "the paste after losing CLIPBOARD gave \(text(app, "filled-label"))")
        outside.stop()
        // ...and the catalog's next copy takes it back.
        try app.key("ctrl+a", "ctrl+c")
        XCTAssertTrue(waitUntil(timeout: 5) { peer.owner(of: "CLIPBOARD") == app.windowID }, "a second copy did not take CLIPBOARD")
        let again = try XCTUnwrap(peer.convert("CLIPBOARD", to: "UTF8_STRING"))
        XCTAssertEqual(String(decoding: again.bytes, as: UTF8.self), "outside")
    }

    /// ICCCM's MULTIPLE, as clipboard managers fetch what they keep: every pair converted into
    /// its own property, and a pair the catalog cannot give marked None in the list written back.
    func testMultipleConvertsEachPairAndMarksTheOnesItCannotGive() throws {
        let app = try CatalogApp()
        let peer = try SelectionPeer(displayName: app.server.displayName)
        try focus(app, "filled-note")
        try app.key("ctrl+a", "ctrl+c")
        XCTAssertTrue(waitUntil(timeout: 5) { peer.owner(of: "CLIPBOARD") == app.windowID }, "Ctrl+C did not take CLIPBOARD")
        var pairs = [("UTF8_STRING", "PEER_A"), ("image/png", "PEER_B"), ("STRING", "PEER_C")]
            .flatMap { [Int(peer.atom($0.0)), Int(peer.atom($0.1))] }
        XChangeProperty(peer.display, peer.window, peer.atom("PEER_PAIRS"), peer.atom("ATOM_PAIR"), 32, PropModeReplace,
                        &pairs, Int32(pairs.count))
        let answer = try XCTUnwrap(peer.convert("CLIPBOARD", to: "MULTIPLE", property: "PEER_PAIRS"), "MULTIPLE was refused")
        XCTAssertEqual(answer.type, "ATOM_PAIR")
        XCTAssertEqual(peer.atomNames(answer), ["UTF8_STRING", "PEER_A", "image/png", "None", "STRING", "PEER_C"])
        XCTAssertEqual(String(decoding: peer.take("PEER_A").bytes, as: UTF8.self), "Mañana ✓ → ☕ 🎉 東京 ひらがな 한글")
        XCTAssertEqual(peer.take("PEER_C").bytes, Array("Ma".utf8) + [0xF1] + Array("ana ? ? ? ? ?? ???? ??".utf8))
        XCTAssertEqual(peer.take("PEER_B").type, "None", "something was written for a target it cannot give")
    }

    func testSelectingOwnsPrimary() throws {
        let app = try CatalogApp()
        let peer = try SelectionPeer(displayName: app.server.displayName)
        try focus(app, "filled-prefilled")
        XCTAssertNotEqual(peer.owner(of: "PRIMARY"), app.windowID, "PRIMARY owned before anything was selected")
        try app.key("End", "shift+Home")
        XCTAssertTrue(waitUntil(timeout: 5) { peer.owner(of: "PRIMARY") == app.windowID }, "selecting did not take PRIMARY")
        let reply = try XCTUnwrap(peer.convert("PRIMARY", to: "UTF8_STRING"))
        XCTAssertEqual(String(decoding: reply.bytes, as: UTF8.self), "Lisboa")
        let latin1 = try XCTUnwrap(peer.convert("PRIMARY", to: "STRING"))
        XCTAssertEqual(latin1.bytes, Array("Lisboa".utf8))
        // Copying is CLIPBOARD's business: selecting left it alone.
        XCTAssertNotEqual(peer.owner(of: "CLIPBOARD"), app.windowID)
    }

    func testARequestorGoneBeforeTheAnswerCostsNoErrorLineOrWarning() throws {
        let app = try CatalogApp()
        let peer = try SelectionPeer(displayName: app.server.displayName)
        // A copy large enough to be served by INCR (over 256 KiB), pasted in from another client.
        let big = [UInt8](repeating: UInt8(ascii: "w"), count: 300_000)
        let owner = try ExternalOwner(displayName: app.server.displayName, selection: "CLIPBOARD",
                                      answer: .once(type: "UTF8_STRING", format: 8, bytes: big))
        try focus(app, "filled-label")
        try app.key("ctrl+v")
        XCTAssertNotNil(app.waitForState { $0.field("filled-label").text.utf8.count == big.count }, "the paste never arrived")
        owner.stop()
        try app.key("ctrl+a", "ctrl+c")
        XCTAssertTrue(waitUntil(timeout: 5) { peer.owner(of: "CLIPBOARD") == app.windowID }, "Ctrl+C did not take CLIPBOARD")
        // Requestors whose window is gone before the catalog answers (a client killed mid-paste):
        // one asks for the text (INCR), one for TARGETS (a single property).
        for target in ["UTF8_STRING", "TARGETS"] {
            let gone = XCreateSimpleWindow(peer.display, XDefaultRootWindow(peer.display), 0, 0, 1, 1, 0, 0, 0)
            XConvertSelection(peer.display, peer.atom("CLIPBOARD"), peer.atom(target), peer.atom("GONE"), gone, Time(CurrentTime))
            XDestroyWindow(peer.display, gone)
        }
        XSync(peer.display, 0)
        // Then a live requestor that takes the INCR answer's first notice and no chunk: the
        // catalog abandons that copy 2.5 s (2.5 x its 1 s timeout) after it stalled, with one
        // warning. Its requests came after the gone ones', so a copy to a gone requestor kept
        // waiting would be abandoned no later, with a warning line of its own.
        let staller = try SelectionPeer(displayName: app.server.displayName)
        XCTAssertEqual(staller.convertAndStall("CLIPBOARD", to: "UTF8_STRING"), "INCR", "the stalled copy did not go by INCR")
        var errors = ""
        XCTAssertTrue(waitForStandardError(app, toContain: "copy abandoned", log: &errors), "the stalled copy was never abandoned")
        let reply = try XCTUnwrap(peer.convert("CLIPBOARD", to: "UTF8_STRING", timeout: 10), "a live requestor got nothing")
        XCTAssertEqual(reply.bytes.count, big.count)
        try app.requestClose()
        XCTAssertEqual(app.waitForExit(), 0)
        errors += app.standardError
        XCTAssertFalse(errors.contains("X error"), "a requestor that went away printed X errors:\n\(errors)")
        XCTAssertEqual(errors.components(separatedBy: "copy abandoned").count - 1, 1,
                       "a requestor that went away was waited for (only the stalled one's copy is abandoned):\n\(errors)")
        withExtendedLifetime(staller) {}
    }

    // MARK: The catalog as requestor

    func testPastesFromAnotherClient() throws {
        let app = try CatalogApp()
        do {
            let owner = try ExternalOwner(displayName: app.server.displayName, selection: "CLIPBOARD",
                                          answer: .once(type: "UTF8_STRING", format: 8, bytes: Array("from élsewhere ✓".utf8)))
            try focus(app, "filled-label")
            try app.key("ctrl+v")
            XCTAssertNotNil(app.waitForState { $0.field("filled-label").text == "from élsewhere ✓" },
                            "Ctrl+V did not paste CLIPBOARD: \(text(app, "filled-label"))")
            owner.stop()
        }
        do {
            // An owner that knows only STRING: the paste falls back to it and reads Latin-1.
            let owner = try ExternalOwner(displayName: app.server.displayName, selection: "CLIPBOARD",
                                          answer: .stringOnly([0x63, 0x61, 0x66, 0xE9]))
            try focus(app, "filled-placeholder")
            try app.key("ctrl+v")
            XCTAssertNotNil(app.waitForState { $0.field("filled-placeholder").text == "café" },
                            "no STRING fallback: \(text(app, "filled-placeholder"))")
            XCTAssertEqual(owner.requests, 2, "expected UTF8_STRING, then STRING")
            owner.stop()
        }
        do {
            let owner = try ExternalOwner(displayName: app.server.displayName, selection: "PRIMARY",
                                          answer: .once(type: "UTF8_STRING", format: 8, bytes: Array("middle".utf8)))
            let field = try app.state().field("filled-no-label")
            try app.click(x: field.frame[0] + 40, y: field.frame[1] + field.frame[3] / 2, button: 2)
            XCTAssertNotNil(app.waitForState { $0.field("filled-no-label").text == "middle" },
                            "the middle button did not paste PRIMARY: \(text(app, "filled-no-label"))")
            owner.stop()
        }
        do {
            // An empty CLIPBOARD pastes nothing: the selection it would replace stays.
            let owner = try ExternalOwner(displayName: app.server.displayName, selection: "CLIPBOARD",
                                          answer: .once(type: "UTF8_STRING", format: 8, bytes: []))
            try focus(app, "filled-prefilled")
            try app.key("ctrl+a", "ctrl+v")
            XCTAssertTrue(waitUntil(timeout: 5) { owner.requests > 0 }, "the catalog never asked")
            usleep(500_000)
            let field = try app.state().field("filled-prefilled")
            XCTAssertEqual(field.text, "Lisboa", "an empty paste deleted the selection")
            XCTAssertEqual(field.selection, [0, 6])
            owner.stop()
        }
    }

    /// Ctrl+V into "filled-label" from `answer`'s owner: nothing is pasted, and a marker typed
    /// while the transfer is going wrong still arrives (within a second).
    private func assertPasteIgnored(_ answer: ExternalOwner.Answer, waitingOut: Bool = false,
                                    file: StaticString = #filePath, line: UInt = #line) throws {
        let app = try CatalogApp()
        let owner = try ExternalOwner(displayName: app.server.displayName, selection: "CLIPBOARD", answer: answer)
        try focus(app, "filled-label", file: file, line: line)
        try app.key("ctrl+v")
        XCTAssertTrue(waitUntil(timeout: 5) { owner.requests > 0 }, "the catalog never asked", file: file, line: line)
        let typed = Date()
        try app.type("k")
        XCTAssertNotNil(app.waitForState(timeout: 1) { $0.field("filled-label").text == "k" },
                        "the window did not answer a key within a second: \(text(app, "filled-label"))", file: file, line: line)
        print("SelectionUITests: a key answered \(Int(Date().timeIntervalSince(typed) * 1000)) ms into a bad paste")
        // The transfer is given up, with its warning: at once for a wrong answer, after the 1 s
        // timeout for one that stopped (`waitingOut`). The loop hands the paste its empty answer
        // in the turn that warns, so a key typed after the warning arrives after that answer:
        // arriving alone, it shows nothing of the bad paste was pasted, then or later.
        var errors = ""
        XCTAssertTrue(waitForStandardError(app, toContain: "paste ignored", log: &errors),
                      "the bad paste was never given up\(waitingOut ? " (it stopped mid-transfer)" : "")", file: file, line: line)
        try app.type("m")
        XCTAssertNotNil(app.waitForState { $0.field("filled-label").text == "km" },
                        "something of the bad paste arrived: \(text(app, "filled-label"))", file: file, line: line)
        owner.stop()
        // The next paste, from a sound owner, works: the failed transfer left nothing behind.
        let sound = try ExternalOwner(displayName: app.server.displayName, selection: "CLIPBOARD",
                                      answer: .once(type: "UTF8_STRING", format: 8, bytes: Array("ok".utf8)))
        try app.key("ctrl+v")
        XCTAssertNotNil(app.waitForState { $0.field("filled-label").text == "kmok" },
                        "a good paste after the bad one failed: \(text(app, "filled-label"))", file: file, line: line)
        sound.stop()
        try app.requestClose()
        XCTAssertEqual(app.waitForExit(), 0, file: file, line: line)
        errors += app.standardError
        XCTAssertEqual(errors.split(separator: "\n").filter { $0.contains("paste ignored") }.count, 1,
                       "expected one warning line, got: \(errors)", file: file, line: line)
    }

    func testGarbageTypeIsIgnored() throws {
        try assertPasteIgnored(.once(type: "APPLICATION_OCTET_GARBAGE", format: 8, bytes: Array("garbage".utf8)))
    }

    func testWrongFormatIsIgnored() throws {
        // "text" as three 32-bit items of a text type.
        let items = [Int(0x74786574), 0x41, 0x42]
        try assertPasteIgnored(.once(type: "UTF8_STRING", format: 32, bytes: items.withUnsafeBytes { Array($0) }))
    }

    /// While a paste waits on an owner that never replies, the window answers clicks at once: the
    /// loop never blocks on a selection: each click focuses its field while the paste still
    /// waits (before the catalog gives it up, a second after the owner last answered), and then
    /// the paste is given up.
    func testClicksAreAnsweredWhileAPasteWaitsOnAnOwnerThatNeverReplies() throws {
        let app = try CatalogApp()
        try focus(app, "filled-label")
        let hung = try ExternalOwner(displayName: app.server.displayName, selection: "CLIPBOARD", answer: .silent)
        try app.key("ctrl+v")
        XCTAssertTrue(waitUntil(timeout: 5) { hung.requests > 0 }, "the catalog never asked")
        guard let display = XOpenDisplay(app.server.displayName) else { throw HarnessError("no display") }
        defer { XCloseDisplay(display) }
        var delays: [Int] = []
        for id in ["outlined-label", "filled-placeholder", "outlined-placeholder"] {
            let frame = try app.state().field(id).frame
            var x: Int32 = 0, y: Int32 = 0, child: Window = 0
            XTranslateCoordinates(display, app.windowID, XDefaultRootWindow(display), Int32(frame[0] + 20), Int32(frame[1] + frame[3] / 2),
                                  &x, &y, &child)
            XTestFakeMotionEvent(display, -1, x, y, 0)
            let sent = Date()
            XTestFakeButtonEvent(display, 1, 1, 0)
            XTestFakeButtonEvent(display, 1, 0, 0)
            XFlush(display)
            XCTAssertNotNil(app.waitForState(timeout: 10) { $0.field(id).focused }, "\(id) never took focus")
            delays.append(Int(Date().timeIntervalSince(sent) * 1000))
            // A loop that waited on the owner would answer only after giving the paste up.
            XCTAssertFalse(app.hasWrittenToStandardError, "\(id) was focused only after the paste was given up")
        }
        print("SelectionUITests: clicks answered in \(delays) ms while a paste waited on a hung owner")
        XCTAssertTrue(waitUntil(timeout: 10) { app.hasWrittenToStandardError }, "the hung paste was never given up")
        hung.stop()
        try app.requestClose()
        XCTAssertEqual(app.waitForExit(), 0)
        XCTAssertTrue(app.standardError.contains("paste ignored"), "the hung paste is given up: \(app.standardError)")
    }

    /// A paste asks for TARGETS first and takes the text form the owner lists: UTF8_STRING when
    /// offered, STRING straight away when only that is (an old client).
    func testAPasteAsksForTargetsAndTakesTheTextFormOffered() throws {
        let app = try CatalogApp()
        try focus(app, "filled-label")
        let modern = try ExternalOwner(displayName: app.server.displayName, selection: "CLIPBOARD",
                                       answer: .once(type: "UTF8_STRING", format: 8, bytes: Array("é".utf8)))
        try app.key("ctrl+v")
        XCTAssertNotNil(app.waitForState { $0.field("filled-label").text == "é" }, text(app, "filled-label"))
        XCTAssertEqual(modern.askedTargets, ["TARGETS", "UTF8_STRING"])
        modern.stop()
        let old = try ExternalOwner(displayName: app.server.displayName, selection: "CLIPBOARD",
                                    answer: .once(type: "STRING", format: 8, bytes: [0x63, 0x61, 0x66, 0xE9]),
                                    offering: ["TARGETS", "STRING"])
        try app.key("ctrl+v")
        XCTAssertNotNil(app.waitForState { $0.field("filled-label").text == "écafé" }, text(app, "filled-label"))
        XCTAssertEqual(old.askedTargets, ["TARGETS", "STRING"], "Latin-1 asked for at once, decoded as Latin-1")
        old.stop()
    }

    /// Invalid UTF-8 is pasted with U+FFFD for each bad sequence (one warning says so); NUL and
    /// the other C0 controls but tab are dropped, and a single-line field turns line breaks into spaces.
    func testInvalidUTF8IsReplacedAndControlsAreDropped() throws {
        let app = try CatalogApp()
        try focus(app, "filled-label")
        let broken = try ExternalOwner(displayName: app.server.displayName, selection: "CLIPBOARD",
                                       answer: .once(type: "UTF8_STRING", format: 8, bytes: [0x6F, 0x6B, 0xFF, 0xC3, 0x28, 0xED, 0xA0, 0x80]))
        try app.key("ctrl+v")
        let expected = "ok\u{FFFD}\u{FFFD}(\u{FFFD}\u{FFFD}\u{FFFD}"
        XCTAssertNotNil(app.waitForState { $0.field("filled-label").text == expected }, text(app, "filled-label"))
        broken.stop()
        try app.key("ctrl+a", "BackSpace")
        let controls = try ExternalOwner(displayName: app.server.displayName, selection: "CLIPBOARD",
                                         answer: .once(type: "UTF8_STRING", format: 8, bytes: Array("a\u{0}b\u{7}c\td\ne\r\nf".utf8)))
        try app.key("ctrl+v")
        XCTAssertNotNil(app.waitForState { $0.field("filled-label").text == "abc\td e f" }, text(app, "filled-label"))
        controls.stop()
        try app.requestClose()
        XCTAssertEqual(app.waitForExit(), 0)
        let warnings = app.standardError.split(separator: "\n").filter { $0.contains("warning") }
        XCTAssertEqual(warnings.count, 1, app.standardError)
        XCTAssertTrue(warnings.first?.contains("invalid UTF-8; it is pasted with U+FFFD") ?? false, app.standardError)
    }

    /// INCR chunks of 5 bytes cut UTF-8 sequences, CR LF and invalid bytes apart: the text area
    /// gets what the bytes make in one piece (U+FFFD for each bad sequence, CR LF as "\n").
    func testAnIncrementalPasteCutInsideSequencesLandsAsTheWholeBytes() throws {
        let app = try CatalogApp(arguments: ["--focus", "filled-area"])
        XCTAssertNotNil(app.waitForState { $0.field("filled-area").focused }, "filled-area never took focus")
        try app.key("ctrl+a", "BackSpace")
        var bytes: [UInt8] = []
        for _ in 0..<6 { bytes += Array("é中😀\r\nx".utf8) + [0xFF, 0xE2, 0x82] + Array("y\r\n🇫🇷e\u{301}".utf8) }
        let expected = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        let owner = try ExternalOwner(displayName: app.server.displayName, selection: "CLIPBOARD",
                                      answer: .incremental(bytes: bytes, chunk: 5, stopAfter: nil))
        try app.key("ctrl+v")
        XCTAssertNotNil(app.waitForState(timeout: 15) { $0.field("filled-area").text == expected }, text(app, "filled-area"))
        owner.stop()
    }

    func testUnfinishedIncrementalTransferTimesOut() throws {
        let bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 100_000)
        try assertPasteIgnored(.incremental(bytes: bytes, chunk: 4096, stopAfter: 3), waitingOut: true)
    }

    func testAChunkFromAnAbandonedTransferNeverReachesTheNextPaste() throws {
        // Given a paste from an owner that stalls mid-INCR, given up on after 1 s
        let app = try CatalogApp()
        let runaway = try ExternalOwner(displayName: app.server.displayName, selection: "CLIPBOARD",
                                        answer: .runaway(stallFor: 2.5))
        try focus(app, "filled-label")
        try app.key("ctrl+v")
        XCTAssertTrue(waitUntil(timeout: 5) { runaway.requests > 0 }, "the catalog never asked")
        usleep(3_000_000)
        XCTAssertEqual(text(app, "filled-label"), "")
        // When the next paste comes from a sound owner that answers in slow chunks, while the
        // runaway, awake again, answers every deletion of the property it was given
        let expected = String(repeating: "sound text ", count: 4)
        let sound = try ExternalOwner(displayName: app.server.displayName, selection: "CLIPBOARD",
                                      answer: .incrementalSlowly(bytes: Array(expected.utf8), chunk: 8, delay: 0.2))
        try app.key("ctrl+v")
        // Then the paste is the sound owner's text, with nothing of the runaway's in it
        let state = app.waitForState(timeout: 15) { $0.field("filled-label").text.utf8.count >= expected.utf8.count }
        XCTAssertEqual(state?.field("filled-label").text, expected)
        sound.stop()
        runaway.stop()
    }

    // MARK: 10 MB

    /// Pastes 10 MB by INCR into `id` and waits until the model has `pasted`; then sends `keys`
    /// and returns how long the window took to show `afterKeys` (it must answer again).
    @discardableResult
    private func pasteTenMegabytes(into id: String, pasted: @escaping (String) -> Bool, keys: [String],
                                   afterKeys: @escaping (String) -> Bool,
                                   then: (CatalogApp, [UInt8]) throws -> Void = { _, _ in }) throws -> Double {
        // Tall enough that every field of a column is on screen.
        let app = try CatalogApp(arguments: ["--size", "900x2420"], screenSize: (1024, 2420))
        let line = Array("The quick brown fox jumps over the lazy dog, ".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(10_000_000)
        while bytes.count < 10_000_000 { bytes += line }
        bytes.removeLast(bytes.count - 10_000_000)
        let owner = try ExternalOwner(displayName: app.server.displayName, selection: "CLIPBOARD",
                                      answer: .incremental(bytes: bytes, chunk: 256 << 10, stopAfter: nil))
        try focus(app, id)
        let start = Date()
        try app.key("ctrl+v")
        XCTAssertTrue(waitUntil(timeout: 30) { owner.transferEnded != nil }, "the transfer never ended")
        let ended = try XCTUnwrap(owner.transferEnded)
        // Generous: a debug build on a loaded machine; the figures printed are what to watch.
        XCTAssertNotNil(app.waitForState(timeout: 30) { pasted($0.field(id).text) },
                        "the paste never arrived (\(text(app, id).utf8.count) bytes)")
        // When the catalog wrote the state, not when this process finished reading 10 MB of JSON.
        let applied = try stateWritten(app)
        let sent = Date()
        try app.xdotool(["key", "--delay", "0"] + keys)
        let state = app.waitForState(timeout: 10) { afterKeys($0.field(id).text) }
        XCTAssertNotNil(state, "the keys after the paste never arrived")
        let seconds = try stateWritten(app).timeIntervalSince(sent)
        print("SelectionUITests: 10 MB into \(id): transfer \(String(format: "%.2f", ended.timeIntervalSince(start))) s, "
              + "in the model \(String(format: "%.2f", applied.timeIntervalSince(ended))) s after its last chunk, "
              + "keys after it answered in \(String(format: "%.2f", seconds)) s; catalog RSS \(residentMegabytes(app)) MB")
        owner.stop()
        try then(app, bytes)
        return seconds
    }

    /// When the catalog last replaced its QA state file.
    private func stateWritten(_ app: CatalogApp) throws -> Date {
        try XCTUnwrap(FileManager.default.attributesOfItem(atPath: app.statePath)[.modificationDate] as? Date)
    }

    private func residentMegabytes(_ app: CatalogApp) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(app.process.processIdentifier)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) / 1024
    }

    func testTenMegabytePaste() throws {
        try pasteTenMegabytes(into: "filled-label", pasted: { $0.utf8.count == 10_000_000 }, keys: ["Q"],
                                            afterKeys: { $0.utf8.count == 10_000_001 && $0.hasSuffix("Q") }) { app, bytes in
            // Copied back out, the 10 MB go to another client by INCR, whole.
            let peer = try SelectionPeer(displayName: app.server.displayName)
            try app.key("ctrl+a", "ctrl+c")
            XCTAssertTrue(waitUntil(timeout: 10) { peer.owner(of: "CLIPBOARD") == app.windowID }, "Ctrl+C did not take CLIPBOARD")
            let copied = Date()
            let reply = try XCTUnwrap(peer.convert("CLIPBOARD", to: "UTF8_STRING", timeout: 30))
            print("SelectionUITests: 10 MB copied out in \(String(format: "%.2f", Date().timeIntervalSince(copied))) s")
            XCTAssertTrue(reply.incremental, "10 MB went in one property")
            XCTAssertEqual(reply.type, "UTF8_STRING")
            XCTAssertEqual(reply.bytes.count, 10_000_001)
            XCTAssertTrue(reply.bytes.prefix(10_000_000) == bytes[...] && reply.bytes.last == UInt8(ascii: "Q"), "the copy differs")
        }
    }

    func testTenMegabytePasteIsCutAtMaximumLength() throws {
        // The counter field holds 20: the paste fills it; Backspace and a key show the window answers.
        // The keys after the paste arriving is the check (inside); their time is printed.
        try pasteTenMegabytes(into: "filled-counter", pasted: { $0 == "The quick brown fox " }, keys: ["BackSpace", "Q"],
                                            afterKeys: { $0 == "The quick brown foxQ" })
    }

    // MARK: Secrets

    func testSecureFieldTextNeverReachesASelection() throws {
        let app = try CatalogApp(arguments: ["--size", "900x2420"], screenSize: (1024, 2420))
        let peer = try SelectionPeer(displayName: app.server.displayName)
        XCTAssertTrue(peer.own("CLIPBOARD"))
        XCTAssertTrue(peer.own("PRIMARY"))
        try focus(app, "filled-password")
        // Every way of selecting and copying: select all, copy, cut, Shift+Home, a double click, a drag.
        try app.key("ctrl+a", "ctrl+c", "End", "shift+Home", "ctrl+x")
        let field = try app.state().field("filled-password")
        try app.xdotool(["mousemove", "--window", String(app.windowID), String(Int(field.frame[0] + 30)),
                         String(Int(field.frame[1] + 30)), "click", "--repeat", "2", "1"])
        try app.key("ctrl+c")
        // A key that reaches the model proves the copies before it were handled.
        try focus(app, "filled-label")
        try app.type("z")
        XCTAssertNotNil(app.waitForState { $0.field("filled-label").text == "z" })
        XCTAssertEqual(peer.owner(of: "CLIPBOARD"), peer.window, "copying a secure field took CLIPBOARD")
        XCTAssertEqual(peer.owner(of: "PRIMARY"), peer.window, "selecting in a secure field took PRIMARY")
        XCTAssertEqual(try app.state().field("filled-password").text.count, 7, "the password's text changed")
    }
}
