"""Groups a flat `perf report --sort sym --stdio` (read on stdin) by what the
code does, for scripts/profile-replica.sh: each symbol goes to the first group
whose pattern it matches. Prints the groups' shares of the samples and the
hottest symbols."""
import re
import sys

GROUPS = [
    ("kernel (syscalls, TCP, scheduling)", r"^\[k\]"),
    ("allocation", r"malloc|_int_free|cfree|\bfree\b|realloc|calloc|__rust_alloc|__rust_dealloc|"
                   r"__rust_realloc|__rdl_alloc|__rdl_dealloc|unlink_chunk|alloc::raw_vec|RawVec|"
                   r"alloc::alloc"),
    ("memory copies", r"mem(cpy|move|set|cmp)"),
    ("state codec (serde, JSON)", r"serde_json|serde::|Deserialize|Serialize|ryu::|itoa::"),
    ("protobuf (prost)", r"prost::|::encode_raw|::merge_field|encoded_len"),
    ("HTTP/2 and gRPC (h2, hyper, tonic, tower)", r"\bh2::|hyper|tonic|tower|axum|matchit|\bhttp::|bytes::|slab::|indexmap|"
                                                  r"writev|__libc_recv|epoll_wait"),
    ("Redis client", r"\bredis::|combine::"),
    ("async runtime (tokio)", r"tokio|mio::|parking_lot|crossbeam|std::sync|futures_util|futures_core"),
    ("tracing, metrics", r"tracing|opentelemetry|metrics|valuable"),
    ("formatting (labels, ids)", r"core::fmt|alloc::fmt|fmt::write|Formatter|to_string|format"),
    ("hashing", r"hash|Hash|siphash|fnv"),
    ("game rules", r"signoria_(lorenzo|wallenstein|pax|age|elisabeth)"),
    ("server, store, engine", r"signoria_(server|store|engine)"),
]

line_re = re.compile(r"^\s*([0-9.]+)%\s+(\[[k.]\])\s+(.*)$")
rows = []
for line in sys.stdin:
    m = line_re.match(line)
    if m:
        rows.append((float(m.group(1)), m.group(2) + " " + m.group(3).strip()))

totals = {name: 0.0 for name, _ in GROUPS}
totals["other"] = 0.0
for share, sym in rows:
    for name, pattern in GROUPS:
        if re.search(pattern, sym):
            totals[name] += share
            break
    else:
        totals["other"] += share

print(f"{len(rows)} symbols; the replica's samples by group:")
for name, share in sorted(totals.items(), key=lambda kv: -kv[1]):
    print(f"  {share:6.2f}%  {name}")
print("hottest symbols:")
for share, sym in sorted(rows, reverse=True)[:25]:
    print(f"  {share:6.2f}%  {sym[:150]}")
