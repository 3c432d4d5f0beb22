# Sourced by the figure scripts (load-figures.sh, capacity.sh) and
# deploy/local.sh: free loopback
# ports, a private work directory, background processes (`pids+=($!)`)
# stopped and the directory removed on exit, and a private redis-server.
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
dir=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$dir"
}
trap cleanup EXIT

# A private redis-server on a free port, its port in $redis_port, stopped on
# exit; extra arguments go to redis-server (default: AOF with an fsync per
# write, as the figures are measured).
start_redis() {
  redis_port=$(free_port)
  local args=("$@")
  [ ${#args[@]} -gt 0 ] || args=(--appendonly yes --appendfsync always)
  redis-server --port "$redis_port" --bind 127.0.0.1 --dir "$dir" --save "" "${args[@]}" \
    --logfile "$dir/redis.log" &
  pids+=($!)
  for _ in $(seq 50); do redis-cli -p "$redis_port" ping >/dev/null 2>&1 && break; sleep 0.1; done
}
