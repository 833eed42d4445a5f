-- Issue 35: one read path and one write path, one form of each blob. The kept texts of
-- snapshots (`snapshot_texts`, migration 0007) are dropped: `plumb show` reads the state. The
-- Swift step (CurrentFormsMigration.swift) then folds the head's recent rows (`head_recent`,
-- migration 0006) into its chunks and drops the table and `documents.recent_views`.
DROP TABLE snapshot_texts;
DELETE FROM meta WHERE key = 'compacted_snapshot_texts';
