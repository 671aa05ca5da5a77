/// The homeservers every world starts with (spec/03 §7, spec/04 §3). The simulator never needs their
/// secrets: it plays the server side itself.
public enum KnownHomeservers {
    /// The production homeserver.
    public static let production = "8um71us3fyw6h8wbcxb5ar3rwusy1a6u49956ikzojg3gcwd1dty"
    /// The staging homeserver (development builds, Homegate's default in the simulator).
    public static let staging = "ufibwbmed6jeq9k4p583go95wofakh9fwpp4k734trq79pd9u1uy"
}
