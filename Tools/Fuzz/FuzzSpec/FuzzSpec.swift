import FuzzSupport
import LayoutSpec

/// Fuzz target `spec`: the spec decoder never traps; a spec it accepts encodes, in both
/// shapes, to a file it accepts again as the same spec.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpec(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let spec = try? SpecCodec.decode(bytes, file: "fuzz.json") else { return 0 }
    for shape in [SpecCodec.Shape.nested, .flat] {
        let text = SpecCodec.encodeText(spec, shape: shape)
        let again: Spec
        do {
            again = try SpecCodec.decode(Array(text.utf8), file: "again.json")
        } catch {
            fatalError("the \(shape) encoding is refused: \(error)")
        }
        guard again == spec else { fatalError("the \(shape) encoding decodes to another spec") }
    }
    return 0
}

#if !FUZZING
@main struct Replay {
    static func main() { FuzzReplay.run(fuzzSpec) }
}
#endif
