//! One round trip per decision: the decisions that come with SubmitMove
//! answers and watch streams, `ListLegalMoves(at_version)`, and the
//! replicas' decoded-state caches going stale under them.

use anyhow::{Context, Result, bail, ensure};
use tonic::Code;

use crate::cases::expect_code;
use crate::{
    Client, Cluster, Rng, TestGame, authed, create_game, get_game, legal_moves, numbers_in, pb,
    submit, unique_id,
};

fn seed(label: &str) -> u64 {
    let seed = Rng::seed_from_env();
    eprintln!("{label}: E2E_SEED={seed}");
    seed
}

/// The legal moves of the seat holding `token` at `at` (see
/// `ListLegalMovesRequest.at_version`).
async fn legal_at(
    client: &mut Client,
    game_id: &str,
    token: &str,
    at: u64,
) -> Result<pb::ListLegalMovesResponse, tonic::Status> {
    client
        .list_legal_moves(authed(
            pb::ListLegalMovesRequest {
                game_id: game_id.to_owned(),
                at_version: Some(at),
            },
            Some(token),
        ))
        .await
        .map(|r| r.into_inner())
}

/// One random move of the first pending seat through `client`; returns the
/// answer, the seat and the request id.
async fn move_on(
    client: &mut Client,
    game: &TestGame,
    rng: &mut Rng,
) -> Result<(pb::SubmitMoveResponse, usize, String, pb::Move)> {
    let snap = get_game(client, &game.game_id).await?;
    let seat = *snap.pending_seats.first().context("nobody is pending")? as usize;
    let legal = legal_moves(client, &game.game_id, &game.tokens[seat]).await?;
    ensure!(!legal.moves.is_empty(), "pending seat {seat} without moves");
    let mv = legal.moves[rng.below(legal.moves.len())]
        .r#move
        .clone()
        .context("a legal move without a move")?;
    let rid = unique_id("ort");
    let resp = submit(
        client,
        &game.game_id,
        Some(&game.tokens[seat]),
        legal.version,
        &rid,
        Some(mv.clone()),
    )
    .await
    .with_context(|| format!("a move of seat {seat} at version {}", legal.version))?;
    Ok((resp, seat, rid, mv))
}

async fn stats(client: &mut Client) -> Result<pb::ServerStats> {
    Ok(client
        .get_server_stats(pb::GetServerStatsRequest {})
        .await?
        .into_inner())
}

/// Every SubmitMove answer carries the mover's next decision exactly when the
/// mover is still pending, equal to what ListLegalMoves says at that version;
/// `at_version` answers for the version asked while the replica holds it.
pub async fn next_decisions(cluster: &Cluster) -> Result<()> {
    let mut rng = Rng::new(seed("next_decisions"));
    let game = create_game(&mut cluster.client(0), 3, rng.next_u64()).await?;
    let (mut with, mut without) = (0, 0);
    for i in 0..60 {
        let mut c = cluster.client(i % cluster.len());
        let (resp, seat, _, _) = move_on(&mut c, &game, &mut rng).await?;
        let snap = resp
            .snapshot
            .clone()
            .context("an answer without a snapshot")?;
        if snap.status == pb::GameStatus::Finished as i32 {
            ensure!(resp.next_decision.is_none(), "a decision after the end");
            break;
        }
        let still = snap.pending_seats.contains(&(seat as u32));
        match &resp.next_decision {
            Some(d) => {
                with += 1;
                ensure!(still, "move {i}: a decision for seat {seat}, not pending");
                ensure!(d.seat == seat as u32 && d.version == resp.version);
                let listed = legal_moves(&mut c, &game.game_id, &game.tokens[seat]).await?;
                ensure!(listed.version == d.version);
                ensure!(
                    listed.moves == d.moves && listed.prompt == d.prompt,
                    "move {i}: the carried decision differs from ListLegalMoves"
                );
            }
            None => {
                without += 1;
                ensure!(!still, "move {i}: seat {seat} still pending, no decision");
            }
        }
        // The replica that committed answers for the version just made; for
        // a seat that is not pending, no moves.
        for (s, token) in game.tokens.iter().enumerate() {
            let at = legal_at(&mut c, &game.game_id, token, resp.version).await?;
            ensure!(
                at.version == resp.version,
                "at_version answered {}",
                at.version
            );
            let pending = snap.pending_seats.contains(&(s as u32));
            ensure!(
                at.moves.is_empty() != pending,
                "seat {s}: {} moves at version {}, pending: {pending}",
                at.moves.len(),
                resp.version
            );
        }
    }
    eprintln!("next_decisions: {with} answers with a decision, {without} without");
    ensure!(with > 0 && without > 0, "both kinds of answers occur");
    // A version nobody holds: the current one is answered.
    let now = get_game(&mut cluster.client(0), &game.game_id).await?;
    let seat = now.pending_seats.first().copied().unwrap_or(0) as usize;
    let at = legal_at(
        &mut cluster.client(0),
        &game.game_id,
        &game.tokens[seat],
        now.version + 1000,
    )
    .await?;
    ensure!(
        at.version == now.version,
        "a future version answers the current"
    );
    Ok(())
}

/// A seat watching with `with_decisions` gets its legal moves on exactly the
/// versions where it is pending (equal to ListLegalMoves); a spectator and a
/// seat that did not opt in get none.
pub async fn watch_decisions(cluster: &Cluster) -> Result<()> {
    let mut rng = Rng::new(seed("watch_decisions"));
    let game = create_game(&mut cluster.client(0), 2, rng.next_u64()).await?;
    let open = |i: usize, token: Option<String>, with_decisions: bool| {
        let mut c = cluster.client(i);
        let game_id = game.game_id.clone();
        async move {
            c.watch_game(authed(
                pb::WatchGameRequest {
                    game_id,
                    after_version: 0,
                    with_decisions,
                },
                token.as_deref(),
            ))
            .await
            .map(|s| s.into_inner())
        }
    };
    let mut seat1 = open(1 % cluster.len(), Some(game.tokens[1].clone()), true).await?;
    let mut plain = open(0, Some(game.tokens[1].clone()), false).await?;
    let mut spectator = open(0, None, true).await?;
    let mut decided = 0;
    for i in 0..40 {
        let (resp, _, _, _) =
            move_on(&mut cluster.client(i % cluster.len()), &game, &mut rng).await?;
        let v = resp.version;
        let snap = resp.snapshot.context("no snapshot")?;
        let msg = seat1.message().await?.context("the stream ended")?;
        ensure!(
            msg.version == v,
            "watched version {} after move {v}",
            msg.version
        );
        let pending = snap.pending_seats.contains(&1) && !msg.finished;
        match &msg.decision {
            Some(d) => {
                ensure!(pending, "version {v}: a decision for seat 1, not pending");
                let listed =
                    legal_moves(&mut cluster.client(0), &game.game_id, &game.tokens[1]).await?;
                ensure!(d.version == v && d.seat == 1 && listed.version == v);
                ensure!(
                    listed.moves == d.moves,
                    "version {v}: decision != ListLegalMoves"
                );
                decided += 1;
            }
            None => ensure!(!pending, "version {v}: seat 1 pending, no decision"),
        }
        for (name, s) in [
            ("opted-out seat", &mut plain),
            ("spectator", &mut spectator),
        ] {
            let m = s.message().await?.context("the stream ended")?;
            ensure!(
                m.version == v && m.decision.is_none(),
                "{name}: a decision at {v}"
            );
        }
        if msg.finished {
            break;
        }
    }
    ensure!(decided > 0, "seat 1 was never pending in 40 moves");
    Ok(())
}

/// Replica A's cached state goes stale when replica B moves the game: a
/// repeated request id through it still answers the first result, a new move
/// through it is ABORTED with the current version and changes nothing, and A
/// then serves the game from the store.
pub async fn stale_caches(cluster: &Cluster) -> Result<()> {
    ensure!(cluster.len() >= 2, "needs two replicas");
    let mut rng = Rng::new(seed("stale_caches"));
    let (mut a, mut b) = (cluster.client(0), cluster.client(1));
    let game = create_game(&mut a, 2, rng.next_u64()).await?;
    let before = stats(&mut a).await?;

    // A caches version w; B moves from w with request id R.
    let (at_a, _, _, _) = move_on(&mut a, &game, &mut rng).await?;
    let w = at_a.version;
    let (at_b, seat, rid, mv) = move_on(&mut b, &game, &mut rng).await?;
    ensure!(at_b.version == w + 1);
    let moved = get_game(&mut b, &game.game_id).await?;
    // R again through A, at w: A's state of w is applied, the commit finds R.
    let again = submit(
        &mut a,
        &game.game_id,
        Some(&game.tokens[seat]),
        w,
        &rid,
        Some(mv),
    )
    .await
    .context("R repeated through the stale cache")?;
    ensure!(again.duplicate && again.version == at_b.version && again.events == at_b.events);
    ensure!(
        get_game(&mut b, &game.game_id).await? == moved,
        "the repeat applied something"
    );

    // A caches version x; B moves from x; a new move through A at x.
    let (at_a, _, _, _) = move_on(&mut a, &game, &mut rng).await?;
    let x = at_a.version;
    let snap = at_a.snapshot.context("no snapshot")?;
    let seat = *snap.pending_seats.first().context("nobody pending")? as usize;
    let stale_moves = legal_at(&mut a, &game.game_id, &game.tokens[seat], x).await?;
    ensure!(stale_moves.version == x && !stale_moves.moves.is_empty());
    let (at_b, _, _, _) = move_on(&mut b, &game, &mut rng).await?;
    ensure!(at_b.version == x + 1);
    let moved = get_game(&mut b, &game.game_id).await?;
    // A still answers for x when asked for x: labelled x, so stale, not wrong.
    let listed = legal_at(&mut a, &game.game_id, &game.tokens[seat], x).await?;
    ensure!(listed.version == x && listed.moves == stale_moves.moves);
    let mv = stale_moves.moves[0].r#move.clone();
    let refused = submit(
        &mut a,
        &game.game_id,
        Some(&game.tokens[seat]),
        x,
        &unique_id("stale"),
        mv,
    )
    .await;
    let message = expect_code("a move on a stale cached state", refused, Code::Aborted)?;
    ensure!(
        numbers_in(&message).contains(&(x + 1)),
        "ABORTED {message:?} does not name the current version {}",
        x + 1
    );
    ensure!(
        get_game(&mut a, &game.game_id).await? == moved,
        "the refused move changed the game"
    );
    let after = stats(&mut a).await?;
    ensure!(
        after.state_cache_stale > before.state_cache_stale,
        "replica A did not count a stale entry"
    );
    ensure!(after.state_cache_hits > before.state_cache_hits);

    // A serves the next moves from the store, and they land.
    for _ in 0..3 {
        let (resp, _, _, _) = move_on(&mut a, &game, &mut rng).await?;
        let seen = get_game(&mut b, &game.game_id).await?;
        ensure!(
            seen.version == resp.version,
            "B sees {} after A's {}",
            seen.version,
            resp.version
        );
        if seen.status == pb::GameStatus::Finished as i32 {
            bail!("a 2-player game ended within a few moves");
        }
    }
    Ok(())
}
