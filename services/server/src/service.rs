//! `GameService` over any [`GameStore`].
//!
//! Stateless: every request loads the game record, decodes the state, works on
//! it and (for a move) commits it back with an optimistic version check. No
//! game state is held between requests, so any replica serves any request.
//!
//! # SubmitMove
//! 1. Validate ids, authenticate (token -> seat), refuse spectators and a
//!    `seat` that is not the token's.
//! 2. Load the record. If `expected_version` is not the current version, or
//!    the rules refuse the move, look the `request_id` up first: a retry of a
//!    move that was already applied gets the original answer instead of
//!    ABORTED or FAILED_PRECONDITION. (On the hot path — current version,
//!    legal move — the lookup is left to the commit, which detects a repeated
//!    id atomically, saving a store round trip.)
//! 3. Apply, encode, commit. `Committed` -> answer; `Duplicate` (a concurrent
//!    retry won) -> the original answer; `Conflict` -> ABORTED with the
//!    current version.
//!
//! The stored result of a request id is the encoded events of its move
//! (`Vec<Scoped<Event>>` as JSON, like the event log), so a repeated id is
//! answered with those events filtered for the caller, plus a fresh snapshot.
//!
//! # WatchGame
//! Replays the store's event log after `after_version`, one message per
//! version, then tails it (`wait_for_change`, then `events_after` again). The
//! stream ends after the final version of a finished game; on server shutdown
//! it ends with UNAVAILABLE so the client resumes elsewhere.

use std::pin::Pin;
use std::sync::Arc;
use std::time::{Duration, Instant};

use signoria_engine::{LoggedMove, Outcome, Seat, Viewer};
use signoria_store::{CommitOutcome, GameRecord, GameStore, MoveCommit, StoreError};
use tokio::sync::{Semaphore, mpsc, watch};
use tokio_stream::Stream;
use tokio_stream::wrappers::ReceiverStream;
use tonic::{Request, Response, Status};
use tracing::{Instrument, field};

use crate::auth::{Caller, TokenSigner};
use crate::errors::{ApiError, check_game_id, check_request_id};
use crate::meta::{GameMeta, Notice, NoticeKind};
use crate::metrics::Metrics;
use crate::pb;
use crate::registry::{Applied, DynGame, DynState, GameError, Registry};
use crate::state_cache::{Cached, StateCache};

/// Tunables of the service itself (the transport's are in
/// [`crate::ServerConfig`]).
#[derive(Debug, Clone)]
pub struct ServiceOptions {
    /// Honour `CreateGame.seed` (tests and replays only).
    pub allow_client_seed: bool,
    /// Upper bound for one unary request.
    pub request_timeout: Duration,
    /// Unary requests handled at once by this replica; more are refused with
    /// RESOURCE_EXHAUSTED (load shedding).
    pub max_in_flight: usize,
    /// Open WatchGame streams allowed at once; more are RESOURCE_EXHAUSTED.
    pub max_watchers: usize,
    /// Log entries read per `events_after` call of a watcher.
    pub watch_batch: usize,
    /// How long a watcher sleeps in `wait_for_change` before re-reading anyway.
    pub watch_poll: Duration,
    /// Longest seat label accepted by `CreateGame`, in characters.
    pub max_seat_label_len: usize,
    /// Bound of the decoded-state cache's estimated memory, in bytes (0 = no
    /// cache); see [`crate::state_cache`].
    pub state_cache_bytes: usize,
    /// Serve `GetServerStats` on the public port (off: PERMISSION_DENIED;
    /// the figures are on the admin port's `/metrics`).
    pub public_stats: bool,
    /// Open WatchGame streams of one client (a seat of a game, or a
    /// spectator's address) at once; more are RESOURCE_EXHAUSTED.
    pub max_watchers_per_client: usize,
    /// How often the replica looks for games past a decision's deadline.
    pub deadline_poll: Duration,
    /// Bot searches (bot seats' moves and SuggestMove) run at once on this
    /// replica, each on a blocking thread; more wait (`--bot-concurrency`).
    pub bot_concurrency: usize,
    /// How often an idle bot worker looks for queued work made by other
    /// replicas (its own replica's work wakes it at once).
    pub bot_poll: Duration,
    /// Bot work delivered to a replica and not done this long is claimed by
    /// another (the first one died or hangs; `--bot-claim-after`).
    pub bot_claim_after: Duration,
    /// The operators' token for `SetSeatBot` (`--operator-token-file`).
    pub operator_token: Option<crate::auth::OperatorToken>,
}

impl Default for ServiceOptions {
    fn default() -> Self {
        ServiceOptions {
            allow_client_seed: false,
            request_timeout: Duration::from_secs(10),
            max_in_flight: 1024,
            max_watchers: 10_000,
            watch_batch: 64,
            watch_poll: Duration::from_secs(15),
            max_seat_label_len: 64,
            state_cache_bytes: 32 << 20,
            public_stats: false,
            max_watchers_per_client: 32,
            deadline_poll: Duration::from_secs(1),
            bot_concurrency: std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(1),
            bot_poll: Duration::from_millis(250),
            bot_claim_after: Duration::from_secs(15),
            operator_token: None,
        }
    }
}

/// The `GameService` implementation. Cheap to clone.
pub struct GameServiceImpl<S> {
    inner: Arc<Inner<S>>,
}

impl<S> Clone for GameServiceImpl<S> {
    fn clone(&self) -> Self {
        GameServiceImpl {
            inner: self.inner.clone(),
        }
    }
}

struct Inner<S> {
    store: S,
    registry: Registry,
    signer: TokenSigner,
    metrics: Arc<Metrics>,
    opts: ServiceOptions,
    in_flight: Arc<Semaphore>,
    watchers: Arc<Semaphore>,
    /// Becomes `true` when the server shuts down: watchers end their streams.
    stopping: watch::Receiver<bool>,
    /// Decoded states of recently moved games (never trusted without the
    /// commit's version check).
    cache: StateCache,
    /// Open WatchGame streams per client.
    client_watchers: Arc<std::sync::Mutex<std::collections::HashMap<String, usize>>>,
    /// Bot searches running at once (`ServiceOptions::bot_concurrency`).
    bot_permits: Arc<Semaphore>,
    /// Wakes this replica's bot worker when it queued work itself.
    bot_wake: Arc<tokio::sync::Notify>,
}

/// One open WatchGame stream of a client, counted while it lives.
struct ClientWatch {
    key: String,
    counts: Arc<std::sync::Mutex<std::collections::HashMap<String, usize>>>,
}

impl Drop for ClientWatch {
    fn drop(&mut self) {
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = counts.get_mut(&self.key) {
            *n -= 1;
            if *n == 0 {
                counts.remove(&self.key);
            }
        }
    }
}

impl<S: GameStore> GameServiceImpl<S> {
    pub fn new(
        store: S,
        registry: Registry,
        signer: TokenSigner,
        metrics: Arc<Metrics>,
        opts: ServiceOptions,
        stopping: watch::Receiver<bool>,
    ) -> Self {
        GameServiceImpl {
            inner: Arc::new(Inner {
                store,
                registry,
                signer,
                metrics,
                in_flight: Arc::new(Semaphore::new(opts.max_in_flight)),
                watchers: Arc::new(Semaphore::new(opts.max_watchers)),
                cache: StateCache::new(opts.state_cache_bytes),
                client_watchers: Arc::default(),
                bot_permits: Arc::new(Semaphore::new(opts.bot_concurrency.max(1))),
                bot_wake: Arc::default(),
                opts,
                stopping,
            }),
        }
    }

    pub fn metrics(&self) -> &Arc<Metrics> {
        &self.inner.metrics
    }

    /// This replica's figures (`GetServerStats`, the admin `/metrics`).
    pub fn stats(&self) -> pb::ServerStats {
        let mut stats = self.inner.metrics.snapshot();
        let c = self.inner.cache.stats();
        stats.state_cache_entries = c.entries;
        stats.state_cache_bytes = c.bytes;
        stats.state_cache_limit_bytes = c.limit_bytes;
        stats.state_cache_hits = c.hits;
        stats.state_cache_misses = c.misses;
        stats.state_cache_stale = c.stale;
        stats
    }

    /// Counts one more WatchGame stream of the client `key`, unless it has
    /// its maximum open already.
    fn client_watch(&self, key: String) -> Option<ClientWatch> {
        let mut counts = self
            .inner
            .client_watchers
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        let n = counts.entry(key.clone()).or_default();
        if *n >= self.inner.opts.max_watchers_per_client {
            return None;
        }
        *n += 1;
        Some(ClientWatch {
            key,
            counts: self.inner.client_watchers.clone(),
        })
    }

    fn catalog_inner(&self, req: pb::GetCatalogRequest) -> Result<pb::Catalog, ApiError> {
        let game = self.inner.registry.get(&req.game_type).ok_or_else(|| {
            ApiError::invalid(format!(
                "unknown game type {:?}",
                crate::transport_errors::clip(&req.game_type, 64)
            ))
        })?;
        Ok(pb::Catalog {
            game_type: game.info().id.to_string(),
            sections: game
                .catalog()
                .into_iter()
                .map(|s| pb::CatalogSection {
                    kind: s.kind.to_string(),
                    description: s.description.to_string(),
                    entries: s
                        .entries
                        .into_iter()
                        .map(|(id, name)| pb::CatalogEntry { id, name })
                        .collect(),
                })
                .collect(),
        })
    }

    /// Runs a unary handler under the in-flight limit and the request timeout.
    async fn guarded<T>(
        &self,
        fut: impl Future<Output = Result<T, ApiError>>,
    ) -> Result<T, ApiError> {
        let Ok(_permit) = self.inner.in_flight.clone().try_acquire_owned() else {
            self.inner.metrics.shed();
            return Err(ApiError::overloaded("requests in flight"));
        };
        let limit = self.inner.opts.request_timeout;
        match tokio::time::timeout(limit, fut).await {
            Ok(r) => r,
            Err(_) => Err(ApiError::timeout(limit.as_secs_f64())),
        }
    }

    fn game(&self, game_type: &str) -> Result<&dyn DynGame, ApiError> {
        self.inner.registry.get(game_type).ok_or_else(|| {
            // A game created by a newer release during a rolling upgrade:
            // retryable, another replica may play it.
            ApiError::new(
                tonic::Code::Unavailable,
                "unknown_game_type",
                format!("this replica does not play game type {game_type} (created by a newer release?); retry"),
            )
        })
    }

    async fn load(&self, game_id: &str) -> Result<GameRecord, ApiError> {
        self.inner
            .store
            .load(game_id)
            .await?
            .ok_or_else(|| ApiError::not_found(game_id))
    }

    /// Record, game and decoded state; checks that a seat caller fits the game.
    async fn open(
        &self,
        game_id: &str,
        caller: Caller,
    ) -> Result<(GameRecord, &dyn DynGame, Box<dyn DynState>), ApiError> {
        let record = self.load(game_id).await?;
        let game = self.game(&record.game_type)?;
        let state = game.decode(&record.state)?;
        if let Caller::Seat(s) = caller
            && s >= state.players()
        {
            return Err(bad_token());
        }
        Ok((record, game, state))
    }

    fn caller<T>(&self, req: &Request<T>, game_id: &str) -> Result<Caller, ApiError> {
        let caller = self.inner.signer.caller(req.metadata(), game_id)?;
        if let Caller::Seat(s) = caller {
            tracing::Span::current().record("seat", s);
        }
        Ok(caller)
    }

    // ------------------------------------------------------------ handlers

    fn list_game_types_inner(&self) -> pb::ListGameTypesResponse {
        pb::ListGameTypesResponse {
            game_types: self
                .inner
                .registry
                .all()
                .map(|g| {
                    let info = g.info();
                    pb::GameType {
                        id: info.id.to_string(),
                        display_name: info.display_name.to_string(),
                        description: info.description.to_string(),
                        min_players: info.min_players as u32,
                        max_players: info.max_players as u32,
                        options: info
                            .options
                            .iter()
                            .map(|o| pb::GameOption {
                                name: o.name.to_string(),
                                description: o.description.to_string(),
                                default: o.default.to_string(),
                            })
                            .collect(),
                    }
                })
                .collect(),
        }
    }

    async fn create_game_inner(
        &self,
        req: pb::CreateGameRequest,
    ) -> Result<pb::CreateGameResponse, ApiError> {
        let span = tracing::Span::current();
        span.record("game_type", req.game_type.as_str());
        let game = self.inner.registry.get(&req.game_type).ok_or_else(|| {
            let known: Vec<&str> = self.inner.registry.all().map(|g| g.info().id).collect();
            ApiError::invalid(format!(
                "unknown game type {:?}; this server plays {}",
                crate::transport_errors::clip(&req.game_type, 64),
                known.join(", ")
            ))
        })?;
        let players = req.player_count as usize;
        if req.seat_labels.len() > players {
            return Err(ApiError::invalid(format!(
                "{} seat labels for {players} seats",
                req.seat_labels.len()
            )));
        }
        if let Some(l) = req
            .seat_labels
            .iter()
            .find(|l| l.chars().count() > self.inner.opts.max_seat_label_len)
        {
            return Err(ApiError::invalid(format!(
                "seat label {:?}... is longer than {} characters",
                l.chars().take(16).collect::<String>(),
                self.inner.opts.max_seat_label_len
            )));
        }
        let seed = match req.seed {
            Some(_) if !self.inner.opts.allow_client_seed => {
                return Err(ApiError::invalid(
                    "a client seed is only accepted when the server runs with --allow-client-seed",
                ));
            }
            Some(seed) => seed,
            None => crate::auth::random_seed(),
        };
        let decision_limit_ms = match req.decision_seconds {
            None => None,
            Some(secs @ 1..=MAX_DECISION_SECONDS) => Some(u64::from(secs) * 1000),
            Some(other) => {
                return Err(ApiError::invalid(format!(
                    "decision_seconds must be 1 to {MAX_DECISION_SECONDS}, not {other}"
                )));
            }
        };
        let bots = bot_seats(&req.bots, players)?;
        let state = game.setup(req.options.as_ref(), players, seed)?;
        let mut meta = GameMeta::new(players, decision_limit_ms, crate::meta::now_ms());
        meta.bots = bots;
        meta.origin = Some(crate::meta::Origin {
            seed,
            options: req
                .options
                .as_ref()
                .map(prost::Message::encode_to_vec)
                .unwrap_or_default(),
        });
        let encoded = state.encode();
        let finished = state.finished();
        let created_unix_ms = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_millis() as u64)
            .unwrap_or(0);
        // 128 random bits: a collision is practically impossible, but retry
        // once rather than fail if it happens.
        let seat_labels: Vec<String> = (0..players)
            .map(|seat| {
                req.seat_labels
                    .get(seat)
                    .filter(|l| !l.is_empty())
                    .cloned()
                    .unwrap_or_else(|| format!("seat {seat}"))
            })
            .collect();
        let mut attempt = 0;
        let record = loop {
            let record = GameRecord {
                game_id: crate::auth::random_id(16),
                game_type: game.info().id.to_string(),
                players: players as u32,
                version: 0,
                state: encoded.clone(),
                finished,
                created_unix_ms,
                seat_labels: seat_labels.clone(),
                meta: meta.encode(),
            };
            match self.inner.store.create(&record).await {
                Ok(()) => break record,
                Err(StoreError::AlreadyExists(_)) if attempt < 2 => attempt += 1,
                Err(e) => return Err(e.into()),
            }
        };
        let game_id = record.game_id.clone();
        span.record("game_id", game_id.as_str());
        self.schedule(&game_id, deadline_note(&meta, &*state)).await;
        self.queue_bots(&game_id, 0, meta.bots_to_queue(&state.pending()))
            .await;
        self.inner.metrics.game_created(game.info().id);
        tracing::info!(game_id, game_type = game.info().id, players, "game created");
        let seats = (0..players)
            .map(|seat| pb::SeatToken {
                seat: seat as u32,
                label: seat_labels[seat].clone(),
                token: self.inner.signer.sign(&game_id, seat),
            })
            .collect();
        let snapshot = snapshot(&record, 0, &*state, Caller::Spectator);
        Ok(pb::CreateGameResponse {
            owner_token: self.inner.signer.sign_owner(&game_id),
            game_id,
            seats,
            snapshot: Some(snapshot),
        })
    }

    async fn get_game_inner(
        &self,
        req: Request<pb::GetGameRequest>,
    ) -> Result<pb::GameSnapshot, ApiError> {
        let game_id = &req.get_ref().game_id;
        check_game_id(game_id)?;
        let caller = self.caller(&req, game_id)?;
        let (record, _, state) = self.open(game_id, caller).await?;
        Ok(snapshot(&record, record.version, &*state, caller))
    }

    async fn list_legal_moves_inner(
        &self,
        req: Request<pb::ListLegalMovesRequest>,
    ) -> Result<pb::ListLegalMovesResponse, ApiError> {
        let r = req.get_ref();
        let game_id = &r.game_id;
        check_game_id(game_id)?;
        let caller = self.caller(&req, game_id)?;
        // At a version the caller names, a cached state answers without a
        // read (the token is already checked against the game id).
        if let (Caller::Seat(seat), Some(at)) = (caller, r.at_version)
            && let Some(Some(decision)) = self.inner.cache.with_state(game_id, at, |state| {
                let pending: Vec<u32> = state.pending().iter().map(|&s| s as u32).collect();
                (seat < state.players()).then(|| decision(state, at, seat, &pending))
            })
        {
            let (moves, prompt) =
                decision.map_or((Vec::new(), String::new()), |d| (d.moves, d.prompt));
            return Ok(pb::ListLegalMovesResponse {
                version: at,
                moves,
                seat: Some(seat as u32),
                prompt,
            });
        }
        let (record, _game, state) = self.open(game_id, caller).await?;
        let (moves, prompt) = match caller {
            Caller::Spectator => (Vec::new(), None),
            Caller::Seat(seat) => (state.legal_moves(seat), state.prompt(seat)),
        };
        Ok(pb::ListLegalMovesResponse {
            version: record.version,
            moves,
            seat: caller.seat().map(|s| s as u32),
            prompt: prompt.unwrap_or_default(),
        })
    }

    async fn submit_move_inner(
        &self,
        req: Request<pb::SubmitMoveRequest>,
    ) -> Result<pb::SubmitMoveResponse, ApiError> {
        let r = req.get_ref();
        check_game_id(&r.game_id)?;
        check_request_id(&r.request_id)?;
        let caller = self.caller(&req, &r.game_id)?;
        let Caller::Seat(seat) = caller else {
            return Err(ApiError::spectator_move());
        };
        if let Some(wanted) = r.seat
            && wanted as usize != seat
        {
            return Err(ApiError::other_seat(seat, wanted));
        }
        let mv = r
            .r#move
            .as_ref()
            .ok_or_else(|| ApiError::invalid("move is required"))?;
        if mv.game.is_none() {
            return Err(ApiError::invalid(
                "the move is empty: set the game's member of the Move envelope",
            ));
        }

        // A state cached at the expected version saves the read; if the game
        // moved on elsewhere, the commit's version check says so and the
        // move is served from the store.
        if let Some(cached) = self.inner.cache.take(&r.game_id, r.expected_version) {
            match self.submit_on(r, seat, mv, cached, true, None).await? {
                Step::Done(answer) => return Ok(*answer),
                Step::Retry { .. } => self.inner.cache.stale(&r.game_id),
            }
        }
        // From the store. A commit that finds the game moved on since the
        // read is tried again on the newer state (where the seat's unchanged
        // decision may still take the move, see `may_apply_later`), a
        // bounded number of times.
        let mut current = r.expected_version;
        for _ in 0..MAX_COMMIT_ATTEMPTS {
            let (record, _, state) = self.open(&r.game_id, caller).await?;
            let len = record.state.len();
            let loaded = Cached::new(record, state, len);
            match self.submit_on(r, seat, mv, loaded, false, None).await? {
                Step::Done(answer) => return Ok(*answer),
                Step::Retry { current_version } => current = current_version,
            }
        }
        Err(ApiError::conflict(r.expected_version, current))
    }

    /// SubmitMove on a state at `game.record.version`, read from the store or
    /// (`from_cache`) taken from the cache. `Retry`: the commit's version
    /// check found the game moved on since that state (nothing applied).
    async fn submit_on(
        &self,
        r: &pb::SubmitMoveRequest,
        seat: Seat,
        mv: &pb::Move,
        game_state: Cached,
        from_cache: bool,
        auto: Option<(NoticeKind, String)>,
    ) -> Result<Step, ApiError> {
        let caller = Caller::Seat(seat);
        let Cached {
            mut record,
            mut state,
            cost,
            fingerprints: known,
        } = game_state;
        let game = self.game(&record.game_type)?;
        if seat >= state.players() {
            return Err(bad_token());
        }
        let game_type = game.info().id;
        tracing::Span::current().record("game_type", game_type);
        let meta = GameMeta::read(&record);
        if auto.is_none() && meta.is_resigned(seat) {
            return Err(ApiError::new(
                tonic::Code::FailedPrecondition,
                "resigned",
                format!("seat {seat} resigned: the server plays it"),
            ));
        }
        // A bot's move is searched on an earlier version than the one it is
        // applied on: the seat may have been handed back meanwhile, or every
        // seat resigned (an abandoned game stands still). Checked on the
        // record this commit replaces, so no such move slips in.
        if matches!(auto, Some((NoticeKind::BotMove, _)))
            && (meta.abandoned(state.players())
                || (meta.bot(seat).is_none() && !meta.is_resigned(seat)))
        {
            return Err(ApiError::new(
                tonic::Code::Aborted,
                "not_a_server_seat",
                format!("the server no longer plays seat {seat}"),
            ));
        }
        if auto.is_none() && meta.bot(seat).is_some() {
            return Err(ApiError::new(
                tonic::Code::FailedPrecondition,
                "bot_seat",
                format!("a bot plays seat {seat} now (SetSeatBot gives it back)"),
            ));
        }

        if r.expected_version != record.version {
            // Only from the store (the cache hands out the expected version).
            // A retry of a move applied before gets its first answer.
            if let Some(answer) = self
                .repeated(&r.game_id, &r.request_id, game, caller)
                .await?
            {
                return Ok(Step::Done(Box::new(answer)));
            }
            if !may_apply_later(&record, &*state, seat, r.expected_version) {
                let current = record.version;
                self.inner.cache.put(Cached {
                    record,
                    state,
                    cost,
                    fingerprints: known,
                });
                return Err(ApiError::conflict(r.expected_version, current));
            }
            tracing::debug!(
                expected_version = r.expected_version,
                current = record.version,
                "the seat's decision is unchanged since the expected version: applying on the current one"
            );
        }

        let version = record.version + 1;
        let move_span = tracing::info_span!("move", game_id = %r.game_id, game_type, seat, version);
        let before = known.unwrap_or_else(|| fingerprints(&*state));
        let applied = move_span.in_scope(|| state.apply(seat, mv, caller.viewer(), version));
        let Applied {
            encoded: events,
            visible,
        } = match applied {
            Ok(applied) => applied,
            Err(e) => {
                // A refused move leaves the state as it was.
                self.inner.cache.put(Cached {
                    record,
                    state,
                    cost,
                    fingerprints: Some(before),
                });
                return match self
                    .repeated(&r.game_id, &r.request_id, game, caller)
                    .await?
                {
                    Some(answer) => Ok(Step::Done(Box::new(answer))),
                    None => {
                        let e = ApiError::from(e);
                        tracing::debug!(parent: &move_span, reason = e.reason, message = %e.message, "move refused");
                        Err(e)
                    }
                };
            }
        };
        let finished = state.finished();
        let encoded = state.encode();
        let encoded_len = encoded.len();
        // The seat that moved: its next decision and its fingerprint from one
        // computation of its legal moves.
        let mut own = None;
        let after: Vec<Option<u64>> = (0..state.players())
            .map(|s| {
                if s != seat {
                    return state.decision_fingerprint(s);
                }
                let (fp, prompt, moves) = state.decision_with_fingerprint(s)?;
                own = Some((prompt, moves));
                Some(fp)
            })
            .collect();
        let mut meta = meta.after_commit(Some(seat), &before, &after, crate::meta::now_ms());
        if let Some((kind, label)) = auto {
            meta.notice(Notice {
                version,
                seat: seat as u32,
                kind,
                label,
            });
        }
        let commit = MoveCommit {
            meta: meta.encode(),
            game_id: r.game_id.clone(),
            expected_version: record.version,
            request_id: seat_request_id(seat, &r.request_id),
            state: encoded,
            finished,
            result: events.clone(),
            events,
        };
        let outcome = self
            .inner
            .store
            .commit(commit)
            .instrument(move_span.clone())
            .await?;
        match outcome {
            CommitOutcome::Committed { version: committed } => {
                debug_assert_eq!(committed, version);
                self.inner.metrics.move_committed(game_type);
                tracing::Span::current().record("version", committed);
                tracing::debug!(parent: &move_span, finished, "move committed");
                record.version = committed;
                record.finished = finished;
                record.meta = meta.encode();
                let note = deadline_note(&meta, &*state);
                self.schedule(&r.game_id, note).await;
                self.queue_bots(&r.game_id, committed, meta.bots_to_queue(&state.pending()))
                    .await;
                let snapshot = snapshot(&record, committed, &*state, caller);
                let next_decision = match own {
                    Some((prompt, moves)) if snapshot.pending_seats.contains(&(seat as u32)) => {
                        Some(pb::Decision {
                            version: committed,
                            seat: seat as u32,
                            moves,
                            prompt,
                        })
                    }
                    _ => decision(&*state, committed, seat, &snapshot.pending_seats),
                };
                self.inner.cache.put(Cached {
                    fingerprints: Some(after),
                    ..Cached::new(record, state, encoded_len)
                });
                Ok(Step::Done(Box::new(pb::SubmitMoveResponse {
                    version: committed,
                    events: visible,
                    snapshot: Some(snapshot),
                    duplicate: false,
                    next_decision,
                })))
            }
            CommitOutcome::Duplicate { version, result } => {
                self.inner.metrics.duplicate();
                self.duplicate_answer(&r.game_id, game, caller, version, &result)
                    .await
                    .map(|a| Step::Done(Box::new(a)))
            }
            CommitOutcome::Conflict { current_version } => {
                if from_cache {
                    tracing::debug!(current_version, "the cached state was stale");
                }
                Ok(Step::Retry { current_version })
            }
            CommitOutcome::NotFound => Err(ApiError::not_found(&r.game_id)),
        }
    }

    /// The original answer if `request_id` was applied before for the
    /// caller's seat (or, recorded by a release that did not scope request
    /// ids, for the game: see [`seat_request_id`]).
    async fn repeated(
        &self,
        game_id: &str,
        request_id: &str,
        game: &dyn DynGame,
        caller: Caller,
    ) -> Result<Option<pb::SubmitMoveResponse>, ApiError> {
        let store = &self.inner.store;
        let seat = caller.seat().unwrap_or_default();
        let found = match store
            .lookup_request(game_id, &seat_request_id(seat, request_id))
            .await?
        {
            Some(found) => Some(found),
            None => store.lookup_request(game_id, request_id).await?,
        };
        match found {
            None => Ok(None),
            Some((version, result)) => {
                self.inner.metrics.duplicate();
                self.duplicate_answer(game_id, game, caller, version, &result)
                    .await
                    .map(Some)
            }
        }
    }

    async fn duplicate_answer(
        &self,
        game_id: &str,
        game: &dyn DynGame,
        caller: Caller,
        version: u64,
        result: &[u8],
    ) -> Result<pb::SubmitMoveResponse, ApiError> {
        tracing::Span::current().record("version", version);
        let events = game.events_for(result, caller.viewer(), version)?;
        let (record, _, state) = self.open(game_id, caller).await?;
        let snapshot = snapshot(&record, record.version, &*state, caller);
        let next_decision = caller
            .seat()
            .and_then(|seat| decision(&*state, record.version, seat, &snapshot.pending_seats));
        Ok(pb::SubmitMoveResponse {
            version,
            events,
            snapshot: Some(snapshot),
            duplicate: true,
            next_decision,
        })
    }

    async fn watch_game_inner(
        &self,
        req: Request<pb::WatchGameRequest>,
    ) -> Result<ReceiverStream<Result<pb::WatchGameResponse, Status>>, ApiError> {
        let r = req.get_ref();
        check_game_id(&r.game_id)?;
        let caller = self.caller(&req, &r.game_id)?;
        let Ok(permit) = self.inner.watchers.clone().try_acquire_owned() else {
            self.inner.metrics.shed();
            return Err(ApiError::overloaded("watchers"));
        };
        // A seat is one client wherever it connects from; a spectator is its
        // address (behind a gateway: the gateway's, so the gateway's own
        // limits apply there).
        let client = match caller {
            Caller::Seat(s) => format!("seat {s} of {}", r.game_id),
            Caller::Spectator => format!(
                "spectator at {}",
                req.remote_addr()
                    .map(|a| a.ip().to_string())
                    .unwrap_or_default()
            ),
        };
        let Some(client_permit) = self.client_watch(client) else {
            self.inner.metrics.shed();
            return Err(ApiError::new(
                tonic::Code::ResourceExhausted,
                "client_watchers",
                format!(
                    "this client has {} WatchGame streams open already; close one first",
                    self.inner.opts.max_watchers_per_client
                ),
            ));
        };
        let record = self.load(&r.game_id).await?;
        self.game(&record.game_type)?;
        if let Caller::Seat(s) = caller
            && s >= record.players as usize
        {
            return Err(ApiError::new(
                tonic::Code::Unauthenticated,
                "bad_token",
                "the seat token is not valid for this game",
            ));
        }
        let (tx, rx) = mpsc::channel(8);
        let this = self.clone();
        let game_id = r.game_id.clone();
        let after = r.after_version;
        let with_decisions = r.with_decisions;
        let span = tracing::info_span!("watch", game_id = %game_id, game_type = %record.game_type, seat = ?caller.seat(), after_version = after);
        tokio::spawn(
            async move {
                let _permit = permit;
                let _client_permit = client_permit;
                this.inner.metrics.watcher_started();
                let end = this
                    .watch_loop(&game_id, &record, caller, after, with_decisions, &tx)
                    .await;
                this.inner.metrics.watcher_ended();
                match end {
                    Ok(last) => tracing::debug!(last, "watch ended"),
                    Err(e) => {
                        tracing::debug!(code = ?e.code(), message = e.message(), "watch ended with an error");
                        let _ = tx.send(Err(e)).await;
                    }
                }
            }
            .instrument(span),
        );
        Ok(ReceiverStream::new(rx))
    }

    /// Sends one message per version after `last` until the game is finished
    /// (returns the last version sent), the client goes away, or the server
    /// stops (an UNAVAILABLE error).
    async fn watch_loop(
        &self,
        game_id: &str,
        initial: &GameRecord,
        caller: Caller,
        mut last: u64,
        with_decisions: bool,
        tx: &mpsc::Sender<Result<pb::WatchGameResponse, Status>>,
    ) -> Result<u64, Status> {
        let store = &self.inner.store;
        let game = self.game(&initial.game_type).map_err(Status::from)?;
        let mut stopping = self.inner.stopping.clone();
        let unavailable = |last: u64| {
            Status::unavailable(format!(
                "the server is shutting down; resume with after_version = {last}"
            ))
        };
        if initial.finished && last >= initial.version {
            return Ok(last);
        }
        loop {
            if *stopping.borrow() {
                return Err(unavailable(last));
            }
            let entries = store
                .events_after(game_id, last, self.inner.opts.watch_batch)
                .await
                .map_err(|e| Status::from(ApiError::from(e)))?;
            if entries.is_empty() {
                tokio::select! {
                    r = store.wait_for_change(game_id, last, self.inner.opts.watch_poll) => {
                        r.map_err(|e| Status::from(ApiError::from(e)))?;
                    }
                    _ = stopping.changed() => return Err(unavailable(last)),
                    _ = tx.closed() => return Ok(last),
                }
                continue;
            }
            // Read after the entries: a finished game never moves again, so
            // the entry at the record's version is the final one iff finished.
            let record = self.load(game_id).await.map_err(Status::from)?;
            for entry in entries {
                if entry.version != last + 1 {
                    return Err(Status::internal(format!(
                        "the event log of game {game_id} skips from version {last} to {}",
                        entry.version
                    )));
                }
                let finished = record.finished && entry.version == record.version;
                let decision = match caller {
                    Caller::Seat(seat)
                        if with_decisions && !finished && entry.version == record.version =>
                    {
                        self.watch_decision(game, &record, seat)?
                    }
                    _ => None,
                };
                let notices = GameMeta::read(&record)
                    .notices
                    .iter()
                    .filter(|n| n.version == entry.version)
                    .map(notice_pb)
                    .collect();
                let msg = pb::WatchGameResponse {
                    notices,
                    version: entry.version,
                    events: game
                        .events_for(&entry.events, caller.viewer(), entry.version)
                        .map_err(|e| Status::from(ApiError::from(e)))?,
                    finished,
                    decision,
                };
                if tx.send(Ok(msg)).await.is_err() {
                    return Ok(last);
                }
                last = entry.version;
            }
            if record.finished && last >= record.version {
                return Ok(last);
            }
        }
    }
}

// ---------------------------------------------------------------- hosted play

mod bots;
use bots::bot_seats;

/// A change refused because the game is over.
fn game_over() -> ApiError {
    ApiError::new(
        tonic::Code::FailedPrecondition,
        "game_over",
        "the game is over",
    )
}

impl<S: GameStore> GameServiceImpl<S> {
    /// Notes the game's next deadline in the store (or removes the note):
    /// only for games with a time limit or a resigned seat.
    async fn schedule(&self, game_id: &str, note: Option<Option<u64>>) {
        let Some(at) = note else { return };
        if let Err(e) = self.inner.store.set_deadline(game_id, at).await {
            // The note stays as it was; the scanner re-reads the game anyway.
            tracing::warn!(game_id, error = %e, "could not note the game's next deadline");
        }
    }

    async fn export_game_inner(
        &self,
        req: pb::ExportGameRequest,
    ) -> Result<pb::GameExport, ApiError> {
        let game_id = &req.game_id;
        check_game_id(game_id)?;
        let (record, game, state) = self.open(game_id, Caller::Spectator).await?;
        let refuse = |reason, message: String| {
            ApiError::new(tonic::Code::FailedPrecondition, reason, message)
        };
        if !record.finished {
            return Err(refuse(
                "game_in_play",
                format!(
                    "game {game_id} is still in play (version {}): only a finished game is \
                     exported, its seed and secrets revealed",
                    record.version
                ),
            ));
        }
        let meta = GameMeta::read(&record);
        let Some(origin) = meta.origin.clone() else {
            return Err(refuse(
                "not_exportable",
                format!(
                    "game {game_id} was created by an earlier release, which did not keep its \
                     seed and options"
                ),
            ));
        };
        let options = if origin.options.is_empty() {
            None
        } else {
            Some(
                <pb::GameOptions as prost::Message>::decode(&origin.options[..]).map_err(|e| {
                    ApiError::from(GameError::Corrupt(format!("the stored options: {e}")))
                })?,
            )
        };
        let mut versions = Vec::with_capacity(record.version as usize);
        loop {
            let after = versions
                .last()
                .map_or(0, |v: &pb::ExportedVersion| v.version);
            let batch = self.inner.store.events_after(game_id, after, 512).await?;
            if batch.is_empty() {
                break;
            }
            for entry in batch {
                let (seat, mv) = match game.logged_move(&entry.events, entry.version)? {
                    LoggedMove::Move { seat, mv } => (Some(seat as u32), Some(mv)),
                    LoggedMove::None => (None, None),
                    LoggedMove::Unknown => {
                        return Err(refuse(
                            "not_exportable",
                            format!(
                                "version {} of game {game_id} was logged by an earlier release, \
                                 which did not keep the move",
                                entry.version
                            ),
                        ));
                    }
                };
                versions.push(pb::ExportedVersion {
                    version: entry.version,
                    seat,
                    r#move: mv,
                    events: game.events_for(&entry.events, Viewer::Omniscient, entry.version)?,
                    notices: meta
                        .notices
                        .iter()
                        .filter(|n| n.version == entry.version)
                        .map(notice_pb)
                        .collect(),
                });
            }
        }
        let logged: Vec<u64> = versions.iter().map(|v| v.version).collect();
        if logged != (1..=record.version).collect::<Vec<_>>() {
            return Err(GameError::Corrupt(format!(
                "the event log of game {game_id} does not hold versions 1 to {} in order",
                record.version
            ))
            .into());
        }
        Ok(pb::GameExport {
            game_id: record.game_id.clone(),
            game_type: record.game_type.clone(),
            player_count: record.players,
            options,
            seed: origin.seed,
            seat_labels: record.seat_labels.clone(),
            created_unix_ms: record.created_unix_ms,
            versions,
            final_view: Some(state.view(Viewer::Omniscient)),
            outcome: state.outcome().map(outcome_pb),
            decision_seconds: meta.decision_limit_ms.map(|ms| (ms / 1000) as u32),
        })
    }

    async fn resign_inner(
        &self,
        req: Request<pb::ResignRequest>,
    ) -> Result<pb::GameSnapshot, ApiError> {
        let game_id = req.get_ref().game_id.clone();
        check_game_id(&game_id)?;
        let caller = self.caller(&req, &game_id)?;
        let Caller::Seat(seat) = caller else {
            return Err(ApiError::spectator_move());
        };
        let (record, state) = self
            .commit_meta_change(
                &game_id,
                Some(seat),
                |_| seat_request_id(seat, "~resign"),
                |meta, state, version| {
                    if meta.is_resigned(seat) {
                        return Ok(false);
                    }
                    if state.finished() {
                        return Err(game_over());
                    }
                    meta.resigned.push(seat as u32);
                    meta.resigned.sort_unstable();
                    meta.notice(Notice {
                        version,
                        seat: seat as u32,
                        kind: NoticeKind::Resigned,
                        label: String::new(),
                    });
                    meta.bot_for_resigned(seat, state.players());
                    Ok(true)
                },
            )
            .await?;
        tracing::info!(game_id, seat, "seat resigned");
        let meta = GameMeta::read(&record);
        if meta.bot(seat).is_some() && state.pending().contains(&seat) {
            self.queue_bots(&game_id, record.version, vec![seat]).await;
        }
        Ok(snapshot(&record, record.version, &*state, caller))
    }

    /// Commits a version that changes only the server's meta (a
    /// resignation, a seat handed to a bot or back), retried on a fresh read
    /// when the game moved meanwhile. `change` gets the meta of the new
    /// version (`version`) and the state, and says whether it changed
    /// anything (`false`: nothing is committed). `seat` must fit the game;
    /// `request_id` of the version read: the store's key for the commit.
    /// Returns the game after it.
    async fn commit_meta_change(
        &self,
        game_id: &str,
        seat: Option<Seat>,
        request_id: impl Fn(u64) -> String,
        change: impl Fn(&mut GameMeta, &dyn DynState, u64) -> Result<bool, ApiError>,
    ) -> Result<(GameRecord, Box<dyn DynState>), ApiError> {
        let caller = seat.map_or(Caller::Spectator, Caller::Seat);
        for _ in 0..MAX_COMMIT_ATTEMPTS {
            let (record, game, state) = self.open(game_id, caller).await?;
            let version = record.version + 1;
            let fp = fingerprints(&*state);
            // The state does not change: every decision stays as it is.
            let mut next =
                GameMeta::read(&record).after_commit(None, &fp, &fp, crate::meta::now_ms());
            if !change(&mut next, &*state, version)? {
                return Ok((record, state));
            }
            let events = game.no_events();
            let outcome = self
                .inner
                .store
                .commit(MoveCommit {
                    game_id: game_id.to_owned(),
                    expected_version: record.version,
                    request_id: request_id(record.version),
                    state: record.state.clone(),
                    finished: false,
                    events: events.clone(),
                    result: events,
                    meta: next.encode(),
                })
                .await?;
            match outcome {
                CommitOutcome::Committed { .. } | CommitOutcome::Duplicate { .. } => {
                    let record = self.load(game_id).await?;
                    let state = game.decode(&record.state)?;
                    let note = deadline_note(&GameMeta::read(&record), &*state);
                    self.schedule(game_id, note).await;
                    return Ok((record, state));
                }
                CommitOutcome::Conflict { .. } => continue,
                CommitOutcome::NotFound => return Err(ApiError::not_found(game_id)),
            }
        }
        Err(ApiError::new(
            tonic::Code::Aborted,
            "version_conflict",
            "the game kept moving; retry",
        ))
    }

    /// The replica's deadline scanner: every `poll`, the games whose note is
    /// due get their default moves (any replica may run it at the same time:
    /// each default move is committed under a request id derived from the
    /// version and the seat, so it is applied once).
    pub async fn run_deadlines(self, mut stopping: watch::Receiver<bool>) {
        let poll = self.inner.opts.deadline_poll;
        loop {
            tokio::select! {
                _ = tokio::time::sleep(poll) => {}
                _ = stopping.changed() => {
                    if *stopping.borrow() { return; }
                }
            }
            let now = crate::meta::now_ms();
            let due = match self.inner.store.due_games(now, 32).await {
                Ok(due) => due,
                Err(e) => {
                    tracing::debug!(error = %e, "deadline scan failed");
                    continue;
                }
            };
            for game_id in due {
                if let Err(e) = self.act_on_deadline(&game_id, now).await {
                    tracing::warn!(game_id, code = ?e.code, message = %e.message, "default move failed; retrying later");
                    let _ = self
                        .inner
                        .store
                        .set_deadline(&game_id, Some(now + 5_000))
                        .await;
                }
            }
        }
    }

    /// Makes the default move of the first pending seat past its deadline
    /// (or notes the game's next deadline when none is); queues the work of
    /// bot seats pending for long again.
    async fn act_on_deadline(&self, game_id: &str, now: u64) -> Result<(), ApiError> {
        let store = &self.inner.store;
        let Some(record) = store.load(game_id).await? else {
            store.set_deadline(game_id, None).await?;
            return Ok(());
        };
        let game = self.game(&record.game_type)?;
        let state = game.decode(&record.state)?;
        let meta = GameMeta::read(&record);
        let pending = state.pending();
        self.queue_bots(game_id, record.version, meta.overdue_bots(&pending, now))
            .await;
        let Some((seat, kind)) = meta.expired(&pending, state.players(), now) else {
            let note = deadline_note(&meta, &*state);
            drop(state);
            self.schedule(game_id, note).await;
            return Ok(());
        };
        let moves = state.legal_moves(seat);
        if moves.is_empty() {
            return Err(ApiError::new(
                tonic::Code::Internal,
                "internal",
                format!("seat {seat} is pending without a legal move"),
            ));
        }
        let chosen = moves
            [crate::meta::default_choice(&record.state, record.version, seat, moves.len())]
        .clone();
        tracing::info!(
            game_id,
            seat,
            version = record.version,
            ?kind,
            label = chosen.label,
            "default move"
        );
        let expected = record.version;
        let len = record.state.len();
        // Someone moved meanwhile (`Retry`): the next scan looks again.
        self.server_move(
            Cached::new(record, state, len),
            expected,
            seat,
            chosen,
            kind,
            "~default",
        )
        .await
        .map(|_| ())
    }

    /// A move the server makes for `seat` (`chosen` at version `expected`),
    /// through the ordinary commit under the request id `<prefix>
    /// <expected>` scoped to the seat: whichever replica commits it first
    /// applies it, any other gets the first answer.
    async fn server_move(
        &self,
        current: Cached,
        expected: u64,
        seat: Seat,
        chosen: pb::LegalMove,
        kind: NoticeKind,
        prefix: &str,
    ) -> Result<Step, ApiError> {
        let mv = chosen.r#move.unwrap_or_default();
        let r = pb::SubmitMoveRequest {
            game_id: current.record.game_id.clone(),
            expected_version: expected,
            // A space never occurs in a client's request id.
            request_id: format!("{prefix} {expected}"),
            r#move: Some(mv.clone()),
            seat: Some(seat as u32),
        };
        self.submit_on(&r, seat, &mv, current, false, Some((kind, chosen.label)))
            .await
    }

    /// The decision of `seat` at the version of `record` for a watcher: from
    /// the cached state of that version if there is one, else from the record.
    fn watch_decision(
        &self,
        game: &dyn DynGame,
        record: &GameRecord,
        seat: Seat,
    ) -> Result<Option<pb::Decision>, Status> {
        let of = |state: &dyn DynState| {
            let pending: Vec<u32> = state.pending().iter().map(|&s| s as u32).collect();
            decision(state, record.version, seat, &pending)
        };
        if let Some(d) = self
            .inner
            .cache
            .with_state(&record.game_id, record.version, of)
        {
            return Ok(d);
        }
        let state = game
            .decode(&record.state)
            .map_err(|e| Status::from(ApiError::from(e)))?;
        Ok(of(&*state))
    }
}

/// What [`GameServiceImpl::schedule`] notes for a game: nothing (`None`)
/// for a game without a time limit or resigned seat, else its next deadline
/// (`Some(None)`: none, remove the note).
fn deadline_note(meta: &GameMeta, state: &dyn DynState) -> Option<Option<u64>> {
    if meta.decision_limit_ms.is_none() && meta.resigned.is_empty() && meta.bots.is_empty() {
        return None;
    }
    Some(if state.finished() {
        None
    } else {
        meta.next_deadline(&state.pending(), state.players(), crate::meta::now_ms())
    })
}

/// Longest `CreateGame.decision_seconds` (a week).
const MAX_DECISION_SECONDS: u32 = 7 * 24 * 3600;

/// How often one SubmitMove reads the game again after its commit found the
/// game moved on (each time re-checking `may_apply_later`).
const MAX_COMMIT_ATTEMPTS: usize = 8;

/// What one attempt of SubmitMove came to.
enum Step {
    Done(Box<pb::SubmitMoveResponse>),
    /// The game moved on since the state the move was applied to.
    Retry {
        current_version: u64,
    },
}

/// Whether a move of `seat` chosen at `expected` may be applied on the
/// newer `record` (the rule for simultaneous decisions): the seat is pending
/// now and its decision (what it is asked and its legal moves) has not
/// changed since `expected`, so the other seats' moves in between changed
/// nothing it chose from. The commit still checks the version the move was
/// applied on. Unknown decision versions (a record of an earlier release)
/// allow nothing.
fn may_apply_later(record: &GameRecord, state: &dyn DynState, seat: Seat, expected: u64) -> bool {
    expected < record.version
        && GameMeta::read(record).unchanged_since(seat, expected)
        && state.pending().contains(&seat)
}

/// Every seat's decision fingerprint (`None`: not pending).
fn fingerprints(state: &dyn DynState) -> Vec<Option<u64>> {
    (0..state.players())
        .map(|s| state.decision_fingerprint(s))
        .collect()
}

/// The key under which the store records a request id: scoped to the seat,
/// so a seat reusing another seat's id neither gets the other's answer nor
/// loses its own move. The space cannot occur in a request id (printable
/// ASCII without spaces, [`check_request_id`]), so a scoped key never equals
/// an id recorded unscoped by an earlier release; those old entries are still
/// looked up when a move is stale or refused (a retry across the upgrade gets
/// its first answer), but never make the commit skip a move.
pub fn seat_request_id(seat: Seat, request_id: &str) -> String {
    format!("{seat} {request_id}")
}

/// A seat token whose seat the game does not have.
fn bad_token() -> ApiError {
    ApiError::new(
        tonic::Code::Unauthenticated,
        "bad_token",
        "the seat token is not valid for this game",
    )
}

/// What `seat` may decide at `version`, if it is pending (`pending`: the
/// pending seats, as a snapshot lists them).
fn decision(
    state: &dyn DynState,
    version: u64,
    seat: Seat,
    pending: &[u32],
) -> Option<pb::Decision> {
    if !pending.contains(&(seat as u32)) {
        return None;
    }
    Some(pb::Decision {
        version,
        seat: seat as u32,
        moves: state.legal_moves(seat),
        prompt: state.prompt(seat).unwrap_or_default(),
    })
}

/// The snapshot of a game for `caller`.
pub fn snapshot(
    record: &GameRecord,
    version: u64,
    state: &dyn DynState,
    caller: Caller,
) -> pb::GameSnapshot {
    let pending = state.pending();
    let finished = pending.is_empty();
    pb::GameSnapshot {
        game_id: record.game_id.clone(),
        game_type: record.game_type.clone(),
        seat_labels: record.seat_labels.clone(),
        version,
        status: if finished {
            pb::GameStatus::Finished
        } else {
            pb::GameStatus::InProgress
        } as i32,
        pending_seats: pending.iter().map(|&s| s as u32).collect(),
        view: Some(state.view(caller.viewer())),
        outcome: if finished {
            state.outcome().map(outcome_pb)
        } else {
            None
        },
        player_count: state.players() as u32,
        your_seat: caller.seat().map(|s: Seat| s as u32),
        ..hosted_play(record, state, finished)
    }
}

/// The snapshot's fields of hosted play: resignations, clocks, notices.
fn hosted_play(record: &GameRecord, state: &dyn DynState, finished: bool) -> pb::GameSnapshot {
    let meta = GameMeta::read(record);
    let players = state.players();
    let clocks = if finished {
        Vec::new()
    } else {
        meta.deadlines(&state.pending(), crate::meta::now_ms())
            .into_iter()
            .map(|(seat, at)| pb::SeatClock {
                seat: seat as u32,
                deadline_unix_ms: at,
            })
            .collect()
    };
    pb::GameSnapshot {
        resigned_seats: meta.resigned.clone(),
        abandoned: meta.abandoned(players),
        decision_seconds: meta.decision_limit_ms.map(|ms| (ms / 1000) as u32),
        clocks,
        notices: meta.notices.iter().map(notice_pb).collect(),
        bot_seats: meta
            .bots
            .iter()
            .map(|b| pb::BotSeat {
                seat: b.seat,
                strength: b.strength.clone(),
            })
            .collect(),
        ..Default::default()
    }
}

pub fn notice_pb(n: &Notice) -> pb::SeatNotice {
    pb::SeatNotice {
        version: n.version,
        seat: n.seat,
        kind: match n.kind {
            NoticeKind::TimedOut => pb::SeatNoticeKind::TimedOut,
            NoticeKind::Resigned => pb::SeatNoticeKind::Resigned,
            NoticeKind::BotMove => pb::SeatNoticeKind::BotMove,
            NoticeKind::BotSeat => pb::SeatNoticeKind::BotSeat,
            NoticeKind::PlayerSeat => pb::SeatNoticeKind::PlayerSeat,
        } as i32,
        label: n.label.clone(),
    }
}

pub fn outcome_pb(o: Outcome) -> pb::Outcome {
    pb::Outcome {
        results: o
            .results
            .into_iter()
            .map(|r| pb::SeatResult {
                seat: r.seat as u32,
                score: r.score,
                rank: r.rank,
            })
            .collect(),
        tie_break: o.tie_break,
    }
}

type WatchStream =
    Pin<Box<dyn Stream<Item = Result<pb::WatchGameResponse, Status>> + Send + 'static>>;

#[tonic::async_trait]
impl<S: GameStore> pb::game_service_server::GameService for GameServiceImpl<S> {
    #[tracing::instrument(name = "ListGameTypes", skip_all)]
    async fn list_game_types(
        &self,
        _req: Request<pb::ListGameTypesRequest>,
    ) -> Result<Response<pb::ListGameTypesResponse>, Status> {
        Ok(Response::new(self.list_game_types_inner()))
    }

    #[tracing::instrument(name = "CreateGame", skip_all, fields(game_id = field::Empty, game_type = field::Empty))]
    async fn create_game(
        &self,
        req: Request<pb::CreateGameRequest>,
    ) -> Result<Response<pb::CreateGameResponse>, Status> {
        self.guarded(self.create_game_inner(req.into_inner()))
            .await
            .map(Response::new)
            .map_err(log_refusal)
    }

    #[tracing::instrument(name = "GetGame", skip_all, fields(game_id = %req.get_ref().game_id, seat = field::Empty))]
    async fn get_game(
        &self,
        req: Request<pb::GetGameRequest>,
    ) -> Result<Response<pb::GameSnapshot>, Status> {
        self.guarded(self.get_game_inner(req))
            .await
            .map(Response::new)
            .map_err(log_refusal)
    }

    #[tracing::instrument(name = "ListLegalMoves", skip_all, fields(game_id = %req.get_ref().game_id, seat = field::Empty))]
    async fn list_legal_moves(
        &self,
        req: Request<pb::ListLegalMovesRequest>,
    ) -> Result<Response<pb::ListLegalMovesResponse>, Status> {
        self.guarded(self.list_legal_moves_inner(req))
            .await
            .map(Response::new)
            .map_err(log_refusal)
    }

    #[tracing::instrument(
        name = "SubmitMove",
        skip_all,
        fields(
            game_id = %req.get_ref().game_id,
            game_type = field::Empty,
            seat = field::Empty,
            expected_version = req.get_ref().expected_version,
            version = field::Empty,
        )
    )]
    async fn submit_move(
        &self,
        req: Request<pb::SubmitMoveRequest>,
    ) -> Result<Response<pb::SubmitMoveResponse>, Status> {
        let started = Instant::now();
        let result = self.guarded(self.submit_move_inner(req)).await;
        let m = &self.inner.metrics;
        match result {
            Ok(resp) => {
                m.submit_latency(started.elapsed(), tonic::Code::Ok);
                Ok(Response::new(resp))
            }
            Err(e) => {
                m.submit_latency(started.elapsed(), e.code);
                m.rejected(&e);
                Err(log_refusal(e))
            }
        }
    }

    type WatchGameStream = WatchStream;

    #[tracing::instrument(name = "WatchGame", skip_all, fields(game_id = %req.get_ref().game_id, seat = field::Empty, after_version = req.get_ref().after_version))]
    async fn watch_game(
        &self,
        req: Request<pb::WatchGameRequest>,
    ) -> Result<Response<Self::WatchGameStream>, Status> {
        let stream = self.watch_game_inner(req).await.map_err(log_refusal)?;
        Ok(Response::new(Box::pin(stream) as WatchStream))
    }

    #[tracing::instrument(name = "GetServerStats", skip_all)]
    async fn get_server_stats(
        &self,
        _req: Request<pb::GetServerStatsRequest>,
    ) -> Result<Response<pb::ServerStats>, Status> {
        if !self.inner.opts.public_stats {
            return Err(Status::permission_denied(
                "GetServerStats is off on this port (signoria serve --public-stats turns it on); \
                 the same figures are on the admin port's GET /metrics (--admin-listen)",
            ));
        }
        Ok(Response::new(self.stats()))
    }

    #[tracing::instrument(name = "Resign", skip_all, fields(game_id = %req.get_ref().game_id, seat = field::Empty))]
    async fn resign(
        &self,
        req: Request<pb::ResignRequest>,
    ) -> Result<Response<pb::ResignResponse>, Status> {
        self.guarded(self.resign_inner(req))
            .await
            .map(|snapshot| {
                Response::new(pb::ResignResponse {
                    snapshot: Some(snapshot),
                })
            })
            .map_err(log_refusal)
    }

    #[tracing::instrument(name = "ExportGame", skip_all, fields(game_id = %req.get_ref().game_id))]
    async fn export_game(
        &self,
        req: Request<pb::ExportGameRequest>,
    ) -> Result<Response<pb::GameExport>, Status> {
        self.guarded(self.export_game_inner(req.into_inner()))
            .await
            .map(Response::new)
            .map_err(log_refusal)
    }

    #[tracing::instrument(name = "SetSeatBot", skip_all, fields(game_id = %req.get_ref().game_id, seat = req.get_ref().seat))]
    async fn set_seat_bot(
        &self,
        req: Request<pb::SetSeatBotRequest>,
    ) -> Result<Response<pb::SetSeatBotResponse>, Status> {
        self.guarded(self.set_seat_bot_inner(req))
            .await
            .map(Response::new)
            .map_err(log_refusal)
    }

    #[tracing::instrument(name = "SuggestMove", skip_all, fields(game_id = %req.get_ref().game_id, seat = field::Empty))]
    async fn suggest_move(
        &self,
        req: Request<pb::SuggestMoveRequest>,
    ) -> Result<Response<pb::SuggestMoveResponse>, Status> {
        self.guarded(self.suggest_move_inner(req))
            .await
            .map(Response::new)
            .map_err(log_refusal)
    }

    #[tracing::instrument(name = "GetCatalog", skip_all)]
    async fn get_catalog(
        &self,
        req: Request<pb::GetCatalogRequest>,
    ) -> Result<Response<pb::Catalog>, Status> {
        self.catalog_inner(req.into_inner())
            .map(Response::new)
            .map_err(log_refusal)
    }
}

/// Logs a refusal at a level that fits its cause and turns it into a status.
fn log_refusal(e: ApiError) -> Status {
    use tonic::Code::*;
    match e.code {
        Internal | Unavailable | DeadlineExceeded | Unimplemented => {
            tracing::warn!(code = ?e.code, reason = e.reason, message = %e.message, "request failed")
        }
        _ => {
            tracing::debug!(code = ?e.code, reason = e.reason, message = %e.message, "request refused")
        }
    }
    e.into_status()
}
