internal import CFreeType
internal import CICU

/// A failure of one of the C libraries behind the font measurer: which library, which call,
/// its return code and its message.
public struct TextMetricsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The C library that failed.
    public enum Library: String, Hashable, Sendable {
        case freeType = "FreeType"
        case harfBuzz = "HarfBuzz"
        case fontconfig = "fontconfig"
        case icu = "ICU"
    }

    /// The library that failed.
    public var library: Library
    /// The C function that failed, e.g. `FT_New_Face`.
    public var function: String
    /// The library's return code, or 0 for calls that only report failure by returning NULL.
    public var code: Int32
    /// What went wrong, in the library's words where it has any.
    public var message: String

    /// Makes an error; `code` is 0 for calls without return codes.
    public init(library: Library, function: String, code: Int32 = 0, message: String) {
        self.library = library
        self.function = function
        self.code = code
        self.message = message
    }

    /// "FreeType: FT_New_Face failed (code 1): cannot open resource".
    public var description: String {
        let codeText = code == 0 ? "" : " (code \(code))"
        return "\(library.rawValue): \(function) failed\(codeText): \(message)"
    }

    /// Checks a FreeType return code: 0 is success, anything else throws.
    static func checkFreeType(_ code: FT_Error, _ function: String, _ detail: String = "") throws(TextMetricsError) {
        guard code != 0 else { return }
        var message = FT_Error_String(code).map { String(cString: $0) } ?? "FreeType error \(code)"
        if !detail.isEmpty { message += " (\(detail))" }
        throw TextMetricsError(library: .freeType, function: function, code: code, message: message)
    }

    /// Checks an ICU error code: negative values are warnings and 0 is success; positive throws.
    static func checkICU(_ code: Int32, _ function: String) throws(TextMetricsError) {
        guard code > 0 else { return }
        let message = String(cString: plumb_icu_error_name(code))
        throw TextMetricsError(library: .icu, function: function, code: code, message: message)
    }

    /// Checks the result of a C call that reports failure by returning NULL.
    static func checkNotNull<Value>(
        _ value: Value?, _ library: Library, _ function: String, _ message: String
    ) throws(TextMetricsError) -> Value {
        guard let value else {
            throw TextMetricsError(library: library, function: function, message: message)
        }
        return value
    }
}
