/// `--junit PATH`: a run's scripts as JUnit XML, the dialect Jenkins, GitLab and GitHub's test
/// reporters read: one `<testsuite>` in `<testsuites>`, one `<testcase>` per script. A script
/// that failed has ONE `<failure>`: its `message` is the first failure (`FILE:LINE: ...`) and how
/// many there were, its text every failure on a line of its own (several with `--keep-going`, and
/// golden shots that differ, named by the line of their screenshot step). A script whose shots
/// could not be judged because the fonts are not the goldens' (and which failed nothing else) is
/// `<skipped>` with that reason: neither a pass nor a failure.
public enum JUnitReport {
    public static func xml(_ results: [ScriptResult], suiteName: String) -> String {
        let failed = results.filter(\.hasFailed).count
        let skipped = results.filter { !$0.hasFailed && $0.unjudgedReason != nil }.count
        let seconds = results.reduce(0) { $0 + $1.wallTime }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let counts = "tests=\"\(results.count)\" failures=\"\(failed)\" errors=\"0\" skipped=\"\(skipped)\" time=\"\(decimal(seconds))\""
        xml += "<testsuites name=\"\(XMLText.escaped(suiteName))\" \(counts)>\n"
        xml += "  <testsuite name=\"\(XMLText.escaped(suiteName))\" \(counts)>\n"
        for result in results {
            xml += "    <testcase classname=\"\(XMLText.escaped(suiteName))\" name=\"\(XMLText.escaped(result.file))\" "
                + "file=\"\(XMLText.escaped(result.file))\" time=\"\(decimal(result.wallTime))\">\n"
            let failures = result.failureMessages
            if let first = failures.first {
                let message = failures.count == 1 ? first : "\(failures.count) failures; the first: \(first)"
                xml += "      <failure message=\"\(XMLText.escaped(message))\" type=\"\(failureType(result))\">"
                    + XMLText.escaped(failures.joined(separator: "\n")) + "</failure>\n"
            } else if let reason = result.unjudgedReason {
                xml += "      <skipped message=\"\(XMLText.escaped("shots not judged: " + reason))\"/>\n"
            }
            let ran = result.steps.filter { $0.outcome != .notReached }.count
            let summary = "\(ran) of \(result.steps.count) steps run, \(result.shots.count) screenshot\(result.shots.count == 1 ? "" : "s"), "
                + "\(Int((result.virtualTime * 1000).rounded())) ms of virtual time"
            xml += "      <system-out>\(XMLText.escaped(summary))</system-out>\n"
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    /// `expectation` when only expectations failed, `golden` when only shots did, `syntax` for a
    /// script that could not be read, otherwise `step`.
    private static func failureType(_ result: ScriptResult) -> String {
        if result.parseFailure != nil { return "syntax" }
        let steps = result.steps.map(\.outcome)
        let stepFailed = steps.contains { $0.failureMessage != nil }
        let onlyExpectations = !steps.contains { if case .couldNotRun = $0 { return true } else { return false } }
        if !stepFailed { return "golden" }
        return onlyExpectations && !result.shots.contains(where: \.verdict.isFailure) ? "expectation" : "step"
    }

    /// Seconds with three decimals, as JUnit writes them.
    static func decimal(_ seconds: Double) -> String {
        let milliseconds = seconds.isFinite ? Int((max(0, seconds) * 1000).rounded()) : 0
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}

/// Text for XML and HTML, in content and in quoted attributes: the five special characters as
/// entities, and characters XML 1.0 does not allow at all (control characters a script typed,
/// U+FFFE, U+FFFF) written out as `\u{1B}`, so the file stays well-formed and the reader still
/// sees what was there. Line breaks and tabs stay, as entities (an attribute would fold them).
public enum XMLText {
    public static func escaped(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            case "\n": output += "&#10;"
            case "\t": output += "&#9;"
            case "\r": output += "&#13;"
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF || (0x7F...0x9F).contains(scalar.value) {
                    output += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output
    }
}
