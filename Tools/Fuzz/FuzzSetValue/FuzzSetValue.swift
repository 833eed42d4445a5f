import FuzzSupport
import LayoutSpec
import SpecSync

/// Fuzz target `set-value`: `KEY=VALUE` parsing for `plumb set` (each property's type parses
/// the text after `=`) never traps, and what it accepts is what every receiver accepts: the
/// value passes its type's check and the one check on commit and on receipt.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSetValue(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size >= 1 else { return 0 }
    let properties = Property.allCases.filter { !$0.isStructural }
    let property = properties[Int(data[0]) % properties.count]
    let text = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
    guard let value = property.type.parse(text) else { return 0 }
    if let problem = property.type.check(value) { fatalError("\(property.rawValue)=\(text) parsed to a value its type refuses: \(problem)") }
    let stored = ValueText.encode(value)
    if let problem = Change.problem(view: "v", property: property, value: stored) {
        fatalError("\(property.rawValue)=\(text) would be refused by receivers: \(problem)")
    }
    guard ValueText.decode(stored) == value else { fatalError("\(property.rawValue)=\(text) does not read back") }
    return 0
}

#if !FUZZING
@main struct Replay {
    static func main() { FuzzReplay.run(fuzzSetValue) }
}
#endif
