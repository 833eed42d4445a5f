// SpecStore
