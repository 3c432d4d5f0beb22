//! The World map (issue 15): expeditions, voyages, navigation, colonies ([16.1], [17.4],
//! [8.4], [20.4]), world piracy ([16.5]), circumnavigation ([16.6]), treasures ([6.3],
//! [11], [20.2], [20.7]), the Silver Fleet ([23.2]); rulings W1-W10 and errata §8.19
//! #200, #206, #211.

mod common;

use common::*;
use signoria_elisabeth_i::data::data;
use signoria_elisabeth_i::model::{Event, Frame, Moment, Move, Pw, State, Step};
use signoria_elisabeth_i::world::{
    self, At, Event as WE, Frame as WF, Move as WM, Reward, Ship, Target, treasure,
};
use signoria_elisabeth_i::{ElisabethI as E, Options};
use signoria_engine::{Game, GameRng, Scoped, Viewer};

fn z(key: &str) -> u8 {
    data().ocean_zone_id(key).unwrap().0
}

fn st(key: &str) -> u8 {
    data().settlement_id(key).unwrap().0
}

fn cap(key: &str) -> u8 {
    data().captains.iter().position(|c| c.id == key).unwrap() as u8
}

/// The Campaign set-up, World map laid out, in turn 3 (every early captain available).
fn wgame() -> State {
    let mut s = game();
    s.turn = 3;
    world::ensure(&mut s);
    s
}

fn w(m: WM) -> Move {
    Move::World(m)
}

fn wev(ev: &[Event]) -> Vec<WE> {
    ev.iter()
        .filter_map(|e| match e {
            Event::World(x) => Some(x.clone()),
            _ => None,
        })
        .collect()
}

/// Put a captain of `p` in a zone (from his pool).
fn at_sea(s: &mut State, p: Pw, c: &str, zone: &str) {
    let c = &mut s.world.captains[cap(c) as usize];
    c.at = At::Zone(z(zone));
    c.owner = Some(p);
}

fn voyage(s: &mut State, orders: &[(&str, &str)]) -> Vec<Event> {
    let mut ev = play(s, w(WM::Voyage));
    for (c, to) in orders {
        ev.extend(play(
            s,
            w(WM::Order {
                ship: Ship::Captain(cap(c)),
                to: z(to),
            }),
        ));
    }
    ev.extend(play(s, w(WM::Sail)));
    ev
}

/// [17.4], [16.1]: England outfits Hawkins with a colony on the Guinea Coast (2 CP),
/// sails with the trade wind to the South Atlantic (no navigation roll, 1 CP) and founds
/// the colony at a grey settlement there; placed colonies never move.
#[test]
fn outfit_sail_and_found_a_colony() {
    let mut s = wgame();
    actions(&mut s, ENG, 4);
    let hawkins = cap("hawkins");
    let m = moves(&s);
    assert!(m.contains(&w(WM::Outfit {
        captain: hawkins,
        zone: z("north_atlantic"),
        colony: true
    })));
    assert!(!m.iter().any(|x| matches!(x, Move::World(WM::Voyage))));
    let ev = play(
        &mut s,
        w(WM::Outfit {
            captain: hawkins,
            zone: z("guinea_coast"),
            colony: true,
        }),
    );
    assert!(wev(&ev).contains(&WE::Outfitted {
        power: ENG,
        captain: hawkins,
        zone: z("guinea_coast"),
        colony: true
    }));
    assert_eq!(cp_left(&s), 2);
    let ev = voyage(&mut s, &[("hawkins", "south_atlantic")]);
    assert!(!wev(&ev).iter().any(|e| matches!(e, WE::Navigation { .. })));
    assert_eq!(cp_left(&s), 1);
    assert_eq!(kind(&s), "world_settle");
    let m = moves(&s);
    assert!(m.contains(&w(WM::Settle {
        settlement: st("rio_de_janeiro")
    })));
    assert!(
        !m.contains(&w(WM::Settle {
            settlement: st("bahia")
        })),
        "a Portuguese settlement takes no colony"
    );
    assert!(m.contains(&w(WM::NoColony)));
    play(
        &mut s,
        w(WM::Settle {
            settlement: st("rio_de_janeiro"),
        }),
    );
    assert_eq!(s.world.colonies, vec![(st("rio_de_janeiro"), ENG)]);
    assert!(!s.world.captains[hawkins as usize].colony);
    assert_eq!(kind(&s), "actions");
}

/// [16.1], [2.6]: entering against a trade wind or across a dangerous passage needs a
/// navigation roll: eliminated (out of the game, booty lost), damaged (flipped; a
/// second damage ends the voyage: next turn's box, colony and booty lost) or passed.
#[test]
fn navigation_rolls_eliminate_damage_or_pass() {
    let mut s = wgame();
    at_sea(&mut s, ENG, "drake", "south_atlantic");
    s.world.pool.retain(|_| true);
    let b = s.world.pool.split_off(s.world.pool.len() - 1);
    s.world.captains[cap("drake") as usize].booty = b;
    actions(&mut s, ENG, 2);
    let sail = |t: &mut State| voyage(t, &[("drake", "guinea_coast")]);
    let drake = cap("drake") as usize;
    let (t, ev) = until(&s, sail, |t, _| t.world.captains[drake].at == At::Gone);
    assert!(
        wev(&ev)
            .iter()
            .any(|e| matches!(e, WE::Navigation { result, .. } if result == "eliminated"))
    );
    assert!(t.world.captains[drake].booty.is_empty());
    let (t, _) = until(&s, sail, |t, _| t.world.captains[drake].damaged);
    assert_eq!(t.world.captains[drake].at, At::Zone(z("guinea_coast")));
    let (t, ev) = until(&s, sail, |t, _| {
        t.world.captains[drake].at == At::Zone(z("guinea_coast"))
            && !t.world.captains[drake].damaged
    });
    assert!(
        wev(&ev)
            .iter()
            .any(|e| matches!(e, WE::Navigation { result, .. } if result == "passed"))
    );
    assert_eq!(t.world.captains[drake].booty.len(), 1);
    // Damaged again: the voyage ends.
    s.world.captains[drake].damaged = true;
    s.world.captains[drake].colony = true;
    let (t, _) = until(&s, sail, |t, ev| {
        wev(ev)
            .iter()
            .any(|e| matches!(e, WE::Navigation { result, .. } if result == "damaged"))
            && t.world.captains[drake].at != At::Gone
    });
    assert_eq!(t.world.captains[drake].at, At::Home(4));
    assert!(!t.world.captains[drake].colony && t.world.captains[drake].booty.is_empty());
    assert!(E::invariant_violations(&t).is_empty());
}

/// [16.5] steps 1-7: piracy against Spain in the Antilles (three Spanish settlements, no
/// patrol: no defence dice); Spain gives the rewards spread evenly (no patrol to lose: a
/// treasure, then the VP); the booty goes home with the captain.
#[test]
fn world_piracy_against_spain() {
    let mut s = wgame();
    world::treasure::refill(&mut s, &mut Vec::new());
    at_sea(&mut s, ENG, "drake", "antilles");
    actions(&mut s, ENG, 2);
    let drake = cap("drake");
    let pirate = w(WM::Pirate {
        captain: drake,
        target: Target::Spain,
    });
    assert!(moves(&s).contains(&pirate));
    assert!(
        !moves(&s).contains(&w(WM::Pirate {
            captain: drake,
            target: Target::Portugal
        })),
        "no Portuguese settlement borders the Antilles"
    );
    let (mut t, ev) = until(
        &s,
        |t| play(t, pirate.clone()),
        |t, _| {
            matches!(
                t.stack.last(),
                Some(Frame::World(WF::Reward { left: 2.., .. }))
            )
        },
    );
    assert!(wev(&ev).iter().any(|e| matches!(
        e,
        WE::WorldPiracy {
            defence_hits: 0,
            ..
        }
    )));
    assert_eq!(t.world.piracy, vec![(ENG, z("antilles"))]);
    assert_eq!(seat(&t), t.seat_of(world::SPAIN));
    assert_eq!(
        moves(&t),
        vec![w(WM::Give(Reward::Treasure)), w(WM::Give(Reward::Vp))]
    );
    play(&mut t, w(WM::Give(Reward::Treasure)));
    assert_eq!(t.world.spain_row.len(), 3);
    assert_eq!(t.world.captains[drake as usize].booty.len(), 1);
    // Spread evenly: the VP before a second treasure.
    assert_eq!(moves(&t), vec![w(WM::Give(Reward::Vp))]);
    play(&mut t, w(WM::Give(Reward::Vp)));
    assert_eq!(world::vp(&t, ENG), 1);
    while kind(&t) == "world_reward" {
        let m = moves(&t)[0].clone();
        play(&mut t, m);
    }
    // Step 7: the Antilles reach the North Atlantic without a dangerous passage.
    assert_eq!(kind(&t), "world_home");
    let booty = t.world.captains[drake as usize].booty.clone();
    play(&mut t, w(WM::GoHome));
    assert_eq!(t.world.hands[ENG as usize], booty);
    assert_eq!(t.world.captains[drake as usize].at, At::Home(4));
    // Once per zone and turn.
    actions(&mut t, ENG, 2);
    at_sea(&mut t, ENG, "hawkins", "antilles");
    assert!(
        !moves(&t)
            .iter()
            .any(|m| matches!(m, Move::World(WM::Pirate { .. })))
    );
}

/// Erratum §8.19 #200: a treasure taken from Portugal comes from the Portuguese row.
#[test]
fn erratum_200_portuguese_treasures_from_the_portuguese_row() {
    let mut s = wgame();
    world::treasure::refill(&mut s, &mut Vec::new());
    at_sea(&mut s, ENG, "drake", "guinea_coast");
    actions(&mut s, ENG, 2);
    let drake = cap("drake");
    let pirate = w(WM::Pirate {
        captain: drake,
        target: Target::Portugal,
    });
    // RULINGS W8: not while England is Portugal's ally.
    let mut a = s.clone();
    a.minors.allies = vec![(signoria_elisabeth_i::data::Power::Portugal, ENG)];
    assert!(!moves(&a).contains(&pirate));
    let (mut t, _) = until(
        &s,
        |t| play(t, pirate.clone()),
        |t, _| kind(t) == "world_reward",
    );
    assert!(moves(&t).contains(&w(WM::Give(Reward::Treasure))));
    play(&mut t, w(WM::Give(Reward::Treasure)));
    assert_eq!(t.world.portugal_row.len(), 2);
    assert_eq!(t.world.spain_row.len(), 4);
}

/// Edge case #120: at most three piracy markers per power and turn across both maps,
/// two powers per ocean zone.
#[test]
fn piracy_markers_count_on_both_maps() {
    let mut s = wgame();
    at_sea(&mut s, ENG, "drake", "antilles");
    actions(&mut s, ENG, 2);
    let any = |s: &State| {
        moves(s)
            .iter()
            .any(|m| matches!(m, Move::World(WM::Pirate { .. })))
    };
    assert!(any(&s));
    s.world.piracy = vec![(FRA, z("antilles")), (PRO, z("antilles"))];
    assert!(!any(&s), "two powers pirated the zone already");
    s.world.piracy.clear();
    let zone = data()
        .sea_zone_id("north_sea")
        .unwrap_or(signoria_elisabeth_i::data::SeaZoneId(0));
    s.piracy = vec![(ENG, zone), (ENG, signoria_elisabeth_i::data::SeaZoneId(1))];
    s.world.piracy = vec![(ENG, z("spanish_main"))];
    assert!(!any(&s), "three markers this turn");
}

/// RULINGS W1: a naval move on the World map is an action of its own (1 CP) that moves
/// the captains (and Spain's patrols), each at most one zone.
#[test]
fn w1_a_voyage_moves_the_world_ships() {
    let mut s = wgame();
    s.world.patrols = vec![z("antilles")];
    actions(&mut s, world::SPAIN, 2);
    play(&mut s, w(WM::Voyage));
    assert_eq!(cp_left(&s), 1);
    let m = moves(&s);
    assert!(m.contains(&w(WM::Order {
        ship: Ship::Patrol {
            from: z("antilles")
        },
        to: z("spanish_main")
    })));
    assert!(!m.contains(&w(WM::Sail)), "nothing ordered yet");
    play(
        &mut s,
        w(WM::Order {
            ship: Ship::Patrol {
                from: z("antilles"),
            },
            to: z("spanish_main"),
        }),
    );
    assert_eq!(moves(&s), vec![w(WM::Sail)], "each ship once");
    play(&mut s, w(WM::Sail));
    assert_eq!(s.world.patrols, vec![z("spanish_main")]);
}

/// RULINGS W2 (erratum §8.19 #206): de Sores and le Clerc go to whichever of France and
/// the Protestants outfits them first, each time they are in the pool.
#[test]
fn w2_shared_captains_go_to_the_first_to_outfit() {
    let mut s = wgame();
    let de_sores = cap("de_sores");
    let outfit = |p| {
        w(WM::Outfit {
            captain: de_sores,
            zone: z("north_atlantic"),
            colony: false,
        })
        .clone()
        .eq(&w(WM::Outfit {
            captain: de_sores,
            zone: z("north_atlantic"),
            colony: false,
        })) && p < 6
    };
    assert!(outfit(0));
    actions(&mut s, PRO, 1);
    assert!(moves(&s).contains(&w(WM::Outfit {
        captain: de_sores,
        zone: z("north_atlantic"),
        colony: false
    })));
    actions(&mut s, FRA, 1);
    play(
        &mut s,
        w(WM::Outfit {
            captain: de_sores,
            zone: z("north_atlantic"),
            colony: false,
        }),
    );
    actions(&mut s, PRO, 1);
    assert!(
        !moves(&s)
            .iter()
            .any(|m| matches!(m, Move::World(WM::Outfit { captain, .. }) if *captain == de_sores))
    );
    // Home again (winter): next turn the Protestants may take him.
    world::voyage::winter_return(&mut s, &mut Vec::new());
    assert_eq!(s.world.captains[de_sores as usize].at, At::Home(4));
    s.turn = 4;
    actions(&mut s, PRO, 1);
    assert!(moves(&s).contains(&w(WM::Outfit {
        captain: de_sores,
        zone: z("guinea_coast"),
        colony: false
    })));
}

/// [16.6] and RULINGS W3 (erratum §8.19 #211): an English captain who went Guinea Coast
/// -> Indian Ocean and then comes from the Chilean Coast into the South Atlantic has
/// sailed around the globe: 2 VP for the first, 1 for the second, none after; he leaves
/// the map with his booty (to the hand) and is back next turn.
#[test]
fn w3_circumnavigation_scores_and_sends_the_captain_home() {
    let mut s = wgame();
    let drake = cap("drake") as usize;
    at_sea(&mut s, ENG, "drake", "guinea_coast");
    actions(&mut s, ENG, 3);
    let (mut t, _) = until(
        &s,
        |t| voyage(t, &[("drake", "indian_ocean")]),
        |t, _| t.world.captains[drake].at == At::Zone(z("indian_ocean")),
    );
    assert_ne!(t.world.captains[drake].legs, 0);
    // (The Indian Ocean and the Americas are linked only through the Guinea Coast; the
    // test puts him on the Chilean Coast with his voyage's record.)
    t.world.captains[drake].at = At::Zone(z("chilean_coast"));
    t.world.captains[drake].damaged = false;
    t.world.captains[drake].booty = vec![t.world.pool.pop().unwrap()];
    let booty = t.world.captains[drake].booty.clone();
    let (u, ev) = until(
        &t,
        |u| voyage(u, &[("drake", "south_atlantic")]),
        |u, _| u.world.circumnavigations == 1,
    );
    assert!(wev(&ev).contains(&WE::Circumnavigated {
        power: ENG,
        captain: drake as u8,
        vp: 2
    }));
    assert_eq!(world::vp(&u, ENG), 2);
    assert_eq!(u.world.captains[drake].at, At::Home(4));
    assert_eq!(u.world.hands[ENG as usize], booty);
    // The second gets 1 VP, the third none.
    let mut v = t.clone();
    v.world.circumnavigations = 1;
    let (v2, _) = until(
        &v,
        |u| voyage(u, &[("drake", "south_atlantic")]),
        |u, _| u.world.circumnavigations == 2,
    );
    assert_eq!(world::vp(&v2, ENG), 1);
    v.world.circumnavigations = 2;
    let (v3, _) = until(
        &v,
        |u| voyage(u, &[("drake", "south_atlantic")]),
        |u, _| u.world.circumnavigations == 3,
    );
    assert_eq!(world::vp(&v3, ENG), 0);
    // Without the first leg the same move is no circumnavigation.
    let mut x = t.clone();
    x.world.captains[drake].legs = 0;
    let (x, _) = until(
        &x,
        |u| voyage(u, &[("drake", "south_atlantic")]),
        |u, _| u.world.captains[drake].at == At::Zone(z("south_atlantic")),
    );
    assert_eq!(x.world.circumnavigations, 0);
}

/// RULINGS W4 ([11]): a treasure extends the impulse once; its CP go to other action
/// types than the card's; 1-VP treasures are banked, draw-a-card treasures draw.
#[test]
fn w4_a_treasure_extends_the_impulse_with_other_action_types() {
    let mut s = wgame();
    s.world.hands[ENG as usize] = vec![3, treasure::VP];
    s.world.pool.retain({
        let mut taken = vec![3u8, treasure::VP];
        move |t| match taken.iter().position(|x| x == t) {
            Some(i) => {
                taken.remove(i);
                false
            }
            None => true,
        }
    });
    assert!(E::invariant_violations(&s).is_empty());
    actions(&mut s, ENG, 2);
    play(&mut s, Move::NavalMove);
    while kind(&s) != "actions" {
        let m = moves(&s);
        let last = m.last().unwrap().clone();
        play(&mut s, last);
    }
    assert_eq!(cp_left(&s), 1);
    let t3 = w(WM::PlayTreasure { treasure: 3 });
    assert!(moves(&s).contains(&t3));
    play(&mut s, t3);
    assert_eq!(cp_left(&s), 3);
    let m = moves(&s);
    assert!(
        !m.contains(&Move::NavalMove),
        "naval actions were the card's"
    );
    assert!(
        m.iter()
            .any(|m| matches!(m, Move::MoveFrom { .. } | Move::Raise { .. }))
    );
    assert!(
        !m.iter()
            .any(|m| matches!(m, Move::World(WM::PlayTreasure { .. }))),
        "one treasure per impulse"
    );
    play(&mut s, Move::EndActions);
    // Back to the card's last CP: no restriction there.
    assert_eq!(cp_left(&s), 1);
    assert!(moves(&s).contains(&Move::NavalMove));
    // The next impulse: the 1-VP treasure goes into the bonus box.
    actions(&mut s, ENG, 1);
    play(
        &mut s,
        w(WM::PlayTreasure {
            treasure: treasure::VP,
        }),
    );
    assert_eq!(world::vp(&s, ENG), 1);
    assert_eq!(s.world.bank, vec![treasure::VP]);
    assert!(E::invariant_violations(&s).is_empty());
}

/// RULINGS W5: the owners' choices by fixed rules: booty over the capacity keeps the
/// highest faces; in winter an expedition goes home if it can, else to a colony, else it
/// rolls for navigation where it is.
#[test]
fn w5_booty_and_winter_by_fixed_rules() {
    let mut s = wgame();
    let drake = cap("drake");
    at_sea(&mut s, ENG, "drake", "antilles");
    let mut pool = std::mem::take(&mut s.world.pool);
    pool.sort();
    let (lo, hi) = (pool.remove(0), pool.pop().unwrap());
    s.world.pool = pool;
    s.world.captains[drake as usize].booty = vec![hi, lo];
    s.world.captains[drake as usize].damaged = true;
    world::voyage::trim_booty(&mut s, drake);
    assert_eq!(s.world.captains[drake as usize].booty, vec![hi]);
    assert!(s.world.spent.contains(&lo));
    // Winter: Drake goes home with his booty; Hawkins on the Chilean Coast (only
    // dangerous passages lead back, no English colony on that side) rolls where he is;
    // Frobisher in the South Pacific reaches England's colony at Madagascar.
    at_sea(&mut s, ENG, "hawkins", "chilean_coast");
    at_sea(&mut s, ENG, "frobisher", "south_pacific");
    s.world.colonies = vec![(st("madagascar"), ENG)];
    s.world.hands[ENG as usize].clear();
    let mut ev = Vec::new();
    world::voyage::winter_return(&mut s, &mut ev);
    assert_eq!(s.world.captains[drake as usize].at, At::Home(4));
    assert_eq!(s.world.hands[ENG as usize], vec![hi]);
    let ev: Vec<Event> = ev.into_iter().map(|e| e.event).collect();
    assert!(
        wev(&ev)
            .iter()
            .any(|e| matches!(e, WE::Navigation { captain, .. } if *captain == cap("hawkins")))
    );
    assert!(
        !wev(&ev)
            .iter()
            .any(|e| matches!(e, WE::Navigation { captain, .. } if *captain == cap("frobisher")))
    );
    assert_eq!(
        s.world.captains[cap("frobisher") as usize].at,
        At::Colony(st("madagascar"))
    );
    // Next turn he sails from the colony into a zone it borders.
    actions(&mut s, ENG, 1);
    play(&mut s, w(WM::Voyage));
    assert!(moves(&s).contains(&w(WM::Order {
        ship: Ship::Captain(cap("frobisher")),
        to: z("indian_ocean")
    })));
}

/// RULINGS W6 ([8.4]): a colony rolls each card phase; the Virginia Dare VP is one
/// marker, given once.
#[test]
fn w6_colonies_roll_and_virginia_dare_is_given_once() {
    let mut s = wgame();
    s.world.colonies = vec![(st("roanoke"), ENG)];
    let roll = |t: &mut State| {
        let mut ev = Vec::new();
        world::voyage::colony_rolls(t, &mut ev);
        ev.into_iter().map(|e| e.event).collect::<Vec<_>>()
    };
    let dare = |ev: &[Event]| {
        wev(ev)
            .iter()
            .any(|e| matches!(e, WE::ColonyRolled { result, .. } if result == "treasure_and_virginia_dare"))
    };
    let (mut t, _) = until(&s, roll, |_, ev| dare(ev));
    assert_eq!(world::vp(&t, ENG), 1);
    assert_eq!(t.world.hands[ENG as usize].len(), 1);
    assert!(t.world.dare);
    t.world.hands[ENG as usize].clear();
    let (t2, _) = until(&t, roll, |_, ev| dare(ev));
    assert_eq!(world::vp(&t2, ENG), 1, "once");
    let (t3, _) = until(&s, roll, |t, _| t.world.colonies.is_empty());
    assert!(t3.world.colonies.is_empty());
}

/// RULINGS W7: Spain defends with its patrols only (no World-map fortresses); two hits
/// eliminate the captain, one damages him.
#[test]
fn w7_patrols_defend_spanish_settlements() {
    let mut s = wgame();
    world::treasure::refill(&mut s, &mut Vec::new());
    at_sea(&mut s, ENG, "drake", "antilles");
    actions(&mut s, ENG, 2);
    let pirate = w(WM::Pirate {
        captain: cap("drake"),
        target: Target::Spain,
    });
    for seed in 0..60 {
        let mut t = s.clone();
        t.rng = GameRng::from_seed(seed);
        play(&mut t, pirate.clone());
        assert_ne!(t.world.captains[cap("drake") as usize].at, At::Gone);
    }
    s.world.patrols = vec![z("antilles"), z("antilles")];
    let (t, _) = until(
        &s,
        |t| play(t, pirate.clone()),
        |t, _| t.world.captains[cap("drake") as usize].at == At::Gone,
    );
    assert!(t.world.captains[cap("drake") as usize].booty.is_empty());
    // Patrols are Spain's action: 2 CP into a zone next to a Spanish settlement.
    actions(&mut s, world::SPAIN, 2);
    assert!(moves(&s).contains(&w(WM::BuildPatrol {
        zone: z("antilles")
    })));
    assert!(!moves(&s).contains(&w(WM::BuildPatrol {
        zone: z("guinea_coast")
    })));
}

/// RULINGS W8 ([20.7]): in winter the Spanish row goes to Spain's hand; one random
/// Portuguese treasure goes to the major controlling Lisbon (none while Portugal holds
/// it). [20.2]: treasures in hand are discarded first.
#[test]
fn w8_winter_rows_and_discard() {
    let mut s = wgame();
    world::treasure::refill(&mut s, &mut Vec::new());
    s.world.hands[FRA as usize] = vec![s.world.pool.pop().unwrap()];
    let mut ev = Vec::new();
    world::treasure::winter_discard(&mut s);
    assert!(s.world.hands[FRA as usize].is_empty());
    assert_eq!(s.world.spent.len(), 1);
    world::treasure::winter_rows(&mut s, &mut ev);
    assert_eq!(s.world.hands[world::SPAIN as usize].len(), 4);
    assert!(s.world.spain_row.is_empty());
    let lisbon = sp("lisbon");
    let portugal_holds = signoria_elisabeth_i::board::controller_pw(&s, lisbon).is_none();
    assert_eq!(
        s.world.portugal_row.len(),
        if portugal_holds { 3 } else { 2 }
    );
    s.sp_mut(lisbon).controller = signoria_elisabeth_i::data::Power::Spain;
    world::treasure::winter_rows(&mut s, &mut ev);
    assert_eq!(
        s.world.portugal_row.len(),
        if portugal_holds { 2 } else { 1 }
    );
    assert_eq!(s.world.hands[world::SPAIN as usize].len(), 5);
    // The next card phase: the spent treasures back into the pool, the rows refilled.
    world::treasure::refill(&mut s, &mut ev);
    assert!(s.world.spent.is_empty());
    assert_eq!(
        (s.world.spain_row.len(), s.world.portugal_row.len()),
        (4, 3)
    );
    assert!(E::invariant_violations(&s).is_empty());
}

/// RULINGS W9 ([17.4], [23.1]): without the Suez Canal an Ottoman expedition starts
/// damaged in the Indian Ocean and carries no colony.
#[test]
fn w9_ottoman_expeditions_start_damaged() {
    let mut s = wgame();
    actions(&mut s, OTT, 3);
    let m = moves(&s);
    let outfits: Vec<&Move> = m
        .iter()
        .filter(|m| matches!(m, Move::World(WM::Outfit { .. })))
        .collect();
    assert!(!outfits.is_empty());
    assert!(outfits.iter().all(|m| matches!(m, Move::World(WM::Outfit { zone, colony: false, .. }) if *zone == z("indian_ocean"))));
    let o = outfits[0].clone();
    play(&mut s, o);
    assert!(
        s.world
            .captains
            .iter()
            .any(|c| c.owner == Some(OTT) && c.damaged)
    );
}

/// [23.2] and RULINGS W10: *Silberflotte* adds a treasure to the row, Spain ships 2 (no
/// escorts), the die places the fleet; an expedition there attacks it for free (1 die
/// for the fleet); what is not captured goes to Spain's hand.
#[test]
fn w10_the_silver_fleet() {
    let mut s = wgame();
    world::treasure::refill(&mut s, &mut Vec::new());
    at_sea(&mut s, ENG, "drake", "north_atlantic");
    at_sea(&mut s, ENG, "hawkins", "antilles");
    give(&mut s, FRA, "silver_fleet");
    s.stack = vec![
        Frame::Step(Step::Winter),
        Frame::Impulse {
            who: FRA,
            passes: 0,
        },
    ];
    let card = data().card_by_key("silver_fleet").unwrap().id;
    play(&mut s, Move::PlayEvent { card });
    assert_eq!(s.world.spain_row.len(), 5);
    assert_eq!(kind(&s), "world_select");
    assert_eq!(seat(&s), s.seat_of(world::SPAIN));
    let m = moves(&s)[0].clone();
    play(&mut s, m);
    let m = moves(&s)[0].clone();
    let ships = |t: &mut State| play(t, m.clone());
    // A fleet in the North Atlantic meets Drake, who beats it.
    let (mut t, ev) = until(&s, ships, |t, _| kind(t) == "world_fleet_reward");
    assert!(wev(&ev).iter().any(
        |e| matches!(e, WE::SilverFleet { zone, treasures: 2 } if *zone == z("north_atlantic"))
    ));
    assert_eq!(seat(&t), t.seat_of(ENG));
    assert!(moves(&t).contains(&w(WM::Give(Reward::Treasure))));
    assert!(
        !moves(&t).contains(&w(WM::Give(Reward::Galleon))),
        "no escorts"
    );
    play(&mut t, w(WM::Give(Reward::Treasure)));
    while kind(&t) != "actions" {
        let m = moves(&t)[0].clone();
        play(&mut t, m);
    }
    assert_eq!(
        t.world.captains[cap("drake") as usize].booty.len() + t.world.hands[ENG as usize].len(),
        1
    );
    // The other treasure (unless a second hit took it) went to Spain's hand.
    assert!(t.world.hands[world::SPAIN as usize].len() <= 1);
    // A fleet where no expedition waits: both treasures to Spain.
    let (t, ev) = until(&s, ships, |t, _| kind(t) == "actions");
    let zone = wev(&ev).iter().find_map(|e| match e {
        WE::SilverFleet { zone, .. } => Some(*zone),
        _ => None,
    });
    if zone == Some(z("spanish_main")) {
        assert_eq!(t.world.hands[world::SPAIN as usize].len(), 2);
    }
    assert!(E::invariant_violations(&t).is_empty());
}

/// Hidden information: treasure faces in hands, rows and booty are seen only where the
/// rules allow; a redraw keeps every count.
#[test]
fn treasure_faces_are_hidden() {
    let mut s = wgame();
    world::treasure::refill(&mut s, &mut Vec::new());
    s.world.hands[ENG as usize] = vec![s.world.pool.pop().unwrap()];
    at_sea(&mut s, FRA, "ribault", "antilles");
    s.world.captains[cap("ribault") as usize].booty = vec![s.world.pool.pop().unwrap()];
    let eng = s.seat_of(ENG);
    let spa = s.seat_of(world::SPAIN);
    let v = world::view(&s, Viewer::Seat(eng));
    assert_eq!(v.own, vec![(ENG, s.world.hands[ENG as usize].clone())]);
    assert!(v.spain_row.is_empty());
    assert_eq!(v.spain_row_size, 4);
    assert_eq!(
        v.captains[cap("ribault") as usize].booty,
        vec![treasure::HIDDEN]
    );
    assert_eq!(
        world::view(&s, Viewer::Seat(spa)).spain_row,
        s.world.spain_row
    );
    let mut rng = GameRng::from_seed(5);
    let t = signoria_elisabeth_i::hidden::resample(&s, eng, &mut rng);
    assert_eq!(world::view(&t, Viewer::Seat(eng)), v);
    assert!(E::invariant_violations(&t).is_empty());
    assert_eq!(t.world.hands[ENG as usize], s.world.hands[ENG as usize]);
}

/// The World map's hooks over a turn: laid out at the start, rows filled after the card
/// draw, captains home and rows emptied in winter.
#[test]
fn hooks_of_the_turn() {
    // The set-up plays the automatic steps up to the first decision: the World map
    // is laid out and the rows are filled in the card draw of turn 1 ([8.4]).
    let mut s = E::setup(&Options::default(), 6, 9).unwrap();
    assert!(s.world.ready);
    assert_eq!(
        (s.world.spain_row.len(), s.world.portugal_row.len()),
        (4, 3)
    );
    assert_eq!(s.world.pool.len(), 30 - 7);
    let mut ev: Vec<Scoped<Event>> = Vec::new();
    world::at(&mut s, Moment::TurnBegins, &mut ev);
    assert_eq!(s.world.pool.len(), 23, "laid out once");
    world::at(&mut s, Moment::After(Step::Winter), &mut ev);
    assert_eq!(s.world.hands[world::SPAIN as usize].len(), 4);
    assert!(E::invariant_violations(&s).is_empty());
}

/// [8.2] L615-620, [17.5] L1452 (RULINGS W7): in the card draw Spain's card gets 1
/// fortress marker (2 with Coastal fortification), fewer when unused ones are left; the
/// build-fortress action (2 CP) puts one on any settlement without a fortress.
#[test]
fn w7_spain_builds_world_fortresses_from_its_markers() {
    let mut s = wgame();
    world::fortresses::allot(&mut s);
    assert_eq!(s.world.fortress_markers, 1);
    world::fortresses::allot(&mut s);
    assert_eq!(s.world.fortress_markers, 1, "the unused marker counts");
    actions(&mut s, ENG, 2);
    assert!(
        !moves(&s)
            .iter()
            .any(|m| matches!(m, Move::World(WM::BuildFortress { .. })))
    );
    actions(&mut s, world::SPAIN, 3);
    let havana = w(WM::BuildFortress {
        settlement: st("havana"),
    });
    assert!(moves(&s).contains(&havana));
    let ev = play(&mut s, havana.clone());
    assert!(wev(&ev).contains(&WE::FortressBuilt {
        settlement: st("havana")
    }));
    assert_eq!(s.world.fortresses, vec![st("havana")]);
    assert_eq!(s.world.fortress_markers, 0);
    assert_eq!(cp_left(&s), 1);
    actions(&mut s, world::SPAIN, 2);
    assert!(
        !moves(&s)
            .iter()
            .any(|m| matches!(m, Move::World(WM::BuildFortress { .. })))
    );
    // Coastal fortification: 2 markers; Havana's fortress is not built twice.
    s.patronage.bonuses.push((
        signoria_elisabeth_i::patronage::science::COASTAL_FORTIFICATION.into(),
        world::SPAIN,
    ));
    world::fortresses::allot(&mut s);
    assert_eq!(s.world.fortress_markers, 2);
    assert!(!moves(&s).contains(&havana));
    assert!(moves(&s).contains(&w(WM::BuildFortress {
        settlement: st("santo_domingo")
    })));
}

/// [16.5] steps 2 and 5 (RULINGS W7): a Spanish fortress next to the zone rolls a
/// defence die (without patrols Drake could never be hurt before), and Spain keeps a
/// treasure out of the draw (its highest): with one treasure left none is given.
#[test]
fn w7_a_world_fortress_defends_against_piracy() {
    let mut s = wgame();
    world::treasure::refill(&mut s, &mut Vec::new());
    // Three treasures in the row (the fourth spent), the highest last.
    let extra = s.world.spain_row.remove(0);
    s.world.spent.push(extra);
    let high = *s.world.spain_row.last().unwrap();
    s.world.fortresses = vec![st("havana")];
    at_sea(&mut s, ENG, "drake", "antilles");
    actions(&mut s, ENG, 2);
    let pirate = w(WM::Pirate {
        captain: cap("drake"),
        target: Target::Spain,
    });
    let (t, _) = until(
        &s,
        |t| play(t, pirate.clone()),
        |t, _| t.world.captains[cap("drake") as usize].damaged,
    );
    assert!(t.world.captains[cap("drake") as usize].damaged);
    // A hit of Drake: the treasure comes from the two lower ones; Spain keeps the 5.
    let (mut t, _) = until(
        &s,
        |t| play(t, pirate.clone()),
        |t, _| kind(t) == "world_reward",
    );
    assert!(moves(&t).contains(&w(WM::Give(Reward::Treasure))));
    play(&mut t, w(WM::Give(Reward::Treasure)));
    assert_eq!(t.world.spain_row.last(), Some(&high));
    assert_eq!(t.world.spain_row.len(), 2);
    // With a single treasure left the treasure reward is not offered.
    let mut s1 = s.clone();
    let rest: Vec<u8> = s1.world.spain_row.drain(..2).collect();
    s1.world.spent.extend(rest);
    let (t, _) = until(
        &s1,
        |t| play(t, pirate.clone()),
        |t, _| kind(t) == "world_reward",
    );
    assert!(!moves(&t).contains(&w(WM::Give(Reward::Treasure))));
}

/// `n` Spanish galleons of the pool built in Seville (booked).
fn spare_galleons(s: &mut State, n: u8) {
    use signoria_elisabeth_i::building::{counters_used, naval_pool};
    use signoria_elisabeth_i::data::PoolOwner;
    assert!(counters_used(s, PoolOwner::Spain) + n as u32 <= naval_pool(PoolOwner::Spain));
    signoria_elisabeth_i::board::force_mut(s, sp("seville"), PoolOwner::Spain)
        .ships
        .galleons += n;
    signoria_elisabeth_i::board::book(s, PoolOwner::Spain, 0, n as i16);
}

/// The Silver Fleet with escorts at sea ([10] step 1, [23.2]; RULINGS W10): in spring
/// Spain moves up to two galleons of its home ports into the escorts box (one way a turn).
#[test]
fn w10_spain_moves_escorts_in_spring() {
    let mut s = wgame();
    let seville = sp("seville");
    spare_galleons(&mut s, 2);
    let f = world::escorts::spring_frame(&s, world::SPAIN).expect("Spain has galleons");
    assert!(world::escorts::spring_frame(&s, ENG).is_none());
    s.stack = vec![Frame::Step(Step::Action), f];
    assert_eq!(kind(&s), "world_escorts");
    let out = w(WM::Escort {
        port: seville,
        back: false,
    });
    assert!(moves(&s).contains(&out));
    play(&mut s, out.clone());
    assert!(
        !moves(&s).contains(&w(WM::Escort {
            port: seville,
            back: true
        })),
        "not both ways in one turn"
    );
    play(&mut s, out.clone());
    assert_eq!(s.world.escorts, 2);
    assert_ne!(kind(&s), "world_escorts", "at most two: the step is over");
    // The escorts are Spanish counters off the map: the ledger holds.
    assert!(E::invariant_violations(&s).is_empty());
    // A later spring: back to a home port.
    let f = world::escorts::spring_frame(&s, world::SPAIN).unwrap();
    s.stack = vec![Frame::Step(Step::Action), f];
    let back = w(WM::Escort {
        port: seville,
        back: true,
    });
    assert!(moves(&s).contains(&back));
    assert!(!moves(&s).contains(&out));
    play(&mut s, back);
    assert_eq!(s.world.escorts, 1);
}

/// [23.2] steps 2-4 with two escorts (RULINGS W10): Spain ships 3 treasures, the fleet
/// rolls 3 dice, a hit may eliminate an escort (to the turn track, M21).
#[test]
fn w10_escorts_guard_the_silver_fleet() {
    let mut s = wgame();
    world::treasure::refill(&mut s, &mut Vec::new());
    spare_galleons(&mut s, 2);
    let seville = signoria_elisabeth_i::board::force_mut(
        &mut s,
        sp("seville"),
        signoria_elisabeth_i::data::PoolOwner::Spain,
    );
    seville.ships.galleons -= 2;
    s.world.escorts = 2;
    at_sea(&mut s, ENG, "drake", "north_atlantic");
    at_sea(&mut s, ENG, "hawkins", "antilles");
    give(&mut s, FRA, "silver_fleet");
    s.stack = vec![
        Frame::Step(Step::Winter),
        Frame::Impulse {
            who: FRA,
            passes: 0,
        },
    ];
    let card = data().card_by_key("silver_fleet").unwrap().id;
    play(&mut s, Move::PlayEvent { card });
    for _ in 0..2 {
        let m = moves(&s)[0].clone();
        play(&mut s, m);
    }
    assert_eq!(kind(&s), "world_select", "three treasures to choose");
    let m = moves(&s)[0].clone();
    let ships = |t: &mut State| play(t, m.clone());
    let (mut t, ev) = until(&s, ships, |t, _| kind(t) == "world_fleet_reward");
    assert!(
        wev(&ev)
            .iter()
            .any(|e| matches!(e, WE::SilverFleet { treasures: 3, .. }))
    );
    let galleon = w(WM::Give(Reward::Galleon));
    assert!(moves(&t).contains(&galleon));
    play(&mut t, galleon);
    assert_eq!(t.world.escorts, 1);
    assert_eq!(
        t.lost_ships,
        vec![(
            signoria_elisabeth_i::data::PoolOwner::Spain,
            signoria_elisabeth_i::model::Ships {
                galleons: 1,
                ..Default::default()
            }
        )]
    );
    assert!(E::invariant_violations(&t).is_empty());
}

/// [23.2] step 3 (RULINGS W10): England may re-roll the zone die once, with an English
/// expedition in one of the table's zones and an English agent spying on Spain.
#[test]
fn w10_england_rerolls_the_fleet_die_with_an_agent_on_spain() {
    let mut s = wgame();
    world::treasure::refill(&mut s, &mut Vec::new());
    at_sea(&mut s, ENG, "drake", "antilles");
    give(&mut s, FRA, "silver_fleet");
    s.stack = vec![
        Frame::Step(Step::Winter),
        Frame::Impulse {
            who: FRA,
            passes: 0,
        },
    ];
    let card = data().card_by_key("silver_fleet").unwrap().id;
    play(&mut s, Move::PlayEvent { card });
    for _ in 0..1 {
        let m = moves(&s)[0].clone();
        play(&mut s, m);
    }
    let m = moves(&s)[0].clone();
    // Without an agent: no question.
    let mut t = s.clone();
    play(&mut t, m.clone());
    assert_ne!(kind(&t), "world_reroll");
    // With an English agent on Spain's card England is asked.
    signoria_elisabeth_i::espionage::agents::hand_out(&mut s);
    let i = s
        .espionage
        .informants
        .iter()
        .position(|x| x.owner == ENG)
        .unwrap();
    s.espionage.informants[i].on = Some(world::SPAIN);
    assert!(world::silver_fleet::may_reroll(&s));
    play(&mut s, m.clone());
    assert_eq!(kind(&s), "world_reroll");
    assert_eq!(seat(&s), s.seat_of(ENG));
    // A re-roll that brings the fleet to Drake in the Antilles.
    let (_, ev) = until(
        &s,
        |t| play(t, w(WM::Reroll)),
        |_, ev| {
            wev(ev)
                .iter()
                .any(|e| matches!(e, WE::Rerolled { zone } if *zone == z("antilles")))
        },
    );
    assert!(
        wev(&ev)
            .iter()
            .any(|e| matches!(e, WE::SilverFleet { zone, .. } if *zone == z("antilles")))
    );
    // Kept: the first die stands.
    let mut k = s.clone();
    let ev = play(&mut k, w(WM::KeepDie));
    assert!(!wev(&ev).iter().any(|e| matches!(e, WE::Rerolled { .. })));
}

/// [3.1] 2-5 players (`data/scenarios.json` `removed_personalities`, RULINGS I5): Schmidl
/// leaves the game with five players, the Ottoman captains too with four; a power left
/// without captains is not offered Mercator.
#[test]
fn i5_player_count_removes_captains() {
    use signoria_elisabeth_i::patronage::{evaluation, science};
    let laid_out = |players: usize| {
        let mut s = E::setup(&Options::default(), players, 3).unwrap();
        s.turn = 4;
        world::ensure(&mut s);
        s
    };
    let (six, five, four) = (laid_out(6), laid_out(5), laid_out(4));
    let at = |s: &State, c: &str| s.world.captains[cap(c) as usize].at;
    assert_ne!(at(&six, "schmidl"), At::Gone);
    assert_eq!(world::voyage::available(&six, HRE), vec![cap("schmidl")]);
    assert_eq!(at(&five, "schmidl"), At::Gone);
    assert!(world::voyage::available(&five, HRE).is_empty());
    assert_ne!(at(&five, "hizir_reis"), At::Gone);
    for c in ["schmidl", "hizir_reis", "mir_ali_beg"] {
        assert_eq!(at(&four, c), At::Gone, "{c}");
    }
    assert!(world::voyage::available(&four, OTT).is_empty());
    assert!(!world::voyage::available(&four, ENG).is_empty());
    assert!(evaluation::free_bonuses(&six, HRE).contains(&science::MERCATOR));
    assert!(!evaluation::free_bonuses(&five, HRE).contains(&science::MERCATOR));
    assert!(E::invariant_violations(&four).is_empty());
}
