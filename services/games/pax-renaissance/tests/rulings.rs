//! One test per ruling of RULINGS.md that the scenarios do not already pin.

mod common;

use common::*;
use signoria_engine::Game;
use signoria_pax_renaissance::data::{self, Empire as E};
use signoria_pax_renaissance::model::*;
use signoria_pax_renaissance::{
    Move, Options, PaxRenaissance as P, battle, board, regime, tradefair,
};

const W: Religion = Religion::Catholic;
const B: Religion = Religion::Islamic;
const RED: Religion = Religion::Reformist;

fn ops_targets(s: &State, m: Member) -> Vec<Target> {
    legal(s)
        .into_iter()
        .filter_map(|x| match x {
            Move::Op { member, target, .. } if member == m => Some(target),
            _ => None,
        })
        .collect()
}

#[test]
fn r02_expert_moves_eleven_west_cards_never_comets() {
    let mut west_in_east = 0;
    for seed in 0..20 {
        let s = P::setup(
            &Options {
                expert: true,
                ..Default::default()
            },
            4,
            seed,
        )
        .unwrap();
        let east: Vec<CardId> = s.decks[0]
            .iter()
            .copied()
            .chain(s.market[0].iter().flatten().map(|m| m.card))
            .collect();
        for &c in &east {
            let d = data::card(c);
            assert!(
                !(d.is_comet() && d.deck == Side::West),
                "a West comet moved East"
            );
            if d.deck == Side::West {
                west_in_east += 1;
            }
        }
        assert!(
            east.iter()
                .filter(|&&c| data::card(c).deck == Side::West)
                .count()
                <= 11
        );
        let plain = P::setup(&Options::default(), 4, seed).unwrap();
        assert!(
            plain.decks[0]
                .iter()
                .all(|&c| data::card(c).deck == Side::East)
        );
    }
    assert!(west_in_east > 0);
}

fn put_in_market(s: &mut State, row: Side, col: usize, c: CardId) {
    s.decks.iter_mut().for_each(|d| d.retain(|&x| x != c));
    s.set_aside.retain(|&x| x != c);
    let old = s.market[row.index()][col].take().unwrap();
    s.set_aside.push(old.card);
    s.china += old.florins;
    s.market[row.index()][col] = Some(MarketCard {
        card: c,
        florins: 0,
        fresh: false,
    });
}

#[test]
fn r03_comet_with_full_hand() {
    let mut s = blank(2);
    to_hand(&mut s, 0, card("gutenberg"));
    to_hand(&mut s, 0, card("kingmaker"));
    let comet = data::cards().comets(data::Side::West)[0];
    put_in_market(&mut s, Side::West, 1, comet);
    check(&s);
    let l = legal(&s);
    assert!(l.contains(&Move::Buy {
        row: Side::West,
        col: 1
    }));
    assert!(
        !l.contains(&Move::Buy {
            row: Side::West,
            col: 2
        }),
        "the hand is full for other cards"
    );
    go(
        &mut s,
        Move::Buy {
            row: Side::West,
            col: 1,
        },
    );
    assert_eq!(task(&s), Task::ActivateVictory);
    go(&mut s, Move::ActivateVictory { victory: 2 });
    assert!(s.victory_active[2]);
    assert!(s.discards.contains(&comet));
}

#[test]
fn r04_florin_for_empty_columns_goes_to_china() {
    let mut s = blank(2);
    for r in 0..2 {
        let mc = s.market[r][0].take().unwrap();
        s.discards.push(mc.card);
    }
    let china = s.china;
    go(
        &mut s,
        Move::Buy {
            row: Side::West,
            col: 1,
        },
    );
    assert_eq!(s.china, china + 1);
}

#[test]
fn r05_patron_end_when_a_gap_cannot_be_filled() {
    let mut s = blank(2);
    for r in 0..2 {
        let d = std::mem::take(&mut s.decks[r]);
        s.set_aside.extend(d);
    }
    go(&mut s, Move::EndTurn);
    assert!(s.winner.is_none(), "no gap, no draw needed");
    go(
        &mut s,
        Move::Buy {
            row: Side::East,
            col: 1,
        },
    );
    // Seat 1 paid 1 florin; make the florins equal again.
    s.players[0].florins -= 1;
    s.china += 1;
    go(&mut s, Move::EndTurn);
    // Equal Patron prestige and florins: a shared win.
    assert_eq!(s.winner, Some(Winner::Patron { seats: vec![0, 1] }));
    assert!(P::pending(&s).is_empty());
    assert_eq!(P::outcome(&s).unwrap().winners(), vec![0, 1]);
}

#[test]
fn r06_pirate_placement() {
    let mut s = blank(2);
    put_pirate(&mut s, border("hungary_ottoman"), W);
    put_pirate(&mut s, border("papal_states_ottoman"), B);
    put_concession(&mut s, border("ottoman_mamluk"), 1);
    let kh = card("knights_hospitaller");
    to_hand(&mut s, 0, kh);
    go(
        &mut s,
        Move::Play {
            card: kh,
            oneshot: false,
            map: None,
        },
    );
    let l = legal(&s);
    assert!(
        !l.contains(&Move::PlaceAgent {
            spot: Spot::Border(border("hungary_ottoman"))
        }),
        "same colour"
    );
    assert!(l.contains(&Move::PlaceAgent {
        spot: Spot::Border(border("ottoman_mamluk"))
    }));
    let rooks = s.supply[B.index()][1];
    go(
        &mut s,
        Move::PlaceAgent {
            spot: Spot::Border(border("papal_states_ottoman")),
        },
    );
    assert_eq!(s.supply[B.index()][1], rooks + 1, "the black pirate died");
    assert_eq!(
        s.borders[border("papal_states_ottoman") as usize],
        Some(BorderToken::Pirate(W))
    );
}

#[test]
fn r07_vote_uses_the_tableau_side() {
    let mut s = blank(2);
    let (ott, hre, france) = (emp(E::Ottoman), emp(E::HolyRomanEmpire), emp(E::France));
    give_empire(&mut s, 1, ott);
    make_vassal(&mut s, hre, ott);
    give_empire(&mut s, 1, france);
    put_concession(&mut s, border("france_holy_roman_empire"), 0);
    let fg = card("flanders_guilds");
    to_tableau(&mut s, 0, fg);
    go(&mut s, Move::Ops { side: Side::West });
    let t = ops_targets(&s, Member::Card(fg));
    assert!(t.contains(&Target::Empire(france)));
    assert!(
        !t.contains(&Target::Empire(hre)),
        "the West vassal lies in the East tableau"
    );
}

#[test]
fn r08_corsair_reaches_diagonal_neighbours() {
    let mut s = blank(2);
    put_pirate(&mut s, border("england_france"), RED);
    let sp = card("scottish_privateers");
    to_tableau(&mut s, 0, sp);
    go(&mut s, Move::Ops { side: Side::West });
    let t = ops_targets(&s, Member::Card(sp));
    let from = border("england_france");
    assert!(
        t.contains(&Target::Corsair {
            from,
            to: border("aragon_papal_states")
        }),
        "Aragon is diagonal to England"
    );
    assert!(!t.contains(&Target::Corsair {
        from,
        to: border("papal_states_ottoman")
    }));
}

#[test]
fn r09_region_chosen_once_per_play() {
    let mut s = blank(2);
    let sh = card("santa_hermandad");
    to_hand(&mut s, 0, sh);
    let maps: Vec<Option<MapId>> = legal(&s)
        .into_iter()
        .filter_map(|m| match m {
            Move::Play {
                card,
                oneshot: false,
                map,
            } if card == sh => Some(map),
            _ => None,
        })
        .collect();
    assert_eq!(maps.len(), 6, "one play per western map card");
    go(
        &mut s,
        Move::Play {
            card: sh,
            oneshot: false,
            map: Some(emp(E::France)),
        },
    );
    for m in legal(&s) {
        if let Move::PlaceAgent {
            spot: Spot::City(c),
        } = m
        {
            assert_eq!(board::city_map(c), emp(E::France));
        }
    }
}

#[test]
fn r10_sale_prices() {
    let mut s = blank(2);
    let cq = card("conquistadors");
    to_tableau(&mut s, 0, cq);
    let gb = card("gutenberg");
    to_tableau(&mut s, 0, gb);
    let aragon = emp(E::Aragon);
    give_empire(&mut s, 0, aragon);
    let isa = card("isabella_of_castille");
    to_hand(&mut s, 0, isa);
    s.players[0].hand.clear();
    s.empires[aragon as usize].queen = Some(isa);
    to_hand(&mut s, 0, card("kingmaker"));
    check(&s);
    let mut a = s.clone();
    go(
        &mut a,
        Move::Sell {
            member: Member::Card(cq),
        },
    );
    assert_eq!(a.players[0].florins, 14, "Aztec gold");
    // The remaining cards close the gap.
    assert_eq!(
        a.players[0].tableau[1]
            .iter()
            .map(|sl| sl.root)
            .collect::<Vec<_>>(),
        vec![Member::Card(gb), Member::Empire(aragon)]
    );
    go(
        &mut a,
        Move::Sell {
            member: Member::Empire(aragon),
        },
    );
    assert_eq!(a.players[0].florins, 18, "a crowned pair sells for 4");
    assert!(a.discards.contains(&isa));
    assert_eq!(a.empires[aragon as usize].owner, None);
    let mut b = s.clone();
    b.supply[W.index()][2] -= 1;
    b.players[0].tableau[1][0].bishop = Some(W);
    go(
        &mut b,
        Move::Sell {
            member: Member::Card(cq),
        },
    );
    assert_eq!(b.players[0].florins, 12, "disabled: the ability is off");
    go(
        &mut s,
        Move::SellHand {
            card: card("kingmaker"),
        },
    );
    assert_eq!(s.players[0].florins, 12);
}

#[test]
fn r11_no_campaign_without_knights() {
    let mut s = blank(2);
    let france = emp(E::France);
    give_empire(&mut s, 0, france);
    let mut t = s.clone();
    go(&mut s, Move::Ops { side: Side::West });
    assert!(ops_targets(&s, Member::Empire(france)).is_empty());
    put_city(&mut t, city("paris"), piece(Shape::Knight, RED));
    go(&mut t, Move::Ops { side: Side::West });
    assert!(ops_targets(&t, Member::Empire(france)).contains(&Target::Map(emp(E::England))));
}

#[test]
fn r12_spinster_prestige() {
    let mut s = blank(2);
    let isa = card("isabella_of_castille");
    to_hand(&mut s, 0, isa);
    go(
        &mut s,
        Move::Play {
            card: isa,
            oneshot: false,
            map: None,
        },
    );
    assert_eq!(s.players[0].spinsters, vec![isa]);
    assert_eq!(board::prestige(&s, 0, data::Prestige::Catholic), 1);
    // The Spice Islands shift needs Discovery in the tableau, not the card just played.
    let cq = card("conquistadors");
    to_hand(&mut s, 0, cq);
    assert!(!legal(&s).contains(&Move::Play {
        card: cq,
        oneshot: true,
        map: None
    }));
    to_tableau(&mut s, 0, card("the_company_of_merchant_adventurers"));
    assert!(legal(&s).contains(&Move::Play {
        card: cq,
        oneshot: true,
        map: None
    }));
}

#[test]
fn r14_repress_pays_even_when_the_token_dies() {
    let mut s = blank(2);
    let km = card("kingmaker");
    to_tableau(&mut s, 0, km);
    put_city(&mut s, city("london"), piece(Shape::Rook, W));
    go(&mut s, Move::Ops { side: Side::West });
    go(
        &mut s,
        Move::Op {
            member: Member::Card(km),
            op: 0,
            target: Target::City(city("london"), piece(Shape::Rook, W)),
        },
    );
    assert_eq!(s.players[0].florins, 11);
    assert!(s.cities[city("london") as usize].is_empty());
    assert!(
        s.empires[emp(E::England) as usize].repressed.is_empty(),
        "England is in the stack: killed"
    );
}

#[test]
fn r15_pawn_agents_fight_only_in_revolts() {
    let (fight, rest) = battle::split_agents(
        card("kingmaker"),
        &[Agent::Pawn, Agent::Rook(W), Agent::Bishop(W)],
    );
    assert_eq!(fight, vec![Agent::Rook(W)]);
    assert_eq!(rest, vec![Agent::Pawn, Agent::Bishop(W)]);
    let (fight, _) = battle::split_agents(card("flanders_guilds"), &[Agent::Pawn]);
    assert_eq!(fight, vec![Agent::Pawn]);
    // a crusade commits only white knights and rooks.
    let (fight, rest) = battle::split_agents(
        card("the_jesuits"),
        &[Agent::Knight(W), Agent::Rook(RED), Agent::Pawn],
    );
    assert_eq!(fight, vec![Agent::Knight(W)]);
    assert_eq!(rest, vec![Agent::Rook(RED), Agent::Pawn]);
}

#[test]
fn r17_no_flip_to_another_religion() {
    let mut s = blank(2);
    put_city(&mut s, city("bordeaux"), piece(Shape::Knight, W));
    put_city(&mut s, city("paris"), piece(Shape::Knight, W));
    put_city(&mut s, city("london"), piece(Shape::Rook, B));
    let ip = card("inquisition_pope");
    to_hand(&mut s, 0, ip);
    let england = emp(E::England);
    go(
        &mut s,
        Move::Play {
            card: ip,
            oneshot: true,
            map: Some(england),
        },
    );
    go(
        &mut s,
        Move::Casualty {
            fighter: Fighter::City(city("paris"), piece(Shape::Knight, W)),
        },
    );
    assert!(
        !s.flipped[england as usize],
        "England's back is Reformist: a crusade does not flip it"
    );
    assert_eq!(s.empires[england as usize].owner, Some(0));
}

#[test]
fn r18_bishop_stays_with_a_voted_empire() {
    let mut s = blank(2);
    let france = emp(E::France);
    give_empire(&mut s, 1, france);
    s.supply[RED.index()][2] -= 1;
    s.players[1].tableau[1][0].bishop = Some(RED);
    repress(&mut s, france, Token::Serf(1));
    put_concession(&mut s, border("france_aragon"), 0);
    put_pirate(&mut s, border("england_france"), B);
    let fg = card("flanders_guilds");
    to_tableau(&mut s, 0, fg);
    go(&mut s, Move::Ops { side: Side::West });
    go(
        &mut s,
        Move::Op {
            member: Member::Card(fg),
            op: 0,
            target: Target::Empire(france),
        },
    );
    assert_eq!(s.players[0].florins, 9, "1 repressed token");
    let slot = s.players[0].tableau[1]
        .iter()
        .find(|sl| sl.root == Member::Empire(france))
        .unwrap();
    assert_eq!(slot.bishop, Some(RED));
    assert_eq!(s.empires[france as usize].repressed, vec![Token::Serf(1)]);
    // the regime-change concession never goes onto the pirate.
    assert!(!legal(&s).contains(&Move::Concession {
        border: Some(border("england_france"))
    }));
}

#[test]
fn r19_no_concession_on_a_pirate() {
    let mut s = blank(2);
    let france = emp(E::France);
    give_empire(&mut s, 0, france);
    put_pirate(&mut s, border("england_france"), B);
    let moves = regime::concession_moves(&s, france);
    assert!(!moves.contains(&Move::Concession {
        border: Some(border("england_france"))
    }));
    assert!(moves.contains(&Move::Concession {
        border: Some(border("france_aragon"))
    }));
}

#[test]
fn r20_substitution_only_in_card_play() {
    let mut s = blank(2);
    let aragon = emp(E::Aragon);
    give_empire(&mut s, 1, aragon);
    let france = emp(E::France);
    let mut others: Vec<BorderId> = (0..13)
        .filter(|&b| !board::border_maps(b).contains(&france))
        .collect();
    others.truncate(9);
    for b in others {
        put_concession(&mut s, b, 0);
    }
    repress(&mut s, aragon, Token::Serf(0));
    assert_eq!(s.players[0].dice, 0);
    check(&s);
    assert!(
        regime::concession_moves(&s, france).len() > 1,
        "card play may use the serf"
    );
    s.stack.push(Task::Ops {
        side: Side::West,
        used: Vec::new(),
    });
    assert_eq!(
        regime::concession_moves(&s, france),
        vec![Move::Concession { border: None }],
        "ops may not"
    );
}

#[test]
fn r22_single_profit_no_levies() {
    let mut s = blank(2);
    go(&mut s, Move::TradeFair { row: Side::East });
    assert_eq!(s.players[0].florins, 11);
    assert_eq!(task(&s), Task::Turn);
    assert!(s.cities.iter().all(|c| c.is_empty()));
}

/// India and Almeida Armada: "Deine Konzessionen zählen bei
/// Gewürzinsel-Handelsmessen doppelt" (seed L661-663), and abilities are
/// cumulative ("Auswirkungen von Fähigkeiten sind kumulativ", L657): each
/// active Armada doubles again. Only in fairs from the Spice Islands,
/// never while a bishop disables the card.
#[test]
fn r49_armadas_double_and_are_cumulative() {
    let payout = |armadas: &[&str], spice: bool, bishop: bool| -> i64 {
        let mut s = blank(2);
        if spice {
            s.uncovered[TradeCentre::Trebizond.index()] = false;
            s.uncovered[TradeCentre::SpiceIslands.index()] = true;
        }
        for a in armadas {
            to_tableau(&mut s, 1, card(a));
        }
        if bishop {
            s.supply[W.index()][2] -= 1;
            s.players[1].tableau[1][0].bishop = Some(W);
        }
        // The first border of both white routes' Portuguese leg.
        let b = if spice {
            "england_portugal"
        } else {
            "hungary_byzantium"
        };
        put_concession(&mut s, border(b), 1);
        let fair = s.market[1][0].as_mut().unwrap();
        fair.florins += 9;
        s.china -= 9;
        check(&s);
        let before = s.players[1].florins;
        go(&mut s, Move::TradeFair { row: Side::West });
        s.players[1].florins - before
    };
    assert_eq!(payout(&[], true, false), 1);
    assert_eq!(payout(&["india_armada"], true, false), 2);
    assert_eq!(payout(&["india_armada", "almeida_armada"], true, false), 4);
    assert_eq!(
        payout(&["india_armada", "almeida_armada"], false, false),
        1,
        "not a Spice Islands fair"
    );
    assert_eq!(
        payout(&["india_armada"], true, true),
        1,
        "disabled by a bishop"
    );
}

#[test]
fn r25_no_levy_without_supply() {
    let mut s = blank(2);
    assert!(
        tradefair::levy_cities(&s, emp(E::Byzantium))
            .iter()
            .any(|&(c, _)| c == city("caffa"))
    );
    s.supply[W.index()][0] = 0;
    assert!(
        !tradefair::levy_cities(&s, emp(E::Byzantium))
            .iter()
            .any(|&(c, _)| c == city("caffa"))
    );
}

#[test]
fn r26_trade_shift() {
    let mut s = blank(2);
    let kr = card("the_kremlin");
    to_hand(&mut s, 0, kr);
    put_city(&mut s, city("tana"), piece(Shape::Knight, B));
    assert!(legal(&s).contains(&Move::Play {
        card: kr,
        oneshot: true,
        map: None
    }));
    let mut t = s.clone();
    t.uncovered[TradeCentre::Novgorod.index()] = true;
    t.uncovered[TradeCentre::Tana.index()] = false;
    t.cities[city("tana") as usize].clear();
    t.supply[B.index()][0] += 1;
    assert!(
        !legal(&t).contains(&Move::Play {
            card: kr,
            oneshot: true,
            map: None
        }),
        "Novgorod is already open"
    );
    go(
        &mut s,
        Move::Play {
            card: kr,
            oneshot: true,
            map: None,
        },
    );
    assert!(s.uncovered[TradeCentre::Novgorod.index()] && !s.uncovered[TradeCentre::Tana.index()]);
    assert!(
        s.cities[city("tana") as usize].is_empty(),
        "tokens on the covered centre are repressed (killed: stack)"
    );
}

#[test]
fn r27_victory_only_when_met() {
    let mut s = blank(2);
    s.victory_active[1] = true;
    let declare = Move::DeclareVictory { victory: 1 };
    for e in [E::England, E::France] {
        give_empire(&mut s, 0, emp(e));
    }
    assert!(!legal(&s).contains(&declare));
    give_empire(&mut s, 0, emp(E::Aragon));
    assert!(
        legal(&s).contains(&declare),
        "3 more Kings in a 2-player game"
    );
    give_empire(&mut s, 1, emp(E::Hungary));
    assert!(!legal(&s).contains(&declare));
    give_empire(&mut s, 0, emp(E::Portugal));
    go(&mut s, declare);
    assert_eq!(P::outcome(&s).unwrap().winners(), vec![0]);
}

#[test]
fn r29_bankrupt_player_leaves() {
    let mut s = blank(2);
    s.options.bankruptcy = true;
    s.players[1].florins = 0;
    s.china += 10;
    // Checked between actions.
    settle(&mut s);
    assert!(s.players[1].eliminated);
    assert_eq!(
        s.winner,
        Some(Winner::Declared {
            seat: 0,
            victory: 4
        })
    );
}

#[test]
fn r32_full_city_names_the_repressed_occupant() {
    let mut s = blank(2);
    let c = city("constantinople");
    put_city(&mut s, c, piece(Shape::Knight, B));
    put_city(&mut s, c, piece(Shape::Rook, B));
    put_city(&mut s, c, piece(Shape::Rook, W));
    let jn = card("janissaries");
    to_hand(&mut s, 0, jn);
    go(
        &mut s,
        Move::Play {
            card: jn,
            oneshot: false,
            map: Some(emp(E::Ottoman)),
        },
    );
    let l = legal(&s);
    for p in [
        piece(Shape::Knight, B),
        piece(Shape::Rook, B),
        piece(Shape::Rook, W),
    ] {
        assert!(l.contains(&Move::PlaceAgent {
            spot: Spot::Replace(c, p)
        }));
    }
    go(
        &mut s,
        Move::PlaceAgent {
            spot: Spot::Replace(c, piece(Shape::Rook, W)),
        },
    );
    assert_eq!(s.players[0].florins, 9);
    assert!(!s.cities[c as usize].contains(&piece(Shape::Rook, W)));
    assert_eq!(s.cities[c as usize].len(), 3);
}

#[test]
fn r34_vote_on_own_republic() {
    let mut s = blank(2);
    let france = emp(E::France);
    give_empire(&mut s, 0, france);
    s.empires[france as usize].face = Face::Republic;
    put_concession(&mut s, border("france_aragon"), 0);
    let fg = card("flanders_guilds");
    to_tableau(&mut s, 0, fg);
    go(&mut s, Move::Ops { side: Side::West });
    go(
        &mut s,
        Move::Op {
            member: Member::Card(fg),
            op: 0,
            target: Target::Empire(france),
        },
    );
    assert_eq!(s.empires[france as usize].face, Face::King);
}

#[test]
fn r35_cursed_law() {
    let mut s = blank(2);
    put_city(&mut s, city("valencia"), piece(Shape::Rook, W));
    let j = card("the_jesuits");
    to_hand(&mut s, 0, j);
    assert!(
        !legal(&s).contains(&Move::Play {
            card: j,
            oneshot: true,
            map: None
        }),
        "no heretic"
    );
    put_city(&mut s, city("algiers"), piece(Shape::Rook, B));
    assert!(legal(&s).contains(&Move::Play {
        card: j,
        oneshot: true,
        map: None
    }));
}

/// a war with no attacker is not offered, counting only the agents the
/// supply (or a matching repressed token, SPIELSTEIN-VERWALTUNG) can provide.
#[test]
fn r35_no_war_with_agents_out_of_supply() {
    let mut s = blank(2);
    let red_knight = piece(Shape::Knight, RED);
    for c in [
        "london", "bordeaux", "paris", "bruges", "lyon", "buda", "varna",
    ] {
        put_city(&mut s, city(c), red_knight);
    }
    assert_eq!(s.supply[RED.index()][0], 0);
    let lk = card("the_last_knight"); // HRE, one red knight agent, conspiracy
    to_hand(&mut s, 0, lk);
    let war = Move::Play {
        card: lk,
        oneshot: true,
        map: None,
    };
    assert!(
        !legal(&s).contains(&war),
        "its only attacker cannot be taken"
    );
    // A repressed red knight may stand in for it (card play).
    let buda = s.cities[city("buda") as usize].pop().unwrap();
    let hungary = emp(E::Hungary);
    give_empire(&mut s, 1, hungary);
    s.empires[hungary as usize]
        .repressed
        .push(Token::Piece(buda));
    check(&s);
    assert!(legal(&s).contains(&war));
}

#[test]
fn r36_broke_tax_victim_is_repressed() {
    let mut s = blank(2);
    s.players[1].florins = 0;
    s.china += 10;
    let hlc = card("holy_land_crusade");
    to_tableau(&mut s, 0, hlc);
    put_concession(&mut s, border("ottoman_mamluk"), 1);
    go(&mut s, Move::Ops { side: Side::West });
    go(
        &mut s,
        Move::Op {
            member: Member::Card(hlc),
            op: 0,
            target: Target::Tax {
                border: border("ottoman_mamluk"),
                map: emp(E::Mamluk),
            },
        },
    );
    assert_eq!(s.borders[border("ottoman_mamluk") as usize], None);
    assert!(matches!(task(&s), Task::Levy { .. }));
    assert_eq!(
        P::pending(&s),
        vec![1],
        "the repressed owner still places the levy (R-13)"
    );
}

#[test]
fn r37_overflow_survivors() {
    let mut s = blank(2);
    let france = emp(E::France);
    give_empire(&mut s, 1, france);
    repress(&mut s, france, Token::Piece(piece(Shape::Knight, RED)));
    repress(&mut s, france, Token::Piece(piece(Shape::Knight, RED)));
    let tb = card("the_bold");
    to_hand(&mut s, 0, tb);
    go(
        &mut s,
        Move::Play {
            card: tb,
            oneshot: true,
            map: None,
        },
    );
    // 4 attackers, 0 defenders, 3 cities: three are placed, the fourth is
    // repressed. The player picks which survivor goes where, and so which one
    // is left over: here both repressed red knights and one white agent.
    let (red, white) = (piece(Shape::Knight, RED), piece(Shape::Knight, W));
    for (f, c) in [
        (Fighter::Repressed(Token::Piece(red)), "paris"),
        (Fighter::Repressed(Token::Piece(red)), "bruges"),
        (Fighter::Agent(white), "lyon"),
    ] {
        go(
            &mut s,
            Move::PlaceSurvivor {
                fighter: f,
                spot: Spot::City(city(c)),
            },
        );
    }
    assert_eq!(s.cities[city("paris") as usize], vec![red]);
    assert_eq!(s.cities[city("bruges") as usize], vec![red]);
    assert_eq!(
        s.empires[france as usize].repressed,
        vec![Token::Piece(white)]
    );
    assert_eq!(s.empires[france as usize].owner, Some(0));
}

#[test]
fn r38_hand_limit() {
    let mut s = blank(2);
    let gb = card("gutenberg");
    to_tableau(&mut s, 0, gb);
    for c in ["kingmaker", "the_bold", "luther"] {
        to_hand(&mut s, 0, card(c));
    }
    check(&s);
    go(
        &mut s,
        Move::Sell {
            member: Member::Card(gb),
        },
    );
    assert_eq!(task(&s), Task::DiscardHand { seat: 0 });
    go(
        &mut s,
        Move::Discard {
            card: card("luther"),
        },
    );
    assert_eq!(s.players[0].hand.len(), 2);
    assert_eq!(task(&s), Task::Turn);
}

#[test]
fn r39_campaign_inside_the_family() {
    let mut s = blank(2);
    let (ott, hun) = (emp(E::Ottoman), emp(E::Hungary));
    give_empire(&mut s, 0, ott);
    make_vassal(&mut s, hun, ott);
    put_city(&mut s, city("constantinople"), piece(Shape::Knight, B));
    put_city(&mut s, city("constantinople"), piece(Shape::Knight, B));
    put_city(&mut s, city("buda"), piece(Shape::Knight, W));
    go(&mut s, Move::Ops { side: Side::East });
    go(
        &mut s,
        Move::Op {
            member: Member::Empire(ott),
            op: 0,
            target: Target::Map(hun),
        },
    );
    assert_eq!(s.players[0].florins, 8);
    go(
        &mut s,
        Move::Casualty {
            fighter: Fighter::City(city("constantinople"), piece(Shape::Knight, B)),
        },
    );
    assert!(s.cities[city("buda") as usize].is_empty());
    assert_eq!(s.empires[hun as usize].suzerain, Some(ott));
    assert!(
        matches!(task(&s), Task::Ops { .. }),
        "no concession, no liberation"
    );
}

#[test]
fn r41_conspiracy_flip_is_optional() {
    let mut s = blank(2);
    let papal = emp(E::PapalStates);
    let ls = card("la_serenissima");
    to_hand(&mut s, 0, ls);
    go(
        &mut s,
        Move::Play {
            card: ls,
            oneshot: true,
            map: None,
        },
    );
    go(
        &mut s,
        Move::PlaceSurvivor {
            fighter: Fighter::Agent(piece(Shape::Rook, W)),
            spot: Spot::City(city("venice")),
        },
    );
    assert_eq!(task(&s), Task::TheocracyFlip { map: papal });
    go(&mut s, Move::FlipMap { flip: true });
    assert!(s.flipped[papal as usize]);
    assert_eq!(board::theocracy(&s, papal), Some(RED));
}

#[test]
fn r43_assassin() {
    let mut s = blank(2);
    let ott = emp(E::Ottoman);
    give_empire(&mut s, 1, ott);
    let grim = card("the_grim");
    to_tableau(&mut s, 0, grim);
    go(&mut s, Move::Ops { side: Side::East });
    go(
        &mut s,
        Move::Op {
            member: Member::Card(grim),
            op: 0,
            target: Target::Card(Member::Empire(ott)),
        },
    );
    assert_eq!(s.empires[ott as usize].owner, None);
    assert!(s.discards.contains(&grim), "the beheading card dies too");
}

#[test]
fn r44_diet_of_worms() {
    let mut s = blank(2);
    let aragon = emp(E::Aragon);
    give_empire(&mut s, 1, aragon);
    s.supply[RED.index()][2] -= 1;
    s.players[1].tableau[1][0].bishop = Some(RED);
    repress(&mut s, aragon, Token::Serf(1));
    let hb = card("house_of_borgia");
    to_hand(&mut s, 0, hb);
    go(
        &mut s,
        Move::Play {
            card: hb,
            oneshot: false,
            map: None,
        },
    );
    go(
        &mut s,
        Move::PlaceAgent {
            spot: Spot::Tableau(Member::Empire(aragon)),
        },
    );
    assert_eq!(s.players[1].tableau[1][0].bishop, None);
    assert_eq!(s.supply[RED.index()][2], 5);
    assert_eq!(s.supply[W.index()][2], 5);
    assert_eq!(
        s.empires[aragon as usize].repressed,
        vec![Token::Serf(1)],
        "no pacification"
    );
    assert_eq!(task(&s), Task::Turn);
}

#[test]
fn r48_hospitaller_rooks_join_crusades() {
    let mut s = blank(2);
    put_city(&mut s, city("algiers"), piece(Shape::Rook, B));
    put_city(&mut s, city("venice"), piece(Shape::Rook, W));
    let j = card("the_jesuits");
    to_hand(&mut s, 0, j);
    let crusade = Move::Play {
        card: j,
        oneshot: true,
        map: None,
    };
    assert!(
        !legal(&s).contains(&crusade),
        "a rook next door does not attack"
    );
    to_tableau(&mut s, 0, card("knights_hospitaller"));
    assert!(
        legal(&s).contains(&crusade),
        "with the Hospitallers it does"
    );
    go(&mut s, crusade);
    go(
        &mut s,
        Move::Casualty {
            fighter: Fighter::City(city("algiers"), piece(Shape::Rook, B)),
        },
    );
    assert_eq!(
        s.cities[city("venice") as usize].len() + s.cities[city("algiers") as usize].len(),
        0,
        "1 against 1"
    );
}

/// "darfst Du ... verwenden" is the active player's choice whenever the
/// crusade has other attackers: joining kills more heretics but the rooks die
/// with the attackers in a lost battle.
#[test]
fn r48_hospitaller_rooks_are_optional() {
    let setup = || {
        let mut s = blank(2);
        put_city(&mut s, city("algiers"), piece(Shape::Rook, B));
        put_city(&mut s, city("valencia"), piece(Shape::Knight, B));
        put_city(&mut s, city("london"), piece(Shape::Knight, W)); // England: diagonal to Aragon
        put_city(&mut s, city("venice"), piece(Shape::Rook, W)); // Papal States: next to Aragon
        to_tableau(&mut s, 0, card("knights_hospitaller"));
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
        s
    };
    let mut s = setup();
    assert!(matches!(task(&s), Task::JoinRooks { .. }));
    assert_eq!(
        legal(&s),
        vec![
            Move::JoinRooks { join: false },
            Move::JoinRooks { join: true }
        ]
    );
    // Without the rooks: 1 against 2, the knight dies and kills one heretic.
    go(&mut s, Move::JoinRooks { join: false });
    go(
        &mut s,
        Move::Casualty {
            fighter: Fighter::City(city("algiers"), piece(Shape::Rook, B)),
        },
    );
    assert!(s.cities[city("london") as usize].is_empty());
    assert_eq!(
        s.cities[city("venice") as usize],
        vec![piece(Shape::Rook, W)]
    );
    assert_eq!(
        s.cities[city("valencia") as usize],
        vec![piece(Shape::Knight, B)]
    );
    // With them: 2 against 2, everyone dies.
    let mut s = setup();
    go(&mut s, Move::JoinRooks { join: true });
    for f in [
        Fighter::City(city("algiers"), piece(Shape::Rook, B)),
        Fighter::City(city("valencia"), piece(Shape::Knight, B)),
    ] {
        go(&mut s, Move::Casualty { fighter: f });
    }
    for c in ["london", "venice", "algiers", "valencia"] {
        assert!(s.cities[city(c) as usize].is_empty(), "{c}");
    }
}

/// a pirate agent is a rook ("PIRATEN(TURM)-AGENTEN", E2.2), and in a
/// declared war the rook agents attack (E2.1 "müssen die TURM-, RITTER- und
/// BAUERN-AGENTEN als Angreifer ... eingesetzt werden"; battle table: card
/// agents attack "wenn Ritter, Türme oder Würfel"). Arumer Zwarte Hoop's black
/// pirate is the revolt's attacker; it survives into a French city.
#[test]
fn r50_pirate_agents_fight_as_rooks() {
    let mut s = blank(2);
    let a = card("arumer_zwarte_hoop");
    to_hand(&mut s, 0, a);
    let revolt = Move::Play {
        card: a,
        oneshot: true,
        map: None,
    };
    assert!(
        legal(&s).contains(&revolt),
        "the pirate agent is an attacker"
    );
    go(&mut s, revolt);
    let black_rook = piece(Shape::Rook, B);
    assert_eq!(
        legal(&s),
        ["paris", "bruges", "lyon"]
            .map(|c| Move::PlaceSurvivor {
                fighter: Fighter::Agent(black_rook),
                spot: Spot::City(city(c)),
            })
            .to_vec()
    );
    go(
        &mut s,
        Move::PlaceSurvivor {
            fighter: Fighter::Agent(black_rook),
            spot: Spot::City(city("lyon")),
        },
    );
    assert_eq!(s.cities[city("lyon") as usize], vec![black_rook]);
    assert_eq!(s.empires[emp(E::France) as usize].owner, Some(0));
    assert!(
        s.borders
            .iter()
            .all(|b| !matches!(b, Some(BorderToken::Pirate(_))))
    );
}

/// R-51: a suzerain and its vassals are one card for bishops ("Ein BISCHOF,
/// der auf einen LEHNSHERRN bewegt wird, wird als ebenso auf dessen Vasallen
/// befindlich betrachtet und umgekehrt", Glossar: VASALL), so an Inquisitor
/// jump "auf eine andere Karte ..., die die gleiche ORTsbezeichnung hat" (F1)
/// reaches the group through any member's location, and leaves it from any
/// of them, as agent placement already does.
#[test]
fn r51_inquisitor_jumps_use_every_member_of_a_group() {
    let mut s = blank(2);
    let ap = card("antipope"); // France, Inquisitor (red)
    to_tableau(&mut s, 0, ap);
    let hre = emp(E::HolyRomanEmpire);
    give_empire(&mut s, 0, hre);
    make_vassal(&mut s, emp(E::France), hre);
    let fg = card("flanders_guilds"); // France
    to_tableau(&mut s, 1, fg);
    s.supply[RED.index()][2] -= 1;
    s.players[1].tableau[1][0].bishop = Some(RED);
    check(&s);
    go(&mut s, Move::Ops { side: Side::West });
    let into = Target::Bishop {
        from: Member::Card(fg),
        to: Member::Empire(hre),
    };
    assert!(
        ops_targets(&s, Member::Card(ap)).contains(&into),
        "onto the group via its French vassal"
    );
    go(
        &mut s,
        Move::Op {
            member: Member::Card(ap),
            op: 0,
            target: into,
        },
    );
    assert_eq!(board::slot_bishop(&s, Member::Empire(hre)), Some(RED));
    // And back out through the vassal's location (the Antipope has acted; a
    // second red Inquisitor card does it).
    let rt = card("reformed_theology");
    let mut t = s.clone();
    t.stack.pop();
    t.turn.ops_done = [false; 2];
    to_tableau(&mut t, 0, rt);
    go(&mut t, Move::Ops { side: Side::West });
    assert!(ops_targets(&t, Member::Card(rt)).contains(&Target::Bishop {
        from: Member::Empire(hre),
        to: Member::Card(fg),
    }));
}

/// with the supply out, card play may take "irgendeinen" (any) matching
/// repressed token (Glossar: SPIELSTEIN-VERWALTUNG): the player names the
/// empire card it comes from, here for an agent placed without the one-shot.
#[test]
fn r53_player_names_the_substituted_repressed_token() {
    let mut s = blank(2);
    let red_knight = piece(Shape::Knight, RED);
    for c in ["london", "bordeaux", "bruges", "lyon", "varna"] {
        put_city(&mut s, city(c), red_knight);
    }
    let (france, hungary) = (emp(E::France), emp(E::Hungary));
    give_empire(&mut s, 1, france);
    give_empire(&mut s, 1, hungary);
    repress(&mut s, france, Token::Piece(red_knight));
    repress(&mut s, hungary, Token::Piece(red_knight));
    assert_eq!(s.supply[RED.index()][0], 0);
    let lk = card("the_last_knight"); // HRE, one red knight agent
    to_hand(&mut s, 0, lk);
    go(
        &mut s,
        Move::Play {
            card: lk,
            oneshot: false,
            map: None,
        },
    );
    go(
        &mut s,
        Move::PlaceAgent {
            spot: Spot::City(city("vienna")),
        },
    );
    assert_eq!(
        task(&s),
        Task::Substitute {
            token: Token::Piece(red_knight),
            from: vec![france, hungary],
        }
    );
    assert_eq!(
        legal(&s),
        vec![
            Move::TakeRepressed { empire: france },
            Move::TakeRepressed { empire: hungary }
        ]
    );
    go(&mut s, Move::TakeRepressed { empire: hungary });
    assert_eq!(s.cities[city("vienna") as usize], vec![red_knight]);
    assert_eq!(
        s.empires[france as usize].repressed,
        vec![Token::Piece(red_knight)]
    );
    assert!(s.empires[hungary as usize].repressed.is_empty());
}

/// R-53 in a war: the choice comes before the battle, and it matters. Kingmaker's
/// red rook agent can come from England's own repressed red rook (which attacks
/// anyway in the conspiracy: 2 against 2, lost) or from France's (3 against 2).
#[test]
fn r53_substitution_for_war_agents_is_chosen_before_the_battle() {
    let setup = || {
        let mut s = blank(2);
        let red_rook = piece(Shape::Rook, RED);
        for c in ["paris", "bruges", "lyon", "buda", "varna"] {
            put_city(&mut s, city(c), red_rook);
        }
        let (england, france) = (emp(E::England), emp(E::France));
        give_empire(&mut s, 1, england);
        give_empire(&mut s, 1, france);
        repress(&mut s, england, Token::Piece(red_rook));
        repress(&mut s, france, Token::Piece(red_rook));
        put_city(&mut s, city("london"), piece(Shape::Knight, W));
        put_city(&mut s, city("bordeaux"), piece(Shape::Knight, W));
        let km = card("kingmaker"); // England: a red and a white rook agent, conspiracy
        to_hand(&mut s, 0, km);
        go(
            &mut s,
            Move::Play {
                card: km,
                oneshot: true,
                map: None,
            },
        );
        s
    };
    let england = emp(E::England);
    let mut s = setup();
    assert_eq!(
        task(&s),
        Task::Substitute {
            token: Token::Piece(piece(Shape::Rook, RED)),
            from: vec![england, emp(E::France)],
        }
    );
    assert!(s.battle.is_none(), "no battle before the token is named");
    go(
        &mut s,
        Move::TakeRepressed {
            empire: emp(E::France),
        },
    );
    // 3 against 2: both defenders die, the attacker loses 2 of 3.
    assert_eq!(
        task(&s),
        Task::Casualties {
            attackers: true,
            count: 2
        }
    );
    assert!(s.cities[city("london") as usize].is_empty());
    let mut s = setup();
    go(&mut s, Move::TakeRepressed { empire: england });
    // 2 against 2: every attacker dies, two defenders with them.
    assert_eq!(
        task(&s),
        Task::Casualties {
            attackers: false,
            count: 2
        }
    );
    assert!(s.battle.as_ref().unwrap().attackers.is_empty());
}

/// R-54 [G6] "keine FLORINE, Karten und KONZESSIONEN mehr haben": a spinster
/// is still one of the player's cards (her prestige counts for him at the end,
/// I2/L2), so a player whose only card is a spinster is not bankrupt; without
/// her he is.
#[test]
fn r54_a_spinster_is_a_card_for_bankruptcy() {
    let mut s = blank(2);
    s.options.bankruptcy = true;
    s.players[1].florins = 0;
    s.china += 10;
    let mary = card("mary_the_rich");
    to_hand(&mut s, 1, mary);
    s.players[1].hand.clear();
    s.players[1].spinsters.push(mary);
    let mut alone = s.clone();
    settle(&mut s);
    go(&mut s, Move::EndTurn);
    assert!(
        !s.players[1].eliminated,
        "the spinster keeps the bank alive"
    );
    assert_eq!(s.winner, None);
    assert_eq!(s.active, 1);
    alone.players[1].spinsters.clear();
    alone.discards.push(mary);
    settle(&mut alone);
    assert!(alone.players[1].eliminated);
}

/// R-26 / R-55 [H1] "Dieser Zug ist permanent, und folgende
/// Handelswegsverlagerungen haben keinen Effekt mehr": read as the white
/// (Spice Islands) shifts; a black shift (Kremlin, Soninke Wangara) still works.
#[test]
fn r55_spice_islands_shift_is_permanent_black_shifts_still_work() {
    let mut s = blank(2);
    to_tableau(&mut s, 0, card("the_company_of_merchant_adventurers")); // Discovery
    let cq = card("conquistadors");
    let ia = card("india_armada");
    let kr = card("the_kremlin");
    for c in [cq, ia] {
        to_hand(&mut s, 0, c);
    }
    go(
        &mut s,
        Move::Play {
            card: cq,
            oneshot: true,
            map: None,
        },
    );
    assert!(
        s.uncovered[TradeCentre::SpiceIslands.index()]
            && !s.uncovered[TradeCentre::Trebizond.index()]
    );
    assert!(s.spice_locked);
    while task(&s) != Task::Turn {
        go(&mut s, Move::SkipAgent);
    }
    assert!(
        !legal(&s).contains(&Move::Play {
            card: ia,
            oneshot: true,
            map: None
        }),
        "a second Spice Islands shift has no effect"
    );
    to_hand(&mut s, 0, kr);
    go(
        &mut s,
        Move::Play {
            card: kr,
            oneshot: true,
            map: None,
        },
    );
    assert!(s.uncovered[TradeCentre::Novgorod.index()] && !s.uncovered[TradeCentre::Tana.index()]);
}

/// R-56 [Glossar: VASALL] "Ein BISCHOF, der auf einen LEHNSHERRN bewegt wird,
/// wird als ebenso auf dessen Vasallen befindlich betrachtet und umgekehrt":
/// the bishop of a suzerain-vassal group stays with the suzerain when a vassal
/// leaves the group, by a Vote (R-18: it would stay on "the card") or by a
/// Campaign (F9 discards "alle BISCHÖFE des unterlegenen REICHES": the
/// group's bishop is the suzerain's too, which is not defeated).
#[test]
fn r56_a_groups_bishop_stays_with_the_suzerain() {
    let setup = || {
        let mut s = blank(2);
        let (france, papal) = (emp(E::France), emp(E::PapalStates));
        give_empire(&mut s, 1, france);
        make_vassal(&mut s, papal, france);
        s.supply[RED.index()][2] -= 1;
        s.players[1].tableau[1][0].bishop = Some(RED);
        s
    };
    let (france, papal, aragon) = (emp(E::France), emp(E::PapalStates), emp(E::Aragon));
    // A Vote on the vassal.
    let mut s = setup();
    put_concession(&mut s, border("aragon_papal_states"), 0);
    let fg = card("flanders_guilds"); // Vote (West)
    to_tableau(&mut s, 0, fg);
    go(&mut s, Move::Ops { side: Side::West });
    go(
        &mut s,
        Move::Op {
            member: Member::Card(fg),
            op: 0,
            target: Target::Empire(papal),
        },
    );
    assert_eq!(s.empires[papal as usize].owner, Some(0));
    assert_eq!(board::slot_bishop(&s, Member::Empire(papal)), None);
    assert_eq!(board::slot_bishop(&s, Member::Empire(france)), Some(RED));
    // A Campaign on the vassal.
    let mut s = setup();
    give_empire(&mut s, 0, aragon);
    put_city(&mut s, city("valencia"), piece(Shape::Knight, W));
    go(&mut s, Move::Ops { side: Side::West });
    go(
        &mut s,
        Move::Op {
            member: Member::Empire(aragon),
            op: 0,
            target: Target::Map(papal),
        },
    );
    assert_eq!(s.empires[papal as usize].suzerain, Some(aragon));
    assert_eq!(board::slot_bishop(&s, Member::Empire(france)), Some(RED));
    assert_eq!(s.supply[RED.index()][2], 4, "the bishop was not discarded");
}

/// R-57 [K2] "Im Fall von Konstantinopel entscheidet der Angreifer über die
/// Position": the engine keeps no slot positions in Constantinople (R-24:
/// a levy takes the first printed symbol no present token matches), so a flip
/// asks nothing and the levy follows the new face's symbols.
#[test]
fn r57_constantinople_after_a_flip() {
    let mut s = blank(2);
    let ottoman = emp(E::Ottoman);
    let c = city("constantinople");
    put_city(&mut s, c, piece(Shape::Rook, B));
    put_city(&mut s, c, piece(Shape::Knight, B));
    assert_eq!(tradefair::levy_piece(&s, c), piece(Shape::Knight, B));
    put_city(&mut s, city("modon"), piece(Shape::Rook, RED)); // a heretic
    put_city(&mut s, city("rhodes"), piece(Shape::Rook, B));
    let gr = card("the_grim"); // Ottoman, Jihad
    to_hand(&mut s, 0, gr);
    go(
        &mut s,
        Move::Play {
            card: gr,
            oneshot: true,
            map: None,
        },
    );
    go(
        &mut s,
        Move::Casualty {
            fighter: Fighter::City(city("rhodes"), piece(Shape::Rook, B)),
        },
    );
    assert!(
        s.flipped[ottoman as usize],
        "the Jihad turned the Ottoman card"
    );
    assert!(
        !matches!(task(&s), Task::TheocracyFlip { .. }),
        "no question about Constantinople"
    );
    assert_eq!(s.cities[c as usize].len(), 2);
    assert_eq!(
        tradefair::levy_piece(&s, c),
        piece(Shape::Rook, B),
        "the back face prints two black rooks and a black knight"
    );
}

/// R-58 [G6] "scheidet er aus dem Spiel aus": a bankrupt player's dice leave
/// the game with him; his serfs are taken off the empire cards, so they can
/// never come back as concessions of a player who is out (liberation, a won
/// peasant revolt) and leave him decisions to make (a tax, its levy).
#[test]
fn r58_a_bankrupt_players_serfs_leave_with_him() {
    let mut s = blank(3);
    s.options.bankruptcy = true;
    s.players[2].florins = 0;
    s.china += 10;
    let france = emp(E::France);
    give_empire(&mut s, 1, france);
    repress(&mut s, france, Token::Serf(2));
    repress(&mut s, france, Token::Serf(1));
    settle(&mut s);
    go(&mut s, Move::EndTurn);
    assert!(s.players[2].eliminated);
    assert_eq!(s.empires[france as usize].repressed, vec![Token::Serf(1)]);
    assert_eq!(s.players[2].dice, 10);
    assert_eq!(s.active, 1);
}
