/// `kSecMatchLimit`.
public enum MatchLimit: String, Sendable { case one, all }
