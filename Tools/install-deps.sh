#!/usr/bin/env bash
# Installs the Debian packages Plumb builds and tests with, if any are missing.
# Called by both README commands and by .ci/run; does nothing when all are present.
set -euo pipefail

packages=(
  pkg-config
  libsqlite3-dev libzstd-dev           # the store (zstd compresses its blobs)
  libfreetype-dev libfontconfig-dev libharfbuzz-dev libicu-dev fontconfig  # text metrics
  fonts-dejavu-core fonts-wqy-microhei fonts-noto-color-emoji  # Latin, CJK and emoji fonts the tests measure
  fonts-inter fonts-roboto fonts-open-sans fonts-lato fonts-quicksand fonts-karla fonts-manrope
  fonts-jetbrains-mono  # font families design files use (docs/resolve.md#fonts)
  libpq-dev postgresql postgresql-client openssl  # the hub: libpq, a server, psql and TLS certificates for its tests
  pgbouncer                            # the pooler the hub's tests put in front of it
  libmicrohttpd-dev                    # the studio's HTTP server
  librsvg2-dev libcairo2-dev           # PNG and PDF pictures
  chromium chromium-driver             # headless browser: the studio's tests, and laying out exported HTML pages
  poppler-utils                        # tests read the PDFs back with another reader
  sqlite3                              # the sqlite3 shell: the floor in plumb-bench flat-apply
  zsh fish groff-base                  # the completion scripts' and manual page's tests
)

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing: ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
