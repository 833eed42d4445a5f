/// A frame given as input (`"frame": [x, y, width, height]` in a spec, `frame=x,y,w,h` in
/// `plumb set`), in the parent's content box, in points.
///
/// Plumb's model has no absolute positions, so a frame is stored as what it means there:
/// docked left and top, `margin.left` = x, `margin.top` = y, `width` and `height`. `show` then
/// prints those properties, and `show | apply` stays a no-op. Only a child of a `view`
/// container is placed this way (a stack or grid gives its children slots of their own, and
/// the root takes the screen).
public struct Frame: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// What a frame value must look like, for error messages; `shape` is how it is written
    /// (`[x, y, width, height]` in a spec, `x,y,width,height` on the command line).
    public static func expectation(_ shape: String) -> String {
        "expected \(shape): four numbers ≥ 0 (x and y become margins, which cannot be negative)"
    }

    /// The properties a frame stands for, and so cannot be given beside it.
    public static let properties: [Property] = [.horizontalAlignment, .verticalAlignment, .marginLeft, .marginTop, .width, .height]

    /// Reads `[x, y, width, height]`: four finite numbers, none negative.
    public init?(json: JSONValue) {
        guard case .array(let elements) = json, elements.count == 4 else { return nil }
        let numbers = elements.compactMap(\.number)
        self.init(numbers)
    }

    /// Reads `x,y,w,h` (as `plumb set` takes it), or the JSON array.
    public init?(text: String) {
        if text.hasPrefix("[") {
            guard let json = try? JSONParser.parse(text) else { return nil }
            self.init(json: json)
            return
        }
        let numbers = text.split(separator: ",", omittingEmptySubsequences: false).map { PropertyType.jsonNumber($0.trimmingSpaces) }
        guard !numbers.contains(nil) else { return nil }
        self.init(numbers.compactMap { $0 })
    }

    private init?(_ numbers: [Double]) {
        guard numbers.count == 4, numbers.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return nil }
        self.init(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    /// The properties this frame sets, in `Frame.properties` order.
    public var values: [(property: Property, value: JSONValue)] {
        [
            (.horizontalAlignment, .string(HorizontalAlignment.left.rawValue)),
            (.verticalAlignment, .string(VerticalAlignment.top.rawValue)),
            (.marginLeft, .number(x)),
            (.marginTop, .number(y)),
            (.width, .number(width)),
            (.height, .number(height)),
        ]
    }
}
