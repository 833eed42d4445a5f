/// The width cache's key: a font request's number and a run of text, compared byte for byte.
struct MeasuredRunKey: Hashable {
    let fontNumber: Int
    let run: TextRunKey

    /// A key that borrows `text` for a lookup.
    init(fontNumber: Int, borrowing text: Substring) {
        self.fontNumber = fontNumber
        run = TextRunKey(borrowing: text)
    }

    /// A key that owns a copy of `text`, for storing.
    init(fontNumber: Int, copying text: Substring) {
        self.fontNumber = fontNumber
        run = TextRunKey(copying: text)
    }
}
