import Foundation

public enum BitkitCLI {
    public static func main() -> Never { exit(0) }
}
