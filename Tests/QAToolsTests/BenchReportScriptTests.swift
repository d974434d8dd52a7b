import Foundation
import XCTest

/// The bench's table (Scripts/bench_report.py: issue 28's goals met or not, the resident pages by
/// mapping) checked by its own unit tests, Scripts/test_bench_report.py, on made-up figures: no
/// timing, no X server. Run here so `./run.sh test` and CI run them with everything else.
final class BenchReportScriptTests: XCTestCase {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func testTheBenchTablesVerdictsAndMappingGroupsPassTheirOwnTests() throws {
        let python = "/usr/bin/python3"
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw XCTSkip("no \(python): ./run.sh test installs python3")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [Self.repository.appendingPathComponent("Scripts/test_bench_report.py").path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        XCTAssertEqual(process.terminationStatus, 0, text)
        XCTAssertTrue(text.contains("\nOK"), "unittest's summary: \(text)")
    }
}
