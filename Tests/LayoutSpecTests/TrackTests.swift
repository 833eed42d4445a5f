import LayoutSpec
import Testing

/// `Track`: the spellings of grid rows and columns.
struct TrackTests {
    static let accepted: [(JSONValue, Track)] = [
        (.string("auto"), .auto),
        (.string("*"), .star(1)),
        (.string("1*"), .star(1)),
        (.string("2*"), .star(2)),
        (.string("0.5*"), .star(0.5)),
        (.number(44), .fixed(44)),
        (.string("44"), .fixed(44)),
        (.number(0), .fixed(0)),
        (.string("12.5"), .fixed(12.5)),
    ]

    @Test(arguments: accepted)
    func parses(_ json: JSONValue, _ track: Track) {
        #expect(Track(json: json) == track)
    }

    static let rejected: [JSONValue] = [
        .number(-1), .string("-1"), .string("0*"), .string("-1*"), .string("abc"), .string("*2"), .string("auto*"),
        .string("Auto"), .string(""), .string("**"), .string("inf"), .string("nan*"), .string("1e999"), .string("1e999*"),
        .bool(true), .null, .array([.number(44)]), .object([]), .number(.infinity),
    ]

    @Test(arguments: rejected)
    func rejects(_ json: JSONValue) {
        #expect(Track(json: json) == nil)
    }

    static let spellings: [(Track, JSONValue)] = [
        (.auto, .string("auto")), (.star(1), .string("*")), (.star(2), .string("2*")), (.star(2.5), .string("2.5*")),
        (.fixed(44), .number(44)), (.fixed(0.5), .number(0.5)),
    ]

    @Test(arguments: spellings)
    func spelling(_ track: Track, _ json: JSONValue) {
        #expect(track.json == json)
        #expect(Track(json: track.json) == track)
    }
}
