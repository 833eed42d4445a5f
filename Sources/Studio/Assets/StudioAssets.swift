import Pictures

/// The studio's two static files, carried in the binary: nothing is read from disk.
enum StudioAssets {
    static let style = StudioStyle.text + DiffReport.styles + "\n"
    static let script = DiffReport.script + "\n" + StudioScript.text
}
