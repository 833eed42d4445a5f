import CMalloc

/// Memory the process has freed, handed back to the system.
///
/// The C library keeps freed blocks for the process's next allocations and returns to the
/// system only what lies at the top of its heap. A big document's state is a million small
/// lists freed in the middle of the heap; what a command makes next (views, frames) needs
/// blocks of other sizes, so without this it would hold both at once.
enum FreedMemory {
    /// Returns every wholly free page of the heap to the system (`malloc_trim(0)`); called
    /// once, where a command lets a whole document state go.
    static func handBack() {
        _ = malloc_trim(0)
    }
}
