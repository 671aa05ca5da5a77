/// One command of a document or a help page, as the doc test runs it: the shell text (continuation
/// lines joined), the exit status the text documents and the lines its output must contain.
struct DocCommand: Sendable, Equatable {
    /// Where it is written, e.g. `README.md:52` or `ring-sim signup --help, example 2`.
    var location: String
    var text: String
    /// 0 unless the command's trailing comment starts with `exit N`.
    var exitStatus: Int32
    /// Each line must appear in the output (stdout and stderr), `…` standing for any text.
    var output: [String]

    init(location: String, text: String, output: [String] = []) {
        self.location = location
        self.text = text
        self.exitStatus = ShellText.documentedExit(in: text) ?? 0
        self.output = output
    }
}
