//! The announcement of the negotiation segment's binding agreements (seed [9.1] L676-692,
//! RULINGS R8): in impulse order each power announces the state-changing agreements it
//! made, "einzeln ... oder als Bündel, die zusammen ratifiziert werden müssen"; every
//! party that follows in impulse order confirms all its parts when its turn comes; an
//! agreement confirmed by all parties changes the game state at once.
//!
//! As listed moves: the power first answers every announcement naming it (`Frame::Confirm`,
//! oldest first), then drafts an announcement clause by clause (`Move::Propose`: it gives;
//! `Move::Ask`: a later party gives it) and closes it with `Move::Announce` (one clause: a
//! single agreement, more: a bundle); `Move::Done` ends its turn. A draft is the
//! negotiation still under way: secret to the parties of each clause (redrawn for the
//! others by [`resample`]); an announcement is public ([9.1] L676 "erklärt jede Macht").
//!
//! Conditional agreements ([9.1] L690, digest E4) cannot be expressed: a clause is one of
//! the state-changing terms of [9.1] between two powers ([`Clause`]), none names another
//! power's later action.

use serde::{Deserialize, Serialize};
use signoria_engine::{GameRng, Scoped, Seat};

use super::{accept, both, possible, terms};
use crate::model::{Deal, DealPick, Event, Frame, Move, Pw, State};

/// The engine's analogue of the time limit the players agree on ([9.1] L674, "10
/// Minuten"): a power announces at most this many clauses in a negotiation segment
/// (RULINGS R8).
pub const MAX_CLAUSES: usize = 6;

/// One state-changing term of an announcement: `from` gives (cedes, returns, lends) to
/// `to`; for a peace or an alliance `from` is the announcer ([9.1] 1-8).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clause {
    pub from: Pw,
    pub to: Pw,
    pub deal: Deal,
}

/// An announcement awaiting its parties' confirmations.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Announcement {
    /// Its number in the segment (0, 1, ...).
    pub id: u16,
    pub by: Pw,
    /// One clause: a single agreement; more: a bundle ratified whole.
    pub clauses: Vec<Clause>,
    /// The parties that confirmed so far.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub confirmed: Vec<Pw>,
}

impl Announcement {
    /// The powers that must confirm it: every party but the announcer.
    pub fn parties(&self) -> Vec<Pw> {
        parties(self.by, &self.clauses)
    }
}

fn parties(by: Pw, clauses: &[Clause]) -> Vec<Pw> {
    let mut v: Vec<Pw> = clauses
        .iter()
        .flat_map(|c| [c.from, c.to])
        .filter(|&p| p != by)
        .collect();
    v.sort();
    v.dedup();
    v
}

/// The state after carrying out `clauses` in their order, each one possible when its turn
/// comes (None: one is not). Order of effects inside a bundle: as announced (RULINGS R8).
pub fn simulate(s: &State, clauses: &[Clause]) -> Option<State> {
    let mut t = s.clone();
    carry_out(&mut t, clauses, &mut Vec::new()).then_some(t)
}

fn carry_out(t: &mut State, clauses: &[Clause], ev: &mut Vec<Scoped<Event>>) -> bool {
    for c in clauses {
        if !possible(t, c.from, c.to, &c.deal) {
            return false;
        }
        accept(t, c.from, c.to, &c.deal, ev);
    }
    true
}

/// Clauses announced or drafted by `who` this segment.
fn clauses_of(s: &State, who: Pw) -> usize {
    s.announced
        .iter()
        .filter(|(p, _)| *p == who)
        .map(|(_, n)| *n as usize)
        .sum::<usize>()
        + s.draft.len()
}

/// Whether a deal exists in both directions (peace, alliance and a marriage are the same
/// either way: only the announcer's `Propose` names them, RULINGS S9).
fn one_way(d: &DealPick) -> bool {
    !matches!(
        d,
        DealPick::Peace | DealPick::Alliance | DealPick::Marriage(_)
    )
}

/// The clauses `who` may add to its draft: with every later power in impulse order (the
/// earlier party announces, RULINGS R8), possible after the clauses drafted so far.
pub fn clause_moves(s: &State, who: Pw) -> Vec<Move> {
    if clauses_of(s, who) >= MAX_CLAUSES {
        return Vec::new();
    }
    let sim;
    let base = if s.draft.is_empty() {
        s
    } else {
        match simulate(s, &s.draft) {
            Some(t) => {
                sim = t;
                &sim
            }
            None => return Vec::new(),
        }
    };
    let mut v = Vec::new();
    for other in who + 1..6 {
        v.extend(
            terms(base, who, other)
                .into_iter()
                .map(|deal| Move::Propose { to: other, deal }),
        );
        v.extend(
            terms(base, other, who)
                .into_iter()
                .filter(one_way)
                .map(|deal| Move::Ask { from: other, deal }),
        );
    }
    v
}

/// The choices of `who`'s negotiation turn once its confirmations are answered.
pub fn choices(s: &State, who: Pw) -> Vec<Move> {
    let mut v = clause_moves(s, who);
    if !s.draft.is_empty() && simulate(s, &s.draft).is_some() {
        v.push(Move::Announce);
    }
    v.push(Move::Done);
    v
}

/// Add a clause to the draft (secret to its two parties, [9.1] L645).
pub fn draft(s: &mut State, from: Pw, to: Pw, pick: DealPick, ev: &mut Vec<Scoped<Event>>) {
    let deal = pick.deal();
    ev.push(Scoped {
        audience: both(s, from, to),
        event: Event::Proposed {
            from,
            to,
            deal: deal.clone(),
        },
    });
    s.draft.push(Clause { from, to, deal });
}

/// Close the draft: announced to all ([9.1] L676).
pub fn announce(s: &mut State, who: Pw, ev: &mut Vec<Scoped<Event>>) {
    let clauses = std::mem::take(&mut s.draft);
    let id = s.announced.len() as u16;
    s.announced.push((who, clauses.len() as u8));
    ev.push(Scoped::public(Event::Announced {
        id,
        by: who,
        clauses: clauses.clone(),
    }));
    s.announcements.push(Announcement {
        id,
        by: who,
        clauses,
        confirmed: Vec::new(),
    });
}

/// End `who`'s turn: a draft not announced is dropped (the talks failed; RULINGS R8).
pub fn finish(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
    for c in std::mem::take(&mut s.draft) {
        ev.push(Scoped {
            audience: both(s, c.from, c.to),
            event: Event::DealRejected {
                from: c.from,
                to: c.to,
            },
        });
    }
}

/// The oldest announcement `who` has still to answer.
pub fn pending_for(s: &State, who: Pw) -> Option<u16> {
    s.announcements
        .iter()
        .find(|a| a.parties().contains(&who) && !a.confirmed.contains(&who))
        .map(|a| a.id)
}

/// Ask the power whose negotiation turn it is to answer its oldest pending announcement
/// first ([9.1] L676 "wenn sie an der Reihe sind"). The question goes right above its
/// turn: frames an effect pushed (Mary Stuart's wedding, [9.1] L660) run first.
pub fn queue(s: &mut State) {
    let Some(i) = s
        .stack
        .iter()
        .rposition(|f| matches!(f, Frame::Negotiate { .. }))
    else {
        return;
    };
    let Frame::Negotiate { who } = s.stack[i] else {
        return;
    };
    if s.stack[i + 1..]
        .iter()
        .any(|f| matches!(f, Frame::Confirm { .. }))
    {
        return;
    }
    if let Some(id) = pending_for(s, who) {
        s.stack.insert(i + 1, Frame::Confirm { who, id });
    }
}

pub fn get(s: &State, id: u16) -> Option<&Announcement> {
    s.announcements.iter().find(|a| a.id == id)
}

/// The answers: confirming only while the whole announcement can still take effect
/// ([9.1] L684: checked again at confirmation, digest E3).
pub fn confirm_choices(s: &State, id: u16) -> Vec<Move> {
    match get(s, id) {
        Some(a) if simulate(s, &a.clauses).is_some() => vec![Move::Accept, Move::Reject],
        _ => vec![Move::Reject],
    }
}

/// `who` answers announcement `id`. A rejection voids it whole ([9.1] L678 "tritt es in
/// Gänze nicht in Kraft"); the last confirmation carries it out at once, in the order of
/// its clauses.
pub fn answer(s: &mut State, who: Pw, id: u16, yes: bool, ev: &mut Vec<Scoped<Event>>) {
    ev.push(Scoped::public(Event::Answered {
        id,
        by: who,
        confirmed: yes,
    }));
    let Some(i) = s.announcements.iter().position(|a| a.id == id) else {
        return;
    };
    if yes {
        s.announcements[i].confirmed.push(who);
        let a = &s.announcements[i];
        if a.parties().iter().any(|p| !a.confirmed.contains(p)) {
            return;
        }
    }
    let a = s.announcements.remove(i);
    if yes {
        let mut t = s.clone();
        let mut effects = Vec::new();
        if carry_out(&mut t, &a.clauses, &mut effects) {
            *s = t;
            ev.extend(effects);
            return;
        }
    }
    ev.push(Scoped::public(Event::AnnouncementVoid { id }));
}

/// Hidden information: a drafted clause is secret to its two parties; for any other seat
/// it is redrawn among the clauses the same two could agree after the clauses before it
/// (what the seat sees: the map, the diplomatic status, hand sizes; RULINGS D6).
pub fn resample(t: &mut State, seat: Seat, rng: &mut GameRng) {
    let Some(Frame::Negotiate { who }) = t.stack.last().cloned() else {
        return;
    };
    for i in 0..t.draft.len() {
        let Clause { from, to, .. } = t.draft[i];
        if t.seat_of(from) == seat || t.seat_of(to) == seat {
            continue;
        }
        // Simulated with a generator of its own: the real one is not the seat's to see.
        let mut b = t.clone();
        b.rng = GameRng::from_seed(0);
        let base = simulate(&b, &t.draft[..i]).unwrap_or(b);
        let pool: Vec<Deal> = terms(&base, from, to)
            .into_iter()
            .filter(|d| from == who || one_way(d))
            .map(DealPick::deal)
            .filter(|d| possible(&base, from, to, d))
            .collect();
        // With nothing possible (the clauses redrawn before it changed the state), a fixed
        // term, so that the redraw never depends on the clause's real content.
        t.draft[i].deal = if pool.is_empty() {
            Deal::Peace
        } else {
            pool[rng.index(pool.len())].clone()
        };
    }
}

/// The draft as `viewer` may see it: only the clauses it is a party to. The others are left
/// out entirely, so that not even their number shows (talks are secret, [9.1] L645).
pub fn draft_view(s: &State, sees: impl Fn(Pw) -> bool) -> Vec<Clause> {
    s.draft
        .iter()
        .filter(|c| sees(c.from) || sees(c.to))
        .cloned()
        .collect()
}
