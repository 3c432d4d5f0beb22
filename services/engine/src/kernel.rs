//! The decision kernel: one way for every game to hold a compound turn.
//!
//! A game's state carries a stack of frames ([`Game::Frame`]), bottom first.
//! Each frame is a phase, a turn, a sub-decision ("pay for the card"), or an
//! out-of-turn window ("respond to the interception"). For the frame on top the
//! game says
//! - who decides ([`Game::deciders`]: one seat, several at once for a
//!   simultaneous secret choice, or nobody for an automatic step),
//! - what each decider may choose ([`Game::choices`]) and what it is asked
//!   ([`Game::prompt`]),
//! - how a choice resolves ([`Game::resolve`]) and how an automatic step runs
//!   ([`Game::auto`]); both pop, replace or push frames.
//!
//! The engine provides the rest: [`pending`] and [`legal_moves`] read the top
//! frame; [`apply`] refuses a finished game, a seat that is not asked and a move
//! that is not legal before anything changes, then resolves the choice and
//! [`advance`]s through automatic frames until a decision is due or the stack is
//! empty (the game is over). Because every refusal happens before `resolve`
//! runs, a refused move never changes the state, without copying it.
//!
//! Interrupts and response windows are frames pushed on top of the frame they
//! interrupt; a chain of responders in impulse order is one frame whose decider
//! moves on, or one frame per responder. A simultaneous choice is one frame
//! whose deciders are the seats that have not chosen yet; it records each
//! choice (secretly) and becomes automatic when everybody has chosen.

use crate::{Game, RuleError, Scoped, Seat};

/// Automatic steps in a row after which [`advance`] gives up: a game whose
/// `auto` never reaches a decision is a bug, reported loudly instead of hanging.
pub const MAX_AUTOMATIC_STEPS: usize = 1_000_000;

/// Seats whose decision is awaited now (the deciders of the top frame).
pub fn pending<G: Game + ?Sized>(state: &G::State) -> Vec<Seat> {
    match G::stack(state).last() {
        Some(top) => G::deciders(state, top),
        None => Vec::new(),
    }
}

/// The legal moves of `seat`: its choices on the top frame if it decides there,
/// none otherwise.
pub fn legal_moves<G: Game + ?Sized>(state: &G::State, seat: Seat) -> Vec<G::Move> {
    match G::stack(state).last() {
        Some(top) if G::deciders(state, top).contains(&seat) => G::choices(state, top, seat),
        _ => Vec::new(),
    }
}

/// What the top frame asks of `seat`, if `seat` decides there.
pub fn prompt_for<G: Game + ?Sized>(state: &G::State, seat: Seat) -> Option<String> {
    match G::stack(state).last() {
        Some(top) if G::deciders(state, top).contains(&seat) => Some(G::prompt(state, top, seat)),
        _ => None,
    }
}

/// The default [`Game::check`]: the move must be one of the seat's choices.
pub fn check_listed<G: Game + ?Sized>(
    state: &G::State,
    seat: Seat,
    mv: &G::Move,
) -> Result<(), RuleError> {
    if legal_moves::<G>(state, seat).contains(mv) {
        return Ok(());
    }
    let asked = prompt_for::<G>(state, seat).unwrap_or_default();
    Err(RuleError::illegal(format!(
        "that move is not one of your legal moves now (asked: {asked})"
    )))
}

/// Validate and apply one move of `seat`.
///
/// Refuses, in this order and without changing anything: a finished game, a
/// seat that is not a decider of the top frame, and a move the game's
/// [`Game::check`] refuses. Then the game resolves the move and the engine runs
/// the automatic steps that follow.
pub fn apply<G: Game + ?Sized>(
    state: &mut G::State,
    seat: Seat,
    mv: &G::Move,
) -> Result<Vec<Scoped<G::Event>>, RuleError> {
    let Some(top) = G::stack(state).last() else {
        return Err(RuleError::game_over());
    };
    if seat >= G::players(state) || !G::deciders(state, top).contains(&seat) {
        return Err(RuleError::not_your_decision(format!(
            "seat {seat} has no decision to make now"
        )));
    }
    G::check(state, seat, mv)?;
    let mut events = Vec::new();
    G::resolve(state, seat, mv, &mut events);
    advance::<G>(state, &mut events);
    Ok(events)
}

/// Run automatic frames until the top frame has deciders or the stack is empty.
///
/// # Panics
/// When a game's automatic steps do not reach a decision within
/// [`MAX_AUTOMATIC_STEPS`]: that is a rules bug, and a loud one.
pub fn advance<G: Game + ?Sized>(state: &mut G::State, events: &mut Vec<Scoped<G::Event>>) {
    for _ in 0..MAX_AUTOMATIC_STEPS {
        match G::stack(state).last() {
            None => return,
            Some(top) if !G::deciders(state, top).is_empty() => return,
            Some(_) => G::auto(state, events),
        }
    }
    let kind = G::stack(state).last().map(G::frame_kind).unwrap_or("none");
    panic!(
        "{}: {MAX_AUTOMATIC_STEPS} automatic steps without a decision (top frame: {kind})",
        G::info().id
    );
}

/// The prompts of every pending seat, in seat order.
pub fn prompts<G: Game + ?Sized>(state: &G::State) -> Vec<(Seat, String)> {
    match G::stack(state).last() {
        Some(top) => G::deciders(state, top)
            .into_iter()
            .map(|seat| (seat, G::prompt(state, top, seat)))
            .collect(),
        None => Vec::new(),
    }
}
