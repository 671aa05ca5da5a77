enum KeychainStress {
    static func main(_ arguments: [String]) -> Int32 { 2 }
}
