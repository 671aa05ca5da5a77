import Foundation

public enum RingCLI {
    public static func main() -> Never { exit(0) }
}
