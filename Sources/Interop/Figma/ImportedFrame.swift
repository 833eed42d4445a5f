import LayoutSpec

/// One top-level Figma frame made into a spec, with what Figma said about each view.
public struct ImportedFrame: Sendable {
    /// The document name (from the frame's name, unique in the import, or `--doc`).
    public private(set) var document: String
    /// The spec: the frame is the root; every view's `sourceId` is its node's id.
    public private(set) var spec: Spec
    /// Per view (spec order): the node's type.
    public let nodeTypes: [FigmaNodeType]
    /// Per view: the readable id its layer name gives (before making it unique).
    let idBases: [String]
    /// Per view: the box Figma computed, relative to the frame (the root at 0, 0).
    public let figmaBoxes: [FigmaRect]
    /// Per view: true when it is collapsed or inside a collapsed view (a hidden layer in
    /// auto layout, which takes no space there), so Figma's box for it means nothing.
    public let isCollapsed: [Bool]
    /// Per view: true when it or an ancestor is rotated in Figma (its box is then the bounds
    /// of the turned shape, which docking cannot follow).
    public let isRotated: [Bool]
    /// Per view: true for a view the importer added rather than a Figma node (the wrapper
    /// that places a child lying wholly before its parent's start, docs/figma.md); its box
    /// in `figmaBoxes` is the one the importer gave it, not Figma's.
    public let isAdded: [Bool]
    /// Per view: for a label made from a text node, what of the node's text style that changes
    /// the text's size Plumb could not express (`small caps`), nil for the
    /// others.
    public let textLosses: [String?]
    /// What was not expressed exactly.
    public let summary: ImportSummary

    init(document: String, spec: Spec, nodeTypes: [FigmaNodeType], nodeNames: [String], figmaBoxes: [FigmaRect],
         isCollapsed: [Bool], isRotated: [Bool], isAdded: [Bool], textLosses: [String?], summary: ImportSummary) {
        self.document = document
        self.spec = spec
        self.nodeTypes = nodeTypes
        idBases = zip(nodeNames, nodeTypes).map { ViewIdentifiers.slug($0, type: $1) }
        self.figmaBoxes = figmaBoxes
        self.isCollapsed = isCollapsed
        self.isRotated = isRotated
        self.isAdded = isAdded
        self.textLosses = textLosses
        self.summary = summary
    }

    /// The frame's own size: the screen to resolve it on to compare with Figma.
    public var size: (width: Double, height: Double) { (figmaBoxes[0].width, figmaBoxes[0].height) }

    /// Stores the frame under another document name.
    public mutating func rename(_ name: String) {
        document = name
        spec.name = name
    }

    /// Gives every view its id: a view whose Figma node already has one in `existing`
    /// (`sourceId` → view ids, from the stored document, in tree order) keeps it, so
    /// re-importing a later export changes only what the designer changed; a node id the file
    /// repeats gives its n-th node (in tree order) the n-th view. The others get readable ids
    /// from their layer names, unique in the document. A view the importer added around a
    /// child is named after the child's id: `CHILD-outside`.
    public mutating func assignIDs(reusing existing: [String: [String]] = [:]) {
        var views = spec.views
        var reused = [String?](repeating: nil, count: views.count)
        var claimed = Set<String>()
        var used: [String: Int] = [:]
        for index in views.indices {
            guard let source = views[index].sourceId, let ids = existing[source] else { continue }
            var next = used[source, default: 0]
            while next < ids.count, !claimed.insert(ids[next]).inserted { next += 1 }
            if next < ids.count { reused[index] = ids[next] }
            used[source] = next + 1
        }
        var allocator = ViewIdentifiers.Allocator(reserved: claimed)
        for index in views.indices where !isAdded[index] {
            views[index].id = reused[index] ?? allocator.unique(idBases[index])
        }
        for index in views.indices where isAdded[index] {
            // The mapper adds the view just before the child it holds.
            precondition(index + 1 < views.count && spec.parents[index + 1] == index, "an added view holds the next view")
            views[index].id = reused[index] ?? allocator.unique(views[index + 1].id.prefix(100) + "-outside")
        }
        spec = Spec(name: document, views: views, parents: spec.parents)
    }
}
