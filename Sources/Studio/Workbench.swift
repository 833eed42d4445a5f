import FoundationEssentials
import Glibc
import LayoutEngine
import SpecStore

/// What one request needs to answer: a store connection and a text measurer with warm
/// caches. Neither is thread-safe, so each workbench serves one request at a time.
final class Workbench {
    let store: Store
    let measurer: any TextMeasuring
    let engine: LayoutEngine

    init(store: Store, measurer: any TextMeasuring) {
        self.store = store
        self.measurer = measurer
        engine = LayoutEngine(measurer: measurer)
    }
}
