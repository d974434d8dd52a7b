import XCTest
@testable import QATools

final class QAToolsPlaceholderTests: XCTestCase {
    func testModuleLoads() {}
}
