//! Victories [L2-L6], the Patron end [L2], outcome and the bankruptcy variant [G6].

use signoria_engine::{Outcome, Scoped, Seat};

use crate::board;
use crate::data::{Empire, Prestige};
use crate::model::*;

fn others(s: &State, seat: Seat) -> impl Iterator<Item = Seat> + '_ {
    (0..s.n()).filter(move |&o| o != seat && !s.players[o].eliminated)
}

fn best_other(s: &State, seat: Seat, f: impl Fn(Seat) -> i64) -> i64 {
    others(s, seat).map(f).max().unwrap_or(0)
}

pub fn kings(s: &State, seat: Seat) -> i64 {
    s.empires
        .iter()
        .filter(|e| e.owner == Some(seat) && e.face == Face::King)
        .count() as i64
}

pub fn republics(s: &State, seat: Seat) -> i64 {
    s.empires
        .iter()
        .filter(|e| e.owner == Some(seat) && e.face == Face::Republic)
        .count() as i64
}

/// L3 supremacy: more bishops of the colour in play than the other two
/// together, and more colour-matching tokens in its theocracies than the two
/// other religions have in theirs together (seed L585-587: "als die beiden
/// anderen RELIGIONEN in den ihren zusammen").
pub fn supreme(s: &State) -> Option<Religion> {
    let bishops = |r: Religion| -> i64 {
        s.players
            .iter()
            .flat_map(|p| p.tableau.iter().flatten())
            .filter(|sl| sl.bishop == Some(r))
            .count() as i64
    };
    let strength = |r: Religion| -> i64 {
        let mut n = 0;
        for m in Empire::ALL.map(Empire::id) {
            if board::theocracy(s, m) != Some(r) {
                continue;
            }
            for c in board::usable_cities(m) {
                n += s.cities[c as usize]
                    .iter()
                    .filter(|p| p.religion == r)
                    .count() as i64;
            }
        }
        // Pirates on a theocracy's borders, each once.
        for (b, tok) in s.borders.iter().enumerate() {
            if *tok == Some(BorderToken::Pirate(r))
                && board::border_maps(b as BorderId)
                    .iter()
                    .any(|&m| board::theocracy(s, m) == Some(r))
            {
                n += 1;
            }
        }
        n
    };
    Religion::ALL.into_iter().find(|&r| {
        let others: Vec<Religion> = Religion::ALL.into_iter().filter(|&q| q != r).collect();
        bishops(r) > others.iter().map(|&q| bishops(q)).sum::<i64>()
            && strength(r) > others.iter().map(|&q| strength(q)).sum::<i64>()
    })
}

/// Does the seat meet the victory's condition now [L3-L6]?
pub fn meets(s: &State, seat: Seat, victory: u8) -> bool {
    match victory {
        0 => supreme(s).is_some_and(|r| {
            let k = Prestige::of(r);
            board::prestige(s, seat, k) > best_other(s, seat, |o| board::prestige(s, o, k))
        }),
        1 => {
            let margin = crate::data::constants().imperial_margin(s.n()) as i64;
            kings(s, seat) >= best_other(s, seat, |o| kings(s, o)) + margin
        }
        2 => {
            board::concessions(s, seat) as i64
                >= best_other(s, seat, |o| board::concessions(s, o) as i64)
                    + crate::data::constants().globalization_concession_margin as i64
                && board::prestige(s, seat, Prestige::Discovery)
                    > best_other(s, seat, |o| board::prestige(s, o, Prestige::Discovery))
        }
        3 => {
            republics(s, seat) > best_other(s, seat, |o| republics(s, o))
                && board::prestige(s, seat, Prestige::Law)
                    >= best_other(s, seat, |o| board::prestige(s, o, Prestige::Law))
                        + crate::data::constants().renaissance_law_margin as i64
        }
        _ => false,
    }
}

/// E6: only an active victory card whose condition holds (RULINGS R-27).
pub fn can_declare(s: &State, seat: Seat, victory: u8) -> bool {
    s.victory_active[victory as usize] && meets(s, seat, victory)
}

pub fn declare(s: &mut State, seat: Seat, victory: u8, ev: &mut Vec<Scoped<Event>>) {
    game_over(s, Winner::Declared { seat, victory });
    ev.push(Scoped::public(Event::GameOver {
        text: format!(
            "seat {seat} wins the {} victory",
            VICTORIES[victory as usize]
        ),
    }));
}

/// L2: both decks exhausted: most Patron prestige wins, ties by florins,
/// further ties share the win (RULINGS R-28).
pub fn patron_end(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
    let key = |p: Seat| {
        (
            board::prestige(s, p, Prestige::Patron),
            s.players[p].florins,
        )
    };
    let live: Vec<Seat> = (0..s.n()).filter(|&p| !s.players[p].eliminated).collect();
    let best = live.iter().map(|&p| key(p)).max().unwrap();
    let seats: Vec<Seat> = live.into_iter().filter(|&p| key(p) == best).collect();
    ev.push(Scoped::public(Event::GameOver {
        text: format!("the decks are exhausted: Patron victory for {seats:?}"),
    }));
    game_over(s, Winner::Patron { seats });
}

/// The game ends: nothing is left to decide.
fn game_over(s: &mut State, winner: Winner) {
    s.winner = Some(winner);
    s.stack.clear();
}

pub fn outcome(s: &State) -> Option<Outcome> {
    let w = s.winner.as_ref()?;
    let n = s.n();
    let scores: Vec<i64> = (0..n)
        .map(|p| board::prestige(s, p, Prestige::Patron))
        .collect();
    let keys: Vec<(i64, i64, i64)> = match w {
        Winner::Declared { seat, .. } => (0..n).map(|p| ((p == *seat) as i64, 0, 0)).collect(),
        Winner::Patron { seats } => (0..n)
            .map(|p| {
                if seats.contains(&p) {
                    (1, 0, 0)
                } else {
                    (
                        0,
                        scores[p] * (!s.players[p].eliminated as i64),
                        s.players[p].florins,
                    )
                }
            })
            .collect(),
    };
    let tb = match w {
        Winner::Declared { seat, victory } => {
            format!(
                "seat {seat} declared the {} victory",
                VICTORIES[*victory as usize]
            )
        }
        Winner::Patron { .. } => "Patron victory: most Patron prestige, then most florins".into(),
    };
    Some(Outcome::ranked(&scores, &keys, tb))
}

/// G6 bankruptcy variant: the first player with no florins, no cards and no
/// concessions, who leaves the game (checked between actions, RULINGS R-29).
/// A spinster is one of the player's cards (RULINGS R-54: "keine ...
/// Karten", not "keine TABLEAU-Karten").
pub fn bankrupt(s: &State) -> Option<Seat> {
    if !s.options.bankruptcy {
        return None;
    }
    (0..s.n()).find(|&p| {
        let pl = &s.players[p];
        !pl.eliminated
            && pl.florins <= 0
            && pl.hand.is_empty()
            && pl.spinsters.is_empty()
            && board::all_members(s, p).is_empty()
            && board::concessions(s, p) == 0
    })
}

/// G6: a bankrupt player leaves the game; the last one standing wins.
/// Returns whether a player left.
pub fn bankruptcy_check(s: &mut State, ev: &mut Vec<Scoped<Event>>) -> bool {
    if let Some(p) = bankrupt(s) {
        s.players[p].eliminated = true;
        remove_serfs(s, p);
        ev.push(Scoped::public(Event::Note {
            text: format!("seat {p} is bankrupt and leaves the game"),
        }));
        let live: Vec<Seat> = (0..s.n()).filter(|&q| !s.players[q].eliminated).collect();
        if live.len() == 1 {
            game_over(
                s,
                Winner::Declared {
                    seat: live[0],
                    victory: 4,
                },
            );
            return true;
        }
        if p == s.active {
            s.turn.actions_left = 0;
        }
        return true;
    }
    false
}

/// RULINGS R-58 [G6 "scheidet er aus dem Spiel aus"]: a bankrupt player's dice
/// leave the game with him; his serfs are taken off the empire cards, so they
/// can never return as concessions of a player who is out.
fn remove_serfs(s: &mut State, p: Seat) {
    for e in 0..s.empires.len() {
        let before = s.empires[e].repressed.len();
        s.empires[e].repressed.retain(|&t| t != Token::Serf(p));
        s.players[p].dice += (before - s.empires[e].repressed.len()) as u8;
    }
}
