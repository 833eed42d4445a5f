#!/bin/sh
# Makes the schema-2 fixture store (schema-2-README.md): $1 = plumb, $2 = examples folder, $3 = output folder.
set -e
PLUMB=$1; EX=$2; OUT=$3
W=$(mktemp -d); cd "$W"
t=1800000000000
step() { t=$((t + 1000)); PLUMB_NOW_MS=$t "$PLUMB" "$@"; }
step init a >/dev/null
cd a
step apply "$EX/login.json" -m "First cut" >/dev/null
step tag login@1 first >/dev/null
step set login title text=Welcome font.size=28 -m "Welcome" >/dev/null
step add login forgot --parent form --kind button text="Forgot?" -m "Forgot" >/dev/null
step mv login forgot --parent form --index 0 -m "Forgot first" >/dev/null
step apply "$EX/settings.json" -m "Settings" >/dev/null
step clone . ../b >/dev/null
step set login title text=Hello -m "Hello" >/dev/null
(cd ../b && step set login title text=Hi width=120 -m "Hi" >/dev/null && step rm login forgot -m "No forgot" >/dev/null)
step sync ../b >/dev/null
step apply "$EX/login-short.json" -m "Shorter" >/dev/null
step docs mv settings prefs -m "Rename" >/dev/null
cd ..
sqlite3 a/.plumb/store.sqlite "PRAGMA wal_checkpoint(TRUNCATE); PRAGMA page_size = 1024; VACUUM;"
cp a/.plumb/store.sqlite "$OUT/schema-2-store.sqlite"
# What the store reads back, for the upgraded store to match.
cd a
{
  for doc in login prefs settings; do
    echo "== log $doc"; step log $doc --json
    n=$(step log $doc --json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))')
    i=1
    while [ $i -le $n ]; do
      echo "== show $doc@$i"; step show $doc@$i 2>&1 || true
      if [ $i -gt 1 ]; then echo "== diff $doc@$((i-1)) $i"; step diff $doc@$((i-1)) $doc@$i 2>&1 || true; fi
      i=$((i + 1))
    done
  done
  echo "== log login title"; step log login title --json
  echo "== conflicts"; step conflicts login 2>&1 || true
} > "$OUT/schema-2-expected.txt"
rm -rf "$W"
