//! Bot seats: seats the server's search bot plays (`CreateGame.bots`,
//! `SetSeatBot`), and `SuggestMove`.
//!
//! # Exactly once, on any replica
//! 1. A commit (or a create, or a seat handed to a bot) that leaves a bot
//!    seat pending with a new decision queues one item (game, version, seat)
//!    in the store's bot work queue ([`GameStore::push_bot_work`]: a Redis
//!    stream read through a consumer group), right after the commit, and wakes
//!    this replica's worker.
//! 2. Every replica runs [`GameServiceImpl::run_bots`]: while it has a free
//!    search permit (`--bot-concurrency`) it claims one item, first any item
//!    left unacknowledged by another worker for `--bot-claim-after` (a replica
//!    that died mid-work), else a new one; with nothing to do it sleeps
//!    `bot_poll` or until its own replica queues work.
//! 3. The worker re-reads the game (the item may be stale: the seat moved,
//!    the game ended, the seat was given back), searches off the request path
//!    (`spawn_blocking`, holding the permit), and commits the move through
//!    the ordinary commit path under the request id `~bot <version>` scoped to
//!    the seat: a second delivery of the same item, on whatever replica, is a
//!    duplicate or a version conflict and applies nothing. Watchers see the
//!    move like any other, with a `BOT_MOVE` notice.
//! 4. The item is acknowledged (removed) once done or found stale; on a store
//!    failure it is left for a later claim.
//! 5. Each replica's worker reads under a name of its own; an idle worker
//!    forgets, once a minute, the consumers silent for ten minutes that hold
//!    no item (stopped replicas), so the group does not grow with every
//!    replica start.
//!
//! The queueing is not part of the commit (the stream is one global key,
//! the commit script touches one game's slot). A replica dying between the
//! two loses the item; the deadline notes are the safety net: a game with bot
//! seats keeps a note at each pending bot seat's next retry
//! ([`crate::meta::BOT_RETRY_MS`] after its decision began), and the
//! deadline scanner queues that seat's work again when it is due.

use signoria_bots::Budget;
use signoria_store::{BotWork, ClaimedWork};

use super::*;
use crate::meta::BotSeat;

/// How often an idle worker looks for consumers of stopped replicas.
const BOT_CONSUMER_SWEEP: std::time::Duration = std::time::Duration::from_secs(60);
/// How long a consumer holding no work must have been silent to be
/// forgotten: a live replica's worker claims every `bot_poll` (or is busy
/// searching, which takes seconds), so ten minutes only finds stopped ones.
const BOT_CONSUMER_IDLE: std::time::Duration = std::time::Duration::from_secs(600);

/// The strength name stored for a request's (empty: `default`), and its
/// budget.
fn strength(name: &str) -> Result<(String, Budget), ApiError> {
    let name = if name.is_empty() { "default" } else { name };
    let budget = Budget::named(name).ok_or_else(|| {
        ApiError::invalid(format!(
            "unknown bot strength {:?}; expected one of {}",
            crate::transport_errors::clip(name, 64),
            Budget::NAMES.join(", ")
        ))
    })?;
    Ok((name.to_owned(), budget))
}

/// `CreateGame.bots`, checked: seats of the game, each once, known
/// strengths.
pub(super) fn bot_seats(bots: &[pb::BotSeat], players: usize) -> Result<Vec<BotSeat>, ApiError> {
    let mut out: Vec<BotSeat> = Vec::with_capacity(bots.len());
    for b in bots {
        if b.seat as usize >= players {
            return Err(ApiError::invalid(format!(
                "bot seat {} of a {players}-player game",
                b.seat
            )));
        }
        if out.iter().any(|o| o.seat == b.seat) {
            return Err(ApiError::invalid(format!(
                "bot seat {} given twice",
                b.seat
            )));
        }
        out.push(BotSeat {
            seat: b.seat,
            strength: strength(&b.strength)?.0,
        });
    }
    out.sort_by_key(|b| b.seat);
    Ok(out)
}

/// The bot's move for `seat` on `state`.
fn bot_move(state: &dyn DynState, seat: Seat, budget: &Budget, seed: u64) -> Option<pb::LegalMove> {
    state.bot_move(seat, budget, seed)
}

impl<S: GameStore> GameServiceImpl<S> {
    /// Queues the work of `seats` (bot seats pending at `version`) and wakes
    /// this replica's worker. A failure is logged: the deadline scanner
    /// queues the work again later.
    pub(super) async fn queue_bots(&self, game_id: &str, version: u64, seats: Vec<Seat>) {
        if seats.is_empty() {
            return;
        }
        for seat in seats {
            let work = BotWork {
                game_id: game_id.to_owned(),
                version,
                seat: seat as u32,
            };
            if let Err(e) = self.inner.store.push_bot_work(&work).await {
                tracing::warn!(game_id, seat, version, error = %e, "could not queue the bot's work; the deadline scanner queues it again");
            }
        }
        self.inner.bot_wake.notify_one();
    }

    /// The replica's bot worker (see the module docs); returns when the
    /// server stops.
    pub async fn run_bots(self, mut stopping: watch::Receiver<bool>) {
        let consumer = format!("replica-{}", crate::auth::random_id(8));
        tracing::info!(
            consumer,
            concurrency = self.inner.opts.bot_concurrency,
            "bot worker started"
        );
        let mut last_sweep = std::time::Instant::now();
        loop {
            let permit = tokio::select! {
                p = self.inner.bot_permits.clone().acquire_owned() => match p {
                    Ok(p) => p,
                    Err(_) => return,
                },
                _ = stopping.changed() => return,
            };
            if *stopping.borrow() {
                return;
            }
            let claimed = self
                .inner
                .store
                .claim_bot_work(&consumer, 1, self.inner.opts.bot_claim_after)
                .await;
            match claimed {
                Ok(items) if !items.is_empty() => {
                    let this = self.clone();
                    let consumer = consumer.clone();
                    tokio::spawn(async move {
                        for item in items {
                            this.work_on(item, &consumer).await;
                        }
                        drop(permit);
                    });
                }
                other => {
                    drop(permit);
                    if let Err(e) = other {
                        tracing::debug!(error = %e, "bot work claim failed");
                    }
                    if last_sweep.elapsed() >= BOT_CONSUMER_SWEEP {
                        last_sweep = std::time::Instant::now();
                        self.forget_idle_consumers().await;
                    }
                    tokio::select! {
                        _ = tokio::time::sleep(self.inner.opts.bot_poll) => {}
                        _ = self.inner.bot_wake.notified() => {}
                        _ = stopping.changed() => {}
                    }
                }
            }
        }
    }

    /// Forgets the bot consumers of stopped replicas (idle for
    /// [`BOT_CONSUMER_IDLE`], holding nothing); a failure waits for the next
    /// sweep.
    async fn forget_idle_consumers(&self) {
        match self
            .inner
            .store
            .forget_idle_bot_consumers(BOT_CONSUMER_IDLE)
            .await
        {
            Ok(gone) if !gone.is_empty() => {
                self.inner.metrics.bot_consumers_forgotten(gone.len());
                tracing::info!(?gone, "forgot the bot consumers of stopped replicas");
            }
            Ok(_) => {}
            Err(e) => tracing::debug!(error = %e, "bot consumer sweep failed"),
        }
    }

    /// One claimed item: the bot's move (or nothing, if the item is stale),
    /// then the acknowledgement; a store failure leaves the item for a later
    /// claim.
    async fn work_on(&self, item: ClaimedWork, consumer: &str) {
        let ClaimedWork { id, work } = item;
        let span = tracing::info_span!("bot", game_id = %work.game_id, seat = work.seat, version = work.version, id, consumer);
        let result = self.bot_turn(&work).instrument(span.clone()).await;
        let _enter = span.enter();
        match result {
            Err(e) if e.code == tonic::Code::Unavailable => {
                tracing::warn!(message = %e.message, "bot move failed; the item is claimed again later");
                return;
            }
            Err(e) => {
                self.inner.metrics.bot_work_failed();
                tracing::warn!(code = ?e.code, reason = e.reason, message = %e.message, "bot move failed; dropping the item")
            }
            Ok(()) => {}
        }
        if let Err(e) = self.inner.store.ack_bot_work(&id).await {
            tracing::warn!(error = %e, "could not acknowledge bot work; it is claimed again later and found done");
        }
    }

    /// The bot's move for `work`, if its seat is still a pending bot seat.
    async fn bot_turn(&self, work: &BotWork) -> Result<(), ApiError> {
        let seat = work.seat as usize;
        let Some(record) = self.inner.store.load(&work.game_id).await? else {
            return Ok(());
        };
        let game = self.game(&record.game_type)?;
        let state = game.decode(&record.state)?;
        let meta = GameMeta::read(&record);
        let Some(bot) = meta.bot(seat) else {
            return Ok(());
        };
        if !state.pending().contains(&seat) || meta.abandoned(state.players()) {
            return Ok(());
        }
        let (_, budget) = strength(&bot.strength)?;
        let seed = crate::meta::state_seed(&record.state, record.version, seat);
        let started = std::time::Instant::now();
        let (state, chosen) = self.search(state, seat, budget, seed).await?;
        let game_type = record.game_type.clone();
        self.inner
            .metrics
            .bot_searched(&game_type, started.elapsed());
        let Some(chosen) = chosen else {
            return Ok(());
        };
        tracing::info!(label = chosen.label, at = record.version, "bot move");
        // Applied on the version searched, or on a later one where the
        // seat's decision is unchanged (simultaneous decisions): the same
        // rule as a player's SubmitMove.
        let expected = record.version;
        let len = record.state.len();
        let mut current = Cached::new(record, state, len);
        for _ in 0..MAX_COMMIT_ATTEMPTS {
            match self
                .server_move(
                    current,
                    expected,
                    seat,
                    chosen.clone(),
                    NoticeKind::BotMove,
                    "~bot",
                )
                .await
            {
                Ok(Step::Done(answer)) => {
                    // A second delivery of the same work is answered as a
                    // duplicate: only the first counts.
                    if !answer.duplicate {
                        self.inner.metrics.bot_moved(&game_type, &bot.strength);
                    }
                    return Ok(());
                }
                Ok(Step::Retry { .. }) => {}
                // The seat's decision changed meanwhile: that commit queued
                // new work if the seat is still a pending bot seat.
                Err(e) if e.code == tonic::Code::Aborted => return Ok(()),
                Err(e) => return Err(e),
            }
            let (record, _, state) = self.open(&work.game_id, Caller::Seat(seat)).await?;
            let len = record.state.len();
            current = Cached::new(record, state, len);
        }
        Ok(())
    }

    /// Runs the bot's search on a blocking thread (the caller holds a search
    /// permit); gives the state back.
    async fn search(
        &self,
        state: Box<dyn DynState>,
        seat: Seat,
        budget: Budget,
        seed: u64,
    ) -> Result<(Box<dyn DynState>, Option<pb::LegalMove>), ApiError> {
        tokio::task::spawn_blocking(move || {
            let chosen = bot_move(&*state, seat, &budget, seed);
            (state, chosen)
        })
        .await
        .map_err(|e| {
            ApiError::new(
                tonic::Code::Internal,
                "internal",
                format!("bot search: {e}"),
            )
        })
    }

    pub(super) async fn set_seat_bot_inner(
        &self,
        req: Request<pb::SetSeatBotRequest>,
    ) -> Result<pb::SetSeatBotResponse, ApiError> {
        let r = req.get_ref();
        let game_id = r.game_id.clone();
        check_game_id(&game_id)?;
        let by = self.seat_admin(&req, &game_id)?;
        let seat = r.seat as usize;
        let wanted = if r.bot {
            Some(strength(&r.strength)?.0)
        } else {
            None
        };
        let (record, state) = self
            .commit_meta_change(
                &game_id,
                None,
                |v| seat_request_id(seat, &format!("~seat-bot {v}")),
                |meta, state, version| {
                    if seat >= state.players() {
                        return Err(ApiError::invalid(format!(
                            "there is no seat {seat} in this game"
                        )));
                    }
                    if meta.bot(seat).map(|b| &b.strength) == wanted.as_ref() {
                        return Ok(false);
                    }
                    if state.finished() {
                        return Err(game_over());
                    }
                    meta.set_bot(seat, wanted.as_deref());
                    meta.notice(Notice {
                        version,
                        seat: seat as u32,
                        kind: if wanted.is_some() {
                            NoticeKind::BotSeat
                        } else {
                            NoticeKind::PlayerSeat
                        },
                        label: wanted.clone().unwrap_or_default(),
                    });
                    Ok(true)
                },
            )
            .await?;
        tracing::info!(game_id, seat, by, strength = ?wanted, "seat handed over");
        if wanted.is_some() && state.pending().contains(&seat) {
            self.queue_bots(&game_id, record.version, vec![seat]).await;
        }
        Ok(pb::SetSeatBotResponse {
            snapshot: Some(snapshot(
                &record,
                record.version,
                &*state,
                Caller::Spectator,
            )),
        })
    }

    /// Who may hand seats over: the game's owner or an operator.
    fn seat_admin<T>(&self, req: &Request<T>, game_id: &str) -> Result<&'static str, ApiError> {
        let refused = || {
            ApiError::new(
                tonic::Code::PermissionDenied,
                "not_owner",
                "only the game's owner (CreateGameResponse.owner_token) or an operator may hand seats over",
            )
        };
        let Some(token) = crate::auth::bearer(req.metadata())? else {
            return Err(refused());
        };
        if self
            .inner
            .opts
            .operator_token
            .as_ref()
            .is_some_and(|op| op.matches(token))
        {
            return Ok("operator");
        }
        if self.inner.signer.is_owner(game_id, token) {
            return Ok("owner");
        }
        // A seat's own token is valid but not enough; anything else is not
        // a token of this game.
        match self.inner.signer.verify(game_id, token) {
            Ok(_) => Err(refused()),
            Err(e) => Err(e.into()),
        }
    }

    pub(super) async fn suggest_move_inner(
        &self,
        req: Request<pb::SuggestMoveRequest>,
    ) -> Result<pb::SuggestMoveResponse, ApiError> {
        let r = req.get_ref();
        check_game_id(&r.game_id)?;
        let caller = self.caller(&req, &r.game_id)?;
        let Caller::Seat(seat) = caller else {
            return Err(ApiError::spectator_move());
        };
        let (_, budget) = strength(&r.strength)?;
        let (record, _, state) = self.open(&r.game_id, caller).await?;
        if !state.pending().contains(&seat) {
            return Err(ApiError::new(
                tonic::Code::FailedPrecondition,
                "not_pending",
                format!("seat {seat} has no decision to make now"),
            ));
        }
        let seed = r
            .seed
            .unwrap_or_else(|| crate::meta::state_seed(&record.state, record.version, seat));
        let _permit = self
            .inner
            .bot_permits
            .clone()
            .acquire_owned()
            .await
            .map_err(|_| ApiError::overloaded("bot searches"))?;
        let (_, chosen) = self.search(state, seat, budget, seed).await?;
        let suggestion = chosen.ok_or_else(|| {
            ApiError::new(
                tonic::Code::Internal,
                "internal",
                format!("seat {seat} is pending without a legal move"),
            )
        })?;
        Ok(pb::SuggestMoveResponse {
            version: record.version,
            suggestion: Some(suggestion),
        })
    }
}

#[cfg(test)]
mod tests {
    use signoria_store::MemoryStore;

    use super::*;

    fn service() -> GameServiceImpl<MemoryStore> {
        GameServiceImpl::new(
            MemoryStore::new(),
            Registry::builtin(),
            TokenSigner::new(b"the bot race test"),
            Arc::new(Metrics::new()),
            ServiceOptions::default(),
            watch::channel(false).1,
        )
    }

    fn as_seat<T>(token: &str, body: T) -> Request<T> {
        let mut req = Request::new(body);
        req.metadata_mut()
            .insert("authorization", format!("Bearer {token}").parse().unwrap());
        req
    }

    /// The worker's commit of `chosen`, searched at version `at`, on `record`.
    async fn bot_commit(
        svc: &GameServiceImpl<MemoryStore>,
        record: GameRecord,
        state: Box<dyn DynState>,
        at: u64,
        seat: Seat,
        chosen: &pb::LegalMove,
    ) -> Result<Step, ApiError> {
        let len = record.state.len();
        svc.server_move(
            Cached::new(record, state, len),
            at,
            seat,
            chosen.clone(),
            NoticeKind::BotMove,
            "~bot",
        )
        .await
    }

    /// The race the hosted test once hit under load, made deterministic: the
    /// server plays a resigned seat, searches on version V, and before its
    /// move commits the last seat resigns (V + 1, abandoned). The seat's
    /// decision is unchanged since V, so without the check the move would be
    /// applied on V + 1; it is refused (Aborted, which the worker drops) and
    /// nothing is written. Before that second resignation the same move
    /// commits (the set-up is one where the move can land).
    #[tokio::test]
    async fn a_bot_move_searched_before_the_game_was_abandoned_is_refused() {
        let svc = service();
        let created = svc
            .create_game_inner(pb::CreateGameRequest {
                game_type: "lorenzo-il-magnifico".into(),
                player_count: 2,
                ..Default::default()
            })
            .await
            .unwrap();
        let id = created.game_id.clone();
        let mover = created.snapshot.as_ref().unwrap().pending_seats[0] as usize;
        let other = 1 - mover;
        let resign = |seat: usize| {
            svc.resign_inner(as_seat(
                &created.seats[seat].token,
                pb::ResignRequest {
                    game_id: id.clone(),
                },
            ))
        };
        // The mover resigns: the server plays its seat from now on.
        resign(mover).await.unwrap();
        let (searched, _, state) = svc.open(&id, Caller::Seat(mover)).await.unwrap();
        let at = searched.version;
        let (_, budget) = strength("easy").unwrap();
        let chosen = bot_move(&*state, mover, &budget, 7).expect("the seat has a move");
        // Control: on a copy of the game as it was searched, the move lands.
        let (record, _, state) = svc.open(&id, Caller::Seat(mover)).await.unwrap();
        let copy = service();
        copy.inner.store.create(&record).await.unwrap();
        let step = bot_commit(&copy, record, state, at, mover, &chosen)
            .await
            .unwrap();
        assert!(matches!(step, Step::Done(_)), "the control move lands");
        // The last seat resigns before the bot's move commits.
        resign(other).await.unwrap();
        let (now, _, state) = svc.open(&id, Caller::Seat(mover)).await.unwrap();
        assert_eq!(now.version, at + 1);
        assert!(GameMeta::read(&now).abandoned(2));
        let refused = match bot_commit(&svc, now, state, at, mover, &chosen).await {
            Err(e) => e,
            Ok(_) => panic!("a bot move landed in an abandoned game"),
        };
        assert_eq!(refused.code, tonic::Code::Aborted);
        assert_eq!(refused.reason, "not_a_server_seat");
        let after = svc.inner.store.load(&id).await.unwrap().unwrap();
        assert_eq!(after.version, at + 1, "nothing was written");
    }
}
