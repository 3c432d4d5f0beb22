#!/usr/bin/env bash
# The public API's lint and breaking-change checks (proto/buf.yaml).
#
#   scripts/buf.sh check      lint, then compare with the committed baseline
#                             image proto/compat/signoria-v1.binpb (what the
#                             last release published): nothing may break it
#   scripts/buf.sh baseline   rewrite the baseline from the protos as they are
#                             (only when a release is cut, never to silence a
#                             breaking change)
#
# buf comes from the npm registry (@bufbuild/buf, pinned below) and is kept
# in target/tools, so nothing but Node.js's npm must be installed.
set -euo pipefail
cd "$(dirname "$0")/.."
BUF_VERSION=1.75.0
tools="$PWD/target/tools/buf-$BUF_VERSION"
buf="$tools/node_modules/.bin/buf"
if [ ! -x "$buf" ]; then
  command -v npm >/dev/null 2>&1 || { echo "buf.sh: npm is needed to install buf" >&2; exit 1; }
  mkdir -p "$tools"
  echo "buf.sh: installing @bufbuild/buf@$BUF_VERSION into $tools" >&2
  npm install --prefix "$tools" --no-save --no-audit --no-fund --silent "@bufbuild/buf@$BUF_VERSION" >&2
fi
baseline=proto/compat/signoria-v1.binpb
case "${1:-check}" in
  check)
    "$buf" lint proto
    "$buf" breaking proto --against "$baseline"
    echo "buf.sh: lint clean, no breaking change against $baseline"
    ;;
  baseline)
    mkdir -p "$(dirname "$baseline")"
    "$buf" build proto -o "$baseline"
    echo "buf.sh: wrote $baseline"
    ;;
  *) echo "usage: scripts/buf.sh [check|baseline]" >&2; exit 2 ;;
esac
