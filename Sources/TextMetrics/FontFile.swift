/// One face of an installed font file, as fontconfig names it.
public struct FontFile: Hashable, Sendable, CustomStringConvertible {
    /// Absolute path of the font file.
    public var path: String
    /// Face index inside the file (0 except in collections such as `.ttc`).
    public var index: Int
    /// The face's family name, e.g. "DejaVu Sans".
    public var family: String

    /// Names a face of a font file.
    public init(path: String, index: Int, family: String) {
        self.path = path
        self.index = index
        self.family = family
    }

    /// "DejaVu Sans (/usr/share/fonts/…/DejaVuSans.ttf)", with "#1" after collection indices.
    public var description: String {
        "\(family) (\(path)\(index == 0 ? "" : "#\(index)"))"
    }
}
