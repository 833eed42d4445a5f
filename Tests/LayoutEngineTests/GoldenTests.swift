import Foundation
import LayoutEngine
import LayoutSpec
import Testing

/// Runs every fixture in `Goldens/` (see `GoldenFixture`): resolve with the fixed metrics,
/// compare each view's frame, drawn flag and text with the expectations (to 1e-6 points).
/// `UPDATE_GOLDENS=1 swift test` rewrites the expectations instead: review the diff.
@Suite struct GoldenTests {
    static let tolerance = 1e-6

    @Test func fixturesExist() {
        #expect(GoldenFixture.allNames.count >= 10)
    }

    @Test(arguments: GoldenFixture.allNames)
    func golden(_ name: String) throws {
        let fixture = try GoldenFixture(named: name)
        let layout = LayoutEngine(measurer: FixedTextMeasurer())
            .resolve(fixture.spec, viewport: fixture.viewport, scale: fixture.scale)
        let actual = GoldenFixture.encode(layout, of: fixture.spec)
        if ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1" {
            try fixture.writeExpected(actual)
            return
        }
        guard case .array(let expected) = fixture.expected else {
            Issue.record("\(name): expected must be an array")
            return
        }
        #expect(expected.count == actual.count, "\(name): \(expected.count) expected views, \(actual.count) resolved")
        for (want, got) in zip(expected, actual) {
            let id = want["id"].map(JSONWriter.compact) ?? "?"
            #expect(Self.matches(want, got), "\(name) \(id):\n  expected \(JSONWriter.compact(want))\n  resolved \(JSONWriter.compact(got))")
        }
    }

    /// Structural equality with numbers compared to `tolerance`.
    static func matches(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.number(let a), .number(let b)): return abs(a - b) <= tolerance
        case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy(matches)
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && matches($0.value, $1.value) }
        default: return lhs == rhs
        }
    }
}
