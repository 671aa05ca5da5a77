// Fuzz target `serve-request`: what a serving process (`TOOL --serve`) reads on stdin: bounded lines, each a request.
// Lines are split by the bounded reader, each decoded as a request.
import Foundation

@testable import SimCLI

#if canImport(Glibc)
    import Glibc
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // A pipe holds 64 KiB; libFuzzer inputs stay far below (scripts/fuzz sets -max_len).
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return 0 }
    _ = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
    close(ends[1])
    var reader = RequestLineReader(descriptor: ends[0], limit: 256)
    while let line = reader.next() {
        if case .line(let request) = line { _ = ToolServer.request(request) }
    }
    close(ends[0])
    return 0
}
