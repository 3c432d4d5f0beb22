# Sourced by the figure scripts (load-figures.sh, capacity.sh) and
# deploy/local.sh: free loopback
# ports, a private work directory, and background processes (`pids+=($!)`)
# stopped and the directory removed on exit.
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
dir=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$dir"
}
trap cleanup EXIT
