//! The readings of RULINGS.md that the independent audit of November 2026 (findings
//! 1–5) questioned or found untested, each pinned so that a change of
//! the rule (or a broken effect) fails here.

mod common;
use common::*;
use signoria_lorenzo_il_magnifico::effects::net_gain;
use signoria_lorenzo_il_magnifico::model::*;
use signoria_lorenzo_il_magnifico::placement::requirement;
use signoria_lorenzo_il_magnifico::value::{ex, leader};

const BLACK: u8 = 0;
const WHITE: u8 = 1;

fn advanced(n: usize) -> State {
    let mut s = fresh(n);
    s.advanced = true;
    s
}

fn harvested(ev: &[signoria_engine::Scoped<Event>]) -> Option<i32> {
    ev.iter().find_map(|e| match e.event {
        Event::Harvested { value, .. } => Some(value),
        _ => None,
    })
}

fn produced(ev: &[signoria_engine::Scoped<Event>]) -> Option<i32> {
    ev.iter().find_map(|e| match e.event {
        Event::Produced { value, .. } => Some(value),
        _ => None,
    })
}

fn servant_choices(s: &State, member: u8, space: u8) -> Vec<u8> {
    legal(s, 0)
        .into_iter()
        .filter_map(|m| match m {
            Move::Place {
                member: m,
                space: sp,
                servants,
            } if m == member && sp == space => Some(servants),
            _ => None,
        })
        .collect()
}

// ---- R2 (audit finding 1): the period-I −3 tiles lower the action value, they are no placement condition.

/// [L290] the member needs value 1; [L730] the tile lowers the ACTION value by 3.
#[test]
fn r2_harvest_tile_lets_a_weak_member_take_the_small_space_and_yields_nothing() {
    let mut s = fresh(2);
    s.dice = [2, 1, 1];
    excommunicate(&mut s, 0, ex::HARVEST_MINUS_3);
    assert!(legal(&s, 0).contains(&place(BLACK, HARVEST_SMALL, 0)));
    let ev = play(&mut s, 0, place(BLACK, HARVEST_SMALL, 0));
    assert!(ev.iter().any(|e| matches!(
        e.event,
        Event::Placed {
            space: HARVEST_SMALL,
            value: 2,
            ..
        }
    )));
    assert_eq!(harvested(&ev), Some(-1));
    assert_eq!(
        s.players[0].res,
        Res::default(),
        "action value -1: not even the personal bonus tile"
    );
    assert_eq!(
        s.occ[HARVEST_SMALL as usize],
        vec![BLACK],
        "the space is blocked for the others"
    );
}

/// [L734–736] the same for production.
#[test]
fn r2_production_tile_lets_a_weak_member_take_the_small_space() {
    let mut s = fresh(2);
    s.dice = [1, 3, 1];
    excommunicate(&mut s, 0, ex::PRODUCTION_MINUS_3);
    let ev = play(&mut s, 0, place(WHITE, PRODUCTION_SMALL, 0));
    assert_eq!(produced(&ev), Some(0));
    assert_eq!(s.players[0].res, Res::default());
}

/// [L290, L732] large space and tile: −6 in all, the member still needs only 1.
#[test]
fn r2_large_space_with_the_tile_takes_a_member_of_one() {
    let mut s = fresh(3);
    s.dice = [1, 1, 1];
    excommunicate(&mut s, 0, ex::HARVEST_MINUS_3);
    let ev = play(&mut s, 0, place(BLACK, HARVEST_LARGE, 0));
    assert_eq!(harvested(&ev), Some(-5));
    assert_eq!(s.players[0].res, Res::default());
}

/// Servants: none are needed to place; they may lift the action value up to the
/// highest activation value (R1), which with the tile takes 3 more.
#[test]
fn r2_servants_are_optional_and_capped_at_the_highest_activation() {
    let mut s = fresh(2);
    s.dice = [2, 1, 1];
    excommunicate(&mut s, 0, ex::HARVEST_MINUS_3);
    s.players[0].res.0[SERVANTS] = 9;
    s.players[0].cards[0] = vec![card_id("Forest")]; // activation 5
    assert_eq!(
        servant_choices(&s, BLACK, HARVEST_SMALL),
        vec![0, 1, 2, 3, 4, 5, 6]
    );
    refused(&s, 0, place(BLACK, HARVEST_SMALL, 7));
    let ev = play(&mut s, 0, place(BLACK, HARVEST_SMALL, 6));
    assert_eq!(harvested(&ev), Some(5));
    // Tile 1 wood 1 stone 1 servant + Forest 3 wood.
    assert_eq!(s.players[0].res, res(4, 1, 4, 0, 0, 0, 0));
}

/// The personal bonus tile needs action value 1 [L298; L290 "erntet … nur etwas,
/// wenn sein … modifizierter Aktionswert mindestens …"]: 0 gives nothing, 1 gives the tile.
#[test]
fn r2_personal_bonus_tile_needs_action_value_one() {
    let mut s = fresh(2);
    s.dice = [3, 1, 1];
    excommunicate(&mut s, 0, ex::HARVEST_MINUS_3);
    s.players[0].res.0[SERVANTS] = 1;
    let mut t = s.clone();
    let ev = play(&mut s, 0, place(BLACK, HARVEST_SMALL, 0));
    assert_eq!(harvested(&ev), Some(0));
    assert_eq!(s.players[0].res, res(0, 0, 1, 0, 0, 0, 0));
    let ev = play(&mut t, 0, place(BLACK, HARVEST_SMALL, 1));
    assert_eq!(harvested(&ev), Some(1));
    assert_eq!(t.players[0].res, res(1, 1, 1, 0, 0, 0, 0));
}

/// Character bonuses raise the member's value [L294]; the tile does not lower it.
/// The neutral member (0) with the Farmer (+2) may harvest; nothing else is open
/// to it, so the must-place rule [L116–118] makes that placement compulsory.
#[test]
fn r2_must_place_counts_the_harvest_space_open_despite_the_tile() {
    let mut s = fresh(2);
    excommunicate(&mut s, 0, ex::HARVEST_MINUS_3);
    s.players[0].cards[2] = vec![card_id("Farmer")];
    s.players[0].placed = 0b0111; // only the neutral member is left
    let moves = legal(&s, 0);
    assert_eq!(moves, vec![place(NEUTRAL, HARVEST_SMALL, 0)]);
    refused(&s, 0, Move::Pass);
    let ev = play(&mut s, 0, place(NEUTRAL, HARVEST_SMALL, 0));
    assert_eq!(harvested(&ev), Some(-1));
}

// ---- R23 (audit finding 2): the fee comes from coins held before that take.

/// Coins from a leader action earlier in the same turn are held when the member
/// is placed, so they pay the fee [L248, L260; R23].
#[test]
fn r23_coins_of_an_earlier_leader_action_pay_the_fee() {
    let mut s = advanced(2);
    s.players[0].leaders.push(leader::MICHELANGELO);
    s.towers[sp(Kind::Territory, 1) as usize] = Some(card_id("Commercial Hub")); // free
    s.occ[sp(Kind::Territory, 2) as usize] = vec![4 + BLACK];
    let why = refused(&s, 0, place(BLACK, sp(Kind::Territory, 1), 0));
    assert!(why.contains("3-coin fee"), "{why}");
    play(
        &mut s,
        0,
        Move::ActivateLeader {
            leader: leader::MICHELANGELO,
            member: None,
        },
    );
    assert_eq!(s.players[0].res.0[COINS], 3);
    play(&mut s, 0, place(BLACK, sp(Kind::Territory, 1), 0));
    assert_eq!(s.players[0].res.0[COINS], 0);
}

/// A card's bonus "take a card" action: its own floor bonus never pays its own
/// fee [L260 applied to bonus takes, R4/R23].
#[test]
fn r23_bonus_take_own_floor_bonus_cannot_pay_its_own_fee() {
    let mut s = fresh(2);
    set_turn(&mut s, 0, true);
    s.players[0].res = res(0, 0, 0, 1, 0, 3, 0);
    let top = sp(Kind::Venture, 4); // floor bonus 2 coins
    s.towers[top as usize] = Some(card_id("Military Campaign")); // need 3 MP, pay 2 MP
    s.occ[sp(Kind::Venture, 1) as usize] = vec![4 + BLACK];
    s.stack.truncate(1);
    s.stack.push(Frame::BonusTake {
        seat: 0,
        kinds: 0b1111,
        value: 7,
        discount: Res::default(),
    });
    let take = Move::TakeBonusCard {
        space: top,
        servants: 0,
    };
    // 1 coin + the 2 of the floor bonus would be 3, but the fee comes first.
    assert_eq!(legal(&s, 0), vec![Move::Decline]);
    assert!(refused(&s, 0, take.clone()).contains("3-coin fee"));
    s.players[0].res.0[COINS] = 3;
    assert!(legal(&s, 0).contains(&take));
    play(&mut s, 0, take);
    assert_eq!(s.players[0].res.0[COINS], 5); // 3 − 3 fee + 2 bonus + 3 immediate
}

/// Coins gained earlier in the same action (the triggering placement's floor
/// bonus) are held before the bonus take and may pay its fee (R23).
#[test]
fn r23_triggering_floor_bonus_may_pay_the_bonus_take_fee() {
    let mut s = fresh(2);
    s.dice = [6, 1, 1];
    s.round = 5;
    // Repairing the Cathedral: 3 coins 3 wood 3 stone; bonus take any @7.
    s.players[0].res = res(3, 3, 1, 4, 0, 0, 0);
    s.towers[sp(Kind::Venture, 4) as usize] = Some(card_id("Repairing the Cathedral"));
    s.towers[sp(Kind::Territory, 1) as usize] = Some(card_id("Commercial Hub"));
    s.occ[sp(Kind::Territory, 2) as usize] = vec![4 + BLACK];
    play(&mut s, 0, place(BLACK, sp(Kind::Venture, 4), 1));
    assert_eq!(s.players[0].res.0[COINS], 3); // 4 + 2 bonus − 3 cost
    let take = Move::TakeBonusCard {
        space: sp(Kind::Territory, 1),
        servants: 0,
    };
    assert!(legal(&s, 0).contains(&take));
    play(&mut s, 0, take);
    assert_eq!(s.players[0].res.0[COINS], 0);
}

// ---- R6 (audit finding 3): the wood-or-stone tile takes 1 from the larger amount.

#[test]
fn r6_wood_or_stone_tile_takes_from_the_larger_amount() {
    let mut s = fresh(2);
    excommunicate(&mut s, 0, ex::LESS_WOOD_STONE);
    assert_eq!(
        net_gain(&s, 0, res(1, 2, 0, 0, 0, 0, 0), false),
        res(1, 1, 0, 0, 0, 0, 0)
    );
    assert_eq!(
        net_gain(&s, 0, res(3, 2, 0, 0, 0, 0, 0), false),
        res(2, 2, 0, 0, 0, 0, 0)
    );
    assert_eq!(
        net_gain(&s, 0, res(1, 1, 0, 0, 0, 0, 0), false),
        res(0, 1, 0, 0, 0, 0, 0)
    );
    assert_eq!(
        net_gain(&s, 0, res(0, 2, 0, 0, 0, 0, 0), false),
        res(0, 1, 0, 0, 0, 0, 0)
    );
}

// ---- R26 (audit finding 4) and Santa Rita's scope (finding 5): only a card's printed immediate
// wood/stone/coins/servants are doubled [L693 "nicht durch ein Aktionsfeld"].

#[test]
fn r26_santa_rita_does_not_double_a_card_privilege() {
    let mut s = fresh(2);
    s.players[0].leaders.push(leader::SANTA_RITA);
    s.players[0].res.0[COINS] = 5;
    s.towers[sp(Kind::Character, 1) as usize] = Some(card_id("Royal Messenger")); // 5 coins: 3 privileges
    play(&mut s, 0, place(BLACK, sp(Kind::Character, 1), 0));
    play(&mut s, 0, Move::ChoosePrivilege { option: 2 }); // 2 coins
    play(&mut s, 0, Move::ChoosePrivilege { option: 0 }); // 1 wood 1 stone
    play(&mut s, 0, Move::ChoosePrivilege { option: 1 }); // 2 servants
    assert_eq!(s.players[0].res, res(1, 1, 2, 2, 0, 0, 0));
}

#[test]
fn santa_rita_does_not_double_floor_bonus_harvest_or_leader_gains() {
    // Floor bonus (venture floor 3: 1 coin) not doubled; the card's own 3 coins are.
    let mut s = fresh(2);
    s.dice = [5, 1, 1];
    s.players[0].leaders.push(leader::SANTA_RITA);
    s.players[0].res.0[MP] = 3;
    s.towers[sp(Kind::Venture, 3) as usize] = Some(card_id("Military Campaign")); // pay 2 MP, +3 coins
    play(&mut s, 0, place(BLACK, sp(Kind::Venture, 3), 0));
    assert_eq!(s.players[0].res.0[COINS], 1 + 6);
    // A harvest is not doubled: tile 1/1/1 + Gold Mine 2 coins.
    let mut h = fresh(2);
    h.players[0].leaders.push(leader::SANTA_RITA);
    h.players[0].cards[0] = vec![card_id("Gold Mine")];
    play(&mut h, 0, place(BLACK, HARVEST_SMALL, 0));
    assert_eq!(h.players[0].res, res(1, 1, 1, 2, 0, 0, 0));
    // Michelangelo's 3 coins are not doubled.
    let mut m = advanced(2);
    m.players[0].leaders = vec![leader::SANTA_RITA, leader::MICHELANGELO];
    play(
        &mut m,
        0,
        Move::ActivateLeader {
            leader: leader::MICHELANGELO,
            member: None,
        },
    );
    assert_eq!(m.players[0].res.0[COINS], 3);
}

// ---- Audit finding 5: effects no other test exercised.

/// I-1: 1 MP less per source [L711–713]: market 3 MP + 2 coins, building floor 4, Hiring Recruits.
#[test]
fn i1_less_military_points_per_source() {
    let mut s = fresh(4);
    excommunicate(&mut s, 0, ex::LESS_MP);
    play(&mut s, 0, place(BLACK, MARKET + 2, 0));
    assert_eq!((s.players[0].res.0[MP], s.players[0].res.0[COINS]), (2, 2));

    let mut b = fresh(2);
    b.dice = [6, 1, 1];
    excommunicate(&mut b, 0, ex::LESS_MP);
    b.players[0].res = res(2, 0, 1, 0, 0, 0, 0);
    b.towers[sp(Kind::Building, 4) as usize] = Some(card_id("Chapel")); // 2 wood, +1 FP
    play(&mut b, 0, place(BLACK, sp(Kind::Building, 4), 1));
    assert_eq!(b.players[0].res.0[MP], 1, "floor bonus 2 MP − 1");

    let mut v = fresh(2);
    excommunicate(&mut v, 0, ex::LESS_MP);
    v.players[0].res.0[COINS] = 4;
    v.towers[sp(Kind::Venture, 1) as usize] = Some(card_id("Hiring Recruits")); // 4 coins, +5 MP
    play(&mut v, 0, place(BLACK, sp(Kind::Venture, 1), 0));
    assert_eq!(v.players[0].res.0[MP], 4);
}

/// II-1…II-4: −4 when taking a card of that type, by a member or by a card's
/// bonus action [L740–746].
#[test]
fn ii_take_minus_four_applies_to_members_and_bonus_takes() {
    let mut s = fresh(2);
    s.dice = [6, 1, 1];
    excommunicate(&mut s, 0, ex::TAKE_MINUS_4 + Kind::Territory.idx() as u8);
    s.players[0].res.0[SERVANTS] = 3;
    s.towers[sp(Kind::Territory, 1) as usize] = Some(card_id("Commercial Hub"));
    s.towers[sp(Kind::Territory, 2) as usize] = Some(card_id("Woods"));
    assert_eq!(servant_choices(&s, BLACK, sp(Kind::Territory, 2)), vec![1]);
    refused(&s, 0, place(BLACK, sp(Kind::Territory, 2), 0));
    // Other types are not affected: a building floor 2 needs no servant with a 6.
    s.towers[sp(Kind::Building, 2) as usize] = Some(card_id("Chapel"));
    s.players[0].res.0[WOOD] = 2;
    assert_eq!(servant_choices(&s, BLACK, sp(Kind::Building, 2)), vec![0]);

    // Captain's bonus take (territory @6) is worth 2: floor 1 free, floor 2 one servant.
    let mut t = s.clone();
    set_turn(&mut t, 0, true);
    t.stack.truncate(1);
    t.stack.push(Frame::BonusTake {
        seat: 0,
        kinds: 1 << Kind::Territory.idx(),
        value: 6,
        discount: Res::default(),
    });
    assert_eq!(
        legal(&t, 0),
        vec![
            Move::TakeBonusCard {
                space: sp(Kind::Territory, 1),
                servants: 0
            },
            Move::TakeBonusCard {
                space: sp(Kind::Territory, 2),
                servants: 1
            },
            Move::Decline
        ]
    );
    t.players[0].res.0[SERVANTS] = 0;
    assert_eq!(
        legal(&t, 0),
        vec![
            Move::TakeBonusCard {
                space: sp(Kind::Territory, 1),
                servants: 0
            },
            Move::Decline
        ]
    );

    // Each of the four tiles lowers exactly its own type.
    for k in Kind::ALL {
        let mut s = fresh(2);
        s.dice = [6, 1, 1];
        excommunicate(&mut s, 0, ex::TAKE_MINUS_4 + k.idx() as u8);
        for other in Kind::ALL {
            let (base, need, _) = requirement(&s, 0, BLACK, sp(other, 2));
            assert_eq!(
                (base, need),
                (if other == k { 2 } else { 6 }, 3),
                "tile {k:?}, tower {other:?}"
            );
        }
    }
}

fn activate(s: &mut State, l: u8) {
    s.players[0].leaders.push(l);
    play(
        s,
        0,
        Move::ActivateLeader {
            leader: l,
            member: None,
        },
    );
    // Once per round.
    assert!(!legal(s, 0).contains(&Move::ActivateLeader {
        leader: l,
        member: None
    }));
}

/// The gain leaders [L601–609, L613–616, L627–630, L697–700].
#[test]
fn gain_leaders_give_exactly_their_printed_gain() {
    let cases = [
        (leader::SAVONAROLA, res(0, 0, 0, 0, 0, 0, 1)),
        (leader::BANDE_NERE, res(1, 1, 0, 1, 0, 0, 0)),
        (leader::BOTTICELLI, res(0, 0, 0, 0, 1, 2, 0)),
        (leader::COSIMO, res(0, 0, 3, 0, 1, 0, 0)),
        (leader::MICHELANGELO, res(0, 0, 0, 3, 0, 0, 0)),
        (leader::COLLEONI, res(0, 0, 0, 0, 4, 0, 0)),
    ];
    for (l, gain) in cases {
        let mut s = advanced(2);
        activate(&mut s, l);
        assert_eq!(s.players[0].res, gain, "leader {l}");
        assert!(decisions(&s).is_empty());
    }
    // Gonzaga: one council privilege to choose.
    let mut s = advanced(2);
    activate(&mut s, leader::GONZAGA);
    assert_eq!(
        decisions(&s),
        [Frame::Privileges {
            seat: 0,
            left: 1,
            taken: 0
        }]
    );
    play(&mut s, 0, Move::ChoosePrivilege { option: 3 });
    assert_eq!(s.players[0].res, res(0, 0, 0, 0, 0, 2, 0));
}
