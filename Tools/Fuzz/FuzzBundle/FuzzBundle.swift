import FuzzSupport
import Replication
import SpecSync

/// Fuzz target `bundle`: the bundle reader never traps. The input is a bundle without its
/// closing checksum, which is appended here (else nearly every input would stop at the
/// checksum and the reader behind it would never be reached). A bundle it accepts is made of
/// consistent versions and encodes back to the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBundle(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let body = Array(UnsafeBufferPointer(start: data, count: size))
    let bytes = body + SHA256.hash(body)
    guard let bundle = try? BundleFile(decoding: bytes) else { return 0 }
    for payload in bundle.payloads where payload.inconsistency != nil { fatalError("accepted an inconsistent version") }
    guard let again = try? BundleFile(decoding: bundle.encoded()), again == bundle else { fatalError("a bundle does not survive encoding") }
    return 0
}

#if !FUZZING
@main struct Replay {
    static func main() { FuzzReplay.run(fuzzBundle) }
}
#endif
