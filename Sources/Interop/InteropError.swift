/// Bad input to an importer or exporter: which file, where in it (a JSON path such as
/// `$.document.children[0].type`) and what is wrong.
public struct InteropError: Error, CustomStringConvertible, Sendable, Equatable {
    public var file: String
    /// A JSON path, `line L, column C` for malformed JSON, or empty.
    public var location: String
    public var message: String

    public init(file: String, location: String = "", message: String) {
        self.file = file
        self.location = location
        self.message = message
    }

    public var description: String {
        location.isEmpty ? "\(file): \(message)" : "\(file): \(location): \(message)"
    }
}
