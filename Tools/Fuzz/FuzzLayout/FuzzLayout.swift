import FuzzSupport
import LayoutEngine
import LayoutSpec

/// Fuzz target `layout`: the engine fed random valid specs (built from the fuzzer's bytes by
/// `SpecGenerator`) never traps and never returns a frame that breaks the documented rules:
/// every number finite, no negative size, collapsed views zero-sized, and every child of a
/// plain `view` docked in its parent's content box as DESIGN.md §2's table says.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayout(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    let viewport = Size(width: input.pick(SpecGenerator.lengths.filter { $0 <= 1_000_000 }),
                        height: input.pick(SpecGenerator.lengths.filter { $0 <= 1_000_000 }))
    let spec = SpecGenerator.spec(&input)
    let layout = LayoutEngine(measurer: FixedTextMeasurer()).resolve(spec, viewport: viewport)
    LayoutRules.check(spec, layout, viewport: viewport)
    return 0
}

#if !FUZZING
@main struct Replay {
    static func main() { FuzzReplay.run(fuzzLayout) }
}
#endif
