//! The rulings of `RULINGS.md` not already pinned by a scenario or edge-case test, one
//! test each, and the check that every ruling the code or the tests cite is documented
//! and names tests that exist.

mod common;

use common::*;
use signoria_elisabeth_i::data::{PoolOwner, Power, data};
use signoria_elisabeth_i::model::{Event, Frame, Loc, Move, Siege, Step, UnitKind as U};
use signoria_elisabeth_i::{ElisabethI as E, Options};
use signoria_engine::{Game, Scoped, kernel};

fn ev() -> Vec<Scoped<Event>> {
    Vec::new()
}

/// R3: mandatory cards stay out of the deck until their events exist (in every turn's
/// deal).
#[test]
fn r3_mandatory_cards_are_held_out() {
    let mut s = E::setup(&Options::default(), 6, 3).unwrap();
    let held_out = |c: &signoria_elisabeth_i::data::CardId| {
        let card = data().card(*c).unwrap();
        card.kind == signoria_elisabeth_i::data::CardKind::Mandatory
            && signoria_elisabeth_i::events::def(&card.key).is_none()
    };
    let all_have_events = !data().cards.iter().any(|c| held_out(&c.id));
    for turn in 1..=7 {
        s.turn = turn;
        signoria_elisabeth_i::deal::card_draw(&mut s, &mut ev());
        assert!(all_have_events || s.out.iter().any(held_out));
        assert!(!s.deck.iter().any(held_out));
        assert!((0..6u8).all(|p| !s.ps(p).hand.iter().any(held_out)));
    }
}

/// R6: unrest is removed only in a space the power controls.
#[test]
fn r6_unrest_only_where_controlled() {
    let mut s = game();
    war(&mut s, SPA, FRA);
    s.sp_mut(sp("amiens")).unrest = true;
    put(&mut s, "amiens", PoolOwner::Spain, 1, 0, 0);
    assert!(!signoria_elisabeth_i::control::unrest_check(
        &s,
        SPA,
        sp("amiens")
    ));
    put(&mut s, "amiens", PoolOwner::Spain, 0, 0, 0);
    put(&mut s, "amiens", PoolOwner::France, 1, 0, 0);
    assert!(signoria_elisabeth_i::control::unrest_check(
        &s,
        FRA,
        sp("amiens")
    ));
}

/// R7: winter return by a fixed rule: nearest fortified space, at most 4 units in it
/// (capitals excepted).
#[test]
fn r7_winter_return_by_a_fixed_rule() {
    let mut s = game();
    put(&mut s, "reims", PoolOwner::France, 6, 0, 0);
    signoria_elisabeth_i::winter::return_units(&mut s, &mut ev());
    assert_eq!(troops(&s, "reims", FRA), 0);
    for x in data().space_ids() {
        let k = data().space(x);
        if !k.capital {
            let n: u8 = s.sp(x).forces.iter().map(|f| f.troops.total()).sum();
            assert!(n <= 4 || x == sp("paris"), "{} holds {n}", k.name);
        }
    }
    assert!(troops(&s, "paris", FRA) >= 4);
}

/// M1: a response window asks every listed power that holds any card, holder or not.
#[test]
fn m1_windows_ask_every_power_with_cards() {
    let mut s = game();
    give(&mut s, ENG, "storms");
    give(&mut s, FRA, "german_reiters");
    actions(&mut s, SPA, 1);
    move_formation(&mut s, "madrid", "valladolid", &[U::Regular], &[]);
    assert_eq!(kind(&s), "respond");
    assert_eq!(seat(&s), s.seat_of(ENG));
    assert!(moves(&s).iter().any(|m| matches!(m, Move::PlayCard { .. })));
    play(&mut s, Move::Done);
    // France holds no Storms but is asked all the same (its answer is "no").
    assert_eq!(seat(&s), s.seat_of(FRA));
    assert_eq!(moves(&s), vec![Move::Done]);
}

/// M3: units that tried to intercept may not try again this impulse (one attempt from a
/// space per impulse).
#[test]
fn m3_one_interception_attempt_per_space() {
    let mut s = game();
    war(&mut s, SPA, FRA);
    clear(&mut s, "rouen");
    place_leader(&mut s, "montmorency", "bordeaux");
    put(&mut s, "arras", PoolOwner::Spain, 4, 0, 0);
    actions(&mut s, SPA, 2);
    move_formation(&mut s, "arras", "amiens", &[U::Regular; 2], &[]);
    let (mut t, _) = until(
        &s,
        |t| {
            let mut ev = play(t, Move::InterceptFrom { space: sp("paris") });
            ev.extend(play(t, Move::AddUnit(U::Regular)));
            ev.extend(play(t, Move::Go { to: sp("amiens") }));
            ev
        },
        |_, ev| {
            ev.iter()
                .any(|e| matches!(e, Event::Intercepted { success: false, .. }))
        },
    );
    assert!(!moves(&t).contains(&Move::InterceptFrom { space: sp("paris") }));
    play(&mut t, Move::Done);
    while kind(&t) != "actions" {
        let m = moves(&t);
        let mv = if m.contains(&Move::Done) {
            Move::Done
        } else {
            m[0].clone()
        };
        play(&mut t, mv);
    }
    // The second formation moves next to Paris again: Paris is not asked.
    move_formation(&mut t, "arras", "st_quentin", &[U::Regular; 2], &[]);
    assert_ne!(kind(&t), "intercept");
}

/// M5: the sieges end in winter (every besieger went home).
#[test]
fn m5_sieges_end_in_winter() {
    let mut s = game();
    war(&mut s, SPA, FRA);
    put(&mut s, "metz", PoolOwner::Spain, 3, 0, 0);
    s.sp_mut(sp("metz")).siege = Some(Siege {
        by: vec![SPA],
        since: 0,
    });
    s.stack = vec![Frame::Step(Step::Winter)];
    let mut e = ev();
    kernel::advance::<E>(&mut s, &mut e);
    assert!(s.sp(sp("metz")).siege.is_none());
    assert_eq!(troops(&s, "metz", SPA), 0);
}

/// M6: leaders taken where the captor is no major (independents) leave the game.
#[test]
fn m6_leaders_taken_by_independents_leave_the_game() {
    let mut s = game();
    put(&mut s, "genoa", PoolOwner::Spain, 1, 0, 0);
    place_leader(&mut s, "alba", "genoa");
    signoria_elisabeth_i::battle::eliminate(&mut s, SPA, sp("genoa"), None, &mut ev());
    assert_eq!(loc(&s, "alba"), Loc::Dead);
    assert_eq!(troops(&s, "genoa", SPA), 0);
    assert!(E::invariant_violations(&s).is_empty());
}

/// M7: a besieger no longer at war with the fortress's controller lifts the siege.
#[test]
fn m7_peace_lifts_the_siege() {
    let mut s = game();
    put(&mut s, "metz", PoolOwner::Spain, 3, 0, 0);
    put(&mut s, "luxembourg", PoolOwner::Spain, 1, 0, 0);
    s.sp_mut(sp("metz")).siege = Some(Siege {
        by: vec![SPA],
        since: 0,
    });
    s.stack = vec![Frame::Actions { who: SPA, cp: 0 }];
    let mut e = ev();
    signoria_elisabeth_i::battle::check_sieges(&mut s, &mut e);
    kernel::advance::<E>(&mut s, &mut e);
    assert!(s.sp(sp("metz")).siege.is_none());
    assert_eq!(troops(&s, "luxembourg", SPA), 4);
}

/// M8: Storms stop the land move: the formation stays, the CP stays spent, the card is
/// discarded and the window closes.
#[test]
fn m8_storms_stop_the_move() {
    let mut s = game();
    give(&mut s, ENG, "storms");
    give(&mut s, FRA, "german_reiters");
    actions(&mut s, SPA, 2);
    move_formation(&mut s, "madrid", "valladolid", &[U::Regular], &[]);
    let storms = data().card_by_key("storms").unwrap().id;
    let ev = play(&mut s, Move::PlayCard { card: storms });
    assert!(ev.iter().any(|e| matches!(e, Event::ResponsePlayed { .. })));
    assert_eq!(kind(&s), "actions", "nobody else is asked");
    assert_eq!(troops(&s, "madrid", SPA), 6);
    assert_eq!(cp_left(&s), 1);
    assert!(s.discard.contains(&storms));
}

/// M9: German Reiters adds 2 mercenaries from the player's pool to its side.
#[test]
fn m9_german_reiters_add_two_mercenaries() {
    let mut s = game();
    war(&mut s, SPA, FRA);
    clear(&mut s, "paris");
    clear(&mut s, "rouen");
    place_leader(&mut s, "montmorency", "bordeaux");
    put(&mut s, "arras", PoolOwner::Spain, 3, 0, 0);
    put(&mut s, "amiens", PoolOwner::France, 1, 0, 0);
    give(&mut s, SPA, "german_reiters");
    actions(&mut s, SPA, 1);
    move_formation(&mut s, "arras", "amiens", &[U::Regular; 3], &[]);
    play(&mut s, Move::Done); // France does not avoid
    assert_eq!(kind(&s), "respond");
    assert_eq!(seat(&s), s.seat_of(SPA), "attacker first");
    let reiters = data().card_by_key("german_reiters").unwrap().id;
    let ev = play(&mut s, Move::PlayCard { card: reiters });
    let dice = ev.iter().find_map(|e| match e {
        Event::Rolled {
            power: Power::Spain,
            dice,
            ..
        } => Some(dice.len()),
        _ => None,
    });
    assert_eq!(dice, Some(5), "3 regulars + 2 mercenaries");
}

/// M10: combat cards whose effect is unknown are never offered in battle.
#[test]
fn m10_unknown_combat_cards_are_not_offered() {
    use signoria_elisabeth_i::cards;
    assert!(!cards::field_combat_cards_known());
    for c in &data().cards {
        if c.kind == signoria_elisabeth_i::data::CardKind::Combat && !c.identified {
            assert!(cards::combat_effect(&c.key).is_none(), "{}", c.key);
        }
    }
    assert_eq!(
        cards::combat_effect(cards::SIEGE_TECHNIQUE),
        Some(signoria_elisabeth_i::combat::CardEffect::SiegeTechnique)
    );
}

/// Erratum 198 ([13.1] "22.6" means [24.7]): independent regulars in their fortress never
/// block entry; the mover besieges them.
#[test]
fn erratum_198_independents_never_block_entry() {
    let mut s = game();
    put(&mut s, "genoa", PoolOwner::Spain, 4, 0, 0);
    actions(&mut s, SPA, 1);
    let ev = move_formation(&mut s, "genoa", "florence", &[U::Regular; 4], &[]);
    assert!(ev.iter().any(|e| matches!(e, Event::SiegeBegun { .. })));
    assert_eq!(s.sp(sp("florence")).siege.as_ref().unwrap().by, vec![SPA]);
}

/// Erratum 210 ([25.1] "über 50"): 50 Protestant spaces win.
#[test]
fn erratum_210_fifty_protestant_spaces_win() {
    let mut s = game();
    for x in &mut s.spaces {
        x.protestant = false;
        x.unrest = false;
    }
    // The four zones' spaces (the Protestant-spaces track, RULINGS G1).
    let d = signoria_elisabeth_i::data::data();
    let zones: Vec<usize> = d
        .space_ids()
        .filter(|&x| d.space(x).zone.is_some())
        .map(|x| x.0 as usize)
        .collect();
    for &i in &zones[..49] {
        s.spaces[i].protestant = true;
    }
    assert!(signoria_elisabeth_i::victory::automatic(&s).is_none());
    s.spaces[zones[49]].protestant = true;
    assert_eq!(
        signoria_elisabeth_i::victory::automatic(&s).unwrap().0,
        vec![PRO]
    );
}

/// Erratum 214 ([17.3] "Atlantic"): galleons in a home port next to any Atlantic sea
/// zone (London qualifies).
#[test]
fn erratum_214_galleons_next_to_any_atlantic_zone() {
    let s = game();
    assert!(signoria_elisabeth_i::building::build_ok(
        &s,
        ENG,
        sp("london"),
        signoria_elisabeth_i::model::ShipKind::Galleon
    ));
}

/// Every ruling cited in the code or the tests is in RULINGS.md, and every test a ruling
/// names exists.
#[test]
fn rulings_are_documented_and_tested() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let rulings = std::fs::read_to_string(root.join("RULINGS.md")).unwrap();
    let mut sources = String::new();
    let mut tests = String::new();
    fn walk(dir: &std::path::Path, out: &mut String) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push_str(&std::fs::read_to_string(&p).unwrap());
            }
        }
    }
    walk(&root.join("src"), &mut sources);
    walk(&root.join("tests"), &mut tests);
    // Citations: the word RULINGS (or RULINGS.md) followed by an id, in comments.
    let all = format!("{sources}{tests}");
    let mut cited = Vec::new();
    for (i, _) in all.match_indices("RULINGS") {
        let rest = &all[i + 7..];
        let rest = rest.strip_prefix(".md").unwrap_or(rest);
        let id: String = rest
            .trim_start()
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        if id.len() >= 2
            && id.chars().next().unwrap().is_ascii_uppercase()
            && id[1..].chars().all(|c| c.is_ascii_digit())
        {
            cited.push(id);
        }
    }
    assert!(cited.len() > 5, "{cited:?}");
    let mut rows = 0;
    for line in rulings
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| #") && !l.starts_with("|--"))
    {
        let cols: Vec<&str> = line.split('|').map(str::trim).collect();
        let (id, test) = (cols[1], cols[cols.len() - 2]);
        rows += 1;
        if test.contains("issue 15") {
            continue;
        }
        let names: Vec<&str> = test.split('`').skip(1).step_by(2).collect();
        assert!(!names.is_empty(), "{id}: no test named");
        for n in names {
            let f = n.rsplit("::").next().unwrap();
            assert!(
                tests.contains(&format!("fn {f}(")),
                "{id}: test {n} not found"
            );
        }
    }
    assert!(rows > 20);
    for id in cited {
        assert!(
            rulings.contains(&format!("| {id} |")),
            "{id} is cited but not in RULINGS.md"
        );
    }
}
