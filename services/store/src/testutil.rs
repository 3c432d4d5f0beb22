//! Test support (feature `testutil`): private `redis-server` processes.
//!
//! Used by the store's own tests and by the end-to-end tests (`tests/e2e`).
//! The binary is `$REDIS_SERVER_BIN` if set, else `redis-server` from `PATH`.
//! Every server runs on a free loopback port in its own temporary directory, and
//! is killed (and its directory removed) when its [`RedisServer`] is dropped,
//! also when a test fails.

use std::io::{Read, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// How long a starting redis-server may take to answer PING.
const READY_TIMEOUT: Duration = Duration::from_secs(20);

/// A free TCP port on 127.0.0.1 (free at the time of the call).
pub fn free_port() -> u16 {
    TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("cannot bind a loopback port")
}

/// A free port for a Redis Cluster node: a cluster node also listens on its
/// bus port, `port + 10000`, so the port must be at most 55535 and that bus
/// port must be free too (the kernel's ephemeral range reaches 60999, and a
/// node on a port above 55535 never starts).
pub fn free_cluster_port() -> u16 {
    loop {
        let port = free_port();
        if port <= 55535 && TcpListener::bind((Ipv4Addr::LOCALHOST, port + 10000)).is_ok() {
            return port;
        }
    }
}

/// A fresh, unique directory under the system temp dir; removed by the caller.
pub fn unique_temp_dir(prefix: &str) -> PathBuf {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    let dir = std::env::temp_dir().join(format!(
        "{prefix}-{}-{}-{nanos}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).expect("cannot create a temp dir");
    dir
}

/// A process-unique id for test games: `<prefix>-<pid>-<counter>-<nanos>`, so
/// runs sharing one Redis never collide.
pub fn unique_id(prefix: &str) -> String {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    format!(
        "{prefix}-{}-{}-{nanos}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    )
}

/// The redis-server binary to run.
pub fn redis_server_bin() -> PathBuf {
    std::env::var_os("REDIS_SERVER_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("redis-server"))
}

/// Options of a private redis-server.
#[derive(Debug, Clone, Copy, Default)]
pub struct RedisOptions {
    /// Append-only file with `appendfsync always`: every acknowledged write
    /// survives a kill.
    pub aof: bool,
}

/// A private redis-server process, killed on drop.
#[derive(Debug)]
pub struct RedisServer {
    port: u16,
    dir: PathBuf,
    options: RedisOptions,
    /// A Redis Cluster node ([`RedisCluster`]).
    cluster: bool,
    child: Option<Child>,
}

impl RedisServer {
    /// Starts a redis-server on a free loopback port and waits until it answers.
    pub fn start(options: RedisOptions) -> std::io::Result<RedisServer> {
        let mut server = RedisServer {
            port: free_port(),
            dir: unique_temp_dir("signoria-redis"),
            options,
            cluster: false,
            child: None,
        };
        server.spawn()?;
        Ok(server)
    }

    /// `redis://127.0.0.1:<port>`.
    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    pub fn is_running(&self) -> bool {
        self.child.is_some()
    }

    fn spawn(&mut self) -> std::io::Result<()> {
        assert!(self.child.is_none(), "redis-server is running already");
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(self.dir.join("redis.log"))?;
        let mut cmd = Command::new(redis_server_bin());
        cmd.arg("--port")
            .arg(self.port.to_string())
            .args(["--bind", "127.0.0.1", "--save", "", "--daemonize", "no"])
            .arg("--dir")
            .arg(&self.dir);
        if self.options.aof {
            cmd.args(["--appendonly", "yes", "--appendfsync", "always"]);
        } else {
            cmd.args(["--appendonly", "no"]);
        }
        if self.cluster {
            // A short node time-out makes failovers quick (about 2 s); a
            // replica takes over however long it was cut off from its master
            // (validity factor 0), so a test may pause it first.
            cmd.args([
                "--cluster-enabled",
                "yes",
                "--cluster-config-file",
                "nodes.conf",
                "--cluster-node-timeout",
                "1000",
                "--cluster-replica-validity-factor",
                "0",
            ]);
        }
        let child = cmd
            .stdin(Stdio::null())
            .stdout(log.try_clone()?)
            .stderr(log)
            .spawn()
            .map_err(|e| {
                std::io::Error::new(
                    e.kind(),
                    format!(
                        "cannot run {} (set REDIS_SERVER_BIN or put redis-server on PATH): {e}",
                        redis_server_bin().display()
                    ),
                )
            })?;
        self.child = Some(child);
        self.wait_ready()
    }

    /// Waits until the server answers PING with PONG (not LOADING).
    fn wait_ready(&mut self) -> std::io::Result<()> {
        let deadline = Instant::now() + READY_TIMEOUT;
        loop {
            if let Some(child) = self.child.as_mut()
                && let Some(status) = child.try_wait()?
            {
                self.child = None;
                return Err(std::io::Error::other(format!(
                    "redis-server exited with {status}; log: {}",
                    self.log()
                )));
            }
            if ping(self.port) {
                return Ok(());
            }
            if Instant::now() > deadline {
                return Err(std::io::Error::other(format!(
                    "redis-server on port {} did not answer within {READY_TIMEOUT:?}; log: {}",
                    self.port,
                    self.log()
                )));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The server's log so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(self.dir.join("redis.log")).unwrap_or_default()
    }

    /// The process id while running.
    pub fn pid(&self) -> Option<u32> {
        self.child.as_ref().map(Child::id)
    }

    /// Kills the server hard (SIGKILL) and waits for it to exit. The data
    /// directory stays, for [`RedisServer::restart`].
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Starts the server again on the same port and directory (after
    /// [`RedisServer::kill`]) and waits until it answers.
    pub fn restart(&mut self) -> std::io::Result<()> {
        self.kill();
        self.spawn()
    }
}

impl Drop for RedisServer {
    fn drop(&mut self) {
        self.kill();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Sends PING over a raw connection; true on `+PONG`.
fn ping(port: u16) -> bool {
    let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
    let Ok(mut s) = TcpStream::connect_timeout(&addr, Duration::from_millis(500)) else {
        return false;
    };
    let _ = s.set_read_timeout(Some(Duration::from_secs(1)));
    if s.write_all(b"PING\r\n").is_err() {
        return false;
    }
    let mut buf = [0u8; 64];
    let mut got = Vec::new();
    while !got.ends_with(b"\r\n") {
        match s.read(&mut buf) {
            Ok(0) | Err(_) => return false,
            Ok(n) => got.extend_from_slice(&buf[..n]),
        }
    }
    got.starts_with(b"+PONG")
}

/// The Redis a test should use: `$REDIS_URL` if set (shared, never killed),
/// else a private server (killed on drop). Tests that kill or restart Redis
/// must use [`RedisServer::start`] instead.
#[derive(Debug)]
pub struct TestRedis {
    url: String,
    private: Option<RedisServer>,
}

impl TestRedis {
    pub fn get() -> std::io::Result<TestRedis> {
        match std::env::var("REDIS_URL") {
            Ok(url) if !url.is_empty() => Ok(TestRedis { url, private: None }),
            _ => {
                let server = RedisServer::start(RedisOptions::default())?;
                Ok(TestRedis {
                    url: server.url(),
                    private: Some(server),
                })
            }
        }
    }

    pub fn url(&self) -> &str {
        &self.url
    }

    /// Whether this is a private server (not `$REDIS_URL`).
    pub fn is_private(&self) -> bool {
        self.private.is_some()
    }
}

/// Upper bound for anything a test awaits: only there to turn a hang into a
/// failure, never to measure speed.
pub const HANG_GUARD: Duration = Duration::from_secs(60);

/// Await `f`, failing the test if it hangs for longer than [`HANG_GUARD`].
pub async fn guarded<T>(what: &str, f: impl std::future::Future<Output = T>) -> T {
    tokio::time::timeout(HANG_GUARD, f)
        .await
        .unwrap_or_else(|_| panic!("{what} did not finish within {HANG_GUARD:?}"))
}

/// The redis-cli binary: `$REDIS_CLI_BIN` if set, else `redis-cli` from `PATH`.
pub fn redis_cli_bin() -> PathBuf {
    std::env::var_os("REDIS_CLI_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("redis-cli"))
}

/// Runs `redis-cli -p <port> <args>` and returns its output.
pub fn redis_cli(port: u16, args: &[&str]) -> std::io::Result<String> {
    let out = Command::new(redis_cli_bin())
        .arg("-p")
        .arg(port.to_string())
        .args(args)
        .stdin(Stdio::null())
        .output()?;
    if !out.status.success() {
        return Err(std::io::Error::other(format!(
            "redis-cli -p {port} {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        )));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// One line of `CLUSTER NODES`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClusterNode {
    pub id: String,
    pub port: u16,
    pub master: bool,
    pub failed: bool,
    /// The master's id, for a replica.
    pub master_id: Option<String>,
    /// Slot ranges served (masters), inclusive.
    pub slots: Vec<(u16, u16)>,
}

/// Parses `CLUSTER NODES`.
pub fn parse_cluster_nodes(text: &str) -> Vec<ClusterNode> {
    text.lines()
        .filter_map(|line| {
            let f: Vec<&str> = line.split_whitespace().collect();
            if f.len() < 8 {
                return None;
            }
            let port = f[1].split('@').next()?.rsplit(':').next()?.parse().ok()?;
            let flags: Vec<&str> = f[2].split(',').collect();
            let slots = f[8..]
                .iter()
                .filter(|r| !r.starts_with('['))
                .filter_map(|r| match r.split_once('-') {
                    Some((a, b)) => Some((a.parse().ok()?, b.parse().ok()?)),
                    None => r.parse().ok().map(|a| (a, a)),
                })
                .collect();
            Some(ClusterNode {
                id: f[0].to_owned(),
                port,
                master: flags.contains(&"master"),
                failed: flags.contains(&"fail") || flags.contains(&"fail?"),
                master_id: (f[3] != "-").then(|| f[3].to_owned()),
                slots,
            })
        })
        .collect()
}

/// How long a new cluster may take to report `cluster_state:ok` everywhere.
const CLUSTER_READY_TIMEOUT: Duration = Duration::from_secs(60);

/// A private Redis Cluster on loopback: 3 masters and 3 replicas (6
/// redis-server processes, created with `redis-cli --cluster create
/// --cluster-replicas 1`), each killed on drop.
#[derive(Debug)]
pub struct RedisCluster {
    pub nodes: Vec<RedisServer>,
}

impl RedisCluster {
    /// Starts 6 nodes, creates the cluster and waits until every node reports
    /// `cluster_state:ok` and every replica is in sync with its master.
    pub fn start() -> std::io::Result<RedisCluster> {
        let mut nodes = Vec::new();
        for _ in 0..6 {
            let mut server = RedisServer {
                port: free_cluster_port(),
                dir: unique_temp_dir("signoria-redis-cluster"),
                options: RedisOptions::default(),
                cluster: true,
                child: None,
            };
            server.spawn()?;
            nodes.push(server);
        }
        let addrs: Vec<String> = nodes
            .iter()
            .map(|n| format!("127.0.0.1:{}", n.port))
            .collect();
        let mut args = vec!["--cluster", "create"];
        args.extend(addrs.iter().map(String::as_str));
        args.extend(["--cluster-replicas", "1", "--cluster-yes"]);
        redis_cli(nodes[0].port, &args)?;
        let cluster = RedisCluster { nodes };
        cluster.wait_healthy(CLUSTER_READY_TIMEOUT)?;
        Ok(cluster)
    }

    /// `redis://127.0.0.1:<port>,...` for every node (the form of
    /// `signoria serve --redis-cluster` and `$REDIS_CLUSTER_URLS`).
    pub fn urls(&self) -> String {
        self.nodes
            .iter()
            .map(RedisServer::url)
            .collect::<Vec<_>>()
            .join(",")
    }

    /// The topology as a running node sees it.
    pub fn topology(&self) -> std::io::Result<Vec<ClusterNode>> {
        let node = self
            .nodes
            .iter()
            .find(|n| n.is_running())
            .ok_or_else(|| std::io::Error::other("no node is running"))?;
        Ok(parse_cluster_nodes(&redis_cli(
            node.port,
            &["cluster", "nodes"],
        )?))
    }

    /// The slot of a key (`CLUSTER KEYSLOT`).
    pub fn slot_of(&self, key: &str) -> std::io::Result<u16> {
        let node = self
            .nodes
            .iter()
            .find(|n| n.is_running())
            .ok_or_else(|| std::io::Error::other("no node is running"))?;
        redis_cli(node.port, &["cluster", "keyslot", key])?
            .trim()
            .parse()
            .map_err(std::io::Error::other)
    }

    /// The index in [`RedisCluster::nodes`] of the live master serving `key`.
    pub fn master_of(&self, key: &str) -> std::io::Result<usize> {
        let slot = self.slot_of(key)?;
        let topology = self.topology()?;
        let port = topology
            .iter()
            .find(|n| n.master && !n.failed && n.slots.iter().any(|&(a, b)| a <= slot && slot <= b))
            .map(|n| n.port)
            .ok_or_else(|| std::io::Error::other(format!("no master serves slot {slot}")))?;
        self.index_of(port)
    }

    /// The index of the replica of the master at index `master`.
    pub fn replica_of(&self, master: usize) -> std::io::Result<usize> {
        let topology = self.topology()?;
        let master_id = topology
            .iter()
            .find(|n| n.port == self.nodes[master].port)
            .map(|n| n.id.clone())
            .ok_or_else(|| std::io::Error::other("master not in the topology"))?;
        let port = topology
            .iter()
            .find(|n| n.master_id.as_deref() == Some(master_id.as_str()) && !n.failed)
            .map(|n| n.port)
            .ok_or_else(|| std::io::Error::other("the master has no replica"))?;
        self.index_of(port)
    }

    fn index_of(&self, port: u16) -> std::io::Result<usize> {
        self.nodes
            .iter()
            .position(|n| n.port == port)
            .ok_or_else(|| std::io::Error::other(format!("no node on port {port}")))
    }

    /// Waits until every running node reports `cluster_state:ok`, all 16384
    /// slots are served by masters that are up, and every running replica's
    /// link to its master is up.
    pub fn wait_healthy(&self, timeout: Duration) -> std::io::Result<()> {
        let deadline = Instant::now() + timeout;
        loop {
            let mut why = None;
            for n in self.nodes.iter().filter(|n| n.is_running()) {
                let info = redis_cli(n.port, &["cluster", "info"]).unwrap_or_default();
                if !info.contains("cluster_state:ok") {
                    why = Some(format!("node {} not ok", n.port));
                    break;
                }
                let repl = redis_cli(n.port, &["info", "replication"]).unwrap_or_default();
                if repl.contains("role:slave") && !repl.contains("master_link_status:up") {
                    why = Some(format!("replica {} not in sync", n.port));
                    break;
                }
            }
            if why.is_none() {
                let served: u32 = self
                    .topology()?
                    .iter()
                    .filter(|n| n.master && !n.failed)
                    .flat_map(|n| n.slots.iter())
                    .map(|&(a, b)| u32::from(b - a) + 1)
                    .sum();
                if served != 16384 {
                    why = Some(format!("{served} slots served"));
                }
            }
            match why {
                None => return Ok(()),
                Some(why) if Instant::now() > deadline => {
                    return Err(std::io::Error::other(format!(
                        "the cluster is not healthy within {timeout:?}: {why}"
                    )));
                }
                Some(_) => std::thread::sleep(Duration::from_millis(100)),
            }
        }
    }
}

/// The Redis Cluster a test should use: `$REDIS_CLUSTER_URLS` if set
/// (shared, never killed), else a private one (killed on drop). Tests that
/// kill nodes must use [`RedisCluster::start`].
#[derive(Debug)]
pub struct TestRedisCluster {
    urls: String,
    _private: Option<RedisCluster>,
}

impl TestRedisCluster {
    pub fn get() -> std::io::Result<TestRedisCluster> {
        match std::env::var("REDIS_CLUSTER_URLS") {
            Ok(urls) if !urls.is_empty() => Ok(TestRedisCluster {
                urls,
                _private: None,
            }),
            _ => {
                let cluster = RedisCluster::start()?;
                Ok(TestRedisCluster {
                    urls: cluster.urls(),
                    _private: Some(cluster),
                })
            }
        }
    }

    /// Comma-separated node URLs.
    pub fn urls(&self) -> &str {
        &self.urls
    }
}
