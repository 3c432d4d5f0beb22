//! The end-to-end cases, written once and run against a [`Cluster`] of either
//! store (`tests/redis.rs`, `tests/memory.rs`). With one server the
//! "other replica" is the same server.

use std::time::Duration;

use anyhow::{Context, Result, bail, ensure};
use tonic::Code;

use crate::pb::games::lorenzo_il_magnifico as lorenzo;
use crate::{
    Client, Cluster, Rng, TestGame, authed, check_finished, check_finished_as, create_game,
    create_game_of, create_game_with, get_game, legal_moves, numbers_in, pb, play_to_end,
    random_step, submit, unique_id,
};

/// Asserts a gRPC failure with `code`; returns its message.
pub fn expect_code<T: std::fmt::Debug>(
    what: &str,
    r: Result<T, tonic::Status>,
    code: Code,
) -> Result<String> {
    match r {
        Err(s) if s.code() == code => {
            ensure!(
                !s.message().trim().is_empty(),
                "{what}: {code:?} without a reason"
            );
            Ok(s.message().to_owned())
        }
        Err(s) => bail!(
            "{what}: expected {code:?}, got {:?}: {}",
            s.code(),
            s.message()
        ),
        Ok(v) => bail!("{what}: expected {code:?}, got OK: {v:?}"),
    }
}

fn seed(label: &str) -> u64 {
    let seed = Rng::seed_from_env();
    eprintln!("{label}: E2E_SEED={seed}");
    seed
}

/// Complete random games of `players` seats, requests alternating between the
/// replicas: the basic game (`advanced = false`) and the default (full) game.
pub async fn full_game(cluster: &Cluster, players: u32) -> Result<()> {
    for advanced in [Some(false), None] {
        full_game_with(cluster, players, advanced)
            .await
            .with_context(|| format!("{players} players, advanced = {advanced:?}"))?;
    }
    Ok(())
}

async fn full_game_with(cluster: &Cluster, players: u32, advanced: Option<bool>) -> Result<()> {
    let mut rng = Rng::new(seed(&format!(
        "full_game({players}, advanced = {advanced:?})"
    )));
    let game = create_game_with(&mut cluster.client(0), players, rng.next_u64(), advanced).await?;
    ensure!(game.snapshot.version == 0, "a new game is at version 0");
    ensure!(
        game.snapshot.status == pb::GameStatus::InProgress as i32,
        "a new game is in progress"
    );
    ensure!(game.snapshot.player_count == players, "player count");
    let played = play_to_end(&mut cluster.rotation(), &game, &mut rng).await?;
    let snap = played.snapshot;
    check_finished(&snap, players)?;
    eprintln!(
        "game {} ({players} players, advanced = {advanced:?}) finished after {} moves: {:?}",
        game.game_id,
        snap.version,
        snap.outcome.as_ref().map(|o| o
            .results
            .iter()
            .map(|r| (r.seat, r.score, r.rank))
            .collect::<Vec<_>>())
    );

    // Every replica sees the same finished game.
    for i in 0..cluster.len() {
        let s = get_game(&mut cluster.client(i), &game.game_id).await?;
        ensure!(s == snap, "replica {i} disagrees about the final game");
    }
    // Nothing more to do, and no way to move.
    for (seat, token) in game.tokens.iter().enumerate() {
        let legal = legal_moves(&mut cluster.client(seat), &game.game_id, token).await?;
        ensure!(
            legal.moves.is_empty(),
            "seat {seat} has moves in a finished game"
        );
        ensure!(
            legal.version == snap.version,
            "legal moves at the final version"
        );
    }
    let late = submit(
        &mut cluster.client(1),
        &game.game_id,
        Some(&game.tokens[0]),
        snap.version,
        &unique_id("late"),
        Some(any_move()),
    )
    .await;
    expect_code("a move in a finished game", late, Code::FailedPrecondition)?;
    ensure!(
        get_game(&mut cluster.client(0), &game.game_id).await? == snap,
        "the rejected move changed the finished game"
    );
    Ok(())
}

/// Game types whose ranks need not follow the scores: a declared victory
/// (Pax Renaissance) or an elimination (Age of Renaissance: a player out of
/// the game ranks behind every survivor, whatever the scores) or an
/// automatic victory (Elisabeth I.: a military or religious victory ranks its
/// winner first whatever the VP).
const RANKS_NOT_BY_SCORE: &[&str] = &["pax-renaissance", "age-of-renaissance", "elisabeth-i"];

/// Every game type the server lists, at its smallest and largest player
/// count with default options: a complete random game, requests alternating
/// between the replicas, every replica agreeing on the finished game, and
/// every seat's `WatchGame` log ending at the final version.
pub async fn every_game_type(cluster: &Cluster) -> Result<()> {
    let types = cluster
        .client(0)
        .list_game_types(pb::ListGameTypesRequest {})
        .await?
        .into_inner()
        .game_types;
    for id in [
        "lorenzo-il-magnifico",
        "wallenstein",
        "pax-renaissance",
        "age-of-renaissance",
        "elisabeth-i",
    ] {
        ensure!(types.iter().any(|t| t.id == id), "{id} is not listed");
    }
    for t in &types {
        for players in [t.min_players, t.max_players] {
            let mut rng = Rng::new(seed(&format!("every_game_type({}, {players})", t.id)));
            let game = create_game_of(&mut cluster.client(0), &t.id, players, rng.next_u64(), None)
                .await?;
            let played = play_to_end(&mut cluster.rotation(), &game, &mut rng)
                .await
                .with_context(|| format!("{} with {players} players", t.id))?;
            let snap = played.snapshot;
            check_finished_as(&snap, players, !RANKS_NOT_BY_SCORE.contains(&t.id.as_str()))
                .with_context(|| format!("{} with {players} players", t.id))?;
            eprintln!(
                "{} ({players} players) finished after {} moves",
                t.id, snap.version
            );
            for i in 0..cluster.len() {
                let s = get_game(&mut cluster.client(i), &game.game_id).await?;
                ensure!(s == snap, "replica {i} disagrees about the final {}", t.id);
            }
            for (seat, token) in game.tokens.iter().enumerate() {
                let mut client = cluster.client(seat % cluster.len());
                let mut stream = watch(&mut client, &game.game_id, Some(token), 0).await?;
                let mut log = Vec::new();
                let ended = read_watch(&mut stream, &mut log, |_| false).await?;
                ensure!(
                    ended && log.last().map(|m| m.version) == Some(snap.version),
                    "{}: seat {seat}'s watch does not end at version {}",
                    t.id,
                    snap.version
                );
            }
        }
    }
    Ok(())
}

/// Some well-formed Lorenzo move (legal or not).
pub fn any_move() -> pb::Move {
    lorenzo_move(lorenzo::r#move::Kind::Pass(lorenzo::r#move::Pass {}))
}

pub fn lorenzo_move(kind: lorenzo::r#move::Kind) -> pb::Move {
    pb::Move {
        game: Some(pb::r#move::Game::LorenzoIlMagnifico(lorenzo::Move {
            kind: Some(kind),
        })),
    }
}

/// Plays `n` random moves (fewer if the game ends).
async fn advance(cluster: &Cluster, game: &TestGame, rng: &mut Rng, n: usize) -> Result<()> {
    let mut rotation = cluster.rotation();
    for _ in 0..n {
        let rid = unique_id("adv");
        if random_step(&mut rotation, game, rng, &rid).await?.is_none() {
            break;
        }
    }
    Ok(())
}

/// The first pending seat and its legal moves.
async fn pending(
    client: &mut Client,
    game: &TestGame,
) -> Result<(pb::GameSnapshot, usize, pb::ListLegalMovesResponse)> {
    let snap = get_game(client, &game.game_id).await?;
    let seat = *snap.pending_seats.first().context("nobody is pending")? as usize;
    let legal = legal_moves(client, &game.game_id, &game.tokens[seat]).await?;
    ensure!(!legal.moves.is_empty(), "pending seat {seat} without moves");
    Ok((snap, seat, legal))
}

/// The optional `x-current-version` trailer of an ABORTED status.
fn trailer_version(status: &tonic::Status) -> Option<u64> {
    status
        .metadata()
        .get("x-current-version")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok())
}

/// Two clients (on two replicas) submit for the same version at once: exactly
/// one wins, the other is ABORTED with the current version.
pub async fn racing_clients(cluster: &Cluster) -> Result<()> {
    let mut rng = Rng::new(seed("racing_clients"));
    let game = create_game(&mut cluster.client(0), 2, rng.next_u64()).await?;
    for round in 0..10 {
        let (snap, seat, legal) = pending(&mut cluster.client(0), &game).await?;
        let v = legal.version;
        let token = game.tokens[seat].clone();
        let pick = |rng: &mut Rng| legal.moves[rng.below(legal.moves.len())].r#move.clone();
        let (m1, m2) = (pick(&mut rng), pick(&mut rng));
        let (mut c1, mut c2) = (cluster.client(0), cluster.client(1));
        let (rid1, rid2) = (unique_id("race-a"), unique_id("race-b"));
        let (r1, r2) = tokio::join!(
            submit(&mut c1, &game.game_id, Some(&token), v, &rid1, m1),
            submit(&mut c2, &game.game_id, Some(&token), v, &rid2, m2),
        );
        let (winner, loser) = match (r1, r2) {
            (Ok(w), Err(l)) | (Err(l), Ok(w)) => (w, l),
            (Ok(_), Ok(_)) => bail!("round {round}: both racers won at version {v}"),
            (Err(a), Err(b)) => bail!("round {round}: both racers lost: {a:?} / {b:?}"),
        };
        ensure!(
            winner.version == v + 1,
            "the winner produced version {}",
            winner.version
        );
        ensure!(
            loser.code() == Code::Aborted,
            "round {round}: the loser got {:?} ({}), not ABORTED",
            loser.code(),
            loser.message()
        );
        ensure!(
            numbers_in(loser.message()).contains(&(v + 1)),
            "round {round}: ABORTED message {:?} does not give the current version {}",
            loser.message(),
            v + 1
        );
        if let Some(t) = trailer_version(&loser) {
            ensure!(t == v + 1, "x-current-version {t}, expected {}", v + 1);
        }
        let now = get_game(&mut cluster.client(1), &game.game_id).await?;
        ensure!(
            now.version == v + 1,
            "exactly one move applied (version {})",
            now.version
        );
        ensure!(now != snap, "the game moved");
        if now.status == pb::GameStatus::Finished as i32 {
            break;
        }
    }
    Ok(())
}

/// A repeated request id returns the first answer and applies nothing, on any
/// replica and also after later moves.
pub async fn repeated_request_id(cluster: &Cluster) -> Result<()> {
    let mut rng = Rng::new(seed("repeated_request_id"));
    let game = create_game(&mut cluster.client(0), 3, rng.next_u64()).await?;
    advance(cluster, &game, &mut rng, 3).await?;
    let (_, seat, legal) = pending(&mut cluster.client(0), &game).await?;
    let token = game.tokens[seat].clone();
    let mv = legal.moves[rng.below(legal.moves.len())].r#move.clone();
    let rid = unique_id("same-request");

    let first = submit(
        &mut cluster.client(0),
        &game.game_id,
        Some(&token),
        legal.version,
        &rid,
        mv.clone(),
    )
    .await
    .context("the first submission")?;
    ensure!(first.version == legal.version + 1);
    ensure!(!first.duplicate, "the first submission is no duplicate");
    let after_first = get_game(&mut cluster.client(0), &game.game_id).await?;

    for i in 0..cluster.len().max(2) {
        let again = submit(
            &mut cluster.client(i),
            &game.game_id,
            Some(&token),
            legal.version,
            &rid,
            mv.clone(),
        )
        .await
        .with_context(|| format!("the repeated submission #{i}"))?;
        ensure!(
            again.version == first.version,
            "a repeat answers the first version"
        );
        ensure!(again.duplicate, "a repeat is flagged duplicate");
        ensure!(
            again.events == first.events,
            "a repeat answers the first events"
        );
        ensure!(
            get_game(&mut cluster.client(i), &game.game_id).await? == after_first,
            "a repeat applied something"
        );
    }

    // After another move, the old id still answers the old result.
    advance(cluster, &game, &mut rng, 1).await?;
    let later = get_game(&mut cluster.client(0), &game.game_id).await?;
    ensure!(later.version == first.version + 1 || later.status == pb::GameStatus::Finished as i32);
    let again = submit(
        &mut cluster.client(1),
        &game.game_id,
        Some(&token),
        legal.version,
        &rid,
        mv.clone(),
    )
    .await
    .context("a repeat after a later move")?;
    ensure!(again.duplicate && again.version == first.version && again.events == first.events);
    ensure!(get_game(&mut cluster.client(0), &game.game_id).await? == later);
    Ok(())
}

/// Bad tokens, a seat acting for another, spectators, malformed and illegal
/// moves, stale versions and unknown games: each its status code, the game
/// unchanged.
pub async fn rejections(cluster: &Cluster) -> Result<()> {
    let mut rng = Rng::new(seed("rejections"));
    let game = create_game(&mut cluster.client(0), 2, rng.next_u64()).await?;
    advance(cluster, &game, &mut rng, 2).await?;
    let (before, seat, legal) = pending(&mut cluster.client(0), &game).await?;
    let v = legal.version;
    let token = game.tokens[seat].clone();
    let good = legal.moves[0].r#move.clone();
    let id = game.game_id.clone();
    let mut c = cluster.client(1);

    // Unknown game (a seat token names its game, so only spectators can ask).
    let ghost = unique_id("ghost");
    expect_code(
        "GetGame of an unknown game",
        get_game(&mut c, &ghost).await,
        Code::NotFound,
    )?;
    expect_code(
        "ListLegalMoves of an unknown game",
        c.list_legal_moves(pb::ListLegalMovesRequest {
            game_id: ghost.clone(),
            ..Default::default()
        })
        .await,
        Code::NotFound,
    )?;
    expect_code(
        "WatchGame of an unknown game",
        c.watch_game(pb::WatchGameRequest {
            game_id: ghost.clone(),
            after_version: 0,
            ..Default::default()
        })
        .await,
        Code::NotFound,
    )?;

    // Bad tokens: garbage, one changed character, empty, another game's.
    let mut tampered = token.clone();
    let last = tampered.pop().unwrap_or('x');
    tampered.push(if last == '0' { '1' } else { '0' });
    let other_game = create_game(&mut c, 2, rng.next_u64()).await?;
    for (what, bad) in [
        ("a garbage token", "garbage"),
        ("a tampered token", tampered.as_str()),
        ("an empty token", ""),
        ("another game's token", other_game.tokens[seat].as_str()),
    ] {
        expect_code(
            what,
            submit(&mut c, &id, Some(bad), v, &unique_id("r"), good.clone()).await,
            Code::Unauthenticated,
        )?;
    }

    // A seat acting for another.
    let other_seat = (seat + 1) % game.tokens.len();
    let for_other = c
        .submit_move(authed(
            pb::SubmitMoveRequest {
                game_id: id.clone(),
                expected_version: v,
                request_id: unique_id("r"),
                r#move: good.clone(),
                seat: Some(other_seat as u32),
            },
            Some(&token),
        ))
        .await;
    expect_code(
        "a seat naming another seat",
        for_other,
        Code::PermissionDenied,
    )?;
    // A spectator moving.
    expect_code(
        "a spectator moving",
        submit(&mut c, &id, None, v, &unique_id("r"), good.clone()).await,
        Code::PermissionDenied,
    )?;
    // A seat that is not pending moving: not its decision.
    if let Some(idle) =
        (0..game.tokens.len()).find(|s| !before.pending_seats.contains(&(*s as u32)))
    {
        expect_code(
            "a seat moving out of turn",
            submit(
                &mut c,
                &id,
                Some(&game.tokens[idle]),
                v,
                &unique_id("r"),
                good.clone(),
            )
            .await,
            Code::FailedPrecondition,
        )?;
    }

    // Malformed.
    expect_code(
        "a request without a move",
        submit(&mut c, &id, Some(&token), v, &unique_id("r"), None).await,
        Code::InvalidArgument,
    )?;
    expect_code(
        "a move without a game",
        submit(
            &mut c,
            &id,
            Some(&token),
            v,
            &unique_id("r"),
            Some(pb::Move { game: None }),
        )
        .await,
        Code::InvalidArgument,
    )?;
    expect_code(
        "a Lorenzo move without a kind",
        submit(
            &mut c,
            &id,
            Some(&token),
            v,
            &unique_id("r"),
            Some(pb::Move {
                game: Some(pb::r#move::Game::LorenzoIlMagnifico(lorenzo::Move {
                    kind: None,
                })),
            }),
        )
        .await,
        Code::InvalidArgument,
    )?;
    expect_code(
        "a request id over 128 characters",
        submit(&mut c, &id, Some(&token), v, &"r".repeat(129), good.clone()).await,
        Code::InvalidArgument,
    )?;

    // Illegal: a move that is not in the list.
    let listed: Vec<pb::Move> = legal
        .moves
        .iter()
        .filter_map(|m| m.r#move.clone())
        .collect();
    let candidates = [
        lorenzo::r#move::Kind::Place(lorenzo::r#move::Place {
            member: lorenzo::FamilyMember::Black as i32,
            space: lorenzo::ActionSpace::GreenTowerFloor1 as i32,
            servants: 200,
        }),
        lorenzo::r#move::Kind::EndTurn(lorenzo::r#move::EndTurn {}),
        lorenzo::r#move::Kind::Pass(lorenzo::r#move::Pass {}),
        lorenzo::r#move::Kind::ChoosePrivilege(lorenzo::r#move::ChoosePrivilege {
            option: lorenzo::CouncilPrivilege::Coins as i32,
        }),
        lorenzo::r#move::Kind::SupportChurch(lorenzo::r#move::SupportChurch { support: true }),
    ];
    let illegal = candidates
        .into_iter()
        .map(lorenzo_move)
        .find(|m| !listed.contains(m))
        .context("every candidate illegal move is legal")?;
    // A listed Place move with more servants than anyone has, if there is one.
    let overpaid = listed.iter().find_map(|m| match &m.game {
        Some(pb::r#move::Game::LorenzoIlMagnifico(lorenzo::Move {
            kind: Some(lorenzo::r#move::Kind::Place(p)),
        })) => Some(lorenzo_move(lorenzo::r#move::Kind::Place(
            lorenzo::r#move::Place {
                servants: 200,
                ..*p
            },
        ))),
        _ => None,
    });
    for (what, mv) in std::iter::once(("an unlisted move", illegal))
        .chain(overpaid.map(|m| ("a Place with 200 servants", m)))
    {
        let msg = expect_code(
            what,
            submit(&mut c, &id, Some(&token), v, &unique_id("r"), Some(mv)).await,
            Code::FailedPrecondition,
        )?;
        eprintln!("{what}: {msg}");
    }

    // Stale and future versions.
    for stale in [v + 1, v + 100].into_iter().chain(v.checked_sub(1)) {
        let msg = expect_code(
            &format!("expected version {stale} at {v}"),
            submit(
                &mut c,
                &id,
                Some(&token),
                stale,
                &unique_id("r"),
                good.clone(),
            )
            .await,
            Code::Aborted,
        )?;
        ensure!(
            numbers_in(&msg).contains(&v),
            "ABORTED message {msg:?} lacks the current version {v}"
        );
    }

    // Nothing changed.
    for i in 0..cluster.len() {
        let after = get_game(&mut cluster.client(i), &id).await?;
        ensure!(
            after == before,
            "a rejection changed the game (replica {i})"
        );
        let legal_after = legal_moves(&mut cluster.client(i), &id, &token).await?;
        ensure!(legal_after == legal, "a rejection changed the legal moves");
    }
    // And the good move still works with the version everyone rejected.
    let ok = submit(&mut c, &id, Some(&token), v, &unique_id("r"), good).await?;
    ensure!(ok.version == v + 1);
    Ok(())
}

/// Longest wait for the next WatchGame message of a game being played: turns a
/// stuck stream into a failure, measures nothing.
const WATCH_MESSAGE_TIMEOUT: Duration = Duration::from_secs(60);

/// Reads a WatchGame stream until it ends or `stop(version)` says so.
pub async fn read_watch(
    stream: &mut tonic::Streaming<pb::WatchGameResponse>,
    seen: &mut Vec<pb::WatchGameResponse>,
    mut stop: impl FnMut(u64) -> bool,
) -> Result<bool> {
    loop {
        let next = tokio::time::timeout(WATCH_MESSAGE_TIMEOUT, stream.message())
            .await
            .context("WatchGame sent nothing for a long time")?;
        match next {
            Ok(Some(msg)) => {
                let expected = seen.last().map_or(1, |m| m.version + 1);
                ensure!(
                    msg.version == expected,
                    "WatchGame sent version {} after {}",
                    msg.version,
                    expected - 1
                );
                for e in &msg.events {
                    ensure!(
                        e.version == msg.version,
                        "an event of version {} in message {}",
                        e.version,
                        msg.version
                    );
                }
                let v = msg.version;
                let finished = msg.finished;
                seen.push(msg);
                if finished {
                    // The stream ends after the final version.
                    let next =
                        tokio::time::timeout(Duration::from_secs(30), stream.message()).await;
                    match next {
                        Ok(Ok(None)) => return Ok(true),
                        Ok(Ok(Some(m))) => bail!("WatchGame sent {m:?} after the final version"),
                        Ok(Err(s)) => bail!("WatchGame failed after the final version: {s:?}"),
                        Err(_) => bail!("WatchGame did not end after the final version"),
                    }
                }
                if stop(v) {
                    return Ok(false);
                }
            }
            Ok(None) => bail!("WatchGame ended before the game did"),
            Err(s) => return Err(anyhow::Error::new(s).context("WatchGame failed")),
        }
    }
}

/// Watches a game to its end as `token`'s seat (or a spectator), resuming
/// after every failure (a replica killed, Redis down) from the last version
/// received, on the next replica. Gives up after `deadline`. Reports the last
/// version received on `progress`.
pub async fn watch_to_end(
    mut rotation: crate::Rotation,
    game_id: String,
    token: Option<String>,
    deadline: Duration,
    progress: tokio::sync::watch::Sender<u64>,
) -> Result<(Vec<pb::WatchGameResponse>, usize)> {
    let give_up = tokio::time::Instant::now() + deadline;
    let mut seen = Vec::new();
    let mut resumptions = 0;
    loop {
        let after = seen.last().map_or(0, |m: &pb::WatchGameResponse| m.version);
        let attempt = async {
            let mut stream =
                watch(&mut rotation.client(), &game_id, token.as_deref(), after).await?;
            read_watch(&mut stream, &mut seen, |v| {
                progress.send_replace(v);
                false
            })
            .await
        };
        match attempt.await {
            Ok(true) => return Ok((seen, resumptions)),
            Ok(false) => unreachable!("never asked to stop"),
            Err(e) if tokio::time::Instant::now() < give_up => {
                resumptions += 1;
                eprintln!(
                    "watch_to_end: resuming after version {}: {e:#}",
                    seen.last().map_or(0, |m| m.version)
                );
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            Err(e) => return Err(e.context(format!("gave up watching after {deadline:?}"))),
        }
    }
}

pub async fn watch(
    client: &mut Client,
    game_id: &str,
    token: Option<&str>,
    after_version: u64,
) -> Result<tonic::Streaming<pb::WatchGameResponse>> {
    Ok(client
        .watch_game(authed(
            pb::WatchGameRequest {
                game_id: game_id.to_owned(),
                after_version,
                ..Default::default()
            },
            token,
        ))
        .await
        .context("WatchGame")?
        .into_inner())
}

/// A spectator's WatchGame receives every version in order while the game is
/// played; after `resume_after` versions its server is killed (with two or
/// more replicas; with one, the stream is just dropped) and it resumes on the
/// other replica from the last version received, with no gap and no
/// duplicate. A replay from 0 after the end gives the very same messages, and a
/// seat's replay gives, for each of its own moves, the events its SubmitMove
/// answered.
pub async fn watch_resumes(cluster: &mut Cluster, resume_after: u64) -> Result<()> {
    let mut rng = Rng::new(seed("watch_resumes"));
    let replicas = cluster.len();
    // Watch on server 0, play on the others (on server 0 too if it is alone).
    let player = replicas - 1;
    let game = create_game(&mut cluster.client(player), 2, rng.next_u64()).await?;
    let mut stream = watch(&mut cluster.client(0), &game.game_id, None, 0).await?;

    let play = {
        let mut rotation = cluster.rotation_of(|i| i != 0 || replicas == 1);
        let game = game.clone();
        let mut rng = rng.clone();
        tokio::spawn(async move { play_to_end(&mut rotation, &game, &mut rng).await })
    };

    let mut seen = Vec::new();
    let ended = read_watch(&mut stream, &mut seen, |v| v >= resume_after).await?;
    ensure!(!ended, "the game ended within {resume_after} versions");
    drop(stream);
    if replicas > 1 {
        cluster.servers[0].kill();
    }
    let resume_on = player;
    let last = seen.last().map_or(0, |m| m.version);
    let mut stream = watch(&mut cluster.client(resume_on), &game.game_id, None, last).await?;
    ensure!(
        read_watch(&mut stream, &mut seen, |_| false).await?,
        "the watch ended"
    );

    let played = play.await.context("the player task")??;
    let final_snap = played.snapshot;
    check_finished(&final_snap, 2)?;
    ensure!(
        seen.len() as u64 == final_snap.version,
        "watched {} versions of {}",
        seen.len(),
        final_snap.version
    );

    // A late spectator replays the same log.
    let mut replay_stream = watch(&mut cluster.client(resume_on), &game.game_id, None, 0).await?;
    let mut replay = Vec::new();
    ensure!(read_watch(&mut replay_stream, &mut replay, |_| false).await?);
    ensure!(replay == seen, "the replay differs from the live watch");

    // Each seat's watch shows it what its own moves answered.
    for seat in 0..game.tokens.len() {
        let mut stream = watch(
            &mut cluster.client(resume_on),
            &game.game_id,
            Some(&game.tokens[seat]),
            0,
        )
        .await?;
        let mut mine = Vec::new();
        ensure!(read_watch(&mut stream, &mut mine, |_| false).await?);
        ensure!(
            mine.len() == seen.len(),
            "seat {seat} watched {} versions",
            mine.len()
        );
        for (mover, resp) in played.moves.iter().filter(|(s, _)| *s == seat) {
            let msg = &mine[resp.version as usize - 1];
            ensure!(
                msg.events == resp.events,
                "seat {mover}: WatchGame's events of version {} differ from its SubmitMove answer",
                resp.version
            );
        }
    }

    // A watch from the final version on ends at once (nothing to send).
    let mut tail = watch(
        &mut cluster.client(resume_on),
        &game.game_id,
        None,
        final_snap.version,
    )
    .await?;
    match tokio::time::timeout(Duration::from_secs(30), tail.message()).await {
        Ok(Ok(None)) => {}
        other => bail!("WatchGame after the final version: {other:?}"),
    }

    // The killed replica comes back (same port) and knows the whole game: it
    // held nothing of it.
    if replicas > 1 {
        cluster.servers[0].restart().await?;
        let snap = get_game(&mut cluster.client(0), &game.game_id).await?;
        ensure!(snap == final_snap, "the restarted replica disagrees");
        let mut stream = watch(&mut cluster.client(0), &game.game_id, None, 0).await?;
        let mut again = Vec::new();
        ensure!(read_watch(&mut stream, &mut again, |_| false).await?);
        ensure!(
            again == seen,
            "the restarted replica replays a different log"
        );
    }
    Ok(())
}

/// Redis killed mid-game (AOF with fsync always): calls fail with UNAVAILABLE
/// while it is down and change nothing; after the restart the game is where
/// the last acknowledged move left it and is played to the end.
pub async fn redis_restart_mid_game(cluster: &mut Cluster) -> Result<()> {
    let mut rng = Rng::new(seed("redis_restart_mid_game"));
    let game = create_game(&mut cluster.client(0), 3, rng.next_u64()).await?;
    advance(cluster, &game, &mut rng, 12).await?;
    let (before, seat, legal) = pending(&mut cluster.client(1), &game).await?;
    let acknowledged = before.version;
    let token = game.tokens[seat].clone();
    let mv = legal.moves[rng.below(legal.moves.len())].r#move.clone();
    let rid = unique_id("during-outage");

    // A spectator watching through the outage, resuming whenever it fails,
    // caught up before Redis goes.
    let (progress, mut watched) = tokio::sync::watch::channel(0);
    let watcher = tokio::spawn(watch_to_end(
        cluster.rotation(),
        game.game_id.clone(),
        None,
        Duration::from_secs(120),
        progress,
    ));
    tokio::time::timeout(
        WATCH_MESSAGE_TIMEOUT,
        watched.wait_for(|v| *v >= acknowledged),
    )
    .await
    .context("the watcher did not catch up")??;

    cluster.redis.as_mut().context("a private redis")?.kill();
    for i in 0..cluster.len() {
        let mut c = cluster.client(i);
        expect_code(
            "GetGame while Redis is down",
            get_game(&mut c, &game.game_id).await,
            Code::Unavailable,
        )?;
        expect_code(
            "SubmitMove while Redis is down",
            submit(
                &mut c,
                &game.game_id,
                Some(&token),
                acknowledged,
                &rid,
                mv.clone(),
            )
            .await,
            Code::Unavailable,
        )?;
    }

    cluster.redis.as_mut().unwrap().restart()?;
    // The replicas reconnect on demand; wait until they answer again.
    for i in 0..cluster.len() {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
        loop {
            match get_game(&mut cluster.client(i), &game.game_id).await {
                Ok(s) => {
                    ensure!(
                        s == before,
                        "replica {i}: the game after the restart differs from before the outage"
                    );
                    break;
                }
                Err(s)
                    if s.code() == Code::Unavailable && tokio::time::Instant::now() < deadline =>
                {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
                Err(s) => bail!("replica {i} after the Redis restart: {s:?}"),
            }
        }
    }
    // The retry of the move that failed during the outage applies now, once.
    let retried = submit(
        &mut cluster.client(1),
        &game.game_id,
        Some(&token),
        acknowledged,
        &rid,
        mv.clone(),
    )
    .await?;
    ensure!(retried.version == acknowledged + 1 && !retried.duplicate);
    let again = submit(
        &mut cluster.client(0),
        &game.game_id,
        Some(&token),
        acknowledged,
        &rid,
        mv,
    )
    .await?;
    ensure!(again.duplicate && again.version == acknowledged + 1);

    let played = play_to_end(&mut cluster.rotation(), &game, &mut rng).await?;
    let snap = played.snapshot;
    check_finished(&snap, 3)?;
    ensure!(snap.version == acknowledged + 1 + played.moves.len() as u64);

    // The event log has every version, before and after the outage, and the
    // watcher saw each once, in order.
    let mut stream = watch(&mut cluster.client(1), &game.game_id, None, 0).await?;
    let mut seen = Vec::new();
    ensure!(read_watch(&mut stream, &mut seen, |_| false).await?);
    ensure!(seen.len() as u64 == snap.version);
    let (live, resumptions) = watcher.await.context("the watcher task")??;
    eprintln!("the watcher resumed {resumptions} times");
    ensure!(
        live == seen,
        "the watcher across the outage saw a different log"
    );
    Ok(())
}
