#!/usr/bin/env bash
# Where a replica's CPU time per move goes, for one game type: a private
# redis-server (AOF, appendfsync always) and one `signoria serve --redis`, a
# closed-loop `signoria load` at GAMES games, and `perf record` (software
# cpu-clock samples, so it works where hardware counters are not exposed) of the
# replica's process only during the run. Prints the load's figures, then the
# replica's samples grouped by what they do (scripts/profile-groups.py) and the
# hottest symbols. The perf data stays in $OUT (default
# /tmp/profile-<game>.data) for `perf report -i`.
#
#   cargo build --release --workspace --bins
#   scripts/profile-replica.sh lorenzo-il-magnifico [DURATION] [GAMES]
#
# CALLGRAPH=dwarf adds inclusive shares of the service's own functions (slower).
# Needs perf (Debian: linux-perf). The shares are of the replica's own CPU time,
# so other load on the machine changes the totals, not the split.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
game=${1:-lorenzo-il-magnifico}
duration=${2:-10}
games=${3:-64}
bin=${SIGNORIA_BIN:-${CARGO_TARGET_DIR:-$root/target}/release/signoria}
out=${OUT:-/tmp/profile-$game.data}
[ -x "$bin" ] || { echo "$bin not found: cargo build --release --workspace --bins" >&2; exit 1; }
command -v perf >/dev/null || { echo "perf not found (Debian: linux-perf)" >&2; exit 1; }

# shellcheck source=scripts/figures-lib.sh
. "$root/scripts/figures-lib.sh"

start_redis

port=$(free_port)
# shellcheck disable=SC2086
SIGNORIA_TOKEN_SECRET=profile-secret-0123456789abcdef01 "$bin" serve \
  --listen "127.0.0.1:$port" --redis "redis://127.0.0.1:$redis_port" --log-level warn \
  --public-stats ${EXTRA_SERVE_ARGS:-} >"$dir/serve.out" 2>"$dir/serve.log" &
serve=$!
pids+=("$serve")
for _ in $(seq 100); do grep -q '^listening on' "$dir/serve.out" && break; sleep 0.1; done

# CALLGRAPH=dwarf records stacks by DWARF unwinding (release builds keep no
# frame pointers), for the inclusive shares of the service's own functions.
if [ "${CALLGRAPH:-}" = dwarf ]; then graph=(--call-graph dwarf,16384 -F 499); else graph=(-g -F 1999); fi
perf record -e cpu-clock "${graph[@]}" -p "$serve" -o "$out" -- sleep "$((duration + 1))" \
  2>"$dir/perf.log" &
perf_pid=$!
"$bin" load --target "127.0.0.1:$port" --game "$game" --duration "$duration" --games "$games"
wait "$perf_pid"
perf report -i "$out" --no-children -g none --sort sym --stdio --percent-limit 0 2>/dev/null \
  | python3 "$root/scripts/profile-groups.py"
if [ "${CALLGRAPH:-}" = dwarf ]; then
  echo "inclusive shares of the service's functions (with what they call):"
  perf report -i "$out" --children -g none --sort sym --stdio --percent-limit 1 2>/dev/null \
    | grep -E '^ +[0-9.]+% +[0-9.]+% +\[\.\] (<?signoria|<?tonic|<?h2|<?hyper|<?redis|<?serde_json)' | head -60
fi
echo "perf data in $out"
