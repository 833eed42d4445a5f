/// Turns parsed JSON into a validated `Spec`, with errors naming the JSON path.
struct SpecDecoder {
    let file: String

    private static let topKeys = ["plumb", "name", "root", "views"]
    /// Keys a view object may hold besides its properties.
    private static let viewKeys = ["id", "kind", "children", "parent", "margin", "padding", "font", "frame"]
    /// Keys that say what a `frame` says, so cannot be given beside it.
    private static let frameKeys = ["width", "height", "horizontalAlignment", "verticalAlignment", "margin"]
    /// Properties written under their own name in a view object.
    private static let plainProperties: [String: Property] = Dictionary(uniqueKeysWithValues: Property.allCases
        .filter { !$0.rawValue.contains(".") && !$0.isStructural }
        .map { ($0.rawValue, $0) })
    private static let allViewKeys = viewKeys + plainProperties.keys.sorted()
    private static let edgeProperties: [String: [Edge: Property]] = [
        "margin": [.top: .marginTop, .left: .marginLeft, .bottom: .marginBottom, .right: .marginRight],
        "padding": [.top: .paddingTop, .left: .paddingLeft, .bottom: .paddingBottom, .right: .paddingRight],
    ]
    private static let fontProperties: [String: Property] = ["family": .fontFamily, "size": .fontSize, "weight": .fontWeight, "italic": .fontItalic]

    /// Takes `json` whole, so that a flat spec's views can be let go one by one as they are read.
    func decode(_ json: consuming JSONValue) throws(SpecError) -> Spec {
        var members: [JSONMember]
        switch consume json {
        case .object(let object): members = object
        case let other: throw fail("$", "expected an object, got \(other.typeDescription)")
        }
        func value(of key: String) -> JSONValue? { members.first { $0.key == key }?.value }
        for member in members where !Self.topKeys.contains(member.key) {
            throw fail("$", "unknown key \"\(member.key)\"" + Suggestion.hint(for: member.key, in: Self.topKeys))
        }
        switch value(of: "plumb") {
        case .number(let version) where version == Double(SpecCodec.formatVersion): break
        case .number(let version) where version > Double(SpecCodec.formatVersion) && version == version.rounded():
            throw fail("$.plumb", "format \(JSONWriter.format(version)) is newer than this Plumb reads (\(SpecCodec.formatVersion)); upgrade Plumb")
        case nil: throw fail("$", "missing \"plumb\": 1 (the spec format version)")
        case let other?: throw fail("$.plumb", "expected 1, got \(other.typeDescription)")
        }
        guard let nameValue = value(of: "name") else { throw fail("$", "missing \"name\"") }
        guard case .string(let name) = nameValue, Identifier.isValid(name) else {
            throw fail("$.name", "expected a document name (\(Identifier.rule)), got \(nameValue.typeDescription)")
        }
        let root = value(of: "root")
        switch (root, members.firstIndex { $0.key == "views" }) {
        case (let root?, nil):
            var tree = TreeBuilder()
            try decodeNested(root, path: "$.root", depth: 1, parent: -1, into: &tree)
            return Spec(name: name, views: tree.views, parents: tree.parents)
        case (nil, let index?):
            // Taken out of the top object, which is then let go: the views are held only here.
            let views = members.remove(at: index).value
            members = []
            return try decodeFlat(consume views, name: name)
        case (nil, nil): throw fail("$", "missing \"root\" (nested shape) or \"views\" (flat shape)")
        case (_?, _?): throw fail("$", "has both \"root\" and \"views\"; a spec takes one shape")
        }
    }

    // MARK: Shapes

    private struct TreeBuilder {
        var views: [View] = []
        var parents: [Int] = []
        var firstPath: [String: String] = [:]
    }

    private func decodeNested(_ json: JSONValue, path: String, depth: Int, parent: Int, into tree: inout TreeBuilder) throws(SpecError) {
        if depth > SpecCodec.maxNestingDepth {
            throw fail(path, "views nested deeper than \(SpecCodec.maxNestingDepth) levels; use the flat shape (\"views\") for deeper trees")
        }
        if tree.views.count >= SpecCodec.maxViews { throw fail(path, "more than \(SpecCodec.maxViews) views") }
        let view = try decodeView(json, path: path, allowing: "children")
        if json["frame"] != nil { try checkFrameParent(parent >= 0 ? tree.views[parent] : nil, path: path + ".frame") }
        if let first = tree.firstPath.updateValue(path, forKey: view.id) {
            throw fail(path + ".id", "duplicate id \"\(view.id)\" (first at \(first))")
        }
        let index = tree.views.count
        tree.views.append(view)
        tree.parents.append(parent)
        guard let children = json["children"] else { return }
        guard case .array(let elements) = children else {
            throw fail(path + ".children", "expected an array of views, got \(children.typeDescription)")
        }
        if !view.kind.isContainer {
            throw fail(path + ".children", "a \(view.kind.rawValue) cannot have children (only view, stack and grid can)")
        }
        for (position, element) in elements.enumerated() {
            try decodeNested(element, path: "\(path).children[\(position)]", depth: depth + 1, parent: index, into: &tree)
        }
    }

    /// Reads the views of `json`, letting each view's JSON go once read (the views beside their
    /// whole JSON tree were most of what `apply` of a big document held).
    private func decodeFlat(_ json: consuming JSONValue, name: String) throws(SpecError) -> Spec {
        var elements: [JSONValue]
        switch consume json {
        case .array(let array): elements = array
        case let other: throw fail("$.views", "expected an array of views, got \(other.typeDescription)")
        }
        guard !elements.isEmpty else { throw fail("$.views", "expected at least the root view") }
        if elements.count > SpecCodec.maxViews { throw fail("$.views", "more than \(SpecCodec.maxViews) views") }
        var views: [View] = []
        var parentIDs: [String?] = []
        var indexByID: [String: Int] = [:]
        var framed: [Int] = []
        views.reserveCapacity(elements.count)
        for position in elements.indices {
            let element = elements[position]
            elements[position] = .null
            let path = "$.views[\(position)]"
            let view = try decodeView(element, path: path, allowing: "parent")
            if let first = indexByID.updateValue(position, forKey: view.id) {
                throw fail(path + ".id", "duplicate id \"\(view.id)\" (first at $.views[\(first)])")
            }
            var parentID: String?
            switch element["parent"] {
            case nil, .null?: parentID = nil
            case .string(let id)? where Identifier.isValid(id): parentID = id
            case let other?: throw fail(path + ".parent", "expected a view id, got \(other.typeDescription)")
            }
            if element["frame"] != nil { framed.append(position) }
            views.append(view)
            parentIDs.append(parentID)
        }
        elements = []
        for position in framed {
            let parent = parentIDs[position].flatMap { indexByID[$0] }.map { views[$0] }
            if parentIDs[position] == nil || parent != nil { try checkFrameParent(parent, path: "$.views[\(position)].frame") }
        }
        return try assembleFlat(name: name, views: consume views, parentIDs: parentIDs, indexByID: indexByID)
    }

    /// Orders flat views into tree order (siblings as listed), checking parents and cycles.
    /// The views are moved into place where they are (a view is some 640 bytes: a second array
    /// of a million of them would double what reading the file holds).
    private func assembleFlat(name: String, views: consuming [View], parentIDs: [String?], indexByID: [String: Int]) throws(SpecError) -> Spec {
        var children = Array(repeating: [Int](), count: views.count)
        var root: Int?
        for (position, parentID) in parentIDs.enumerated() {
            guard let parentID else {
                if let root { throw fail("$.views[\(position)]", "a second root (\"\(views[position].id)\" has no parent; \"\(views[root].id)\" is the root)") }
                root = position
                continue
            }
            guard let parent = indexByID[parentID] else {
                throw fail("$.views[\(position)].parent", "no view has id \"\(parentID)\"" + Suggestion.hint(for: parentID, in: indexByID.keys))
            }
            guard views[parent].kind.isContainer else {
                throw fail("$.views[\(position)].parent", "\"\(parentID)\" is a \(views[parent].kind.rawValue), which cannot have children")
            }
            children[parent].append(position)
        }
        guard let root else { throw fail("$.views", "no root: every view has a parent, so the parents form a cycle") }
        var parents: [Int] = []
        parents.reserveCapacity(views.count)
        var newIndex = Array(repeating: -1, count: views.count)
        var pending = [root]
        while let position = pending.popLast() {
            newIndex[position] = parents.count
            parents.append(parentIDs[position].map { newIndex[indexByID[$0]!] } ?? -1)
            pending.append(contentsOf: children[position].reversed())
        }
        if let lost = newIndex.firstIndex(of: -1) {
            throw fail("$.views[\(lost)].parent", "\"\(views[lost].id)\" is not under the root: its parents form a cycle")
        }
        // Each cycle of the permutation followed by swaps: every view lands at its place once.
        for start in views.indices {
            while newIndex[start] != start {
                let place = newIndex[start]
                views.swapAt(start, place)
                newIndex.swapAt(start, place)
            }
        }
        return Spec(name: name, views: views, parents: parents)
    }

    // MARK: Views

    func decodeView(_ json: JSONValue, path: String, allowing treeKey: String) throws(SpecError) -> View {
        guard case .object(let members) = json else { throw fail(path, "expected a view object, got \(json.typeDescription)") }
        guard let idValue = json["id"] else { throw fail(path, "missing \"id\"") }
        guard case .string(let id) = idValue, Identifier.isValid(id) else {
            throw fail(path + ".id", "expected a view id (\(Identifier.rule)), got \(idValue.typeDescription)")
        }
        var view = View(id: id, kind: .view)
        if let kindValue = json["kind"] {
            guard case .string(let name) = kindValue, let kind = ViewKind(rawValue: name) else {
                throw fail(path + ".kind", Property.kind.type.expectation + ", got \(kindValue.typeDescription)")
            }
            view.kind = kind
        }
        for member in members {
            let memberPath = "\(path).\(member.key)"
            switch member.key {
            case "id", "kind", treeKey: continue
            case "margin", "padding":
                try decodeEdges(member.value, path: memberPath, properties: Self.edgeProperties[member.key]!, into: &view)
            case "font":
                try decodeFont(member.value, path: memberPath, into: &view)
            case "frame":
                try decodeFrame(member.value, path: memberPath, members: members, into: &view)
            default:
                guard let property = Self.plainProperties[member.key] else {
                    // The other shape's tree key ("parent" in nested, "children" in flat) is not offered.
                    let candidates = Self.allViewKeys.filter { $0 == treeKey || ($0 != "children" && $0 != "parent") }
                    throw fail(memberPath, "unknown key" + Suggestion.hint(for: member.key, in: candidates))
                }
                try set(property, member.value, path: memberPath, on: &view)
            }
        }
        // Runs without a text style nothing (a merge can leave them); with one they must fit it.
        if let runs = view.textRuns, let text = view.text, let problem = TextRun.problem(with: runs, in: text) {
            throw fail("\(path).textRuns\(problem.location)", problem.message)
        }
        return view
    }

    private func decodeEdges(_ json: JSONValue, path: String, properties: [Edge: Property], into view: inout View) throws(SpecError) {
        switch json {
        case .number:
            for edge in Edge.allCases { try set(properties[edge]!, json, path: path, on: &view) }
        case .object(let members):
            for member in members {
                guard let edge = Edge(rawValue: member.key) else {
                    throw fail("\(path).\(member.key)", "unknown edge" + Suggestion.hint(for: member.key, in: Edge.allCases.map(\.rawValue)))
                }
                try set(properties[edge]!, member.value, path: "\(path).\(member.key)", on: &view)
            }
        default:
            throw fail(path, "expected a number ≥ 0 or an object of edges (top, left, bottom, right), got \(json.typeDescription)")
        }
    }

    /// `"frame": [x, y, width, height]`, stored as what it means: docked left and top with
    /// margins x and y, and that size (see `Frame`).
    private func decodeFrame(_ json: JSONValue, path: String, members: [JSONMember], into view: inout View) throws(SpecError) {
        if let clash = members.first(where: { Self.frameKeys.contains($0.key) }) {
            throw fail(path, "cannot be given with \"\(clash.key)\": a frame sets width, height, horizontalAlignment, verticalAlignment and margin")
        }
        guard let frame = Frame(json: json) else { throw fail(path, "\(Frame.expectation("[x, y, width, height]")), got \(json.typeDescription)") }
        for (property, value) in frame.values { view.setValue(value, for: property) }
    }

    /// A frame places a child of a `view` container; a stack or grid gives its children slots
    /// of their own, and the root takes the screen.
    private func checkFrameParent(_ parent: View?, path: String) throws(SpecError) {
        guard let parent else { throw fail(path, "the root cannot have a frame: it takes the screen") }
        guard parent.kind == .view else {
            throw fail(path, "only a child of a view container can have a frame; \"\(parent.id)\" is a \(parent.kind.rawValue), which places its children itself")
        }
    }

    private func decodeFont(_ json: JSONValue, path: String, into view: inout View) throws(SpecError) {
        guard view.kind.hasText else {
            throw fail(path, "\"font\" is not a property of a \(view.kind.rawValue) (it applies to label, button)")
        }
        guard case .object(let members) = json else {
            throw fail(path, "expected an object {family, size, weight, italic}, got \(json.typeDescription)")
        }
        for member in members {
            guard let property = Self.fontProperties[member.key] else {
                throw fail("\(path).\(member.key)", "unknown key" + Suggestion.hint(for: member.key, in: Self.fontProperties.keys))
            }
            try set(property, member.value, path: "\(path).\(member.key)", on: &view)
        }
    }

    private func set(_ property: Property, _ value: JSONValue, path: String, on view: inout View) throws(SpecError) {
        guard property.applies(to: view.kind) else {
            throw fail(path, "\"\(property.rawValue)\" is not a property of a \(view.kind.rawValue) (it applies to \(property.kindsDescription))")
        }
        if property == .textRuns {
            do throws(TextRun.Problem) { _ = try TextRun.runs(from: value) } catch {
                throw fail(path + error.location, error.location.isEmpty ? "\(error.message), got \(value.typeDescription)" : error.message)
            }
        }
        let value = property.canonical(value)
        if let expected = property.type.check(value) {
            throw fail(path, "\(expected), got \(value.typeDescription)")
        }
        view.setValue(value, for: property)
    }

    private func fail(_ path: String, _ message: String) -> SpecError {
        SpecError(file: file, location: path, message: message)
    }
}
