//! The data files against the seed: 45 lands, 9 per region, symmetric borders,
//! a connected map (also with 3 players), and every value the seed states.

use std::collections::BTreeSet;

use signoria_wallenstein::data::data;

fn id(name: &str) -> usize {
    data()
        .land_by_name(name)
        .unwrap_or_else(|| panic!("no land {name}")) as usize
}

#[test]
fn forty_five_lands_nine_per_region() {
    let d = data();
    assert_eq!(d.lands.len(), 45);
    assert_eq!(
        d.regions,
        vec!["Brandenburg", "Sachsen", "Österreich", "Bayern", "Kurpfalz"]
    );
    for r in 0..5 {
        assert_eq!(
            d.lands.iter().filter(|l| l.region == r).count(),
            9,
            "region {}",
            d.regions[r as usize]
        );
    }
    let names: BTreeSet<&str> = d.lands.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(names.len(), 45);
}

#[test]
fn borders_are_symmetric_and_irreflexive() {
    let d = data();
    for (i, l) in d.lands.iter().enumerate() {
        assert!(!l.borders.is_empty(), "{} has no neighbour", l.name);
        for &b in &l.borders {
            assert_ne!(b as usize, i, "{} borders itself", l.name);
            assert!(
                d.lands[b as usize].borders.contains(&(i as u8)),
                "{} -> {} is one-sided",
                l.name,
                d.lands[b as usize].name
            );
        }
    }
    // The correction of the one-sided source edge (data/README.md).
    assert!(
        d.lands[id("Neumark")]
            .borders
            .contains(&(id("Schlesien") as u8))
    );
}

fn connected(in_play: &[bool]) -> bool {
    let d = data();
    let start = in_play.iter().position(|&b| b).unwrap();
    let mut seen = [false; 45];
    let mut stack = vec![start];
    seen[start] = true;
    while let Some(x) = stack.pop() {
        for &b in &d.lands[x].borders {
            let b = b as usize;
            if in_play[b] && !seen[b] {
                seen[b] = true;
                stack.push(b);
            }
        }
    }
    (0..45).all(|i| !in_play[i] || seen[i])
}

#[test]
fn the_map_is_connected_with_and_without_the_three_player_exclusions() {
    assert!(connected(&[true; 45]));
    let three: Vec<bool> = data().lands.iter().map(|l| !l.out_with_3_players).collect();
    assert!(connected(&three));
}

#[test]
fn every_value_the_seed_states() {
    let d = data();
    // L158-160: exactly these 8 lands are out of play with 3 players.
    let out: BTreeSet<&str> = d
        .lands
        .iter()
        .filter(|l| l.out_with_3_players)
        .map(|l| l.name.as_str())
        .collect();
    let expected: BTreeSet<&str> = [
        "Bremen",
        "Holstein",
        "Bm. Lüttich",
        "Burgund",
        "Konstanz",
        "Fm. Bayern",
        "Steiermark",
        "Tirol",
    ]
    .into();
    assert_eq!(out, expected);
    // L403-404, L522-523: Burgund's tax is 7. L424-430: Bremen has 2 building sites.
    assert_eq!(d.lands[id("Burgund")].tax, 7);
    assert_eq!(d.lands[id("Bremen")].sites, 2);
    // L884: Anhalt borders Kursachsen.
    assert!(
        d.lands[id("Anhalt")]
            .borders
            .contains(&(id("Kursachsen") as u8))
    );
    // L384: every land has 1 to 3 building sites; the 80 building tiles (L57-59) fit.
    assert!(d.lands.iter().all(|l| (1..=3).contains(&l.sites)));
    assert!(d.lands.iter().map(|l| l.sites as u32).sum::<u32>() >= 80);
    // Outside the seed (reviews): tax 3..7, grain 2..5.
    assert!(
        d.lands
            .iter()
            .all(|l| (3..=7).contains(&l.tax) && (2..=5).contains(&l.grain))
    );
}

#[test]
fn events_and_setup_tables() {
    let d = data();
    // 12 event cards (L23); their winter grain losses (L1020-1177).
    assert_eq!(d.events.len(), 12);
    let mut losses: Vec<u8> = d.events.iter().map(|e| e.grain_loss).collect();
    losses.sort_unstable();
    assert_eq!(losses, vec![0, 1, 2, 2, 3, 3, 3, 4, 4, 5, 6, 7]);
    assert!(d.events.iter().enumerate().all(|(i, e)| e.id as usize == i));
    // L122-124: starting money.
    assert_eq!(
        (d.start_money[&3], d.start_money[&4], d.start_money[&5]),
        (18, 15, 12)
    );
    // L927-929: 9/8/7 groups; sizes follow the fixed set-ups (27/25/23 armies).
    for (p, groups, armies) in [(3, 9, 27), (4, 8, 25), (5, 7, 23)] {
        assert_eq!(d.groups[&p].len(), groups);
        assert_eq!(d.groups[&p].iter().map(|&g| g as u32).sum::<u32>(), armies);
        // Fixed set-ups (L939-995): one column per seat, distinct lands, the group sizes.
        let fixed = &d.fixed[&p];
        assert_eq!(fixed.len(), p);
        let mut all = BTreeSet::new();
        for seat in fixed {
            let mut sizes: Vec<u8> = seat.iter().map(|&(_, a)| a).collect();
            sizes.sort_unstable_by(|a, b| b.cmp(a));
            assert_eq!(&sizes, &d.groups[&p]);
            for &(l, _) in seat {
                assert!(all.insert(l), "land used twice in the {p}p set-up");
                assert!(
                    p > 3 || !d.lands[l as usize].out_with_3_players,
                    "an excluded land in the 3p set-up"
                );
            }
        }
    }
    // The recovered supply-table row (L706-715): 2 unsupplied -> 1 revolt, 2 extra peasants.
    assert_eq!(d.supply(2), (1, 2));
    assert_eq!(d.supply(0), (0, 0));
}
