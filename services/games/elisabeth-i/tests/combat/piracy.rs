//! Piracy on the Europe map (16.4), digest 8.10 #120-124.

use signoria_elisabeth_i::combat::Scripted;
use signoria_elisabeth_i::combat::naval_battle::{Admiral, Fleet, Waters};
use signoria_elisabeth_i::combat::piracy::{Piracy, PiracyChoice, PiracyInput, Reward, may_pirate};
use signoria_elisabeth_i::data::{PoolOwner, Power, ShipType, data};

fn input(pirate: Fleet, target: Power, at_war: bool) -> PiracyInput {
    PiracyInput {
        zone: data().sea_zone_id("tyrrhenian_sea").unwrap(),
        pirate,
        target,
        target_is_major_active: true,
        at_war,
        target_ports: 2,
        markers: Default::default(),
        target_ships_in_zone: 0,
        defence_ships_adjacent: 0,
        defence_fortresses: 0,
        target_ships_near: Vec::new(),
        drawable: 3,
        armada_near: 0,
    }
}

fn play(
    i: PiracyInput,
    dice: &[u8],
    mut pick: impl FnMut(Power, &[PiracyChoice]) -> PiracyChoice,
) -> Piracy {
    let mut d = Scripted::new(dice);
    let mut p = Piracy::start(i, &mut d).expect("start");
    while let Some(a) = p.ask().cloned() {
        let c = pick(a.power, &a.options);
        p.choose(a.power, &c, &mut d).expect("legal");
    }
    assert!(d.is_empty(), "dice left: {:?}", d.0);
    p
}

#[test]
fn piracy_limits_and_war() {
    // 8.10 #120 and 16.4 step 1.
    let f = Fleet::new(Power::Spain).with(ShipType::Galley, 2);
    assert!(
        may_pirate(&input(f.clone(), Power::France, false)).is_err(),
        "needs war"
    );
    let mut i = input(f.clone(), Power::France, true);
    assert!(may_pirate(&i).is_ok());
    i.markers.pirate_here_this_turn = true;
    assert!(may_pirate(&i).is_err());
    let mut i = input(f.clone(), Power::France, true);
    i.markers.powers_here_this_turn = 2;
    assert!(may_pirate(&i).is_err());
    let mut i = input(f.clone(), Power::France, true);
    i.markers.pirate_attempts_this_turn = 3;
    assert!(may_pirate(&i).is_err());
    let mut i = input(f, Power::France, true);
    i.target_ports = 0;
    assert!(may_pirate(&i).is_err());
    // Ottoman corsairs need no war.
    let c = Fleet::new(Power::Ottoman).with(ShipType::Corsair, 1);
    assert!(may_pirate(&input(c, Power::Spain, false)).is_ok());
}

#[test]
fn defence_dice_and_hits_on_the_pirates() {
    // 16.4 steps 2-3 (8.10 #121, #122): 1 target ship in the zone (2 dice), 2 adjacent ships,
    // 1 fortress = 5 dice; 4 hits against Ottoman 2 corsairs + 2 galleys: 2 corsairs die
    // first, then 2 hits sink one galley. The last galley does not roll: without a corsair
    // the Ottoman may not pirate a power it is not at war with (8.10 #124).
    let f = Fleet::new(Power::Ottoman)
        .with(ShipType::Corsair, 2)
        .with(ShipType::Galley, 2);
    let mut i = input(f, Power::Spain, false);
    i.target_ships_in_zone = 1;
    i.defence_ships_adjacent = 2;
    i.defence_fortresses = 1;
    let p = play(i, &[6, 6, 5, 5, 1], |_, o| o[0]);
    let o = p.outcome().unwrap();
    assert_eq!(o.defence_dice, 5);
    let lost: Vec<(ShipType, u8)> = o.pirate_lost.iter().map(|s| (s.kind, s.count)).collect();
    assert_eq!(lost, vec![(ShipType::Corsair, 2), (ShipType::Galley, 1)]);
    assert_eq!(o.pirate_dice, 0);
}

#[test]
fn pirate_dice_and_evenly_spread_rewards() {
    // 16.4 steps 4-5 (8.10 #123): 2 ships and 2 target ports = 2 dice + Dragut's piracy
    // rating 2 = 4 dice, 4 hits. Spain as the target must give each available reward once
    // before any twice: ship, card, VP, Armada.
    let pirate = Fleet::new(Power::Ottoman)
        .with(ShipType::Galley, 2)
        .led_by(Admiral {
            id: "dragut".into(),
            battle: 1,
            piracy: 2,
        });
    let mut i = input(pirate, Power::Spain, true);
    let sea = Waters::Sea(data().sea_zone_id("tyrrhenian_sea").unwrap());
    i.target_ships_near = vec![(sea, PoolOwner::Spain, ShipType::Galley)];
    i.drawable = 1;
    i.armada_near = 4;
    let mut asked = Vec::new();
    let p = play(i, &[6, 6, 6, 6], |pw, o| {
        asked.push((pw, o.len()));
        // Spain keeps giving VP when it may.
        *o.iter()
            .find(|c| **c == PiracyChoice::Give(Reward::PiracyVp))
            .unwrap_or(&o[0])
    });
    let o = p.outcome().unwrap();
    assert_eq!(o.pirate_dice, 4);
    assert_eq!(o.rewards.len(), 4);
    let vp = o.rewards.iter().filter(|r| **r == Reward::PiracyVp).count();
    assert_eq!(vp, 1, "VP only once before every other reward was given");
    assert!(asked.iter().all(|(p, _)| *p == Power::Spain));
    // 1 die with a single pirate ship; no card reward when nothing can be drawn.
    let mut i = input(
        Fleet::new(Power::France).with(ShipType::Galley, 1),
        Power::Spain,
        true,
    );
    i.drawable = 0;
    let p = play(i, &[6], |_, o| o[0]);
    let o = p.outcome().unwrap();
    assert_eq!(o.pirate_dice, 1);
    assert_eq!(o.rewards, vec![Reward::PiracyVp]);
}
