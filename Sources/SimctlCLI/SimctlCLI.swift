import Foundation

public enum SimctlCLI {
    public static func main() -> Never { exit(0) }
}
