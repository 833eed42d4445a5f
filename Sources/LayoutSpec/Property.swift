/// Every stored property of a view: the unit of storage, diffing and merging.
///
/// The raw value is the property's name everywhere: in `plumb set KEY=VALUE`, in the store's
/// `property` column, in diffs and in conflicts. Margins, paddings and fonts are stored per
/// part (`margin.top`, `font.size`) so that edits to different parts merge.
public enum Property: String, CaseIterable, Sendable, Comparable {
    // Structure: where the view is in the tree, and whether it exists.
    case kind, parent, order, alive
    // Every view.
    case width, height, minWidth, maxWidth, minHeight, maxHeight
    case horizontalAlignment, verticalAlignment
    case marginTop = "margin.top", marginLeft = "margin.left", marginBottom = "margin.bottom", marginRight = "margin.right"
    case paddingTop = "padding.top", paddingLeft = "padding.left", paddingBottom = "padding.bottom", paddingRight = "padding.right"
    case visibility, backgroundColor
    case cornerRadius, borderWidth, borderColor, opacity
    // Where the view came from (a Figma node id, …): kept, merged and diffed, never laid out.
    case sourceId
    // Labels and buttons.
    case text
    case fontFamily = "font.family", fontSize = "font.size", fontWeight = "font.weight", fontItalic = "font.italic"
    case textColor, textAlignment, textVerticalAlignment, numberOfLines, lineBreakMode
    case lineHeight, letterSpacing, paragraphSpacing, textCase, textDecoration
    // Stretches of the text with their own style (`TextRun`).
    case textRuns
    // The size the design measured for a label's text (Figma's text box), used where the
    // label's font family is not installed.
    case designedWidth, designedHeight
    // Stacks.
    case orientation, spacing, distribution, wrap, lineSpacing
    // Grids.
    case rows, columns, rowSpacing, columnSpacing
    // Children of grids.
    case row, column, rowSpan, columnSpan
    // Children of stacks.
    case floating

    /// Longest accepted `text`, in characters (graphemes); also at most 25 Unicode scalars and
    /// 100 UTF-8 bytes per character of the limit (`PropertyType.scalarsPerCharacter`).
    public static let maxTextLength = 10_000
    /// Longest accepted `font.family`, in characters (scalars and bytes as for `text`).
    public static let maxFamilyLength = 200
    /// Longest accepted `sourceId`, in characters.
    public static let maxSourceIDLength = 1_000
    /// Most tracks accepted in `rows` or `columns`.
    public static let maxTracks = 1_000

    /// The value type this property takes.
    public var type: PropertyType { Property.types[position] }

    private static let types: [PropertyType] = allCases.map(\.computedType)

    private var computedType: PropertyType {
        switch self {
        case .kind: .choice(ViewKind.allCases.map(\.rawValue))
        case .parent: .viewID
        case .order: .orderKey
        case .alive, .floating, .fontItalic, .wrap: .bool
        case .width, .height, .minWidth, .maxWidth, .minHeight, .maxHeight,
             .marginTop, .marginLeft, .marginBottom, .marginRight,
             .paddingTop, .paddingLeft, .paddingBottom, .paddingRight,
             .rowSpacing, .columnSpacing, .cornerRadius, .borderWidth, .paragraphSpacing, .designedWidth, .designedHeight,
             .lineSpacing:
            .length
        case .spacing: .offset
        case .horizontalAlignment: .choice(HorizontalAlignment.allCases.map(\.rawValue))
        case .verticalAlignment: .choice(VerticalAlignment.allCases.map(\.rawValue))
        case .visibility: .choice(Visibility.allCases.map(\.rawValue))
        case .backgroundColor, .textColor, .borderColor: .color
        case .opacity: .fraction
        case .sourceId: .text(maxLength: Property.maxSourceIDLength)
        case .text: .text(maxLength: Property.maxTextLength)
        case .fontFamily: .text(maxLength: Property.maxFamilyLength)
        case .fontSize: .fontSize
        case .fontWeight: .choice(FontWeight.allCases.map(\.rawValue))
        case .textAlignment: .choice(TextAlignment.allCases.map(\.rawValue))
        case .textVerticalAlignment: .choice(TextVerticalAlignment.allCases.map(\.rawValue))
        case .numberOfLines, .row, .column: .count(minimum: 0)
        case .rowSpan, .columnSpan: .count(minimum: 1)
        case .lineBreakMode: .choice(LineBreakMode.allCases.map(\.rawValue))
        case .lineHeight: .textSpacing(allowsNegative: false)
        case .letterSpacing: .textSpacing(allowsNegative: true)
        case .textCase: .choice(TextCase.allCases.map(\.rawValue))
        case .textDecoration: .choice(TextDecoration.allCases.map(\.rawValue))
        case .textRuns: .textRuns
        case .orientation: .choice(Orientation.allCases.map(\.rawValue))
        case .distribution: .choice(StackDistribution.allCases.map(\.rawValue))
        case .rows, .columns: .tracks
        }
    }

    /// True for `kind`, `parent`, `order` and `alive`, which place a view rather than style it.
    public var isStructural: Bool {
        switch self {
        case .kind, .parent, .order, .alive: true
        default: false
        }
    }

    /// True for the text and the styles it is measured in (font, line height, letter spacing,
    /// case, number of lines): a change to one makes a designed size (`designedWidth`,
    /// `designedHeight`) stale, so edits that make one clear them (`SpecSync`'s planners).
    public var changesMeasuredText: Bool {
        switch self {
        case .text, .fontFamily, .fontSize, .fontWeight, .fontItalic, .numberOfLines, .lineHeight, .letterSpacing, .paragraphSpacing,
             .textCase, .textRuns: true
        default: false
        }
    }

    /// Whether a view of `kind` takes this property.
    public func applies(to kind: ViewKind) -> Bool {
        switch self {
        case .text, .fontFamily, .fontSize, .fontWeight, .fontItalic, .textColor, .textAlignment,
             .textVerticalAlignment, .numberOfLines, .lineBreakMode, .lineHeight, .letterSpacing, .paragraphSpacing, .textCase,
             .textDecoration, .textRuns, .designedWidth, .designedHeight:
            kind.hasText
        case .orientation, .spacing, .distribution, .wrap, .lineSpacing: kind == .stack
        case .rows, .columns, .rowSpacing, .columnSpacing: kind == .grid
        default: true
        }
    }

    /// The kinds that take this property, for error messages.
    public var kindsDescription: String {
        ViewKind.allCases.filter { applies(to: $0) }.map(\.rawValue).joined(separator: ", ")
    }

    public static func < (lhs: Property, rhs: Property) -> Bool {
        lhs.position < rhs.position
    }

    /// The property with this name, by table lookup (faster than `init(rawValue:)`).
    public static func named(_ name: String) -> Property? { byName[name] }

    private static let byName: [String: Property] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })

    /// The property's place in the catalogue: the order the spec format writes properties in.
    /// A case without payload is stored as its number in declaration order, which is the order
    /// of `allCases`: read it rather than hash (readers of large states ask for it per entry).
    /// `SpecCodecTests` checks the two agree.
    public var position: Int { Int(unsafeBitCast(self, to: UInt8.self)) }

    /// The number of properties (`allCases.count`, without building the list).
    public static let count = allCases.count
}

/// The value type of a property, which decides how values are checked and parsed.
public enum PropertyType: Hashable, Sendable {
    /// A finite number ≥ 0, in points.
    case length
    /// A finite number > 0, in points.
    case fontSize
    /// A number from -1000000 to 1000000, in points: a length that may be negative.
    case offset
    /// A number from 0 to 1.
    case fraction
    /// Points (a number) or a percentage of the font size (`"150%"`), each of magnitude at
    /// most 10000; negative only when `allowsNegative`.
    case textSpacing(allowsNegative: Bool)
    /// A whole number ≥ `minimum`.
    case count(minimum: Int)
    /// One of a fixed list of names.
    case choice([String])
    /// A string of at most `maxLength` characters (graphemes), `25 × maxLength` Unicode
    /// scalars and `100 × maxLength` UTF-8 bytes.
    case text(maxLength: Int)
    /// `#RRGGBB` or `#RRGGBBAA`.
    case color
    /// A non-empty array of grid tracks.
    case tracks
    /// A view id.
    case viewID
    /// A fractional index key among siblings.
    case orderKey
    /// `true` or `false`.
    case bool
    /// An array of `TextRun`s (`TextRun.runs(from:)`).
    case textRuns
}
