//! The edge cases of digest §8 (chapters [12]-[15]) that the engine decides, numbered as
//! in the digest.

mod common;

use common::*;
use signoria_elisabeth_i::data::PoolOwner;
use signoria_elisabeth_i::model::{Event, Loc, Move, UnitKind as U};

/// Spain at war with France; Paris and Rouen empty, Montmorency far away.
fn amiens() -> signoria_elisabeth_i::State {
    let mut s = game();
    war(&mut s, SPA, FRA);
    clear(&mut s, "paris");
    clear(&mut s, "rouen");
    place_leader(&mut s, "montmorency", "bordeaux");
    put(&mut s, "arras", PoolOwner::Spain, 4, 0, 0);
    s
}

/// #72: units that lost a field battle this impulse make no move action.
#[test]
fn e72_beaten_units_do_not_move_again() {
    let mut s = amiens();
    put(&mut s, "amiens", PoolOwner::France, 4, 0, 0);
    actions(&mut s, SPA, 3);
    let (t, _) = until(
        &s,
        |t| {
            let mut ev = move_formation(t, "arras", "amiens", &[U::Regular; 4], &[]);
            ev.extend(settle(t));
            ev
        },
        |t, ev| {
            ev.iter().any(|e| {
                matches!(
                    e,
                    Event::BattleFought {
                        attacker_won: false,
                        ..
                    }
                )
            }) && troops(t, "arras", SPA) > 0
        },
    );
    assert!(!moves(&t).contains(&Move::MoveFrom { space: sp("arras") }));
    let mut next = t.clone();
    actions(&mut next, SPA, 1);
    assert!(
        moves(&next).contains(&Move::MoveFrom { space: sp("arras") }),
        "next impulse they may"
    );
}

/// #74: a leader alone may not enter an enemy space; a lone leader in an unfortified
/// space is captured when enemy units enter.
#[test]
fn e74_lone_leaders() {
    let mut s = amiens();
    place_leader(&mut s, "alba", "arras");
    place_leader(&mut s, "montmorency", "amiens");
    actions(&mut s, SPA, 1);
    play(&mut s, Move::MoveFrom { space: sp("arras") });
    play(
        &mut s,
        Move::AddLeader {
            leader: leader("alba"),
        },
    );
    assert!(
        !moves(&s).contains(&Move::Go { to: sp("amiens") }),
        "alone into an enemy space"
    );
    play(&mut s, Move::AddUnit(U::Regular));
    let ev = play(&mut s, Move::Go { to: sp("amiens") });
    let mut ev = ev;
    ev.extend(settle(&mut s));
    assert_eq!(loc(&s, "montmorency"), Loc::Captured(SPA));
    assert!(ev.iter().any(|e| matches!(e, Event::LeaderCaptured { .. })));
}

/// #76: once a power intercepts successfully no other power may try (England, France's
/// ally, is earlier in impulse order than France).
#[test]
fn e76_one_power_intercepts() {
    let mut s = amiens();
    war(&mut s, SPA, ENG);
    signoria_elisabeth_i::board::set_alliance(&mut s, ENG, FRA);
    put(&mut s, "amiens", PoolOwner::France, 1, 0, 0);
    put(&mut s, "paris", PoolOwner::France, 2, 0, 0);
    put(&mut s, "boulogne", PoolOwner::England, 2, 0, 0);
    actions(&mut s, SPA, 1);
    move_formation(&mut s, "arras", "amiens", &[U::Regular; 4], &[]);
    assert_eq!(kind(&s), "intercept");
    assert_eq!(seat(&s), s.seat_of(ENG));
    let (mut t, _) = until(
        &s,
        |t| {
            let mut ev = play(
                t,
                Move::InterceptFrom {
                    space: sp("boulogne"),
                },
            );
            ev.extend(play(t, Move::AddUnit(U::Regular)));
            ev.extend(play(t, Move::AddUnit(U::Regular)));
            ev.extend(play(t, Move::Go { to: sp("amiens") }));
            ev
        },
        |_, ev| {
            ev.iter()
                .any(|e| matches!(e, Event::Intercepted { success: true, .. }))
        },
    );
    play(&mut t, Move::Done);
    assert_ne!(kind(&t), "intercept", "France is not asked");
    // Without England's success France is asked next.
    let (mut t, _) = until(
        &s,
        |t| {
            let mut ev = play(
                t,
                Move::InterceptFrom {
                    space: sp("boulogne"),
                },
            );
            ev.extend(play(t, Move::AddUnit(U::Regular)));
            ev.extend(play(t, Move::Go { to: sp("amiens") }));
            ev
        },
        |_, ev| {
            ev.iter()
                .any(|e| matches!(e, Event::Intercepted { success: false, .. }))
        },
    );
    play(&mut t, Move::Done);
    assert_eq!(kind(&t), "intercept");
    assert_eq!(seat(&t), t.seat_of(FRA));
    // #76 also: the units that tried may not try again (one attempt per space).
    assert!(!t.memo.tried.is_empty());
}

/// #77: no interception of a formation entering its own unbesieged fortified space.
#[test]
fn e77_no_interception_into_own_fortress() {
    let mut s = game();
    war(&mut s, SPA, FRA);
    put(&mut s, "mons", PoolOwner::Spain, 2, 0, 0);
    put(&mut s, "arras", PoolOwner::France, 3, 0, 0);
    actions(&mut s, SPA, 1);
    // Brussels (Spanish key) next to Mons; French units in Arras are not adjacent to
    // Brussels, so use Namur (Spanish fortress) with French units next to it in Liege.
    put(&mut s, "liege", PoolOwner::France, 3, 0, 0);
    let ev = move_formation(&mut s, "mons", "namur", &[U::Regular; 2], &[]);
    assert_ne!(kind(&s), "intercept", "{ev:?}");
    // ... while an unfortified own space next to them may be intercepted into.
    actions(&mut s, SPA, 1);
    move_formation(&mut s, "namur", "mons", &[U::Regular; 2], &[]);
    assert_eq!(kind(&s), "intercept");
}

/// #78, #79: interception into an occupied space only by the occupants' side; never into
/// a space controlled by a power neither enemy nor ally of the interceptor.
#[test]
fn e78_e79_who_may_intercept_where() {
    let mut s = amiens();
    war(&mut s, SPA, ENG);
    put(&mut s, "boulogne", PoolOwner::England, 2, 0, 0);
    actions(&mut s, SPA, 1);
    // Amiens is French: England (not at war with France, not allied) may not intercept.
    move_formation(&mut s, "arras", "amiens", &[U::Regular; 4], &[]);
    assert_ne!(kind(&s), "intercept");
    // Allied with France it may.
    let mut s = amiens();
    war(&mut s, SPA, ENG);
    signoria_elisabeth_i::board::set_alliance(&mut s, ENG, FRA);
    put(&mut s, "boulogne", PoolOwner::England, 2, 0, 0);
    actions(&mut s, SPA, 1);
    move_formation(&mut s, "arras", "amiens", &[U::Regular; 4], &[]);
    assert_eq!(kind(&s), "intercept");
    assert_eq!(
        moves(&s)[0],
        Move::InterceptFrom {
            space: sp("boulogne")
        }
    );
}

/// #80: the avoiding group may exceed a formation's size; units may stay behind.
#[test]
fn e80_avoiding_group_has_no_size_limit() {
    let mut s = amiens();
    put(&mut s, "amiens", PoolOwner::France, 6, 0, 0);
    actions(&mut s, SPA, 1);
    move_formation(&mut s, "arras", "amiens", &[U::Regular; 4], &[]);
    assert_eq!(kind(&s), "avoid");
    play(&mut s, Move::AvoidTo { space: sp("paris") });
    for _ in 0..6 {
        play(&mut s, Move::AddUnit(U::Regular));
    }
    assert!(
        moves(&s).contains(&Move::Go { to: sp("paris") }),
        "6 units without a leader"
    );
}

/// #81: avoid battle needs no roll when the group already lost a battle this impulse.
#[test]
fn e81_beaten_groups_avoid_without_a_roll() {
    let mut s = amiens();
    put(&mut s, "amiens", PoolOwner::France, 2, 0, 0);
    actions(&mut s, SPA, 1);
    s.memo.beaten.push((FRA, sp("amiens")));
    move_formation(&mut s, "arras", "amiens", &[U::Regular; 4], &[]);
    play(&mut s, Move::AvoidTo { space: sp("paris") });
    play(&mut s, Move::AddUnit(U::Regular));
    play(&mut s, Move::AddUnit(U::Regular));
    let ev = play(&mut s, Move::Go { to: sp("paris") });
    assert!(!ev.iter().any(|e| matches!(e, Event::Rolled { .. })));
    assert_eq!(troops(&s, "paris", FRA), 2);
}

/// #83: withdrawal only with at most 4 units left outside.
#[test]
fn e83_withdraw_only_four() {
    let mut s = game();
    war(&mut s, SPA, FRA);
    put(&mut s, "luxembourg", PoolOwner::Spain, 4, 0, 0);
    put(&mut s, "metz", PoolOwner::France, 5, 0, 0);
    actions(&mut s, SPA, 1);
    move_formation(&mut s, "luxembourg", "metz", &[U::Regular; 4], &[]);
    let ev = play(&mut s, Move::Done); // no avoid
    assert!(
        ev.iter().any(|e| matches!(e, Event::BattleFought { .. })),
        "5 units may not withdraw: the battle follows at once"
    );
}

/// #94, #73: a siege must be older than the impulse for an assault, and besiegers since
/// this impulse do not move; #95 one assault per space per impulse (scenario test
/// `siege_then_assault_takes_the_fortress`); #96 ships in the besieged port block.
#[test]
fn e96_ships_in_the_port_block_the_assault() {
    let x = sp("metz");
    let mut s = into_metz(4, 1, 2);
    actions(&mut s, SPA, 2);
    assert!(signoria_elisabeth_i::battle::may_assault(&s, SPA, x));
    // Marseille holds French galleys: besieged there, no assault without ships at sea.
    let mut m = game();
    war(&mut m, SPA, FRA);
    let ms = sp("marseille");
    assert!(m.sp(ms).forces.iter().any(|f| f.ships.total() > 0));
    m.sp_mut(ms).siege = Some(signoria_elisabeth_i::model::Siege {
        by: vec![SPA],
        since: 0,
    });
    put(&mut m, "marseille", PoolOwner::Spain, 3, 0, 0);
    m.sp_mut(ms).controller = signoria_elisabeth_i::data::Power::France;
    actions(&mut m, SPA, 2);
    let f = signoria_elisabeth_i::battle::assault_facts(&m, SPA, ms).unwrap();
    assert!(!f.defender_fleets_in_port.is_empty());
    assert!(!signoria_elisabeth_i::battle::may_assault(&m, SPA, ms));
}

/// #103: a siege is lifted the moment the besiegers no longer outnumber the fortress;
/// #104: two allied powers may besiege the same space if each outnumbers it.
#[test]
fn e104_allies_besiege_together() {
    let mut s = game();
    war(&mut s, SPA, FRA);
    war(&mut s, HRE, FRA);
    signoria_elisabeth_i::board::set_alliance(&mut s, SPA, HRE);
    put(&mut s, "luxembourg", PoolOwner::Spain, 3, 0, 0);
    put(&mut s, "trier", PoolOwner::Hre, 3, 0, 0);
    put(&mut s, "metz", PoolOwner::France, 2, 0, 0);
    actions(&mut s, SPA, 1);
    move_formation(&mut s, "luxembourg", "metz", &[U::Regular; 3], &[]);
    play(&mut s, Move::Done);
    play(&mut s, Move::Withdraw);
    // The ally joins the siege with 3 units of its own.
    actions(&mut s, HRE, 1);
    let ev = move_formation(&mut s, "trier", "metz", &[U::Regular; 3], &[]);
    assert!(
        ev.iter().any(|e| matches!(e, Event::SiegeBegun { .. })),
        "{ev:?}"
    );
    assert_eq!(s.sp(sp("metz")).siege.as_ref().unwrap().by, vec![SPA, HRE]);
}

/// #74: a lone leader is captured also when enemy units enter his space by retreat.
#[test]
fn e74_lone_leader_captured_by_a_retreat() {
    let mut s = amiens();
    put(&mut s, "amiens", PoolOwner::France, 2, 0, 0);
    clear(&mut s, "st_quentin");
    place_leader(&mut s, "alba", "st_quentin");
    actions(&mut s, SPA, 1);
    let (t, _) = until(
        &s,
        |t| {
            let mut ev = move_formation(t, "arras", "amiens", &[U::Regular; 4], &[]);
            while kind(t) != "over" && kind(t) != "actions" {
                let m = moves(t);
                let to_sq = Move::RetreatTo {
                    space: sp("st_quentin"),
                };
                let mv = if m.contains(&to_sq) {
                    to_sq
                } else if m.contains(&Move::Done) && kind(t) != "combat" {
                    Move::Done
                } else {
                    m[0].clone()
                };
                ev.extend(play(t, mv));
            }
            ev
        },
        |t, _| troops(t, "st_quentin", FRA) > 0,
    );
    assert_eq!(loc(&t, "alba"), Loc::Captured(FRA));
}
