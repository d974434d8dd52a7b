import CXTest
import Foundation
import TestHarness

// catalog-soak: drives the real textfield-catalog on a private Xvfb with seeded random input for a
// number of seconds and fails if it dies, stops answering, breaks a QA-state invariant or grows in
// resident memory after the warm-up. `./run.sh soak SECONDS` runs it; `./run.sh test` runs 60 s.

let usage = """
usage: catalog-soak SECONDS [--seed N] [--catalog PATH] [--scale N] [--warm-up SECONDS] [--answer-within SECONDS]
  SECONDS            how long to drive the catalog (at least 1)
  --seed N           the random seed (default: a new one, printed); the same seed sends the same input
  --catalog PATH     the textfield-catalog binary (default: next to this program)
  --scale N          the catalog's --scale (default 1)
  --warm-up S        seconds before the memory baseline is taken (default 30)
  --answer-within S  how soon a typed marker must reach the QA state (default 1)
"""

struct Options {
    var seconds = 0.0
    var seed = UInt64.random(in: 1...999_999_999)
    var catalog = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("textfield-catalog").path
    var scale = 1.0
    var warmUp = 30.0
    var answerWithin = 1.0

    static func parse(_ arguments: [String]) -> Options? {
        var options = Options()
        var rest = arguments[...]
        var sawSeconds = false
        while let argument = rest.popFirst() {
            switch argument {
            case "--seed": guard let value = rest.popFirst().flatMap({ UInt64($0) }) else { return nil }; options.seed = value
            case "--catalog": guard let value = rest.popFirst() else { return nil }; options.catalog = value
            case "--scale":
                guard let value = rest.popFirst().flatMap({ Double($0) }), value >= 0.5, value <= 4 else { return nil }
                options.scale = value
            case "--warm-up": guard let value = rest.popFirst().flatMap({ Double($0) }), value >= 0 else { return nil }; options.warmUp = value
            case "--answer-within":
                guard let value = rest.popFirst().flatMap({ Double($0) }), value > 0 else { return nil }; options.answerWithin = value
            default:
                guard !sawSeconds, let value = Double(argument), value >= 1, value.isFinite else { return nil }
                options.seconds = value
                sawSeconds = true
            }
        }
        return sawSeconds ? options : nil
    }
}

/// SplitMix64: small, fast and the same on every platform, so a seed replays the same input.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

func say(_ line: String) {
    FileHandle.standardOutput.write(Data("soak: \(line)\n".utf8))
}

guard let options = Options.parse(Array(CommandLine.arguments.dropFirst())) else {
    FileHandle.standardError.write(Data("\(usage)\n".utf8))
    exit(2)
}

let status: Int32
do {
    let soak = try Soak(options: options)
    status = soak.run()
} catch {
    say("FAILED: \(error)")
    status = 1
}
exit(status)
