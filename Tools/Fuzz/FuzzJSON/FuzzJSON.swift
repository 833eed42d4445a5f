import FuzzSupport
import LayoutSpec

/// Fuzz target `json`: the JSON parser never traps; what it accepts writes back (compact and
/// pretty) to text that parses to the same value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let value = try? JSONParser.parse(bytes) else { return 0 }
    for text in [JSONWriter.compact(value), JSONWriter.pretty(value)] {
        guard let again = try? JSONParser.parse(Array(text.utf8)) else { fatalError("written JSON does not parse: \(text.prefix(200))") }
        guard again == value else { fatalError("JSON changed in a round trip: \(text.prefix(200))") }
    }
    return 0
}

#if !FUZZING
/// Without libFuzzer: replays the files named on the command line (a corpus, saved crashes).
@main struct Replay {
    static func main() { FuzzReplay.run(fuzzJSON) }
}
#endif
