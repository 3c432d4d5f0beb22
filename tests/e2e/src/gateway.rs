//! The gateway of the end-to-end tests: nginx running the shipped
//! `deploy/nginx/signoria.conf.template`, rendered with loopback addresses.
//!
//! - The nginx binary is `$NGINX_BIN` if set, else `nginx` on `PATH`, else
//!   `/usr/sbin/nginx`. Without one the gateway tests fail (`scripts/test.sh`
//!   installs it from the system packages).
//! - The shipped template is an http-level snippet; the harness wraps it in a
//!   minimal `nginx.conf` of its own (pid file, logs and temp paths in a
//!   private directory, and an access log naming the replica of every request)
//!   and substitutes only the `${SIGNORIA_*}` placeholders, as the nginx
//!   image's template feature does in compose.
//! - nginx is stopped (SIGTERM, then SIGKILL) when the [`Gateway`] is dropped;
//!   a failing test prints its logs.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail, ensure};
use hyper_util::client::legacy::Client as HttpClient;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use tonic::body::Body;
use tonic_web::{GrpcWebCall, GrpcWebClientLayer, GrpcWebClientService};
use tower::Layer as _;

use crate::pb::game_service_client::GameServiceClient;
use crate::{Client, ServerProcess, connect, free_port, unique_temp_dir};

/// How long nginx may take to accept connections.
const READY_TIMEOUT: Duration = Duration::from_secs(20);

/// The placeholders of the shipped template, in the order of its header.
pub const PLACEHOLDERS: [&str; 4] = [
    "SIGNORIA_GATEWAY_GRPC_LISTEN",
    "SIGNORIA_GATEWAY_WEB_LISTEN",
    "SIGNORIA_REPLICA_1",
    "SIGNORIA_REPLICA_2",
];

/// The repository root (this crate is `tests/e2e`).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The gateway configuration that ships: `deploy/nginx/signoria.conf.template`.
pub fn template_path() -> PathBuf {
    repo_root().join("deploy/nginx/signoria.conf.template")
}

/// The nginx binary to run (see the module docs).
pub fn nginx_bin() -> Result<PathBuf> {
    if let Some(bin) = std::env::var_os("NGINX_BIN") {
        let bin = PathBuf::from(bin);
        ensure!(
            bin.exists(),
            "NGINX_BIN={} does not exist; install nginx (apt-get install nginx) \
             or run the tests through scripts/test.sh, which does",
            bin.display()
        );
        return Ok(bin);
    }
    let on_path = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .unwrap_or_default()
        .into_iter()
        .map(|d| d.join("nginx"))
        .chain([PathBuf::from("/usr/sbin/nginx")])
        .find(|p| p.exists());
    on_path.context(
        "nginx not found (NGINX_BIN unset, no nginx on PATH or in /usr/sbin): the gateway tests \
         need it; install it (apt-get install nginx) or run scripts/test.sh, which does",
    )
}

/// Every `${NAME}` in `text`, in order of first appearance.
pub fn placeholders_in(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("${") {
        let after = &rest[start + 2..];
        let Some(end) = after.find('}') else { break };
        let name = after[..end].to_owned();
        if !found.contains(&name) {
            found.push(name);
        }
        rest = &after[end + 1..];
    }
    found
}

/// Substitutes `${NAME}` for each `(NAME, value)`; every placeholder of the
/// template must be given and every value used (the template and its users
/// stay in step).
pub fn render(template: &str, values: &[(&str, String)]) -> Result<String> {
    let found: BTreeSet<String> = placeholders_in(template).into_iter().collect();
    let given: BTreeSet<String> = values.iter().map(|(k, _)| (*k).to_owned()).collect();
    ensure!(
        found == given,
        "the template's placeholders {found:?} differ from the values given {given:?}"
    );
    let mut out = template.to_owned();
    for (name, value) in values {
        out = out.replace(&format!("${{{name}}}"), value);
    }
    Ok(out)
}

/// nginx in front of two replicas, on two free loopback ports.
pub struct Gateway {
    dir: PathBuf,
    child: Option<Child>,
    grpc_port: u16,
    web_port: u16,
}

impl Gateway {
    /// Renders the shipped template for `replicas` (exactly two, like the
    /// compose stack), checks it with `nginx -t`, starts nginx and waits until
    /// both listeners accept connections.
    pub async fn start(replicas: &[&ServerProcess]) -> Result<Gateway> {
        ensure!(
            replicas.len() == 2,
            "the shipped gateway config names two replicas"
        );
        let bin = nginx_bin()?;
        let template = std::fs::read_to_string(template_path())
            .with_context(|| format!("read {}", template_path().display()))?;
        let mut last_err = None;
        // Ports are picked free but could be taken before nginx binds them:
        // a few attempts with fresh ports.
        for _ in 0..3 {
            let dir = unique_temp_dir("signoria-e2e-gateway");
            let (grpc_port, web_port) = (free_port(), free_port());
            if grpc_port == web_port {
                continue;
            }
            let conf = render(
                &template,
                &[
                    (
                        "SIGNORIA_GATEWAY_GRPC_LISTEN",
                        format!("127.0.0.1:{grpc_port}"),
                    ),
                    (
                        "SIGNORIA_GATEWAY_WEB_LISTEN",
                        format!("127.0.0.1:{web_port}"),
                    ),
                    ("SIGNORIA_REPLICA_1", replicas[0].addr()),
                    ("SIGNORIA_REPLICA_2", replicas[1].addr()),
                ],
            )?;
            std::fs::write(dir.join("signoria.conf"), conf)?;
            std::fs::write(dir.join("nginx.conf"), wrapper(&dir))?;
            let mut gateway = Gateway {
                dir,
                child: None,
                grpc_port,
                web_port,
            };
            gateway.check_config(&bin)?;
            match gateway.spawn(&bin).await {
                Ok(()) => return Ok(gateway),
                Err(e) if gateway.logs().contains("Address already in use") => last_err = Some(e),
                Err(e) => return Err(e),
            }
        }
        Err(last_err.unwrap_or_else(|| anyhow::anyhow!("no free ports")))
    }

    fn nginx(&self, bin: &Path) -> Command {
        let mut cmd = Command::new(bin);
        cmd.arg("-p")
            .arg(&self.dir)
            .arg("-e")
            .arg(self.dir.join("error.log"))
            .arg("-c")
            .arg(self.dir.join("nginx.conf"))
            .stdin(Stdio::null());
        cmd
    }

    /// `nginx -t`: the rendered shipped config is valid.
    fn check_config(&self, bin: &Path) -> Result<()> {
        let out = self
            .nginx(bin)
            .arg("-t")
            .output()
            .with_context(|| format!("cannot run {}", bin.display()))?;
        ensure!(
            out.status.success(),
            "nginx -t rejects the shipped gateway config:\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        Ok(())
    }

    async fn spawn(&mut self, bin: &Path) -> Result<()> {
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(self.dir.join("nginx.out"))?;
        let child = self
            .nginx(bin)
            .stdout(log.try_clone()?)
            .stderr(log)
            .spawn()
            .with_context(|| format!("cannot run {}", bin.display()))?;
        self.child = Some(child);
        let deadline = Instant::now() + READY_TIMEOUT;
        loop {
            if let Some(child) = self.child.as_mut()
                && let Some(status) = child.try_wait()?
            {
                self.child = None;
                bail!("nginx exited with {status}; logs:\n{}", self.logs());
            }
            let up = |port| std::net::TcpStream::connect(("127.0.0.1", port)).is_ok();
            if up(self.grpc_port) && up(self.web_port) {
                return Ok(());
            }
            if Instant::now() > deadline {
                self.stop();
                bail!(
                    "nginx did not listen within {READY_TIMEOUT:?}; logs:\n{}",
                    self.logs()
                );
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// The gRPC (HTTP/2) address, `http://127.0.0.1:PORT`.
    pub fn grpc_endpoint(&self) -> String {
        format!("http://127.0.0.1:{}", self.grpc_port)
    }

    /// The grpc-web (HTTP/1.1) address, `http://127.0.0.1:PORT`.
    pub fn web_endpoint(&self) -> String {
        format!("http://127.0.0.1:{}", self.web_port)
    }

    pub fn web_port(&self) -> u16 {
        self.web_port
    }

    /// A gRPC client of the gateway: one HTTP/2 connection, whose requests
    /// nginx spreads over the replicas.
    pub async fn client(&self) -> Result<Client> {
        connect(&self.grpc_endpoint()).await
    }

    /// A grpc-web client of the gateway over HTTP/1.1 (the tonic-web client
    /// layer over a plain HTTP/1.1 client).
    pub fn web_client(&self) -> Result<WebClient> {
        web_client(&self.web_endpoint())
    }

    /// The access log: one line per request with `upstream=<replica>`.
    pub fn access_log(&self) -> String {
        std::fs::read_to_string(self.dir.join("access.log")).unwrap_or_default()
    }

    /// Error log and output so far.
    pub fn logs(&self) -> String {
        let read = |f: &str| std::fs::read_to_string(self.dir.join(f)).unwrap_or_default();
        format!(
            "--- nginx output ---\n{}--- error.log ---\n{}",
            read("nginx.out"),
            read("error.log")
        )
    }

    /// Stops nginx: SIGTERM (its workers exit with the master), SIGKILL if it
    /// lingers.
    pub fn stop(&mut self) {
        let Some(mut child) = self.child.take() else {
            return;
        };
        let _ = Command::new("kill")
            .arg("-TERM")
            .arg(child.id().to_string())
            .status();
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = child.kill();
        let _ = child.wait();
    }
}

impl Drop for Gateway {
    fn drop(&mut self) {
        self.stop();
        if std::thread::panicking() {
            eprintln!("--- logs of the gateway ---\n{}", self.logs());
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The harness's own nginx.conf around the shipped snippet.
fn wrapper(dir: &Path) -> String {
    let d = dir.display();
    format!(
        r#"# Written by the e2e harness around the shipped deploy/nginx/signoria.conf.template.
daemon off;
worker_processes 2;
pid {d}/nginx.pid;
error_log {d}/error.log info;
events {{
    worker_connections 1024;
}}
http {{
    client_body_temp_path {d}/tmp-body;
    proxy_temp_path {d}/tmp-proxy;
    fastcgi_temp_path {d}/tmp-fastcgi;
    uwsgi_temp_path {d}/tmp-uwsgi;
    scgi_temp_path {d}/tmp-scgi;
    log_format upstream '$server_port "$request" $status upstream=$upstream_addr upstream_status=$upstream_status';
    access_log {d}/access.log upstream;
    include {d}/signoria.conf;
}}
"#
    )
}

/// A grpc-web client over HTTP/1.1.
pub type WebClient =
    GameServiceClient<GrpcWebClientService<HttpClient<HttpConnector, GrpcWebCall<Body>>>>;

/// A grpc-web client of `endpoint` (`http://host:port`) over HTTP/1.1.
pub fn web_client(endpoint: &str) -> Result<WebClient> {
    let http = HttpClient::builder(TokioExecutor::new()).build_http();
    let uri = endpoint
        .parse()
        .with_context(|| format!("{endpoint} is no URI"))?;
    Ok(GameServiceClient::with_origin(
        GrpcWebClientLayer::new().layer(http),
        uri,
    ))
}
