//! The test kit must catch broken games. A tiny game (simultaneous secret
//! bids, then a take-away race) exercises it, and deliberately broken variants
//! prove each check can fail.

use serde::{Deserialize, Serialize};
use signoria_engine::testkit::{Playouts, random_playouts};
use signoria_engine::{
    Audience, Game, GameInfo, GameRng, Outcome, RuleError, Scoped, Seat, SetupError, Viewer,
};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct State {
    players: usize,
    /// Secret bids of round one; `None` until the seat has bid.
    bids: Vec<Option<u8>>,
    pile: u32,
    turn: Seat,
    taken: Vec<u32>,
    rng: GameRng,
    finished: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
enum Move {
    Bid(u8),
    Take(u32),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
enum Event {
    Bid { seat: Seat, amount: u8 },
    SomeoneBid { seat: Seat },
    Took { seat: Seat, n: u32 },
}

#[derive(Debug, Clone, PartialEq, Serialize)]
struct View {
    own_bid: Option<u8>,
    pile: u32,
}

/// Which defect to plant.
trait Flavour: Send + Sync + 'static {
    const NONDETERMINISTIC_SETUP: bool = false;
    const ACCEPTS_UNLISTED: bool = false;
    const BREAKS_INVARIANT: bool = false;
    const LEAKS_MOVES_TO_IDLE_SEATS: bool = false;
}

#[derive(Debug)]
struct Sound;
impl Flavour for Sound {}
#[derive(Debug)]
struct AcceptsUnlisted;
impl Flavour for AcceptsUnlisted {
    const ACCEPTS_UNLISTED: bool = true;
}
#[derive(Debug)]
struct BreaksInvariant;
impl Flavour for BreaksInvariant {
    const BREAKS_INVARIANT: bool = true;
}
#[derive(Debug)]
struct IdleSeatsHaveMoves;
impl Flavour for IdleSeatsHaveMoves {
    const LEAKS_MOVES_TO_IDLE_SEATS: bool = true;
}
#[derive(Debug)]
struct NondeterministicSetup;
impl Flavour for NondeterministicSetup {
    const NONDETERMINISTIC_SETUP: bool = true;
}

struct Race<F>(std::marker::PhantomData<F>);

static COUNTER: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);

impl<F: Flavour> Game for Race<F> {
    type Options = ();
    type State = State;
    type Move = Move;
    type Event = Event;
    type View = View;

    fn info() -> GameInfo {
        GameInfo {
            id: "race",
            display_name: "Race",
            min_players: 2,
            max_players: 4,
            schema_version: 1,
            options: vec![],
        }
    }

    fn setup(_: &(), players: usize, seed: u64) -> Result<State, SetupError> {
        if !(2..=4).contains(&players) {
            return Err(SetupError("2 to 4 players".into()));
        }
        let mut rng = GameRng::from_seed(seed);
        let mut pile = 10 + rng.below(20) as u32;
        if F::NONDETERMINISTIC_SETUP {
            pile += COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed) % 2;
        }
        Ok(State {
            players,
            bids: vec![None; players],
            pile,
            turn: 0,
            taken: vec![0; players],
            rng,
            finished: false,
        })
    }

    fn pending(s: &State) -> Vec<Seat> {
        if s.finished {
            vec![]
        } else if s.bids.iter().any(Option::is_none) {
            (0..s.players).filter(|&p| s.bids[p].is_none()).collect()
        } else {
            vec![s.turn]
        }
    }

    fn legal_moves(s: &State, seat: Seat) -> Vec<Move> {
        if !Self::pending(s).contains(&seat) && !F::LEAKS_MOVES_TO_IDLE_SEATS {
            return vec![];
        }
        if s.bids.iter().any(Option::is_none) {
            (0..3).map(Move::Bid).collect()
        } else {
            (1..=s.pile.min(3)).map(Move::Take).collect()
        }
    }

    fn apply(s: &mut State, seat: Seat, mv: &Move) -> Result<Vec<Scoped<Event>>, RuleError> {
        if !Self::pending(s).contains(&seat) {
            return Err(RuleError::not_your_decision("not your turn"));
        }
        if !F::ACCEPTS_UNLISTED && !Self::legal_moves(s, seat).contains(mv) {
            return Err(RuleError::illegal("not a legal move now"));
        }
        match *mv {
            Move::Bid(amount) => {
                s.bids[seat] = Some(amount);
                Ok(vec![
                    Scoped::to_seat(seat, Event::Bid { seat, amount }),
                    Scoped {
                        audience: Audience::all_but(seat, s.players),
                        event: Event::SomeoneBid { seat },
                    },
                ])
            }
            Move::Take(n) => {
                s.pile = s.pile.saturating_sub(n);
                s.taken[seat] += n;
                s.turn = (s.turn + 1) % s.players;
                let _ = s.rng.next_u64();
                if s.pile == 0 {
                    s.finished = true;
                }
                Ok(vec![Scoped::public(Event::Took { seat, n })])
            }
        }
    }

    fn view(s: &State, viewer: Viewer) -> View {
        let own_bid = match viewer {
            Viewer::Seat(p) => s.bids[p],
            _ => None,
        };
        View {
            own_bid,
            pile: s.pile,
        }
    }

    fn outcome(s: &State) -> Option<Outcome> {
        s.finished.then(|| {
            let scores: Vec<i64> = s.taken.iter().map(|&t| t as i64).collect();
            Outcome::ranked(&scores, &scores, "none")
        })
    }

    fn describe_move(_: &State, _: Seat, mv: &Move) -> String {
        format!("{mv:?}")
    }

    fn players(s: &State) -> usize {
        s.players
    }

    fn invariant_violations(s: &State) -> Vec<String> {
        let total: u32 = s.taken.iter().sum();
        let mut v = vec![];
        if F::BREAKS_INVARIANT && total > 5 {
            v.push(format!("planted violation: {total} taken"));
        }
        v
    }
}

#[test]
fn a_sound_game_passes_and_is_counted() {
    let stats = random_playouts::<Race<Sound>>(&Playouts::new(3, (), 200));
    assert_eq!(stats.games, 200);
    assert!(
        stats.moves >= 200 * 3 + 200 * 4,
        "bids plus at least 4 takes per game: {}",
        stats.moves
    );
    assert!(stats.illegal_probes_refused > 0, "illegal probes must run");
    assert!(stats.max_state_bytes > 0);
    assert_eq!(stats.wins_by_seat.len(), 3);
}

#[test]
#[should_panic(expected = "was accepted")]
fn catches_a_game_that_accepts_unlisted_moves() {
    random_playouts::<Race<AcceptsUnlisted>>(&Playouts::new(2, (), 50));
}

#[test]
#[should_panic(expected = "invariants violated")]
fn catches_an_invariant_violation() {
    random_playouts::<Race<BreaksInvariant>>(&Playouts::new(2, (), 50));
}

#[test]
#[should_panic(expected = "is not pending but has moves")]
fn catches_moves_listed_for_idle_seats() {
    random_playouts::<Race<IdleSeatsHaveMoves>>(&Playouts::new(2, (), 50));
}

#[test]
#[should_panic(expected = "setup is not deterministic")]
fn catches_nondeterministic_setup() {
    random_playouts::<Race<NondeterministicSetup>>(&Playouts::new(2, (), 5));
}

#[test]
fn event_audiences_filter_per_viewer() {
    let mut s = Race::<Sound>::setup(&(), 3, 1).unwrap();
    let events = Race::<Sound>::apply(&mut s, 1, &Move::Bid(2)).unwrap();
    let seen = |v| signoria_engine::game::filter_events(&events, v);
    assert_eq!(
        seen(Viewer::Seat(1)),
        vec![Event::Bid { seat: 1, amount: 2 }]
    );
    assert_eq!(seen(Viewer::Seat(0)), vec![Event::SomeoneBid { seat: 1 }]);
    assert_eq!(seen(Viewer::Public), Vec::<Event>::new());
    assert_eq!(seen(Viewer::Omniscient).len(), 2);
}

#[test]
fn golden_replay_detects_changed_rules() {
    let dir = std::env::temp_dir().join(format!("signoria-golden-{}", std::process::id()));
    let path = dir.join("race.json");
    let golden = signoria_engine::testkit::make_golden::<Race<Sound>>(&(), 2, 5);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(&path, serde_json::to_string(&golden).unwrap()).unwrap();
    signoria_engine::testkit::check_golden::<Race<Sound>>(&path, 2, 5, &());

    let mut tampered = golden.clone();
    tampered.final_digest = "0".repeat(64);
    std::fs::write(&path, serde_json::to_string(&tampered).unwrap()).unwrap();
    let result = std::panic::catch_unwind(|| {
        signoria_engine::testkit::check_golden::<Race<Sound>>(&path, 2, 5, &())
    });
    std::fs::remove_dir_all(&dir).ok();
    assert!(result.is_err(), "a wrong digest must fail the golden check");
}

#[test]
fn stored_states_check_plays_them_on_and_catches_what_no_longer_works() {
    use signoria_engine::testkit::check_stored_states;
    let dir = std::env::temp_dir().join(format!("signoria-stored-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("stored.json");
    let stored = |s: &State| -> serde_json::Value {
        serde_json::from_slice(&signoria_engine::encode_state::<Race<Sound>>(s)).unwrap()
    };
    let fresh = Race::<Sound>::setup(&(), 3, 11).unwrap();
    let mut later = fresh.clone();
    let seat = Race::<Sound>::pending(&later)[0];
    let mv = Race::<Sound>::legal_moves(&later, seat)[0].clone();
    Race::<Sound>::apply(&mut later, seat, &mv).unwrap();
    let write = |states: &[serde_json::Value]| {
        std::fs::write(&path, serde_json::to_string(states).unwrap()).unwrap()
    };

    write(&[stored(&fresh), stored(&later)]);
    assert_eq!(check_stored_states::<Race<Sound>>(&path), 2);

    // A state the game can no longer read, and one whose game breaks an
    // invariant by the end, both fail.
    let mut unreadable = stored(&fresh);
    unreadable["state"]["pile"] = serde_json::json!("many");
    write(&[unreadable]);
    assert!(std::panic::catch_unwind(|| check_stored_states::<Race<Sound>>(&path)).is_err());
    write(&[stored(&fresh)]);
    assert!(
        std::panic::catch_unwind(|| check_stored_states::<Race<BreaksInvariant>>(&path)).is_err()
    );
    std::fs::remove_dir_all(&dir).ok();
}
