extension View {
    /// The value of one property as JSON, `nil` when unset. Structural properties other than
    /// `kind` (`parent`, `order`, `alive`) belong to the tree, not the view, and read as `nil`.
    public func value(of property: Property) -> JSONValue? {
        switch property {
        case .kind: .string(kind.rawValue)
        case .parent, .order, .alive: nil
        case .width: width.map(JSONValue.number)
        case .height: height.map(JSONValue.number)
        case .minWidth: minWidth.map(JSONValue.number)
        case .maxWidth: maxWidth.map(JSONValue.number)
        case .minHeight: minHeight.map(JSONValue.number)
        case .maxHeight: maxHeight.map(JSONValue.number)
        case .horizontalAlignment: horizontalAlignment.map { .string($0.rawValue) }
        case .verticalAlignment: verticalAlignment.map { .string($0.rawValue) }
        case .marginTop: margin.top.map(JSONValue.number)
        case .marginLeft: margin.left.map(JSONValue.number)
        case .marginBottom: margin.bottom.map(JSONValue.number)
        case .marginRight: margin.right.map(JSONValue.number)
        case .paddingTop: padding.top.map(JSONValue.number)
        case .paddingLeft: padding.left.map(JSONValue.number)
        case .paddingBottom: padding.bottom.map(JSONValue.number)
        case .paddingRight: padding.right.map(JSONValue.number)
        case .visibility: visibility.map { .string($0.rawValue) }
        case .backgroundColor: backgroundColor.map(JSONValue.string)
        case .cornerRadius: cornerRadius.map(JSONValue.number)
        case .borderWidth: borderWidth.map(JSONValue.number)
        case .borderColor: borderColor.map(JSONValue.string)
        case .opacity: opacity.map(JSONValue.number)
        case .sourceId: sourceId.map(JSONValue.string)
        case .text: text.map(JSONValue.string)
        case .fontFamily: fontFamily.map(JSONValue.string)
        case .fontSize: fontSize.map(JSONValue.number)
        case .fontWeight: fontWeight.map { .string($0.rawValue) }
        case .fontItalic: fontItalic.map(JSONValue.bool)
        case .textColor: textColor.map(JSONValue.string)
        case .textAlignment: textAlignment.map { .string($0.rawValue) }
        case .textVerticalAlignment: textVerticalAlignment.map { .string($0.rawValue) }
        case .numberOfLines: numberOfLines.map { .number(Double($0)) }
        case .lineBreakMode: lineBreakMode.map { .string($0.rawValue) }
        case .lineHeight: lineHeight.map(\.json)
        case .letterSpacing: letterSpacing.map(\.json)
        case .paragraphSpacing: paragraphSpacing.map(JSONValue.number)
        case .textCase: textCase.map { .string($0.rawValue) }
        case .textDecoration: textDecoration.map { .string($0.rawValue) }
        case .textRuns: textRuns.map { .array($0.map(\.json)) }
        case .designedWidth: designedWidth.map(JSONValue.number)
        case .designedHeight: designedHeight.map(JSONValue.number)
        case .orientation: orientation.map { .string($0.rawValue) }
        case .spacing: spacing.map(JSONValue.number)
        case .distribution: distribution.map { .string($0.rawValue) }
        case .wrap: wrap.map(JSONValue.bool)
        case .lineSpacing: lineSpacing.map(JSONValue.number)
        case .rows: rows.map { .array($0.map(\.json)) }
        case .columns: columns.map { .array($0.map(\.json)) }
        case .rowSpacing: rowSpacing.map(JSONValue.number)
        case .columnSpacing: columnSpacing.map(JSONValue.number)
        case .row: row.map { .number(Double($0)) }
        case .column: column.map { .number(Double($0)) }
        case .rowSpan: rowSpan.map { .number(Double($0)) }
        case .columnSpan: columnSpan.map { .number(Double($0)) }
        case .floating: floating.map(JSONValue.bool)
        }
    }

    /// Sets (or, with `nil`, unsets) one property from JSON.
    /// - Precondition: `value` passed `property.type.check`. Structural properties other than
    ///   `kind` are ignored: they belong to the tree.
    public mutating func setValue(_ value: JSONValue?, for property: Property) {
        switch property {
        case .kind: if let kind = value?.string.flatMap(ViewKind.init(rawValue:)) { self.kind = kind }
        case .parent, .order, .alive: break
        case .width: width = value?.number
        case .height: height = value?.number
        case .minWidth: minWidth = value?.number
        case .maxWidth: maxWidth = value?.number
        case .minHeight: minHeight = value?.number
        case .maxHeight: maxHeight = value?.number
        case .horizontalAlignment: horizontalAlignment = value?.string.flatMap(HorizontalAlignment.init(rawValue:))
        case .verticalAlignment: verticalAlignment = value?.string.flatMap(VerticalAlignment.init(rawValue:))
        case .marginTop: margin.top = value?.number
        case .marginLeft: margin.left = value?.number
        case .marginBottom: margin.bottom = value?.number
        case .marginRight: margin.right = value?.number
        case .paddingTop: padding.top = value?.number
        case .paddingLeft: padding.left = value?.number
        case .paddingBottom: padding.bottom = value?.number
        case .paddingRight: padding.right = value?.number
        case .visibility: visibility = value?.string.flatMap(Visibility.init(rawValue:))
        case .backgroundColor: backgroundColor = value?.string
        case .cornerRadius: cornerRadius = value?.number
        case .borderWidth: borderWidth = value?.number
        case .borderColor: borderColor = value?.string
        case .opacity: opacity = value?.number
        case .sourceId: sourceId = value?.string
        case .text: text = value?.string
        case .fontFamily: fontFamily = value?.string
        case .fontSize: fontSize = value?.number
        case .fontWeight: fontWeight = value?.string.flatMap(FontWeight.init(rawValue:))
        case .fontItalic: fontItalic = value?.bool
        case .textColor: textColor = value?.string
        case .textAlignment: textAlignment = value?.string.flatMap(TextAlignment.init(rawValue:))
        case .textVerticalAlignment: textVerticalAlignment = value?.string.flatMap(TextVerticalAlignment.init(rawValue:))
        case .numberOfLines: numberOfLines = value?.number.map { Int($0) }
        case .lineBreakMode: lineBreakMode = value?.string.flatMap(LineBreakMode.init(rawValue:))
        case .lineHeight: lineHeight = value.flatMap(TextSpacing.init(json:))
        case .letterSpacing: letterSpacing = value.flatMap(TextSpacing.init(json:))
        case .paragraphSpacing: paragraphSpacing = value?.number
        case .textCase: textCase = value?.string.flatMap(TextCase.init(rawValue:))
        case .textDecoration: textDecoration = value?.string.flatMap(TextDecoration.init(rawValue:))
        case .textRuns: textRuns = value.flatMap { try? TextRun.runs(from: $0) }
        case .designedWidth: designedWidth = value?.number
        case .designedHeight: designedHeight = value?.number
        case .orientation: orientation = value?.string.flatMap(Orientation.init(rawValue:))
        case .spacing: spacing = value?.number
        case .distribution: distribution = value?.string.flatMap(StackDistribution.init(rawValue:))
        case .wrap: wrap = value?.bool
        case .lineSpacing: lineSpacing = value?.number
        case .rows: rows = value?.tracks
        case .columns: columns = value?.tracks
        case .rowSpacing: rowSpacing = value?.number
        case .columnSpacing: columnSpacing = value?.number
        case .row: row = value?.number.map { Int($0) }
        case .column: column = value?.number.map { Int($0) }
        case .rowSpan: rowSpan = value?.number.map { Int($0) }
        case .columnSpan: columnSpan = value?.number.map { Int($0) }
        case .floating: floating = value?.bool
        }
    }

    /// Every set property except the tree's (`parent`, `order`, `alive`), `kind` first, in
    /// catalogue order.
    public var setProperties: [(property: Property, value: JSONValue)] {
        Property.allCases.compactMap { property in value(of: property).map { (property, $0) } }
    }

    /// How many properties `setProperties` lists, without listing them.
    public var setPropertyCount: Int {
        Property.allCases.reduce(0) { $0 + (value(of: $1) == nil ? 0 : 1) }
    }
}

extension JSONValue {
    /// The number, if this is one.
    public var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The string, if this is one.
    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The flag, if this is a boolean.
    public var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    var tracks: [Track]? {
        guard case .array(let elements) = self else { return nil }
        let tracks = elements.compactMap(Track.init(json:))
        return tracks.count == elements.count ? tracks : nil
    }
}
