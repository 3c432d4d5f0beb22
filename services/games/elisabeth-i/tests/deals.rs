//! Deals, treasures and active minors (issue 15, rulings `T<n>`): treasures as a term of
//! a diplomatic deal ([9.1] 7), in random draws from a hand ([6.3]), as payment for
//! declarations of war ([9.4] step 3), the impulse extended after an event that gave no
//! CP ([11]); inactive activated majors make no agreements.

mod common;

use common::*;
use signoria_elisabeth_i::ElisabethI as E;
use signoria_elisabeth_i::data::{CardId, data};
use signoria_elisabeth_i::deal::is_home;
use signoria_elisabeth_i::diplomacy as dip;
use signoria_elisabeth_i::model::{Deal, DealPick, Event, Frame, Move, Pw, State};
use signoria_elisabeth_i::world::{self, Event as WE, Move as WM, treasure};
use signoria_engine::{Audience, Game, GameRng, ProtoGame};

/// The Campaign set-up with the World map laid out (the treasure pool), in turn 3.
fn tgame() -> State {
    let mut s = game();
    s.turn = 3;
    world::ensure(&mut s);
    s
}

/// Put treasures of these faces from the pool into `p`'s hand (counts conserved).
fn hold(s: &mut State, p: Pw, faces: &[u8]) {
    for &f in faces {
        let i = s
            .world
            .pool
            .iter()
            .position(|&t| t == f)
            .expect("face in pool");
        s.world.pool.remove(i);
        s.world.hands[p as usize].push(f);
    }
    s.world.hands[p as usize].sort();
}

/// `n` cards of the discard pile that are neither home nor mandatory cards.
fn plain_cards(s: &State, n: usize) -> Vec<CardId> {
    s.discard
        .iter()
        .copied()
        .filter(|&c| signoria_elisabeth_i::deal::pays_dow(c) && !is_home(c))
        .take(n)
        .collect()
}

/// Move `n` plain cards of the discard pile into `p`'s hand.
fn deal_plain(s: &mut State, p: Pw, n: usize) {
    let c = plain_cards(s, n);
    deal_cards(s, p, &c);
}

fn deal_cards(s: &mut State, p: Pw, cards: &[CardId]) {
    s.discard.retain(|c| !cards.contains(c));
    s.ps_mut(p).hand.extend(cards);
    s.ps_mut(p).hand.sort();
}

fn negotiate(s: &mut State, who: Pw) {
    s.stack = vec![Frame::Negotiate { who }];
}

fn offer(to: Pw, deal: DealPick) -> Move {
    Move::Propose { to, deal }
}

fn wev(ev: &[signoria_engine::Scoped<Event>]) -> Vec<(Audience, WE)> {
    ev.iter()
        .filter_map(|e| match &e.event {
            Event::World(x) => Some((e.audience.clone(), x.clone())),
            _ => None,
        })
        .collect()
}

/// RULINGS T1 ([9.1] 7): England gives France two treasures drawn at random; the number
/// is public, the faces reach the two parties only; the gift flows one way per pair and
/// turn, separately from the card gifts.
#[test]
fn t1_treasures_as_a_deal_term() {
    let mut s = tgame();
    hold(&mut s, ENG, &[1, 3, 5]);
    negotiate(&mut s, ENG);
    let m = moves(&s);
    for k in 1..=2 {
        assert!(m.contains(&offer(FRA, DealPick::GiveTreasures(k))));
    }
    assert!(
        !m.contains(&offer(FRA, DealPick::GiveTreasures(3))),
        "at most two treasures"
    );
    // France holds no treasure: it cannot offer any.
    assert!(
        !dip::terms(&s, FRA, ENG)
            .iter()
            .any(|d| matches!(d, DealPick::GiveTreasures(_)))
    );
    let mv = offer(FRA, DealPick::GiveTreasures(2));
    let pb = E::move_to_pb(&mv);
    assert_eq!(E::move_from_pb(&pb).unwrap(), mv);
    let before = s.world.hands[ENG as usize].clone();
    play(&mut s, mv);
    let ev = announce_and_confirm_scoped(&mut s);
    assert_eq!(s.world.hands[ENG as usize].len(), 1);
    let got = s.world.hands[FRA as usize].clone();
    assert_eq!(got.len(), 2);
    let mut all = got.clone();
    all.extend(&s.world.hands[ENG as usize]);
    all.sort();
    assert_eq!(all, before, "the treasures changed hands");
    let w = wev(&ev);
    assert!(w.iter().any(|(a, e)| *a == Audience::All
        && *e
            == WE::TreasuresGained {
                power: FRA,
                count: 2
            }));
    let seen: Vec<&Audience> = w
        .iter()
        .filter(|(_, e)| matches!(e, WE::TreasuresSeen { treasures, .. } if *treasures == got))
        .map(|(a, _)| a)
        .collect();
    assert_eq!(
        seen,
        vec![
            &Audience::Seats(vec![s.seat_of(ENG)]),
            &Audience::Seats(vec![s.seat_of(FRA)])
        ],
        "faces to the two parties only"
    );
    // One direction per pair and turn: England may not announce France giving treasures
    // back ...
    hold(&mut s, FRA, &[2]);
    negotiate(&mut s, ENG);
    assert!(!moves(&s).iter().any(|m| matches!(
        m,
        Move::Ask {
            from: FRA,
            deal: DealPick::GiveTreasures(_)
        }
    )));
    // ... but France may give them to another power, and England may still give cards (a
    // separate term).
    negotiate(&mut s, FRA);
    assert!(moves(&s).contains(&offer(PRO, DealPick::GiveTreasures(1))));
    deal_plain(&mut s, ENG, 1);
    assert!(dip::terms(&s, ENG, FRA).contains(&DealPick::GiveCards(1)));
    // The next turn the direction is free again.
    s.turn += 1;
    assert!(dip::terms(&s, FRA, ENG).contains(&DealPick::GiveTreasures(1)));
}

/// RULINGS T1, R8: a gift no longer possible when the party's turn comes (the giver spent
/// its treasures meanwhile) can only be rejected; a proposal of zero or three treasures is
/// refused by the proto.
#[test]
fn t1_a_treasure_gift_is_carried_out_in_full_or_not_at_all() {
    let mut s = tgame();
    hold(&mut s, SPA, &[4, 4]);
    negotiate(&mut s, SPA);
    play(&mut s, offer(ENG, DealPick::GiveTreasures(2)));
    play(&mut s, Move::Announce);
    let t = s.world.hands[SPA as usize].pop().unwrap();
    s.world.spent.push(t);
    play(&mut s, Move::Done);
    assert_eq!(kind(&s), "confirm");
    assert_eq!(moves(&s), vec![Move::Reject]);
    let mut pb = E::move_to_pb(&offer(ENG, DealPick::GiveTreasures(2)));
    pb.deal.as_mut().unwrap().count = 3;
    assert!(E::move_from_pb(&pb).is_err());
    pb.deal.as_mut().unwrap().count = 0;
    assert!(E::move_from_pb(&pb).is_err());
}

/// RULINGS T2 ([6.3]): a random draw of a "card" takes a card when the hand holds more
/// cards than treasures (home cards never count), otherwise a treasure.
#[test]
fn t2_random_draws_take_a_treasure_unless_cards_outnumber_them() {
    let mut s = tgame();
    let home = s
        .discard
        .iter()
        .copied()
        .find(|&c| is_home(c))
        .or_else(|| {
            (0..data().cards.len())
                .map(|i| CardId(i as u8))
                .find(|&c| is_home(c))
        })
        .unwrap();
    let cards = plain_cards(&s, 2);
    // One card, one home card, one treasure: equal -> a treasure.
    deal_cards(&mut s, FRA, &cards[..1]);
    if !s.ps(FRA).hand.contains(&home) {
        s.discard.retain(|&c| c != home);
        s.deck.retain(|&c| c != home);
        s.ps_mut(FRA).hand.push(home);
    }
    hold(&mut s, FRA, &[5]);
    assert_eq!(treasure::draw_pool(&s, FRA), (true, 1));
    // Two cards, one treasure: a card.
    deal_cards(&mut s, FRA, &cards[1..2]);
    assert_eq!(treasure::draw_pool(&s, FRA), (false, 2));
    // No treasure at all: a card; nothing at all: nothing.
    assert_eq!(treasure::draw_pool(&s, ENG), (false, 0));
}

/// RULINGS T2 ([6.3], [9.3]): the card a ransom draws is a treasure when the ransomed
/// power holds as many treasures as cards; its face reaches the two seats only.
#[test]
fn t2_a_ransom_draws_a_treasure() {
    let mut s = tgame();
    let l = s
        .leaders
        .iter()
        .find(|l| l.owner == FRA)
        .map(|l| l.idx)
        .unwrap();
    let i = signoria_elisabeth_i::board::leader_pos(&s, l);
    s.leaders[i].at = signoria_elisabeth_i::model::Loc::Captured(SPA);
    deal_plain(&mut s, FRA, 1);
    hold(&mut s, FRA, &[2]);
    let cards_before = (s.ps(FRA).hand.clone(), s.ps(SPA).hand.clone());
    s.stack = vec![Frame::Ransom { who: FRA }];
    let mv = Move::Ransom { leader: l };
    assert!(moves(&s).contains(&mv));
    let seat = s.seat_of(FRA);
    let ev = E::apply(&mut s, seat, &mv).unwrap();
    assert!(E::invariant_violations(&s).is_empty());
    assert_eq!(
        (s.ps(FRA).hand.clone(), s.ps(SPA).hand.clone()),
        cards_before
    );
    assert!(s.world.hands[FRA as usize].is_empty());
    assert_eq!(s.world.hands[SPA as usize], vec![2]);
    assert!(wev(&ev).iter().any(|(a, e)| *a == Audience::All
        && *e
            == WE::TreasuresGained {
                power: SPA,
                count: 1
            }));
    assert!(ev.iter().any(|e| matches!(
        e.event,
        Event::Ransomed {
            card_taken: true,
            ..
        }
    )));
    // With two cards and one treasure the card is taken.
    let mut t = tgame();
    let i = signoria_elisabeth_i::board::leader_pos(&t, l);
    t.leaders[i].at = signoria_elisabeth_i::model::Loc::Captured(SPA);
    deal_plain(&mut t, FRA, 2);
    hold(&mut t, FRA, &[2]);
    t.stack = vec![Frame::Ransom { who: FRA }];
    E::apply(&mut t, seat, &mv).unwrap();
    assert_eq!(t.world.hands[FRA as usize], vec![2]);
    assert_eq!(t.ps(FRA).hand.len(), 1);
    assert_eq!(t.ps(SPA).hand.len(), 1);
}

/// RULINGS T2 ([6.3], [16.4] step 5): a piracy hit's "card" from a target holding more
/// treasures than cards is a treasure.
#[test]
fn t2_piracy_draws_a_treasure() {
    let mut s = tgame();
    hold(&mut s, SPA, &[1, 2]);
    let mut ev = Vec::new();
    let o = signoria_elisabeth_i::combat::piracy::PiracyOutcome {
        pirate_hits: 1,
        rewards: vec![signoria_elisabeth_i::combat::piracy::Reward::DrawCard],
        ..Default::default()
    };
    let zone = signoria_elisabeth_i::data::SeaZoneId(0);
    signoria_elisabeth_i::naval::apply_piracy(&mut s, OTT, zone, SPA, &o, &mut ev);
    assert_eq!(s.world.hands[SPA as usize].len(), 1);
    assert_eq!(s.world.hands[OTT as usize].len(), 1);
    assert!(E::invariant_violations(&s).is_empty());
}

/// RULINGS T3: an inactive activated major (4 players: no seat runs it) neither proposes
/// nor receives an agreement; one run by a seat does.
#[test]
fn t3_inactive_activated_majors_make_no_agreements() {
    let mut s = E::setup(&signoria_elisabeth_i::Options::default(), 4, 7).unwrap();
    s.wars.clear();
    s.minors.activated = vec![(OTT, None), (HRE, Some(SPA))];
    negotiate(&mut s, FRA);
    let m = moves(&s);
    assert!(
        !m.iter().any(|m| matches!(m, Move::Propose { to: OTT, .. })),
        "no offer to the inactive Ottomans"
    );
    assert!(m.contains(&offer(HRE, DealPick::Alliance)));
    assert!(dip::terms(&s, OTT, FRA).is_empty());
    // Once a seat runs it, it deals again.
    s.minors.activated = vec![(OTT, Some(ENG)), (HRE, Some(SPA))];
    assert!(dip::terms(&s, FRA, OTT).contains(&DealPick::Alliance));
}

/// RULINGS T4 ([9.4] step 3): a declaration of war may be paid with treasures (their CP
/// faces only); a treasure paid is spent face up.
#[test]
fn t4_declarations_of_war_paid_with_treasures() {
    let mut s = tgame();
    hold(&mut s, FRA, &[5, treasure::VP]);
    let target = (0..6u8)
        .filter(|&t| t != FRA)
        .find(|&t| dip::dow_cost(FRA, t).is_some_and(|c| c <= 5))
        .expect("a target France can afford with 5 CP");
    let cost = dip::dow_cost(FRA, target).unwrap();
    s.stack = vec![Frame::DeclareWar {
        who: FRA,
        declared: vec![],
    }];
    let dow = Move::DeclareWarOn { target };
    assert!(moves(&s).contains(&dow), "5 treasure CP pay {cost}");
    // A 1-VP treasure pays nothing: without the 5, no declaration.
    let mut t = s.clone();
    let five = t.world.hands[FRA as usize].remove(0);
    t.world.pool.push(five);
    assert!(!moves(&t).contains(&dow));
    play(&mut s, dow);
    play(&mut s, Move::Done);
    assert_eq!(kind(&s), "pay_war");
    let pay = Move::World(WM::PlayTreasure { treasure: 5 });
    assert_eq!(moves(&s), vec![pay.clone()], "only the CP treasure pays");
    let pb = E::move_to_pb(&pay);
    assert_eq!(E::move_from_pb(&pb).unwrap(), pay);
    play(&mut s, pay);
    assert_ne!(kind(&s), "pay_war");
    assert_eq!(s.world.hands[FRA as usize], vec![treasure::VP]);
    assert!(s.world.spent.contains(&5));
    assert!(signoria_elisabeth_i::board::at_war(&s, FRA, target));
}

/// RULINGS T5 ([11]): after an event that gave no CP (*Englisches Kolleg, Douai*) the
/// power may still extend its impulse with a treasure, of any action type; after an
/// event it declines, the next impulse follows.
#[test]
fn t5_a_treasure_extends_the_impulse_after_an_event_without_cp() {
    let mut s = tgame();
    give(&mut s, SPA, "english_college_douai");
    hold(&mut s, SPA, &[3]);
    let card = data().card_by_key("english_college_douai").unwrap().id;
    s.stack = vec![Frame::Impulse {
        who: SPA,
        passes: 0,
    }];
    let mut t = s.clone();
    play(&mut s, Move::PlayEvent { card });
    assert_eq!(kind(&s), "world_extend");
    let t3 = Move::World(WM::PlayTreasure { treasure: 3 });
    assert_eq!(moves(&s), vec![t3.clone(), Move::Done]);
    play(&mut s, t3);
    assert_eq!(kind(&s), "actions");
    assert_eq!(cp_left(&s), 3);
    let m = moves(&s);
    assert!(
        m.iter()
            .any(|m| matches!(m, Move::MoveFrom { .. } | Move::Raise { .. })),
        "no action type is barred after an event"
    );
    assert!(
        !m.iter()
            .any(|m| matches!(m, Move::World(WM::PlayTreasure { .. })))
    );
    // Declining: the impulse is over.
    play(&mut t, Move::PlayEvent { card });
    play(&mut t, Move::Done);
    assert!(!matches!(kind(&t), "world_extend" | "actions"));
    assert_eq!(t.world.hands[SPA as usize], vec![3]);
    // Without treasures nothing is asked.
    let mut u = tgame();
    give(&mut u, SPA, "english_college_douai");
    u.stack = vec![Frame::Impulse {
        who: SPA,
        passes: 0,
    }];
    play(&mut u, Move::PlayEvent { card });
    assert!(!matches!(kind(&u), "world_extend" | "actions"));
}

/// Hidden information: a third seat's redraw changes the faces of the treasures a gift
/// moved, never its view.
#[test]
fn treasure_gifts_stay_hidden_from_third_seats() {
    let mut s = tgame();
    hold(&mut s, ENG, &[1, 5]);
    negotiate(&mut s, ENG);
    play(&mut s, offer(FRA, DealPick::GiveTreasures(1)));
    announce_and_confirm(&mut s);
    let spa = s.seat_of(SPA);
    let v = E::view(&s, signoria_engine::Viewer::Seat(spa));
    let mut changed = false;
    for seed in 0..20 {
        let mut rng = GameRng::from_seed(seed);
        let t = signoria_elisabeth_i::hidden::resample(&s, spa, &mut rng);
        assert_eq!(E::view(&t, signoria_engine::Viewer::Seat(spa)), v);
        changed |= t.world.hands[FRA as usize] != s.world.hands[FRA as usize];
    }
    assert!(changed, "the receiver's faces are redrawn for a third seat");
    let _ = Deal::GiveTreasures(1);
}

/// RULINGS T6 ([24.2] step 2): when Venice is activated by Spain, the powers at war with
/// it decide in impulse order: England declares war on Spain at no cost; France does
/// not, and its units in Venice's home spaces are displaced.
#[test]
fn t6_free_declarations_on_the_activator() {
    use signoria_elisabeth_i::data::{PoolOwner, Power};
    use signoria_elisabeth_i::minors::activation;
    let mut s = game();
    s.minors.wars = vec![(Power::Venice, ENG), (Power::Venice, FRA)];
    clear(&mut s, "verona");
    put(&mut s, "verona", PoolOwner::France, 2, 0, 0);
    s.sp_mut(sp("verona")).controller = Power::France;
    s.stack.clear();
    let mut ev = Vec::new();
    activation::activate(&mut s, Power::Venice, SPA, &mut ev);
    assert!(s.minors.wars.is_empty(), "step 5: the wars on Venice end");
    assert_eq!(kind(&s), "minor_free_war");
    assert_eq!(seat(&s), s.seat_of(ENG));
    let dow = Move::DeclareWarOn { target: SPA };
    assert_eq!(moves(&s), vec![dow.clone(), Move::Done]);
    let cards = s.ps(ENG).hand.clone();
    play(&mut s, dow);
    assert!(signoria_elisabeth_i::board::at_war(&s, ENG, SPA));
    assert_eq!(s.ps(ENG).hand, cards, "no CP paid");
    assert_eq!(kind(&s), "minor_free_war");
    assert_eq!(seat(&s), s.seat_of(FRA));
    play(&mut s, Move::Done);
    assert!(!signoria_elisabeth_i::board::at_war(&s, FRA, SPA));
    assert_eq!(troops(&s, "verona", FRA), 0, "France's units displaced");
    assert_eq!(kind(&s), "over");
    // An ally of the activator may not declare: displaced at once, nothing asked.
    let mut t = game();
    t.minors.wars = vec![(Power::Venice, FRA)];
    clear(&mut t, "verona");
    put(&mut t, "verona", PoolOwner::France, 2, 0, 0);
    t.sp_mut(sp("verona")).controller = Power::France;
    signoria_elisabeth_i::board::set_alliance(&mut t, FRA, SPA);
    t.stack.clear();
    activation::activate(&mut t, Power::Venice, SPA, &mut Vec::new());
    assert_eq!(kind(&t), "over");
    assert_eq!(troops(&t, "verona", FRA), 0);
}

/// RULINGS T6 ([24.2] step 6): Ireland's new ally may declare war at no cost on the
/// major controlling Dublin; Spain on England only while that costs 3 CP or less.
#[test]
fn t6_ireland_frees_a_declaration_on_dublins_controller() {
    use signoria_elisabeth_i::data::Power;
    use signoria_elisabeth_i::minors::activation;
    let mut s = game();
    s.sp_mut(sp("dublin")).controller = Power::England;
    s.stack.clear();
    let mut t = s.clone();
    activation::activate(&mut s, Power::Ireland, FRA, &mut Vec::new());
    assert_eq!(kind(&s), "minor_free_war");
    assert_eq!(moves(&s)[0], Move::DeclareWarOn { target: ENG });
    play(&mut s, Move::DeclareWarOn { target: ENG });
    assert!(signoria_elisabeth_i::board::at_war(&s, FRA, ENG));
    // Spain's declaration on England costs more than 3 CP ([9.5]): not free.
    assert!(dip::dow_cost(SPA, ENG).unwrap() > 3);
    activation::activate(&mut t, Power::Ireland, SPA, &mut Vec::new());
    assert_eq!(kind(&t), "over");
}
