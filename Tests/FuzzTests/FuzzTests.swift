import XCTest
import MaterialFields
@testable import MaterialFieldsFuzz

final class FuzzTests: XCTestCase {
    /// The seed CI runs: fixed, so a red run replays exactly (`./run.sh fuzz SEED` runs others).
    static let seed: UInt64 = 20_261_130

    func testHundredThousandOperationsAgreeWithTheReference() {
        let start = Date()
        let report = Fuzzer.run(Fuzzer.Configuration(seed: Self.seed, operations: 100_000))
        let seconds = Date().timeIntervalSince(start)
        print(String(format: "fuzz: seed %llu, %d operations in %.1f s, %d renders, %d draw calls checked, longest input %d and "
                     + "longest text %d graphemes (replay or run longer: ./run.sh fuzz SEED [OPS])",
                     report.seed, report.operationsRun, seconds, report.renders, report.drawCommands, report.longestInput,
                     report.longestText))
        if let failure = report.failure { XCTFail("\n\(failure)") }
        XCTAssertEqual(report.operationsRun, 100_000)
        XCTAssertGreaterThanOrEqual(report.longestInput, 100_000, "a 100k-character string was typed, pasted or set")
    }
}

/// What the fuzzer found, shrunk, kept as regressions.
final class FuzzRegressionTests: XCTestCase {
    /// A press that focused a narrow field (scale 2, a 216 px window) landed where its clear
    /// button shows while editing, and cleared it: the press must hit what was there before.
    func testThePressThatBeginsEditingDoesNotClearTheField() {
        let operations: [FuzzOperation] = [
            .setText(field: 0, "it"),
            .resize(Size(width: 983.0, height: 959.0)),
            .setError(field: 3, "A long error message that wraps over more than one line"),
            .wheel(1000000000.0),
            .pointerDown(Point(x: 527.4840140188628, y: -119.0205397679457), .primary, clicks: 4, shift: false),
            .focus(field: 2),
            .resize(Size(width: 216.0, height: 478.0)),
            .key(.enter, []),
            .pointerDown(Point(x: 97.68528916461109, y: -270.10303430972124), .primary, clicks: 1, shift: false),
        ]
        XCTAssertNil(Fuzzer.replay(operations, scale: 2))
    }
}

/// The fuzzer must notice a broken editing command and shrink its finding to a few steps.
final class FuzzMutantTests: XCTestCase {
    private func assertCaught(_ mutant: FuzzMutant, kind: String, file: StaticString = #filePath, line: UInt = #line) {
        let report = Fuzzer.run(Fuzzer.Configuration(seed: FuzzTests.seed, operations: 100_000, mutant: mutant))
        guard let failure = report.failure else {
            return XCTFail("\(mutant) went unnoticed in 100,000 operations", file: file, line: line)
        }
        print("fuzz: the \(mutant) mutant, as CI would report it:\n\(failure)")
        XCTAssertEqual(failure.shrunkViolation.kind, kind, file: file, line: line)
        XCTAssertLessThanOrEqual(failure.shrunk.count, 6, "\n\(failure)", file: file, line: line)
        // The shrunk list is a reproduction: it fails with the mutant and passes without it.
        XCTAssertNotNil(Fuzzer.replay(failure.shrunk, mutant: mutant, scale: failure.scale), file: file, line: line)
        XCTAssertNil(Fuzzer.replay(failure.shrunk, scale: failure.scale), file: file, line: line)
    }

    func testABackspaceThatRemovesAScalarInsteadOfAGraphemeIsCaughtAndShrunk() {
        assertCaught(.backspaceRemovesScalar, kind: "text")
    }

    func testAWordDeleteOffByOneIsCaughtAndShrunk() {
        assertCaught(.wordDeleteOffByOne, kind: "text")
    }
}
