import LayoutSpec

/// Turns a document state (properties, including `parent`, `order`, `kind`, `alive`) into a
/// `Spec` tree: the views of its `Projection`, with the properties that apply to their kind.
public enum Materializer {
    /// A state laid out as a tree.
    public struct Result: Sendable {
        public var spec: Spec
        /// Alive views that are not in the document: a view on their path is deleted, unknown
        /// or not a container. They are kept, not laid out.
        public var detached: [String]
    }

    /// Why a document state cannot be laid out at all.
    public enum Failure: Error, Equatable, Sendable {
        /// No alive view without a parent.
        case noRoot
    }

    /// Builds the tree: the root is the alive view without a parent (the least id if several),
    /// children ordered by their `order` key, then id. The state's `parent` entries must be the
    /// effective ones.
    public static func spec(named name: String, from state: DocumentState) throws(Failure) -> Result {
        try spec(named: name, projection: Projection(state))
    }

    /// Builds the tree of an already computed projection (which holds the properties each view
    /// may show).
    public static func spec(named name: String, projection: Projection) throws(Failure) -> Result {
        Result(spec: try views(named: name, projection: projection).makeSpec(), detached: projection.detached)
    }

    /// The views of a projection in tree order, each made when asked for: a writer of the spec
    /// text holds one view at a time, not the whole spec. It keeps the projection's lists, not
    /// the state it was made of, so a caller that lets the state go holds only these.
    public struct Views: TreeOrderedViews, Sendable {
        public let name: String
        public let parents: [Int]
        private let order: [String]
        private let kinds: [ViewKind]
        private let shown: [(property: Property, value: String)]
        private let shownStart: [Int]

        init(name: String, projection: Projection) {
            self.name = name
            parents = projection.parentPositions
            order = projection.order
            kinds = projection.kinds
            shown = projection.shown
            shownStart = projection.shownStart
        }

        public func id(at index: Int) -> String { order[index] }
        public func view(at index: Int) -> View {
            Materializer.view(order[index], kind: kinds[index],
                              properties: Projection.shownProperties(at: index, shown: shown, start: shownStart).lazy.map { ($0.property, $0.value) })
        }

        /// Every view made, as a spec.
        public func makeSpec() -> Spec {
            var views: [View] = []
            views.reserveCapacity(order.count)
            for position in order.indices { views.append(view(at: position)) }
            return Spec(name: name, views: views, parents: parents)
        }
    }

    /// The views of an already computed projection, made one at a time.
    public static func views(named name: String, projection: Projection) throws(Failure) -> Views {
        guard projection.root != nil else { throw .noRoot }
        return Views(name: name, projection: projection)
    }

    /// One view with the properties that apply to its kind and hold a valid value; `nil` when
    /// it has no kind (no spec shows it).
    static func view(_ id: String, _ properties: ViewState) -> View? {
        guard let kind = Projection.kind(properties) else { return nil }
        return view(id, kind: kind, properties: properties.lazy.map { ($0.property, $0.entry.value) })
    }

    /// A view of `kind` with each of `properties` it shows and whose value is valid, its text
    /// runs cut to its text.
    private static func view(_ id: String, kind: ViewKind, properties: some Sequence<(Property, String?)>) -> View {
        var view = View(id: id, kind: kind)
        for (property, value) in properties {
            if let json = shownValue(property, value, kind: kind) { view.setValue(json, for: property) }
        }
        // A merge can keep runs of a longer text (text and runs merge on their own): they are
        // shown cut to the text, as they style it, so that the spec shown is one Plumb reads.
        if let runs = view.textRuns, let text = view.text, TextRun.problem(with: runs, in: text) != nil {
            view.textRuns = TextRun.cut(runs, toLength: text.utf16.count)
        }
        return view
    }

    /// The value as shown, when the property is part of the view (see `shows`).
    static func shownValue(_ property: Property, _ value: String?, kind: ViewKind) -> JSONValue? {
        guard let value, isShown(property, kind: kind) else { return nil }
        return checkedValue(property, value)
    }

    /// True when a view of `kind` shows the property when it holds a valid value: it is not
    /// structure and applies to the kind.
    static func isShown(_ property: Property, kind: ViewKind) -> Bool {
        !property.isStructural && property.applies(to: kind)
    }

    /// The value when it is valid JSON of the property's type.
    private static func checkedValue(_ property: Property, _ value: String) -> JSONValue? {
        guard let json = ValueText.decode(value), property.type.check(json) == nil else { return nil }
        return json
    }

    /// True when a property's value is part of the view as shown: not structure, set, applying
    /// to the kind, and a valid value of the property's type.
    public static func shows(_ property: Property, _ value: String?, kind: ViewKind) -> Bool {
        shownValue(property, value, kind: kind) != nil
    }
}
