//! The foreign wars of [23.7]: *Krieg in Persien* (the Ottomans) and *Krieg mit Polen*
//! (the HRE), fought on the war card beside the power's card, and *Freie Wahl (Königreich
//! Polen)*, which ends the Polish war (RULINGS F1-F8).
//!
//! The event places the card beside the power it names; that power sends 3 to 8 land
//! units (never besieged ones) and at most one army leader from anywhere on the map onto
//! it (`Frame::Commit`); the power that played the card sets the foreign army's strength
//! (`Frame::Strength`, 1 to 5, F2), 5 putting the War Winner marker on the card (erratum
//! #212). The power fights it as a land action of 1 CP (`Move::FightForeignWar`): a field
//! battle without a defender's die and without retreats; its losses are its own choice
//! (`Frame::Losses`). When the foreign army is gone the war ends: the units and the leader
//! go home to the capital (or another home key, F5) and the War Winner marker scores 1 VP.
//! While the war lasts the power draws one card fewer, may raise units on the card (never
//! more than 8 there) and its units there never come home, not even in winter.

use serde::{Deserialize, Serialize};
use signoria_engine::Scoped;

use super::{Event, Frame, Move};
use crate::board::{
    besieged_in, book, capitals, controller_pw, enemy_land, force_mut, leader_pos, owner_for, tidy,
    troops_of,
};
use crate::building::{land_in_play, land_pool, raise_cost};
use crate::data::{CardId, PoolOwner, SpaceId, data};
use crate::events::{EventDef, Lasts, When};
use crate::model::{self, Loc, Pw, State, Troops, UnitKind, major};

pub const OTTOMAN: Pw = 0;
pub const HRE: Pw = 4;

/// The war cards and the power each names ([23.7]).
pub const WARS: [(&str, Pw); 2] = [("war_in_persia", OTTOMAN), ("war_with_poland", HRE)];
/// *Freie Wahl (Königreich Polen)*: ends the Polish war.
pub const FREE_ELECTION: &str = "free_election_kingdom_of_poland";

/// Fewest and most units a power sends when the war begins, most on a card ever ([23.7]).
pub const MIN_SENT: u8 = 3;
pub const MAX_ON_CARD: u8 = 8;
/// The strongest foreign army (RULINGS F2), the one that carries the War Winner marker
/// (erratum #212).
pub const MAX_FOREIGN: u8 = 5;

/// A foreign war in progress ([23.7]): the war card on the map beside `power`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct War {
    /// The war card.
    pub card: CardId,
    /// The major fighting it.
    pub power: Pw,
    /// The power that played the card (it sets the foreign army's strength).
    pub by: Pw,
    /// The major's units on the card.
    pub troops: Troops,
    /// The army leader on the card.
    pub leader: Option<u8>,
    /// The foreign army's units (0 while the playing power has not set it).
    pub foreign: u8,
    /// The War Winner marker lies on the card (the foreign army began with 5 units).
    pub war_winner: bool,
}

/// The title of a war card.
pub fn title(card: CardId) -> String {
    data()
        .card(card)
        .map_or_else(|| "a foreign war".into(), |c| c.title.clone())
}

fn pname(p: Pw) -> String {
    data().power(major(p)).name.clone()
}

/// The war on `card`, if in progress.
pub fn war(s: &State, card: CardId) -> Option<&War> {
    s.majors.foreign_wars.iter().find(|w| w.card == card)
}

fn war_mut(s: &mut State, card: CardId) -> &mut War {
    s.majors
        .foreign_wars
        .iter_mut()
        .find(|w| w.card == card)
        .expect("war in progress")
}

/// Whether `p` is fighting a foreign war now.
pub fn at_foreign_war(s: &State, p: Pw) -> bool {
    s.majors.foreign_wars.iter().any(|w| w.power == p)
}

/// Land units of `o` on war cards (they stay in the counter mix and the unit ledger).
pub fn on_cards(s: &State, o: PoolOwner) -> u32 {
    s.majors
        .foreign_wars
        .iter()
        .filter(|w| PoolOwner::of(major(w.power), None) == o)
        .map(|w| w.troops.total() as u32)
        .sum()
}

// ---- the events

fn war_playable(key: &'static str) -> impl Fn(&State) -> bool {
    move |s: &State| {
        data()
            .card_by_key(key)
            .is_some_and(|c| war(s, c.id).is_none())
    }
}

fn begin(s: &mut State, key: &str, by: Pw, ev: &mut Vec<Scoped<model::Event>>) {
    let card = data().card_by_key(key).expect("war card").id;
    let power = WARS.iter().find(|w| w.0 == key).expect("war card").1;
    s.majors.foreign_wars.push(War {
        card,
        power,
        by,
        troops: Troops::default(),
        leader: None,
        foreign: 0,
        war_winner: false,
    });
    ev.push(Scoped::public(model::Event::Majors(
        Event::ForeignWarBegun { card, power, by },
    )));
    // The power sends its units first, then the player sets the foreign army.
    s.stack
        .push(model::Frame::Majors(Frame::ForeignStrength { card }));
    s.stack
        .push(model::Frame::Majors(Frame::ForeignCommit { card }));
}

/// *Krieg in Persien* ([23.7]): the Ottomans' foreign war; any power may play it while
/// that war is not going on (RULINGS F1).
pub const WAR_IN_PERSIA: EventDef = EventDef {
    key: "war_in_persia",
    when: When::Impulse,
    lasts: Lasts::Now,
    playable: |s: &State, _who: Pw| war_playable("war_in_persia")(s),
    play: |s: &mut State, who: Pw, ev: &mut Vec<Scoped<model::Event>>| {
        begin(s, "war_in_persia", who, ev)
    },
};

/// *Krieg mit Polen* ([23.7]): the HRE's foreign war (RULINGS F1).
pub const WAR_WITH_POLAND: EventDef = EventDef {
    key: "war_with_poland",
    when: When::Impulse,
    lasts: Lasts::Now,
    playable: |s: &State, _who: Pw| war_playable("war_with_poland")(s),
    play: |s: &mut State, who: Pw, ev: &mut Vec<Scoped<model::Event>>| {
        begin(s, "war_with_poland", who, ev)
    },
};

fn polish_war(s: &State) -> Option<CardId> {
    let c = data().card_by_key("war_with_poland")?.id;
    war(s, c).map(|w| w.card)
}

/// *Freie Wahl (Königreich Polen)* ([23.7]): ends the war between Poland and the HRE, the
/// foreign units eliminated; offered only while that war is on (its event VP of [25.2]
/// are printed on the card, not in the seed: not given, RULINGS F7).
pub const FREE_ELECTION_EVENT: EventDef = EventDef {
    key: FREE_ELECTION,
    when: When::Impulse,
    lasts: Lasts::Now,
    playable: |s: &State, _who: Pw| polish_war(s).is_some(),
    play: |s: &mut State, _who: Pw, ev: &mut Vec<Scoped<model::Event>>| {
        if let Some(card) = polish_war(s) {
            war_mut(s, card).foreign = 0;
            end(s, card, ev);
        }
    },
};

// ---- sending units

/// Units of `p` in a space that may go onto a war card: not besieged ([23.7]); its own
/// counters only (an active minor's units are its ally's in the field, [24.3], but the
/// war card holds the power's own units).
fn free_troops(s: &State, p: Pw, sp: SpaceId) -> Troops {
    if besieged_in(s, p, sp) {
        return Troops::default();
    }
    let mut t = Troops::default();
    for f in &s.sp(sp).forces {
        if crate::board::owner_pw(f.owner) == Some(p) {
            t.add(&f.troops.movable());
        }
    }
    t
}

/// The choices of the power sending units ([23.7]): a unit from a space (up to 8), an
/// army leader (at most one), or done once 3 are sent or none is left to send.
pub fn commit_choices(s: &State, card: CardId) -> Vec<model::Move> {
    let Some(w) = war(s, card) else {
        return Vec::new();
    };
    let mut v = Vec::new();
    if w.troops.total() < MAX_ON_CARD {
        for sp in data().space_ids() {
            let t = free_troops(s, w.power, sp);
            for unit in UnitKind::ALL {
                if t.get(unit) > 0 {
                    v.push(model::Move::Majors(Move::Commit { space: sp, unit }));
                }
            }
        }
    }
    let any_unit = !v.is_empty();
    if w.leader.is_none() {
        for l in s.leaders.iter().filter(|l| l.owner == w.power) {
            if let Loc::Space(sp) = l.at
                && !besieged_in(s, w.power, sp)
            {
                v.push(model::Move::Majors(Move::CommitLeader { leader: l.idx }));
            }
        }
    }
    if w.troops.total() >= MIN_SENT || !any_unit {
        v.push(model::Move::Done);
    }
    v
}

/// Take one unit of `unit` of `p` out of a space; a besieger whose last unit leaves no
/// longer besieges (the siege ends without besiegers).
fn take_unit(
    s: &mut State,
    p: Pw,
    sp: SpaceId,
    unit: UnitKind,
    ev: &mut Vec<Scoped<model::Event>>,
) {
    let owner = s
        .sp(sp)
        .forces
        .iter()
        .find(|f| crate::board::owner_pw(f.owner) == Some(p) && f.troops.get(unit) > 0)
        .map(|f| f.owner)
        .expect("listed unit");
    *force_mut(s, sp, owner).troops.get_mut(unit) -= 1;
    tidy(s, sp);
    leave_siege(s, p, sp, ev);
}

fn leave_siege(s: &mut State, p: Pw, sp: SpaceId, ev: &mut Vec<Scoped<model::Event>>) {
    let besieging = s.sp(sp).siege.as_ref().is_some_and(|g| g.by.contains(&p));
    if besieging && troops_of(s, p, sp).total() == 0 {
        let g = s.sp_mut(sp).siege.as_mut().expect("siege");
        g.by.retain(|&q| q != p);
        if g.by.is_empty() {
            s.sp_mut(sp).siege = None;
            ev.push(Scoped::public(model::Event::SiegeLifted { space: sp }));
        }
    }
}

pub fn resolve_commit(
    s: &mut State,
    card: CardId,
    mv: &model::Move,
    ev: &mut Vec<Scoped<model::Event>>,
) {
    let p = war(s, card).expect("war").power;
    match mv {
        model::Move::Majors(Move::Commit { space, unit }) => {
            take_unit(s, p, *space, *unit, ev);
            *war_mut(s, card).troops.get_mut(*unit) += 1;
            ev.push(Scoped::public(model::Event::Majors(Event::SentAbroad {
                card,
                power: p,
                space: *space,
                unit: Some(*unit),
                leader: None,
            })));
        }
        model::Move::Majors(Move::CommitLeader { leader }) => {
            let i = leader_pos(s, *leader);
            let Loc::Space(space) = s.leaders[i].at else {
                unreachable!("listed leader on the map")
            };
            s.leaders[i].at = Loc::Abroad;
            war_mut(s, card).leader = Some(*leader);
            ev.push(Scoped::public(model::Event::Majors(Event::SentAbroad {
                card,
                power: p,
                space,
                unit: None,
                leader: Some(*leader),
            })));
        }
        model::Move::Done => {
            s.stack.pop();
        }
        mv => unreachable!("{mv:?} on a foreign war's units"),
    }
}

// ---- the foreign army

/// The strengths the playing power may choose (RULINGS F2).
pub fn strength_choices(s: &State, card: CardId) -> Vec<model::Move> {
    if war(s, card).is_none() {
        return Vec::new();
    }
    (1..=MAX_FOREIGN)
        .map(|n| model::Move::Majors(Move::ForeignStrength { n }))
        .collect()
}

pub fn resolve_strength(s: &mut State, card: CardId, n: u8, ev: &mut Vec<Scoped<model::Event>>) {
    s.stack.pop();
    let w = war_mut(s, card);
    w.foreign = n;
    // Erratum #212: the marker only for an army that begins with 5 units (F2).
    w.war_winner = n == MAX_FOREIGN;
    let (power, war_winner) = (w.power, w.war_winner);
    ev.push(Scoped::public(model::Event::Majors(Event::ForeignArmy {
        card,
        power,
        strength: n,
        war_winner,
    })));
    // A war without a foreign army to fight cannot happen (n >= 1).
}

// ---- fighting it

/// The CP actions of the power at war abroad ([23.7], [17.2]): fight (1 CP, with units
/// on the card) and raise units directly on the card (their raise cost, up to 8 there,
/// within the counter mix).
pub fn actions(s: &State, who: Pw, cp: u8) -> Vec<model::Move> {
    let mut v = Vec::new();
    for w in s.majors.foreign_wars.iter().filter(|w| w.power == who) {
        if w.foreign == 0 {
            continue;
        }
        if cp >= 1 && w.troops.total() > 0 {
            v.push(model::Move::Majors(Move::FightForeignWar { card: w.card }));
        }
        let o = PoolOwner::of(major(who), None);
        if w.troops.total() < MAX_ON_CARD && land_in_play(s, o) < land_pool(o) {
            for unit in UnitKind::ALL {
                if raise_cost(who, unit).is_some_and(|c| c <= cp) {
                    v.push(model::Move::Majors(Move::RaiseAbroad {
                        card: w.card,
                        unit,
                    }));
                }
            }
        }
    }
    v
}

/// Carry out one of the actions; the CP it costs.
pub fn act(s: &mut State, who: Pw, mv: &Move, ev: &mut Vec<Scoped<model::Event>>) -> u8 {
    match *mv {
        Move::FightForeignWar { card } => {
            fight(s, card, ev);
            1
        }
        Move::RaiseAbroad { card, unit } => {
            *war_mut(s, card).troops.get_mut(unit) += 1;
            book(s, PoolOwner::of(major(who), None), 1, 0);
            ev.push(Scoped::public(model::Event::Majors(Event::RaisedAbroad {
                card,
                power: who,
                unit,
            })));
            raise_cost(who, unit).expect("listed")
        }
        ref m => unreachable!("{m:?} is no foreign-war action"),
    }
}

fn roll(s: &mut State, n: u8) -> Vec<u8> {
    (0..n).map(|_| s.rng.die(6) as u8).collect()
}

fn hits(dice: &[u8]) -> u8 {
    crate::combat::hits(dice)
}

/// [23.7]: the field battle on the card: the power's dice are its units plus its leader's
/// battle rating, the foreign army's its units; no defender's die, no retreat (F3).
/// Hits fall on both at once; the foreign units die at once, the power picks its losses
/// (`Frame::ForeignLosses`) unless they are forced.
pub fn fight(s: &mut State, card: CardId, ev: &mut Vec<Scoped<model::Event>>) {
    let w = war(s, card).expect("war").clone();
    let bonus = w
        .leader
        .map_or(0, |l| data().army_leaders[l as usize].battle);
    let own = roll(s, w.troops.total() + bonus);
    let theirs = roll(s, w.foreign);
    let (own_hits, their_hits) = (hits(&own), hits(&theirs));
    ev.push(Scoped::public(model::Event::Majors(Event::ForeignBattle {
        card,
        power: w.power,
        dice: own,
        hits: own_hits,
        foreign_dice: theirs,
        foreign_hits: their_hits,
    })));
    war_mut(s, card).foreign = w.foreign.saturating_sub(own_hits);
    let losses = their_hits.min(w.troops.total());
    let kinds = UnitKind::ALL
        .iter()
        .filter(|&&k| w.troops.get(k) > 0)
        .count();
    if losses == w.troops.total() || kinds <= 1 {
        let mut lost = Troops::default();
        let mut left = losses;
        for k in UnitKind::ALL {
            let n = w.troops.get(k).min(left);
            *lost.get_mut(k) = n;
            left -= n;
        }
        lose(s, card, lost, ev);
        after_battle(s, card, ev);
    } else if losses > 0 {
        s.stack.push(model::Frame::Majors(Frame::ForeignLosses {
            card,
            left: losses,
        }));
    } else {
        after_battle(s, card, ev);
    }
}

fn lose(s: &mut State, card: CardId, lost: Troops, ev: &mut Vec<Scoped<model::Event>>) {
    if lost.total() == 0 {
        return;
    }
    let w = war_mut(s, card);
    w.troops.sub(&lost);
    let p = w.power;
    book(s, PoolOwner::of(major(p), None), -(lost.total() as i16), 0);
    ev.push(Scoped::public(model::Event::Majors(Event::LostAbroad {
        card,
        power: p,
        troops: lost,
    })));
}

/// The power's choices for its next loss on the card.
pub fn loss_choices(s: &State, card: CardId) -> Vec<model::Move> {
    let Some(w) = war(s, card) else {
        return Vec::new();
    };
    UnitKind::ALL
        .into_iter()
        .filter(|&k| w.troops.get(k) > 0)
        .map(|unit| model::Move::Majors(Move::LoseAbroad { unit }))
        .collect()
}

pub fn resolve_loss(
    s: &mut State,
    card: CardId,
    left: u8,
    unit: UnitKind,
    ev: &mut Vec<Scoped<model::Event>>,
) {
    s.stack.pop();
    let mut lost = Troops::default();
    *lost.get_mut(unit) = 1;
    lose(s, card, lost, ev);
    let w = war(s, card).expect("war");
    let left = left - 1;
    let kinds = UnitKind::ALL
        .iter()
        .filter(|&&k| w.troops.get(k) > 0)
        .count();
    if left > 0 && kinds > 1 && left < w.troops.total() {
        s.stack
            .push(model::Frame::Majors(Frame::ForeignLosses { card, left }));
        return;
    }
    if left > 0 {
        // Forced: the rest of one kind, or every unit left.
        let t = w.troops;
        let mut rest = Troops::default();
        let mut n = left.min(t.total());
        for k in UnitKind::ALL {
            let x = t.get(k).min(n);
            *rest.get_mut(k) = x;
            n -= x;
        }
        lose(s, card, rest, ev);
    }
    after_battle(s, card, ev);
}

fn after_battle(s: &mut State, card: CardId, ev: &mut Vec<Scoped<model::Event>>) {
    if war(s, card).is_some_and(|w| w.foreign == 0) {
        end(s, card, ev);
    }
}

/// Where the units of `p` go home when its war ends ([23.7]): its capital, or, while enemy
/// land units occupy it (or it is not its own), another home key it controls free of
/// them, the lowest space number first (RULINGS F5).
pub fn home(s: &State, p: Pw) -> Option<SpaceId> {
    let ok = |sp: SpaceId| controller_pw(s, sp) == Some(p) && !enemy_land(s, p, sp);
    if let Some(&c) = capitals(s, p).first()
        && ok(c)
    {
        return Some(c);
    }
    data()
        .space_ids()
        .find(|&sp| crate::board::is_key(sp) && data().space(sp).is_home_of(major(p)) && ok(sp))
}

/// [23.7]: the war is over: the War Winner VP, the units and the leader back home (none
/// such: eliminated, F5).
fn end(s: &mut State, card: CardId, ev: &mut Vec<Scoped<model::Event>>) {
    let i = s
        .majors
        .foreign_wars
        .iter()
        .position(|w| w.card == card)
        .expect("war");
    let w = s.majors.foreign_wars.remove(i);
    if w.war_winner {
        s.majors.war_winners.push(w.power);
    }
    let to = home(s, w.power);
    let o = PoolOwner::of(major(w.power), None);
    match to {
        Some(sp) => {
            if w.troops.total() > 0 {
                let o = owner_for(w.power, sp);
                force_mut(s, sp, o).troops.add(&w.troops);
            }
        }
        None => book(s, o, -(w.troops.total() as i16), 0),
    }
    if let Some(l) = w.leader {
        let j = leader_pos(s, l);
        s.leaders[j].at = match to {
            Some(sp) => Loc::Space(sp),
            None => Loc::Dead,
        };
    }
    ev.push(Scoped::public(model::Event::Majors(Event::ForeignWarWon {
        card,
        power: w.power,
        home: to,
        war_winner: w.war_winner,
    })));
}

/// [25.2]: 1 VP for each War Winner marker of a war won.
pub fn vp(s: &State, p: Pw) -> i16 {
    s.majors.war_winners.iter().filter(|&&q| q == p).count() as i16
}

/// [23.7]: one card fewer while at war abroad in the card draw.
pub fn card_bonus(s: &State, p: Pw) -> i8 {
    -(s.majors
        .foreign_wars
        .iter()
        .filter(|w| w.power == p)
        .count() as i8)
}

/// The rule invariants: at most 8 units on a card, leaders on a card and abroad agree.
pub fn violations(s: &State) -> Vec<String> {
    let mut v = Vec::new();
    for w in &s.majors.foreign_wars {
        if w.troops.total() > MAX_ON_CARD {
            v.push(format!("{}: more than 8 units on the card", title(w.card)));
        }
        if let Some(l) = w.leader
            && s.leaders.iter().any(|x| x.idx == l && x.at != Loc::Abroad)
        {
            v.push(format!("{}: its leader is elsewhere", title(w.card)));
        }
    }
    let abroad = s.leaders.iter().filter(|l| l.at == Loc::Abroad).count();
    let carried = s
        .majors
        .foreign_wars
        .iter()
        .filter(|w| w.leader.is_some())
        .count();
    if abroad != carried {
        v.push("a leader abroad on no war card".into());
    }
    v
}

pub fn describe(mv: &Move) -> Option<String> {
    let unit = |u: UnitKind| match u {
        UnitKind::Regular => "regular",
        UnitKind::Mercenary => "mercenary",
        UnitKind::Cavalry => "cavalry",
        UnitKind::Knights => "Knights of St. John",
        UnitKind::Morisco => "Morisco",
    };
    Some(match *mv {
        Move::Commit { space, unit: u } => format!(
            "Send a {} from {} to the foreign war",
            unit(u),
            data().space(space).name
        ),
        Move::CommitLeader { leader } => format!(
            "Send {} to the foreign war",
            data().army_leaders[leader as usize].name
        ),
        Move::ForeignStrength { n } => format!(
            "A foreign army of {n} unit{}{}",
            if n == 1 { "" } else { "s" },
            if n == MAX_FOREIGN {
                " (War Winner VP to the power when it wins)"
            } else {
                ""
            }
        ),
        Move::FightForeignWar { card } => format!("Fight {} (1 CP)", title(card)),
        Move::RaiseAbroad { card, unit: u } => format!(
            "Raise a {} on {} ({} CP)",
            unit(u),
            title(card),
            match u {
                UnitKind::Regular => 2,
                _ => 1,
            }
        ),
        Move::LoseAbroad { unit: u } => format!("Lose a {}", unit(u)),
        _ => return None,
    })
}

pub fn prompt(s: &State, f: &Frame) -> Option<String> {
    Some(match *f {
        Frame::ForeignCommit { card } => {
            let w = war(s, card)?;
            format!(
                "{}: send 3 to 8 land units and at most one army leader to {} ({} sent)",
                pname(w.power),
                title(card),
                w.troops.total()
            )
        }
        Frame::ForeignStrength { card } => {
            let w = war(s, card)?;
            format!(
                "{}: set the strength of the foreign army of {} (1 to 5 units)",
                pname(w.by),
                title(card)
            )
        }
        Frame::ForeignLosses { card, left } => {
            let w = war(s, card)?;
            format!(
                "{}: take {left} more loss{} on {}",
                pname(w.power),
                if left == 1 { "" } else { "es" },
                title(card)
            )
        }
        _ => return None,
    })
}

/// The decider of its frames.
pub fn decider(s: &State, f: &Frame) -> Option<Pw> {
    match *f {
        Frame::ForeignCommit { card } | Frame::ForeignLosses { card, .. } => {
            war(s, card).map(|w| w.power)
        }
        Frame::ForeignStrength { card } => war(s, card).map(|w| w.by),
        _ => None,
    }
}
