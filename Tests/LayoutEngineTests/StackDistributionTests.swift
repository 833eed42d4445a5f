import LayoutEngine
import LayoutSpec
import Testing

/// `distribution`: where a stack's children sit along its axis, each line on its own, when
/// they leave room (or lack it).
@Suite struct StackDistributionTests {
    /// A horizontal stack 100 wide with padding 5 (content 90) and spacing 10: a (20) and b (30)
    /// leave 30 of room; the collapsed c takes none, the floating d docks in the stack's box.
    @Test(arguments: [
        (StackDistribution.start, 5.0, 35.0),
        (.center, 20, 50),
        (.end, 35, 65),
        (.spaceBetween, 5, 65),
    ])
    func oneLineMovesIntoItsRoom(distribution: StackDistribution, a: Double, b: Double) throws {
        let (spec, layout) = try WrappingStackTests.resolve(#"""
            {"plumb": 1, "name": "distribution", "root": {"id": "root", "children": [
              {"id": "stack", "kind": "stack", "orientation": "horizontal", "distribution": "\#(distribution.rawValue)", "spacing": 10,
               "width": 100, "height": 30, "padding": 5, "horizontalAlignment": "left", "verticalAlignment": "top", "children": [
                {"id": "a", "width": 20, "height": 10, "verticalAlignment": "top"},
                {"id": "c", "width": 50, "height": 10, "visibility": "collapsed"},
                {"id": "d", "width": 10, "height": 10, "floating": true, "horizontalAlignment": "right", "verticalAlignment": "top"},
                {"id": "b", "width": 30, "height": 10, "verticalAlignment": "top"}
              ]}
            ]}}
            """#)
        func frame(_ id: String) throws -> Rect { try WrappingStackTests.frame(id, spec, layout) }
        #expect(try frame("a") == Rect(x: a, y: 5, width: 20, height: 10))
        #expect(try frame("b") == Rect(x: b, y: 5, width: 30, height: 10))
        #expect(try frame("d") == Rect(x: 90, y: 0, width: 10, height: 10))
    }

    /// A wrapping stack moves each line into its own room: content 90, spacing 10; the first
    /// line a, b (20 + 10 + 30 = 60, room 30), the second c (70, room 20), the third e alone
    /// (room 50: under spaceBetween one child packs at the start).
    @Test(arguments: [
        (StackDistribution.center, [15.0, 45, 10, 25]),
        (.end, [30, 60, 20, 50]),
        (.spaceBetween, [0, 60, 0, 0]),
    ])
    func eachLineMovesIntoItsOwnRoom(distribution: StackDistribution, xs: [Double]) throws {
        let (spec, layout) = try WrappingStackTests.resolve(#"""
            {"plumb": 1, "name": "distribution", "root": {"id": "root", "children": [
              {"id": "stack", "kind": "stack", "orientation": "horizontal", "wrap": true, "distribution": "\#(distribution.rawValue)",
               "spacing": 10, "width": 90, "horizontalAlignment": "left", "verticalAlignment": "top", "children": [
                {"id": "a", "width": 20, "height": 10},
                {"id": "b", "width": 30, "height": 10},
                {"id": "c", "width": 70, "height": 10},
                {"id": "e", "width": 40, "height": 10}
              ]}
            ]}}
            """#)
        let frames = try ["a", "b", "c", "e"].map { try WrappingStackTests.frame($0, spec, layout) }
        #expect(frames.map(\.x) == xs)
        #expect(frames.map(\.y) == [0, 0, 10, 20])
    }

    /// Children longer than the line overflow it: both ways centred, at the start from the end;
    /// spaceBetween has nothing to share and packs them at the start.
    @Test(arguments: [(StackDistribution.center, -15.0), (.end, -30), (.spaceBetween, 0)])
    func childrenLongerThanTheLineOverflowIt(distribution: StackDistribution, x: Double) throws {
        let (spec, layout) = try WrappingStackTests.resolve(#"""
            {"plumb": 1, "name": "distribution", "root": {"id": "root", "children": [
              {"id": "stack", "kind": "stack", "distribution": "\#(distribution.rawValue)", "height": 60,
               "horizontalAlignment": "left", "verticalAlignment": "top", "children": [
                {"id": "a", "width": 20, "height": 50},
                {"id": "b", "width": 20, "height": 40}
              ]}
            ]}}
            """#)
        #expect(try WrappingStackTests.frame("a", spec, layout).y == x)
        #expect(try WrappingStackTests.frame("b", spec, layout).y == x + 50)
    }

    /// A line shorter than nothing (spacing more negative than its children are long) moves by
    /// the whole room it leaves, as a flexbox moves it: 10 and 10 with -30 between them are -10
    /// long, so centred in 60 they start 35 down, at the end 70 down.
    @Test(arguments: [(StackDistribution.center, 35.0), (.end, 70)])
    func aLineShorterThanNothingMovesByAllItsRoom(distribution: StackDistribution, a: Double) throws {
        let (spec, layout) = try WrappingStackTests.resolve(#"""
            {"plumb": 1, "name": "distribution", "root": {"id": "root", "children": [
              {"id": "stack", "kind": "stack", "distribution": "\#(distribution.rawValue)", "spacing": -30, "height": 60,
               "horizontalAlignment": "left", "verticalAlignment": "top", "children": [
                {"id": "a", "width": 20, "height": 10},
                {"id": "b", "width": 20, "height": 10}
              ]}
            ]}}
            """#)
        #expect(try WrappingStackTests.frame("stack", spec, layout).height == 60)
        #expect(try WrappingStackTests.frame("a", spec, layout).y == a)
        #expect(try WrappingStackTests.frame("b", spec, layout).y == a - 20)
    }

    /// A stack as long as its children (no length of its own, not filling) has no room: they
    /// stay where `start` puts them.
    @Test(arguments: StackDistribution.allCases)
    func aHuggingStackHasNoRoomToMoveItsChildren(distribution: StackDistribution) throws {
        let (spec, layout) = try WrappingStackTests.resolve(#"""
            {"plumb": 1, "name": "distribution", "root": {"id": "root", "children": [
              {"id": "stack", "kind": "stack", "orientation": "horizontal", "distribution": "\#(distribution.rawValue)", "spacing": 10,
               "horizontalAlignment": "left", "verticalAlignment": "top", "children": [
                {"id": "a", "width": 20, "height": 10},
                {"id": "b", "width": 30, "height": 10}
              ]}
            ]}}
            """#)
        #expect(try WrappingStackTests.frame("stack", spec, layout).width == 60)
        #expect(try WrappingStackTests.frame("a", spec, layout).x == 0)
        #expect(try WrappingStackTests.frame("b", spec, layout).x == 30)
    }
}
