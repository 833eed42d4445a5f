import LayoutSpec

/// A label's `textRuns` count UTF-16 code units of its `text`: an edit of one must leave them
/// fitting the other. The planners of `set` and the studio check runs set against the text
/// they will style, and carry the runs of a text that an edit changes over to the new text
/// (`TextRun.carried`: runs after the edit move with their words), unless the edit sets the
/// runs too.
public enum TextRunFit {
    /// The edit of `view`'s `textRuns` that an edit of its `text` from `oldText` to `newText`
    /// (JSON text, nil for unset) needs, given the runs now set (`currentRuns`, JSON text): nil
    /// when none are set or they stay as they are, else one setting the carried runs (unsetting
    /// them when none is left).
    public static func carry(_ view: String, currentRuns: String?, oldText: String?, newText: String?) -> Edit? {
        guard let currentRuns, let json = ValueText.decode(currentRuns), let runs = try? TextRun.runs(from: json) else { return nil }
        let old = oldText.flatMap(ValueText.stringValue) ?? "", new = newText.flatMap(ValueText.stringValue) ?? ""
        let carried = TextRun.carried(runs, from: old, to: new)
        guard carried != runs else { return nil }
        return Edit(view: view, property: .textRuns, value: carried.map { ValueText.encode(.array($0.map(\.json))) })
    }

    /// What is wrong with setting runs (JSON text) on a label whose text is `text` (JSON text):
    /// nil when they fit.
    public static func problem(runs: String?, text: String?) -> String? {
        guard let runs, let json = ValueText.decode(runs), let parsed = try? TextRun.runs(from: json) else { return nil }
        guard let problem = TextRun.problem(with: parsed, in: text.flatMap(ValueText.stringValue) ?? "") else { return nil }
        return "textRuns\(problem.location): \(problem.message)"
    }
}
