import LayoutSpec

/// A label's `textRuns` count UTF-16 code units of its `text`: an edit of one must leave them
/// fitting the other. The planners of `set` and the studio check runs set against the text
/// they will style, and cut the runs of a text that an edit shortens (runs past its end
/// dropped, one across it shortened), unless the edit sets the runs too.
public enum TextRunFit {
    /// The edit of `view`'s `textRuns` that an edit setting its `text` to `newText` (JSON text,
    /// nil for unset) needs, given the runs now set (`currentRuns`, JSON text): nil when they
    /// still fit or none are set, else one setting the cut runs (unsetting them when none is
    /// left).
    public static func cut(_ view: String, currentRuns: String?, newText: String?) -> Edit? {
        guard let currentRuns, let json = ValueText.decode(currentRuns), let runs = try? TextRun.runs(from: json) else { return nil }
        let length = (newText.flatMap(ValueText.stringValue) ?? "").utf16.count
        guard TextRun.problem(with: runs, in: String(repeating: " ", count: length)) != nil else { return nil }
        let kept = TextRun.cut(runs, toLength: length)
        return Edit(view: view, property: .textRuns, value: kept.map { ValueText.encode(.array($0.map(\.json))) })
    }

    /// What is wrong with setting runs (JSON text) on a label whose text is `text` (JSON text):
    /// nil when they fit.
    public static func problem(runs: String?, text: String?) -> String? {
        guard let runs, let json = ValueText.decode(runs), let parsed = try? TextRun.runs(from: json) else { return nil }
        guard let problem = TextRun.problem(with: parsed, in: text.flatMap(ValueText.stringValue) ?? "") else { return nil }
        return "textRuns\(problem.location): \(problem.message)"
    }
}
