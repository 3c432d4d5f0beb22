//! Intrigue and science (rulings I<n>): the English Catholic rebellion [19.4] and the
//! Catholic rebellion victory [25.1], Mary Stuart [23.3], the science bonuses [22.2],
//! the 2-5 player removals and the Tournament's set-up as the subsystems apply them.

mod common;

use common::*;
use signoria_elisabeth_i::combat::Scripted;
use signoria_elisabeth_i::data::PoolOwner;
use signoria_elisabeth_i::espionage::{self, Move as EMove, agents, rebellion};
use signoria_elisabeth_i::model::{Event, Frame, Move};
use signoria_elisabeth_i::religion::faith::{Faith, set_faith};
use signoria_elisabeth_i::royals::{self, Mary};
use signoria_elisabeth_i::{ElisabethI as E, Options};
use signoria_engine::Game;

fn turn3() -> signoria_elisabeth_i::State {
    let mut s = game();
    s.turn = 3;
    agents::hand_out(&mut s);
    s
}

/// Roll the rebellion with scripted dice (Spain's, then England's).
fn rise(s: &mut signoria_elisabeth_i::State, cp: u8, dice: &[u8]) -> Vec<Event> {
    let mut ev = Vec::new();
    rebellion::attempt(s, cp, &mut Scripted::new(dice), &mut ev);
    ev.into_iter().map(|e| e.event).collect()
}

/// Answer the conversion frames of step 1 with their first listed choice.
fn convert_through(s: &mut signoria_elisabeth_i::State) {
    while kind(s) == "conversion" {
        let m = moves(s)[0].clone();
        play(s, m);
    }
}

/// Choose the target with scripted step-3 dice.
fn target(s: &mut signoria_elisabeth_i::State, space: &str, dice: &[u8]) -> Vec<Event> {
    let Some(Frame::Espionage(espionage::Frame::Rebellion(r))) = s.stack.last().cloned() else {
        panic!("no rebellion frame: {}", kind(s));
    };
    let mv = EMove::RebellionTarget { space: sp(space) };
    assert!(moves(s).contains(&Move::Espionage(mv.clone())));
    let mut ev = Vec::new();
    rebellion::resolve(s, r, &mv, &mut Scripted::new(dice), &mut ev);
    ev.into_iter().map(|e| e.event).collect()
}

/// [19.4]: Spain only, from turn 3, 3-5 CP, once per turn and not after an assassination
/// (the shared marker).
#[test]
fn i1_rebellion_offered_to_spain_once_per_turn() {
    let mut s = game();
    s.turn = 2;
    actions(&mut s, SPA, 5);
    assert!(
        !moves(&s)
            .iter()
            .any(|m| matches!(m, Move::Espionage(EMove::Rebellion { .. })))
    );
    let mut s = turn3();
    actions(&mut s, SPA, 4);
    let cps: Vec<u8> = moves(&s)
        .iter()
        .filter_map(|m| match m {
            Move::Espionage(EMove::Rebellion { cp }) => Some(*cp),
            _ => None,
        })
        .collect();
    assert_eq!(cps, vec![3, 4]);
    actions(&mut s, ENG, 5);
    assert!(
        !moves(&s)
            .iter()
            .any(|m| matches!(m, Move::Espionage(EMove::Rebellion { .. })))
    );
    // A failed rebellion uses the marker: no assassination, no second rebellion.
    rise(&mut s, 3, &[1, 1, 1, 1, 6, 6, 6]);
    assert!(s.espionage.assassinated.contains(&SPA));
    actions(&mut s, SPA, 5);
    assert!(!moves(&s).iter().any(|m| matches!(
        m,
        Move::Espionage(EMove::Rebellion { .. } | EMove::Assassinate { .. })
    )));
}

/// [19.4] dice: by CP (reconstructed table), +1 for Spain's agent on England, Mary
/// Stuart's dice ([23.3], RULINGS I2); England's defender dice.
#[test]
fn i2_spanish_dice_from_cp_agent_and_mary() {
    let mut s = turn3();
    let ev = rise(&mut s, 3, &[1; 12]);
    let n = |ev: &[Event]| {
        ev.iter()
            .find_map(|e| match e {
                Event::Espionage(espionage::Event::CatholicRebellion {
                    attack, defence, ..
                }) => Some((attack.len(), defence.len())),
                _ => None,
            })
            .expect("the rebellion's dice")
    };
    // 3 CP: 3 dice, Mary queen in Scotland: +1; England 3.
    assert_eq!(n(&ev), (4, 3));
    let mut s = turn3();
    let i = s
        .espionage
        .informants
        .iter()
        .position(|i| i.owner == SPA)
        .unwrap();
    s.espionage.informants[i].on = Some(ENG);
    s.royals.mary = Mary::Captured;
    assert_eq!(n(&rise(&mut s, 5, &[1; 12])), (5 + 1 + 2, 3));
    let mut s = turn3();
    s.royals.mary = Mary::Executed;
    assert_eq!(n(&rise(&mut s, 4, &[1; 12])), (4, 3));
    // Elizabeth died this turn: as if Mary were captured ([23.3]).
    let mut s = turn3();
    s.royals.elizabeth_died = Some(3);
    assert_eq!(rebellion::mary_dice(&s), 2);
}

/// [25.1]: 4 hits more than England is Spain's Catholic rebellion victory, at once.
#[test]
fn i1_four_hits_more_wins_the_game() {
    let mut s = turn3();
    actions(&mut s, SPA, 5);
    // 5 + 1 (Mary) dice, 5 hits; England 1 hit: margin 4.
    let mut ev = Vec::new();
    rebellion::attempt(
        &mut s,
        5,
        &mut Scripted::new(&[6, 6, 5, 5, 6, 1, 6, 1, 1]),
        &mut ev,
    );
    assert!(s.espionage.catholic_victory);
    assert_eq!(
        signoria_elisabeth_i::victory::automatic(&s),
        Some((vec![SPA], "Catholic rebellion victory".to_string()))
    );
    // A margin of 3 is the rebellion, not the victory.
    let mut s = turn3();
    rise(&mut s, 5, &[6, 6, 5, 5, 1, 1, 6, 1, 1]);
    assert!(!s.espionage.catholic_victory);
    assert!(signoria_elisabeth_i::victory::automatic(&s).is_none());
}

/// [19.4] steps 1-7: six Catholic conversions in England first, then the target (York,
/// one English regular: 5 dice, one hit eliminates it), York and at most three adjacent
/// Catholic spaces to Spanish control, 2 Spanish regulars, war (RULINGS I1).
#[test]
fn i1_the_rebellion_takes_four_spaces_and_brings_war() {
    let mut s = turn3();
    assert!(!signoria_elisabeth_i::board::at_war(&s, SPA, ENG));
    rise(&mut s, 3, &[6, 6, 1, 1, 1, 1, 1]);
    // The conversions are decided before the target (their frame is on top).
    assert!(matches!(kind(&s), "conversion" | "catholic_rebellion"));
    convert_through(&mut s);
    assert_eq!(kind(&s), "catholic_rebellion");
    for x in ["york", "lincoln", "newcastle", "carlisle"] {
        set_faith(&mut s, sp(x), Faith::Catholic);
    }
    set_faith(&mut s, sp("london"), Faith::Protestant);
    // London is Protestant: never a target.
    assert!(
        !moves(&s).contains(&Move::Espionage(EMove::RebellionTarget {
            space: sp("london")
        }))
    );
    assert_eq!(troops(&s, "york", ENG), 1);
    let ev = target(&mut s, "york", &[5, 1, 1, 1, 1]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Espionage(espionage::Event::RebellionTarget { success: true, .. })
    )));
    assert_eq!(troops(&s, "york", ENG), 0);
    assert_eq!(
        signoria_elisabeth_i::board::controller_pw(&s, sp("york")),
        Some(SPA)
    );
    let mut taken = 1;
    while kind(&s) == "catholic_rebellion" {
        let ext: Vec<Move> = moves(&s)
            .into_iter()
            .filter(|m| matches!(m, Move::Espionage(EMove::RebellionExtend { .. })))
            .collect();
        assert!(!ext.is_empty());
        play(&mut s, ext[0].clone());
        taken += 1;
    }
    assert_eq!(taken, rebellion::MAX_SPACES, "the target and three more");
    for x in ["lincoln", "newcastle", "carlisle"] {
        assert_eq!(
            signoria_elisabeth_i::board::controller_pw(&s, sp(x)),
            Some(SPA),
            "{x}"
        );
    }
    assert_eq!(troops(&s, "york", SPA), rebellion::REGULARS);
    assert!(signoria_elisabeth_i::board::at_war(&s, SPA, ENG));
}

/// [19.4] step 3: English Protestant units left in the target: the rebellion fails; with
/// Mary captured England may execute her (1 VP, [23.3]; RULINGS I2).
#[test]
fn i2_a_failed_rebellion_lets_england_execute_mary() {
    let mut s = turn3();
    s.royals.mary = Mary::Captured;
    rise(&mut s, 3, &[6, 6, 6, 1, 1, 1, 1, 1]);
    convert_through(&mut s);
    set_faith(&mut s, sp("york"), Faith::Catholic);
    put(&mut s, "york", PoolOwner::England, 3, 0, 0);
    let ev = target(&mut s, "york", &[6, 1, 1, 1, 1]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Espionage(espionage::Event::RebellionTarget { success: false, .. })
    )));
    assert_eq!(troops(&s, "york", ENG), 2);
    assert_eq!(
        signoria_elisabeth_i::board::controller_pw(&s, sp("york")),
        Some(ENG)
    );
    assert!(!signoria_elisabeth_i::board::at_war(&s, SPA, ENG));
    assert_eq!(kind(&s), "execute_mary");
    assert_eq!(seat(&s), s.seat_of(ENG));
    let before = royals::vp(&s, ENG);
    play(&mut s, Move::Espionage(EMove::ExecuteMary(true)));
    assert_eq!(royals::mary(&s), Mary::Executed);
    assert_eq!(royals::vp(&s, ENG), before - 1);
    assert_eq!(rebellion::mary_dice(&s), 0);
    // Mary in Scotland: no execution is offered after a failure.
    let mut s = turn3();
    rise(&mut s, 3, &[1, 1, 1, 1, 6, 6, 6]);
    assert_ne!(kind(&s), "execute_mary");
}

/// [23.3]: Elizabeth's death executes a captured Mary at once.
#[test]
fn i2_elizabeths_death_executes_a_captured_mary() {
    let mut s = turn3();
    s.royals.mary = Mary::Captured;
    let mut ev = Vec::new();
    royals::wedding::ruler_dies(&mut s, ENG, &mut ev);
    assert_eq!(royals::mary(&s), Mary::Executed);
    assert_eq!(s.royals.elizabeth_died, Some(3));
}

/// The Tournament's set-up field: Mary Stuart captured in England ([23.3]).
#[test]
fn i5_tournament_starts_with_mary_captured() {
    let s = E::setup(
        &Options {
            scenario: "tournament".into(),
        },
        6,
        3,
    )
    .unwrap();
    assert_eq!(royals::mary(&s), Mary::Captured);
    assert_eq!(royals::mary(&game()), Mary::Scotland);
}

// ---------------------------------------------------------------- science bonuses [22.2]

use signoria_elisabeth_i::model::UnitKind as U;
use signoria_elisabeth_i::patronage::{evaluation, science};

fn own(s: &mut signoria_elisabeth_i::State, b: &str, p: u8) {
    s.patronage.bonuses.push((b.to_string(), p));
}

/// [22.2] "useful to its power" and unique (RULINGS I3): Spain (no captains, no colony
/// markers) is not offered Mercator or Plantation; the Ottomans no Plantation; a bonus
/// taken is no longer offered; Coastal fortification only to Spain ([8.2]), Dry Dock to
/// every major ([17.3]).
#[test]
fn i3_science_bonuses_useful_to_their_taker() {
    let mut s = game();
    let spain = evaluation::free_bonuses(&s, SPA);
    assert!(spain.contains(&science::TELESCOPE) && spain.contains(&science::RAVELIN));
    assert!(!spain.contains(&science::MERCATOR) && !spain.contains(&science::PLANTATION));
    assert!(spain.contains(&science::COASTAL_FORTIFICATION) && spain.contains(&science::DRY_DOCK));
    assert!(!evaluation::free_bonuses(&s, OTT).contains(&science::PLANTATION));
    let eng = evaluation::free_bonuses(&s, ENG);
    // Excavation serves the Ottomans' canal only (RULINGS F6), Coastal fortification
    // Spain's fortress markers only.
    for b in science::BONUSES
        .iter()
        .filter(|&&b| b != science::EXCAVATION && b != science::COASTAL_FORTIFICATION)
    {
        assert!(eng.contains(b), "{b}");
    }
    assert!(!eng.contains(&science::EXCAVATION));
    assert!(!eng.contains(&science::COASTAL_FORTIFICATION));
    own(&mut s, science::TELESCOPE, ENG);
    assert!(!evaluation::free_bonuses(&s, FRA).contains(&science::TELESCOPE));
    own(&mut s, science::DRY_DOCK, FRA);
    assert!(!evaluation::free_bonuses(&s, SPA).contains(&science::DRY_DOCK));
}

/// Telescope [13.2]: +1 on the interceptor's roll.
#[test]
fn i3_telescope_adds_one_to_interception() {
    let modifier = |telescope: bool| {
        let mut s = game();
        if telescope {
            own(&mut s, science::TELESCOPE, FRA);
        }
        war(&mut s, SPA, FRA);
        put(&mut s, "arras", PoolOwner::Spain, 4, 0, 0);
        put(&mut s, "amiens", PoolOwner::France, 1, 0, 0);
        clear(&mut s, "rouen");
        actions(&mut s, SPA, 1);
        move_formation(&mut s, "arras", "amiens", &[U::Regular; 4], &[]);
        let mut ev = play(&mut s, Move::InterceptFrom { space: sp("paris") });
        ev.extend(play(&mut s, Move::AddUnit(U::Regular)));
        ev.extend(play(&mut s, Move::Go { to: sp("amiens") }));
        ev.iter()
            .find_map(|e| match e {
                Event::Rolled { purpose, .. } if purpose.starts_with("interception") => {
                    Some(purpose.clone())
                }
                _ => None,
            })
            .expect("an interception roll")
    };
    assert_eq!(modifier(false), "interception (modifier +0)");
    assert_eq!(modifier(true), "interception (modifier +1)");
}

/// Ravelin [15.1] step 4: the defender of an assault rolls 2 dice instead of 1 as
/// defender.
#[test]
fn i3_ravelin_gives_the_defender_a_second_die() {
    let defender_dice = |ravelin: bool| {
        let mut s = into_metz(4, 2, 3);
        if ravelin {
            own(&mut s, science::RAVELIN, FRA);
        }
        actions(&mut s, SPA, 2);
        let ev = assault(&mut s, "metz", 4);
        ev.iter()
            .find_map(|e| match e {
                Event::Rolled { purpose, dice, .. } if purpose.contains("assault (defender)") => {
                    Some(dice.len())
                }
                _ => None,
            })
            .expect("the defender's roll")
    };
    assert_eq!(defender_dice(true), defender_dice(false) + 1);
}

/// Plantation [17.4]: a colony without the extra CP (1 CP outfits it).
#[test]
fn i3_plantation_outfits_a_colony_for_one_cp() {
    let outfits = |plantation: bool| {
        let mut s = game();
        if plantation {
            own(&mut s, science::PLANTATION, ENG);
        }
        s.world.ready = true;
        signoria_elisabeth_i::world::voyage::actions(&s, ENG, 1)
            .iter()
            .any(|m| {
                matches!(
                    m,
                    signoria_elisabeth_i::world::Move::Outfit { colony: true, .. }
                )
            })
    };
    assert!(!outfits(false));
    assert!(outfits(true));
}

// ---------------------------------------------------------------- 2-5 players [3.1]

/// The 2-5 player removals (RULINGS I5): Rudolf II leaves the marriage display, the
/// HRE's artists and scientists cannot be sponsored (the HRE is an activated major).
#[test]
fn i5_player_count_removes_rudolf_and_the_hre_figures() {
    let five = E::setup(&Options::default(), 5, 3).unwrap();
    let six = game();
    let rudolf = royals::nobles::by_id("rudolf_ii");
    assert!(royals::nobles::removed(&five, rudolf));
    assert!(!royals::nobles::removed(&six, rudolf));
    let mut five = five;
    let mut six = six;
    for s in [&mut five, &mut six] {
        s.turn = 7;
        royals::nobles::ensure(s);
    }
    assert!(!royals::nobles::available(&five, rudolf));
    assert!(royals::nobles::available(&six, rudolf));
    use signoria_elisabeth_i::patronage::sponsor;
    assert!(sponsor::available(&five, HRE, false).is_empty());
    assert!(!sponsor::available(&six, HRE, false).is_empty());
    assert!(!sponsor::available(&five, FRA, false).is_empty());
}

/// Spain draws a science-bonus treasure from the pool.
fn hand_science(s: &mut signoria_elisabeth_i::State) {
    use signoria_elisabeth_i::world::treasure::SCIENCE;
    let i = s
        .world
        .pool
        .iter()
        .position(|&t| t == SCIENCE)
        .expect("in the pool");
    s.world.pool.remove(i);
    s.world.hands.resize(6, Vec::new());
    s.world.hands[SPA as usize].push(SCIENCE);
}

/// [11]: a science-bonus treasure takes an unclaimed useful bonus at once, as if won by
/// patronage (RULINGS I3); with none left it is not offered.
#[test]
fn i3_science_treasure_takes_a_bonus() {
    use signoria_elisabeth_i::world::{self, treasure};
    let mut s = game();
    hand_science(&mut s);
    actions(&mut s, SPA, 2);
    let mv = Move::World(world::Move::PlayTreasure {
        treasure: treasure::SCIENCE,
    });
    assert!(moves(&s).contains(&mv));
    play(&mut s, mv.clone());
    assert_eq!(kind(&s), "science_award");
    assert_eq!(seat(&s), s.seat_of(SPA));
    let take = Move::Patronage(signoria_elisabeth_i::patronage::Move::TakeBonus(
        science::RAVELIN.into(),
    ));
    assert!(!moves(&s).contains(&Move::Patronage(
        signoria_elisabeth_i::patronage::Move::TakeBonus(science::MERCATOR.into())
    )));
    play(&mut s, take);
    assert!(science::has(&s, SPA, science::RAVELIN));
    assert_eq!(kind(&s), "actions", "the impulse goes on");
    // Every bonus useful to Spain taken: the treasure is not offered.
    let mut t = game();
    for b in science::BONUSES {
        own(&mut t, b, ENG);
    }
    hand_science(&mut t);
    actions(&mut t, SPA, 2);
    assert!(!moves(&t).contains(&mv));
}

// ---------------------------------------------------------------- Le Testu [22.2]

/// Le Testu (RULINGS I6): a French scientist; not outfitted in a turn he was sponsored;
/// an evaluation other than 9 removes his captain; his loss as a captain removes his
/// scientist counter.
#[test]
fn i6_le_testu_scientist_and_captain() {
    use signoria_elisabeth_i::patronage::{FigStatus, le_testu};
    use signoria_elisabeth_i::world::{At, voyage};
    let (f, c) = (le_testu::figure().unwrap(), le_testu::captain().unwrap());
    let mut s = game();
    s.turn = 2;
    s.world.ready = true;
    s.world.captains[c as usize].at = At::Home(1);
    assert!(voyage::available(&s, FRA).contains(&c));
    let mut ev = Vec::new();
    signoria_elisabeth_i::patronage::set(
        &mut s,
        f,
        FigStatus::Sponsored { by: FRA, cp: 2 },
        &mut ev,
    );
    assert!(
        !voyage::available(&s, FRA).contains(&c),
        "sponsored this turn"
    );
    // 9 (4 + 4 + value 1): the captain stays.
    let mut t = s.clone();
    evaluation::evaluate(&mut t, f, &mut Scripted::new(&[4, 4]), &mut ev);
    assert_ne!(t.world.captains[c as usize].at, At::Gone);
    // 11: the captain leaves the game; the scientist goes as the result says.
    let mut t = s.clone();
    evaluation::evaluate(&mut t, f, &mut Scripted::new(&[5, 5]), &mut ev);
    assert_eq!(t.world.captains[c as usize].at, At::Gone);
    assert_ne!(
        signoria_elisabeth_i::patronage::status(&t, f),
        FigStatus::Removed
    );
    // Lost on the World map: his scientist counter is removed.
    let mut t = game();
    voyage::eliminate(&mut t, c, &mut ev);
    assert_eq!(
        signoria_elisabeth_i::patronage::status(&t, f),
        FigStatus::Removed
    );
}
