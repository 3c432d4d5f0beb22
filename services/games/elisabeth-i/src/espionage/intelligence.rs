//! Gather intelligence (2 CP, [19.1]): 2 dice plus 1 for an own agent on the target,
//! hits on 5-6; the results of the spy table (`tables.json` `spy`, reconstructed) are
//! cumulative (RULINGS S11): see the target's hand, neutralize an informant (or a
//! Jesuit), take a random card. What the spy sees goes to its seat only.

use signoria_engine::Scoped;

use crate::combat::Dice;
use crate::data::data;
use crate::model::{self, Pw};

use super::Event;
use super::agents::{ENGLAND, SPAIN, spies_on};

pub fn dice_count(s: &model::State, who: Pw, target: Pw) -> u8 {
    let t = &data().tables.spy;
    t.gather_intelligence.base_dice
        + if spies_on(s, who, target) {
            t.agent_bonus_die
        } else {
            0
        }
}

pub fn hits(d: &[u8]) -> u8 {
    d.iter().filter(|&&x| x >= 5).count() as u8
}

/// The results reached with `h` hits.
pub fn results(h: u8) -> Vec<&'static str> {
    data()
        .tables
        .spy
        .gather_intelligence
        .results
        .iter()
        .filter(|r| h >= r.hits_over_defence)
        .map(|r| r.result.as_str())
        .collect()
}

pub fn gather(
    s: &mut model::State,
    who: Pw,
    target: Pw,
    dice: &mut impl Dice,
    ev: &mut Vec<Scoped<model::Event>>,
) {
    let n = dice_count(s, who, target);
    let d: Vec<u8> = (0..n).map(|_| dice.d6()).collect();
    let h = hits(&d);
    ev.push(Scoped::public(model::Event::Espionage(Event::Gathered {
        power: who,
        target,
        dice: d,
        hits: h,
    })));

    for r in results(h) {
        match r {
            // Only the spying seat learns the hand.
            "see_hand" => {
                let mut cards = s.ps(target).hand.clone();
                cards.sort();
                ev.push(s.to_power(
                    who,
                    model::Event::Espionage(Event::HandSeen { target, cards }),
                ));
            }
            "neutralize_informant" => neutralize(s, who, target, ev),
            "take_card" => take_card(s, who, target, dice, ev),
            _ => {}
        }
    }
}

/// Neutralize an agent of the target spying on the spy's power; England spying on Spain
/// removes a Jesuit from England when there is no such agent (RULINGS S11).
fn neutralize(s: &mut model::State, who: Pw, target: Pw, ev: &mut Vec<Scoped<model::Event>>) {
    if let Some(i) = s
        .espionage
        .informants
        .iter()
        .position(|i| i.owner == target && i.on == Some(who) && !i.neutralized)
    {
        s.espionage.informants[i].neutralized = true;
        ev.push(Scoped::public(model::Event::Espionage(
            Event::Neutralized {
                owner: target,
                on: who,
            },
        )));
    } else if who == ENGLAND && target == SPAIN && !s.espionage.jesuits.is_empty() {
        let space = s.espionage.jesuits.remove(0);
        ev.push(Scoped::public(model::Event::Espionage(
            Event::JesuitRemoved { space },
        )));
    }
}

/// Take a random card (never a home card, [6.1]) or treasure ([6.3]) from the target's
/// hand; which one it is only the two seats learn.
fn take_card(
    s: &mut model::State,
    who: Pw,
    target: Pw,
    dice: &mut impl Dice,
    ev: &mut Vec<Scoped<model::Event>>,
) {
    // [6.3]: the "card" drawn may be a treasure (announced by `world::treasure`).
    let (_, n) = crate::world::treasure::draw_pool(s, target);
    if n == 0 {
        return;
    }
    let i = dice.index(n);
    let Some(crate::world::treasure::Drawn::Card(card)) =
        crate::world::treasure::take(s, target, who, i, ev)
    else {
        return;
    };
    ev.push(Scoped::public(model::Event::Espionage(Event::CardTaken {
        power: who,
        from: target,
    })));
    let (a, b) = (s.seat_opt(who), s.seat_opt(target));
    ev.push(s.to_power(
        who,
        model::Event::Espionage(Event::CardTakenIs { from: target, card }),
    ));
    if b != a {
        ev.push(s.to_power(
            target,
            model::Event::Espionage(Event::CardTakenIs { from: target, card }),
        ));
    }
}
