import AppSupport
import SimCLI

/// What both apps' `tap` commands read: `ID`, or `--label TEXT`.
public enum TapCommand {
    public static func target(_ args: inout Arguments) throws -> TapTarget {
        if let label = try args.option("--label") { return .label(label) }
        return .id(try args.positional("ID"))
    }
}
