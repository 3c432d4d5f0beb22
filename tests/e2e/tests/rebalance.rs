//! `--max-connection-age` (`SIGNORIA_MAX_CONNECTION_AGE`): a replica closes
//! each client connection after that age with an HTTP/2 GOAWAY, so clients
//! behind a per-connection balancer reconnect and spread over new replicas;
//! and replicas doing so behind the gateway keep answering every call.

use std::io::{Read as _, Write as _};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail, ensure};
use signoria_e2e::gateway::Gateway;
use signoria_e2e::{
    Rng, Rotation, ServerProcess, Storage, TestRedis, check_finished, create_game, play_to_end,
};

/// HTTP/2 frame types this test reads.
const SETTINGS: u8 = 0x4;
const PING: u8 = 0x6;
const GOAWAY: u8 = 0x7;

/// What a bare HTTP/2 client connection (preface and SETTINGS, answering the
/// server's SETTINGS and PINGs, no request) sees within `wait`: whether a GOAWAY came, and whether the server then
/// closed the connection.
fn watch_connection(addr: &str, wait: Duration) -> Result<(bool, bool)> {
    let mut conn = TcpStream::connect(addr).with_context(|| format!("connect {addr}"))?;
    conn.write_all(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n")?;
    conn.write_all(&[0, 0, 0, SETTINGS, 0, 0, 0, 0, 0])?;
    let deadline = Instant::now() + wait;
    let mut goaway = false;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Ok((goaway, false));
        }
        conn.set_read_timeout(Some(left))?;
        let mut header = [0u8; 9];
        match conn.read_exact(&mut header) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => return Ok((goaway, true)),
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                return Ok((goaway, false));
            }
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => {
                return Ok((goaway, true));
            }
            Err(e) => return Err(e.into()),
        }
        let len = u32::from_be_bytes([0, header[0], header[1], header[2]]) as usize;
        let (kind, flags) = (header[3], header[4]);
        let mut payload = vec![0u8; len];
        conn.read_exact(&mut payload)?;
        if kind == SETTINGS && flags & 0x1 == 0 {
            // Acknowledge the server's settings, as a client must.
            conn.write_all(&[0, 0, 0, SETTINGS, 0x1, 0, 0, 0, 0])?;
        }
        if kind == PING && flags & 0x1 == 0 {
            // Answer pings (a graceful shutdown waits for the answer).
            conn.write_all(&[0, 0, 8, PING, 0x1, 0, 0, 0, 0])?;
            conn.write_all(&payload)?;
        }
        if kind == GOAWAY {
            goaway = true;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn max_connection_age_closes_client_connections_with_goaway() -> Result<()> {
    let aged = ServerProcess::start_with(Storage::Memory, &["--max-connection-age", "1"]).await?;
    let addr = aged.addr();
    let (goaway, closed) =
        tokio::task::spawn_blocking(move || watch_connection(&addr, Duration::from_secs(20)))
            .await??;
    ensure!(
        goaway,
        "no GOAWAY within 20 s from a server with a 1 s connection age"
    );
    ensure!(
        closed,
        "the server sent GOAWAY but kept the connection open"
    );

    // The default: connections live on.
    let ageless = ServerProcess::start(Storage::Memory).await?;
    let addr = ageless.addr();
    let (goaway, closed) =
        tokio::task::spawn_blocking(move || watch_connection(&addr, Duration::from_secs(3)))
            .await??;
    ensure!(
        !goaway && !closed,
        "a server without a connection age closed the connection (goaway {goaway}, closed {closed})"
    );
    Ok(())
}

/// Replicas closing their connections every second behind the gateway: nginx
/// opens new ones and games played through it see no error.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replicas_with_a_short_connection_age_behind_the_gateway() -> Result<()> {
    let redis = TestRedis::get()?;
    let mut servers = Vec::new();
    for _ in 0..2 {
        servers.push(
            ServerProcess::start_with(
                Storage::Redis(redis.url().to_owned()),
                &["--max-connection-age", "1"],
            )
            .await?,
        );
    }
    let gateway = Gateway::start(&[&servers[0], &servers[1]]).await?;
    let seed = Rng::seed_from_env();
    eprintln!("replicas_with_a_short_connection_age: E2E_SEED={seed}");
    let mut rng = Rng::new(seed);
    let client = gateway.client().await?;
    // Long enough for several connection ages.
    let start = Instant::now();
    let mut games = 0;
    while start.elapsed() < Duration::from_secs(4) {
        let game = create_game(&mut client.clone(), 2, rng.next_u64()).await?;
        let played = play_to_end(&mut Rotation::new(vec![client.clone()]), &game, &mut rng).await?;
        check_finished(&played.snapshot, 2)?;
        games += 1;
        if games > 1000 {
            bail!("runaway loop");
        }
    }
    eprintln!("{games} games through replicas closing connections every second");
    Ok(())
}
