extension String {
    /// The string these UTF-8 bytes spell; `nil` when they are not valid UTF-8.
    ///
    /// ASCII (ids, property names, numbers: nearly every stored string) is taken as it is,
    /// after one pass over the bytes; only other text goes through the standard library's
    /// validation, whose generic metadata lookup on every call weighed heavily in decoding a
    /// stored state.
    @inlinable
    public init?<Bytes: Collection<UInt8>>(validatingUTF8Bytes bytes: Bytes) {
        if bytes.allSatisfy({ $0 < 0x80 }) {
            self.init(decoding: bytes, as: UTF8.self)
            return
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        self = text
    }
}
