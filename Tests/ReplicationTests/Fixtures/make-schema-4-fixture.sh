#!/bin/sh
# Makes the schema-4 fixture store (schema-4-README.md): $1 = plumb, $2 = output folder;
# $3 = the schema the plumb writes, to name the files (4 unless given; schema-5-README.md).
set -e
PLUMB=$1; OUT=$2; SCHEMA=${3:-4}
W=$(mktemp -d); cd "$W"
t=1800000000000
step() { t=$((t + 1000)); PLUMB_NOW_MS=$t "$PLUMB" "$@"; }
# A document of 181 views: a root stack, 3 stacks, 59 labels in each; $1 varies the numbers
# and texts, $2 names the root's orientation.
big() {
  python3 - "$1" "$2" <<'PY'
import json, sys
shift, orientation = int(sys.argv[1]), sys.argv[2]
views = [{"id": "root", "kind": "stack", "orientation": orientation}]
for s in range(3):
    views.append({"id": f"s{s}", "parent": "root", "kind": "stack", "orientation": "vertical", "spacing": 4 + s})
    for n in range(59):
        views.append({"id": f"l{s}-{n}", "parent": f"s{s}", "kind": "label", "text": f"Label {s}.{n} v{shift}",
                      "width": 40 + (n * 7 + shift) % 90, "height": 16 + (n + shift) % 12})
print(json.dumps({"plumb": 1, "name": "big", "views": views}))
PY
}
step init a >/dev/null
cd a
big 0 vertical > big.json; step apply big.json -m "First cut" >/dev/null
step set big l0-3 text=Changed -m "One label" >/dev/null
step clone . ../b >/dev/null
(cd ../b && step set big l1-4 width=333 -m "From b" >/dev/null && step rm big l2-58 -m "One less" >/dev/null)
step sync ../b >/dev/null
big 1 vertical > big.json; step apply big.json -m "Every label" >/dev/null
big 2 horizontal > big.json; step apply big.json -m "Every label again" >/dev/null
step mv big l0-0 --parent s2 -m "Moved" >/dev/null
big 3 horizontal > big.json; step apply big.json -m "And again" >/dev/null
step set big l0-5 text=Last -m "Last" >/dev/null
cd ..
sqlite3 a/.plumb/store.sqlite "PRAGMA wal_checkpoint(TRUNCATE); PRAGMA page_size = 1024; VACUUM;"
cp a/.plumb/store.sqlite "$OUT/schema-$SCHEMA-store.sqlite"
# What the store reads back, for the store read by later builds to match.
cd a
{
  echo "== log big"; step log big --json
  n=$(step log big --json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))')
  i=1
  while [ $i -le $n ]; do
    echo "== show big@$i"; step show big@$i --flat 2>&1 || true
    if [ $i -gt 1 ]; then echo "== diff big@$((i-1)) $i"; step diff big@$((i-1)) big@$i 2>&1 || true; fi
    i=$((i + 1))
  done
} > "$OUT/schema-$SCHEMA-expected.txt"
rm -rf "$W"
