//! Religion [18]: sermon and suppress heresy, the conversion procedures, core presence,
//! rebellions, the Protestant capitals, the religious VP and victories; the seed's worked
//! examples of [18.5] (digest §11 E7 and the rebellion example), the edge cases of digest
//! §8.12 and the rulings G<n>.

mod common;

use common::*;
use signoria_elisabeth_i::data::{Faction, PoolOwner, ReligiousZone as Z, SpaceId, data};
use signoria_elisabeth_i::model::{Event, Frame, Loc, Move, State};
use signoria_elisabeth_i::religion::conversion::{Variant, begin};
use signoria_elisabeth_i::religion::{self as rel, Event as RE, Faith, Move as RM};
use signoria_elisabeth_i::{ElisabethI as E, victory};
use signoria_engine::Game;

fn r(m: RM) -> Move {
    Move::Religion(m)
}

fn prot(s: &State, key: &str) -> bool {
    s.sp(sp(key)).protestant
}

fn set_prot(s: &mut State, key: &str, p: bool) {
    s.sp_mut(sp(key)).protestant = p;
}

/// Begin a conversion procedure with scripted dice in an impulse of `who`.
fn convert(s: &mut State, who: u8, f: Faith, z: Z, dice: &[u8], v: Variant) -> Vec<Event> {
    actions(s, who, 1);
    let mut ev = Vec::new();
    begin(s, who, f, z, dice, v, &mut ev);
    ev.into_iter().map(|e| e.event).collect()
}

/// E7 [18.5]: the first Protestant impulse of the Tournament scenario (the Campaign map
/// unchanged around Paris): *Hugenottisches Fasten*, 8 attempts, the first die a 6, then
/// 1,1,2,3,4,5,6. One unrest marker (two 1s); Orleans flipped with a 6 at once, the other
/// 6 saved for Paris (French regulars there), the 4 and 5 flip Bourges and Dijon (Dijon
/// through Orleans, flipped in step 5); the unrest goes to Paris.
#[test]
fn e7_huguenot_fast_converts_orleans_paris_bourges_dijon() {
    // The Tournament's set-up, unchanged (its Huguenot capital in La Rochelle).
    let mut s = E::setup(
        &signoria_elisabeth_i::Options {
            scenario: "tournament".into(),
        },
        6,
        7,
    )
    .unwrap();
    assert_eq!(
        s.religion.capitals,
        vec![(Faction::Huguenot, sp("la_rochelle"))]
    );
    assert!(troops(&s, "paris", FRA) > 0 && troops(&s, "orleans", FRA) == 0);
    let v = Variant {
        first_six: true,
        ..Default::default()
    };
    convert(
        &mut s,
        PRO,
        Faith::Protestant,
        Z::France,
        &[6, 1, 1, 2, 3, 4, 5, 6],
        v,
    );
    // Step 4: one marker although two 1s; a 6 may cancel it. Keep it.
    assert_eq!(kind(&s), "conversion");
    assert!(moves(&s).contains(&r(RM::CancelUnrest)));
    play(&mut s, r(RM::KeepUnrest));
    // Step 5: Paris holds Catholic units: not flippable now; Orleans is.
    let m = moves(&s);
    assert!(!m.contains(&r(RM::Flip { space: sp("paris") })));
    assert!(m.contains(&r(RM::Flip {
        space: sp("orleans")
    })));
    play(
        &mut s,
        r(RM::Flip {
            space: sp("orleans"),
        }),
    );
    play(&mut s, r(RM::Save));
    // Step 6: the saved 6 reaches Paris through Orleans, despite its French units.
    let m = moves(&s);
    assert!(m.contains(&r(RM::MajorFlip { space: sp("paris") })));
    assert!(!m.contains(&r(RM::Flip { space: sp("paris") })));
    assert!(m.contains(&r(RM::Flip { space: sp("dijon") })));
    play(&mut s, r(RM::MajorFlip { space: sp("paris") }));
    play(
        &mut s,
        r(RM::Flip {
            space: sp("bourges"),
        }),
    );
    play(&mut s, r(RM::Flip { space: sp("dijon") }));
    // Step 7: the marker on one of the four converted spaces.
    let m = moves(&s);
    assert_eq!(m.len(), 4, "{m:?}");
    play(&mut s, r(RM::Unrest { space: sp("paris") }));
    assert_eq!(kind(&s), "actions");
    for k in ["orleans", "paris", "bourges", "dijon"] {
        assert!(prot(&s, k), "{k}");
    }
    assert!(s.sp(sp("paris")).unrest);
    // Paris in unrest is not counted on the track ([25.2], digest §8.12 #150), and
    // France's key is covered.
    let g = E::setup(
        &signoria_elisabeth_i::Options {
            scenario: "tournament".into(),
        },
        6,
        7,
    )
    .unwrap();
    assert_eq!(rel::score::track(&s), rel::score::track(&g) + 3);
    assert!(!signoria_elisabeth_i::board::keys(&s, FRA).contains(&sp("paris")));
}

/// The card *Hugenottisches Fasten* played from the hand: 8 attempts in France, the
/// first die a 6 (RULINGS G7: any power holding it).
#[test]
fn g7_huguenot_fast_is_an_event_of_eight_attempts() {
    let mut s = game();
    give(&mut s, ENG, "huguenot_fast");
    let card = data().card_by_key("huguenot_fast").unwrap().id;
    s.stack = vec![Frame::Impulse {
        who: ENG,
        passes: 0,
    }];
    let ev = play(&mut s, Move::PlayEvent { card });
    let dice = ev
        .iter()
        .find_map(|e| match e {
            Event::Religion(RE::Attempts {
                power,
                faith,
                zone,
                dice,
            }) => {
                assert_eq!((*power, *faith, *zone), (ENG, Faith::Protestant, Z::France));
                Some(dice.clone())
            }
            _ => None,
        })
        .expect("attempts rolled");
    assert_eq!(dice.len(), 8);
    assert_eq!(dice[0], 6);
    // At least the first 6 is to be decided by England.
    assert_eq!(kind(&s), "conversion");
    assert_eq!(seat(&s), s.seat_of(ENG));
}

/// Sermon and suppress heresy ([18.2], [18.3] table): who may, where, for 2 CP.
#[test]
fn sermon_and_suppress_heresy_by_power_and_zone() {
    let s = game();
    let offered = |p: u8, cp: u8| -> Vec<RM> {
        let mut t = s.clone();
        actions(&mut t, p, cp);
        moves(&t)
            .into_iter()
            .filter_map(|m| match m {
                Move::Religion(m @ (RM::Sermon { .. } | RM::Suppress { .. })) => Some(m),
                _ => None,
            })
            .collect()
    };
    assert_eq!(
        offered(SPA, 2),
        vec![
            RM::Sermon { zone: Z::England },
            RM::Suppress {
                zone: Z::Netherlands
            }
        ]
    );
    assert_eq!(offered(ENG, 2), vec![RM::Suppress { zone: Z::England }]);
    assert_eq!(
        offered(FRA, 2),
        vec![
            RM::Suppress { zone: Z::France },
            RM::Suppress { zone: Z::Scotland }
        ]
    );
    assert_eq!(
        offered(PRO, 2),
        vec![
            RM::Sermon { zone: Z::France },
            RM::Sermon {
                zone: Z::Netherlands
            },
            // Not in Scotland: Stirling is its last Catholic space ([18.1]).
        ]
    );
    assert!(offered(OTT, 5).is_empty() && offered(HRE, 5).is_empty());
    assert!(offered(PRO, 1).is_empty());
    // The action costs 2 CP and rolls 5 dice.
    let mut t = s.clone();
    actions(&mut t, PRO, 3);
    let ev = play(&mut t, r(RM::Sermon { zone: Z::France }));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Religion(RE::Attempts { dice, .. }) if dice.len() == 5
    )));
    settle(&mut t);
    assert_eq!(cp_left(&t), 1);
}

/// Digest §8.12 #140, RULINGS G9: core presence. The last Catholic space of a zone never
/// flips, and a conversion action is not offered when the zone holds one space of the
/// other faith only (unrest counts as a space of its faith).
#[test]
fn e140_g9_core_presence() {
    let mut s = game();
    // Scotland: Edinburgh and Glasgow Protestant, Stirling Catholic.
    assert!(!prot(&s, "stirling") && prot(&s, "glasgow") && prot(&s, "edinburgh"));
    actions(&mut s, PRO, 2);
    assert!(!moves(&s).contains(&r(RM::Sermon { zone: Z::Scotland })));
    actions(&mut s, FRA, 2);
    assert!(moves(&s).contains(&r(RM::Suppress { zone: Z::Scotland })));
    // A Catholic conversion may take one of the two Protestant spaces, never both.
    clear(&mut s, "edinburgh");
    s.sp_mut(sp("glasgow")).unrest = true; // in unrest: still counts ([18.1])
    convert(
        &mut s,
        FRA,
        Faith::Catholic,
        Z::Scotland,
        &[6, 6, 5, 4, 4],
        Variant::default(),
    );
    play(
        &mut s,
        r(RM::Flip {
            space: sp("edinburgh"),
        }),
    );
    // Glasgow is now the last Protestant space: no flip is offered for it.
    assert!(!moves(&s).contains(&r(RM::Flip {
        space: sp("glasgow")
    })));
    settle(&mut s);
    assert!(prot(&s, "glasgow"));
    assert_eq!(
        rel::faith::count_in_zone(&s, Z::Scotland, Faith::Protestant),
        1
    );
    actions(&mut s, FRA, 2);
    assert!(!moves(&s).contains(&r(RM::Suppress { zone: Z::Scotland })));
}

/// Digest §8.12 #141: flips in one step never chain; a space flipped in step 5 is a base
/// in step 6.
#[test]
fn e141_flips_in_one_step_do_not_chain() {
    let mut s = game();
    // Two 4s: Orleans (next to Sancerre) may flip, Paris (next to Orleans only) may not,
    // even after Orleans flipped in the same step.
    clear(&mut s, "paris");
    convert(
        &mut s,
        PRO,
        Faith::Protestant,
        Z::France,
        &[4, 4],
        Variant::default(),
    );
    assert!(!moves(&s).contains(&r(RM::Flip { space: sp("paris") })));
    play(
        &mut s,
        r(RM::Flip {
            space: sp("orleans"),
        }),
    );
    assert!(!moves(&s).contains(&r(RM::Flip { space: sp("paris") })));
}

/// Digest §8.12 #142, #143: one unrest marker for any number of 1s (Bildersturm: one per
/// 1); a 6 turned into a 5 cancels one and still converts; markers only on spaces
/// flipped by the procedure, surplus lost.
#[test]
fn e142_e143_unrest_from_ones() {
    let mut s = game();
    convert(
        &mut s,
        PRO,
        Faith::Protestant,
        Z::France,
        &[1, 1, 6],
        Variant::default(),
    );
    play(&mut s, r(RM::CancelUnrest));
    // The 6 became a 5: a minor conversion, no marker left.
    let m = moves(&s);
    assert!(
        m.iter()
            .all(|m| matches!(m, Move::Religion(RM::Flip { .. })))
    );
    play(&mut s, m[0].clone());
    assert_eq!(kind(&s), "actions");
    assert!(!s.spaces.iter().any(|x| x.unrest));
    // Bildersturm: one marker per 1, 5s become 6s; two markers and one flip: one lost.
    let mut t = game();
    let v = Variant {
        fives_to_sixes: true,
        unrest_per_one: true,
        ..Default::default()
    };
    let before = t.spaces.iter().filter(|x| x.unrest).count();
    convert(&mut t, PRO, Faith::Protestant, Z::France, &[1, 1, 5], v);
    assert_eq!(kind(&t), "conversion");
    play(&mut t, r(RM::KeepUnrest));
    play(
        &mut t,
        r(RM::Flip {
            space: sp("orleans"),
        }),
    );
    let m = moves(&t);
    assert_eq!(
        m,
        vec![r(RM::Unrest {
            space: sp("orleans")
        })]
    );
    play(&mut t, m[0].clone());
    assert_eq!(kind(&t), "actions");
    assert_eq!(t.spaces.iter().filter(|x| x.unrest).count(), before + 1);
}

/// Digest §8.12 #144, #145: minor conversions never flip a space with units of the other
/// faith (Protestant conversions: nor a Jesuit); mercenaries, HRE units and leaders do
/// not count.
#[test]
fn e144_e145_units_block_minor_conversions() {
    let mut s = game();
    put(&mut s, "orleans", PoolOwner::France, 0, 3, 0);
    put(&mut s, "bourges", PoolOwner::Hre, 2, 0, 0);
    place_leader(&mut s, "montmorency", "tours");
    convert(
        &mut s,
        PRO,
        Faith::Protestant,
        Z::France,
        &[4],
        Variant::default(),
    );
    let m = moves(&s);
    for k in ["orleans", "bourges"] {
        assert!(m.contains(&r(RM::Flip { space: sp(k) })), "{k}");
    }
    let mut t = game();
    put(&mut t, "orleans", PoolOwner::France, 1, 0, 0);
    convert(
        &mut t,
        PRO,
        Faith::Protestant,
        Z::France,
        &[4],
        Variant::default(),
    );
    assert!(!moves(&t).contains(&r(RM::Flip {
        space: sp("orleans")
    })));
    // A Jesuit blocks Protestant minor conversions in England.
    let mut u = game();
    let oxford = sp("oxford");
    assert!(!prot(&u, "oxford"));
    convert(
        &mut u,
        ENG,
        Faith::Protestant,
        Z::England,
        &[5],
        Variant::default(),
    );
    let free = moves(&u).contains(&r(RM::Flip { space: oxford }));
    let mut w = game();
    w.espionage.jesuits.push(oxford);
    convert(
        &mut w,
        ENG,
        Faith::Protestant,
        Z::England,
        &[5],
        Variant::default(),
    );
    assert!(!moves(&w).contains(&r(RM::Flip { space: oxford })));
    assert!(free, "Oxford is next to a Protestant space");
}

/// Digest §8.12 #146: across the sea only to a port on a sea zone with another port of
/// the faith.
#[test]
fn e146_ports_convert_across_a_sea_zone() {
    let d = data();
    let mut s = game();
    // Brest: a port, no Protestant neighbour by land.
    let brest = sp("brest");
    assert!(d.space(brest).is_port());
    let land = d.neighbours(brest).any(|(y, _)| s.sp(y).protestant);
    assert!(!land);
    for x in d.space_ids() {
        if d.space(x)
            .ports
            .iter()
            .any(|z| d.space(brest).ports.contains(z))
            && x != brest
        {
            s.sp_mut(x).protestant = false;
        }
    }
    assert!(!rel::faith::next_to_base(&s, brest, Faith::Protestant, &[]));
    let other = d
        .space_ids()
        .find(|&x| {
            x != brest
                && d.space(x)
                    .ports
                    .iter()
                    .any(|z| d.space(brest).ports.contains(z))
        })
        .unwrap();
    s.sp_mut(other).protestant = true;
    assert!(rel::faith::next_to_base(&s, brest, Faith::Protestant, &[]));
    // Not if that port is in unrest.
    s.sp_mut(other).unrest = true;
    assert!(!rel::faith::next_to_base(&s, brest, Faith::Protestant, &[]));
}

/// RULINGS G8: every conversion that has an eligible space must flip one; with none it
/// is lost.
#[test]
fn g8_conversions_are_used_while_a_space_qualifies() {
    let mut s = game();
    convert(
        &mut s,
        PRO,
        Faith::Protestant,
        Z::France,
        &[4, 5],
        Variant::default(),
    );
    let m = moves(&s);
    assert!(!m.is_empty() && !m.contains(&r(RM::Done)));
    assert!(
        m.iter()
            .all(|m| matches!(m, Move::Religion(RM::Flip { .. })))
    );
    // Scotland: its one Catholic space may not flip ([18.1]): the conversion is lost.
    let mut t = game();
    convert(
        &mut t,
        PRO,
        Faith::Protestant,
        Z::Scotland,
        &[4],
        Variant::default(),
    );
    assert_eq!(kind(&t), "actions");
    assert!(!prot(&t, "stirling"));
}

/// Catholic conversions: *Niederländisches Glaubensbekenntnis*'s 3s→4s are Protestant
/// only; a Protestant unit blocks a minor Catholic conversion, a saved 6 flips it.
#[test]
fn catholic_conversions_and_protestant_units() {
    let mut s = game();
    // Suppress heresy in England: London has English regulars (Protestant units).
    convert(
        &mut s,
        ENG,
        Faith::Catholic,
        Z::England,
        &[3, 4],
        Variant {
            threes_to_fours: true,
            ..Default::default()
        },
    );
    let m = moves(&s);
    assert!(!m.contains(&r(RM::Flip {
        space: sp("london")
    })));
    assert_eq!(
        m.iter()
            .filter(|m| matches!(m, Move::Religion(RM::Flip { .. })))
            .count(),
        m.len()
    );
    play(&mut s, m[0].clone());
    assert_eq!(kind(&s), "actions", "the 3 missed");
    let mut t = game();
    set_prot(&mut t, "oxford", false);
    convert(
        &mut t,
        SPA,
        Faith::Catholic,
        Z::England,
        &[6],
        Variant::default(),
    );
    play(&mut t, r(RM::Save));
    assert!(moves(&t).contains(&r(RM::MajorFlip {
        space: sp("london")
    })));
    play(
        &mut t,
        r(RM::MajorFlip {
            space: sp("london"),
        }),
    );
    assert!(!prot(&t, "london"));
}

/// The rebellion example of [18.5]: Lyon, 3 CP, dice 1,2,5: the French regular dies,
/// the two mercenaries are displaced to a French fortified space, Lyon, Dijon and
/// Clermont become Huguenot (RULINGS G2: the target counts toward the 3), one Huguenot
/// regular in Lyon, war with France; the capital already in La Rochelle and the leaders
/// in play: steps 7 and 8 do nothing.
#[test]
fn rebellion_example_lyon() {
    let mut s = game();
    put(&mut s, "lyon", PoolOwner::France, 1, 2, 0);
    for k in ["dijon", "clermont"] {
        set_prot(&mut s, k, true);
    }
    set_prot(&mut s, "lyon", true);
    s.sp_mut(sp("la_rochelle")).controller = signoria_elisabeth_i::data::Power::Protestant;
    s.religion.capitals = vec![(Faction::Huguenot, sp("la_rochelle"))];
    for l in ["coligny", "henry_navarre", "conde", "la_noue"] {
        place_leader(&mut s, l, "la_rochelle");
    }
    actions(&mut s, PRO, 3);
    assert!(moves(&s).contains(&r(RM::Rebel {
        space: sp("lyon"),
        cp: 3
    })));
    let mut ev = Vec::new();
    s.stack.push(Frame::Actions { who: PRO, cp: 0 });
    rel::rebellion::begin(&mut s, sp("lyon"), 3, &[1, 2, 5], &mut ev);
    let ev: Vec<Event> = ev.into_iter().map(|e| e.event).collect();
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Religion(RE::Rebellion {
            hits: 1,
            success: true,
            ..
        })
    )));
    let to = ev
        .iter()
        .find_map(|e| match e {
            Event::Religion(RE::Displaced {
                owner: PoolOwner::France,
                to,
                ..
            }) => *to,
            _ => None,
        })
        .expect("mercenaries displaced");
    assert!(signoria_elisabeth_i::board::fortified(&s, to));
    assert_eq!(
        s.sp(to).controller,
        signoria_elisabeth_i::data::Power::France
    );
    assert_eq!(kind(&s), "rebellion");
    let m = moves(&s);
    assert!(m.contains(&r(RM::Extend { space: sp("dijon") })));
    assert!(m.contains(&r(RM::Extend {
        space: sp("clermont")
    })));
    play(&mut s, r(RM::Extend { space: sp("dijon") }));
    play(
        &mut s,
        r(RM::Extend {
            space: sp("clermont"),
        }),
    );
    assert_eq!(kind(&s), "actions");
    for k in ["lyon", "dijon", "clermont"] {
        assert_eq!(
            s.sp(sp(k)).controller,
            signoria_elisabeth_i::data::Power::Protestant
        );
    }
    assert_eq!(troops(&s, "lyon", PRO), 1);
    assert_eq!(troops(&s, "lyon", FRA), 0);
    assert!(signoria_elisabeth_i::board::at_war(&s, PRO, FRA));
    assert_eq!(
        s.religion.capitals,
        vec![(Faction::Huguenot, sp("la_rochelle"))]
    );
}

/// RULINGS G2 (erratum §8.19 #201): a 2-CP rebellion flips the target and one more space.
#[test]
fn g2_rebellion_flips_at_most_its_cp_target_included() {
    let mut s = game();
    for k in ["lyon", "dijon", "clermont"] {
        set_prot(&mut s, k, true);
    }
    clear(&mut s, "lyon");
    actions(&mut s, PRO, 2);
    play(
        &mut s,
        r(RM::Rebel {
            space: sp("lyon"),
            cp: 2,
        }),
    );
    play(&mut s, r(RM::Extend { space: sp("dijon") }));
    // The 2 CP are used up: no more spaces, only the Huguenot capital (step 7).
    assert!(
        moves(&s)
            .iter()
            .all(|m| matches!(m, Move::Religion(RM::Capital { .. } | RM::Done)))
    );
    play(&mut s, r(RM::Done));
    // The impulse's CP are spent: its action list is gone.
    assert!(s.winners.is_none() && !s.stack.iter().any(|f| matches!(f, Frame::Religion(_))));
    assert_ne!(
        s.sp(sp("clermont")).controller,
        signoria_elisabeth_i::data::Power::Protestant
    );
    assert_eq!(cp_left(&s), 0);
}

/// Digest §8.12 #147, RULINGS G4: rebellion targets and restrictions; hits eliminate the
/// controller's regulars before its ships; a Catholic unit left: failure.
#[test]
fn e147_g4_rebellion_targets_and_failure() {
    let mut s = game();
    set_prot(&mut s, "lyon", true);
    actions(&mut s, PRO, 5);
    let targets: Vec<SpaceId> = moves(&s)
        .into_iter()
        .filter_map(|m| match m {
            Move::Religion(RM::Rebel { space, cp: 2 }) => Some(space),
            _ => None,
        })
        .collect();
    assert!(targets.contains(&sp("lyon")) && targets.contains(&sp("haarlem")));
    assert!(!targets.iter().any(|&x| {
        let z = data().space(x).zone;
        z == Some(Z::Scotland) || z == Some(Z::England)
    }));
    // Allied with France: none in France.
    let mut a = s.clone();
    signoria_elisabeth_i::board::set_alliance(&mut a, PRO, FRA);
    actions(&mut a, PRO, 5);
    assert!(!moves(&a).contains(&r(RM::Rebel {
        space: sp("lyon"),
        cp: 2
    })));
    // Two regulars and a galley of France in Marseille; 2 hits: both regulars die, the
    // galley stays: failure.
    let mut t = game();
    set_prot(&mut t, "marseille", true);
    put(&mut t, "marseille", PoolOwner::France, 2, 0, 0);
    actions(&mut t, PRO, 2);
    let mut ev = Vec::new();
    rel::rebellion::begin(&mut t, sp("marseille"), 2, &[5, 6], &mut ev);
    assert_eq!(troops(&t, "marseille", FRA), 0);
    assert!(rel::faith::units_of_faith(
        &t,
        sp("marseille"),
        Faith::Catholic
    ));
    assert_eq!(
        t.sp(sp("marseille")).controller,
        signoria_elisabeth_i::data::Power::France
    );
    assert!(!signoria_elisabeth_i::board::at_war(&t, PRO, FRA));
    // A second rebellion in the same impulse must target the other zone.
    set_prot(&mut t, "lyon", true);
    actions(&mut t, PRO, 5);
    t.impulse -= 1;
    let m = moves(&t);
    assert!(!m.contains(&r(RM::Rebel {
        space: sp("lyon"),
        cp: 2
    })));
    assert!(m.contains(&r(RM::Rebel {
        space: sp("haarlem"),
        cp: 2
    })));
}

/// RULINGS G3, G5, G11: the Protestants' own units stay in the target; the zone's capital
/// may be placed in a Protestant fortified space of the zone; a leader waiting on the
/// power card enters in the target.
#[test]
fn g3_g5_g11_rebellion_capital_and_leader() {
    let mut s = game();
    set_prot(&mut s, "antwerp", true);
    clear(&mut s, "antwerp");
    put(&mut s, "antwerp", PoolOwner::Dutch, 0, 1, 0);
    let orange = leader("william_of_orange");
    let i = signoria_elisabeth_i::board::leader_pos(&s, orange);
    s.leaders[i].at = Loc::Card;
    actions(&mut s, PRO, 4);
    play(
        &mut s,
        r(RM::Rebel {
            space: sp("antwerp"),
            cp: 4,
        }),
    );
    while kind(&s) == "rebellion"
        && moves(&s)
            .iter()
            .any(|m| matches!(m, Move::Religion(RM::Extend { .. })))
    {
        play(&mut s, r(RM::Done));
    }
    assert_eq!(kind(&s), "rebellion");
    let m = moves(&s);
    assert!(m.contains(&r(RM::Capital {
        space: sp("antwerp")
    })));
    assert!(m.iter().all(|m| match m {
        Move::Religion(RM::Capital { space }) => data().space(*space).zone == Some(Z::Netherlands),
        _ => true,
    }));
    play(
        &mut s,
        r(RM::Capital {
            space: sp("antwerp"),
        }),
    );
    assert_eq!(s.religion.capital(Faction::Dutch), Some(sp("antwerp")));
    assert_eq!(
        troops(&s, "antwerp", PRO),
        3,
        "1 mercenary stayed, 2 regulars came"
    );
    assert_eq!(loc(&s, "william_of_orange"), Loc::Space(sp("antwerp")));
    assert!(signoria_elisabeth_i::board::at_war(&s, PRO, SPA));
    // Spain takes Antwerp: the capital goes to the turn track for this turn.
    s.sp_mut(sp("antwerp")).controller = signoria_elisabeth_i::data::Power::Spain;
    rel::capitals::sweep(&mut s);
    assert_eq!(s.religion.capital(Faction::Dutch), None);
    assert_eq!(s.religion.capital_lost, vec![Faction::Dutch]);
}

/// RULINGS G6: a rebellion against an ally ends the alliance; units of the two in one
/// space are displaced unless their power controls it.
#[test]
fn g6_rebellion_against_an_ally() {
    let mut s = game();
    signoria_elisabeth_i::board::set_alliance(&mut s, PRO, SPA);
    put(&mut s, "brussels", PoolOwner::Dutch, 1, 0, 0);
    set_prot(&mut s, "haarlem", true);
    actions(&mut s, PRO, 2);
    play(
        &mut s,
        r(RM::Rebel {
            space: sp("haarlem"),
            cp: 2,
        }),
    );
    settle(&mut s);
    assert!(signoria_elisabeth_i::board::at_war(&s, PRO, SPA));
    assert!(!signoria_elisabeth_i::board::allied(&s, PRO, SPA));
    assert_eq!(troops(&s, "brussels", PRO), 0);
    assert!(troops(&s, "brussels", SPA) > 0);
    assert!(E::invariant_violations(&s).is_empty());
}

/// RULINGS G1 (erratum §8.19 #210): the religious victories count the track (four zones,
/// none in unrest); the Catholic one goes to France with 3 or fewer Protestant spaces in
/// France and Scotland, else to Spain.
#[test]
fn g1_religious_victory_counts_the_four_zones() {
    let mut s = game();
    assert!(victory::automatic(&s).is_none());
    let zones: Vec<SpaceId> = rel::faith::ZONES
        .iter()
        .flat_map(|&z| data().zone_spaces(z))
        .collect();
    for &x in &zones {
        s.sp_mut(x).protestant = false;
    }
    // Outside the zones every space Protestant: no Protestant victory from them.
    for x in data().space_ids() {
        if data().space(x).zone.is_none() {
            s.sp_mut(x).protestant = true;
        }
    }
    let keep: Vec<SpaceId> = zones.iter().copied().take(12).collect();
    for &x in &keep {
        s.sp_mut(x).protestant = true;
    }
    assert!(victory::automatic(&s).is_none());
    // Down to 9 (three in unrest).
    for &x in &keep[..3] {
        s.sp_mut(x).unrest = true;
    }
    let fs = rel::faith::protestant_spaces(&s, &[Z::France, Z::Scotland]);
    let w = victory::automatic(&s).expect("Catholic victory").0;
    assert_eq!(w, vec![if fs <= 3 { FRA } else { SPA }]);
    // Four Protestant spaces in France and Scotland at most 3: France.
    let mut t = s.clone();
    for &x in &zones {
        t.sp_mut(x).protestant = false;
        t.sp_mut(x).unrest = false;
    }
    for k in [
        "london",
        "dover",
        "portsmouth",
        "plymouth",
        "bristol",
        "haarlem",
        "utrecht",
        "edinburgh",
        "la_rochelle",
    ] {
        set_prot(&mut t, k, true);
    }
    assert_eq!(victory::automatic(&t).unwrap().0, vec![FRA]);
    set_prot(&mut t, "poitiers", true);
    set_prot(&mut t, "glasgow", true);
    set_prot(&mut t, "london", false);
    set_prot(&mut t, "dover", false);
    set_prot(&mut t, "portsmouth", false);
    set_prot(&mut t, "montauban", true);
    assert_eq!(victory::automatic(&t).unwrap().0, vec![SPA]);
}

/// [25.2]: the track's VP follow the Protestant spaces of the zones (Spain loses, England
/// and the Protestants gain as it rises).
#[test]
fn track_vp_follow_the_protestant_spaces() {
    let mut s = game();
    let before: Vec<i16> = (0..6).map(|p| rel::vp(&s, p)).collect();
    let zones: Vec<SpaceId> = rel::faith::ZONES
        .iter()
        .flat_map(|&z| data().zone_spaces(z))
        .collect();
    for &x in zones.iter().take(45) {
        s.sp_mut(x).protestant = true;
    }
    let after: Vec<i16> = (0..6).map(|p| rel::vp(&s, p)).collect();
    assert!(after[SPA as usize] < before[SPA as usize]);
    assert!(after[ENG as usize] > before[ENG as usize]);
    assert!(after[PRO as usize] > before[PRO as usize]);
    assert_eq!(after[OTT as usize], 0);
    // The HRE's column for its preference (counted once revealed, [23.5]).
    use signoria_elisabeth_i::model::Preference as P;
    let g = game();
    assert!(rel::score::hre_track_vp(&s, P::Catholic) < rel::score::hre_track_vp(&g, P::Catholic));
    assert!(
        rel::score::hre_track_vp(&s, P::Protestant) > rel::score::hre_track_vp(&g, P::Protestant)
    );
    assert_eq!(after[HRE as usize], 0);
    assert_eq!(
        victory::vp(&s, SPA) - victory::base_vp(&s, SPA) - s.bonus_vp[1],
        after[1]
    );
}

/// The religion moves survive the proto round trip.
#[test]
fn religion_moves_round_trip_the_proto() {
    use signoria_elisabeth_i::proto::{move_from_pb, move_to_pb};
    for m in [
        RM::Sermon { zone: Z::Scotland },
        RM::Suppress { zone: Z::England },
        RM::Rebel {
            space: sp("lyon"),
            cp: 4,
        },
        RM::CancelUnrest,
        RM::KeepUnrest,
        RM::Save,
        RM::Flip { space: sp("paris") },
        RM::MajorFlip { space: sp("paris") },
        RM::Unrest { space: sp("paris") },
        RM::Extend { space: sp("dijon") },
        RM::Capital { space: sp("lyon") },
        RM::Done,
    ] {
        let mv = Move::Religion(m);
        assert_eq!(move_from_pb(&move_to_pb(&mv)).unwrap(), mv);
    }
}

/// [20.10], digest §9.17: the League's check at the end of winter (turns 3-6): automatic
/// with 3 French keys of the Protestants, never with 5 French home spaces or fewer, else
/// a die plus those spaces against 12.
#[test]
fn catholic_league_check() {
    use rel::league::{due, protestant_hold};
    let mut s = game();
    s.turn = 3;
    assert_eq!(due(&s), Some(false));
    let pro = signoria_elisabeth_i::data::Power::Protestant;
    for k in ["la_rochelle", "poitiers", "saumur", "sancerre", "pau"] {
        s.sp_mut(sp(k)).controller = pro;
    }
    assert_eq!(protestant_hold(&s), (1, 5));
    assert_eq!(due(&s), Some(false));
    s.sp_mut(sp("nerac")).controller = pro;
    assert_eq!(due(&s), None, "6 spaces: a die decides");
    for k in ["bordeaux", "lyon"] {
        s.sp_mut(sp(k)).controller = pro;
    }
    assert_eq!(due(&s), Some(true));
    s.turn = 7;
    assert_eq!(due(&s), Some(false), "only in turns 3-6");
    s.turn = 4;
    s.religion.league = Some(3);
    assert_eq!(due(&s), Some(false), "once formed, never again");
}

/// [20.10] steps 1-4 (RULINGS G12): Reims and the two nearest unfortified solid-blue French
/// spaces become Spanish and Catholic; France loses a third of its regulars and of its
/// mercenaries (rounded up); Spain gains as many in Reims (at least 4 regulars) with a
/// fortress and the Duke of Guise; war with France and the Protestants; no agreements
/// between them next turn; the League cards join the deck after.
#[test]
fn g12_catholic_league_forms() {
    use signoria_elisabeth_i::board::{at_war, troops_of};
    let mut s = game();
    s.turn = 3;
    let count = |s: &State, k: signoria_elisabeth_i::model::UnitKind| -> u32 {
        s.spaces
            .iter()
            .flat_map(|x| x.forces.iter())
            .filter(|f| f.owner == PoolOwner::France)
            .map(|f| f.troops.get(k) as u32)
            .sum()
    };
    use signoria_elisabeth_i::model::UnitKind as U;
    let (r0, m0) = (count(&s, U::Regular), count(&s, U::Mercenary));
    let mut ev = Vec::new();
    rel::league::form(&mut s, &mut ev);
    let spaces = rel::league::league_spaces(&s);
    assert_eq!(spaces.len(), 3);
    assert_eq!(spaces[0], sp("reims"));
    for &x in &spaces {
        let d = data().space(x);
        assert!(d.split_top.is_none() && !d.kind.fortified());
        assert_eq!(s.sp(x).controller, signoria_elisabeth_i::data::Power::Spain);
        assert!(!s.sp(x).protestant);
    }
    let (r1, m1) = (count(&s, U::Regular), count(&s, U::Mercenary));
    assert_eq!(r0 - r1, r0.div_ceil(3));
    assert_eq!(m0 - m1, m0.div_ceil(3));
    let t = troops_of(&s, SPA, sp("reims"));
    assert_eq!(t.regulars as u32, r0.div_ceil(3).max(4));
    assert_eq!(t.mercenaries as u32, m0.div_ceil(3));
    assert!(s.sp(sp("reims")).fortress);
    assert_eq!(loc(&s, "duke_of_guise"), Loc::Space(sp("reims")));
    assert!(at_war(&s, SPA, FRA) && at_war(&s, SPA, PRO));
    assert!(E::invariant_violations(&s).is_empty());
    // The next turn: no agreement between Spain and France or the Protestants.
    s.turn = 4;
    assert!(signoria_elisabeth_i::diplomacy::terms(&s, FRA, SPA).is_empty());
    assert!(signoria_elisabeth_i::diplomacy::terms(&s, SPA, PRO).is_empty());
    assert!(rel::league::formed_before(&s));
    s.turn = 5;
    assert!(!signoria_elisabeth_i::diplomacy::terms(&s, FRA, SPA).is_empty());
}
