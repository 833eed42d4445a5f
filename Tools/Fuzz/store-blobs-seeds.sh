#!/usr/bin/env bash
# Tools/Fuzz/store-blobs-seeds.sh PLUMB DIR — seed inputs for the `store-blobs` fuzz target
# (docs/fuzzing.md): real blobs, written by the real store.
#
# Makes two stores with PLUMB (a built `plumb`): a 300-view spec applied and applied again with
# edits, views set, added, moved and removed, a clone edited concurrently and synced back (a
# merge), then `plumb gc`. Takes every blob of each kind out of them with the sqlite3 shell, and
# the legacy forms from the schema fixtures in Tests/ReplicationTests/Fixtures, and writes each
# to DIR as the target reads it: its kind byte, the change count for the kinds given one, and
# the blob (zstd frames unpacked for the kinds read unpacked).
set -euo pipefail
plumb=$(realpath "${1:?usage: Tools/Fuzz/store-blobs-seeds.sh PLUMB DIR}")
out=${2:?usage: Tools/Fuzz/store-blobs-seeds.sh PLUMB DIR}
cd "$(dirname "$0")/../.."
fixtures=$PWD/Tests/ReplicationTests/Fixtures
mkdir -p "$out"
out=$(realpath "$out")
work=$(mktemp -d /tmp/plumb-store-blobs-seeds.XXXXXX)
trap 'rm -rf "$work"' EXIT

# A spec of 300 views: 30 stacks of 9 labels and buttons; `$1` varies every text and size.
spec() {
  local round=$1 stacks=() items
  for s in $(seq 1 30); do
    items=()
    for i in $(seq 1 9); do
      if (( i % 3 == 0 )); then
        items+=("{ \"id\": \"b${s}x${i}\", \"kind\": \"button\", \"text\": \"Go $s.$i.$round\", \"height\": $((40 + (i + round) % 8)) }")
      else
        items+=("{ \"id\": \"l${s}x${i}\", \"kind\": \"label\", \"text\": \"Label $s.$i round $round\", \"font\": { \"size\": $((12 + (s + i + round) % 9)) } }")
      fi
    done
    stacks+=("{ \"id\": \"s$s\", \"kind\": \"stack\", \"orientation\": \"vertical\", \"spacing\": $(((s + round) % 12)), \"children\": [ $(IFS=,; echo "${items[*]}") ] }")
  done
  echo "{ \"plumb\": 1, \"name\": \"big\", \"root\": { \"id\": \"root\", \"kind\": \"view\", \"children\": [ $(IFS=,; echo "${stacks[*]}") ] } }"
}

a="$work/a"
b="$work/b"
mkdir -p "$a"
"$plumb" init "$a" > /dev/null
for round in 1 2 3 4 5; do
  spec "$round" > "$work/big.json"
  "$plumb" --store "$a" apply "$work/big.json" -m "round $round" > /dev/null
done
"$plumb" --store "$a" apply examples/login.json > /dev/null
"$plumb" --store "$a" set big l1x1 text="Edited" font.size=30 > /dev/null
"$plumb" --store "$a" add big extra --parent s2 --kind label text="New" > /dev/null
"$plumb" --store "$a" mv big l3x1 --parent s4 --index 0 > /dev/null
"$plumb" --store "$a" rm big s5 > /dev/null
"$plumb" clone "$a" "$b" > /dev/null
"$plumb" --store "$b" set big l1x1 text="Theirs" > /dev/null
"$plumb" --store "$b" mv big l6x2 --parent s7 > /dev/null
"$plumb" --store "$a" set big l1x1 text="Ours" > /dev/null
"$plumb" --store "$a" mv big l6x2 --parent s8 > /dev/null
"$plumb" --store "$a" sync "$b" > /dev/null
"$plumb" --store "$b" gc > /dev/null

# write NAME KIND COUNT SQL: the one blob SQL selects, as the target reads it (COUNT empty for
# kinds without a count; UNPACK=1 unpacks a zstd frame first).
write() {
  local name=$1 kind=$2 count=$3 sql=$4
  sqlite3 -readonly "$store" "SELECT writefile('$work/blob', ($sql))" > /dev/null
  {
    printf "\\x$(printf %02x "$kind")"
    if [ -n "$count" ]; then
      local n=$count
      while (( n >= 128 )); do printf "\\x$(printf %02x $(( (n & 127) | 128 )))"; n=$(( n >> 7 )); done
      printf "\\x$(printf %02x "$n")"
    fi
    if [ "${UNPACK:-0}" = 1 ]; then zstd -dcq "$work/blob"; else cat "$work/blob"; fi
  } > "$out/$name"
}

# Kinds, as `Blob` in FuzzStoreBlobs.swift numbers them.
change_block=0 move_block=1 head_chunk=2 snapshot=3 tree=4 frame=5 vector=6 first_form=7 schema_moves=8 schema_chunk=9
for store in "$a/.plumb/store.sqlite" "$b/.plumb/store.sqlite"; do
  tag=$(basename "$(dirname "$(dirname "$store")")")
  sqlite3 -readonly "$store" "SELECT v.id, v.last_seq - v.first_seq + 1 FROM versions v JOIN version_changes c ON c.version = v.id" |
    while IFS='|' read -r id count; do
      UNPACK=1 write "$tag-changes-$id" $change_block "$count" "SELECT changes FROM version_changes WHERE version = $id"
      write "$tag-frame-$id" $frame "$count" "SELECT changes FROM version_changes WHERE version = $id"
      write "$tag-vector-$id" $vector "" "SELECT vector FROM versions WHERE id = $id"
    done
  sqlite3 -readonly "$store" "SELECT v.id, v.last_seq - v.first_seq + 1 FROM versions v JOIN version_moves m ON m.version = v.id" |
    while IFS='|' read -r id count; do
      UNPACK=1 write "$tag-moves-$id" $move_block "$count" "SELECT moves FROM version_moves WHERE version = $id"
    done
  for id in $(sqlite3 -readonly "$store" "SELECT id FROM head_chunks"); do
    UNPACK=1 write "$tag-chunk-$id" $head_chunk "" "SELECT data FROM head_chunks WHERE id = $id"
  done
  for id in $(sqlite3 -readonly "$store" "SELECT version FROM snapshots"); do
    write "$tag-snapshot-$id" $snapshot "" "SELECT state FROM snapshots WHERE version = $id"
    write "$tag-snapshot-tree-$id" $tree "" "SELECT tree FROM snapshots WHERE version = $id"
  done
  for id in $(sqlite3 -readonly "$store" "SELECT id FROM documents"); do
    write "$tag-tree-$id" $tree "" "SELECT tree FROM documents WHERE id = $id"
    write "$tag-known-$id" $vector "" "SELECT known FROM documents WHERE id = $id"
  done
done

# The forms of earlier schemas, from the stores those schemas wrote (copies: opening a store
# in WAL mode leaves files beside it).
cp "$fixtures/schema-4-store.sqlite" "$fixtures/schema-5-store.sqlite" "$work/"
store="$work/schema-4-store.sqlite"
for id in $(sqlite3 -readonly "$store" "SELECT version FROM snapshots WHERE hex(substr(state, 1, 4)) = '28B52FFD'"); do
  UNPACK=1 write "schema-4-snapshot-$id" $first_form "" "SELECT state FROM snapshots WHERE version = $id"
done
for schema in 4 5; do
  store="$work/schema-$schema-store.sqlite"
  sqlite3 -readonly "$store" "SELECT v.id, v.last_seq - v.first_seq + 1 FROM versions v JOIN version_moves m ON m.version = v.id" |
    while IFS='|' read -r id count; do
      UNPACK=1 write "schema-$schema-moves-$id" $schema_moves "$count" "SELECT moves FROM version_moves WHERE version = $id"
    done
  for id in $(sqlite3 -readonly "$store" "SELECT id FROM head_chunks"); do
    UNPACK=1 write "schema-$schema-chunk-$id" $schema_chunk "" "SELECT data FROM head_chunks WHERE id = $id"
  done
done
echo "store-blobs seeds: $(ls "$out" | wc -l) inputs in $out"
