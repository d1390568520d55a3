/// Namespace for facts about the library itself.
public enum Tessera {
    /// The library version, `major.minor.patch`.
    public static let version = "0.1.0"
}
