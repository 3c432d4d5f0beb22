//! Ship loans [9.2] (erratum §8.19 #207: "leihende Macht" is the borrowing power; rulings
//! A7-A9): galleys and galleons of one port lent with an alliance, moved to the borrower's
//! nearest port, its ships until winter, then back to the lender's ports.
//!
//! A lent ship is carried as a ship of the borrower's own pool (so it moves, fights,
//! retreats and intercepts as the borrower's, [9.2]); the loan record ([`Loan`]) says how
//! many of which kind go back in winter. A naval leader stacked with the lent ships may be
//! lent with them ([9.2] "kann er ebenfalls dem Alliierten geliehen werden"; RULINGS A14,
//! A15): he goes with them and acts for the borrower (`admirals::AdmiralState::lent_to`)
//! until winter, then goes back to the lender.

use serde::{Deserialize, Serialize};
use signoria_engine::Scoped;

use crate::board::{allied, book, controller_pw, force_mut, tidy};
use crate::combat::naval_battle::Waters;
use crate::combat::naval_move::adjacent;
use crate::data::{PoolOwner, SpaceId, data};
use crate::model::{Deal, Event, Pw, ShipKind, State, major};

/// Ships lent this turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Loan {
    pub lender: Pw,
    pub borrower: Pw,
    pub kind: ShipKind,
    pub n: u8,
    /// The naval leader lent with the ships (A14).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub admiral: Option<u8>,
}

/// The kinds that may be lent: not corsairs, patrols or the Armada ([9.2]).
pub const KINDS: [ShipKind; 2] = [ShipKind::Galley, ShipKind::Galleon];

fn pool(p: Pw) -> PoolOwner {
    PoolOwner::of(major(p), None)
}

fn count(s: &State, x: SpaceId, o: PoolOwner, k: ShipKind) -> u8 {
    s.sp(x)
        .forces
        .iter()
        .find(|f| f.owner == o)
        .map_or(0, |f| match k {
            ShipKind::Galley => f.ships.galleys,
            ShipKind::Galleon => f.ships.galleons,
            _ => 0,
        })
}

fn add(s: &mut State, x: SpaceId, o: PoolOwner, k: ShipKind, n: i16) {
    let sh = &mut force_mut(s, x, o).ships;
    let c = match k {
        ShipKind::Galley => &mut sh.galleys,
        _ => &mut sh.galleons,
    };
    *c = (*c as i16 + n) as u8;
    tidy(s, x);
}

/// Where ships lent from `port` to `to` go ([9.2]): the nearest port `to` controls,
/// reached through sea zones only (each zone one step; the way crosses no port space, such
/// as Gibraltar); ties: the lowest space number. None: they may not be lent.
pub fn destination(s: &State, to: Pw, port: SpaceId) -> Option<SpaceId> {
    let mut seen: Vec<Waters> = Vec::new();
    let mut layer: Vec<Waters> = adjacent(Waters::Port(port))
        .into_iter()
        .filter(|w| matches!(w, Waters::Sea(_)))
        .collect();
    while !layer.is_empty() {
        seen.extend(layer.iter().copied());
        let mut ports: Vec<SpaceId> = layer
            .iter()
            .flat_map(|&z| adjacent(z))
            .filter_map(|w| match w {
                Waters::Port(x)
                    if x != port
                        && controller_pw(s, x) == Some(to)
                        && !crate::movement::closed_to_spain(to, x) =>
                {
                    Some(x)
                }
                _ => None,
            })
            .collect();
        ports.sort();
        if let Some(&x) = ports.first() {
            return Some(x);
        }
        let mut next: Vec<Waters> = layer
            .iter()
            .flat_map(|&z| adjacent(z))
            .filter(|w| matches!(w, Waters::Sea(_)) && !seen.contains(w))
            .collect();
        next.sort();
        next.dedup();
        layer = next;
    }
    None
}

/// The loans `from` may offer `to` with an alliance ([9.2]): allied already this turn or
/// able to ally, no loan the other way this turn, own galleys or galleons of one port (any
/// number of them) that reach a port of `to`; not of a kind it borrowed this turn.
pub fn offers(s: &State, from: Pw, to: Pw, may_ally: bool) -> Vec<Deal> {
    let mut v = Vec::new();
    if from == to
        || !(may_ally || allied(s, from, to))
        || s.ship_loans
            .iter()
            .any(|l| l.lender == to && l.borrower == from)
    {
        return v;
    }
    let d = data();
    for x in d.space_ids().filter(|&x| d.space(x).ships_may_enter()) {
        // Only own ships: a kind borrowed this turn is not lent on (RULINGS A7).
        let borrowed = |k: ShipKind| {
            s.ship_loans
                .iter()
                .any(|l| l.borrower == from && l.kind == k)
        };
        for k in KINDS.into_iter().filter(|&k| !borrowed(k)) {
            let c = count(s, x, pool(from), k);
            if c == 0 || destination(s, to, x).is_none() {
                continue;
            }
            // A14: with the ships, or with one of the naval leaders stacked with them.
            let leaders = crate::admirals::lendable(s, from, x);
            for n in 1..=c {
                for admiral in std::iter::once(None).chain(leaders.iter().map(|&a| Some(a))) {
                    v.push(Deal::ShipLoan {
                        port: x,
                        kind: k,
                        n,
                        admiral,
                    });
                }
            }
        }
    }
    v
}

/// Carry out an accepted loan: the ships move to the borrower's port and become its own
/// until winter (the unit ledger follows them).
pub fn lend(
    s: &mut State,
    from: Pw,
    to: Pw,
    port: SpaceId,
    kind: ShipKind,
    n: u8,
    admiral: Option<u8>,
) {
    let dest = destination(s, to, port).expect("possible");
    if let Some(a) = admiral {
        crate::admirals::lend(s, a, to, dest);
    }
    add(s, port, pool(from), kind, -(n as i16));
    add(s, dest, pool(to), kind, n as i16);
    book(s, pool(from), 0, -(n as i16));
    book(s, pool(to), 0, n as i16);
    s.ship_loans.push(Loan {
        lender: from,
        borrower: to,
        kind,
        n,
        admiral,
    });
}

/// Winter (after the ships' return to port, [20.4]): every loan ends; as many ships of its
/// kind as the borrower still has (up to the loan; its ports in space order) go to the
/// lender's nearest port (RULINGS M16), else they are lost (RULINGS A8).
pub fn give_back(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
    let loans = std::mem::take(&mut s.ship_loans);
    for l in &loans {
        if let Some(a) = l.admiral {
            crate::admirals::give_back(s, a, l.lender);
        }
        let mut want = l.n;
        let ports: Vec<SpaceId> = data().space_ids().collect();
        for x in ports {
            while want > 0 && count(s, x, pool(l.borrower), l.kind) > 0 {
                want -= 1;
                add(s, x, pool(l.borrower), l.kind, -1);
                book(s, pool(l.borrower), 0, -1);
                if let Some(Waters::Port(y)) =
                    crate::naval::nearest_home_port(s, l.lender, Waters::Port(x))
                {
                    add(s, y, pool(l.lender), l.kind, 1);
                    book(s, pool(l.lender), 0, 1);
                } else {
                    // The lender's counter is lost ([17.3]: to the turn track, M21).
                    crate::lost_ships::hold(
                        s,
                        pool(l.lender),
                        crate::lost_ships::of_kind(l.kind, 1),
                    );
                }
            }
        }
        // Lent ships sunk this turn were the lender's counters: they wait on the turn
        // track as the lender's (not the borrower's, whose pool they never were).
        crate::lost_ships::transfer(s, pool(l.borrower), pool(l.lender), l.kind, want);
    }
    if !loans.is_empty() {
        ev.push(Scoped::public(Event::CombatNote {
            text: "winter: lent ships go back to their owners".into(),
        }));
    }
}

/// Ship counters of `o` in use (the counter mix, [17.1]): on the map, less those it
/// borrowed, plus those it lent.
pub fn counters_in_use(s: &State, o: PoolOwner, on_map: u32) -> u32 {
    let (mut lent, mut borrowed) = (0u32, 0u32);
    for l in &s.ship_loans {
        if pool(l.lender) == o {
            lent += l.n as u32;
        }
        if pool(l.borrower) == o {
            borrowed += l.n as u32;
        }
    }
    (on_map + lent).saturating_sub(borrowed)
}
