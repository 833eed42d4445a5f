// SpecSync
