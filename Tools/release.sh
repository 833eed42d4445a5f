#!/usr/bin/env bash
# Tools/release.sh [SWIFT BUILD OPTIONS…] — builds the release `plumb` that is shipped and benchmarked.
#
# The one place release tuning lives. It uses only SwiftPM's documented options:
# - `-c release`: optimised code;
# - `--static-swift-stdlib`: the Swift runtime and Foundation linked into the executable, so a
#   command does not load and bind them from shared libraries at every start.
# C libraries (SQLite, zstd, FreeType, HarfBuzz, fontconfig, ICU; libpq in plumb-hub,
# libmicrohttpd in plumb-studio, librsvg and cairo in plumb-raster) stay shared, so `ldd` lists
# them and system updates reach them.
# The benchmarks (`.build/release/plumb-bench`) are built the same way. Extra options are passed on.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib "$@"
