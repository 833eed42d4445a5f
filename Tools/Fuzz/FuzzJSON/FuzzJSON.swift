import FuzzSupport
import LayoutSpec

/// Fuzz target `json`: the JSON parser never traps; what it accepts writes back (compact and
/// pretty) to text that parses to the same value; deferring the members of the outermost
/// objects refuses the same input with the same error, and each deferred span parses to the
/// member's value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let parsed = Result { () throws(JSONSyntaxError) in try JSONParser.parse(bytes) }
    let deferred = Result { () throws(JSONSyntaxError) in try JSONParser.parse(bytes, deferring: [[nil]]) }
    switch (parsed, deferred) {
    case (.failure(let error), .failure(let again)):
        guard error.description == again.description else { fatalError("deferring changed the error: \(error) / \(again)") }
        return 0
    case (.success(let value), .success(let deferred)):
        checkSpans(value, deferred, bytes)
    default:
        fatalError("deferring accepted differently: \(parsed) / \(deferred)")
    }
    guard case .success(let value) = parsed else { return 0 }
    for text in [JSONWriter.compact(value), JSONWriter.pretty(value)] {
        guard let again = try? JSONParser.parse(Array(text.utf8)) else { fatalError("written JSON does not parse: \(text.prefix(200))") }
        guard again == value else { fatalError("JSON changed in a round trip: \(text.prefix(200))") }
    }
    return 0
}

/// Deferring `[[nil]]` defers the members of the objects outside every other object (the
/// outermost one, or those in outermost arrays): each stands as the number of its span, in
/// order, and the span parses to the member's value.
func checkSpans(_ value: JSONValue, _ deferred: (value: JSONValue, spans: [JSONSpan]), _ bytes: [UInt8]) {
    var next = 0
    func resolved(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let elements): return .array(elements.map(resolved))
        case .object(let members):
            return .object(members.map { member in
                guard member.value == .number(Double(next)), next < deferred.spans.count,
                      let built = try? JSONParser.parse(bytes, span: deferred.spans[next]).value else {
                    fatalError("member \(member.key) is not the next span")
                }
                next += 1
                return JSONMember(member.key, built)
            })
        default: return value
        }
    }
    guard resolved(deferred.value) == value, next == deferred.spans.count else { fatalError("the spans do not parse to the values") }
}

#if !FUZZING
/// Without libFuzzer: replays the files named on the command line (a corpus, saved crashes).
@main struct Replay {
    static func main() { FuzzReplay.run(fuzzJSON) }
}
#endif
