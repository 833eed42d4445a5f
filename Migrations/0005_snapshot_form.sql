-- Issue 14: snapshots in the head's form (StateSnapshot.swift, `PSN2`: pieces of views, each a
-- HeadChunk in its own zstd frame). No table changes: a snapshot of the first form (`PSN1`) is
-- still read, and `plumb gc` rewrites it. This step marks the new form for older Plumbs, which
-- then refuse the store as newer rather than call its snapshots damaged, and forgets how far gc
-- got through the snapshots, so the next `plumb gc` rewrites those an earlier gc passed.
DELETE FROM meta WHERE key = 'compacted_snapshots';
