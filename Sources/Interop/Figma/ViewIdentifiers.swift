import CICU
import LayoutSpec

/// Readable, unique view ids and document names from Figma layer names.
///
/// `Sign In Button` → `sign-in-button`; accents are folded (`Café` → `cafe`), anything else
/// outside letters and digits becomes one `-`; a name with nothing left takes its node type
/// (`rectangle`). A second `button` is `button-2`. Ids are at most 64 characters.
public enum ViewIdentifiers {
    static let maxLength = 64

    /// The readable base of an id for a layer called `name` of `type`.
    public static func slug(_ name: String, type: FigmaNodeType) -> String {
        let folded = name.utf8.allSatisfy({ $0 < 0x80 }) ? name.lowercased() : Self.folded(name)
        var slug = ""
        var pendingDash = false
        for scalar in folded.unicodeScalars {
            let isWord = (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9")
            if isWord {
                if pendingDash && !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.unicodeScalars.append(scalar)
                if slug.count >= maxLength { break }
            } else {
                pendingDash = true
            }
        }
        return slug.isEmpty ? type.rawValue.lowercased().replacing("_", with: "-") : slug
    }

    /// `text` with its accents dropped, full-width letters plain and case folded (ICU); only
    /// lower-cased if ICU fails.
    static func folded(_ text: String) -> String {
        let source = Array(text.utf8)
        var capacity = source.count + 16
        while true {
            var out = [UInt8](repeating: 0, count: capacity)
            var error: Int32 = 0
            let length = source.withUnsafeBytes { source in
                out.withUnsafeMutableBytes { out in
                    plumb_fold(source.baseAddress?.assumingMemoryBound(to: CChar.self), Int64(source.count),
                               out.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(capacity), &error)
                }
            }
            guard length >= 0 else { return text.lowercased() }
            if Int(length) <= capacity { return String(decoding: out.prefix(Int(length)), as: UTF8.self) }
            capacity = Int(length)
        }
    }

    /// Hands out ids: those in `reserved` are taken; `unique(base)` returns `base`, else
    /// `base-2`, `base-3`, … whichever is free first.
    public struct Allocator {
        private var taken: Set<String>
        private var nextSuffix: [String: Int] = [:]

        public init(reserved: some Sequence<String> = []) {
            taken = Set(reserved)
        }

        public mutating func unique(_ base: String) -> String {
            if taken.insert(base).inserted { return base }
            var suffix = nextSuffix[base] ?? 2
            while true {
                let candidate = "\(base)-\(suffix)"
                suffix += 1
                if taken.insert(candidate).inserted {
                    nextSuffix[base] = suffix
                    return candidate
                }
            }
        }
    }
}
