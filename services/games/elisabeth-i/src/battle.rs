//! The combat procedures of `combat/` played in the game: snapshots of the state go in,
//! the procedures' questions become pending decisions of the right seats, and their
//! outcomes are applied to the map (seed [14], [14.1], [15], [15.1]-[15.3]).
//!
//! While a procedure runs, the units it fights with stay on the map (so every unit is
//! always counted once); `taken` records what was handed to it, and the outcome replaces
//! exactly that.

use serde::{Deserialize, Serialize};
use signoria_engine::Scoped;

use crate::board::{
    at_war, book, controller_pw, force_mut, fortified, inside_units, leader_pos, side, side_power,
    tidy, troops_of,
};
use crate::combat::assault::{Assault, AssaultChoice, AssaultInput, AssaultOutcome};
use crate::combat::field_battle::{
    FieldBattle, FieldBattleInput, FieldBattleOutcome, FieldChoice, Relief, SiegeAfter,
};
use crate::combat::naval_battle::{Fleet, NavalBattle, NavalChoice, Waters};
use crate::combat::naval_move::{NavalMove, NavalMoveChoice};
use crate::combat::piracy::{Piracy, PiracyChoice, Reward};
use crate::combat::retreat::Neighbourhood;
use crate::combat::siege::{AssaultFacts, LiftOutcome, SiegeLift};
use crate::combat::{
    Ask, CombatLog, Contingent, LandKind, Leader as CLeader, casualties::LossChoice,
};
use crate::data::{PoolOwner, Power, ShipType, SpaceId, data};
use crate::land::LandMove;
use crate::model::{Event, Frame, Loc, Move, Pw, Selection, State, Troops, UnitKind, major, pw};

/// A procedure in progress, with what it took from the map.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Combat {
    pub space: SpaceId,
    pub attacker: Pw,
    /// Land units handed to the procedure, by owner (replaced by the outcome).
    pub taken: Vec<(PoolOwner, Troops)>,
    pub proc: Proc,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Proc {
    Field(FieldBattle),
    Assault(Assault),
    Lift(SiegeLift),
    /// Interception and avoid battle after a naval move ([16.1] steps 4-6).
    NavalMove(NavalMove),
    /// A naval battle at a location ([16.2]).
    NavalBattle(NavalBattle, Waters),
    /// Piracy in a sea zone against a target ([16.4]).
    Piracy(Piracy, crate::data::SeaZoneId, Pw),
}

pub fn land_kind(k: UnitKind) -> LandKind {
    match k {
        UnitKind::Regular => LandKind::Regular,
        UnitKind::Mercenary => LandKind::Mercenary,
        UnitKind::Cavalry => LandKind::Cavalry,
        UnitKind::Knights => LandKind::Knights,
        UnitKind::Morisco => LandKind::Morisco,
    }
}

pub fn unit_kind(k: LandKind) -> UnitKind {
    match k {
        LandKind::Regular => UnitKind::Regular,
        LandKind::Mercenary => UnitKind::Mercenary,
        LandKind::Cavalry => UnitKind::Cavalry,
        LandKind::Knights => UnitKind::Knights,
        LandKind::Morisco => UnitKind::Morisco,
    }
}

pub fn leader_idx(id: &str) -> u8 {
    data()
        .army_leaders
        .iter()
        .position(|l| l.id == id)
        .expect("a leader of the data pack") as u8
}

fn cleader(idx: u8) -> CLeader {
    let l = &data().army_leaders[idx as usize];
    CLeader {
        id: l.id.clone(),
        battle: l.battle,
        command: l.command,
    }
}

fn add_troops(c: &mut Contingent, o: PoolOwner, t: &Troops) {
    for k in UnitKind::COUNTED {
        c.add(o, land_kind(k), t.get(k));
    }
}

/// The contingent of power `p` in a space: its land units (by owner) and leaders.
fn contingent(
    s: &State,
    p: Power,
    sp: SpaceId,
    leaders: &[u8],
) -> (Contingent, Vec<(PoolOwner, Troops)>) {
    let mut c = Contingent::new(p);
    let mut taken = Vec::new();
    for f in &s.sp(sp).forces {
        if side_power(s, f.owner) == p && f.troops.total() > 0 {
            add_troops(&mut c, f.owner, &f.troops);
            taken.push((f.owner, f.troops));
        }
    }
    c.leaders = leaders.iter().map(|&l| cleader(l)).collect();
    (c, taken)
}

fn leaders_of(s: &State, p: Pw, sp: SpaceId) -> Vec<u8> {
    crate::board::leaders_in(s, p, sp)
}

fn neighbourhood(s: &State, sp: SpaceId, mover: Pw) -> Neighbourhood {
    // [24.1]: a beaten inactive minor does not retreat: up to 4 units go inside (the
    // controller's garrison), the rest is eliminated (no space is open to it).
    let standing = crate::land::standing_minor(s, sp);
    Neighbourhood::build(
        sp,
        major(mover),
        |x| match s.sp(x).controller {
            Power::Independent => None,
            c => Some(c),
        },
        |x| {
            let mut f = crate::land::facts(s, x);
            // [20.10]: a stack with the Duke of Guise retreats only within France.
            if !crate::majors::france::may_enter(&leaders_of(s, mover, sp), x) {
                f.closed_to.push(major(mover));
            }
            f.closed_to.extend(standing);
            f
        },
    )
}

/// A procedure fought at sea (no land units taken from a space).
pub fn at_sea(attacker: Pw, proc: Proc) -> Frame {
    Frame::Combat(Box::new(Combat {
        space: crate::model::NO_SPACE,
        attacker,
        taken: Vec::new(),
        proc,
    }))
}

/// Start the field battle of a land move ([14]; a relief battle [15.2] when the mover's
/// side is besieged in the destination).
pub fn field_battle(s: &mut State, m: &LandMove, ev: &mut Vec<Scoped<Event>>) -> Combat {
    let (who, to) = (m.who, m.to);
    let mut attacker = Contingent::new(major(who));
    for (o, t) in &m.arrived {
        add_troops(&mut attacker, *o, t);
    }
    attacker.leaders = m.sel.leaders.iter().map(|&l| cleader(l)).collect();
    let mut taken: Vec<(PoolOwner, Troops)> = m.arrived.clone();
    let mut defenders = Vec::new();
    let mut inside = Vec::new();
    let mut relief = None;
    let siege_by = s.sp(to).siege.as_ref().map(|g| g.by.clone());
    for q in 0..6u8 {
        if q == who {
            continue;
        }
        let ls = leaders_of(s, q, to);
        if troops_of(s, q, to).total() == 0 && ls.is_empty() {
            continue;
        }
        let (c, t) = contingent(s, major(q), to, &ls);
        taken.extend(t);
        match &siege_by {
            Some(by) if !by.contains(&q) => inside.push(c),
            _ => defenders.push(c),
        }
    }
    // Independents and inactive minors in the space stand inside, but an inactive minor
    // with 5 or more units takes the field ([24.1], RULINGS N2).
    let standing = crate::land::standing_minor(s, to);
    for f in &s.sp(to).forces {
        if side(s, f.owner).is_none() && f.troops.total() > 0 {
            let mut c = Contingent::new(side_power(s, f.owner));
            add_troops(&mut c, f.owner, &f.troops);
            taken.push((f.owner, f.troops));
            if standing == Some(f.owner.power()) {
                defenders.push(c);
            } else {
                inside.push(c);
            }
        }
    }
    if siege_by.is_some() {
        // The mover relieves its own besieged units: those inside may join.
        let mut own = Contingent::new(major(who));
        for f in &s.sp(to).forces {
            if side(s, f.owner) == Some(who) {
                let mut t = f.troops;
                if let Some((_, a)) = m.arrived.iter().find(|(o, _)| *o == f.owner) {
                    t.sub(a);
                }
                if t.total() > 0 {
                    add_troops(&mut own, f.owner, &t);
                    taken.push((f.owner, t));
                }
            }
        }
        own.leaders = leaders_of(s, who, to)
            .into_iter()
            .filter(|l| !m.sel.leaders.contains(l))
            .map(cleader)
            .collect();
        relief = Some(Relief { inside: own });
    }
    let fatal = s
        .memo
        .fatal
        .iter()
        .any(|&(p, at, back)| p == who && at == to && back == m.from);
    let input = FieldBattleInput {
        space: to,
        controller: match s.sp(to).controller {
            Power::Independent => None,
            c => Some(c),
        },
        attacker,
        attacker_from: m.from,
        attacker_origin_fatal: fatal,
        transported: m.transported,
        defenders,
        inside,
        relief,
        neighbourhood: neighbourhood(s, to, who),
        relations: crate::board::relations(s),
        // No combat card of the data pack has a known field-battle effect (crate::cards).
        cards: Vec::new(),
        reiters: Vec::new(),
    };
    let mut b = FieldBattle::start(input, &mut s.rng).expect("a field battle with defenders");
    log(&mut b.take_log(), ev);
    Combat {
        space: to,
        attacker: who,
        taken,
        proc: Proc::Field(b),
    }
}

/// Whether `p` may assault `sp` now (seed [15.1], [16.7]), and the facts that decide it.
pub fn assault_facts(s: &State, p: Pw, sp: SpaceId) -> Option<AssaultFacts> {
    let g = s.sp(sp).siege.as_ref()?;
    if !g.by.contains(&p) || troops_of(s, p, sp).total() == 0 {
        return None;
    }
    if s.memo.beaten.contains(&(p, sp)) {
        return None;
    }
    let d = data();
    let mut in_port = Vec::new();
    for f in &s.sp(sp).forces {
        if !g.by.contains(&side(s, f.owner).unwrap_or(u8::MAX)) && f.ships.total() > 0 {
            let mut fl = Fleet::new(side_power(s, f.owner));
            fl.add(f.owner, ShipType::Galley, f.ships.galleys);
            fl.add(f.owner, ShipType::Galleon, f.ships.galleons);
            fl.add(f.owner, ShipType::Corsair, f.ships.corsairs);
            in_port.push(fl);
        }
    }
    // [16.7]: Antwerp and Rotterdam while the defender holds the linked port.
    let linked = d
        .neighbours(sp)
        .find(|(_, c)| c.kind == crate::data::ConnectionKind::InlandWaterway)
        .and_then(|(_, c)| c.controlled_by_port);
    let linked_held = linked.is_some_and(|port| s.sp(port).controller == s.sp(sp).controller);
    Some(AssaultFacts {
        besieged_in_earlier_impulse: g.since < s.impulse,
        assaulted_this_impulse: s.memo.assaulted.contains(&sp),
        line_of_communication: crate::control::loc(s, p, sp),
        defender_fleets_adjacent: crate::naval::adjacent_fleets(s, sp, |q| {
            !g.by.contains(&q)
                && controller_pw(s, sp).is_some_and(|c| c == q || crate::board::allied(s, c, q))
        }),
        defender_fleets_in_port: in_port,
        attacker_fleets_adjacent: crate::naval::adjacent_fleets(s, sp, |q| q == p),
        inland_port_linked_held: linked_held,
        attacker_ships_in_north_sea: d
            .sea_zone_id("north_sea")
            .is_some_and(|z| crate::naval::own_ships(s, p, Waters::Sea(z))),
        inland_port_exception_card: crate::cards::held(s, p, crate::cards::SIEGE_TECHNIQUE)
            .is_some(),
    })
}

pub fn may_assault(s: &State, p: Pw, sp: SpaceId) -> bool {
    assault_facts(s, p, sp).is_some_and(|f| crate::combat::siege::may_assault(&f).is_ok())
}

/// The formation `sel` of `p` in a space by owner: the counters the player picked
/// ([24.3], RULINGS N1; those not recorded in the order of the forces).
pub fn split(s: &State, p: Pw, sp: SpaceId, sel: &Selection) -> Vec<(PoolOwner, Troops)> {
    let order = crate::owners::owners(s, p, sp, crate::model::Purpose::Assault);
    crate::owners::by_owner(s, sp, sel, &order)
}

/// Start an assault by the formation `sel` of `p` on the besieged space `sp` ([15.1]).
pub fn assault(
    s: &mut State,
    p: Pw,
    sp: SpaceId,
    sel: &Selection,
    ev: &mut Vec<Scoped<Event>>,
) -> Combat {
    let facts = assault_facts(s, p, sp).expect("listed assault");
    let by = s
        .sp(sp)
        .siege
        .as_ref()
        .map(|g| g.by.clone())
        .unwrap_or_default();
    let mut attacker = Contingent::new(major(p));
    let mut taken = split(s, p, sp, sel);
    for (o, t) in &taken {
        add_troops(&mut attacker, *o, t);
    }
    attacker.leaders = sel.leaders.iter().map(|&l| cleader(l)).collect();
    let controller = s.sp(sp).controller;
    let mut defenders: Vec<Contingent> = Vec::new();
    let mut order: Vec<Power> = vec![controller];
    for f in &s.sp(sp).forces {
        if !order.contains(&side_power(s, f.owner)) {
            order.push(side_power(s, f.owner));
        }
    }
    for q in order {
        if pw(q).is_some_and(|x| by.contains(&x)) {
            continue;
        }
        let ls = pw(q).map(|x| leaders_of(s, x, sp)).unwrap_or_default();
        let (c, t) = contingent(s, q, sp, &ls);
        if c.units() > 0 || !c.leaders.is_empty() {
            taken.extend(t);
            defenders.push(c);
        }
    }
    if defenders.is_empty() {
        defenders.push(Contingent::new(controller));
    }
    // [16.7]: Belagerungstechnik is played when it is what allows the assault.
    let mut cards = Vec::new();
    if facts.inland_port_linked_held
        && let Some(card) = crate::cards::held(s, p, crate::cards::SIEGE_TECHNIQUE)
    {
        crate::cards::discard_from_hand(s, p, card);
        ev.push(Scoped::public(Event::ResponsePlayed { power: p, card }));
        let _ = &mut cards;
    }
    let input = AssaultInput {
        space: sp,
        key: crate::board::is_key(sp),
        attacker,
        other_besiegers: (troops_of(s, p, sp).total() - sel.troops.total()) as u32,
        controller,
        defenders,
        ravelin: crate::patronage::science::has_power(
            s,
            controller,
            crate::patronage::science::RAVELIN,
        ),
        facts,
        storms: Vec::new(),
        attacker_reiters: None,
        cards,
        pillage: Vec::new(),
    };
    let mut a = Assault::start(input, &mut s.rng).expect("assault checked when listed");
    log(&mut a.take_log(), ev);
    Combat {
        space: sp,
        attacker: p,
        taken,
        proc: Proc::Assault(a),
    }
}

/// The siege-lifting retreat of `p`'s besieging stack in `sp` ([15.3]).
pub fn lift(s: &State, p: Pw, sp: SpaceId) -> Combat {
    let ls = leaders_of(s, p, sp);
    let (stack, taken) = contingent(s, major(p), sp, &ls);
    let captor = s.sp(sp).controller;
    let l = SiegeLift::start(
        stack,
        &neighbourhood(s, sp, p),
        &crate::board::relations(s),
        captor,
    );
    Combat {
        space: sp,
        attacker: p,
        taken,
        proc: Proc::Lift(l),
    }
}

pub(crate) fn log(l: &mut Vec<CombatLog>, ev: &mut Vec<Scoped<Event>>) {
    for x in l.drain(..) {
        ev.push(Scoped::public(match x {
            CombatLog::Rolled {
                power,
                purpose,
                dice,
                hits,
            } => Event::Rolled {
                power,
                purpose,
                dice,
                hits,
            },
            CombatLog::CardPlayed { power, card } => Event::ResponsePlayed {
                power: pw(power).unwrap_or(0),
                card,
            },
            CombatLog::Note(text) => Event::CombatNote { text },
        }));
    }
}

/// The question of a procedure (None once it is over).
pub fn ask_power(c: &Combat) -> Option<Power> {
    match &c.proc {
        Proc::Field(b) => b.ask().map(|a| a.power),
        Proc::Assault(a) => a.ask().map(|a| a.power),
        Proc::Lift(l) => l.ask().map(|a| a.power),
        Proc::NavalMove(m) => m.ask().map(|a| a.power),
        Proc::NavalBattle(b, _) => b.ask().map(|a| a.power),
        Proc::Piracy(x, ..) => x.ask().map(|a| a.power),
    }
}

pub fn ask_text(c: &Combat) -> String {
    match &c.proc {
        Proc::Field(b) => b.ask().map(|a| a.what.clone()),
        Proc::Assault(a) => a.ask().map(|a| a.what.clone()),
        Proc::Lift(l) => l.ask().map(|a| a.what.clone()),
        Proc::NavalMove(m) => m.ask().map(|a| a.what.clone()),
        Proc::NavalBattle(b, _) => b.ask().map(|a| a.what.clone()),
        Proc::Piracy(x, ..) => x.ask().map(|a| a.what.clone()),
    }
    .unwrap_or_default()
}

pub fn naval_move_move(c: &NavalMoveChoice) -> Move {
    match *c {
        NavalMoveChoice::PlayStorms => Move::PlayCard {
            card: data().card_by_key(crate::cards::STORMS).expect("card").id,
        },
        NavalMoveChoice::Intercept { from, into } => Move::NavalIntercept { from, into },
        NavalMoveChoice::Avoid { from, to } => Move::NavalAvoid { from, to },
        NavalMoveChoice::Done => Move::Done,
    }
}

pub fn piracy_move(c: &PiracyChoice) -> Move {
    match *c {
        PiracyChoice::Lose(owner, kind) => Move::Sink {
            owner,
            kind: crate::naval::ship_kind(kind),
        },
        PiracyChoice::Give(Reward::EliminateShip(at, owner, kind)) => Move::GiveShip {
            at,
            owner,
            kind: crate::naval::ship_kind(kind),
        },
        PiracyChoice::Give(Reward::DrawCard) => Move::GiveCard,
        PiracyChoice::Give(Reward::PiracyVp) => Move::GiveVp,
        // The Armada is not on the map yet (issue 15): never offered.
        PiracyChoice::Give(Reward::ReduceArmada) => Move::Done,
    }
}

pub fn naval_battle_move(c: &NavalChoice) -> Move {
    match *c {
        NavalChoice::PlayCard(card) => Move::PlayCard { card },
        NavalChoice::Galleasses(side) => Move::Galleasses { side },
        NavalChoice::Sink(owner, kind) => Move::Sink {
            owner,
            kind: crate::naval::ship_kind(kind),
        },
        // The Armada is not on the map yet (issue 15): never offered.
        NavalChoice::ReduceArmada => Move::Done,
        NavalChoice::RetreatTo(to) => Move::NavalRetreat { to },
        NavalChoice::Done => Move::Done,
    }
}

fn loss(c: &LossChoice) -> (PoolOwner, UnitKind, u8) {
    (c.owner, unit_kind(c.kind), c.part)
}

pub fn field_move(c: &FieldChoice) -> Move {
    match c {
        FieldChoice::Join(l) => Move::Join {
            owner: l.owner,
            kind: unit_kind(l.kind),
        },
        FieldChoice::JoinLeader(id) => Move::JoinLeader {
            leader: leader_idx(id),
        },
        FieldChoice::PlayReiters => Move::PlayCard {
            card: data()
                .card_by_key(crate::cards::GERMAN_REITERS)
                .expect("card")
                .id,
        },
        FieldChoice::PlayCard(card) => Move::PlayCard { card: *card },
        FieldChoice::Lose(l) => {
            let (owner, kind, part) = loss(l);
            Move::Lose { owner, kind, part }
        }
        FieldChoice::Garrison(l) => {
            let (owner, kind, part) = loss(l);
            Move::Garrison { owner, kind, part }
        }
        FieldChoice::GarrisonLeader(id) => Move::GarrisonLeader {
            leader: leader_idx(id),
        },
        FieldChoice::RetreatTo(x) => Move::RetreatTo { space: *x },
        FieldChoice::Done => Move::Done,
    }
}

pub fn assault_move(c: &AssaultChoice) -> Move {
    let card = |k: &str| Move::PlayCard {
        card: data().card_by_key(k).expect("card").id,
    };
    match c {
        AssaultChoice::PlayStorms => card(crate::cards::STORMS),
        AssaultChoice::PlayReiters => card(crate::cards::GERMAN_REITERS),
        AssaultChoice::PlayCard(id) | AssaultChoice::PlayPillage(id) => {
            Move::PlayCard { card: *id }
        }
        AssaultChoice::Lose(l) => {
            let (owner, kind, part) = loss(l);
            Move::Lose { owner, kind, part }
        }
        AssaultChoice::Done => Move::Done,
    }
}

fn options<C: Clone>(a: Option<&Ask<C>>) -> Vec<C> {
    a.map(|a| a.options.clone()).unwrap_or_default()
}

pub fn choices(c: &Combat) -> Vec<Move> {
    match &c.proc {
        Proc::Field(b) => options(b.ask()).iter().map(field_move).collect(),
        Proc::Assault(a) => options(a.ask()).iter().map(assault_move).collect(),
        Proc::Lift(l) => l
            .ask()
            .map(|a| {
                a.options
                    .iter()
                    .map(|&space| Move::RetreatTo { space })
                    .collect()
            })
            .unwrap_or_default(),
        Proc::NavalMove(m) => options(m.ask()).iter().map(naval_move_move).collect(),
        Proc::NavalBattle(b, _) => options(b.ask()).iter().map(naval_battle_move).collect(),
        Proc::Piracy(x, ..) => options(x.ask()).iter().map(piracy_move).collect(),
    }
}

/// Take a choice (the move is one of [`choices`]); the top frame is the combat.
pub fn choose(s: &mut State, mv: &Move, ev: &mut Vec<Scoped<Event>>) {
    let Some(Frame::Combat(mut c)) = s.stack.pop() else {
        unreachable!("a combat on top")
    };
    let power = ask_power(&c).expect("a question");
    match &mut c.proc {
        Proc::Field(b) => {
            let o = options(b.ask())
                .into_iter()
                .find(|o| field_move(o) == *mv)
                .expect("listed");
            if let FieldChoice::PlayReiters | FieldChoice::PlayCard(_) = o
                && let Move::PlayCard { card } = mv
            {
                crate::cards::discard_from_hand(s, pw(power).unwrap_or(0), *card);
            }
            b.choose(power, &o, &mut s.rng).expect("listed");
            log(&mut b.take_log(), ev);
        }
        Proc::Assault(a) => {
            let o = options(a.ask())
                .into_iter()
                .find(|o| assault_move(o) == *mv)
                .expect("listed");
            if let Move::PlayCard { card } = mv {
                crate::cards::discard_from_hand(s, pw(power).unwrap_or(0), *card);
            }
            a.choose(power, &o, &mut s.rng).expect("listed");
            log(&mut a.take_log(), ev);
        }
        Proc::Lift(l) => {
            let Move::RetreatTo { space } = mv else {
                unreachable!("listed")
            };
            l.choose(power, *space).expect("listed");
            log(&mut l.take_log(), ev);
        }
        Proc::NavalMove(m) => {
            let o = options(m.ask())
                .into_iter()
                .find(|o| naval_move_move(o) == *mv)
                .expect("listed");
            m.choose(power, &o, &mut s.rng).expect("listed");
            log(&mut m.take_log(), ev);
        }
        Proc::NavalBattle(b, _) => {
            let o = options(b.ask())
                .into_iter()
                .find(|o| naval_battle_move(o) == *mv)
                .expect("listed");
            if let NavalChoice::Galleasses(_) = o
                && let Some(card) =
                    crate::cards::held(s, pw(power).unwrap_or(0), crate::cards::GALLEASSES)
            {
                crate::cards::discard_from_hand(s, pw(power).unwrap_or(0), card);
            }
            b.choose(power, &o, &mut s.rng).expect("listed");
            log(&mut b.take_log(), ev);
        }
        Proc::Piracy(x, ..) => {
            let o = options(x.ask())
                .into_iter()
                .find(|o| piracy_move(o) == *mv)
                .expect("listed");
            x.choose(power, &o, &mut s.rng).expect("listed");
            log(&mut x.take_log(), ev);
        }
    }
    s.stack.push(Frame::Combat(c));
}

/// The automatic step of a combat frame: a question for a non-major (independents)
/// takes its first option; a finished procedure is applied and popped.
pub fn auto(s: &mut State, mut c: Box<Combat>, ev: &mut Vec<Scoped<Event>>) {
    if let Some(p) = ask_power(&c) {
        debug_assert!(pw(p).is_none());
        let mv = choices(&c)[0].clone();
        s.stack.push(Frame::Combat(c));
        choose(s, &mv, ev);
        return;
    }
    match &mut c.proc {
        Proc::Field(b) => {
            let out = b.outcome().expect("over").clone();
            apply_field(s, &c, &out, ev);
        }
        Proc::Assault(a) => {
            let out = a.outcome().expect("over").clone();
            apply_assault(s, &c, &out, ev);
        }
        Proc::Lift(l) => {
            log(&mut l.take_log(), ev);
            let out = l.outcome().expect("over").clone();
            apply_lift(s, &c, &out, ev);
        }
        Proc::NavalMove(m) => {
            let out = m.outcome().expect("over").clone();
            crate::naval::set_board(s, &out.board);
            let due = crate::naval::battles_due(&out);
            if let Some(Frame::NavalPlan { battles, .. }) = s.stack.last_mut() {
                *battles = due;
            }
        }
        Proc::Piracy(x, zone, target) => {
            log(&mut x.take_log(), ev);
            let out = x.outcome().expect("over").clone();
            crate::naval::apply_piracy(s, c.attacker, *zone, *target, &out, ev);
        }
        Proc::NavalBattle(b, w) => {
            let out = b.outcome().expect("over").clone();
            crate::naval::apply_battle(s, *w, &out, ev);
            // The mover stops fighting where it lost ([16.1] step 7).
            if !out.attacker_won
                && let Some(Frame::NavalPlan { battles, .. }) = s.stack.last_mut()
            {
                let w = *w;
                battles.retain(|(x, _)| *x != w);
            }
        }
    }
    check_sieges(s, ev);
}

fn put(s: &mut State, sp: SpaceId, c: &Contingent) {
    for g in &c.units {
        *force_mut(s, sp, g.owner).troops.get_mut(unit_kind(g.kind)) += g.count;
    }
    for l in &c.leaders {
        let i = leader_pos(s, leader_idx(&l.id));
        s.leaders[i].at = Loc::Space(sp);
    }
}

fn remove_taken(s: &mut State, c: &Combat) {
    for (o, t) in &c.taken {
        force_mut(s, c.space, *o).troops.sub(t);
    }
}

fn book_losses(
    s: &mut State,
    sp: SpaceId,
    lost: &[crate::combat::casualties::Lost],
    ev: &mut Vec<Scoped<Event>>,
) {
    let mut by: Vec<(PoolOwner, Troops)> = Vec::new();
    for l in lost {
        let k = unit_kind(l.group.kind);
        // The Knights and the Morisco are their own counters, outside the pool's ledger
        // ([17.1], [23.1]).
        if k.pooled() {
            book(s, l.group.owner, -(l.group.count as i16), 0);
        }
        match by.iter_mut().find(|(o, _)| *o == l.group.owner) {
            Some((_, t)) => *t.get_mut(k) += l.group.count,
            None => {
                let mut t = Troops::default();
                *t.get_mut(k) = l.group.count;
                by.push((l.group.owner, t));
            }
        }
    }
    for (owner, troops) in by {
        ev.push(Scoped::public(Event::UnitsLost {
            owner,
            space: sp,
            troops,
        }));
    }
}

fn capture(s: &mut State, captured: &[(Power, String)], ev: &mut Vec<Scoped<Event>>) {
    for (captor, id) in captured {
        let idx = leader_idx(id);
        let i = leader_pos(s, idx);
        match pw(*captor) {
            Some(by) => {
                s.leaders[i].at = Loc::Captured(by);
                ev.push(Scoped::public(Event::LeaderCaptured { leader: idx, by }));
            }
            // Taken by independents: out of the game (RULINGS M6).
            None => s.leaders[i].at = Loc::Dead,
        }
    }
}

fn apply_field(s: &mut State, c: &Combat, o: &FieldBattleOutcome, ev: &mut Vec<Scoped<Event>>) {
    let sp = c.space;
    remove_taken(s, c);
    for x in o.in_field.iter().chain(&o.inside) {
        put(s, sp, x);
    }
    for (x, dest) in &o.retreats {
        put(s, *dest, x);
        tidy(s, *dest);
        // [13.1]: a lone enemy leader where the stack retreats to is captured.
        if let Some(p) = pw(x.power) {
            crate::land::capture_lone_leaders(s, p, *dest, ev);
        }
        ev.push(Scoped::public(Event::Retreated {
            power: x.power,
            from: sp,
            to: *dest,
        }));
        if let Some(p) = pw(x.power)
            && o.beaten.contains(&x.power)
        {
            s.memo.beaten.push((p, *dest));
        }
    }
    for b in &o.beaten {
        if let Some(p) = pw(*b) {
            s.memo.beaten.push((p, sp));
        }
    }
    book_losses(s, sp, &o.lost, ev);
    capture(s, &o.captured, ev);
    tidy(s, sp);
    ev.push(Scoped::public(Event::BattleFought {
        space: sp,
        attacker: c.attacker,
        attacker_won: o.attacker_won,
        attacker_hits: o.attacker_hits,
        defender_hits: o.defender_hits,
    }));
    match o.siege {
        SiegeAfter::Besieged => crate::land::begin_siege(s, c.attacker, sp, ev),
        SiegeAfter::Lifted => {
            s.sp_mut(sp).siege = None;
            ev.push(Scoped::public(Event::SiegeLifted { space: sp }));
        }
        SiegeAfter::MustLift | SiegeAfter::None => {}
    }
    for (x, _) in &o.retreats {
        if let Some(p) = pw(x.power)
            && s.sp(sp).siege.as_ref().is_some_and(|g| g.by.contains(&p))
            && troops_of(s, p, sp).total() == 0
        {
            s.sp_mut(sp).siege.as_mut().unwrap().by.retain(|&q| q != p);
        }
    }
}

fn apply_assault(s: &mut State, c: &Combat, o: &AssaultOutcome, ev: &mut Vec<Scoped<Event>>) {
    let sp = c.space;
    if o.stormed_by.is_some() {
        return;
    }
    remove_taken(s, c);
    if let Some(a) = &o.attacker {
        put(s, sp, a);
    }
    for d in &o.defenders {
        put(s, sp, d);
    }
    book_losses(s, sp, &o.lost, ev);
    capture(s, &o.captured, ev);
    for id in &o.displaced_leaders {
        displace_leader(s, leader_idx(id), sp);
    }
    if o.success {
        s.sp_mut(sp).controller = major(c.attacker);
        s.sp_mut(sp).siege = None;
        // [15.1] step 9: the defender's ships and naval leaders in the port leave the map
        // for this turn.
        let back = s.turn + 1;
        for a in s.admirals.iter_mut() {
            if a.at == crate::admirals::ALoc::At(Waters::Port(sp)) && a.acting() != c.attacker {
                a.at = crate::admirals::ALoc::Away(back);
            }
        }
        let forces = s.sp(sp).forces.clone();
        for f in forces {
            if side(s, f.owner) != Some(c.attacker) && f.ships.total() > 0 {
                // (`defender_ships_to_turn_track`; Dry Dock sends them to the pool.)
                let track =
                    o.defender_ships_to_turn_track && !crate::lost_ships::dry_dock(s, f.owner);
                crate::lost_ships::lose_as(s, f.owner, f.ships, track);
                force_mut(s, sp, f.owner).ships = Default::default();
            }
        }
        ev.push(Scoped::public(Event::Controlled {
            power: c.attacker,
            space: sp,
        }));
    }
    tidy(s, sp);
    ev.push(Scoped::public(Event::Assaulted {
        space: sp,
        attacker: c.attacker,
        success: o.success,
    }));
}

fn apply_lift(s: &mut State, c: &Combat, o: &LiftOutcome, ev: &mut Vec<Scoped<Event>>) {
    let sp = c.space;
    remove_taken(s, c);
    match o {
        LiftOutcome::Retreated { stack, to } => {
            // [17.1]: Knights never leave their space (RULINGS K12); [23.1]: the Morisco
            // never goes farther than two spaces from Granada (RULINGS K15).
            let mut stack = stack.clone();
            let left: Vec<_> = stack
                .take_left_behind(*to)
                .into_iter()
                .map(|group| crate::combat::casualties::Lost {
                    power: stack.power,
                    group,
                })
                .collect();
            book_losses(s, sp, &left, ev);
            put(s, *to, &stack);
            tidy(s, *to);
            ev.push(Scoped::public(Event::Retreated {
                power: stack.power,
                from: sp,
                to: *to,
            }));
        }
        LiftOutcome::Eliminated { stack, captor } => {
            let mut lost = Vec::new();
            for g in &stack.units {
                lost.push(crate::combat::casualties::Lost {
                    power: stack.power,
                    group: *g,
                });
            }
            book_losses(s, sp, &lost, ev);
            let captured: Vec<(Power, String)> = stack
                .leaders
                .iter()
                .map(|l| (*captor, l.id.clone()))
                .collect();
            capture(s, &captured, ev);
        }
    }
    tidy(s, sp);
    if let Some(g) = &mut s.sp_mut(sp).siege {
        g.by.retain(|&q| q != c.attacker);
        if g.by.is_empty() {
            s.sp_mut(sp).siege = None;
            ev.push(Scoped::public(Event::SiegeLifted { space: sp }));
        }
    }
}

/// Eliminate every unit of `p` in `sp` and capture its leaders there (no legal retreat).
pub fn eliminate(
    s: &mut State,
    p: Pw,
    sp: SpaceId,
    captor: Option<Pw>,
    ev: &mut Vec<Scoped<Event>>,
) {
    let forces = s.sp(sp).forces.clone();
    for f in forces {
        if side(s, f.owner) == Some(p) && f.troops.total() > 0 {
            book(s, f.owner, -(f.troops.pooled() as i16), 0);
            force_mut(s, sp, f.owner).troops = Troops::default();
            ev.push(Scoped::public(Event::UnitsLost {
                owner: f.owner,
                space: sp,
                troops: f.troops,
            }));
        }
    }
    tidy(s, sp);
    for l in leaders_of(s, p, sp) {
        let i = leader_pos(s, l);
        match captor {
            Some(by) => {
                s.leaders[i].at = Loc::Captured(by);
                ev.push(Scoped::public(Event::LeaderCaptured { leader: l, by }));
            }
            None => s.leaders[i].at = Loc::Dead,
        }
    }
}

/// Displacement of an army leader ([12.5]): the nearest fortified space its power
/// controls, or its capital; lowest space number on ties (RULINGS R7); to the power card
/// when there is none.
pub fn displace_leader(s: &mut State, idx: u8, from: SpaceId) {
    let i = leader_pos(s, idx);
    let p = s.leaders[i].owner;
    let found = crate::board::by_land_distance(from)
        .into_iter()
        .skip(1)
        .find(|&y| fortified(s, y) && controller_pw(s, y) == Some(p) && s.sp(y).siege.is_none());
    let cap = crate::board::capitals(s, p)
        .into_iter()
        .find(|&c| controller_pw(s, c) == Some(p));
    s.leaders[i].at = match found.or(cap) {
        Some(x) => Loc::Space(x),
        None => Loc::Card,
    };
}

/// Sieges that no longer hold are lifted ([15.3]): a besieging power whose land units no
/// longer outnumber the fortress, or that is no longer at war with its controller, must
/// retreat (one stack at a time, as a combat frame); a siege with no besieger left ends.
pub fn check_sieges(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
    for i in 0..s.spaces.len() {
        let sp = SpaceId(i as u16);
        let Some(g) = s.sp(sp).siege.clone() else {
            continue;
        };
        let by: Vec<Pw> =
            g.by.iter()
                .copied()
                .filter(|&p| troops_of(s, p, sp).total() > 0 || !leaders_of(s, p, sp).is_empty())
                .collect();
        if by.is_empty() {
            s.sp_mut(sp).siege = None;
            ev.push(Scoped::public(Event::SiegeLifted { space: sp }));
            continue;
        }
        s.sp_mut(sp).siege.as_mut().unwrap().by = by.clone();
        let inside = inside_units(s, sp);
        let hostile = |p: Pw| match controller_pw(s, sp) {
            Some(c) => at_war(s, p, c),
            None => true,
        };
        if let Some(&p) = by
            .iter()
            .find(|&&p| (troops_of(s, p, sp).total() as u32) <= inside || !hostile(p))
        {
            let c = lift(s, p, sp);
            s.stack.push(Frame::Combat(Box::new(c)));
            return;
        }
    }
}
