import LayoutEngine
import Pictures
import SpecStore

/// `/d/DOC/sheet`: one version (`rev`, head by default) on several devices side by side
/// (`devices=iphone-se,iphone-15,…`, `landscape=1`).
enum SheetPage {
    static let defaultDevices = ["iphone-se", "iphone-15", "pixel-8", "ipad"]

    static func render(_ workbench: Workbench, document: String, query: [String: String]) throws -> String {
        if let page = try NothingToDraw.page(workbench, document: document, revision: query["rev"], active: "sheet", link: { drawable in
            Paths.link("/d/\(document)/sheet", [("rev", drawable.revision(in: document))])
        }) { return page }
        let version = try workbench.load(document, revision: query["rev"])
        let keys = query["devices"].map { $0.split(separator: ",").map(String.init) } ?? defaultDevices
        var devices: [Device] = []
        for key in keys.prefix(24) {
            guard let device = Device.named(key) else { throw StudioError.badRequest("devices: unknown device \"\(key)\"") }
            devices.append(device)
        }
        let landscape = query["landscape"] == "1"
        var checks: [CheckList.Group] = []
        let screens = devices.map { device -> DeviceSheet.Screen in
            var size = device.size
            if landscape, size.height > size.width { size = Size(width: size.height, height: size.width) }
            let caption = "\(device.name) · \(NumberText.decimal(size.width))×\(NumberText.decimal(size.height))"
            let layout = workbench.engine.resolve(version.spec, viewport: size, scale: nil)
            let screen = ScreenChoice(device: device, size: size)
            checks.append(CheckList.Group(caption: caption, warnings: CheckList.warnings(workbench, spec: version.spec, layout: layout)) { view in
                Paths.link("/d/\(document)", [("rev", version.record.revision(in: document))] + screen.query + [("view", view)])
            })
            return DeviceSheet.Screen(caption: caption, spec: version.spec, layout: layout)
        }
        let sheet = DeviceSheet(title: "\(document): \(version.label)", screens: screens, measurer: workbench.measurer)
        let versions = try RenameHistory.versions(of: document, limit: HistoryList.limit, store: workbench.store)
        let conflicts = try ConflictActions.count(workbench.store, document: document)
        var boxes = ""
        for device in Device.catalog {
            let checked = devices.contains { $0.key == device.key } ? " checked" : ""
            boxes += "<label class=\"device\"><input type=\"checkbox\" name=\"device\" value=\"\(device.key)\"\(checked)> \(escape(device.name))</label>"
        }
        return """
            \(PageShell.tabs(document, active: "sheet", conflicts: conflicts))
            <form class="toolbar" data-sheet-form method="get" action="\(escape(Paths.link("/d/\(document)/sheet")))">
            <label>Version \(DiffPage.versionSelect("rev", versions, selected: version.record, document: document,
                                                            lost: try workbench.store.lostWrites(in: Array(versions.prefix(HistoryList.limit)))))</label>
            <label><input type="checkbox" name="landscape" value="1"\(landscape ? " checked" : "")> landscape</label>
            <input type="hidden" name="devices" value="\(escape(devices.map(\.key).joined(separator: ",")))">
            <div class="devices">\(boxes)</div>
            </form>
            <div class="sheet-page">
            <figure class="sheet">\(DiffReport.inline(sheet.render()))</figure>
            \(CheckList.render(checks))
            </div>
            """
    }
}
