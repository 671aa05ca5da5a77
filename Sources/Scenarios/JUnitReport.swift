import ContractNames

/// A JUnit XML report for CI dashboards.
public enum JUnitReport {
    /// The report of a run on `platform` (a property of the suite, so runs on both can be told apart).
    public static func xml(
        _ outcomes: [(file: String, outcome: ScenarioSuite.Outcome)], platform: Platform = .default
    ) -> String {
        let skipped = outcomes.filter(\.outcome.skipped).count
        let failures = outcomes.filter { !$0.outcome.passed }.count - skipped
        let total = outcomes.reduce(0.0) { sum, entry in
            if case .ran(let result) = entry.outcome { return sum + (result.seconds ?? 0) }
            return sum
        }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml +=
            "<testsuite name=\"scenarios\" tests=\"\(outcomes.count)\" failures=\"\(failures)\" skipped=\"\(skipped)\" time=\"\(total)\">\n"
        xml += "  <properties><property name=\"platform\" value=\"\(platform.rawValue)\"/></properties>\n"
        for (file, outcome) in outcomes {
            switch outcome {
            case .ran(let result):
                xml +=
                    "  <testcase classname=\"scenarios\" name=\"\(escape(result.name))\" time=\"\(result.seconds ?? 0)\">\n"
                if let reason = result.skipReason {
                    xml += "    <skipped message=\"\(escape(reason))\"/>\n  </testcase>\n"
                    continue
                }
                if let failure = result.failure {
                    // Every failed expectation (several with --keep-going), the first one in the message.
                    let all = result.failures.isEmpty ? [failure] : result.failures
                    let body = all.map {
                        (all.count > 1 ? "\($0.location): \($0.step)\n" : "")
                            + "expected: \($0.expected)\nactual: \($0.actual)"
                    }.joined(separator: "\n\n")
                    xml +=
                        "    <failure message=\"\(escape(failure.location + ": " + failure.step))\">\(escape(body))</failure>\n"
                }
                xml += "    <system-out>\(escape(result.transcript))</system-out>\n  </testcase>\n"
            case .malformed(let error):
                xml += "  <testcase classname=\"scenarios\" name=\"\(escape(file))\" time=\"0\">\n"
                xml +=
                    "    <failure message=\"malformed scenario\">\(escape(error.description))</failure>\n  </testcase>\n"
            }
        }
        return xml + "</testsuite>\n"
    }

    package static func escape(_ text: String) -> String {
        var out = ""
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default:
                if c.value < 0x20 && c != "\n" && c != "\t" { continue }
                out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
