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
    stack: Vec<Frame>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
enum Frame {
    /// Everybody bids at once, in secret.
    Bids,
    /// The bids are in: reveal them (automatic).
    Reveal,
    /// The take-away race.
    Race,
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
    Revealed { bids: Vec<u8> },
    Took { seat: Seat, n: u32 },
}

#[derive(Debug, Clone, PartialEq, Serialize)]
struct View {
    bids: Vec<Option<u8>>,
    pile: u32,
}

/// Which defect to plant.
trait Flavour: Send + Sync + 'static {
    const NONDETERMINISTIC_SETUP: bool = false;
    const ACCEPTS_UNLISTED: bool = false;
    const BREAKS_INVARIANT: bool = false;
    const LEAKS_BIDS: bool = false;
    const ASKS_WITHOUT_CHOICES: bool = false;
    const RESAMPLE_PEEKS: bool = false;
    const RESAMPLE_ONLY_GENERATOR: bool = false;
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
struct LeaksBids;
impl Flavour for LeaksBids {
    const LEAKS_BIDS: bool = true;
}
#[derive(Debug)]
struct AsksWithoutChoices;
impl Flavour for AsksWithoutChoices {
    const ASKS_WITHOUT_CHOICES: bool = true;
}
#[derive(Debug)]
struct ResamplePeeks;
impl Flavour for ResamplePeeks {
    const RESAMPLE_PEEKS: bool = true;
}
#[derive(Debug)]
struct ResampleOnlyGenerator;
impl Flavour for ResampleOnlyGenerator {
    const RESAMPLE_ONLY_GENERATOR: bool = true;
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
    type Frame = Frame;

    fn info() -> GameInfo {
        GameInfo {
            id: "race",
            display_name: "Race",
            description: "A test game.",
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
            stack: vec![Frame::Race, Frame::Reveal, Frame::Bids],
        })
    }

    fn players(s: &State) -> usize {
        s.players
    }

    fn stack(s: &State) -> &[Frame] {
        &s.stack
    }
    fn stack_mut(s: &mut State) -> &mut Vec<Frame> {
        &mut s.stack
    }

    fn deciders(s: &State, frame: &Frame) -> Vec<Seat> {
        match frame {
            Frame::Bids => (0..s.players).filter(|&p| s.bids[p].is_none()).collect(),
            Frame::Reveal => vec![],
            Frame::Race => vec![s.turn],
        }
    }

    fn choices(s: &State, frame: &Frame, _: Seat) -> Vec<Move> {
        match frame {
            Frame::Bids => (0..3).map(Move::Bid).collect(),
            Frame::Race if F::ASKS_WITHOUT_CHOICES && s.pile < 5 => vec![],
            _ => (1..=s.pile.min(3)).map(Move::Take).collect(),
        }
    }

    fn prompt(_: &State, frame: &Frame, _: Seat) -> String {
        match frame {
            Frame::Bids => "bid in secret".into(),
            _ => "take 1 to 3".into(),
        }
    }

    fn frame_kind(frame: &Frame) -> &'static str {
        match frame {
            Frame::Bids => "bids",
            Frame::Reveal => "reveal",
            Frame::Race => "race",
        }
    }

    fn check(s: &State, seat: Seat, mv: &Move) -> Result<(), RuleError> {
        if F::ACCEPTS_UNLISTED {
            return Ok(());
        }
        signoria_engine::kernel::check_listed::<Self>(s, seat, mv)
    }

    fn resolve(s: &mut State, seat: Seat, mv: &Move, ev: &mut Vec<Scoped<Event>>) {
        match *mv {
            Move::Bid(amount) => {
                s.bids[seat] = Some(amount);
                ev.push(Scoped::to_seat(seat, Event::Bid { seat, amount }));
                ev.push(Scoped {
                    audience: Audience::all_but(seat, s.players),
                    event: Event::SomeoneBid { seat },
                });
                if s.bids.iter().all(Option::is_some) {
                    s.stack.pop();
                }
            }
            Move::Take(n) => {
                s.pile = s.pile.saturating_sub(n);
                s.taken[seat] += n;
                s.turn = (s.turn + 1) % s.players;
                let _ = s.rng.next_u64();
                if s.pile == 0 {
                    s.stack.clear();
                }
                ev.push(Scoped::public(Event::Took { seat, n }));
            }
        }
    }

    fn auto(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
        // Frame::Reveal is the only automatic frame.
        s.stack.pop();
        ev.push(Scoped::public(Event::Revealed {
            bids: s.bids.iter().map(|b| b.unwrap_or(0)).collect(),
        }));
    }

    fn view(s: &State, viewer: Viewer) -> View {
        let revealed = !s.stack.contains(&Frame::Bids);
        let bids = (0..s.players)
            .map(|p| match viewer {
                _ if revealed || F::LEAKS_BIDS => s.bids[p],
                Viewer::Seat(v) if v == p => s.bids[p],
                Viewer::Omniscient => s.bids[p],
                _ => None,
            })
            .collect();
        View { bids, pile: s.pile }
    }

    fn outcome(s: &State) -> Option<Outcome> {
        s.stack.is_empty().then(|| {
            let scores: Vec<i64> = s.taken.iter().map(|&t| t as i64).collect();
            Outcome::ranked(&scores, &scores, "none")
        })
    }

    fn describe_move(_: &State, _: Seat, mv: &Move) -> String {
        format!("{mv:?}")
    }

    fn invariant_violations(s: &State) -> Vec<String> {
        let total: u32 = s.taken.iter().sum();
        let mut v = vec![];
        if F::BREAKS_INVARIANT && total > 5 {
            v.push(format!("planted violation: {total} taken"));
        }
        v
    }

    /// Other seats' bids are secret while bidding; the generator is always.
    fn resample_hidden(s: &State, seat: Seat, rng: &mut GameRng) -> Option<State> {
        let mut alt = s.clone();
        if s.stack.contains(&Frame::Bids) && !F::RESAMPLE_ONLY_GENERATOR {
            for p in 0..s.players {
                if p != seat
                    && let Some(real) = s.bids[p]
                {
                    // A peeking draw moves the real bid instead of drawing afresh.
                    let fresh = rng.below(3) as u8;
                    alt.bids[p] = Some(if F::RESAMPLE_PEEKS {
                        (real + 1 + fresh % 2) % 3
                    } else {
                        fresh
                    });
                }
            }
        }
        alt.rng = GameRng::from_seed(rng.next_u64());
        Some(alt)
    }
}

#[test]
fn a_sound_game_passes_and_is_counted() {
    let stats = random_playouts::<Race<Sound>>(&Playouts {
        hidden_every: 1,
        ..Playouts::new(3, (), 200)
    });
    assert_eq!(stats.games, 200);
    assert!(
        stats.moves >= 200 * 3 + 200 * 4,
        "bids plus at least 4 takes per game: {}",
        stats.moves
    );
    assert!(stats.illegal_probes_refused > 0, "illegal probes must run");
    assert!(stats.max_state_bytes > 0);
    assert_eq!(stats.wins_by_seat.len(), 3);
    assert_eq!(
        stats.missing_kinds(&["bids", "race", "reveal"]),
        vec!["reveal"],
        "automatic frames are never on top when a seat decides"
    );
    assert!(
        stats.hidden_checks > 0 && stats.hidden_differing > 0,
        "the hidden-information check must run and redraw something"
    );
    assert!(
        stats.hidden_secrets_redrawn > 0 && stats.hidden_secrets_redrawn < stats.hidden_differing,
        "secret bids are redrawn while bidding, only the generator afterwards: {stats:?}"
    );
}

/// A resample that only reseeds the generator passes every check (it hides
/// nothing it should not), but redraws no secret: the count shows it.
#[test]
fn counts_a_resample_that_redraws_only_the_generator() {
    let stats = random_playouts::<Race<ResampleOnlyGenerator>>(&Playouts {
        hidden_every: 1,
        ..Playouts::new(3, (), 50)
    });
    assert!(stats.hidden_checks > 0 && stats.hidden_differing == stats.hidden_checks);
    assert_eq!(stats.hidden_secrets_redrawn, 0);
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
#[should_panic(expected = "can tell a resampled state apart by its view")]
fn catches_a_view_that_shows_secret_bids() {
    random_playouts::<Race<LeaksBids>>(&Playouts {
        hidden_every: 1,
        ..Playouts::new(3, (), 50)
    });
}

#[test]
#[should_panic(expected = "depends on facts the seat cannot see")]
fn catches_a_resample_that_depends_on_hidden_facts() {
    random_playouts::<Race<ResamplePeeks>>(&Playouts {
        hidden_every: 1,
        ..Playouts::new(3, (), 50)
    });
}

#[test]
#[should_panic(expected = "is pending but has no legal move")]
fn catches_a_decider_without_choices() {
    random_playouts::<Race<AsksWithoutChoices>>(&Playouts::new(2, (), 50));
}

#[test]
fn the_kernel_refuses_before_anything_changes() {
    use signoria_engine::RuleErrorKind;
    type R = Race<Sound>;
    let mut s = R::setup(&(), 3, 1).unwrap();
    let before = s.clone();
    assert_eq!(
        R::apply(&mut s, 5, &Move::Bid(1)).unwrap_err().kind,
        RuleErrorKind::NotYourDecision
    );
    assert_eq!(
        R::apply(&mut s, 0, &Move::Take(1)).unwrap_err().kind,
        RuleErrorKind::Illegal
    );
    assert_eq!(
        R::apply(&mut s, 0, &Move::Bid(7)).unwrap_err().kind,
        RuleErrorKind::Illegal
    );
    assert_eq!(s, before);
    assert_eq!(R::prompt_for(&s, 0).as_deref(), Some("bid in secret"));
    for seat in 0..3 {
        R::apply(&mut s, seat, &Move::Bid(1)).unwrap();
    }
    // The automatic reveal ran: the race is on.
    assert_eq!(s.stack, vec![Frame::Race]);
    assert_eq!(R::pending(&s), vec![0]);
    assert_eq!(
        R::apply(&mut s, 1, &Move::Take(1)).unwrap_err().kind,
        RuleErrorKind::NotYourDecision
    );
    while !R::pending(&s).is_empty() {
        let seat = R::pending(&s)[0];
        R::apply(&mut s, seat, &Move::Take(1)).unwrap();
    }
    assert_eq!(
        R::apply(&mut s, 0, &Move::Take(1)).unwrap_err().kind,
        RuleErrorKind::GameOver
    );
    assert!(R::outcome(&s).is_some());
}

#[test]
fn proto_round_trip_and_bench_helpers_run() {
    let figures = signoria_engine::testkit::bench_playouts::<Race<Sound>>(&(), 3, 20, 1);
    assert_eq!(figures.games, 20);
    assert!(
        figures.decisions >= 20 * 7,
        "3 bids and at least 4 takes per game: {}",
        figures.decisions
    );
    assert!(figures.to_string().contains("µs per legal_moves+apply"));
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
