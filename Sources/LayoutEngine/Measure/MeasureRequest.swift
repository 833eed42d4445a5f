/// One entry of the constrained measure's work stack: measure `node` when offered
/// `available` (margins included), resuming at `phase`.
struct MeasureRequest {
    var node: Int
    /// 0 = children not yet asked; grids use phases 0–2, other views 0–1.
    var phase: Int
    var available: Size
}
