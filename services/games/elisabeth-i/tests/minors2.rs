//! Active minor powers' units [24.3] carried as their ally's, the inactive minor's field
//! battle [24.1], Ireland's Ulster-Dublin move [24.2] step 6 and the deactivation of
//! [24.4] (rulings N1-N6).

mod common;

use common::*;
use signoria_elisabeth_i::board::{book, force_mut, side, tidy};
use signoria_elisabeth_i::combat::naval_battle::Waters;
use signoria_elisabeth_i::data::{PoolOwner, Power};
use signoria_elisabeth_i::minors::{Move as MMove, activation};
use signoria_elisabeth_i::model::{Event, Move, ShipKind, State, UnitKind};
use signoria_engine::Scoped;

const R: UnitKind = UnitKind::Regular;

fn ev() -> Vec<Scoped<Event>> {
    Vec::new()
}

/// The Campaign with `minor` active as `ally`'s minor and an empty decision stack.
fn with_ally(minor: Power, ally: u8) -> State {
    let mut s = game();
    s.stack.clear();
    activation::activate(&mut s, minor, ally, &mut ev());
    s
}

fn owned(s: &State, space: &str, o: PoolOwner) -> u8 {
    s.sp(sp(space))
        .forces
        .iter()
        .find(|f| f.owner == o)
        .map_or(0, |f| f.troops.total())
}

fn ships(s: &State, space: &str, o: PoolOwner) -> u8 {
    s.sp(sp(space))
        .forces
        .iter()
        .find(|f| f.owner == o)
        .map_or(0, |f| f.ships.total())
}

/// N1: an active minor's units are its ally's: they move in its formations (keeping
/// their counters), and an inactive minor's are nobody's.
#[test]
fn n1_an_active_minors_units_move_as_the_allys() {
    let s0 = game();
    assert_eq!(side(&s0, PoolOwner::Scotland), None);
    assert_eq!(troops(&s0, "edinburgh", FRA), 0);
    let mut s = with_ally(Power::Scotland, FRA);
    assert_eq!(side(&s, PoolOwner::Scotland), Some(FRA));
    assert_eq!(troops(&s, "edinburgh", FRA), 2);
    actions(&mut s, FRA, 3);
    assert!(moves(&s).contains(&Move::MoveFrom {
        space: sp("edinburgh")
    }));
    move_formation(&mut s, "edinburgh", "glasgow", &[R, R], &[]);
    settle(&mut s);
    assert_eq!(owned(&s, "glasgow", PoolOwner::Scotland), 2);
    assert_eq!(owned(&s, "edinburgh", PoolOwner::Scotland), 0);
    assert_eq!(cp_left(&s), 2);
}

/// N1: the minor's units defend as the ally's in a field battle (an avoid-battle
/// decision of the ally first) and retreat as its units do.
#[test]
fn n1_an_active_minors_units_fight_and_retreat_as_the_allys() {
    let mut s = with_ally(Power::Scotland, FRA);
    war(&mut s, ENG, FRA);
    // Two Scots in unfortified Glasgow (a Scottish home space, now French).
    put(&mut s, "edinburgh", PoolOwner::Scotland, 0, 0, 0);
    put(&mut s, "glasgow", PoolOwner::Scotland, 2, 0, 0);
    clear(&mut s, "carlisle");
    put(&mut s, "carlisle", PoolOwner::England, 4, 0, 0);
    actions(&mut s, ENG, 3);
    let (t, evs) = until(
        &s,
        |t| {
            let mut e = move_formation(t, "carlisle", "glasgow", &[R, R, R, R], &[]);
            while kind(t) == "intercept" {
                e.extend(play(t, Move::Done));
            }
            assert_eq!(kind(t), "avoid", "the ally decides the Scots' avoid battle");
            e.extend(play(t, Move::Done));
            e.extend(settle(t));
            e
        },
        |t, e| {
            e.iter().any(|x| {
                matches!(
                    x,
                    Event::BattleFought {
                        attacker_won: true,
                        ..
                    }
                )
            }) && owned(t, "glasgow", PoolOwner::Scotland) == 0
                && e.iter().any(|x| {
                    matches!(
                        x,
                        Event::Retreated {
                            power: Power::France,
                            ..
                        }
                    )
                })
        },
    );
    let _ = evs;
    // The survivors retreated into another space as French units.
    let total: u8 = ["edinburgh", "stirling"]
        .iter()
        .map(|x| owned(&t, x, PoolOwner::Scotland))
        .sum();
    assert!((1..=2).contains(&total), "{total}");
}

/// N1: the minor's units intercept as the ally's.
#[test]
fn n1_an_active_minors_units_intercept_for_the_ally() {
    let mut s = with_ally(Power::Scotland, FRA);
    war(&mut s, ENG, FRA);
    put(&mut s, "edinburgh", PoolOwner::Scotland, 3, 0, 0);
    clear(&mut s, "carlisle");
    put(&mut s, "carlisle", PoolOwner::England, 2, 0, 0);
    actions(&mut s, ENG, 3);
    move_formation(&mut s, "carlisle", "glasgow", &[R, R], &[]);
    assert_eq!(kind(&s), "intercept");
    assert_eq!(seat(&s), FRA as usize);
}

/// The additions of a formation on offer.
fn additions(s: &State) -> Vec<Move> {
    moves(s)
        .into_iter()
        .filter(|m| matches!(m, Move::AddUnit(_) | Move::AddUnitOf { .. }))
        .collect()
}

fn add_of(owner: PoolOwner) -> Move {
    Move::AddUnitOf { kind: R, owner }
}

/// N1 ([24.3] L2219-2221): with the ally's and the minor's regulars in one space, the
/// formation offers a regular of each owner; the player picks the Scots' counters and
/// exactly those move. Once only the French have free regulars left, the plain addition
/// is offered again.
#[test]
fn n1_the_player_chooses_the_minors_counters() {
    let mut s = with_ally(Power::Scotland, FRA);
    put(&mut s, "edinburgh", PoolOwner::Scotland, 2, 0, 0);
    put(&mut s, "edinburgh", PoolOwner::France, 2, 0, 0);
    clear(&mut s, "glasgow");
    actions(&mut s, FRA, 3);
    play(
        &mut s,
        Move::MoveFrom {
            space: sp("edinburgh"),
        },
    );
    assert_eq!(
        additions(&s),
        vec![add_of(PoolOwner::France), add_of(PoolOwner::Scotland)]
    );
    let scot = add_of(PoolOwner::Scotland);
    assert_eq!(
        signoria_elisabeth_i::labels::describe(&s, &scot),
        "Add a Scottish regular"
    );
    let pb = signoria_elisabeth_i::proto::move_to_pb(&scot);
    assert_eq!(
        signoria_elisabeth_i::proto::move_from_pb(&pb),
        Ok(scot.clone())
    );
    play(&mut s, scot.clone());
    play(&mut s, scot);
    assert_eq!(
        additions(&s),
        vec![Move::AddUnit(R)],
        "only French regulars left"
    );
    play(&mut s, Move::Go { to: sp("glasgow") });
    settle(&mut s);
    assert_eq!(owned(&s, "glasgow", PoolOwner::Scotland), 2);
    assert_eq!(owned(&s, "glasgow", PoolOwner::France), 0);
    assert_eq!(owned(&s, "edinburgh", PoolOwner::France), 2);
    assert_eq!(owned(&s, "edinburgh", PoolOwner::Scotland), 0);
}

/// N1: a state stored mid-formation before owners were recorded (a selection without
/// `of`) loads and plays on: its units are taken in the fixed order of the forces (the
/// French first), the units added since by their chosen owner.
#[test]
fn n1_a_stored_formation_without_owners_plays_on() {
    use signoria_elisabeth_i::model::{Frame, Purpose, Selection, Troops};
    let mut s = with_ally(Power::Scotland, FRA);
    put(&mut s, "edinburgh", PoolOwner::Scotland, 2, 0, 0);
    put(&mut s, "edinburgh", PoolOwner::France, 1, 0, 0);
    clear(&mut s, "glasgow");
    actions(&mut s, FRA, 3);
    let sel = Selection {
        troops: Troops {
            regulars: 1,
            ..Default::default()
        },
        ..Default::default()
    };
    let stored = serde_json::to_string(&sel).unwrap();
    assert!(!stored.contains("\"of\""), "{stored}");
    s.stack.push(Frame::Formation {
        who: FRA,
        from: sp("edinburgh"),
        purpose: Purpose::Move,
        sel,
    });
    let mut s: State = serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
    // The stored regular is the French one: only the Scots have free regulars.
    assert_eq!(additions(&s), vec![Move::AddUnit(R)]);
    play(&mut s, Move::AddUnit(R));
    play(&mut s, Move::Go { to: sp("glasgow") });
    settle(&mut s);
    assert_eq!(owned(&s, "glasgow", PoolOwner::France), 1);
    assert_eq!(owned(&s, "glasgow", PoolOwner::Scotland), 1);
    assert_eq!(owned(&s, "edinburgh", PoolOwner::Scotland), 1);
}

/// N1: a mixed besieging stack assaults with the counters the player picked: the
/// Venetians go in, Spain's own regulars stay out, and the attacker's losses are
/// Venetian counters.
#[test]
fn n1_a_mixed_formation_assaults_with_the_chosen_owners() {
    let mut s = into_metz(4, 2, 3);
    activation::activate(&mut s, Power::Venice, SPA, &mut ev());
    put(&mut s, "metz", PoolOwner::Venice, 2, 0, 0);
    actions(&mut s, SPA, 2);
    assert!(s.sp(sp("metz")).siege.is_some());
    play(&mut s, Move::Assault { space: sp("metz") });
    assert_eq!(
        additions(&s),
        vec![add_of(PoolOwner::Spain), add_of(PoolOwner::Venice)]
    );
    let go = |t: &mut State| {
        let mut e = play(t, add_of(PoolOwner::Venice));
        e.extend(play(t, add_of(PoolOwner::Venice)));
        e.extend(play(t, Move::Go { to: sp("metz") }));
        e.extend(settle(t));
        e
    };
    let lost = |e: &[Event], o: PoolOwner| -> u8 {
        e.iter()
            .map(|x| match x {
                Event::UnitsLost { owner, troops, .. } if *owner == o => troops.total(),
                _ => 0,
            })
            .sum()
    };
    let (t, e) = until(&s, go, |_, e| lost(e, PoolOwner::Venice) > 0);
    assert_eq!(
        lost(&e, PoolOwner::Spain),
        0,
        "Spain's regulars were not in it"
    );
    assert_eq!(owned(&t, "metz", PoolOwner::Spain), 4);
}

/// N1 with [16.3]: a transport takes the counters picked: of Spain's and the Venetians'
/// regulars in Barcelona, the Venetian one goes by sea and lands in Genoa.
#[test]
fn n1_a_mixed_formation_transports_with_the_chosen_owners() {
    let mut s = with_ally(Power::Venice, SPA);
    put(&mut s, "barcelona", PoolOwner::Spain, 1, 0, 0);
    put(&mut s, "barcelona", PoolOwner::Venice, 1, 0, 0);
    actions(&mut s, SPA, 4);
    sail(
        &mut s,
        &[(
            Waters::Port(sp("barcelona")),
            ShipKind::Galley,
            common::zone("gulf_of_lyon"),
        )],
    );
    play(
        &mut s,
        Move::Transport {
            space: sp("barcelona"),
        },
    );
    assert_eq!(
        additions(&s),
        vec![add_of(PoolOwner::Spain), add_of(PoolOwner::Venice)]
    );
    play(&mut s, add_of(PoolOwner::Venice));
    play(
        &mut s,
        Move::Go {
            to: sp("barcelona"),
        },
    );
    play(
        &mut s,
        Move::ShipTo {
            to: common::zone("gulf_of_lyon"),
        },
    );
    play(
        &mut s,
        Move::ShipTo {
            to: Waters::Port(sp("genoa")),
        },
    );
    settle(&mut s);
    assert_eq!(owned(&s, "genoa", PoolOwner::Venice), 1);
    assert_eq!(owned(&s, "genoa", PoolOwner::Spain), 0);
    assert_eq!(owned(&s, "barcelona", PoolOwner::Spain), 1);
    assert_eq!(owned(&s, "barcelona", PoolOwner::Venice), 0);
}

/// N2: an inactive minor with 5 or more units takes the field; beaten, it keeps up to 4
/// units inside and loses the rest (no retreat). With 4 it stands inside.
#[test]
fn n2_an_inactive_minor_with_five_units_takes_the_field() {
    let mut s = game();
    s.minors.wars.push((Power::Scotland, ENG));
    // The whole Scottish counter mix (5 units) in Edinburgh.
    put(&mut s, "stirling", PoolOwner::Scotland, 0, 0, 0);
    put(&mut s, "edinburgh", PoolOwner::Scotland, 5, 0, 0);
    clear(&mut s, "berwick");
    put(&mut s, "berwick", PoolOwner::England, 8, 0, 0);
    place_leader(&mut s, "leicester", "berwick");
    actions(&mut s, ENG, 3);
    let go = |t: &mut State| {
        let mut e = move_formation(t, "berwick", "edinburgh", &[R; 6], &["leicester"]);
        e.extend(settle(t));
        e
    };
    let (t, e) = until(&s, go, |_, e| {
        e.iter().any(|x| {
            matches!(
                x,
                Event::BattleFought {
                    attacker_won: true,
                    ..
                }
            )
        })
    });
    assert!(e.iter().any(|x| matches!(x, Event::BattleFought { .. })));
    let scots = owned(&t, "edinburgh", PoolOwner::Scotland);
    assert!(scots <= 4, "{scots} Scots left");
    let lost: u8 = e
        .iter()
        .map(|x| match x {
            Event::UnitsLost {
                owner: PoolOwner::Scotland,
                troops,
                ..
            } => troops.total(),
            _ => 0,
        })
        .sum();
    assert_eq!(scots + lost, 5);
    assert!(!e.iter().any(|x| matches!(
        x,
        Event::Retreated {
            power: Power::Scotland,
            ..
        }
    )));
    // None retreated.
    assert_eq!(owned(&t, "stirling", PoolOwner::Scotland), 0);
    assert_eq!(owned(&t, "glasgow", PoolOwner::Scotland), 0);
    // Beaten, the minor's units may also win: then the attacker goes back.
    let (t2, _) = until(&s, go, |_, e| {
        e.iter().any(|x| {
            matches!(
                x,
                Event::BattleFought {
                    attacker_won: false,
                    ..
                }
            )
        })
    });
    assert_eq!(troops(&t2, "edinburgh", ENG), 0);
    // With 4 Scots there is no battle: they stand inside and England besieges.
    let mut s4 = s.clone();
    put(&mut s4, "edinburgh", PoolOwner::Scotland, 4, 0, 0);
    let e = go(&mut s4);
    assert!(!e.iter().any(|x| matches!(x, Event::BattleFought { .. })));
    assert!(e.iter().any(|x| matches!(x, Event::SiegeBegun { .. })));
    assert_eq!(owned(&s4, "edinburgh", PoolOwner::Scotland), 4);
}

/// N3: the ally raises the minor's regulars (2 CP, never mercenaries) in its home spaces
/// within the minor's counter mix, and builds the Papacy's, Venice's and Portugal's ships
/// of their own kind there.
#[test]
fn n3_the_ally_raises_and_builds_the_minors_units() {
    let mut s = with_ally(Power::Scotland, FRA);
    actions(&mut s, FRA, 4);
    let raise = Move::Raise {
        space: sp("edinburgh"),
        kind: R,
    };
    let m = moves(&s);
    assert!(m.contains(&raise));
    assert!(!m.contains(&Move::Raise {
        space: sp("edinburgh"),
        kind: UnitKind::Mercenary
    }));
    assert!(!m.contains(&Move::BuildFortress {
        space: sp("glasgow")
    }));
    play(&mut s, raise.clone());
    assert_eq!(owned(&s, "edinburgh", PoolOwner::Scotland), 3);
    assert_eq!(cp_left(&s), 2);
    // The Scottish counter mix holds 5 units: 5 on the map, no more.
    put(&mut s, "glasgow", PoolOwner::Scotland, 1, 0, 0);
    assert!(!moves(&s).contains(&raise));
    // England, not the ally, raises nothing there.
    let mut e = s.clone();
    actions(&mut e, ENG, 4);
    assert!(
        !moves(&e)
            .iter()
            .any(|m| matches!(m, Move::Raise { space, .. } if *space == sp("glasgow")))
    );

    // Venice's galleys for Spain, in Venice; Portugal's galleons for England, in Lisbon.
    let mut v = with_ally(Power::Venice, SPA);
    let x = sp("corfu");
    force_mut(&mut v, x, PoolOwner::Venice).ships.galleys = 0;
    book(&mut v, PoolOwner::Venice, 0, -1);
    tidy(&mut v, x);
    actions(&mut v, SPA, 4);
    let gal = Move::Build {
        space: sp("venice"),
        kind: ShipKind::Galley,
    };
    assert!(moves(&v).contains(&gal));
    assert!(!moves(&v).contains(&Move::Build {
        space: sp("venice"),
        kind: ShipKind::Galleon
    }));
    play(&mut v, gal.clone());
    assert_eq!(ships(&v, "venice", PoolOwner::Venice), 3);
    assert!(
        !moves(&v).contains(&gal),
        "Venice's 4 galleys are all on the map"
    );
    let mut p = with_ally(Power::Portugal, ENG);
    force_mut(&mut p, sp("lisbon"), PoolOwner::Portugal)
        .ships
        .galleons = 1;
    book(&mut p, PoolOwner::Portugal, 0, -1);
    actions(&mut p, ENG, 2);
    assert!(moves(&p).contains(&Move::Build {
        space: sp("lisbon"),
        kind: ShipKind::Galleon
    }));
}

/// N4: Ireland's new ally moves the formation in Ulster to Dublin after the free
/// declaration of war on Dublin's controller; without the war the move is not offered.
#[test]
fn n4_ireland_moves_from_ulster_to_dublin() {
    let mut s = game();
    s.stack.clear();
    clear(&mut s, "dublin");
    activation::activate(&mut s, Power::Ireland, FRA, &mut ev());
    assert_eq!(owned(&s, "ulster", PoolOwner::Ireland), 3);
    let mut no = s.clone();
    assert_eq!(kind(&s), "minor_free_war");
    play(&mut s, Move::DeclareWarOn { target: ENG });
    assert_eq!(kind(&s), "ulster_move");
    assert_eq!(seat(&s), FRA as usize);
    let go = Move::Minors(MMove::UlsterToDublin);
    assert!(moves(&s).contains(&go));
    let e = play(&mut s, go);
    assert_eq!(owned(&s, "dublin", PoolOwner::Ireland), 3);
    assert_eq!(owned(&s, "ulster", PoolOwner::Ireland), 0);
    assert!(
        e.iter()
            .any(|x| matches!(x, Event::SiegeBegun { by: FRA, .. }))
    );
    // Declining the war: Dublin's controller is neither at war with nor allied to France,
    // so nothing is asked.
    play(&mut no, Move::Done);
    assert_eq!(kind(&no), "over");
    assert_eq!(owned(&no, "ulster", PoolOwner::Ireland), 3);
}

/// N5: in winter an active minor's units may return to a home key of the minor as to a
/// capital (no 4-unit cap there); the ally's own units may not.
#[test]
fn n5_minor_units_winter_in_their_home_key() {
    let mut s = with_ally(Power::Scotland, ENG);
    assert_eq!(s.sp(sp("edinburgh")).controller, Power::England);
    put(&mut s, "edinburgh", PoolOwner::Scotland, 5, 0, 0);
    put(&mut s, "edinburgh", PoolOwner::England, 2, 0, 0);
    put(&mut s, "carlisle", PoolOwner::Scotland, 1, 0, 0);
    let before = troops(&s, "london", ENG);
    signoria_elisabeth_i::winter::return_units(&mut s, &mut ev());
    assert_eq!(owned(&s, "edinburgh", PoolOwner::Scotland), 5);
    // The English units above the cap (the Scots do not count in their capital) stay.
    assert_eq!(owned(&s, "edinburgh", PoolOwner::England), 2);
    assert_eq!(owned(&s, "carlisle", PoolOwner::Scotland), 1);
    assert_eq!(troops(&s, "london", ENG), before);
    // Eight English units in Edinburgh: four go to London.
    let mut e = with_ally(Power::Scotland, ENG);
    put(&mut e, "edinburgh", PoolOwner::Scotland, 0, 0, 0);
    put(&mut e, "edinburgh", PoolOwner::England, 8, 0, 0);
    let before = troops(&e, "london", ENG);
    signoria_elisabeth_i::winter::return_units(&mut e, &mut ev());
    assert_eq!(owned(&e, "edinburgh", PoolOwner::England), 4);
    assert_eq!(troops(&e, "london", ENG), before + 4);
}

/// N6: the ally sails the minor's ships; on deactivation they go to the minor's nearest
/// home port it controls ([24.4]).
#[test]
fn n6_minor_ships_sail_for_the_ally_and_go_home_on_deactivation() {
    let mut s = with_ally(Power::Venice, SPA);
    actions(&mut s, SPA, 3);
    sail(
        &mut s,
        &[(
            Waters::Port(sp("venice")),
            ShipKind::Galley,
            Waters::Sea(
                signoria_elisabeth_i::data::data()
                    .sea_zone_id("adriatic_sea")
                    .unwrap(),
            ),
        )],
    );
    settle(&mut s);
    assert_eq!(ships(&s, "venice", PoolOwner::Venice), 1);
    let at_sea = signoria_elisabeth_i::naval::ships_at_sea(&s, PoolOwner::Venice);
    assert_eq!(at_sea, 1);
    activation::deactivate(&mut s, Power::Venice, &mut ev());
    assert_eq!(side(&s, PoolOwner::Venice), None);
    assert_eq!(
        signoria_elisabeth_i::naval::ships_at_sea(&s, PoolOwner::Venice),
        0
    );
    let home: u8 = ["venice", "zara", "corfu", "candia"]
        .iter()
        .map(|x| ships(&s, x, PoolOwner::Venice))
        .sum();
    assert_eq!(home, 4);
}

/// N6: the naval board holds one fleet per side and location, also when another
/// power's ships stand between the ally's and its minor's in a sea zone (a second
/// Spanish fleet there once duplicated Spain's and Venice's ships when the board was
/// written back after a naval move: a 5-player playout's counter check caught it).
#[test]
fn n6_one_fleet_per_side_in_a_shared_sea_zone() {
    use signoria_elisabeth_i::model::{Force, Ships};
    let mut s = with_ally(Power::Venice, SPA);
    let adriatic = signoria_elisabeth_i::data::data()
        .sea_zone_id("adriatic_sea")
        .unwrap();
    let galley = Ships {
        galleys: 1,
        ..Ships::default()
    };
    for owner in [PoolOwner::Spain, PoolOwner::France, PoolOwner::Venice] {
        s.seas[adriatic.0 as usize].forces.push(Force {
            owner,
            troops: Default::default(),
            ships: galley,
        });
    }
    let board = signoria_elisabeth_i::naval::board(&s);
    let spanish: Vec<_> = board
        .iter()
        .filter(|b| b.at == Waters::Sea(adriatic) && b.fleet.power == Power::Spain)
        .collect();
    assert_eq!(spanish.len(), 1, "{board:?}");
    let before: Vec<u32> = [PoolOwner::Spain, PoolOwner::Venice, PoolOwner::France]
        .iter()
        .map(|&o| signoria_elisabeth_i::naval::ships_at_sea(&s, o))
        .collect();
    signoria_elisabeth_i::naval::set_board(&mut s, &board);
    let after: Vec<u32> = [PoolOwner::Spain, PoolOwner::Venice, PoolOwner::France]
        .iter()
        .map(|&o| signoria_elisabeth_i::naval::ships_at_sea(&s, o))
        .collect();
    assert_eq!(before, after);
}

/// N7: an intervention ([9.4] step 4) puts the intervener at war with the declarer even
/// when allied; their units sharing a space leave it unless their power controls it
/// (an active minor's units counted as its ally's).
#[test]
fn n7_an_intervention_displaces_allies_sharing_a_space() {
    let mut s = game();
    s.stack.clear();
    signoria_elisabeth_i::board::set_alliance(&mut s, ENG, FRA);
    put(&mut s, "paris", PoolOwner::England, 2, 0, 0);
    let english = |s: &State| -> u32 {
        s.spaces
            .iter()
            .flat_map(|x| x.forces.iter())
            .filter(|f| f.owner == PoolOwner::England)
            .map(|f| f.troops.total() as u32)
            .sum()
    };
    let before = english(&s);
    signoria_elisabeth_i::minors::wars::decide(
        &mut s,
        Power::Scotland,
        FRA,
        vec![ENG],
        true,
        &mut ev(),
    );
    assert!(signoria_elisabeth_i::board::at_war(&s, ENG, FRA));
    assert!(!signoria_elisabeth_i::board::allied(&s, ENG, FRA));
    assert_eq!(owned(&s, "paris", PoolOwner::England), 0);
    assert!(troops(&s, "paris", FRA) > 0);
    assert_eq!(english(&s), before, "displaced, not lost");
    use signoria_engine::Game;
    assert!(signoria_elisabeth_i::ElisabethI::invariant_violations(&s).is_empty());
}

/// N8: German Reiters never brings Spanish mercenaries into an Irish or Scottish home
/// space ([9.5]), where an active Ireland's or Scotland's units may fight.
#[test]
fn n8_no_german_reiters_for_spain_in_ireland() {
    use signoria_elisabeth_i::model::Frame;
    let mut s = game();
    give(&mut s, SPA, "german_reiters");
    let window = |space: &str| Frame::Respond {
        key: "german_reiters".into(),
        queue: vec![SPA],
        space: sp(space),
    };
    s.stack = vec![window("ulster")];
    assert_eq!(moves(&s), vec![Move::Done]);
    s.stack = vec![window("paris")];
    assert!(moves(&s).iter().any(|m| matches!(m, Move::PlayCard { .. })));
}

/// [9.5] (`movement::closed_to_spain`): Spain never intercepts into an Irish or Scottish
/// home space (a 4-player playout's invariant caught a Spanish interception into
/// Glasgow), while England at war with Spain may still be intercepted elsewhere.
#[test]
fn n8_no_spanish_interception_into_scotland() {
    use signoria_elisabeth_i::land::{LandMove, intercept_sources};
    let mut s = game();
    war(&mut s, SPA, ENG);
    put(&mut s, "carlisle", PoolOwner::Spain, 2, 0, 0);
    let mv = |from: &str, to: &str| -> LandMove {
        serde_json::from_value(serde_json::json!({
            "who": ENG,
            "from": sp(from).0,
            "to": sp(to).0,
            "sel": {"troops": {"regulars": 1}},
            "stage": "Intercept",
        }))
        .unwrap()
    };
    assert!(intercept_sources(&s, &mv("stirling", "glasgow"), SPA).is_empty());
    // The same stack may intercept a move into an English space next to it.
    assert_eq!(
        intercept_sources(&s, &mv("york", "newcastle"), SPA),
        vec![sp("carlisle")]
    );
}

/// N9 ([24.3] "Militäreinheiten und Marineanführer der Neben-Macht werden wie Einheiten
/// und Marineanführer der Großmacht behandelt", [24.4]): an active minor's entered naval
/// leader joins its ships in its home port as the ally's, leads them, and leaves the ally
/// at deactivation; before his entry turn he is not placed, from it on the card draw
/// places him.
#[test]
fn n9_a_minors_naval_leader_sails_for_the_ally() {
    use signoria_elisabeth_i::admirals;
    let names = |s: &State, w: Waters, p: Power| -> Vec<String> {
        admirals::at(s, w, p).into_iter().map(|a| a.id).collect()
    };
    let venice = Waters::Port(sp("venice"));
    // Turn 1: Venier (entry turn 2, data) is not in play yet.
    let mut s = with_ally(Power::Venice, SPA);
    assert!(names(&s, venice, Power::Spain).is_empty());
    s.turn = 2;
    admirals::card_draw(&mut s);
    assert_eq!(names(&s, venice, Power::Spain), vec!["venier".to_string()]);
    // Activated in his entry turn: placed at once, with the most Venetian ships.
    let mut s = game();
    s.turn = 2;
    s.stack.clear();
    activation::activate(&mut s, Power::Venice, SPA, &mut ev());
    assert_eq!(names(&s, venice, Power::Spain), vec!["venier".to_string()]);
    assert!(
        admirals::waiting(&s, SPA).is_empty(),
        "never placed by the ally's spring"
    );
    assert!(
        admirals::lendable(&s, SPA, sp("venice")).is_empty(),
        "never lent on"
    );
    // He sails with the Venetian galleys the ally moves.
    actions(&mut s, SPA, 3);
    let adriatic = zone("adriatic_sea");
    sail(
        &mut s,
        &[
            (venice, ShipKind::Galley, adriatic),
            (venice, ShipKind::Galley, adriatic),
        ],
    );
    settle(&mut s);
    assert_eq!(
        names(&s, adriatic, Power::Spain),
        vec!["venier".to_string()]
    );
    // Deactivated: he leaves the Spanish fleets.
    activation::deactivate(&mut s, Power::Venice, &mut ev());
    assert!(s.admirals.iter().all(|a| a.minor.is_none()));
    assert!(names(&s, adriatic, Power::Spain).is_empty());
}
