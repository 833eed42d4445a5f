import Foundation
import LayoutSpec
import SeededRandom

/// `plumb-bench make-mixed OUT.json [--views N] [--seed S]`: writes a flat spec that looks like
/// real screens, for timing text measurement: a vertical page of sections, each a stack,
/// grid or docking view of rows, cards and forms, nested up to 8 deep; about half the views
/// are labels and buttons (single-line, wrapping without a width, or limited to 2–3 lines at
/// a width; sizes 12–28 pt, four weights, some Chinese text), the rest containers and fixed-
/// size boxes. The same seed always writes the same file (default: 100,000 views, seed 42).
enum MixedTreeGenerator {
    static let usage = "make-mixed OUT.json [--views N] [--seed S]"

    static func run(_ arguments: [String]) -> Int32 {
        var output: String?
        var count = 100_000
        var seed: UInt64 = 42
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--views", "--seed":
                guard index + 1 < arguments.count, let value = UInt64(arguments[index + 1]), value > 0 else {
                    LayoutBenchmark.fail("\(argument) expects a positive whole number\nusage: plumb-bench \(usage)")
                    return 64
                }
                if argument == "--views" { count = Int(value) } else { seed = value }
                index += 2
            default:
                guard output == nil, !argument.hasPrefix("-") else {
                    LayoutBenchmark.fail("unexpected argument \(argument)\nusage: plumb-bench \(usage)")
                    return 64
                }
                output = argument
                index += 1
            }
        }
        guard let output else {
            LayoutBenchmark.fail("missing OUT.json\nusage: plumb-bench \(usage)")
            return 64
        }
        var generator = MixedTree(count: count, seed: seed)
        let json = generator.build()
        do {
            try Data(JSONWriter.compact(json).utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            LayoutBenchmark.fail("plumb-bench make-mixed: cannot write \(output): \(error)")
            return 1
        }
        print("\(output): \(generator.views.count) views (\(generator.textCount) labels and buttons), seed \(seed)")
        return 0
    }
}

/// The generator's state: views in tree order, each a JSON object naming its parent.
struct MixedTree {
    let count: Int
    var random: SeededGenerator
    var views: [JSONValue] = []
    var textCount = 0
    static let maxDepth = 8

    init(count: Int, seed: UInt64) {
        self.count = max(1, count)
        random = SeededGenerator(seed: seed)
    }

    var isFull: Bool { views.count >= count }

    /// The root (a vertical stack, like a scrolling page) and sections until `count` views.
    mutating func build() -> JSONValue {
        let root = add(nil, "stack", [("spacing", .number(16)), ("padding", .number(16))])
        while !isFull { section(in: root, depth: 1) }
        return .object([
            JSONMember("plumb", .number(1)), JSONMember("name", .string("mixed")), JSONMember("views", .array(views)),
        ])
    }

    /// One section: a list of rows, a grid of cards, a form, or a docking view.
    mutating func section(in parent: String, depth: Int) {
        switch pick(4) {
        case 0: list(in: parent, depth: depth)
        case 1: grid(in: parent, depth: depth)
        case 2: form(in: parent, depth: depth)
        default: docked(in: parent, depth: depth)
        }
    }

    /// A vertical stack of rows: horizontal stacks of an icon, a title/subtitle stack and a
    /// button, or a nested section.
    mutating func list(in parent: String, depth: Int) {
        let list = add(parent, "stack", [("spacing", .number(Double(pick(3) * 4)))])
        for _ in 0..<(3 + pick(8)) where !isFull {
            if depth + 2 < Self.maxDepth && pick(6) == 0 { section(in: list, depth: depth + 1); continue }
            let row = add(list, "stack", [("orientation", .string("horizontal")), ("spacing", .number(12)), ("padding", .number(8))])
            box(in: row, width: 24 + Double(pick(3) * 8), height: 24 + Double(pick(3) * 8))
            let texts = add(row, "stack", [("width", .number(Double(160 + pick(8) * 20)))])
            label(in: texts, wrapping: pick(3) == 0 ? .unlimited : .single)
            if pick(2) == 0 { label(in: texts, wrapping: .limited(2)) }
            if pick(2) == 0 { button(in: row) }
        }
    }

    /// A grid of cards in fixed, auto and star columns; each card a view docking a title, a
    /// body and a badge.
    mutating func grid(in parent: String, depth: Int) {
        let columnChoices: [JSONValue] = [.number(120), .string("auto"), .string("*"), .string("2*")]
        let columns = (0..<(2 + pick(3))).map { _ in columnChoices[pick(columnChoices.count)] }
        let rows = 1 + pick(4)
        let grid = add(parent, "grid", [
            ("columns", .array(columns)), ("rows", .array(Array(repeating: .string("auto"), count: rows))),
            ("columnSpacing", .number(8)), ("rowSpacing", .number(8)),
        ])
        for row in 0..<rows {
            for column in 0..<columns.count where !isFull {
                var placement: [(String, JSONValue)] = [("row", .number(Double(row))), ("column", .number(Double(column)))]
                if column + 1 < columns.count && pick(8) == 0 { placement.append(("columnSpan", .number(2))) }
                if depth + 2 < Self.maxDepth && pick(10) == 0 {
                    let cell = add(grid, "view", placement)
                    section(in: cell, depth: depth + 1)
                    continue
                }
                let card = add(grid, "view", placement + [("padding", .number(12)), ("backgroundColor", .string("#FFFFFF"))])
                label(in: card, wrapping: .single, extra: [("verticalAlignment", .string("top"))])
                label(in: card, wrapping: .unlimited, extra: [("margin", .object([JSONMember("top", .number(28))]))])
                if pick(3) == 0 {
                    label(in: card, wrapping: .single, extra: [
                        ("horizontalAlignment", .string("right")), ("verticalAlignment", .string("top")),
                        ("font", .object([JSONMember("size", .number(11))])),
                    ])
                }
            }
        }
    }

    /// A form: label + field rows in a vertical stack and a button row.
    mutating func form(in parent: String, depth: Int) {
        let form = add(parent, "stack", [("spacing", .number(12)), ("maxWidth", .number(480))])
        for _ in 0..<(2 + pick(4)) where !isFull {
            label(in: form, wrapping: .single, extra: [("font", .object([JSONMember("size", .number(13)), JSONMember("weight", .string("semibold"))]))])
            label(in: form, wrapping: .single, extra: [("height", .number(44)), ("padding", .number(8)), ("backgroundColor", .string("#F6F8FA"))])
        }
        let buttons = add(form, "stack", [("orientation", .string("horizontal")), ("spacing", .number(8)), ("horizontalAlignment", .string("right"))])
        for _ in 0..<(1 + pick(2)) where !isFull { button(in: buttons) }
    }

    /// A view docking a few children at its edges and centre, one of them a nested section.
    mutating func docked(in parent: String, depth: Int) {
        let view = add(parent, "view", [("height", .number(Double(120 + pick(10) * 20))), ("padding", .number(8))])
        let horizontal = ["left", "center", "right", "fill"], vertical = ["top", "center", "bottom", "fill"]
        for _ in 0..<(2 + pick(4)) where !isFull {
            let alignment: [(String, JSONValue)] = [
                ("horizontalAlignment", .string(horizontal[pick(4)])), ("verticalAlignment", .string(vertical[pick(4)])),
            ]
            switch pick(4) {
            case 0 where depth + 2 < Self.maxDepth: section(in: view, depth: depth + 1)
            case 1: box(in: view, width: Double(20 + pick(80)), height: Double(20 + pick(60)), extra: alignment)
            case 2: button(in: view, extra: alignment)
            default: label(in: view, wrapping: pick(2) == 0 ? .single : .limited(3), extra: alignment)
            }
        }
    }

    enum Wrapping {
        case single, unlimited, limited(Int)
    }

    mutating func label(in parent: String, wrapping: Wrapping, extra: [(String, JSONValue)] = []) {
        var properties: [(String, JSONValue)] = [("text", .string(text(words: 1 + pick(wrapping.isSingle ? 5 : 24))))]
        switch wrapping {
        case .single: break
        case .unlimited: properties.append(("numberOfLines", .number(0)))
        case .limited(let lines):
            properties.append(("numberOfLines", .number(Double(lines))))
            if !extra.contains(where: { $0.0 == "width" }) { properties.append(("width", .number(Double(120 + pick(10) * 16)))) }
        }
        properties.append(("font", .object([
            JSONMember("size", .number([12, 13, 15, 17, 17, 17, 20, 24, 28][pick(9)])),
            JSONMember("weight", .string(["regular", "regular", "medium", "semibold", "bold"][pick(5)])),
        ])))
        if pick(4) == 0 { properties.append(("textAlignment", .string(["center", "right"][pick(2)]))) }
        if pick(3) == 0 { properties.append(("lineBreakMode", .string(["truncateHead", "truncateMiddle", "clip"][pick(3)]))) }
        var merged = properties.filter { key, _ in !extra.contains { $0.0 == key } }
        merged += extra
        add(parent, "label", merged)
        textCount += 1
    }

    mutating func button(in parent: String, extra: [(String, JSONValue)] = []) {
        let titles = ["OK", "Cancel", "Sign in", "Continue", "Learn more", "Add to cart", "Share", "Delete", "Save changes", "登录", "继续"]
        add(parent, "button", [
            ("text", .string(titles[pick(titles.count)])), ("height", .number(44)),
            ("padding", .object([JSONMember("left", .number(16)), JSONMember("right", .number(16))])),
            ("backgroundColor", .string("#1F6FEB")), ("textColor", .string("#FFFFFF")),
        ] + extra)
        textCount += 1
    }

    mutating func box(in parent: String, width: Double, height: Double, extra: [(String, JSONValue)] = []) {
        var properties: [(String, JSONValue)] = [("width", .number(width)), ("height", .number(height)), ("backgroundColor", .string("#D0D7DE"))]
        if extra.isEmpty { properties.append(("verticalAlignment", .string("center"))) }
        add(parent, "view", properties + extra)
    }

    /// Words from a UI-ish vocabulary, one in eight Chinese.
    mutating func text(words: Int) -> String {
        var parts: [String] = []
        for _ in 0..<words {
            if pick(8) == 0 {
                parts.append(Self.chinese[pick(Self.chinese.count)])
            } else {
                parts.append(Self.words[pick(Self.words.count)])
            }
        }
        var text = parts.joined(separator: " ")
        text.replaceSubrange(text.startIndex...text.startIndex, with: text.prefix(1).uppercased())
        return text
    }

    /// Adds a view (unless the tree is full) and returns its id.
    @discardableResult
    mutating func add(_ parent: String?, _ kind: String, _ properties: [(String, JSONValue)]) -> String {
        let id = "v\(views.count)"
        guard !isFull else { return id }
        var members = [JSONMember("id", .string(id)), JSONMember("kind", .string(kind))]
        if let parent { members.append(JSONMember("parent", .string(parent))) }
        members += properties.map { JSONMember($0.0, $0.1) }
        views.append(.object(members))
        return id
    }

    mutating func pick(_ bound: Int) -> Int {
        Int(random.next() % UInt64(bound))
    }

    static let words = """
        account settings profile message inbox search results order delivery payment card total \
        subtotal shipping address city country phone email password forgot remember device security \
        notifications privacy language theme dark light help support contact about version update \
        download upload share photo camera gallery album video music playlist artist song podcast \
        episode comment reply like follow followers following friends group event calendar today \
        tomorrow yesterday week month year morning evening schedule reminder alarm timer weather \
        forecast temperature wind rain sunny cloudy map route directions nearby restaurant coffee \
        menu price discount coupon offer limited free premium subscribe plan monthly annual trial \
        the a of and to in for on with your you our new more all now your-account sign-in log-out \
        checkout wishlist favourites recently viewed recommended popular trending categories \
        electronics clothing books home garden sports outdoors toys beauty health grocery pharmacy
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)

    static let chinese = ["设置", "账户", "消息", "搜索结果", "订单", "付款方式", "送货地址", "忘记密码", "通知", "隐私", "帮助与支持", "今天", "天气预报", "附近的餐厅", "优惠券"]
}

extension MixedTree.Wrapping {
    var isSingle: Bool {
        if case .single = self { return true }
        return false
    }
}
