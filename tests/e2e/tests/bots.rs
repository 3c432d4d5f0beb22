//! Bot seats end to end (issue 19): `signoria serve` replicas on a real,
//! private Redis, whose bot work stream (`signoria:bot-work`, consumer group
//! `signoria-bots`) the test reads with redis-cli.

use std::time::Duration;

use anyhow::{Context as _, Result, ensure};
use signoria_e2e::{
    LORENZO, RedisOptions, RedisServer, ServerProcess, Storage, authed, connect, pb,
};
use signoria_store::testutil::redis_cli;

/// The replicas claim each other's unfinished bot work after a second.
const BOT_ARGS: &[&str] = &["--bot-claim-after", "1"];

fn bot(seat: u32, strength: &str) -> pb::BotSeat {
    pb::BotSeat {
        seat,
        strength: strength.into(),
    }
}

async fn create(endpoint: &str, bots: Vec<pb::BotSeat>) -> Result<pb::CreateGameResponse> {
    Ok(connect(endpoint)
        .await?
        .create_game(pb::CreateGameRequest {
            game_type: LORENZO.into(),
            player_count: 2,
            seed: Some(19),
            bots,
            ..Default::default()
        })
        .await?
        .into_inner())
}

async fn snapshot(endpoint: &str, game_id: &str) -> Result<pb::GameSnapshot> {
    Ok(connect(endpoint)
        .await?
        .get_game(pb::GetGameRequest {
            game_id: game_id.into(),
        })
        .await?
        .into_inner())
}

/// Watches the game on `endpoint` until `done`; every message seen.
async fn watch_until(
    endpoint: &str,
    game_id: &str,
    after: u64,
    done: impl Fn(&pb::WatchGameResponse) -> bool,
) -> Result<Vec<pb::WatchGameResponse>> {
    let mut stream = connect(endpoint)
        .await?
        .watch_game(pb::WatchGameRequest {
            game_id: game_id.into(),
            after_version: after,
            with_decisions: false,
        })
        .await?
        .into_inner();
    let mut seen = Vec::new();
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(120), stream.message())
            .await
            .context("no move within 120 s")??
            .context("the stream ended")?;
        let stop = done(&msg);
        seen.push(msg);
        if stop {
            return Ok(seen);
        }
    }
}

/// Entries of the bot work stream delivered and not acknowledged.
fn pending_work(redis: &RedisServer) -> Result<u64> {
    let out = redis_cli(
        redis.port(),
        &["XPENDING", "signoria:bot-work", "signoria-bots"],
    )?;
    Ok(out
        .lines()
        .next()
        .unwrap_or("0")
        .trim()
        .parse()
        .unwrap_or(0))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_all_bot_game_plays_to_the_end_on_two_replicas() -> Result<()> {
    let redis = RedisServer::start(RedisOptions::default())?;
    let a = ServerProcess::start_with(Storage::Redis(redis.url()), BOT_ARGS).await?;
    let b = ServerProcess::start_with(Storage::Redis(redis.url()), BOT_ARGS).await?;
    let created = create(&a.endpoint(), vec![bot(0, "easy"), bot(1, "easy")]).await?;
    let game_id = created.game_id;
    let seen = watch_until(&b.endpoint(), &game_id, 0, |m| m.finished).await?;
    let last = seen.last().context("no version")?.version;
    ensure!(
        seen.iter().map(|m| m.version).eq(1..=last),
        "every version once, in order"
    );
    let export = connect(&a.endpoint())
        .await?
        .export_game(pb::ExportGameRequest {
            game_id: game_id.clone(),
        })
        .await?
        .into_inner();
    ensure!(export.versions.len() as u64 == last);
    for v in &export.versions {
        ensure!(v.seat.is_some(), "version {} is a move", v.version);
        for n in &v.notices {
            ensure!(
                n.kind == pb::SeatNoticeKind::BotMove as i32 && n.version == v.version,
                "version {}: {n:?}",
                v.version
            );
        }
    }
    // Every item was acknowledged and removed.
    ensure!(pending_work(&redis)? == 0);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replica_killed_mid_work_leaves_its_bot_work_to_the_other() -> Result<()> {
    let redis = RedisServer::start(RedisOptions::default())?;
    let mut a = ServerProcess::start_with(Storage::Redis(redis.url()), BOT_ARGS).await?;
    // The bot plays the seat that decides first, at the strong budget (the
    // longest search): replica a takes the work alone.
    let probe = create(&a.endpoint(), Vec::new()).await?;
    let first = probe.snapshot.context("snapshot")?.pending_seats[0];
    let created = create(&a.endpoint(), vec![bot(first, "strong")]).await?;
    let game_id = created.game_id;
    let started = std::time::Instant::now();
    loop {
        if pending_work(&redis)? > 0 || snapshot(&a.endpoint(), &game_id).await?.version > 0 {
            break;
        }
        ensure!(
            started.elapsed() < Duration::from_secs(30),
            "replica a took no work"
        );
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    a.kill();
    let at_kill = pending_work(&redis)?;
    println!("killed replica a with {at_kill} bot work item(s) unfinished");
    let b = ServerProcess::start_with(Storage::Redis(redis.url()), BOT_ARGS).await?;
    let seen = watch_until(&b.endpoint(), &game_id, 0, |m| {
        m.notices
            .iter()
            .any(|n| n.kind == pb::SeatNoticeKind::BotMove as i32)
    })
    .await?;
    let moved = seen.last().context("a move")?;
    ensure!(moved.version == 1, "the bot's move is the first version");
    // b claimed and finished a's item (or found it done): none is left.
    let started = std::time::Instant::now();
    while pending_work(&redis)? > 0 {
        ensure!(
            started.elapsed() < Duration::from_secs(30),
            "work left unfinished"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    if at_kill > 0 && seen.len() == 1 {
        ensure!(b.logs().contains("bot move"), "replica b made the move");
    }
    // Exactly one bot move per version.
    let snap = snapshot(&b.endpoint(), &game_id).await?;
    let bot_versions: Vec<u64> = snap
        .notices
        .iter()
        .filter(|n| n.kind == pb::SeatNoticeKind::BotMove as i32)
        .map(|n| n.version)
        .collect();
    let mut distinct = bot_versions.clone();
    distinct.dedup();
    ensure!(bot_versions == distinct && !bot_versions.is_empty());
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_is_handed_to_a_bot_and_back_across_replicas() -> Result<()> {
    let redis = RedisServer::start(RedisOptions::default())?;
    let a = ServerProcess::start_with(Storage::Redis(redis.url()), BOT_ARGS).await?;
    let b = ServerProcess::start_with(Storage::Redis(redis.url()), BOT_ARGS).await?;
    let created = create(&a.endpoint(), Vec::new()).await?;
    let game_id = created.game_id.clone();
    let first = created.snapshot.context("snapshot")?.pending_seats[0];
    let set = |bot: bool| pb::SetSeatBotRequest {
        game_id: game_id.clone(),
        seat: first,
        bot,
        strength: "easy".into(),
    };
    // A seat's token may not; the owner's may, on any replica.
    let refused = connect(&b.endpoint())
        .await?
        .set_seat_bot(authed(set(true), Some(&created.seats[0].token)))
        .await
        .unwrap_err();
    ensure!(
        refused.code() == tonic::Code::PermissionDenied,
        "{refused:?}"
    );
    let handed = connect(&b.endpoint())
        .await?
        .set_seat_bot(authed(set(true), Some(&created.owner_token)))
        .await?
        .into_inner()
        .snapshot
        .context("snapshot")?;
    ensure!(handed.bot_seats == vec![bot(first, "easy")]);
    watch_until(&a.endpoint(), &game_id, handed.version, |m| {
        m.notices
            .iter()
            .any(|n| n.kind == pb::SeatNoticeKind::BotMove as i32 && n.seat == first)
    })
    .await?;
    let back = connect(&a.endpoint())
        .await?
        .set_seat_bot(authed(set(false), Some(&created.owner_token)))
        .await?
        .into_inner()
        .snapshot
        .context("snapshot")?;
    ensure!(back.bot_seats.is_empty());
    ensure!(
        back.notices
            .iter()
            .any(|n| n.kind == pb::SeatNoticeKind::PlayerSeat as i32)
    );
    Ok(())
}
