#!/usr/bin/env bash
# The figures of deploy/README.md ("Capacity"): what one game keeps in Redis.
# A private redis-server and one `signoria serve --redis` on free loopback
# ports; for every game type and player count given, GAMES complete games
# played by `signoria bot random` (every seat), then per game its keys and
# `MEMORY USAGE` of each (the state record, the event stream, the request
# ids), printed as one line per game type and player count:
#   game players moves/game keys/game bytes/game (state+meta, stream, request ids) bytes/move
#
#   cargo build --release -p signoria-cli
#   scripts/capacity.sh [GAMES]
#
# SIGNORIA_BIN overrides the binary.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
n=${1:-3}
bin=${SIGNORIA_BIN:-${CARGO_TARGET_DIR:-$root/target}/release/signoria}
[ -x "$bin" ] || { echo "$bin not found: cargo build --release -p signoria-cli" >&2; exit 1; }

# shellcheck source=scripts/figures-lib.sh
. "$root/scripts/figures-lib.sh"

start_redis --appendonly no
port=$(free_port)
SIGNORIA_TOKEN_SECRET=capacity-secret-0123456789abcdef "$bin" serve \
  --listen "127.0.0.1:$port" --redis "redis://127.0.0.1:$redis_port" --log-level warn \
  >"$dir/serve.out" 2>"$dir/serve.log" &
pids+=($!)
for _ in $(seq 100); do grep -q '^listening on' "$dir/serve.out" && break; sleep 0.1; done
server=http://127.0.0.1:$port
rc() { redis-cli -p "$redis_port" "$@"; }

echo "game players moves/game keys/game bytes/game state+meta stream request-ids bytes/move"
for spec in lorenzo-il-magnifico:2 lorenzo-il-magnifico:4 wallenstein:3 wallenstein:5 \
  pax-renaissance:2 pax-renaissance:4 age-of-renaissance:3 age-of-renaissance:6 \
  elisabeth-i:2 elisabeth-i:6; do
  game=${spec%:*}
  players=${spec#*:}
  moves=0 keys=0 state=0 stream=0 ids=0
  for _ in $(seq "$n"); do
    created=$("$bin" new --server "$server" --game "$game" --players "$players")
    id=$(echo "$created" | awk '/^game /{print $2}')
    tokens=()
    while read -r t; do tokens+=(--token "$t"); done < <(echo "$created" | awk '/^seat /{print $3}')
    made=$("$bin" bot random --server "$server" --game "$id" "${tokens[@]}" |
      awk '/^bot made /{print $3}')
    moves=$((moves + made))
    while read -r key; do
      [ -n "$key" ] || continue
      bytes=$(rc memory usage "$key" samples 0)
      keys=$((keys + 1))
      case $(rc type "$key") in
        stream) stream=$((stream + bytes)) ;;
        *) case $key in
             *req*|*rid*) ids=$((ids + bytes)) ;;
             *) state=$((state + bytes)) ;;
           esac ;;
      esac
    done < <(rc --scan --pattern "*$id*")
  done
  total=$((state + stream + ids))
  printf '%s %s %d %.1f %d %d %d %d %.0f\n' "$game" "$players" $((moves / n)) \
    "$(echo "$keys / $n" | bc -l)" $((total / n)) $((state / n)) $((stream / n)) $((ids / n)) \
    "$(echo "$total / $moves" | bc -l)"
done
