//! Trade fairs [E5, G1-G6] and levies [Glossar: ABGABE].

use signoria_engine::Scoped;

use crate::board;
use crate::data::{self, Ability};
use crate::model::*;

/// The uncovered centre of a fair's colour [C1, H1].
pub fn active_centre(s: &State, row: Side) -> TradeCentre {
    *TradeCentre::ALL
        .iter()
        .find(|c| c.fair() == row && s.uncovered[c.index()])
        .expect("one uncovered centre per colour")
}

pub fn call(s: &mut State, row: Side, ev: &mut Vec<Scoped<Event>>) {
    let seat = s.active;
    let r = row.index();
    // G1: the fair card is discarded; its florins, the leftovers and China's bonus are the profits.
    let mc = s.market[r][0].take().expect("fair card");
    s.discards.push(mc.card);
    let k = data::constants();
    let bonus = k.fair_bonus(s.n()) as i64;
    s.china -= bonus;
    let mut profits = mc.florins + bonus + std::mem::take(&mut s.leftover[r]);
    let centre = active_centre(s, row);
    // G2: the initiator takes 1 (not in the bankruptcy variant, G6).
    if !s.options.bankruptcy {
        let take = (k.fair_initiator_florins as i64).min(profits);
        profits -= take;
        s.players[seat].florins += take;
        ev.push(Scoped::public(Event::Florins {
            seat,
            delta: take,
            why: "trade fair initiator".into(),
        }));
        if profits == 0 {
            ev.push(Scoped::public(Event::Note {
                text: "the voyage ends before it begins".into(),
            }));
            return; // G2/G5 (RULINGS R-22): no levies either
        }
    }
    let route = data::map().route(centre);
    let mut levied = vec![route.empires[0].id()];
    for (i, &b) in route.border_ids.iter().enumerate() {
        if profits == 0 {
            break;
        }
        match s.borders[b as usize] {
            Some(BorderToken::Concession(o)) => {
                // G3; Armada: double in Spice-Islands fairs, once more per
                // further active Armada (abilities are cumulative, Glossar:
                // FÄHIGKEIT; RULINGS R-49); R-23: pays what remains.
                let armadas = board::abilities(s, o)
                    .iter()
                    .filter(|&&a| *a == Ability::DoubleConcessionsOnRoute { centre })
                    .count() as u32;
                let want = 1i64 << armadas.min(8);
                let pay = want.min(profits);
                profits -= pay;
                s.players[o].florins += pay;
                ev.push(Scoped::public(Event::Florins {
                    seat: o,
                    delta: pay,
                    why: format!("concession on {}", board::border_name(b)),
                }));
            }
            Some(BorderToken::Pirate(_)) => {
                profits -= 1;
                s.china += 1;
            }
            None => {}
        }
        // G5: after the last florin no levy beyond this border.
        if profits == 0 {
            break;
        }
        levied.push(route.empires[i + 1].id());
    }
    s.leftover[r] += profits;
    // G4: one levy per passed map card, city chosen by the initiator.
    for &m in levied.iter().rev() {
        s.stack.push(Task::Levy { map: m, by: None });
    }
}

/// The piece a levy would place in a city: its printed symbol [Glossar: ABGABE, STADT].
/// Constantinople: the first printed slot not matched by a present token (RULINGS R-24).
pub fn levy_piece(s: &State, c: CityId) -> Piece {
    let symbols = data::city(c).symbols(s.flipped[board::city_map(c) as usize]);
    let mut present = s.cities[c as usize].clone();
    for &sym in symbols {
        if let Some(i) = present.iter().position(|&p| p == sym) {
            present.remove(i);
        } else {
            return sym;
        }
    }
    symbols[s.cities[c as usize].len().min(symbols.len() - 1)]
}

/// Cities that can take a levy now: free, and its piece in supply (RULINGS R-25).
pub fn levy_cities(s: &State, m: MapId) -> Vec<(CityId, Piece)> {
    board::usable_cities(m)
        .filter(|&c| board::city_free(s, c))
        .map(|c| (c, levy_piece(s, c)))
        .filter(|&(_, p)| board::can_take_piece(s, p, false))
        .collect()
}

pub fn place_levy(s: &mut State, c: CityId) {
    s.stack.pop();
    let p = levy_piece(s, c);
    board::take_piece(s, p, false);
    s.cities[c as usize].push(p);
}
