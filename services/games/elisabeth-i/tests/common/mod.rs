//! Building situations on the Campaign map and driving them through the game's moves.
#![allow(dead_code)]

use signoria_elisabeth_i::board::{book, force_mut, leader_pos, set_war, tidy};
use signoria_elisabeth_i::data::{PoolOwner, SpaceId, data};
use signoria_elisabeth_i::model::{Event, Frame, Loc, Move, Pw, State};
use signoria_elisabeth_i::{ElisabethI as E, Options};
use signoria_engine::{Game, GameRng};

pub const OTT: Pw = 0;
pub const SPA: Pw = 1;
pub const ENG: Pw = 2;
pub const FRA: Pw = 3;
pub const HRE: Pw = 4;
pub const PRO: Pw = 5;

pub fn sp(key: &str) -> SpaceId {
    data()
        .space_id(key)
        .unwrap_or_else(|| panic!("no space {key}"))
}

pub fn leader(id: &str) -> u8 {
    data()
        .army_leaders
        .iter()
        .position(|l| l.id == id)
        .unwrap_or_else(|| panic!("no leader {id}")) as u8
}

/// The Campaign set-up with empty hands (no response window opens unless a test gives
/// a card) and no wars.
pub fn game() -> State {
    let mut s = E::setup(&Options::default(), 6, 7).unwrap();
    for p in 0..6u8 {
        let h = std::mem::take(&mut s.ps_mut(p).hand);
        s.discard.extend(h);
    }
    s.wars.clear();
    s
}

pub fn war(s: &mut State, a: Pw, b: Pw) {
    set_war(s, a, b, true);
}

/// Set the land units of `owner` in a space (booked, so units stay conserved).
pub fn put(
    s: &mut State,
    space: &str,
    owner: PoolOwner,
    regulars: u8,
    mercenaries: u8,
    cavalry: u8,
) {
    let x = sp(space);
    let f = force_mut(s, x, owner);
    let before = f.troops.pooled() as i16;
    f.troops.regulars = regulars;
    f.troops.mercenaries = mercenaries;
    f.troops.cavalry = cavalry;
    let after = (regulars + mercenaries + cavalry) as i16;
    book(s, owner, after - before, 0);
    tidy(s, x);
}

pub fn clear(s: &mut State, space: &str) {
    let x = sp(space);
    for f in s.sp(x).forces.clone() {
        put(s, space, f.owner, 0, 0, 0);
    }
}

pub fn place_leader(s: &mut State, id: &str, space: &str) {
    let i = leader_pos(s, leader(id));
    s.leaders[i].at = Loc::Space(sp(space));
}

/// Give `p` the card of `key` (taken from wherever it is).
pub fn give(s: &mut State, p: Pw, key: &str) {
    let id = data().card_by_key(key).unwrap().id;
    s.deck.retain(|&c| c != id);
    s.discard.retain(|&c| c != id);
    s.out.retain(|&c| c != id);
    for q in 0..6u8 {
        s.ps_mut(q).hand.retain(|&c| c != id);
    }
    s.ps_mut(p).hand.push(id);
}

/// `who` has `cp` CP to spend in a new impulse.
pub fn actions(s: &mut State, who: Pw, cp: u8) {
    s.impulse += 1;
    s.memo = Default::default();
    s.stack = vec![Frame::Actions { who, cp }];
}

pub fn kind(s: &State) -> &'static str {
    s.stack.last().map(E::frame_kind).unwrap_or("over")
}

pub fn seat(s: &State) -> usize {
    *E::pending(s).first().expect("a pending seat")
}

pub fn moves(s: &State) -> Vec<Move> {
    E::legal_moves(s, seat(s))
}

/// Apply a move of the pending seat (it must be listed); the events.
pub fn play(s: &mut State, mv: Move) -> Vec<Event> {
    let who = seat(s);
    assert!(
        E::legal_moves(s, who).contains(&mv),
        "{mv:?} not listed on {}: {:?}",
        kind(s),
        E::legal_moves(s, who)
    );
    let ev = E::apply(s, who, &mv).unwrap();
    let v = E::invariant_violations(s);
    assert!(v.is_empty(), "{v:?}");
    ev.into_iter().map(|e| e.event).collect()
}

/// [9.1] L676 (RULINGS R8): announce the draft of the power on turn, then let the powers
/// take their negotiation turns in impulse order (finishing at once) and every party
/// confirm, until the announcement is settled; the events of it all with their audiences.
pub fn announce_and_confirm_scoped(s: &mut State) -> Vec<signoria_engine::Scoped<Event>> {
    let mut all = E::apply(s, seat(s), &Move::Announce).unwrap();
    let id = (s.announced.len() - 1) as u16;
    while signoria_elisabeth_i::diplomacy::announce::get(s, id).is_some() {
        let mv = match s.stack.last() {
            Some(Frame::Confirm { id: i, .. }) if *i == id => Move::Accept,
            Some(Frame::Confirm { .. }) => Move::Reject,
            Some(Frame::Negotiate { .. }) => Move::Done,
            f => panic!("announcement {id} still pending on {f:?}"),
        };
        assert!(moves(s).contains(&mv), "{mv:?} not listed: {:?}", moves(s));
        all.extend(E::apply(s, seat(s), &mv).unwrap());
        let v = E::invariant_violations(s);
        assert!(v.is_empty(), "{v:?}");
    }
    all
}

/// [`announce_and_confirm_scoped`] without the audiences.
pub fn announce_and_confirm(s: &mut State) -> Vec<Event> {
    announce_and_confirm_scoped(s)
        .into_iter()
        .map(|e| e.event)
        .collect()
}

/// Move the formation of `troops` units (regulars first, then mercenaries, cavalry) and
/// the named leaders from `from` to `to`.
pub fn move_formation(
    s: &mut State,
    from: &str,
    to: &str,
    units: &[signoria_elisabeth_i::model::UnitKind],
    leaders: &[&str],
) -> Vec<Event> {
    let mut ev = play(s, Move::MoveFrom { space: sp(from) });
    for l in leaders {
        ev.extend(play(s, Move::AddLeader { leader: leader(l) }));
    }
    for &u in units {
        ev.extend(add_unit(s, u));
    }
    ev.extend(play(s, Move::Go { to: sp(to) }));
    ev
}

/// Add a unit of kind `u` to the formation: `Move::AddUnit`, or where several owners
/// offer the kind (RULINGS N1) the first owner's `Move::AddUnitOf` (the order units were
/// taken in before the player chose).
pub fn add_unit(s: &mut State, u: signoria_elisabeth_i::model::UnitKind) -> Vec<Event> {
    let m = moves(s);
    let mv = if m.contains(&Move::AddUnit(u)) {
        Move::AddUnit(u)
    } else {
        m.into_iter()
            .find(|x| matches!(x, Move::AddUnitOf { kind, .. } if *kind == u))
            .unwrap_or(Move::AddUnit(u))
    };
    play(s, mv)
}

/// Try `f` with generator seeds until `ok` holds for the state it leaves (a deterministic
/// search for a dice outcome); returns the state and its events.
pub fn until(
    s: &State,
    f: impl Fn(&mut State) -> Vec<Event>,
    ok: impl Fn(&State, &[Event]) -> bool,
) -> (State, Vec<Event>) {
    for seed in 0..2000 {
        let mut t = s.clone();
        t.rng = GameRng::from_seed(seed);
        let ev = f(&mut t);
        if ok(&t, &ev) {
            return (t, ev);
        }
    }
    panic!("no seed gives the outcome");
}

pub fn troops(s: &State, space: &str, p: Pw) -> u8 {
    signoria_elisabeth_i::board::troops_of(s, p, sp(space)).total()
}

/// The land units of one owner (a Protestant faction, a minor) in a space.
pub fn owner_units(s: &State, x: SpaceId, o: PoolOwner) -> u8 {
    s.sp(x)
        .forces
        .iter()
        .find(|f| f.owner == o)
        .map_or(0, |f| f.troops.total())
}

pub fn loc(s: &State, id: &str) -> Loc {
    s.leaders[leader_pos(s, leader(id))].at
}

pub fn cp_left(s: &State) -> u8 {
    s.stack
        .iter()
        .rev()
        .find_map(|f| match f {
            Frame::Actions { cp, .. } => Some(*cp),
            _ => None,
        })
        .unwrap_or(0)
}

/// Answer every out-of-turn question with "no" (or its first option) until the active
/// power's action list is back on top.
pub fn settle(s: &mut State) -> Vec<Event> {
    let mut ev = Vec::new();
    while kind(s) != "actions" && kind(s) != "over" {
        let m = moves(s);
        let mv = if m.contains(&Move::Done) && kind(s) != "combat" {
            Move::Done
        } else {
            m[0].clone()
        };
        ev.extend(play(s, mv));
    }
    ev
}

/// Assault `space` with `n` regulars and play it out.
pub fn assault(s: &mut State, space: &str, n: usize) -> Vec<Event> {
    let mut ev = play(s, Move::Assault { space: sp(space) });
    for _ in 0..n {
        ev.extend(add_unit(s, signoria_elisabeth_i::model::UnitKind::Regular));
    }
    ev.extend(play(s, Move::Go { to: sp(space) }));
    ev.extend(settle(s));
    ev
}

/// Spain (at war with France) moves `spanish` regulars from Luxembourg into Metz, held
/// by `french` French regulars that do not avoid battle and withdraw when they may.
pub fn into_metz(spanish: u8, french: u8, cp: u8) -> State {
    use signoria_elisabeth_i::model::UnitKind;
    let mut s = game();
    war(&mut s, SPA, FRA);
    put(&mut s, "luxembourg", PoolOwner::Spain, spanish, 0, 0);
    put(&mut s, "metz", PoolOwner::France, french, 0, 0);
    actions(&mut s, SPA, cp);
    move_formation(
        &mut s,
        "luxembourg",
        "metz",
        &vec![UnitKind::Regular; spanish as usize],
        &[],
    );
    play(&mut s, Move::Done);
    if kind(&s) == "withdraw" {
        play(&mut s, Move::Withdraw);
    }
    s
}

/// One naval move of the active power: the ships named sail, then it is carried out.
pub fn sail(
    s: &mut State,
    ships: &[(
        signoria_elisabeth_i::combat::naval_battle::Waters,
        signoria_elisabeth_i::model::ShipKind,
        signoria_elisabeth_i::combat::naval_battle::Waters,
    )],
) -> Vec<Event> {
    let mut ev = play(s, Move::NavalMove);
    for &(from, kind, to) in ships {
        ev.extend(play(s, Move::Sail { from, kind, to }));
    }
    ev.extend(play(s, Move::Done));
    ev
}

/// A sea zone of the Campaign map by key.
pub fn zone(k: &str) -> signoria_elisabeth_i::combat::naval_battle::Waters {
    signoria_elisabeth_i::combat::naval_battle::Waters::Sea(data().sea_zone_id(k).unwrap())
}

pub fn am(m: signoria_elisabeth_i::armada::Move) -> Move {
    Move::Armada(m)
}

/// The Armada on the map at `at` with `strength` and `regulars` aboard (booked).
pub fn armada_at(
    s: &mut State,
    at: signoria_elisabeth_i::combat::naval_battle::Waters,
    strength: u8,
    regulars: u8,
) {
    s.armada.at = Some(at);
    s.armada.strength = strength;
    s.armada.aboard.regulars = regulars;
    book(s, PoolOwner::Spain, regulars as i16, 0);
}

/// Finish negotiation turns until a confirmation is asked (its frame's power).
pub fn to_confirm(s: &mut State) -> Pw {
    loop {
        match s.stack.last() {
            Some(Frame::Confirm { who, .. }) => return *who,
            Some(Frame::Negotiate { .. }) => {
                play(s, Move::Done);
            }
            f => panic!("no confirmation pending: {f:?}"),
        }
    }
}

/// The draft of `parties` is secret (RULINGS D6): for the seat `third`, redrawing the
/// hidden facts changes neither its view, the public view nor its moves, and the draft is
/// redrawn by at least one of 20 seeds; the parties' own redraws keep it; `third` sees no
/// clause of it.
pub fn assert_draft_secret(s: &State, third: usize, parties: [Pw; 2]) {
    use signoria_engine::Viewer;
    let mut redrawn = false;
    for seed in 0..20 {
        let alt = E::resample_hidden(s, third, &mut GameRng::from_seed(seed)).unwrap();
        assert_eq!(
            E::view(&alt, Viewer::Seat(third)),
            E::view(s, Viewer::Seat(third))
        );
        assert_eq!(E::view(&alt, Viewer::Public), E::view(s, Viewer::Public));
        assert_eq!(E::legal_moves(&alt, third), E::legal_moves(s, third));
        redrawn |= alt.draft != s.draft;
        for p in parties {
            let own = E::resample_hidden(s, s.seat_of(p), &mut GameRng::from_seed(seed)).unwrap();
            assert_eq!(own.draft, s.draft);
        }
    }
    assert!(redrawn, "the draft is redrawn for a third seat");
    assert!(E::view(s, Viewer::Seat(third)).draft.is_empty());
    assert!(E::view(s, Viewer::Public).draft.is_empty());
}

/// `n` cards of the deck that may be given (no home, no mandatory card) into `p`'s hand.
pub fn cards_to(s: &mut State, p: Pw, n: usize) {
    let c: Vec<_> = s
        .deck
        .iter()
        .copied()
        .filter(|&c| signoria_elisabeth_i::deal::pays_dow(c))
        .take(n)
        .collect();
    s.deck.retain(|x| !c.contains(x));
    s.ps_mut(p).hand.extend(&c);
    s.ps_mut(p).hand.sort();
}
