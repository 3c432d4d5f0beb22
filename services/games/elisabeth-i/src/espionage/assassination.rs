//! Assassination (2-4 CP, once per turn, [19.3]): a named army leader on the map acting
//! as army leader, or Elizabeth I; attacker dice by CP (+1 for an own agent on the
//! target's power), the defender rolls; a kill (the margin of the spy table,
//! reconstructed) removes the target and gives the assassin 1 VP.

use signoria_engine::Scoped;

use crate::combat::Dice;
use crate::data::data;
use crate::model::{self, Loc, Pw};

use super::Event;
use super::agents::{ENGLAND, spies_on};
use super::intelligence::hits;

/// Who may be targeted: a leader of the data pack's army leaders, or Elizabeth.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Target {
    Leader(u8),
    Elizabeth,
}

/// Whether `who` may still attempt one this turn (the Spanish ECR uses the same marker,
/// [19.4]).
pub fn may(s: &model::State, who: Pw) -> bool {
    !s.espionage.assassinated.contains(&who)
}

/// [19.3] the targets for `who`: another power's named army leaders on the map (not
/// captured; the default leaders are no army leaders here; Don John at sea is a naval
/// leader, not in this list), and Elizabeth I while she rules.
pub fn targets(s: &model::State, who: Pw) -> Vec<(Target, Pw)> {
    let mut v: Vec<(Target, Pw)> = s
        .leaders
        .iter()
        .filter(|l| l.owner != who && matches!(l.at, Loc::Space(_)))
        .filter(|l| !crate::majors::default_leader::is_default(l.idx))
        .map(|l| (Target::Leader(l.idx), l.owner))
        .collect();
    if who != ENGLAND
        && s.ps(ENGLAND).ruler == "elizabeth_i"
        && !crate::royals::wedding::ruler_dead(s, ENGLAND)
    {
        v.push((Target::Elizabeth, ENGLAND));
    }
    v
}

pub fn attempt(
    s: &mut model::State,
    who: Pw,
    target: Target,
    cp: u8,
    dice: &mut impl Dice,
    ev: &mut Vec<Scoped<model::Event>>,
) {
    let t = &data().tables.spy;
    let victim = match target {
        Target::Elizabeth => ENGLAND,
        Target::Leader(l) => s
            .leaders
            .iter()
            .find(|x| x.idx == l)
            .map(|x| x.owner)
            .expect("a leader"),
    };
    let n = t.assassination.dice_by_cp[&cp.to_string()]
        + if spies_on(s, who, victim) {
            t.agent_bonus_die
        } else {
            0
        };
    let a: Vec<u8> = (0..n).map(|_| dice.d6()).collect();
    let d: Vec<u8> = (0..t.assassination.defender_dice)
        .map(|_| dice.d6())
        .collect();
    let killed = hits(&a) >= hits(&d) + t.assassination.kill_at_margin;
    s.espionage.assassinated.push(who);
    ev.push(Scoped::public(model::Event::Espionage(
        Event::Assassination {
            power: who,
            target,
            attack: a,
            defence: d,
            killed,
        },
    )));
    if !killed {
        // [23.3]: a failed attempt on Elizabeth lets England execute a captured Mary.
        if target == Target::Elizabeth {
            super::execution::offer(s);
        }
        return;
    }
    s.espionage.vp.resize(6, 0);
    s.espionage.vp[who as usize] += 1;
    let noble = |id: &str| crate::royals::nobles::by_id(id);
    match target {
        Target::Elizabeth => {
            crate::royals::wedding::dies(s, noble("elizabeth_i"), ev);
            crate::royals::wedding::ruler_dies(s, ENGLAND, ev);
        }
        Target::Leader(l) => {
            // A leader who is also a noble: his engagement ends too ([21.4]).
            let as_noble = (0..crate::royals::nobles::count())
                .find(|&n| crate::royals::wedding::army_leader(n) == Some(l));
            match as_noble {
                Some(n) => crate::royals::wedding::dies(s, n, ev),
                None => crate::royals::wedding::leader_dies(s, l, ev),
            }
        }
    }
}
