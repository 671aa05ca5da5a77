// Fuzz target `scenario-file`: a scenario file: steps, expectations, symbols, JSON paths (Docs/scenarios.md).
// `include` reads files: scripts/fuzz runs the target with stdin from /dev/null so no include can
// wait on a terminal.
import Scenarios

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? ScenarioParser.parse(text: text, file: "/nonexistent/fuzz.scenario")
    return 0
}
