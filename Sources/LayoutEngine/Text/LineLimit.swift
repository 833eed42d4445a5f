/// Step 2 of `LineLayout`: how many lines are kept.
enum LineLimit {
    /// The number of lines kept: at most `numberOfLines` (0 = unlimited) and at most as many as
    /// fit `maxHeight`, but always the first line, so a label shorter than one line still
    /// shows (and clips) its first line rather than nothing.
    static func keptCount(lineCount: Int, numberOfLines: Int, maxHeight: Double, lineHeight: Double) -> Int {
        var kept = lineCount
        if numberOfLines > 0 { kept = min(kept, numberOfLines) }
        if maxHeight.isFinite, lineHeight > 0 {
            let fitting = (maxHeight + LineLayout.tolerance) / lineHeight
            if fitting < Double(kept) { kept = max(1, Int(max(0, fitting))) }  // Int() truncates: floor for ≥ 0
        }
        return min(kept, lineCount)
    }
}
