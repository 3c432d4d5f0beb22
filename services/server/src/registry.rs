//! The games this server plays.
//!
//! The server knows games only through [`DynGame`] (object-safe, one
//! implementation for every [`ProtoGame`] that has an [`Envelope`]) and the
//! decoded states it hands out as [`DynState`]. Adding a game means:
//! 1. its `oneof game` member in each envelope of `signoria.proto` (and its
//!    `extern_path` in `build.rs`, its crate in `Cargo.toml`), and
//! 2. one line in the `games!` list below.

use std::collections::BTreeMap;
use std::marker::PhantomData;

use signoria_bots::Budget;
use signoria_engine::game::filter_events;
use signoria_engine::{
    GameInfo, LoggedMove, Outcome, ProtoGame, RuleError, RuleErrorKind, Scoped, Seat, Viewer,
    decode_events, decode_logged_move, decode_state, encode_events, encode_move_events,
    encode_state,
};

use crate::pb;

/// How a game's typed messages go into and out of the common envelopes.
/// Written by the [`envelope!`] macro.
pub trait Envelope: ProtoGame {
    fn wrap_options(pb: Self::OptionsPb) -> pb::game_options::Game;
    fn unwrap_options(env: &pb::game_options::Game) -> Option<&Self::OptionsPb>;
    fn wrap_move(pb: Self::MovePb) -> pb::r#move::Game;
    fn unwrap_move(env: &pb::r#move::Game) -> Option<&Self::MovePb>;
    fn wrap_view(pb: Self::ViewPb) -> pb::view::Game;
    fn wrap_event(pb: Self::EventPb) -> pb::event::Game;
}

/// `envelope!(GameType, OneofVariant)`: the game's member of every envelope
/// `oneof game` is `OneofVariant`.
macro_rules! envelope {
    ($game:ty, $variant:ident) => {
        impl Envelope for $game {
            fn wrap_options(pb: Self::OptionsPb) -> pb::game_options::Game {
                pb::game_options::Game::$variant(pb)
            }
            #[allow(unreachable_patterns)]
            fn unwrap_options(env: &pb::game_options::Game) -> Option<&Self::OptionsPb> {
                match env {
                    pb::game_options::Game::$variant(x) => Some(x),
                    _ => None,
                }
            }
            fn wrap_move(pb: Self::MovePb) -> pb::r#move::Game {
                pb::r#move::Game::$variant(pb)
            }
            #[allow(unreachable_patterns)]
            fn unwrap_move(env: &pb::r#move::Game) -> Option<&Self::MovePb> {
                match env {
                    pb::r#move::Game::$variant(x) => Some(x),
                    _ => None,
                }
            }
            fn wrap_view(pb: Self::ViewPb) -> pb::view::Game {
                pb::view::Game::$variant(pb)
            }
            fn wrap_event(pb: Self::EventPb) -> pb::event::Game {
                pb::event::Game::$variant(pb)
            }
        }
    };
}

/// `games! { OneofVariant => GameType, ... }`: the envelope glue of every game
/// and the list [`Registry::builtin`] registers.
macro_rules! games {
    ($($variant:ident => $game:ty),* $(,)?) => {
        $(envelope!($game, $variant);)*

        fn builtin_games() -> Vec<Box<dyn DynGame>> {
            vec![$(Box::new(Registered::<$game>::new())),*]
        }
    };
}

// ---- one line per game (plus its `oneof game` member in signoria.proto) ----
games! {
    LorenzoIlMagnifico => signoria_lorenzo_il_magnifico::LorenzoIlMagnifico,
    Wallenstein => signoria_wallenstein::Wallenstein,
    PaxRenaissance => signoria_pax_renaissance::PaxRenaissance,
    AgeOfRenaissance => signoria_age_of_renaissance::AgeOfRenaissance,
    ElisabethI => signoria_elisabeth_i::ElisabethI,
}

/// Why a game operation failed; [`crate::errors`] maps these to status codes.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// Options, player count or an envelope that does not fit this game.
    #[error("{0}")]
    InvalidArgument(String),
    /// The rules refused the move.
    #[error("{0}")]
    Rule(RuleError),
    /// The stored state or events cannot be read by this release.
    #[error("{0}")]
    Corrupt(String),
}

/// A decoded game state, ready for one request.
pub trait DynState: Send {
    fn players(&self) -> usize;
    fn pending(&self) -> Vec<Seat>;
    fn finished(&self) -> bool {
        self.pending().is_empty()
    }
    fn outcome(&self) -> Option<Outcome>;
    /// The view of `viewer` in its envelope.
    fn view(&self, viewer: Viewer) -> pb::View;
    /// The legal moves of `seat` in their envelopes, with labels.
    fn legal_moves(&self, seat: Seat) -> Vec<pb::LegalMove>;
    /// What the game asks of `seat` now, if it is pending.
    fn prompt(&self, seat: Seat) -> Option<String>;
    /// A hash of `seat`'s decision now (its prompt and legal moves), `None`
    /// when it is not pending: equal fingerprints of two states mean the seat
    /// is asked the same thing with the same choices. Computed in this process
    /// only (never stored).
    fn decision_fingerprint(&self, seat: Seat) -> Option<u64>;
    /// `seat`'s prompt and legal moves (as [`DynState::prompt`] and
    /// [`DynState::legal_moves`]) with their fingerprint, from one computation
    /// of the legal moves; `None` when it is not pending. The commit path
    /// needs both for the seat that moved.
    fn decision_with_fingerprint(&self, seat: Seat) -> Option<(u64, String, Vec<pb::LegalMove>)>;
    /// Validate and apply a move of `seat`; returns the encoded events
    /// (`encode_events`, for the log) and the events `viewer` may
    /// see, in envelopes carrying `version`. On `Err` the state is unchanged.
    fn apply(
        &mut self,
        seat: Seat,
        mv: &pb::Move,
        viewer: Viewer,
        version: u64,
    ) -> Result<Applied, GameError>;
    /// The stored form of the state (`encode_state`).
    fn encode(&self) -> Vec<u8>;
    /// The search bot's move for `seat` with its label
    /// ([`signoria_bots::choose_move`]): deterministic for a seed and an
    /// iteration budget, and using only what `seat` may see. `None` when the
    /// seat is not pending.
    fn bot_move(&self, seat: Seat, strength: &Budget, seed: u64) -> Option<pb::LegalMove>;
}

/// What a move produced.
#[derive(Debug, Clone, PartialEq)]
pub struct Applied {
    /// The move's events as `encode_events` writes them: what the event log stores.
    pub encoded: Vec<u8>,
    /// The events the mover may see.
    pub visible: Vec<pb::Event>,
}

/// One game type, object-safe.
pub trait DynGame: Send + Sync {
    fn info(&self) -> &GameInfo;
    /// Deal out a new game. `options` = `None` means the defaults; options for
    /// another game are an `InvalidArgument`.
    fn setup(
        &self,
        options: Option<&pb::GameOptions>,
        players: usize,
        seed: u64,
    ) -> Result<Box<dyn DynState>, GameError>;
    /// Read a stored state.
    fn decode(&self, state: &[u8]) -> Result<Box<dyn DynState>, GameError>;
    /// An event log entry with no events (a version that changed no state,
    /// such as a resignation).
    fn no_events(&self) -> Vec<u8>;
    /// The names of the game's numbered things ([`Game::catalog`]).
    ///
    /// [`Game::catalog`]: signoria_engine::Game::catalog
    fn catalog(&self) -> Vec<signoria_engine::CatalogSection>;
    /// The events of one logged version that `viewer` may see, in envelopes
    /// carrying `version`.
    fn events_for(
        &self,
        encoded: &[u8],
        viewer: Viewer,
        version: u64,
    ) -> Result<Vec<pb::Event>, GameError>;
    /// The move one logged version keeps, in its envelope.
    fn logged_move(&self, encoded: &[u8], version: u64) -> Result<LoggedMove<pb::Move>, GameError>;
}

/// [`DynGame`] for a typed game.
pub struct Registered<G> {
    info: GameInfo,
    _game: PhantomData<fn() -> G>,
}

impl<G: Envelope> Registered<G> {
    pub fn new() -> Self {
        Registered {
            info: G::info(),
            _game: PhantomData,
        }
    }
}

impl<G: Envelope> Default for Registered<G> {
    fn default() -> Self {
        Self::new()
    }
}

struct Loaded<G: Envelope> {
    state: G::State,
}

impl<G: Envelope> Loaded<G> {
    /// `seat`'s legal moves in their envelopes, with labels.
    fn listed(&self, seat: Seat, moves: Vec<G::Move>) -> Vec<pb::LegalMove> {
        moves
            .into_iter()
            .map(|mv| pb::LegalMove {
                label: G::describe_move(&self.state, seat, &mv),
                r#move: Some(pb::Move {
                    game: Some(G::wrap_move(G::move_to_pb(&mv))),
                }),
            })
            .collect()
    }
}

/// A decision's fingerprint: its prompt and its legal moves, hashed.
fn fingerprint<G: Envelope>(prompt: &str, moves: &[G::Move]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    prompt.hash(&mut h);
    // Streamed into the hasher: no buffer of the moves' JSON.
    serde_json::to_writer(HashWriter(&mut h), moves).expect("moves serialise");
    h.finish()
}

impl<G: Envelope> DynState for Loaded<G> {
    fn players(&self) -> usize {
        G::players(&self.state)
    }

    fn pending(&self) -> Vec<Seat> {
        G::pending(&self.state)
    }

    fn outcome(&self) -> Option<Outcome> {
        G::outcome(&self.state)
    }

    fn view(&self, viewer: Viewer) -> pb::View {
        let view = G::view(&self.state, viewer);
        pb::View {
            game: Some(G::wrap_view(G::view_to_pb(&view))),
        }
    }

    fn legal_moves(&self, seat: Seat) -> Vec<pb::LegalMove> {
        self.listed(seat, G::legal_moves(&self.state, seat))
    }

    fn prompt(&self, seat: Seat) -> Option<String> {
        G::prompt_for(&self.state, seat)
    }

    fn decision_fingerprint(&self, seat: Seat) -> Option<u64> {
        let prompt = G::prompt_for(&self.state, seat)?;
        Some(fingerprint::<G>(
            &prompt,
            &G::legal_moves(&self.state, seat),
        ))
    }

    fn decision_with_fingerprint(&self, seat: Seat) -> Option<(u64, String, Vec<pb::LegalMove>)> {
        let prompt = G::prompt_for(&self.state, seat)?;
        let moves = G::legal_moves(&self.state, seat);
        let fp = fingerprint::<G>(&prompt, &moves);
        Some((fp, prompt, self.listed(seat, moves)))
    }

    fn apply(
        &mut self,
        seat: Seat,
        mv: &pb::Move,
        viewer: Viewer,
        version: u64,
    ) -> Result<Applied, GameError> {
        let env = mv
            .game
            .as_ref()
            .ok_or_else(|| GameError::InvalidArgument("the move is empty".into()))?;
        let typed = G::unwrap_move(env).ok_or_else(|| {
            GameError::InvalidArgument(format!("the move is not a {} move", G::info().id))
        })?;
        let mv = G::move_from_pb(typed).map_err(|e| {
            GameError::Rule(RuleError {
                kind: RuleErrorKind::Malformed,
                message: e,
            })
        })?;
        // Only a move's canonical form is accepted: a field its kind does not
        // use would otherwise be ignored, and a move that is not the listed one
        // would be applied (and recorded) as if it were.
        if G::move_to_pb(&mv) != *typed {
            return Err(GameError::Rule(RuleError {
                kind: RuleErrorKind::Malformed,
                message: "the move sets fields its kind does not use; send the move as listed"
                    .into(),
            }));
        }
        if seat >= G::players(&self.state) {
            return Err(GameError::InvalidArgument(format!(
                "there is no seat {seat} in this game"
            )));
        }
        let events = G::apply(&mut self.state, seat, &mv).map_err(GameError::Rule)?;
        Ok(Applied {
            encoded: encode_move_events::<G>(seat, &mv, &events),
            visible: to_pb::<G>(&events, viewer, version),
        })
    }

    fn encode(&self) -> Vec<u8> {
        encode_state::<G>(&self.state)
    }

    fn bot_move(&self, seat: Seat, strength: &Budget, seed: u64) -> Option<pb::LegalMove> {
        let mv = signoria_bots::choose_move::<G>(&self.state, seat, strength, seed)?;
        Some(pb::LegalMove {
            label: G::describe_move(&self.state, seat, &mv),
            r#move: Some(pb::Move {
                game: Some(G::wrap_move(G::move_to_pb(&mv))),
            }),
        })
    }
}

impl<G: Envelope> DynGame for Registered<G> {
    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn setup(
        &self,
        options: Option<&pb::GameOptions>,
        players: usize,
        seed: u64,
    ) -> Result<Box<dyn DynState>, GameError> {
        let options = match options.and_then(|o| o.game.as_ref()) {
            None => G::Options::default(),
            Some(env) => {
                let typed = G::unwrap_options(env).ok_or_else(|| {
                    GameError::InvalidArgument(format!(
                        "the options are not {} options",
                        self.info.id
                    ))
                })?;
                G::options_from_pb(typed)
                    .map_err(|e| GameError::InvalidArgument(format!("invalid options: {e}")))?
            }
        };
        if players < self.info.min_players || players > self.info.max_players {
            return Err(GameError::InvalidArgument(format!(
                "{} is played by {} to {} players, not {players}",
                self.info.display_name, self.info.min_players, self.info.max_players
            )));
        }
        let state = G::setup(&options, players, seed)
            .map_err(|e| GameError::InvalidArgument(e.to_string()))?;
        Ok(Box::new(Loaded::<G> { state }))
    }

    fn decode(&self, state: &[u8]) -> Result<Box<dyn DynState>, GameError> {
        let state = decode_state::<G>(state).map_err(|e| GameError::Corrupt(e.to_string()))?;
        Ok(Box::new(Loaded::<G> { state }))
    }

    fn catalog(&self) -> Vec<signoria_engine::CatalogSection> {
        G::catalog()
    }

    fn no_events(&self) -> Vec<u8> {
        encode_events::<G>(&[])
    }

    fn events_for(
        &self,
        encoded: &[u8],
        viewer: Viewer,
        version: u64,
    ) -> Result<Vec<pb::Event>, GameError> {
        let events = decode_events::<G>(encoded).map_err(|e| {
            GameError::Corrupt(format!(
                "logged events of version {version} could not be read: {e}"
            ))
        })?;
        Ok(to_pb::<G>(&events, viewer, version))
    }

    fn logged_move(&self, encoded: &[u8], version: u64) -> Result<LoggedMove<pb::Move>, GameError> {
        let logged = decode_logged_move::<G>(encoded).map_err(|e| {
            GameError::Corrupt(format!(
                "the logged move of version {version} could not be read: {e}"
            ))
        })?;
        Ok(match logged {
            LoggedMove::Move { seat, mv } => LoggedMove::Move {
                seat,
                mv: pb::Move {
                    game: Some(G::wrap_move(G::move_to_pb(&mv))),
                },
            },
            LoggedMove::None => LoggedMove::None,
            LoggedMove::Unknown => LoggedMove::Unknown,
        })
    }
}

fn to_pb<G: Envelope>(events: &[Scoped<G::Event>], viewer: Viewer, version: u64) -> Vec<pb::Event> {
    filter_events(events, viewer)
        .iter()
        .map(|e| pb::Event {
            game: Some(G::wrap_event(G::event_to_pb(e))),
            version,
        })
        .collect()
}

/// The game types of this server, by id.
pub struct Registry {
    games: BTreeMap<&'static str, Box<dyn DynGame>>,
}

impl Registry {
    /// Every game this release plays.
    pub fn builtin() -> Self {
        let mut r = Registry::empty();
        for game in builtin_games() {
            r.register(game);
        }
        r
    }

    pub fn empty() -> Self {
        Registry {
            games: BTreeMap::new(),
        }
    }

    pub fn register(&mut self, game: Box<dyn DynGame>) {
        let id = game.info().id;
        assert!(
            self.games.insert(id, game).is_none(),
            "game type {id} registered twice"
        );
    }

    pub fn get(&self, id: &str) -> Option<&dyn DynGame> {
        self.games.get(id).map(|g| &**g)
    }

    /// Every game type, ordered by id.
    pub fn all(&self) -> impl Iterator<Item = &dyn DynGame> {
        self.games.values().map(|g| &**g)
    }
}

/// Feeds what is written to a hasher (a fingerprint of serialised data
/// without the buffer).
struct HashWriter<'a, H: std::hash::Hasher>(&'a mut H);

impl<H: std::hash::Hasher> std::io::Write for HashWriter<'_, H> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.write(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
#[allow(clippy::clone_on_copy)]
mod tests {
    use super::*;
    use signoria_engine::Game;
    use signoria_lorenzo_il_magnifico::LorenzoIlMagnifico;

    const LORENZO: &str = "lorenzo-il-magnifico";

    #[test]
    fn every_game_is_registered() {
        let r = Registry::builtin();
        for (id, players) in [
            (LORENZO, (2, 4)),
            ("wallenstein", (3, 5)),
            ("pax-renaissance", (2, 4)),
            ("age-of-renaissance", (3, 6)),
            ("elisabeth-i", (2, 6)),
        ] {
            let g = r.get(id).expect("registered");
            assert_eq!(g.info().id, id);
            assert_eq!(
                (g.info().min_players, g.info().max_players),
                players,
                "{id}"
            );
        }
        assert!(r.get("chess").is_none());
        assert_eq!(r.all().count(), 5);
    }

    #[test]
    fn the_bot_moves_legally_and_only_for_a_pending_seat() {
        let r = Registry::builtin();
        for g in r.all() {
            let players = g.info().min_players;
            let mut state = g.setup(None, players, 3).unwrap();
            let seat = state.pending()[0];
            let budget = Budget::named("easy").unwrap();
            let bot = state
                .bot_move(seat, &budget, 5)
                .expect("a pending seat moves");
            assert!(state.legal_moves(seat).contains(&bot), "{}", g.info().id);
            assert_eq!(state.bot_move(seat, &budget, 5), Some(bot.clone()));
            let idle = (0..players).find(|s| !state.pending().contains(s));
            if let Some(idle) = idle {
                assert_eq!(state.bot_move(idle, &budget, 5), None);
            }
            let mv = bot.r#move.unwrap();
            state.apply(seat, &mv, Viewer::Seat(seat), 1).unwrap();
        }
    }

    #[test]
    fn a_decision_with_its_fingerprint_is_the_decision_and_the_fingerprint() {
        let r = Registry::builtin();
        for g in r.all() {
            let players = g.info().min_players;
            let mut state = g.setup(None, players, 11).unwrap();
            for step in 0..12 {
                for seat in 0..players {
                    let got = state.decision_with_fingerprint(seat);
                    let want = state
                        .decision_fingerprint(seat)
                        .map(|fp| (fp, state.prompt(seat).unwrap(), state.legal_moves(seat)));
                    assert_eq!(got, want, "{} step {step} seat {seat}", g.info().id);
                }
                let Some(&seat) = state.pending().first() else {
                    break;
                };
                let moves = state.legal_moves(seat);
                let mv = moves[step % moves.len()].r#move.clone().unwrap();
                state
                    .apply(seat, &mv, Viewer::Seat(seat), step as u64)
                    .unwrap();
            }
        }
    }

    #[test]
    fn moves_round_trip_through_the_envelope() {
        let r = Registry::builtin();
        let g = r.get(LORENZO).unwrap();
        let mut state = g.setup(None, 2, 7).unwrap();
        let encoded = state.encode();
        // The dynamic path agrees with the typed game.
        let typed = LorenzoIlMagnifico::setup(&Default::default(), 2, 7).unwrap();
        assert_eq!(encoded, encode_state::<LorenzoIlMagnifico>(&typed));

        let mut steps = 0;
        while !state.finished() && steps < 40 {
            let seat = state.pending()[0];
            let moves = state.legal_moves(seat);
            assert!(!moves.is_empty());
            let typed_moves = LorenzoIlMagnifico::legal_moves(
                &decode_state::<LorenzoIlMagnifico>(&state.encode()).unwrap(),
                seat,
            );
            assert_eq!(moves.len(), typed_moves.len());
            let chosen = &moves[steps % moves.len()];
            assert!(!chosen.label.is_empty());
            // The envelope goes through the wire format unchanged.
            let wire = prost::Message::encode_to_vec(chosen.r#move.as_ref().unwrap());
            let back: pb::Move = prost::Message::decode(&wire[..]).unwrap();
            let applied = state.apply(seat, &back, Viewer::Seat(seat), 9).unwrap();
            let events = applied.encoded;
            assert_eq!(
                applied.visible,
                g.events_for(&events, Viewer::Seat(seat), 9).unwrap()
            );
            let all = g.events_for(&events, Viewer::Omniscient, 9).unwrap();
            assert!(all.iter().all(|e| e.version == 9 && e.game.is_some()));
            let public = g.events_for(&events, Viewer::Public, 9).unwrap();
            assert!(public.len() <= all.len());
            // Decoding the stored state gives the same state.
            let again = g.decode(&state.encode()).unwrap();
            assert_eq!(again.encode(), state.encode());
            steps += 1;
        }
    }

    #[test]
    fn refusals_leave_the_state_alone() {
        let r = Registry::builtin();
        let g = r.get(LORENZO).unwrap();
        let mut state = g.setup(None, 3, 11).unwrap();
        let before = state.encode();
        let empty = pb::Move { game: None };
        assert!(matches!(
            state.apply(0, &empty, Viewer::Public, 1),
            Err(GameError::InvalidArgument(_))
        ));
        let pending = state.pending();
        let seat = pending[0];
        let mv = state.legal_moves(seat)[0].r#move.clone().unwrap();
        if let Some(other) = (0..3).find(|s| !pending.contains(s)) {
            match state.apply(other, &mv, Viewer::Public, 1) {
                Err(GameError::Rule(e)) => assert_eq!(e.kind, RuleErrorKind::NotYourDecision),
                other => panic!("expected a rule error, got {other:?}"),
            }
        }
        assert!(matches!(
            state.apply(7, &mv, Viewer::Public, 1),
            Err(GameError::InvalidArgument(_)) | Err(GameError::Rule(_))
        ));
        assert_eq!(state.encode(), before);
    }

    #[test]
    fn setup_checks_player_counts_and_options() {
        let r = Registry::builtin();
        let g = r.get(LORENZO).unwrap();
        assert!(matches!(
            g.setup(None, 1, 1),
            Err(GameError::InvalidArgument(_))
        ));
        assert!(matches!(
            g.setup(None, 9, 1),
            Err(GameError::InvalidArgument(_))
        ));
        let opts = pb::GameOptions {
            game: Some(pb::game_options::Game::LorenzoIlMagnifico(
                pb::games::lorenzo_il_magnifico::Options {
                    advanced: Some(false),
                },
            )),
        };
        assert!(g.setup(Some(&opts), 4, 1).is_ok());
        assert!(g.decode(b"not json").is_err());
        assert!(g.events_for(b"[{", Viewer::Public, 1).is_err());
    }
}
