//! The Morisco revolt and the Ottoman Morisco unit ([23.1] L1982-1992, [20.1] L1729,
//! [12.4] L895; RULINGS K14-K17).

mod common;

use common::*;
use signoria_elisabeth_i::board::{force_mut, troops_of};
use signoria_elisabeth_i::building::{land_in_play, raise_cost};
use signoria_elisabeth_i::combat::naval_battle::Waters;
use signoria_elisabeth_i::data::{CardId, PoolOwner, Power, SpaceId, data};
use signoria_elisabeth_i::model::{
    Event, Frame, Moment, Move, ShipKind, Siege, State, Step, UnitKind,
};
use signoria_elisabeth_i::{ElisabethI as E, morisco, religion};
use signoria_engine::{Game, ProtoGame, Viewer, kernel};

fn card() -> CardId {
    data().card_by_key("morisco_revolt").unwrap().id
}

/// `who` is to play a card in its impulse.
fn impulse(s: &mut State, who: u8) {
    s.stack = vec![Frame::Step(Step::Winter), Frame::Impulse { who, passes: 0 }];
}

/// Put the Morisco unit in a space.
fn place(s: &mut State, space: &str) {
    force_mut(s, sp(space), PoolOwner::Ottoman).troops.morisco = 1;
}

fn unrest(x: SpaceId) -> Move {
    Move::Religion(religion::Move::Unrest { space: x })
}

/// The spaces the unrest frame offers.
fn offered(s: &State) -> Vec<SpaceId> {
    moves(s)
        .into_iter()
        .map(|m| match m {
            Move::Religion(religion::Move::Unrest { space }) => space,
            m => panic!("{m:?} on the Morisco unrest frame"),
        })
        .collect()
}

/// Land steps between two spaces.
fn steps(a: SpaceId, b: SpaceId) -> usize {
    let mut layer = vec![a];
    let mut seen = vec![a];
    let mut n = 0;
    while !layer.contains(&b) {
        if layer.is_empty() {
            return usize::MAX;
        }
        n += 1;
        let mut next = Vec::new();
        for x in layer {
            for (y, _) in signoria_elisabeth_i::board::land_neighbours(x) {
                if !seen.contains(&y) {
                    seen.push(y);
                    next.push(y);
                }
            }
        }
        layer = next;
    }
    n
}

/// The action phase is over: run the start of winter (the hooks after the action phase,
/// then the winter step) up to the next decision.
fn to_winter(s: &mut State) -> Vec<Event> {
    s.stack = vec![
        Frame::Step(Step::Winter),
        Frame::Hook {
            at: Moment::After(Step::Action),
            next: 0,
        },
    ];
    let mut ev = Vec::new();
    kernel::advance::<E>(s, &mut ev);
    ev.into_iter().map(|e| e.event).collect()
}

fn morisco_lost(ev: &[Event]) -> bool {
    ev.iter()
        .any(|e| matches!(e, Event::UnitsLost { troops, .. } if troops.morisco == 1))
}

/// K17: any power may play *Aufstand der Morisken* as its event; the Ottoman places two
/// unrest markers on empty Spanish home spaces, then the unit enters in Granada (an
/// Ottoman unit the view shows); the card leaves the game.
#[test]
fn k17_the_event_puts_unrest_on_empty_spanish_spaces_then_the_morisco_enters_granada() {
    let mut s = game();
    give(&mut s, ENG, "morisco_revolt");
    impulse(&mut s, ENG);
    assert!(moves(&s).contains(&Move::PlayCp { card: card() }));
    play(&mut s, Move::PlayEvent { card: card() });
    assert_eq!(kind(&s), "morisco_unrest");
    assert_eq!(
        Some(seat(&s)),
        s.seat_opt(OTT),
        "the Ottoman places the markers"
    );
    let m = offered(&s);
    assert!(!m.is_empty());
    for &x in &m {
        assert_eq!(data().space(x).home, Power::Spain);
        assert!(morisco::empty(&s, x), "{} is occupied", data().space(x).key);
    }
    // Occupied Spanish spaces are not offered (Madrid holds the Spanish army).
    assert!(troops(&s, "madrid", SPA) > 0);
    assert!(!m.contains(&sp("madrid")));
    let (a, b) = (m[0], m[1]);
    play(&mut s, unrest(a));
    assert_eq!(kind(&s), "morisco_unrest");
    assert!(!offered(&s).contains(&a), "two distinct spaces");
    play(&mut s, unrest(b));
    assert!(s.sp(a).unrest && s.sp(b).unrest);
    assert_ne!(
        kind(&s),
        "morisco_unrest",
        "two markers, then the unit entered"
    );
    assert_eq!(morisco::position(&s), Some(sp("granada")));
    assert_eq!(troops_of(&s, OTT, sp("granada")).morisco, 1);
    assert!(s.removed.contains(&card()));
    // Public: the view and its protobuf show it.
    let v = E::view_to_pb(&E::view(&s, Viewer::Public));
    let shown: u32 = v
        .spaces
        .iter()
        .filter(|x| x.space == sp("granada").0 as u32)
        .flat_map(|x| x.forces.iter())
        .filter_map(|f| f.troops.as_ref())
        .map(|t| t.morisco)
        .sum();
    assert_eq!(shown, 1);
}

/// The Ottoman plays *Aufstand der Morisken* as its event and places the markers on the
/// first spaces offered.
fn revolt(s: &mut State) {
    give(s, OTT, "morisco_revolt");
    impulse(s, OTT);
    play(s, Move::PlayEvent { card: card() });
    while kind(s) == "morisco_unrest" {
        let x = offered(s)[0];
        play(s, unrest(x));
    }
}

/// K17: with Granada occupied the unit enters the nearest empty space within two of
/// Granada; played again while it is on the map, the event brings no second unit.
#[test]
fn k17_granada_occupied_the_unit_enters_nearby_and_never_twice() {
    let mut s = game();
    put(&mut s, "granada", PoolOwner::Spain, 1, 0, 0);
    revolt(&mut s);
    let at = morisco::position(&s).expect("the unit entered");
    assert_ne!(at, sp("granada"));
    assert!(morisco::within(at));
    assert_eq!(steps(sp("granada"), at), 1, "the nearest empty space");
    assert_eq!(
        troops_of(&s, OTT, at).total(),
        1,
        "it entered an empty space"
    );
    // Again (as if the card had come back): no second unit.
    s.evented.clear();
    s.removed.retain(|&c| c != card());
    revolt(&mut s);
    assert_eq!(morisco::position(&s), Some(at));
}

/// E5 (digest, [11] L849): Spain plays the card for its 3 CP; no unrest, no unit.
#[test]
fn k17_e5_spain_plays_the_card_for_three_cp() {
    let mut s = game();
    give(&mut s, SPA, "morisco_revolt");
    impulse(&mut s, SPA);
    let m = moves(&s);
    assert!(m.contains(&Move::PlayEvent { card: card() }));
    play(&mut s, Move::PlayCp { card: card() });
    assert_eq!(kind(&s), "actions");
    assert_eq!(cp_left(&s), 3);
    assert_eq!(morisco::position(&s), None);
    // A galleon in Corunna (2 CP) is among the actions.
    assert!(moves(&s).contains(&Move::Build {
        space: sp("corunna"),
        kind: ShipKind::Galleon
    }));
}

/// K14: the unit is never raised and is its own counter (outside the Ottoman ledger); it
/// counts as an Ottoman land unit in its space.
#[test]
fn k14_the_morisco_is_never_raised_and_outside_the_counter_mix() {
    assert_eq!(raise_cost(OTT, UnitKind::Morisco), None);
    let mut s = game();
    let before = land_in_play(&s, PoolOwner::Ottoman);
    place(&mut s, "granada");
    assert_eq!(land_in_play(&s, PoolOwner::Ottoman), before);
    assert_eq!(troops(&s, "granada", OTT), 1);
    assert!(E::invariant_violations(&s).is_empty());
    actions(&mut s, OTT, 6);
    assert!(!moves(&s).iter().any(|m| matches!(
        m,
        Move::Raise {
            kind: UnitKind::Morisco,
            ..
        }
    )));
    // A second unit breaks the invariant, as does a unit beyond two spaces of Granada.
    let mut two = s.clone();
    place(&mut two, "cordoba");
    assert!(!E::invariant_violations(&two).is_empty());
    let mut far = game();
    place(&mut far, "zaragoza");
    assert!(!E::invariant_violations(&far).is_empty());
}

/// K15: a formation with the Morisco goes only to spaces within two of Granada; without
/// it the same units may go farther.
#[test]
fn k15_the_morisco_moves_only_within_two_spaces_of_granada() {
    let mut s = game();
    war(&mut s, OTT, SPA);
    place(&mut s, "valencia");
    put(&mut s, "valencia", PoolOwner::Ottoman, 1, 0, 0);
    actions(&mut s, OTT, 6);
    play(
        &mut s,
        Move::MoveFrom {
            space: sp("valencia"),
        },
    );
    play(&mut s, Move::AddUnit(UnitKind::Regular));
    assert!(moves(&s).contains(&Move::Go { to: sp("zaragoza") }));
    assert!(moves(&s).contains(&Move::AddUnit(UnitKind::Morisco)));
    play(&mut s, Move::AddUnit(UnitKind::Morisco));
    let m = moves(&s);
    assert!(m.contains(&Move::Go {
        to: sp("cartagena")
    }));
    for far in ["zaragoza", "barcelona"] {
        assert!(
            !m.contains(&Move::Go { to: sp(far) }),
            "{far} is three away"
        );
    }
    for mv in &m {
        if let Move::Go { to } = mv {
            assert!(morisco::within(*to));
        }
    }
    play(
        &mut s,
        Move::Go {
            to: sp("cartagena"),
        },
    );
    settle(&mut s);
    assert_eq!(morisco::position(&s), Some(sp("cartagena")));
}

/// K15 with [13.4]: a stack with the Morisco that did not outnumber the garrison withdrawn
/// into Seville moves on only within two spaces of Granada (Gibraltar, not Faro or
/// Badajoz), or goes back (the 6p playouts found it moving on to Zaragoza).
#[test]
fn k15_moving_on_stays_within_two_spaces_of_granada() {
    let mut s = game();
    war(&mut s, OTT, SPA);
    place(&mut s, "cordoba");
    put(&mut s, "cordoba", PoolOwner::Ottoman, 1, 0, 0);
    put(&mut s, "seville", PoolOwner::Spain, 3, 0, 0);
    actions(&mut s, OTT, 6);
    move_formation(
        &mut s,
        "cordoba",
        "seville",
        &[UnitKind::Regular, UnitKind::Morisco],
        &[],
    );
    for _ in 0..8 {
        let m = moves(&s);
        if m.contains(&Move::Withdraw) {
            play(&mut s, Move::Withdraw);
            break;
        }
        play(&mut s, Move::Done);
    }
    let on: Vec<SpaceId> = moves(&s)
        .iter()
        .filter_map(|m| match m {
            Move::Go { to } => Some(*to),
            _ => None,
        })
        .collect();
    assert_eq!(on, vec![sp("gibraltar")], "{:?}", moves(&s));
}

/// K15: the Morisco never goes by sea: a transport from its port takes only the others,
/// and a port holding only the Morisco offers none.
#[test]
fn k15_the_morisco_never_goes_by_sea() {
    let mut s = game();
    place(&mut s, "cartagena");
    put(&mut s, "cartagena", PoolOwner::Ottoman, 1, 0, 0);
    s.sp_mut(sp("cartagena")).controller = Power::Ottoman;
    force_mut(&mut s, sp("cartagena"), PoolOwner::Ottoman)
        .ships
        .galleys += 1;
    signoria_elisabeth_i::board::book(&mut s, PoolOwner::Ottoman, 0, 1);
    actions(&mut s, OTT, 6);
    sail(
        &mut s,
        &[(
            Waters::Port(sp("cartagena")),
            ShipKind::Galley,
            zone("barbary_coast"),
        )],
    );
    let mut only = s.clone();
    assert!(moves(&s).contains(&Move::Transport {
        space: sp("cartagena")
    }));
    play(
        &mut s,
        Move::Transport {
            space: sp("cartagena"),
        },
    );
    assert!(moves(&s).contains(&Move::AddUnit(UnitKind::Regular)));
    assert!(!moves(&s).contains(&Move::AddUnit(UnitKind::Morisco)));
    put(&mut only, "cartagena", PoolOwner::Ottoman, 0, 0, 0);
    assert!(!moves(&only).contains(&Move::Transport {
        space: sp("cartagena")
    }));
}

/// K15: a displacement ([12.5]) that would take the Morisco beyond two spaces of Granada
/// eliminates it; the other units go on to their fortified space.
#[test]
fn k15_displacement_beyond_two_spaces_eliminates_it() {
    let mut s = game();
    place(&mut s, "cordoba");
    put(&mut s, "cordoba", PoolOwner::Ottoman, 1, 0, 0);
    let mut ev = Vec::new();
    signoria_elisabeth_i::diplomacy::cede::displace(&mut s, OTT, sp("cordoba"), &mut ev);
    let ev: Vec<Event> = ev.into_iter().map(|e| e.event).collect();
    assert_eq!(morisco::position(&s), None);
    assert!(morisco_lost(&ev));
    assert_eq!(troops(&s, "cordoba", OTT), 0);
    // The regular went on to an Ottoman fortified space (or was lost with no way there).
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Moved { troops, .. } | Event::UnitsLost { troops, .. } if troops.regulars == 1
    )));
    assert!(E::invariant_violations(&s).is_empty());
}

/// K16: at the start of winter a Morisco besieging an enemy fortified space is eliminated
/// (and spreads no unrest).
#[test]
fn k16_the_morisco_besieging_at_winter_is_eliminated() {
    let mut s = game();
    war(&mut s, OTT, SPA);
    clear(&mut s, "gibraltar");
    put(&mut s, "gibraltar", PoolOwner::Spain, 1, 0, 0);
    place(&mut s, "gibraltar");
    put(&mut s, "gibraltar", PoolOwner::Ottoman, 2, 0, 0);
    s.sp_mut(sp("gibraltar")).siege = Some(Siege {
        by: vec![OTT],
        since: 0,
    });
    assert!(E::invariant_violations(&s).is_empty());
    let ev = to_winter(&mut s);
    assert!(morisco_lost(&ev));
    assert_eq!(morisco::position(&s), None);
    assert_ne!(kind(&s), "morisco_unrest");
    // Not besieging (the same stack in an empty Granada): it survives.
    let mut t = game();
    place(&mut t, "granada");
    to_winter(&mut t);
    assert_eq!(morisco::position(&t), Some(sp("granada")));
}

/// K16, [20.1]: in winter the Ottoman places two unrest markers on distinct empty spaces
/// within two spaces of the unit (occupied ones and farther ones are not offered); the
/// unit then stays where it is while other Ottoman units there go home.
#[test]
fn k16_winter_spreads_unrest_near_the_unit_which_never_moves() {
    let mut s = game();
    place(&mut s, "cordoba");
    put(&mut s, "cordoba", PoolOwner::Ottoman, 1, 0, 0);
    clear(&mut s, "seville");
    put(&mut s, "seville", PoolOwner::Spain, 1, 0, 0);
    to_winter(&mut s);
    assert_eq!(kind(&s), "morisco_unrest");
    assert_eq!(Some(seat(&s)), s.seat_opt(OTT));
    let m = offered(&s);
    assert!(m.len() >= 2);
    for &x in &m {
        assert!(steps(sp("cordoba"), x) <= 2);
        assert!(morisco::empty(&s, x));
    }
    assert!(!m.contains(&sp("seville")), "occupied");
    assert!(
        !m.contains(&sp("cordoba")),
        "the unit's own space is occupied"
    );
    assert!(!m.contains(&sp("barcelona")), "three spaces away");
    let (a, b) = (m[0], m[1]);
    play(&mut s, unrest(a));
    play(&mut s, unrest(b));
    assert!(s.sp(a).unrest && s.sp(b).unrest);
    assert_ne!(kind(&s), "morisco_unrest", "two markers");
    // The winter return has run: the regular left the unfortified space, the unit stayed.
    let t = troops_of(&s, OTT, sp("cordoba"));
    assert_eq!((t.morisco, t.regulars), (1, 0));
    assert!(E::invariant_violations(&s).is_empty());
}

/// [20.1]: fewer empty spaces than markers: as many as there are.
#[test]
fn k16_fewer_empty_spaces_fewer_markers() {
    let mut s = game();
    place(&mut s, "granada");
    // Every space within two of Granada occupied but Cordoba.
    let left = sp("cordoba");
    for x in data().space_ids() {
        if x != sp("granada") && x != left && steps(sp("granada"), x) <= 2 {
            force_mut(&mut s, x, PoolOwner::Spain).troops.regulars += 1;
            signoria_elisabeth_i::board::book(&mut s, PoolOwner::Spain, 1, 0);
        }
    }
    clear(&mut s, "cordoba");
    s.sp_mut(left).unrest = false;
    assert!(morisco::empty(&s, left));
    to_winter(&mut s);
    assert_eq!(kind(&s), "morisco_unrest");
    assert_eq!(offered(&s), vec![left]);
    play(&mut s, unrest(left));
    assert_ne!(kind(&s), "morisco_unrest");
}

/// K16: the Morisco staying in winter in an empty Spanish fortified space it entered (no
/// siege): Spanish units wintering do not go into its space.
#[test]
fn k16_wintering_enemies_do_not_join_the_morisco() {
    let mut s = game();
    war(&mut s, OTT, SPA);
    clear(&mut s, "gibraltar");
    place(&mut s, "gibraltar");
    clear(&mut s, "granada");
    put(&mut s, "granada", PoolOwner::Spain, 1, 0, 0);
    assert!(E::invariant_violations(&s).is_empty());
    to_winter(&mut s);
    while kind(&s) == "morisco_unrest" {
        let x = offered(&s)[0];
        play(&mut s, unrest(x));
    }
    assert_eq!(morisco::position(&s), Some(sp("gibraltar")));
    assert_eq!(troops_of(&s, SPA, sp("gibraltar")).total(), 0);
    assert_eq!(
        troops(&s, "granada", SPA),
        0,
        "the regular wintered elsewhere"
    );
    assert!(E::invariant_violations(&s).is_empty());
}
