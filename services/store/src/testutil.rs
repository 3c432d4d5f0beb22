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
    child: Option<Child>,
}

impl RedisServer {
    /// Starts a redis-server on a free loopback port and waits until it answers.
    pub fn start(options: RedisOptions) -> std::io::Result<RedisServer> {
        let mut server = RedisServer {
            port: free_port(),
            dir: unique_temp_dir("signoria-redis"),
            options,
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
