import SimCLI
import Testing

@Test func optionsAreTakenInBothSpellingsAndTheLastWins() throws {
    var args = Arguments(["--group", "shared", "list", "--group=ring"])
    #expect(try args.option("--group") == "ring")
    #expect(try args.positional("X") == "list")
    try args.finish()
}

@Test func leftOverTokensAreUsageErrors() throws {
    var args = Arguments(["a", "--bogus"])
    _ = try args.positional("A")
    #expect(throws: CLIError.usage("Unknown option --bogus.")) { try args.finish() }
    let extra = Arguments(["b"])
    #expect(throws: CLIError.usage("Unexpected argument 'b'.")) { try extra.finish() }
}

@Test func aMissingOptionValueIsAUsageError() {
    var args = Arguments(["--count"])
    #expect(throws: CLIError.usage("Option --count needs a value.")) { try args.option("--count") }
}

@Test func doubleDashLetsAPositionalStartWithDashes() throws {
    var args = Arguments(["--", "--weird"])
    #expect(try args.positional("X") == "--weird")
}

@Test func typedOptionsRejectInvalidValuesClearly() {
    var args = Arguments(["--count", "zero"])
    #expect(throws: CLIError.usage("Invalid value 'zero' for --count: expected a number.")) {
        try args.option("--count", expecting: "a number") { Int($0) }
    }
}

@Test func toolExitCodesFollowTheConventions() {
    let tool = Tool(
        name: "t", summary: "test",
        commands: [
            Command("ok", summary: "ok") { args, _ in try args.finish() },
            Command("fail", summary: "fail") { _, _ in throw CLIError.failure("boom") },
        ])
    #expect(tool.run(["ok"]) == 0)
    #expect(tool.run(["ok", "extra"]) == 2)
    #expect(tool.run(["fail"]) == 1)
    #expect(tool.run(["nope"]) == 2)
    #expect(tool.run(["--help"]) == 0)
    #expect(tool.run(["ok", "--help"]) == 0)
}

@Test func everyCommandHelpShowsUsage() {
    let tool = Tool(
        name: "t", summary: "test",
        commands: [Command("ok", summary: "does ok", usage: "THING", examples: ["t ok x"]) { _, _ in }])
    let help = tool.help(path: ["ok"]) ?? ""
    #expect(help.contains("USAGE: t ok THING"))
    #expect(help.contains("t ok x"))
}
