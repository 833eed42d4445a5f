import Foundation
import Interop
import LayoutEngine
import LayoutSpec
import Testing

/// The mapping of docs/figma.md on small hand-made responses: each row of the table, and
/// bad input refused with a clear message.
@Suite struct FigmaImporterTests {
    // MARK: Building responses

    static func box(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> String {
        #""absoluteBoundingBox": {"x": \#(x), "y": \#(y), "width": \#(width), "height": \#(height)}"#
    }

    static func node(_ id: String, _ type: String, _ name: String, _ box: String, _ extra: String = "", children: [String]? = nil) -> String {
        var text = #"{"id": "\#(id)", "type": "\#(type)", "name": "\#(name)", \#(box)"#
        if !extra.isEmpty { text += ", " + extra }
        if let children { text += #", "children": [\#(children.joined(separator: ", "))]"# }
        return text + "}"
    }

    static func file(_ frames: [String]) -> [UInt8] {
        Array(#"{"name": "Test", "document": {"id": "0:0", "type": "DOCUMENT", "name": "Document", "children": [{"id": "0:1", "type": "CANVAS", "name": "Page 1", "children": [\#(frames.joined(separator: ", "))]}]}}"#.utf8)
    }

    static func constraints(_ horizontal: String, _ vertical: String) -> String {
        #""constraints": {"horizontal": "\#(horizontal)", "vertical": "\#(vertical)"}"#
    }

    static func solid(_ r: Double, _ g: Double, _ b: Double, opacity: Double = 1) -> String {
        #"[{"type": "SOLID", "opacity": \#(opacity), "color": {"r": \#(r), "g": \#(g), "b": \#(b), "a": 1}}]"#
    }

    static func importOne(_ frames: [String]) throws -> ImportedFrame {
        let result = try FigmaImporter.read(file(frames), file: "test.json")
        return try #require(result.frames.first)
    }

    static func view(_ frame: ImportedFrame, _ id: String) throws -> View {
        try #require(frame.spec.views.first { $0.id == id })
    }

    // MARK: Constraints

    /// A 400×300 frame at (100, 50) on the canvas with one 40×20 child per constraint, each
    /// 10 from the left and 30 from the top.
    static let docked = node("1:1", "FRAME", "Screen", box(100, 50, 400, 300), "", children: [
        node("1:2", "RECTANGLE", "Left Top", box(110, 80, 40, 20), constraints("LEFT", "TOP")),
        node("1:3", "RECTANGLE", "Right Bottom", box(110, 80, 40, 20), constraints("RIGHT", "BOTTOM")),
        node("1:4", "RECTANGLE", "Centre", box(110, 80, 40, 20), constraints("CENTER", "CENTER")),
        node("1:5", "RECTANGLE", "Stretch", box(110, 80, 40, 20), constraints("LEFT_RIGHT", "TOP_BOTTOM")),
        node("1:6", "RECTANGLE", "Scale", box(110, 80, 40, 20), constraints("SCALE", "SCALE")),
        node("1:7", "RECTANGLE", "Outside", box(90, 80, 40, 20), constraints("LEFT", "TOP")),
    ])

    @Test func constraintsBecomeAlignmentAndMargins() throws {
        let frame = try Self.importOne([Self.docked])
        #expect(frame.document == "screen")
        #expect(frame.spec.root.id == "screen" && frame.spec.root.sourceId == "1:1")
        let leftTop = try Self.view(frame, "left-top")
        #expect(leftTop.horizontalAlignment == .left && leftTop.verticalAlignment == .top)
        #expect(leftTop.margin.left == 10 && leftTop.margin.top == 30 && leftTop.width == 40 && leftTop.height == 20)
        let rightBottom = try Self.view(frame, "right-bottom")
        #expect(rightBottom.horizontalAlignment == .right && rightBottom.margin.right == 350 && rightBottom.margin.bottom == 250)
        let centre = try Self.view(frame, "centre")
        // The centre sits 170 left of the parent's: margins differing by twice that.
        #expect(centre.horizontalAlignment == .center && centre.margin.right == 340 && centre.margin.left == nil)
        let stretch = try Self.view(frame, "stretch")
        #expect(stretch.horizontalAlignment == nil && stretch.width == nil && stretch.margin.left == 10 && stretch.margin.right == 350)
        #expect(stretch.verticalAlignment == nil && stretch.height == nil && stretch.margin.top == 30 && stretch.margin.bottom == 250)
        let scale = try Self.view(frame, "scale")
        #expect(scale.horizontalAlignment == nil && scale.width == nil)
        #expect(frame.summary.approximated["SCALE constraint (imported as fill)"] == 2)
        // 10 left of the parent: margins cannot be negative, so it is centred with its offset
        // (FigmaOutsideParentTests has the other cases).
        let outside = try Self.view(frame, "outside")
        #expect(outside.horizontalAlignment == .center && outside.width == 40)
        #expect(outside.margin.left == nil && outside.margin.right == 380)
        #expect(frame.summary.approximated["outside its parent (placed with its size by its centre or an edge)"] == 1)
        try Self.expectFigmaBoxes(frame)
    }

    /// Resolving at the frame's size reproduces every box (fixed metrics: no text here).
    static func expectFigmaBoxes(_ frame: ImportedFrame, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let agreement = FigmaAgreement.measure(frame, engine: LayoutEngine(measurer: FixedTextMeasurer()))
        #expect(agreement.compared > 0, sourceLocation: sourceLocation)
        #expect(agreement.misses.isEmpty, "\(agreement.misses.map { "\($0.id): figma \($0.figma) plumb \($0.plumb)" })", sourceLocation: sourceLocation)
    }

    // MARK: Auto layout

    @Test func packedAutoLayoutIsAStack() throws {
        let frame = try Self.importOne([Self.node("2:1", "FRAME", "List", Self.box(0, 0, 200, 130), #"""
            "layoutMode": "VERTICAL", "itemSpacing": 10, "paddingLeft": 8, "paddingTop": 12, "paddingRight": 8, "paddingBottom": 12,
            "counterAxisAlignItems": "CENTER", "primaryAxisSizingMode": "FIXED", "counterAxisSizingMode": "FIXED"
            """#, children: [
            Self.node("2:2", "RECTANGLE", "Row", Self.box(50, 12, 100, 30), #""layoutAlign": "INHERIT""#),
            Self.node("2:3", "RECTANGLE", "Row", Self.box(8, 52, 184, 30), #""layoutAlign": "STRETCH""#),
            Self.node("2:4", "RECTANGLE", "Gone", Self.box(8, 52, 184, 30), #""visible": false"#),
            Self.node("2:5", "RECTANGLE", "Row", Self.box(92, 92, 100, 30), #""layoutAlign": "MAX""#),
        ])])
        let list = frame.spec.root
        #expect(list.kind == .stack && list.orientation == .vertical && list.spacing == 10)
        #expect(list.padding.left == 8 && list.padding.top == 12)
        let rows = frame.spec.views.dropFirst()
        #expect(rows.map(\.id) == ["row", "row-2", "gone", "row-3"])
        let first = try Self.view(frame, "row")
        #expect(first.horizontalAlignment == .center && first.width == 100 && first.height == 30)
        let stretched = try Self.view(frame, "row-2")
        #expect(stretched.horizontalAlignment == nil && stretched.width == nil)
        // Hidden in auto layout takes no space.
        #expect(try Self.view(frame, "gone").visibility == .collapsed)
        #expect(try Self.view(frame, "row-3").horizontalAlignment == .right)  // legacy layoutAlign MAX
        try Self.expectFigmaBoxes(frame)
    }

    /// Absolutely positioned children of a packed auto layout float in the stack, docked by
    /// their constraints in its whole box (padding included); negative item spacing overlaps.
    @Test func absoluteChildrenFloatAndNegativeSpacingOverlaps() throws {
        let frame = try Self.importOne([Self.node("3:1", "FRAME", "Avatars", Self.box(0, 0, 100, 50), #"""
            "layoutMode": "HORIZONTAL", "itemSpacing": -10, "paddingLeft": 5, "paddingTop": 5, "paddingRight": 5, "paddingBottom": 5
            """#, children: [
            Self.node("3:2", "RECTANGLE", "Face", Self.box(5, 5, 40, 40)),
            Self.node("3:3", "RECTANGLE", "Face", Self.box(35, 5, 40, 40)),
            Self.node("3:4", "RECTANGLE", "Badge", Self.box(88, 0, 12, 12), #"""
                "layoutPositioning": "ABSOLUTE", "constraints": {"horizontal": "RIGHT", "vertical": "TOP"}
                """#),
            Self.node("3:5", "RECTANGLE", "Shadow", Self.box(0, 0, 100, 50), #"""
                "layoutPositioning": "ABSOLUTE", "constraints": {"horizontal": "LEFT_RIGHT", "vertical": "TOP_BOTTOM"}
                """#),
        ])])
        let avatars = frame.spec.root
        #expect(avatars.kind == .stack && avatars.spacing == -10)
        let badge = try Self.view(frame, "badge")
        #expect(badge.floating == true && badge.horizontalAlignment == .right && badge.margin.right == nil && badge.margin.top == nil)
        #expect(try Self.view(frame, "shadow").floating == true)
        #expect(try Self.view(frame, "face").floating == nil)
        #expect(frame.summary.approximated.isEmpty, "\(frame.summary.approximated)")
        try Self.expectFigmaBoxes(frame)
    }

    /// A frame that hugs its children along its axis has no room for `CENTER` or `MAX` to move
    /// them: it is a stack, so its negative item spacing overlaps them as in Figma (a grid's
    /// gaps cannot be negative). A badge 34 tall overlapping a 30-tall body by 8 points.
    @Test(arguments: ["CENTER", "MAX"])
    func aHuggingAutoLayoutIsPackedWhateverItsAlignment(_ align: String) throws {
        let frame = try Self.importOne([Self.node("3:1", "FRAME", "Screen", Self.box(0, 0, 200, 100), children: [
            Self.node("3:2", "FRAME", "Card", Self.box(10, 10, 120, 56), #"""
                "layoutMode": "VERTICAL", "itemSpacing": -8, "primaryAxisAlignItems": "\#(align)", "counterAxisAlignItems": "CENTER",
                "primaryAxisSizingMode": "AUTO", "counterAxisSizingMode": "FIXED", "layoutSizingVertical": "HUG"
                """#, children: [
                Self.node("3:3", "RECTANGLE", "Badge", Self.box(50, 10, 40, 34)),
                Self.node("3:4", "RECTANGLE", "Body", Self.box(10, 36, 120, 30)),
            ]),
        ])])
        let card = try Self.view(frame, "card")
        #expect(card.kind == .stack && card.spacing == -8 && card.height == nil)
        #expect(frame.summary.approximated["negative item spacing (imported as 0)"] == nil, "\(frame.summary.approximated)")
        try Self.expectFigmaBoxes(frame)
    }

    /// Overlapping avatars centred in a row of its own width: three 40-wide faces 12 apart less
    /// (itemSpacing -12) take 96 of 200, so they start at 52 and still overlap.
    @Test func centredChildrenKeepANegativeSpacing() throws {
        let frame = try Self.importOne([Self.node("3:1", "FRAME", "Avatars", Self.box(0, 0, 200, 40), #"""
            "layoutMode": "HORIZONTAL", "itemSpacing": -12, "primaryAxisAlignItems": "CENTER",
            "primaryAxisSizingMode": "FIXED", "counterAxisSizingMode": "FIXED"
            """#, children: [
            Self.node("3:2", "ELLIPSE", "A", Self.box(52, 0, 40, 40)),
            Self.node("3:3", "ELLIPSE", "B", Self.box(80, 0, 40, 40)),
            Self.node("3:4", "ELLIPSE", "C", Self.box(108, 0, 40, 40)),
        ])])
        #expect(frame.spec.root.spacing == -12 && frame.spec.root.distribution == .center)
        #expect(frame.summary.approximated.isEmpty, "\(frame.summary.approximated)")
        try Self.expectFigmaBoxes(frame)
    }

    /// Children that keep their lengths, moved as `primaryAxisAlignItems` says: a stack with
    /// that distribution (no grid of empty tracks), so a negative spacing still overlaps them.
    @Test(arguments: [("CENTER", 50.0, StackDistribution.center), ("MAX", 100.0, .end), ("SPACE_BETWEEN", 0.0, .spaceBetween)])
    func spreadAutoLayoutIsADistributedStack(_ align: String, _ firstX: Double, _ distribution: StackDistribution) throws {
        // Two 40-wide children, 20 apart, in a 200-wide row (100 free).
        let secondX = align == "SPACE_BETWEEN" ? 160 : firstX + 60
        let frame = try Self.importOne([Self.node("3:1", "FRAME", "Bar", Self.box(0, 0, 200, 50), #"""
            "layoutMode": "HORIZONTAL", "itemSpacing": 20, "primaryAxisAlignItems": "\#(align)", "counterAxisAlignItems": "CENTER",
            "primaryAxisSizingMode": "FIXED", "counterAxisSizingMode": "FIXED"
            """#, children: [
            Self.node("3:2", "RECTANGLE", "A", Self.box(firstX, 15, 40, 20)),
            Self.node("3:3", "RECTANGLE", "B", Self.box(secondX, 15, 40, 20)),
        ])])
        let root = frame.spec.root
        #expect(root.kind == .stack && root.distribution == distribution && root.spacing == (align == "SPACE_BETWEEN" ? nil : 20))
        try Self.expectFigmaBoxes(frame)
    }

    /// Figma centres a lone child under `SPACE_BETWEEN` (as the tariff table file's info cells
    /// show), where CSS and Plumb's `spaceBetween` pack it at the start: it imports as `center`.
    @Test func aLoneChildUnderSpaceBetweenIsCentred() throws {
        let frame = try Self.importOne([Self.node("3:1", "FRAME", "Cell", Self.box(0, 0, 200, 50), #"""
            "layoutMode": "HORIZONTAL", "itemSpacing": 20, "primaryAxisAlignItems": "SPACE_BETWEEN", "counterAxisAlignItems": "CENTER",
            "primaryAxisSizingMode": "FIXED", "counterAxisSizingMode": "FIXED"
            """#, children: [
            Self.node("3:2", "RECTANGLE", "Icon", Self.box(80, 15, 40, 20)),
            Self.node("3:3", "RECTANGLE", "Hidden", Self.box(0, 15, 40, 20), #""visible": false"#),
        ])])
        #expect(frame.spec.root.distribution == .center)
        try Self.expectFigmaBoxes(frame)
    }

    @Test func growingChildrenTakeStarTracksAndHuggingFramesTakeNoSize() throws {
        let frame = try Self.importOne([Self.node("4:1", "FRAME", "Toolbar", Self.box(0, 0, 300, 40), #"""
            "layoutMode": "HORIZONTAL", "itemSpacing": 10, "primaryAxisSizingMode": "FIXED", "counterAxisSizingMode": "FIXED"
            """#, children: [
            Self.node("4:2", "RECTANGLE", "Icon", Self.box(0, 0, 40, 40)),
            Self.node("4:3", "RECTANGLE", "Field", Self.box(50, 0, 200, 40), #""layoutGrow": 1, "layoutAlign": "STRETCH""#),
            Self.node("4:4", "FRAME", "Badge", Self.box(260, 0, 40, 30), #""layoutMode": "VERTICAL", "paddingTop": 5, "paddingBottom": 5, "layoutSizingHorizontal": "HUG", "layoutSizingVertical": "HUG""#, children: [
                Self.node("4:5", "RECTANGLE", "Dot", Self.box(260, 5, 40, 20)),
            ]),
        ])])
        let root = frame.spec.root
        #expect(root.kind == .grid && root.columns == [.auto, .star(1), .auto] && root.columnSpacing == 10)
        let badge = try Self.view(frame, "badge")
        #expect(badge.kind == .stack && badge.width == nil && badge.height == nil)
        #expect(try Self.view(frame, "field").width == nil)
        try Self.expectFigmaBoxes(frame)
    }

    /// Under SPACE_BETWEEN Figma's gaps are the free space, not itemSpacing: with a child
    /// filling the row there is none, and the children touch.
    @Test func spaceBetweenWithAGrowingChildLeavesNoGaps() throws {
        let frame = try Self.importOne([Self.node("4:1", "FRAME", "Toolbar", Self.box(0, 0, 300, 40), #"""
            "layoutMode": "HORIZONTAL", "itemSpacing": 32, "primaryAxisAlignItems": "SPACE_BETWEEN",
            "primaryAxisSizingMode": "FIXED", "counterAxisSizingMode": "FIXED"
            """#, children: [
            Self.node("4:2", "RECTANGLE", "Icon", Self.box(0, 0, 40, 40)),
            Self.node("4:3", "RECTANGLE", "Field", Self.box(40, 0, 220, 40), #""layoutSizingHorizontal": "FILL""#),
            Self.node("4:4", "RECTANGLE", "Badge", Self.box(260, 0, 40, 40)),
        ])])
        #expect(frame.spec.root.kind == .grid && frame.spec.root.columnSpacing == nil)
        try Self.expectFigmaBoxes(frame)
    }

    /// Plumb has no baselines to line up: a child aligned by its baseline keeps the offset
    /// Figma gave it. A hugging frame whose children are all hidden keeps the size Figma gave
    /// it (it does not shrink to its padding).
    @Test func baselineAlignmentAndFramesWithEveryChildHidden() throws {
        let frame = try Self.importOne([Self.node("4:1", "FRAME", "Row", Self.box(0, 0, 200, 40), #"""
            "layoutMode": "HORIZONTAL", "itemSpacing": 10, "counterAxisAlignItems": "BASELINE",
            "primaryAxisSizingMode": "FIXED", "counterAxisSizingMode": "FIXED"
            """#, children: [
            Self.node("4:2", "RECTANGLE", "Big", Self.box(0, 0, 40, 40)),
            Self.node("4:3", "RECTANGLE", "Small", Self.box(50, 22, 30, 12)),
            Self.node("4:4", "FRAME", "Empty", Self.box(90, 0, 60, 36), #"""
                "layoutMode": "VERTICAL", "paddingTop": 8, "paddingBottom": 8, "counterAxisSizingMode": "FIXED"
                """#, children: [Self.node("4:5", "RECTANGLE", "Gone", Self.box(90, 8, 60, 20), #""visible": false"#)]),
        ])])
        #expect(try Self.view(frame, "small").margin.top == 22)
        #expect(frame.summary.approximated["baseline alignment (imported as top, at Figma's offset)"] == 3)
        #expect(try Self.view(frame, "empty").height == 36)
        try Self.expectFigmaBoxes(frame)
    }

    @Test func gridLayoutModeIsAGrid() throws {
        let frame = try Self.importOne([Self.node("5:1", "FRAME", "Gallery", Self.box(0, 0, 210, 100), #"""
            "layoutMode": "GRID", "gridRowCount": 2, "gridColumnCount": 2, "gridRowGap": 10, "gridColumnGap": 10,
            "gridColumnSizes": [{"type": "FIXED", "value": 50}, {"type": "FLEX", "value": 1}],
            "gridRowSizes": [{"type": "FLEX", "value": 1}, {"type": "FLEX", "value": 1}]
            """#, children: [
            Self.node("5:2", "RECTANGLE", "Tile", Self.box(0, 0, 50, 45), #""layoutSizingHorizontal": "FILL", "layoutSizingVertical": "FILL""#),
            Self.node("5:3", "RECTANGLE", "Tile", Self.box(60, 55, 150, 45), #""gridRowAnchorIndex": 1, "gridColumnAnchorIndex": 1, "layoutSizingHorizontal": "FILL", "layoutSizingVertical": "FILL""#),
        ])])
        let root = frame.spec.root
        #expect(root.kind == .grid && root.columns == [.fixed(50), .star(1)] && root.rows == [.star(1), .star(1)])
        let second = try Self.view(frame, "tile-2")
        #expect(second.row == 1 && second.column == 1)
        try Self.expectFigmaBoxes(frame)
    }

    // MARK: Text and style

    @Test func textBecomesALabel() throws {
        let frame = try Self.importOne([Self.node("6:1", "FRAME", "Card", Self.box(0, 0, 300, 200), "", children: [
            Self.node("6:2", "TEXT", "Title", Self.box(10, 10, 200, 40), #"""
                "characters": "Hello\nworld", "fills": \#(Self.solid(1, 0, 0, opacity: 0.5)), "constraints": {"horizontal": "LEFT", "vertical": "TOP"},
                "style": {"fontFamily": "Roboto", "fontSize": 16, "fontWeight": 700, "textAlignHorizontal": "RIGHT", "paragraphSpacing": 8,
                          "textAlignVertical": "BOTTOM", "textAutoResize": "WIDTH_AND_HEIGHT", "textCase": "UPPER", "letterSpacing": 1}
                """#),
            Self.node("6:3", "TEXT", "Body", Self.box(10, 60, 200, 100), #"""
                "characters": "Long text", "style": {"fontSize": 12, "textAutoResize": "HEIGHT", "textAlignHorizontal": "JUSTIFIED",
                          "lineHeightPx": 18, "lineHeightUnit": "FONT_SIZE_%", "lineHeightPercentFontSize": 150}
                """#),
            Self.node("6:4", "TEXT", "Caption", Self.box(10, 170, 100, 20), #"""
                "characters": "Set", "style": {"fontSize": 12, "paragraphSpacing": 6, "lineHeightPx": 20, "lineHeightUnit": "PIXELS", "letterSpacing": -0.24, "textDecoration": "UNDERLINE", "textCase": "TITLE", "italic": true}
                """#),
            Self.node("6:5", "TEXT", "Note", Self.box(120, 170, 100, 20), #"""
                "characters": "Own", "style": {"fontSize": 12, "lineHeightPx": 14.0625, "lineHeightUnit": "INTRINSIC_%", "lineHeightPercent": 100}
                """#),
            Self.node("6:6", "TEXT", "Loose", Self.box(120, 190, 100, 20), #"""
                "characters": "Own", "style": {"fontSize": 12, "lineHeightPx": 16.875, "lineHeightUnit": "INTRINSIC_%", "lineHeightPercent": 120}
                """#),
            Self.node("6:7", "TEXT", "Own", Self.box(120, 210, 100, 20), #"""
                "characters": "Own", "style": {"fontSize": 16, "lineHeightPx": 19, "lineHeightUnit": "INTRINSIC_%", "lineHeightPercent": 100}
                """#),
        ])])
        let title = try Self.view(frame, "title")
        #expect(title.kind == .label && title.text == "Hello\nworld" && title.textCase == .upper)
        #expect(title.fontFamily == "Roboto" && title.fontSize == 16 && title.fontWeight == .bold)
        #expect(title.textColor == "#FF000080")
        #expect(title.textAlignment == .right && title.textVerticalAlignment == .bottom)
        #expect(title.width == nil && title.height == nil && title.numberOfLines == 2)
        let body = try Self.view(frame, "body")
        #expect(body.width == 200 && body.height == nil && body.numberOfLines == 0 && body.textVerticalAlignment == .top)
        #expect(title.letterSpacing == .points(1) && title.lineHeight == nil)
        #expect(body.lineHeight == .percent(150) && body.letterSpacing == nil)
        let caption = try Self.view(frame, "caption")
        #expect(caption.lineHeight == .points(20) && caption.letterSpacing == .points(-0.24))
        #expect(caption.textDecoration == .underline && caption.textCase == .title && caption.text == "Set")
        #expect(caption.fontItalic == true && title.fontItalic == nil && frame.summary.unexpressed["italic"] == nil)
        // Figma sets lines whole pixels apart: a fraction of a pixel, the font's own line
        // height too, is rounded; a whole number of the font's own is left to the font.
        #expect(try Self.view(frame, "note").lineHeight == .points(14))
        #expect(try Self.view(frame, "loose").lineHeight == .points(17))
        #expect(try Self.view(frame, "own").lineHeight == nil)
        #expect(frame.summary.unexpressed["letter spacing"] == nil)
        #expect(frame.summary.approximated["justified text (imported as left)"] == 1)
        #expect(title.paragraphSpacing == 8 && frame.summary.unexpressed["paragraph spacing"] == nil, "\(frame.summary.unexpressed)")
    }

    @Test func fillsStrokesCornersOpacityAndHiddenLayers() throws {
        let frame = try Self.importOne([Self.node("7:1", "FRAME", "Screen", Self.box(0, 0, 100, 100), #""fills": \#(Self.solid(1, 1, 1))"#, children: [
            Self.node("7:2", "RECTANGLE", "Card", Self.box(0, 0, 50, 50), #"""
                "fills": \#(Self.solid(0, 0, 1, opacity: 0.25)), "strokes": \#(Self.solid(0, 0, 0)), "strokeWeight": 2,
                "strokeAlign": "OUTSIDE", "cornerRadius": 8, "opacity": 0.5, "visible": false,
                "effects": [{"type": "DROP_SHADOW", "visible": true}, {"type": "LAYER_BLUR", "visible": false}]
                """#),
            Self.node("7:3", "ELLIPSE", "Dot", Self.box(0, 0, 20, 20), #""fills": \#(Self.solid(0, 1, 0))"#),
            Self.node("7:4", "ELLIPSE", "Oval", Self.box(0, 0, 20, 10), #""fills": \#(Self.solid(0, 1, 0))"#),
            Self.node("7:5", "VECTOR", "Icon", Self.box(0, 0, 20, 10), #""fills": \#(Self.solid(0, 0, 0)), "rotation": 0.5"#),
            Self.node("7:9", "RECTANGLE", "Photo", Self.box(0, 0, 20, 10), #""fills": [{"type": "IMAGE", "scaleMode": "FILL"}]"#),
            Self.node("7:6", "BOOLEAN_OPERATION", "Union", Self.box(0, 0, 20, 10), "", children: [
                Self.node("7:7", "RECTANGLE", "A", Self.box(0, 0, 10, 10)), Self.node("7:8", "RECTANGLE", "B", Self.box(10, 0, 10, 10)),
            ]),
        ])])
        #expect(frame.spec.root.backgroundColor == "#FFFFFF")
        let card = try Self.view(frame, "card")
        #expect(card.backgroundColor == "#0000FF40" && card.borderColor == "#000000" && card.borderWidth == 2)
        #expect(card.cornerRadius == 8 && card.opacity == 0.5 && card.visibility == .hidden)
        #expect(try Self.view(frame, "dot").cornerRadius == 10)
        let oval = try Self.view(frame, "oval")
        #expect(oval.cornerRadius == nil && oval.backgroundColor == nil && oval.width == 20)
        #expect(frame.spec.views.map(\.id) == ["screen", "card", "dot", "oval", "icon", "photo", "union"])
        #expect(try Self.view(frame, "icon").backgroundColor == nil, "a vector stands in as a plain view")
        let summary = frame.summary
        #expect(summary.unexpressed["drop shadow"] == 1 && summary.unexpressed["layer blur"] == nil)
        #expect(summary.unexpressed["ellipse"] == 1 && summary.unexpressed["vector"] == 1 && summary.unexpressed["rotation"] == 1)
        #expect(summary.unexpressed["image fill"] == nil && summary.unexpressed["boolean operation"] == 1)
        #expect(summary.approximated["image fill (a grey placeholder)"] == 1)
        #expect(summary.skipped["boolean operation parts (drawn as one shape)"] == 2)
        #expect(summary.approximated["outside stroke (drawn inside)"] == 1)
    }

    /// Plumb cannot turn a view: a rotated layer and everything in it keep the boxes around
    /// their turned shapes (Figma's `absoluteBoundingBox`), whatever the auto layout, the
    /// constraints or the hugging say, which act along the turned axes.
    @Test func aTurnedLayerKeepsTheBoxesAroundItsTurnedShapes() throws {
        let frame = try Self.importOne([Self.node("9:1", "FRAME", "Screen", Self.box(0, 0, 400, 300), children: [
            Self.node("9:2", "FRAME", "Tiles", Self.box(100, 100, 80, 80), #"""
                "rotation": 0.785, "layoutMode": "HORIZONTAL", "itemSpacing": 4, "primaryAxisSizingMode": "AUTO",
                "counterAxisSizingMode": "AUTO", "paddingLeft": 6
                """#, children: [
                Self.node("9:3", "RECTANGLE", "A", Self.box(110, 120, 30, 30), Self.constraints("RIGHT", "BOTTOM")),
                Self.node("9:4", "RECTANGLE", "Above", Self.box(150, 60, 30, 30)),
                Self.node("9:5", "GROUP", "Pair", Self.box(120, 150, 50, 20), children: [
                    Self.node("9:6", "RECTANGLE", "D", Self.box(125, 152, 10, 10), Self.constraints("LEFT_RIGHT", "CENTER")),
                ]),
            ]),
        ])])
        let tiles = try Self.view(frame, "tiles")
        #expect(tiles.kind == .view && tiles.width == 80 && tiles.height == 80, "no stack: its children keep their boxes")
        let a = try Self.view(frame, "a")
        #expect(a.horizontalAlignment == .left && a.verticalAlignment == .top && a.margin.left == 10 && a.margin.top == 20)
        #expect(a.width == 30 && a.height == 30)
        let pair = try Self.view(frame, "pair")
        #expect(pair.width == 50 && pair.height == 20, "a group keeps its box, not its children's bounds")
        #expect(frame.summary.unexpressed["rotation"] == 1)
        #expect(frame.summary.approximated["inside a turned layer (kept at the box around its turned shape)"] == 4)
        try Self.expectFigmaBoxes(frame)
    }

    // MARK: Files, frames, ids

    @Test func everyTopLevelFrameIsADocumentWithUniqueNames() throws {
        let result = try FigmaImporter.read(Self.file([
            Self.node("8:1", "FRAME", "Home", Self.box(0, 0, 10, 10)),
            Self.node("8:2", "FRAME", "Home", Self.box(20, 0, 10, 10)),
            Self.node("8:3", "COMPONENT", "Café Button", Self.box(40, 0, 10, 10)),
            Self.node("8:4", "TEXT", "Note", Self.box(60, 0, 10, 10), #""characters": "x""#),
            Self.node("8:5", "FRAME", "日本", Self.box(80, 0, 10, 10)),
        ]), file: "test.json")
        #expect(result.frames.map(\.document) == ["home", "home-2", "cafe-button", "frame"])
        #expect(result.summary.skipped["top-level text (not a frame)"] == 1)
        let one = try FigmaImporter.read(Self.file([Self.node("8:1", "FRAME", "Home", Self.box(0, 0, 10, 10)),
                                                   Self.node("8:2", "FRAME", "Away", Self.box(0, 0, 10, 10))]), file: "t.json", frame: "8:2")
        #expect(one.frames.map(\.document) == ["away"])
        #expect(try FigmaImporter.read(Self.file([Self.node("8:2", "FRAME", "Away", Self.box(0, 0, 10, 10))]), file: "t.json", frame: "Away").frames.count == 1)
        // A response saved by a Windows tool, with a byte-order mark.
        #expect(try FigmaImporter.read([0xEF, 0xBB, 0xBF] + Self.file([Self.node("8:2", "FRAME", "Away", Self.box(0, 0, 10, 10))]), file: "bom.json").frames.count == 1)
    }

    @Test func idsAreKeptThroughTheirFigmaNode() throws {
        var frame = try Self.importOne([Self.docked])
        // The stored document called the "Left Top" node something else, and has a view
        // "stretch" for another node: the node keeps its id, the newcomer gets a fresh one.
        frame.assignIDs(reusing: ["1:2": ["corner"], "9:9": ["stretch"], "1:5": ["stretch"]])
        #expect(frame.spec.views[1].id == "corner")
        #expect(frame.spec.views.first { $0.sourceId == "1:5" }?.id == "stretch")
        #expect(Set(frame.spec.views.map(\.id)).count == frame.spec.count)
    }

    @Test func nodesResponsesImportTheirFrames() throws {
        let frame = Self.node("1:1", "FRAME", "Screen", Self.box(0, 0, 10, 10))
        let bytes = Array(#"{"name": "T", "nodes": {"1:1": {"document": \#(frame), "components": {}}}}"#.utf8)
        #expect(try FigmaImporter.read(bytes, file: "nodes.json").frames.map(\.document) == ["screen"])
        let missing = Array(#"{"name": "T", "nodes": {"1:1": null}}"#.utf8)
        #expect(throws: InteropError.self) { try FigmaImporter.read(missing, file: "nodes.json") }
    }

    /// One node alone, as plugins and tools save the `document` of a nodes response: a frame
    /// is a frame of its own, a page gives its frames, a document its pages' frames.
    @Test func aNodeAloneImportsAsANodesResponseWould() throws {
        let screen = Self.node("1:1", "FRAME", "Screen", Self.box(0, 0, 10, 10), children: [Self.node("1:2", "RECTANGLE", "Dot", Self.box(2, 2, 4, 4))])
        let alone = try FigmaImporter.read(Array(screen.utf8), file: "node.json")
        #expect(alone.frames.map(\.document) == ["screen"] && alone.frames.first?.spec.count == 2)
        let page = #"{"id": "0:1", "type": "CANVAS", "name": "Page", "children": [\#(screen), \#(Self.node("1:3", "FRAME", "Away", Self.box(20, 0, 10, 10)))]}"#
        #expect(try FigmaImporter.read(Array(page.utf8), file: "page.json").frames.map(\.document) == ["screen", "away"])
        let document = #"{"id": "0:0", "type": "DOCUMENT", "name": "Doc", "children": [\#(page)]}"#
        #expect(try FigmaImporter.read(Array(document.utf8), file: "doc.json").frames.map(\.document) == ["screen", "away"])
    }

    static let badInput: [(String, String)] = [
        ("", "line 1, column 1: not valid JSON"),
        (#"{"document": {"id": "0:0", "type": "DOCUMENT", "children": ["#, "not valid JSON"),
        (#"{"plumb": 1, "name": "login", "root": {"id": "root"}}"#, #"not a Figma file response: expected "document""#),
        // A node alone whose children are a number (the parse deferred nothing there).
        (#"{"id": "1:1", "type": "FRAME", "name": "x", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 1, "height": 1}, "children": 0}"#,
         "$.children: expected an array of nodes, got 0"),
        (#"{"id": "0:1", "type": "CANVAS", "name": "p", "children": [{"id": "1:1", "type": "FRAME", "name": "x", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 1, "height": 1}, "children": 1e300}]}"#,
         "$.children[0].children: expected an array of nodes, got 1e+300"),
        (#"{"status": 403, "err": "Invalid token"}"#, "is a Figma error response (status 403: Invalid token)"),
        (#"[1, 2]"#, "expected a Figma API response (an object), got an array"),
        (#"{"document": {"id": "0:0", "type": "DOCUMENT", "children": [{"id": "0:1", "type": "CANVAS", "children": [{"id": "1:1", "type": "FRAM", "name": "x"}]}]}}"#,
         #"$.document.children[0].children[0].type: unknown node type "FRAM" (did you mean "FRAME"?)"#),
        (#"{"document": {"id": "0:0", "type": "DOCUMENT", "children": [{"id": "0:1", "type": "CANVAS", "children": [{"id": "1:1", "type": "FRAME", "name": "x"}]}]}}"#,
         "node 1:1 (\"x\") has no absoluteBoundingBox"),
        (#"{"document": {"id": "0:0", "type": "DOCUMENT", "children": [{"id": "0:1", "type": "CANVAS", "children": [{"id": "1:1", "type": "FRAME", "name": "x", "absoluteBoundingBox": {"x": 0, "y": 0, "width": -5, "height": 1}}]}]}}"#,
         "absoluteBoundingBox.width: expected a number from 0 to"),
        (#"{"document": {"id": "0:0", "type": "DOCUMENT", "children": [{"id": "0:1", "type": "CANVAS", "children": [{"id": "1:1", "type": "TEXT", "name": "x", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 1, "height": 1}}]}]}}"#,
         "has no top-level frames to import"),
        (#"{"document": {"id": "0:0", "type": "DOCUMENT", "children": [{"id": "0:1", "type": "CANVAS", "children": [{"id": "1:1", "type": "FRAME", "name": "x", "opacity": "half", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 1, "height": 1}}]}]}}"#,
         #"$.document.children[0].children[0].opacity: expected a number, got "half""#),
    ]

    @Test(arguments: badInput)
    func badInputIsRefusedWithAClearMessage(_ text: String, _ message: String) {
        do {
            _ = try FigmaImporter.read(Array(text.utf8), file: "bad.json")
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.description.hasPrefix("bad.json: "))
            #expect(error.description.contains(message), "\(error.description)")
        }
    }

    @Test func aMissingFrameIsNamedWithASuggestion() {
        do {
            _ = try FigmaImporter.read(Self.file([Self.node("1:1", "FRAME", "Login", Self.box(0, 0, 1, 1))]), file: "f.json", frame: "Logn")
            Issue.record("accepted")
        } catch {
            #expect(error.description == #"f.json: no top-level frame "Logn" (did you mean "Login"?); the file has 1: "Login" (1:1)"#)
        }
    }

    @Test func aTruncatedRealFileIsRefused() throws {
        let name = try #require(SharedFigmaFiles.names.first, "the shared Figma files are missing")
        let bytes = try SharedFigmaFiles.bytes(name)
        #expect(throws: InteropError.self) { try FigmaImporter.read(Array(bytes.prefix(bytes.count / 2)), file: name) }
    }
}
