import FoundationEssentials
import Glibc
import LayoutEngine
import LayoutSpec
import Pictures
import SpecStore
import SpecSync

extension Workbench {
    /// The version of `document` that `revision` names (head when nil or empty).
    func load(_ document: String, revision: String?) throws -> LoadedVersion {
        let found = try find(document, revision: revision)
        guard let loaded = found.loaded else {
            throw StudioError.notFound("\(document) \(found.record.shown(in: document)): no root view in this version")
        }
        return loaded
    }

    /// The version `revision` names in the document's history, followed through `docs mv` as
    /// `plumb log` follows it (`RenameHistory`: ids and tags of an earlier name work), read
    /// whether or not it can be drawn: `loaded` is nil when
    /// it has no root view (every view deleted, as `plumb docs rm` leaves it, or a root lost).
    func find(_ document: String, revision: String?) throws -> (record: VersionRecord, state: DocumentState, loaded: LoadedVersion?) {
        guard Identifier.isValid(document) else { throw StudioError.notFound("no document \"\(document)\"") }
        let record = try RenameHistory.version(of: document, revision: revision.flatMap { $0.isEmpty ? nil : $0 } ?? "head", store: store)
        let state = try store.state(of: record)
        guard let result = try? Materializer.spec(named: document, from: state) else { return (record, state, nil) }
        return (record, state, LoadedVersion(document: document, record: record, state: state, spec: result.spec, detached: result.detached))
    }

    /// The version laid out on a screen.
    func layout(_ version: LoadedVersion, on screen: ScreenChoice) -> Layout {
        engine.resolve(version.spec, viewport: screen.size, scale: nil)
    }

    /// The picture of a version on a screen (SVG, one unit per point).
    func picture(_ version: LoadedVersion, on screen: ScreenChoice) -> String {
        SVGRenderer(spec: version.spec, layout: layout(version, on: screen), measurer: measurer).render()
    }

    /// Two versions laid out on one screen and compared.
    func diff(_ old: LoadedVersion, _ new: LoadedVersion, on screen: ScreenChoice) -> PictureDiff {
        PictureDiff(
            old: .init(spec: old.spec, layout: layout(old, on: screen), label: old.label),
            new: .init(spec: new.spec, layout: layout(new, on: screen), label: new.label),
            changedProperties: PictureDiff.changedProperties(StateDifference(from: old.state, to: new.state)),
            measurer: measurer)
    }
}
