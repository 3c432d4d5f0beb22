//! The gateway end to end: nginx with the shipped config
//! (`deploy/nginx/signoria.conf.template`) in front of two `signoria serve`
//! replicas on one Redis, every call through nginx. See `signoria_e2e::gateway`
//! for how nginx is found and run (a missing nginx fails these tests).

use std::collections::BTreeMap;
use std::io::{Read as _, Write as _};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use anyhow::{Context, Result, bail, ensure};
use signoria_e2e::cases::{expect_code, read_watch, watch_to_end};
use signoria_e2e::gateway::{Gateway, WebClient};
use signoria_e2e::{
    Client, Cluster, LORENZO, Rng, Rotation, ServerProcess, TestGame, authed, check_finished,
    create_game, get_game, legal_moves, pb, play_to_end, submit, unique_id,
};
use tonic::Code;

fn seed(label: &str) -> u64 {
    let seed = Rng::seed_from_env();
    eprintln!("{label}: E2E_SEED={seed}");
    seed
}

/// Two replicas on the test Redis and the gateway in front of them.
async fn stack() -> Result<(Cluster, Gateway)> {
    let cluster = Cluster::redis(2).await?;
    let gateway = Gateway::start(&[&cluster.servers[0], &cluster.servers[1]]).await?;
    Ok((cluster, gateway))
}

/// A replica's own statistics, asked directly (not through the gateway).
async fn stats(server: &ServerProcess) -> Result<pb::ServerStats> {
    Ok(server
        .client()
        .await?
        .get_server_stats(pb::GetServerStatsRequest {})
        .await
        .context("GetServerStats")?
        .into_inner())
}

/// SubmitMove calls each replica has handled so far.
async fn submit_calls(cluster: &Cluster) -> Result<Vec<u64>> {
    let mut counts = Vec::new();
    for s in &cluster.servers {
        let st = stats(s).await?;
        counts.push(st.submit_move_latency.map_or(0, |h| h.count));
    }
    Ok(counts)
}

/// Checks that `calls` SubmitMove calls made through the gateway reached the
/// replicas (counted by each replica) and that each got a fair share.
fn check_spread(what: &str, before: &[u64], after: &[u64], calls: u64) -> Result<()> {
    let delta: Vec<u64> = after.iter().zip(before).map(|(a, b)| a - b).collect();
    eprintln!("{what}: {calls} SubmitMove calls through the gateway, per replica {delta:?}");
    ensure!(
        delta.iter().sum::<u64>() == calls,
        "{what}: the replicas counted {delta:?} SubmitMove calls, {calls} were made"
    );
    for (i, d) in delta.iter().enumerate() {
        ensure!(
            *d * 4 >= calls,
            "{what}: replica {i} handled {d} of {calls} SubmitMove calls: the gateway does not \
             balance per request"
        );
    }
    Ok(())
}

/// Complete games through the gateway, all on one client connection: nginx
/// spreads the requests over both replicas (per request, not per connection),
/// as each replica's own SubmitMove count shows, and its access log names both.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn complete_games_through_the_gateway_use_both_replicas() -> Result<()> {
    let (cluster, gateway) = stack().await?;
    let mut rng = Rng::new(seed("complete_games_through_the_gateway"));
    let client = gateway.client().await?;
    let before = submit_calls(&cluster).await?;
    let mut calls = 0;
    for players in [2, 4] {
        let game = create_game(&mut client.clone(), players, rng.next_u64()).await?;
        let played = play_to_end(&mut Rotation::new(vec![client.clone()]), &game, &mut rng).await?;
        check_finished(&played.snapshot, players)?;
        calls += played.moves.len() as u64;
        eprintln!(
            "game {} ({players} players) finished through the gateway after {} moves",
            game.game_id, played.snapshot.version
        );
        for i in 0..cluster.len() {
            ensure!(
                get_game(&mut cluster.client(i), &game.game_id).await? == played.snapshot,
                "replica {i} disagrees with the gateway about the final game"
            );
        }
    }
    check_spread(
        "complete games",
        &before,
        &submit_calls(&cluster).await?,
        calls,
    )?;
    let log = gateway.access_log();
    for s in &cluster.servers {
        ensure!(
            log.contains(&format!("upstream={}", s.addr())),
            "the gateway's access log never names replica {}",
            s.addr()
        );
    }
    Ok(())
}

/// Whether a client repeats a call unchanged (same request id) after `s`: the
/// replica went away and the call may or may not have been applied. The
/// gateway turns its own failures (no replica could take the call) into
/// UNAVAILABLE. A replica that dies after its answer began leaves nginx a
/// half-sent response, which it can only cut (RST_STREAM INTERNAL_ERROR): the
/// client's transport reports that as a status it made itself, carrying the
/// HTTP/2 error as its source (a status a server sends never has one).
/// Anything else fails the test.
fn transient(s: &tonic::Status) -> bool {
    s.code() == Code::Unavailable
        || (matches!(s.code(), Code::Internal | Code::Unknown)
            && std::error::Error::source(s).is_some())
}

/// Repeats `call` while it fails transiently (bounded); counts the repeats.
async fn retrying<T, F, Fut>(what: &str, retries: &AtomicU64, mut call: F) -> Result<T>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, tonic::Status>>,
{
    for _ in 0..100 {
        match call().await {
            Ok(v) => return Ok(v),
            Err(s) if transient(&s) => {
                retries.fetch_add(1, Ordering::Relaxed);
                eprintln!("{what}: {:?} {}: repeating", s.code(), s.message());
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            Err(s) => return Err(anyhow::Error::new(s).context(what.to_owned())),
        }
    }
    bail!("{what}: still failing after 100 attempts")
}

/// Plays `game` to the end through `client` like a careful client: every
/// failed call is repeated with the same request id. Returns the version each
/// acknowledged move produced. `progress` gets the latest acknowledged version.
async fn play_acknowledged(
    client: Client,
    game: TestGame,
    mut rng: Rng,
    progress: Arc<AtomicU64>,
    retries: Arc<AtomicU64>,
) -> Result<Vec<u64>> {
    let mut acknowledged = Vec::new();
    loop {
        let snap = retrying("GetGame", &retries, || {
            let mut c = client.clone();
            let id = game.game_id.clone();
            async move { get_game(&mut c, &id).await }
        })
        .await?;
        if snap.status == pb::GameStatus::Finished as i32 {
            return Ok(acknowledged);
        }
        ensure!(
            snap.version == acknowledged.len() as u64,
            "game {} is at version {} after {} acknowledged moves",
            game.game_id,
            snap.version,
            acknowledged.len()
        );
        let seat = snap.pending_seats[rng.below(snap.pending_seats.len())] as usize;
        let token = game.tokens[seat].clone();
        let legal = retrying("ListLegalMoves", &retries, || {
            let mut c = client.clone();
            let (id, token) = (game.game_id.clone(), token.clone());
            async move { legal_moves(&mut c, &id, &token).await }
        })
        .await?;
        ensure!(legal.version == snap.version, "nobody else plays this game");
        let pick = legal.moves[rng.below(legal.moves.len())].r#move.clone();
        let version = legal.version;
        let rid = unique_id("gw-move");
        let resp = retrying("SubmitMove", &retries, || {
            let mut c = client.clone();
            let (id, token, rid) = (game.game_id.clone(), token.clone(), rid.clone());
            let pick = pick.clone();
            async move { submit(&mut c, &id, Some(&token), version, &rid, pick).await }
        })
        .await?;
        ensure!(
            resp.version == legal.version + 1,
            "SubmitMove at version {} acknowledged version {} (duplicate: {})",
            legal.version,
            resp.version,
            resp.duplicate
        );
        if resp.duplicate {
            eprintln!(
                "game {}: the repeat of version {} was answered from its first result",
                game.game_id, resp.version
            );
        }
        acknowledged.push(resp.version);
        progress.store(resp.version, Ordering::Relaxed);
    }
}

/// One replica is killed (SIGKILL) while games are played and watched through
/// the gateway: the games go on through the gateway to the end, every
/// acknowledged move is in the final game, and every watcher, also those
/// whose stream ran on the killed replica, resumes through the gateway from
/// its last version and sees every version once, in order.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replica_killed_mid_game_loses_no_acknowledged_move() -> Result<()> {
    const GAMES: usize = 3;
    const KILL_AFTER: u64 = 8;
    let (mut cluster, gateway) = stack().await?;
    let mut rng = Rng::new(seed("a_replica_killed_mid_game"));
    let client = gateway.client().await?;
    let mut games = Vec::new();
    for _ in 0..GAMES {
        games.push(create_game(&mut client.clone(), 2, rng.next_u64()).await?);
    }

    // A spectator per game, through the gateway, before anybody plays: nginx
    // alternates them between the replicas.
    let mut watchers = Vec::new();
    for game in &games {
        let (progress, _) = tokio::sync::watch::channel(0);
        watchers.push(tokio::spawn(watch_to_end(
            Rotation::new(vec![client.clone()]),
            game.game_id.clone(),
            None,
            Duration::from_secs(300),
            progress,
        )));
    }
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    let on_killed = loop {
        let w0 = stats(&cluster.servers[0]).await?.watchers;
        let w1 = stats(&cluster.servers[1]).await?.watchers;
        if w0 + w1 == GAMES as u64 {
            break w0;
        }
        ensure!(
            tokio::time::Instant::now() < deadline,
            "{GAMES} watchers opened, the replicas count {w0} + {w1}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    ensure!(
        on_killed > 0,
        "no watch stream runs on the replica to be killed: the gateway did not spread them"
    );

    let retries = Arc::new(AtomicU64::new(0));
    let mut progress = Vec::new();
    let mut players = Vec::new();
    for game in &games {
        let p = Arc::new(AtomicU64::new(0));
        progress.push(p.clone());
        players.push(tokio::spawn(play_acknowledged(
            client.clone(),
            game.clone(),
            Rng::new(rng.next_u64()),
            p,
            retries.clone(),
        )));
    }
    // Mid-game: once every game has some acknowledged moves.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(120);
    while progress
        .iter()
        .any(|p| p.load(Ordering::Relaxed) < KILL_AFTER)
    {
        ensure!(
            tokio::time::Instant::now() < deadline,
            "the games did not reach {KILL_AFTER} moves"
        );
        ensure!(
            players.iter().all(|p| !p.is_finished()),
            "a player stopped before the kill"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let at_kill: Vec<u64> = progress.iter().map(|p| p.load(Ordering::Relaxed)).collect();
    cluster.servers[0].kill();
    eprintln!("replica 0 killed at versions {at_kill:?}, {on_killed} watch streams on it");
    let survivor_before = submit_calls_of(&cluster.servers[1]).await?;
    let mut resumed = 0;

    for (i, player) in players.into_iter().enumerate() {
        let game = &games[i];
        let acknowledged = player.await.context("a player task")??;
        let snap = get_game(&mut client.clone(), &game.game_id).await?;
        check_finished(&snap, 2)?;
        ensure!(
            acknowledged == (1..=snap.version).collect::<Vec<_>>(),
            "game {}: final version {}, acknowledged {acknowledged:?}",
            game.game_id,
            snap.version
        );
        ensure!(
            snap.version > at_kill[i],
            "game {} ended before the kill",
            game.game_id
        );
        let (seen, resumptions) = watchers.remove(0).await.context("a watcher task")??;
        ensure!(
            seen.len() as u64 == snap.version,
            "game {}: the watcher saw {} of {} versions",
            game.game_id,
            seen.len(),
            snap.version
        );
        // The log itself, replayed through the gateway, is what was watched.
        let mut replay = Vec::new();
        let mut stream =
            signoria_e2e::cases::watch(&mut client.clone(), &game.game_id, None, 0).await?;
        ensure!(read_watch(&mut stream, &mut replay, |_| false).await?);
        ensure!(
            replay == seen,
            "game {}: the watcher's log differs from a replay",
            game.game_id
        );
        resumed += resumptions;
        eprintln!(
            "game {}: {} versions, killed at {}, watcher resumed {resumptions} times",
            game.game_id, snap.version, at_kill[i]
        );
    }
    ensure!(
        resumed >= on_killed as usize,
        "{on_killed} watch streams ran on the killed replica, only {resumed} resumptions"
    );
    let survivor_after = submit_calls_of(&cluster.servers[1]).await?;
    ensure!(
        survivor_after > survivor_before,
        "the surviving replica served no move after the kill"
    );
    eprintln!(
        "calls repeated by the clients after transient failures: {}",
        retries.load(Ordering::Relaxed)
    );
    Ok(())
}

async fn submit_calls_of(server: &ServerProcess) -> Result<u64> {
    Ok(stats(server)
        .await?
        .submit_move_latency
        .map_or(0, |h| h.count))
}

/// Deadline of a grpc-web call (the HTTP/1.1 client has none of its own).
const WEB_TIMEOUT: Duration = Duration::from_secs(30);

async fn web<T>(
    what: &str,
    call: impl std::future::Future<Output = Result<T, tonic::Status>>,
) -> Result<T, tonic::Status> {
    match tokio::time::timeout(WEB_TIMEOUT, call).await {
        Ok(r) => r,
        Err(_) => Err(tonic::Status::deadline_exceeded(format!(
            "{what}: no answer within {WEB_TIMEOUT:?}"
        ))),
    }
}

/// grpc-web over HTTP/1.1 through the gateway (tonic-web's client layer over
/// a plain HTTP/1.1 client): unary calls create and play a whole game, a
/// server-streaming WatchGame follows it to the end and equals the gRPC
/// replay, a refused move brings its status and message, CORS headers come
/// with every answer, and the calls reach both replicas.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn grpc_web_unary_and_streaming_calls_through_the_gateway() -> Result<()> {
    let (cluster, gateway) = stack().await?;
    let mut rng = Rng::new(seed("grpc_web_through_the_gateway"));
    let mut web_client: WebClient = gateway.web_client()?;
    let before = submit_calls(&cluster).await?;

    let types = web(
        "ListGameTypes",
        web_client.list_game_types(pb::ListGameTypesRequest {}),
    )
    .await?
    .into_inner();
    ensure!(
        types.game_types.iter().any(|t| t.id == LORENZO),
        "ListGameTypes over grpc-web lacks {LORENZO}"
    );

    let created = web(
        "CreateGame",
        web_client.create_game(pb::CreateGameRequest {
            game_type: LORENZO.to_owned(),
            player_count: 2,
            options: None,
            seed: Some(rng.next_u64()),
            seat_labels: vec![],
            decision_seconds: None,
            bots: vec![],
        }),
    )
    .await?;
    let headers = created.metadata().clone().into_headers();
    ensure!(
        headers
            .get("access-control-allow-origin")
            .map(|v| v.as_bytes())
            == Some(b"*"),
        "a grpc-web answer without Access-Control-Allow-Origin: {headers:?}"
    );
    ensure!(
        headers
            .get("access-control-expose-headers")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.contains("grpc-status") && v.contains("grpc-message")),
        "a grpc-web answer that does not expose grpc-status/grpc-message: {headers:?}"
    );
    let created = created.into_inner();
    let mut seats = created.seats;
    seats.sort_by_key(|s| s.seat);
    let tokens: Vec<String> = seats.into_iter().map(|s| s.token).collect();
    let game_id = created.game_id;

    // The stream, over grpc-web, from the first move on.
    let mut stream = web(
        "WatchGame",
        web_client.clone().watch_game(pb::WatchGameRequest {
            game_id: game_id.clone(),
            after_version: 0,
            ..Default::default()
        }),
    )
    .await?
    .into_inner();
    let watcher = tokio::spawn(async move {
        let mut seen = Vec::new();
        let ended = read_watch(&mut stream, &mut seen, |_| false).await?;
        ensure!(ended, "the grpc-web stream did not end with the game");
        anyhow::Ok(seen)
    });

    // The whole game in unary grpc-web calls.
    let mut moves = 0u64;
    let mut refused = false;
    loop {
        let snap = web(
            "GetGame",
            web_client.get_game(pb::GetGameRequest {
                game_id: game_id.clone(),
            }),
        )
        .await?
        .into_inner();
        if snap.status == pb::GameStatus::Finished as i32 {
            check_finished(&snap, 2)?;
            ensure!(snap.version == moves);
            break;
        }
        ensure!(moves < signoria_e2e::MAX_MOVES, "the game does not end");
        let seat = snap.pending_seats[rng.below(snap.pending_seats.len())] as usize;
        let legal = web(
            "ListLegalMoves",
            web_client.list_legal_moves(authed(
                pb::ListLegalMovesRequest {
                    game_id: game_id.clone(),
                    ..Default::default()
                },
                Some(&tokens[seat]),
            )),
        )
        .await?
        .into_inner();
        let pick = legal.moves[rng.below(legal.moves.len())].r#move.clone();
        let request = |version: u64| {
            authed(
                pb::SubmitMoveRequest {
                    game_id: game_id.clone(),
                    expected_version: version,
                    request_id: unique_id("web"),
                    r#move: pick.clone(),
                    seat: None,
                },
                Some(&tokens[seat]),
            )
        };
        if !refused && legal.version >= 3 {
            // A version the game has not reached: ABORTED, its message naming
            // the current one, through nginx in grpc-web's trailers-only
            // answer. (An older version is no sure refusal: a move is applied
            // on a newer state when the seat's decision is unchanged since,
            // as in Lorenzo's simultaneous Vatican reports.)
            let stale = web(
                "SubmitMove",
                web_client.submit_move(request(legal.version + 1)),
            )
            .await;
            let message = expect_code(
                "a move at a future version over grpc-web",
                stale,
                Code::Aborted,
            )?;
            ensure!(
                signoria_e2e::numbers_in(&message).contains(&legal.version),
                "ABORTED over grpc-web without the current version: {message:?}"
            );
            refused = true;
        }
        let resp = web("SubmitMove", web_client.submit_move(request(legal.version)))
            .await?
            .into_inner();
        ensure!(resp.version == legal.version + 1 && !resp.duplicate);
        moves += 1;
    }
    ensure!(refused, "the game ended before the refused-version check");

    let seen = tokio::time::timeout(Duration::from_secs(60), watcher)
        .await
        .context("the grpc-web watcher did not finish")?
        .context("the grpc-web watcher task")??;
    ensure!(
        seen.len() as u64 == moves,
        "grpc-web WatchGame sent {} of {moves} versions",
        seen.len()
    );
    let mut replay = Vec::new();
    let mut grpc =
        signoria_e2e::cases::watch(&mut gateway.client().await?, &game_id, None, 0).await?;
    ensure!(read_watch(&mut grpc, &mut replay, |_| false).await?);
    ensure!(
        replay == seen,
        "grpc-web and gRPC watchers saw different logs"
    );

    // One refused and `moves` accepted SubmitMove calls, on both replicas.
    check_spread(
        "grpc-web",
        &before,
        &submit_calls(&cluster).await?,
        moves + 1,
    )?;
    Ok(())
}

/// One HTTP/1.1 exchange on a fresh connection (`Connection: close`): the
/// status line and the headers, lower-cased.
fn http1(port: u16, request: &str) -> Result<(String, BTreeMap<String, String>)> {
    let mut conn = std::net::TcpStream::connect(("127.0.0.1", port))?;
    conn.set_read_timeout(Some(Duration::from_secs(10)))?;
    conn.write_all(request.as_bytes())?;
    let mut answer = Vec::new();
    conn.read_to_end(&mut answer)?;
    let answer = String::from_utf8_lossy(&answer).into_owned();
    let head = answer.split("\r\n\r\n").next().unwrap_or_default();
    let mut lines = head.lines();
    let status = lines.next().unwrap_or_default().to_owned();
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    Ok((status, headers))
}

/// The grpc-web listener answers a browser's CORS preflight itself, and
/// refuses what is not grpc-web.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn grpc_web_listener_answers_cors_preflight_and_refuses_other_requests() -> Result<()> {
    let (_cluster, gateway) = stack().await?;
    let (status, headers) = http1(
        gateway.web_port(),
        "OPTIONS /signoria.v1.GameService/SubmitMove HTTP/1.1\r\nHost: localhost\r\n\
         Origin: http://app.example\r\nAccess-Control-Request-Method: POST\r\n\
         Access-Control-Request-Headers: authorization, content-type, x-grpc-web, x-user-agent\r\n\
         Connection: close\r\n\r\n",
    )?;
    ensure!(status.contains(" 204"), "preflight answered {status:?}");
    let header = |name: &str| headers.get(name).cloned().unwrap_or_default();
    ensure!(header("access-control-allow-origin") == "*", "{headers:?}");
    ensure!(
        header("access-control-allow-methods").contains("POST"),
        "{headers:?}"
    );
    for h in [
        "authorization",
        "content-type",
        "x-grpc-web",
        "x-user-agent",
        "grpc-timeout",
    ] {
        ensure!(
            header("access-control-allow-headers").contains(h),
            "the preflight does not allow {h}: {headers:?}"
        );
    }
    ensure!(!header("access-control-max-age").is_empty(), "{headers:?}");

    let (status, headers) = http1(
        gateway.web_port(),
        "POST /signoria.v1.GameService/GetGame HTTP/1.1\r\nHost: localhost\r\n\
         Content-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}",
    )?;
    ensure!(status.contains(" 415"), "a JSON POST answered {status:?}");
    // Answers that are not preflights carry no preflight headers.
    ensure!(
        !headers.contains_key("access-control-allow-methods"),
        "{headers:?}"
    );
    Ok(())
}

/// With no replica up, the gateway answers in gRPC's terms on both listeners:
/// UNAVAILABLE with a message (not an HTML error page a client cannot read),
/// and on the grpc-web listener with the CORS headers a browser needs to see
/// it. Then a replica comes back and the gateway uses it again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_no_replica_up_the_gateway_answers_unavailable() -> Result<()> {
    let (mut cluster, gateway) = stack().await?;
    let mut client = gateway.client().await?;
    let mut web_client = gateway.web_client()?;
    let game = create_game(&mut client, 2, 1).await?;
    for s in &mut cluster.servers {
        s.kill();
    }
    let message = expect_code(
        "GetGame through the gateway with no replica",
        get_game(&mut client, &game.game_id).await,
        Code::Unavailable,
    )?;
    ensure!(message.contains("replica"), "UNAVAILABLE says {message:?}");
    let web_answer = web(
        "GetGame",
        web_client.get_game(pb::GetGameRequest {
            game_id: game.game_id.clone(),
        }),
    )
    .await;
    match web_answer {
        Err(s) if s.code() == Code::Unavailable => {
            let headers = s.metadata().clone().into_headers();
            ensure!(
                headers.get("access-control-allow-origin").is_some(),
                "a grpc-web UNAVAILABLE without CORS headers: {headers:?}"
            );
        }
        other => bail!("grpc-web GetGame with no replica: {other:?}"),
    }

    cluster.servers[1].restart().await?;
    // nginx skips a failed replica for fail_timeout (5 s), then tries again.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    loop {
        match get_game(&mut client, &game.game_id).await {
            Ok(snap) => {
                ensure!(
                    snap == game.snapshot,
                    "the game changed while nobody served it"
                );
                break;
            }
            Err(s) if s.code() == Code::Unavailable && tokio::time::Instant::now() < deadline => {
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            Err(s) => bail!("GetGame after a replica came back: {s:?}"),
        }
    }
    Ok(())
}
