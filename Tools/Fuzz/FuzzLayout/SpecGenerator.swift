import FuzzSupport
import LayoutSpec

/// Valid specs from a stream of decisions: views in tree order (each new view goes under a
/// container on the path from the root to the last view), every property any kind takes, with
/// values of its type from small palettes that include the extremes.
enum SpecGenerator {
    static let lengths: [Double] = [0, 0.5, 1, 8, 17, 44, 100, 320, 375, 667, 1_000, 1e6, 1e9, 1e15, 1e300, 0.1 + 0.2]
    static let texts = ["", "a", "OK", "Sign in", "Hello, world", "a b c d e f g h", "e\u{301}\u{302}\u{303}\u{304}\u{305}",
                        "保存してください", "line one\nline two", "   ", "\t", "word " + String(repeating: "x", count: 200),
                        String(repeating: "m ", count: 300), "👩‍👩‍👧 🇫🇷"]

    static func spec(_ input: inout FuzzInput) -> Spec {
        let count = 1 + input.below(40)
        var views: [View] = []
        var parents: [Int] = []
        var path: [Int] = []  // containers from the root to the last view
        for index in 0..<count {
            let kind = index == 0 ? input.pick([ViewKind.view, .stack, .grid]) : input.pick(ViewKind.allCases)
            var view = View(id: "v\(index)", kind: kind)
            let properties = Property.allCases.filter { !$0.isStructural && $0.applies(to: kind) }
            for _ in 0..<input.below(8) {
                let property = input.pick(properties)
                if let value = value(of: property.type, &input), property.type.check(value) == nil {
                    view.setValue(value, for: property)
                }
            }
            if index == 0 {
                parents.append(-1)
            } else {
                // A parent among the containers on the current path (keeps tree order).
                let depth = input.below(path.count)
                path.removeSubrange((depth + 1)...)
                parents.append(path[depth])
            }
            views.append(view)
            if kind.isContainer { path.append(index) }
            if path.isEmpty { break }
        }
        return Spec(name: "fuzz", views: views, parents: parents)
    }

    static func value(of type: PropertyType, _ input: inout FuzzInput) -> JSONValue? {
        switch type {
        case .length: return .number(input.pick(lengths))
        case .offset: return .number(input.pick([-20, -0.5] + lengths.filter { $0 <= 1_000_000 }))
        case .fontSize: return .number(input.pick([0.001, 1, 12, 17, 100, 10_000]))
        case .textSpacing(let allowsNegative):
            let amounts: [JSONValue] = [.number(0), .number(1.5), .number(24), .number(10_000), .string("150%"), .string("0%")]
            return input.pick(allowsNegative ? amounts + [.number(-2), .string("-5%")] : amounts)
        case .count(let minimum): return .number(Double(max(minimum, input.pick([0, 1, 2, 3, 5, 10, 1_000_000]))))
        case .choice(let names): return .string(input.pick(names))
        case .text: return .string(input.pick(texts))
        case .color: return .string(input.pick(["#000000", "#FF8800", "#0000FF80"]))
        case .tracks:
            let count = 1 + input.below(6)
            return .array((0..<count).map { _ in input.pick([.number(0), .number(44), .number(1e300), .string("auto"), .string("*"), .string("2*"), .string("0.5*")]) })
        default: return nil
        }
    }
}
