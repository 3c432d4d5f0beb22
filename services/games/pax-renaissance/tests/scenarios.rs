//! The worked examples of the seed as scenarios (digest section 11, T1-T17;
//! T18 is the expansion's Apostasy and out of scope).

mod common;

use common::*;
use signoria_engine::Game;
use signoria_pax_renaissance::data::Empire as E;
use signoria_pax_renaissance::model::*;
use signoria_pax_renaissance::{Move, PaxRenaissance as P, board, victory};

const W: Religion = Religion::Catholic;
const B: Religion = Religion::Islamic;
const RED: Religion = Religion::Reformist;

fn set_market_florins(s: &mut State, row: Side, col: usize, n: i64) {
    let mc = s.market[row.index()][col].as_mut().unwrap();
    s.china -= n - mc.florins;
    mc.florins = n;
}

fn concession_at(s: &State, b: &str) -> Option<BorderToken> {
    s.borders[border(b) as usize]
}

/// T1 [E1 example]: buying column 3 costs 3 florins, one on each card to its
/// left; the 2 florins lying on it go to the buyer but do not pay for it.
#[test]
fn t1_buying_from_the_market() {
    let mut s = blank(2);
    set_market_florins(&mut s, Side::West, 3, 2);
    let bought = s.market[1][3].as_ref().unwrap().card;
    s.players[0].florins = 3;
    s.china += 7;
    go(
        &mut s,
        Move::Buy {
            row: Side::West,
            col: 3,
        },
    );
    assert_eq!(s.players[0].florins, 2, "3 - 3 + 2");
    for k in 0..3 {
        assert_eq!(s.market[1][k].as_ref().unwrap().florins, 1);
        assert!(s.market[1][k].as_ref().unwrap().fresh);
    }
    assert_eq!(s.players[0].hand, vec![bought]);
    // E1: a card that received a florin this turn cannot be bought.
    assert!(!legal(&s).contains(&Move::Buy {
        row: Side::West,
        col: 1
    }));
    // ... but the fair card can still be used for a fair.
    assert!(legal(&s).contains(&Move::TradeFair { row: Side::West }));
}

/// T2 [E2 example]: Flanders Guilds' peasant revolt against an empty France.
#[test]
fn t2_peasant_revolt_without_defenders() {
    let mut s = blank(2);
    let fg = card("flanders_guilds");
    to_hand(&mut s, 0, fg);
    let france = emp(E::France);
    go(
        &mut s,
        Move::Play {
            card: fg,
            oneshot: true,
            map: None,
        },
    );
    // 1 attacker (the pawn agent) against 0 defenders: the survivor is placed.
    assert_eq!(task(&s), Task::Survivors);
    go(
        &mut s,
        Move::PlaceSurvivor {
            fighter: Fighter::AgentPawn,
            spot: Spot::Border(border("france_aragon")),
        },
    );
    assert_eq!(task(&s), Task::Concession { map: france });
    go(
        &mut s,
        Move::Concession {
            border: Some(border("england_france")),
        },
    );
    assert_eq!(
        concession_at(&s, "france_aragon"),
        Some(BorderToken::Concession(0))
    );
    assert_eq!(
        concession_at(&s, "england_france"),
        Some(BorderToken::Concession(0))
    );
    assert_eq!(s.empires[france as usize].owner, Some(0));
    assert_eq!(s.empires[france as usize].face, Face::King);
    assert!(
        s.players[0].tableau[Side::West.index()]
            .iter()
            .any(|sl| sl.root == Member::Empire(france))
    );
    assert_eq!(task(&s), Task::Turn);
}

/// T3 [E2 example]: the same card without the one-shot: east (repressing the
/// enemy die for 1), west, south, or not at all.
#[test]
fn t3_agent_placement_without_one_shot() {
    let mut s = blank(2);
    let fg = card("flanders_guilds");
    to_hand(&mut s, 0, fg);
    put_concession(&mut s, border("france_holy_roman_empire"), 1);
    go(
        &mut s,
        Move::Play {
            card: fg,
            oneshot: false,
            map: None,
        },
    );
    let mut l = legal(&s);
    l.sort_by_key(|m| format!("{m:?}"));
    let mut want = vec![
        Move::PlaceAgent {
            spot: Spot::Border(border("england_france")),
        },
        Move::PlaceAgent {
            spot: Spot::Border(border("france_holy_roman_empire")),
        },
        Move::PlaceAgent {
            spot: Spot::Border(border("france_aragon")),
        },
        Move::SkipAgent,
    ];
    want.sort_by_key(|m| format!("{m:?}"));
    assert_eq!(l, want);
    let mut east = s.clone();
    go(
        &mut east,
        Move::PlaceAgent {
            spot: Spot::Border(border("france_holy_roman_empire")),
        },
    );
    assert_eq!(east.players[0].florins, 9, "repressing the die costs 1");
    assert_eq!(
        east.players[1].dice, 10,
        "France is in the stack: the repressed die is killed"
    );
    go(
        &mut s,
        Move::PlaceAgent {
            spot: Spot::Border(border("england_france")),
        },
    );
    assert_eq!(
        concession_at(&s, "england_france"),
        Some(BorderToken::Concession(0))
    );
}

/// T4 [E4 example]: Commerce, then Inquisitor frees the other Commerce card,
/// which then acts in the same action.
#[test]
fn t4_freeing_a_disabled_card_mid_action() {
    let mut s = blank(2);
    let (fg, sr, ap) = (
        card("flanders_guilds"),
        card("sindicat_remenca"),
        card("antipope"),
    );
    for c in [fg, sr, ap] {
        to_tableau(&mut s, 0, c);
    }
    s.supply[RED.index()][2] -= 1;
    s.players[0].tableau[1][1].bishop = Some(RED);
    set_market_florins(&mut s, Side::West, 1, 1);
    set_market_florins(&mut s, Side::West, 2, 1);
    go(&mut s, Move::Ops { side: Side::West });
    let sr_commerce = Move::Op {
        member: Member::Card(sr),
        op: 1,
        target: Target::Market {
            row: Side::West,
            col: 2,
        },
    };
    assert!(
        !legal(&s).contains(&sr_commerce),
        "the bishop disables Sindicat Remenca"
    );
    go(
        &mut s,
        Move::Op {
            member: Member::Card(fg),
            op: 2,
            target: Target::Market {
                row: Side::West,
                col: 1,
            },
        },
    );
    go(
        &mut s,
        Move::Op {
            member: Member::Card(ap),
            op: 0,
            target: Target::Bishop {
                from: Member::Card(sr),
                to: Member::Card(fg),
            },
        },
    );
    go(&mut s, sr_commerce);
    assert_eq!(s.players[0].florins, 12);
}

/// T5 [F1 example]: one bishop moved by several Inquisitor ops, never onto or
/// across the player card; the card it stands on is disabled.
#[test]
fn t5_repeated_inquisitor_moves() {
    let mut s = blank(2);
    let (fg, ap, rt) = (
        card("flanders_guilds"),
        card("antipope"),
        card("reformed_theology"),
    );
    for c in [fg, ap, rt] {
        to_tableau(&mut s, 0, c);
    }
    to_tableau(&mut s, 0, card("the_handsome")); // an East card
    s.supply[RED.index()][2] -= 1;
    s.players[0].tableau[1][0].bishop = Some(RED);
    put_city(&mut s, city("paris"), piece(Shape::Knight, W));
    go(&mut s, Move::Ops { side: Side::West });
    assert!(
        !legal(&s)
            .iter()
            .any(|m| matches!(m, Move::Op { member, .. } if *member == Member::Card(fg))),
        "disabled"
    );
    let dests: Vec<Member> = legal(&s)
        .into_iter()
        .filter_map(|m| match m {
            Move::Op {
                member,
                target: Target::Bishop { to, .. },
                ..
            } if member == Member::Card(ap) => Some(to),
            _ => None,
        })
        .collect();
    // Adjacent Antipope, and Reformed Theology: "The West" counts as France
    // (RULINGS R-30); never the East card across the player card.
    assert_eq!(dests, vec![Member::Card(ap), Member::Card(rt)]);
    assert!(!dests.contains(&Member::Card(card("the_handsome"))));
    go(
        &mut s,
        Move::Op {
            member: Member::Card(ap),
            op: 0,
            target: Target::Bishop {
                from: Member::Card(fg),
                to: Member::Card(ap),
            },
        },
    );
    assert!(board::disabled(&s, Member::Card(ap)));
    assert!(!board::disabled(&s, Member::Card(fg)));
    // Flanders Guilds is free again and may use its ops; the bishop moves on.
    assert!(
        legal(&s)
            .iter()
            .any(|m| matches!(m, Move::Op { member, .. } if *member == Member::Card(fg)))
    );
    go(
        &mut s,
        Move::Op {
            member: Member::Card(rt),
            op: 0,
            target: Target::Bishop {
                from: Member::Card(ap),
                to: Member::Card(fg),
            },
        },
    );
    assert!(board::disabled(&s, Member::Card(fg)));
}

/// T6 [F3 example]: The Grim (Ottoman) beheads Qizilbash ("The East").
#[test]
fn t6_behead_via_the_east() {
    let mut s = blank(2);
    let (grim, qz) = (card("the_grim"), card("qizilbash"));
    to_tableau(&mut s, 0, grim);
    to_tableau(&mut s, 1, qz);
    go(&mut s, Move::Ops { side: Side::East });
    go(
        &mut s,
        Move::Op {
            member: Member::Card(grim),
            op: 0,
            target: Target::Card(Member::Card(qz)),
        },
    );
    assert!(s.discards.contains(&qz));
    assert!(
        board::owner_of(&s, Member::Card(grim)) == Some(0),
        "no assassin: Qizilbash is not an empire"
    );
}

/// T7 [F4 example]: taxing Cœur's concession between Mamluk and Ottoman; a
/// white rook (Cairo's symbol) is levied in Cairo. Cairo shows a white rook on
/// Mamluk's Catholic back face, so the example is played on the flipped card
/// (RULINGS R-46).
#[test]
fn t7_tax() {
    let mut s = blank(3);
    let hlc = card("holy_land_crusade");
    to_tableau(&mut s, 0, hlc);
    put_concession(&mut s, border("ottoman_mamluk"), 2);
    let mamluk = emp(E::Mamluk);
    s.flipped[mamluk as usize] = true;
    go(&mut s, Move::Ops { side: Side::West });
    go(
        &mut s,
        Move::Op {
            member: Member::Card(hlc),
            op: 0,
            target: Target::Tax {
                border: border("ottoman_mamluk"),
                map: mamluk,
            },
        },
    );
    assert_eq!(P::pending(&s), vec![2], "the victim decides out of turn");
    let mut refuse = s.clone();
    go(&mut s, Move::PayTax);
    assert_eq!(s.players[2].florins, 9);
    // "Danach stellt er eine ABGABE" (L342): the owner places the levy too.
    assert_eq!(P::pending(&s), vec![2]);
    assert!(P::legal_moves(&s, 0).is_empty());
    go(
        &mut s,
        Move::Levy {
            city: city("cairo"),
        },
    );
    assert_eq!(
        s.cities[city("cairo") as usize],
        vec![piece(Shape::Rook, W)]
    );
    // Refusing: the concession is repressed (killed: Mamluk is in the stack); the levy still comes.
    go(&mut refuse, Move::RefuseTax);
    assert_eq!(refuse.borders[border("ottoman_mamluk") as usize], None);
    assert_eq!(refuse.players[2].dice, 10);
    assert!(matches!(task(&refuse), Task::Levy { .. }));
}

/// T8 [F5 example]: Isabella crowned with Aragon represses a concession on an
/// Aragon border into a serf on the Aragon King, gaining 1 florin.
#[test]
fn t8_repress_by_a_crowned_queen() {
    let mut s = blank(2);
    let isa = card("isabella_of_castille");
    to_hand(&mut s, 0, isa);
    s.players[0].hand.clear();
    let aragon = emp(E::Aragon);
    give_empire(&mut s, 0, aragon);
    s.empires[aragon as usize].queen = Some(isa);
    put_concession(&mut s, border("aragon_papal_states"), 1);
    put_city(&mut s, city("valencia"), piece(Shape::Rook, W));
    check(&s);
    go(&mut s, Move::Ops { side: Side::West });
    let rook = Move::Op {
        member: Member::Card(isa),
        op: 0,
        target: Target::City(city("valencia"), piece(Shape::Rook, W)),
    };
    assert!(
        legal(&s).contains(&rook),
        "a rook in Aragon is a legal target too"
    );
    go(
        &mut s,
        Move::Op {
            member: Member::Card(isa),
            op: 0,
            target: Target::Border {
                border: border("aragon_papal_states"),
                map: aragon,
            },
        },
    );
    assert_eq!(s.empires[aragon as usize].repressed, vec![Token::Serf(1)]);
    assert_eq!(s.players[0].florins, 11);
}

/// T9 [F6 example]: a strawman Vote on your own vassal: 3 florins for 3 serfs,
/// the vassal becomes a Republic at the far left, the regime-change
/// concession represses the opponent's die as a 4th serf.
#[test]
fn t9_strawman_vote_on_own_vassal() {
    let mut s = blank(2);
    let (france, papal) = (emp(E::France), emp(E::PapalStates));
    give_empire(&mut s, 0, france);
    make_vassal(&mut s, papal, france);
    for _ in 0..3 {
        repress(&mut s, papal, Token::Serf(1));
    }
    put_concession(&mut s, border("aragon_papal_states"), 0);
    put_concession(&mut s, border("holy_roman_empire_papal_states"), 0);
    put_concession(&mut s, border("papal_states_ottoman"), 1);
    let sr = card("sindicat_remenca");
    to_tableau(&mut s, 0, sr);
    check(&s);
    go(&mut s, Move::Ops { side: Side::West });
    go(
        &mut s,
        Move::Op {
            member: Member::Card(sr),
            op: 0,
            target: Target::Empire(papal),
        },
    );
    assert_eq!(s.players[0].florins, 7);
    let e = &s.empires[papal as usize];
    assert_eq!(
        (e.face, e.suzerain, e.repressed.len()),
        (Face::Republic, None, 3)
    );
    assert_eq!(
        s.players[0].tableau[1].last().unwrap().root,
        Member::Empire(papal),
        "outer end of the West"
    );
    go(
        &mut s,
        Move::Concession {
            border: Some(border("papal_states_ottoman")),
        },
    );
    assert_eq!(s.players[0].florins, 6);
    assert_eq!(s.empires[papal as usize].repressed.len(), 4);
}

/// T10 [F8 example]: Conquistadors' Siege may kill exactly the white knight,
/// the black rook and the black pirate in/around Aragon.
#[test]
fn t10_siege_targets() {
    let mut s = blank(2);
    let cq = card("conquistadors");
    to_tableau(&mut s, 0, cq);
    put_city(&mut s, city("valencia"), piece(Shape::Knight, W));
    put_city(&mut s, city("algiers"), piece(Shape::Rook, B));
    put_pirate(&mut s, border("portugal_aragon"), B);
    put_concession(&mut s, border("aragon_papal_states"), 1);
    go(&mut s, Move::Ops { side: Side::West });
    let mut targets: Vec<Target> = legal(&s)
        .into_iter()
        .filter_map(|m| match m {
            Move::Op { op: 1, target, .. } => Some(target),
            _ => None,
        })
        .collect();
    targets.sort();
    let aragon = emp(E::Aragon);
    let mut want = vec![
        Target::City(city("valencia"), piece(Shape::Knight, W)),
        Target::City(city("algiers"), piece(Shape::Rook, B)),
        Target::Border {
            border: border("portugal_aragon"),
            map: aragon,
        },
    ];
    want.sort();
    assert_eq!(targets, want);
    go(
        &mut s,
        Move::Op {
            member: Member::Card(cq),
            op: 1,
            target: want[want.len() - 1],
        },
    );
    assert_eq!(s.borders[border("portugal_aragon") as usize], None);
}

/// T11 [F9 example]: the HRE vassal of an Ottoman King campaigns against an
/// empty France held by an opponent: both knights must attack and be paid,
/// France becomes a vassal of the Ottoman King, liberation follows.
#[test]
fn t11_campaign_by_a_vassal_with_liberation() {
    let mut s = blank(2);
    let (ott, hre, france) = (emp(E::Ottoman), emp(E::HolyRomanEmpire), emp(E::France));
    give_empire(&mut s, 0, ott);
    make_vassal(&mut s, hre, ott);
    put_city(&mut s, city("vienna"), piece(Shape::Knight, RED));
    put_city(&mut s, city("nurnberg"), piece(Shape::Knight, W));
    give_empire(&mut s, 1, france);
    repress(&mut s, france, Token::Piece(piece(Shape::Rook, W)));
    repress(&mut s, france, Token::Serf(0));
    check(&s);
    go(&mut s, Move::Ops { side: Side::East });
    go(
        &mut s,
        Move::Op {
            member: Member::Empire(hre),
            op: 0,
            target: Target::Map(france),
        },
    );
    assert_eq!(s.players[0].florins, 8, "both knights paid");
    assert_eq!(s.empires[france as usize].owner, Some(0));
    assert_eq!(s.empires[france as usize].suzerain, Some(ott));
    go(
        &mut s,
        Move::Concession {
            border: Some(border("england_france")),
        },
    );
    go(
        &mut s,
        Move::Liberate {
            token: Token::Piece(piece(Shape::Rook, W)),
            spot: Spot::City(city("lyon")),
        },
    );
    go(
        &mut s,
        Move::Liberate {
            token: Token::Serf(0),
            spot: Spot::Border(border("france_holy_roman_empire")),
        },
    );
    assert_eq!(s.cities[city("lyon") as usize], vec![piece(Shape::Rook, W)]);
    assert_eq!(
        concession_at(&s, "france_holy_roman_empire"),
        Some(BorderToken::Concession(0))
    );
    assert_eq!(
        s.cities[city("vienna") as usize].len() + s.cities[city("nurnberg") as usize].len(),
        2,
        "attackers stay home"
    );
}

fn fair_setup(profit_on_card: i64) -> State {
    let mut s = blank(3);
    set_market_florins(&mut s, Side::East, 0, profit_on_card);
    put_concession(&mut s, border("hungary_byzantium"), 1);
    put_concession(&mut s, border("ottoman_mamluk"), 2);
    s
}

/// T12 [G5 example 1]: profits 2: initiator 1, Yellow 1, Blue nothing; only
/// Byzantium is levied (Kaffa: a white knight).
#[test]
fn t12_trade_fair_ending_early() {
    let mut s = fair_setup(0); // 3 players: China adds 2
    let evs = P::apply(&mut s, 0, &Move::TradeFair { row: Side::East }).unwrap();
    let paid: Vec<(usize, i64)> = evs
        .iter()
        .filter_map(|e| match &e.event {
            Event::Florins { seat, delta, .. } => Some((*seat, *delta)),
            _ => None,
        })
        .collect();
    assert_eq!(
        paid,
        vec![(0, 1), (1, 1)],
        "initiator and Yellow, announced publicly"
    );
    assert_eq!(
        (
            s.players[0].florins,
            s.players[1].florins,
            s.players[2].florins
        ),
        (11, 11, 10)
    );
    assert_eq!(
        task(&s),
        Task::Levy {
            map: emp(E::Byzantium),
            by: None
        }
    );
    go(
        &mut s,
        Move::Levy {
            city: city("caffa"),
        },
    );
    assert_eq!(
        s.cities[city("caffa") as usize],
        vec![piece(Shape::Knight, W)]
    );
    assert_eq!(task(&s), Task::Turn, "no levy beyond the last paid border");
}

/// T13 [G5 example 2]: profits 3, Hungary saturated, Constantinople holding
/// two black knights: it receives the black rook.
#[test]
fn t13_trade_fair_with_saturation() {
    let mut s = fair_setup(1);
    put_city(&mut s, city("buda"), piece(Shape::Knight, W));
    put_city(&mut s, city("varna"), piece(Shape::Knight, RED));
    put_city(&mut s, city("modon"), piece(Shape::Rook, RED));
    put_city(&mut s, city("rhodes"), piece(Shape::Rook, W));
    put_city(&mut s, city("constantinople"), piece(Shape::Knight, B));
    put_city(&mut s, city("constantinople"), piece(Shape::Knight, B));
    go(&mut s, Move::TradeFair { row: Side::East });
    assert_eq!(
        (
            s.players[0].florins,
            s.players[1].florins,
            s.players[2].florins
        ),
        (11, 11, 11)
    );
    assert_eq!(
        task(&s),
        Task::Levy {
            map: emp(E::Byzantium),
            by: None
        }
    );
    go(
        &mut s,
        Move::Levy {
            city: city("caffa"),
        },
    );
    // Hungary is saturated and skipped; Ottoman: Constantinople is forced.
    assert_eq!(
        legal(&s),
        vec![Move::Levy {
            city: city("constantinople")
        }]
    );
    go(
        &mut s,
        Move::Levy {
            city: city("constantinople"),
        },
    );
    assert!(s.cities[city("constantinople") as usize].contains(&piece(Shape::Rook, B)));
    assert_eq!(
        task(&s),
        Task::Turn,
        "Mamluk lies beyond the last paid border"
    );
}

/// T14 [J1 example]: House of Borgia's conspiracy against Aragon held by an
/// opponent with vassal France.
#[test]
fn t14_conspiracy_from_a_west_card() {
    let mut s = blank(2);
    let (aragon, france) = (emp(E::Aragon), emp(E::France));
    give_empire(&mut s, 1, aragon);
    make_vassal(&mut s, france, aragon);
    repress(&mut s, aragon, Token::Piece(piece(Shape::Knight, RED)));
    put_pirate(&mut s, border("portugal_aragon"), B);
    put_city(&mut s, city("algiers"), piece(Shape::Rook, B));
    let hb = card("house_of_borgia");
    to_hand(&mut s, 0, hb);
    check(&s);
    go(
        &mut s,
        Move::Play {
            card: hb,
            oneshot: true,
            map: Some(aragon),
        },
    );
    // 2 attackers against 1 defender: the attacker picks its casualty.
    assert_eq!(
        task(&s),
        Task::Casualties {
            attackers: true,
            count: 1
        }
    );
    go(
        &mut s,
        Move::Casualty {
            fighter: Fighter::Border(border("portugal_aragon")),
        },
    );
    go(
        &mut s,
        Move::PlaceSurvivor {
            fighter: Fighter::Repressed(Token::Piece(piece(Shape::Knight, RED))),
            spot: Spot::City(city("valencia")),
        },
    );
    assert_eq!(
        s.cities[city("valencia") as usize],
        vec![piece(Shape::Knight, RED)]
    );
    assert!(s.cities[city("algiers") as usize].is_empty());
    assert_eq!(s.empires[aragon as usize].owner, Some(0));
    assert_eq!(
        s.empires[france as usize].owner, None,
        "the vassal returns to the stack"
    );
    go(
        &mut s,
        Move::Concession {
            border: Some(border("aragon_papal_states")),
        },
    );
    // Then the bishop agent: any West card, e.g. the Aragon empire itself.
    assert!(legal(&s).contains(&Move::PlaceAgent {
        spot: Spot::Tableau(Member::Empire(aragon))
    }));
    go(
        &mut s,
        Move::PlaceAgent {
            spot: Spot::Tableau(Member::Card(hb)),
        },
    );
    assert_eq!(task(&s), Task::Turn);
}

/// T15 [J2 example]: a peasant revolt against your own vassal France makes it
/// a Republic at the far left.
#[test]
fn t15_peasant_revolt_against_own_vassal() {
    let mut s = blank(2);
    let (hre, france) = (emp(E::HolyRomanEmpire), emp(E::France));
    give_empire(&mut s, 0, hre);
    make_vassal(&mut s, france, hre);
    put_pirate(&mut s, border("england_france"), W);
    put_concession(&mut s, border("france_holy_roman_empire"), 0);
    put_city(&mut s, city("paris"), piece(Shape::Knight, W));
    put_city(&mut s, city("lyon"), piece(Shape::Knight, W));
    let fg = card("flanders_guilds");
    to_hand(&mut s, 0, fg);
    go(
        &mut s,
        Move::Play {
            card: fg,
            oneshot: true,
            map: None,
        },
    );
    assert_eq!(
        task(&s),
        Task::Casualties {
            attackers: true,
            count: 2
        }
    );
    go(
        &mut s,
        Move::Casualty {
            fighter: Fighter::Border(border("england_france")),
        },
    );
    go(
        &mut s,
        Move::Casualty {
            fighter: Fighter::Border(border("france_holy_roman_empire")),
        },
    );
    go(
        &mut s,
        Move::PlaceSurvivor {
            fighter: Fighter::AgentPawn,
            spot: Spot::Border(border("france_aragon")),
        },
    );
    let e = &s.empires[france as usize];
    assert_eq!((e.face, e.suzerain), (Face::Republic, None));
    assert_eq!(
        s.players[0].tableau[1].last().unwrap().root,
        Member::Empire(france)
    );
    go(
        &mut s,
        Move::Concession {
            border: Some(border("england_france")),
        },
    );
    assert_eq!(board::concessions(&s, 0), 2);
}

/// T16 [K2 example]: The Jesuits' crusade in Aragon with a strawman flip.
#[test]
fn t16_crusade_with_strawman_flip() {
    let mut s = blank(2);
    let aragon = emp(E::Aragon);
    give_empire(&mut s, 0, aragon);
    put_city(&mut s, city("valencia"), piece(Shape::Rook, W));
    put_city(&mut s, city("london"), piece(Shape::Knight, W));
    put_pirate(&mut s, border("aragon_papal_states"), W);
    put_city(&mut s, city("algiers"), piece(Shape::Rook, B));
    let j = card("the_jesuits");
    to_hand(&mut s, 0, j);
    go(
        &mut s,
        Move::Play {
            card: j,
            oneshot: true,
            map: None,
        },
    );
    assert_eq!(
        task(&s),
        Task::Casualties {
            attackers: true,
            count: 1
        }
    );
    go(
        &mut s,
        Move::Casualty {
            fighter: Fighter::City(city("valencia"), piece(Shape::Rook, W)),
        },
    );
    assert!(
        s.flipped[aragon as usize],
        "Aragon turns to its Catholic theocracy"
    );
    assert_eq!(board::theocracy(&s, aragon), Some(W));
    assert_eq!(s.empires[aragon as usize].face, Face::Republic);
    go(
        &mut s,
        Move::Concession {
            border: Some(border("france_aragon")),
        },
    );
    assert_eq!(
        s.cities[city("london") as usize],
        vec![piece(Shape::Knight, W)],
        "adjacent knights do not move"
    );
    assert_eq!(
        s.borders[border("aragon_papal_states") as usize],
        Some(BorderToken::Pirate(W))
    );
}

/// T17 [L3 example]: Islam becomes supreme when the Ottoman Navy's pirate
/// joins the Mamluk theocracy.
#[test]
fn t17_holy_supremacy() {
    let mut s = blank(2);
    let hs = card("the_handsome");
    to_tableau(&mut s, 0, hs);
    s.supply[B.index()][2] -= 1;
    s.players[0].tableau[0][0].bishop = Some(B);
    put_city(&mut s, city("cairo"), piece(Shape::Rook, B));
    put_city(&mut s, city("venice"), piece(Shape::Knight, W));
    check(&s);
    assert_eq!(victory::supreme(&s), None, "1 against 1 in the theocracies");
    put_pirate(&mut s, border("ottoman_mamluk"), B);
    assert_eq!(victory::supreme(&s), Some(B));
}
