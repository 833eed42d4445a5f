#!/usr/bin/env bash
# Tools/fuzz.sh TARGET SECONDS — fuzz one target (docs/fuzzing.md).
#
# TARGET is json, spec, bundle, set-value, layout, hub-rows or store-blobs. Builds Tools/Fuzz's
# target with libFuzzer and AddressSanitizer (release), replays every saved crash (each must pass now),
# fuzzes for SECONDS from Tools/Fuzz/corpus/TARGET, saves any crash or hang (> 1 s for one
# input; PLUMB_FUZZ_TIMEOUT seconds when set, for a loaded machine) to Tools/Fuzz/crashes/TARGET, and folds new inputs into the corpus (minimised).
# Exits non-zero when a crash or hang was found. Prints the corpus size.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: Tools/fuzz.sh TARGET SECONDS}
seconds=${2:-60}
timeout=${PLUMB_FUZZ_TIMEOUT:-1}
case "$target" in
  json|spec|bundle|set-value|layout|hub-rows|store-blobs) ;;
  *) echo "Tools/fuzz.sh: unknown target \"$target\" (json, spec, bundle, set-value, layout, hub-rows, store-blobs)" >&2; exit 64 ;;
esac
build=.build/fuzz
swift build -c release --product "fuzz-$target" --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address \
  -Xswiftc -parse-as-library -Xswiftc -DFUZZING --build-path "$build" >&2
binary="$build/release/fuzz-$target"
corpus="Tools/Fuzz/corpus/$target"
crashes="Tools/Fuzz/crashes/$target"
mkdir -p "$corpus" "$crashes"
# Swift's own backtracer would handle the crash signal before libFuzzer saves the input.
export SWIFT_BACKTRACE=enable=no

saved=("$crashes"/*)
if [ -e "${saved[0]}" ]; then
  echo "fuzz $target: replaying ${#saved[@]} saved crashes" >&2
  "$binary" -timeout="$timeout" "${saved[@]}" >&2
fi

work=$(mktemp -d "/tmp/plumb-fuzz-$target.XXXXXX")
trap 'rm -rf "$work"' EXIT
status=0
"$binary" "$work" "$corpus" -max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb=2048 -max_len=65536 \
  -artifact_prefix="$crashes/" -print_final_stats=1 2> "$work.log" || status=$?
grep -E "^(stat::|SUMMARY|==[0-9]+==ERROR|Done)" "$work.log" >&2 || true
if [ "$status" -ne 0 ]; then
  tail -40 "$work.log" >&2
  echo "fuzz $target: FAILED (exit $status); the input is in $crashes" >&2
  rm -f "$work.log"
  exit 1
fi
rm -f "$work.log"
# Fold what the run found into the corpus, keeping only inputs that add coverage.
if [ -n "$(ls -A "$work")" ]; then
  merged=$(mktemp -d "/tmp/plumb-fuzz-$target-merged.XXXXXX")
  "$binary" -merge=1 "$merged" "$corpus" "$work" > /dev/null 2>&1
  rm -rf "$corpus" && mv "$merged" "$corpus"
fi
echo "fuzz $target: ok, $seconds s, corpus $(ls "$corpus" | wc -l) inputs ($(du -sk "$corpus" | cut -f1) KB)"
