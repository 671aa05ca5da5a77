import Foundation
import SimCLI

/// Headless Chromium for the report's browser tests (Debian's `chromium` package, installed by
/// `scripts/bootstrap --browser`, which `scripts/test` runs). Where it is missing the browser tests
/// are skipped, unless `SIM_BROWSER_TESTS=1` (as `scripts/test` and so CI set it) says they must
/// run: then they fail and say how to install it.
enum Chromium {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static let executable: String? = {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            for folder in folders where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return "\(folder)/\(name)"
            }
        }
        return nil
    }()

    static var required: Bool { ProcessInfo.processInfo.environment["SIM_BROWSER_TESTS"] == "1" }

    /// Whether the browser tests run: Chromium is there, or the environment insists.
    static var shouldRun: Bool {
        ProcessInfo.processInfo.environment["SIM_BROWSER_TESTS"] != "0" && (executable != nil || required)
    }

    static func require() throws -> String {
        guard let executable else {
            throw Failure(
                description: "Chromium is not installed: run `scripts/bootstrap --browser` (apt-get install chromium).")
        }
        return executable
    }

    /// A PNG screenshot of `page` in a window of `width`×`height` CSS pixels at scale 1.
    static func screenshot(_ page: URL, width: Int, height: Int) throws -> Data {
        let output = Scratch.folder.appendingPathComponent("shot-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: output) }
        _ = try run(["--screenshot=\(output.path)", "--window-size=\(width),\(height)", page.absoluteString])
        guard let data = FileManager.default.contents(atPath: output.path) else {
            throw Failure(description: "Chromium wrote no screenshot of \(page.path)")
        }
        return data
    }

    /// Loads a copy of `page` with `script` appended to its body (the page itself has none), runs it
    /// once the page and its frames have loaded, in a window `width` CSS pixels wide, and returns
    /// what it returned, as JSON. File access from files is allowed so that a harness page can look
    /// into the report pages it frames.
    static func probe(_ page: URL, width: Int, height: Int = 900, script: String) throws -> Any {
        let html = try String(contentsOf: page, encoding: .utf8)
        // The copy lives elsewhere (the report folder stays as the tool wrote it); its base address
        // is the page's folder, so relative links and frames resolve there.
        let copy = Scratch.folder.appendingPathComponent("probe-\(UUID().uuidString).html")
        defer { try? FileManager.default.removeItem(at: copy) }
        let probe = """
            <pre id="probe-result"></pre>
            <script>
            window.addEventListener("load", function () {
              var result;
              try { result = (function () { \(script) })(); } catch (e) { result = { error: String(e) }; }
              document.getElementById("probe-result").textContent = JSON.stringify(result);
            });
            </script>
            """
        guard let head = html.range(of: "<head>"), let end = html.range(of: "</body>", options: .backwards) else {
            throw Failure(description: "\(page.path) has no <head> or no </body>")
        }
        let base = "<base href=\"\(page.deletingLastPathComponent().absoluteString)\">"
        let probed =
            html[..<head.upperBound] + base + html[head.upperBound..<end.lowerBound] + probe + html[end.lowerBound...]
        try probed.write(to: copy, atomically: true, encoding: .utf8)
        let dom = try run([
            "--dump-dom", "--window-size=\(width),\(height)", "--allow-file-access-from-files", copy.absoluteString,
        ])
        guard let start = dom.range(of: "<pre id=\"probe-result\">"),
            let stop = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex)
        else { throw Failure(description: "the probe left no result in \(page.lastPathComponent)") }
        let text = String(dom[start.upperBound..<stop.lowerBound])
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        return try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }

    /// Runs headless Chromium with a throwaway profile and no network services; returns stdout.
    static func run(_ arguments: [String]) throws -> String {
        let executable = try require()
        let profile = Scratch.folder.appendingPathComponent("chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments =
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
                "--no-first-run", "--disable-extensions", "--disable-background-networking", "--disable-sync",
                "--disable-component-update", "--disable-default-apps", "--mute-audio", "--disable-dev-shm-usage",
                "--user-data-dir=\(profile.path)",
            ] + arguments
        process.standardError = FileHandle.nullDevice
        let out = try Process.launchingAlone {
            let out = Pipe()
            process.standardOutput = out
            try process.run()
            return out
        }
        // A hung browser must not hang the suite.
        let timer = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 120, execute: timer)
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        timer.cancel()
        guard process.terminationStatus == 0 else {
            throw Failure(
                description: "chromium \(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
