import Foundation
import MaterialFieldsFuzz

// materialfields-fuzz [SEED] [OPERATIONS]: runs the model fuzzer once. Without a seed it picks
// one from the clock and prints it, so any run can be replayed.
let arguments = CommandLine.arguments.dropFirst()
let usage = "usage: materialfields-fuzz [SEED] [OPERATIONS]"
if arguments.first == "-h" || arguments.first == "--help" {
    print(usage + "\n\nRuns the model fuzzer: OPERATIONS (default 100,000) seeded random operations on six fields,"
          + "\nchecked against a reference model after each. Without SEED one is taken from the clock and printed."
          + "\nA failure prints the seed, a replay line and the shortest operation list that still fails"
          + "\n(FUZZ_SHRINK_SECONDS bounds the shrinking, default 120).")
    exit(0)
}
guard arguments.count <= 2 else {
    FileHandle.standardError.write((usage + "\n").data(using: .utf8)!)
    exit(2)
}
let seed: UInt64
if let first = arguments.first {
    guard let parsed = UInt64(first) else {
        FileHandle.standardError.write("materialfields-fuzz: SEED must be a whole number from 0 to \(UInt64.max)\n\(usage)\n".data(using: .utf8)!)
        exit(2)
    }
    seed = parsed
} else {
    seed = UInt64(Date().timeIntervalSince1970 * 1000)
}
var operations = 100_000
if arguments.count == 2 {
    guard let parsed = Int(arguments.last!), parsed > 0 else {
        FileHandle.standardError.write("materialfields-fuzz: OPERATIONS must be a positive number\n\(usage)\n".data(using: .utf8)!)
        exit(2)
    }
    operations = parsed
}
print("fuzz: seed \(seed), \(operations) operations, scale \(Fuzzer.Configuration(seed: seed).scale)")
let start = Date()
setvbuf(stdout, nil, _IOLBF, 0)
let shrinkSeconds = ProcessInfo.processInfo.environment["FUZZ_SHRINK_SECONDS"].flatMap(Double.init) ?? 120
let report = Fuzzer.run(Fuzzer.Configuration(seed: seed, operations: operations, shrinkSeconds: shrinkSeconds,
                                             onFailure: { print($0) }))
let seconds = Date().timeIntervalSince(start)
if let failure = report.failure {
    print(failure)
    exit(1)
}
let kinds = report.kinds.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
print(String(format: "fuzz: passed %d operations in %.1f s (%d renders, %d draw calls checked, longest input %d, longest text %d graphemes)",
             report.operationsRun, seconds, report.renders, report.drawCommands, report.longestInput, report.longestText))
print("fuzz: \(kinds)")
