//! Harvest and production [Ernte und Produktion L267–298; Aktivierung
//! dauerhafter Effekte L300–318].

use crate::data::{board, card};
use crate::effects::{grant, grant_bag, push_privileges};
use crate::model::*;

/// A harvest with action value `value`: the personal bonus tile at value ≥ 1
/// [L298] and every own territory whose activation value ≤ value [L296].
pub fn harvest(s: &mut State, seat: usize, value: i32, events: &mut Vec<Event>) {
    events.push(Event::Harvested {
        seat: seat as u8,
        value,
    });
    if value < 1 {
        return;
    }
    let tile = board().tile(s.players[seat].tile).harvest;
    grant_bag(s, seat, &tile, false);
    let cards = s.players[seat].cards[Kind::Territory.idx()].clone();
    for c in cards {
        let c = card(c);
        if c.activation <= value {
            grant_bag(s, seat, &c.harvest, false);
        }
    }
}

/// Buildings activated by a production of `value`.
pub fn activated_buildings(s: &State, seat: usize, value: i32) -> Vec<u8> {
    s.players[seat].cards[Kind::Building.idx()]
        .iter()
        .copied()
        .filter(|&c| card(c).activation <= value)
        .collect()
}

/// Start a production: if some activated building has exchanges, ask for them
/// one building at a time; otherwise resolve at once [L310–318].
pub fn start_production(s: &mut State, seat: usize, value: i32, events: &mut Vec<Event>) {
    if value < 1 {
        events.push(Event::Produced {
            seat: seat as u8,
            value,
            exchanges: vec![],
        });
        return;
    }
    // Only buildings with an exchange payable from the supply held now are asked about.
    let todo: Vec<u8> = activated_buildings(s, seat, value)
        .into_iter()
        .filter(|&c| exchange_options(s, seat, c, &[]).len() > 1)
        .collect();
    if todo.is_empty() {
        finish_production(s, seat, value, Vec::new(), events);
    } else {
        s.stack.push(Frame::Exchanges {
            seat: seat as u8,
            value,
            todo,
            chosen: Vec::new(),
        });
    }
}

/// Inputs reserved by the exchanges chosen so far.
pub fn reserved(chosen: &[(u8, u8)]) -> Res {
    let mut r = Res::default();
    for &(b, o) in chosen {
        if o > 0 {
            r.add(&card(b).production.exchange[o as usize - 1].pay.res());
        }
    }
    r
}

/// The exchange options (1-based; 0 = none) of `building` still payable from
/// the supply held before the action minus what earlier choices reserved.
pub fn exchange_options(s: &State, seat: usize, building: u8, chosen: &[(u8, u8)]) -> Vec<u8> {
    let left = s.players[seat].res.minus(&reserved(chosen));
    let mut v = vec![0];
    for (i, e) in card(building).production.exchange.iter().enumerate() {
        if left.covers(&e.pay.res()) {
            v.push(i as u8 + 1);
        }
    }
    v
}

/// Pay every chosen input, then gain the tile, each building's fixed gain,
/// multiplier and exchange output (each building one source) [L297–318].
pub fn finish_production(
    s: &mut State,
    seat: usize,
    value: i32,
    chosen: Vec<(u8, u8)>,
    events: &mut Vec<Event>,
) {
    let pay = reserved(&chosen);
    s.players[seat].res.sub(&pay);
    let tile = board().tile(s.players[seat].tile).production;
    grant_bag(s, seat, &tile, false);
    for b in activated_buildings(s, seat, value) {
        let prod = &card(b).production;
        let mut gain = prod.gain.res();
        let mut privileges = prod.gain.privileges;
        if let Some(per) = &prod.per
            && let Some(k) = per.per_card
        {
            gain.add(
                &per.gain
                    .res()
                    .scaled(s.players[seat].cards[k.idx()].len() as i32),
            );
        }
        if let Some(&(_, o)) = chosen.iter().find(|(c, _)| *c == b)
            && o > 0
        {
            let e = &prod.exchange[o as usize - 1];
            gain.add(&e.gain.res());
            privileges += e.gain.privileges;
        }
        if !gain.is_zero() {
            grant(s, seat, gain, false);
        }
        push_privileges(s, seat, privileges);
    }
    events.push(Event::Produced {
        seat: seat as u8,
        value,
        exchanges: chosen,
    });
}
