//! The naval leftovers of [23.2], [9.2], [10], [20.4]: the Armada's own naval transport,
//! army leaders aboard, the Armada as a ship for lines of communication and transports
//! (rulings A10-A13), naval leaders lent with ships (A14-A15).

mod common;

use common::*;
use signoria_elisabeth_i::ElisabethI as E;
use signoria_elisabeth_i::armada::{self, at_sea};
use signoria_elisabeth_i::combat::naval_battle::Waters;
use signoria_elisabeth_i::data::{PoolOwner, data};
use signoria_elisabeth_i::model::{Event, Frame, Loc, Move, State, UnitKind};
use signoria_engine::Game;

/// An army leader goes aboard the Armada (directly, for a set-up).
fn leader_aboard(s: &mut State, id: &str) {
    let l = leader(id);
    let i = signoria_elisabeth_i::board::leader_pos(s, l);
    s.leaders[i].at = Loc::Armada;
}

fn take(s: &mut State, n: usize) {
    for _ in 0..n {
        play(
            s,
            am(armada::Move::Take {
                kind: UnitKind::Regular,
            }),
        );
    }
}

fn takes_more(s: &State) -> bool {
    moves(s)
        .iter()
        .any(|m| matches!(m, Move::Armada(armada::Move::Take { .. })))
}

/// Seven Spanish regulars and Alba in Barcelona, the Armada (8) in the Gulf of Lyon.
fn ready() -> State {
    let mut s = game();
    put(&mut s, "barcelona", PoolOwner::Spain, 7, 0, 0);
    place_leader(&mut s, "alba", "barcelona");
    armada_at(&mut s, zone("gulf_of_lyon"), 8, 0);
    actions(&mut s, SPA, 3);
    s
}

/// [23.2] "Seetransport", A10: with the Armada at sea, a formation of an adjacent port
/// goes aboard for 1 CP and ends its transport there; more than 5 units only with a
/// Spanish army leader, never beyond the Armada's strength.
#[test]
fn a10_a_formation_goes_aboard_the_armada_at_sea() {
    let mut s = ready();
    let aboard = am(armada::Move::FerryAboard {
        port: sp("barcelona"),
    });
    assert!(moves(&s).contains(&aboard));
    assert!(
        !moves(&s).contains(&am(armada::Move::FerryAboard {
            port: sp("cartagena")
        })),
        "Cartagena is not on the Gulf of Lyon"
    );
    // Without a leader: a formation's limit ([13.1]), never more than 5.
    let mut t = s.clone();
    play(&mut t, aboard.clone());
    assert_eq!(kind(&t), "armada_ferry");
    let lone = data().tables.formation.no_leader_max.min(5) as usize;
    take(&mut t, lone);
    assert!(!takes_more(&t), "no more without a Spanish army leader");
    // With Alba: 7 (his command 10, the Armada's strength 8).
    play(&mut s, aboard);
    play(
        &mut s,
        am(armada::Move::TakeLeader {
            leader: leader("alba"),
        }),
    );
    take(&mut s, 7);
    assert!(!takes_more(&s), "all seven taken");
    play(&mut s, am(armada::Move::Ferry));
    assert_eq!(kind(&s), "actions", "the transport ends aboard");
    assert_eq!(s.armada.aboard.regulars, 7);
    assert_eq!(troops(&s, "barcelona", SPA), 0);
    assert_eq!(loc(&s, "alba"), Loc::Armada);
    assert_eq!(armada::ferry::leaders_aboard(&s), vec![leader("alba")]);
    assert_eq!(cp_left(&s), 2, "1 CP");
}

/// A10: the capacity binds a leader's formation too: 3 aboard an Armada of 8 leave room
/// for 5.
#[test]
fn a10_never_beyond_the_armadas_strength() {
    let mut s = ready();
    s.armada.aboard.regulars = 3;
    signoria_elisabeth_i::board::book(&mut s, PoolOwner::Spain, 3, 0);
    play(
        &mut s,
        am(armada::Move::FerryAboard {
            port: sp("barcelona"),
        }),
    );
    play(
        &mut s,
        am(armada::Move::TakeLeader {
            leader: leader("alba"),
        }),
    );
    take(&mut s, 5);
    assert!(!takes_more(&s));
    play(&mut s, am(armada::Move::Ferry));
    assert_eq!(s.armada.aboard.regulars, 8);
    assert_eq!(troops(&s, "barcelona", SPA), 2);
}

/// A10: Storms played at the embarking ([16.3] step 1) stop the boarding; the CP is spent.
#[test]
fn a10_storms_stop_the_boarding() {
    let mut s = ready();
    give(&mut s, FRA, "storms");
    play(
        &mut s,
        am(armada::Move::FerryAboard {
            port: sp("barcelona"),
        }),
    );
    take(&mut s, 2);
    play(&mut s, am(armada::Move::Ferry));
    assert_eq!(kind(&s), "respond");
    let storms = data().card_by_key("storms").unwrap().id;
    play(&mut s, Move::PlayCard { card: storms });
    settle(&mut s);
    assert_eq!(s.armada.aboard.total(), 0);
    assert_eq!(troops(&s, "barcelona", SPA), 7);
    assert_eq!(cp_left(&s), 2);
}

/// [23.2], A10: a formation aboard lands in an adjacent port for 1 CP as a transport's
/// landing (a move into the port); not into a port holding enemy ships ([16.3] step 3).
#[test]
fn a10_a_formation_lands_from_the_armada() {
    let mut s = game();
    war(&mut s, SPA, FRA);
    clear(&mut s, "barcelona");
    armada_at(&mut s, zone("gulf_of_lyon"), 8, 6);
    leader_aboard(&mut s, "alba");
    actions(&mut s, SPA, 2);
    let m = moves(&s);
    assert!(
        !m.contains(&am(armada::Move::FerryAshore {
            port: sp("marseille")
        })),
        "French galleys in Marseille"
    );
    play(
        &mut s,
        am(armada::Move::FerryAshore {
            port: sp("barcelona"),
        }),
    );
    play(
        &mut s,
        am(armada::Move::TakeLeader {
            leader: leader("alba"),
        }),
    );
    take(&mut s, 6);
    play(&mut s, am(armada::Move::Ferry));
    settle(&mut s);
    assert_eq!(troops(&s, "barcelona", SPA), 6);
    assert_eq!(s.armada.aboard.total(), 0);
    assert_eq!(loc(&s, "alba"), Loc::Space(sp("barcelona")));
    assert!(armada::ferry::leaders_aboard(&s).is_empty());
    assert_eq!(cp_left(&s), 1);
    assert!(E::invariant_violations(&s).is_empty());
}

/// A10, [13]: a leader alone lands from the Armada (no units aboard) without leaving an
/// empty force in the port (a 4-player playout's invariant check caught one).
#[test]
fn a10_a_lone_leader_lands_from_the_armada() {
    let mut s = game();
    clear(&mut s, "corunna");
    // No Spanish ships in the port either: nothing of Spain's stands there.
    let ships: i16 = s
        .sp(sp("corunna"))
        .forces
        .iter()
        .map(|f| f.ships.total() as i16)
        .sum();
    s.sp_mut(sp("corunna")).forces.clear();
    signoria_elisabeth_i::board::book(&mut s, PoolOwner::Spain, 0, -ships);
    armada_at(&mut s, zone("atlantic_ocean"), 6, 2);
    leader_aboard(&mut s, "alba");
    // A Storms window opens before the landing (and is declined).
    give(&mut s, FRA, "storms");
    actions(&mut s, SPA, 2);
    play(
        &mut s,
        am(armada::Move::FerryAshore {
            port: sp("corunna"),
        }),
    );
    play(
        &mut s,
        am(armada::Move::TakeLeader {
            leader: leader("alba"),
        }),
    );
    play(&mut s, am(armada::Move::Ferry));
    assert_eq!(kind(&s), "respond");
    play(&mut s, Move::Done);
    assert_eq!(loc(&s, "alba"), Loc::Space(sp("corunna")));
    assert_eq!(s.armada.aboard.total(), 2, "the regulars stay aboard");
    assert_eq!(E::invariant_violations(&s), Vec::<String>::new());
}

/// A10, [16.3] step 4: a landing from the Armada lost in the field destroys the formation
/// and captures its leaders.
#[test]
fn a10_a_landing_lost_destroys_the_formation() {
    let mut s = game();
    war(&mut s, SPA, FRA);
    clear(&mut s, "valencia");
    put(&mut s, "valencia", PoolOwner::France, 6, 0, 0);
    s.sp_mut(sp("valencia")).controller = signoria_elisabeth_i::data::Power::France;
    armada_at(&mut s, zone("gulf_of_lyon"), 2, 1);
    leader_aboard(&mut s, "alba");
    actions(&mut s, SPA, 2);
    let (t, _) = until(
        &s,
        |t| {
            let mut ev = play(
                t,
                am(armada::Move::FerryAshore {
                    port: sp("valencia"),
                }),
            );
            ev.extend(play(
                t,
                am(armada::Move::TakeLeader {
                    leader: leader("alba"),
                }),
            ));
            ev.extend(play(
                t,
                am(armada::Move::Take {
                    kind: UnitKind::Regular,
                }),
            ));
            ev.extend(play(t, am(armada::Move::Ferry)));
            ev.extend(settle(t));
            ev
        },
        |t, _| troops(t, "valencia", SPA) == 0 && troops(t, "valencia", FRA) > 0,
    );
    assert_eq!(t.armada.aboard.total(), 0);
    assert_eq!(loc(&t, "alba"), Loc::Captured(FRA));
    assert!(E::invariant_violations(&t).is_empty());
}

/// [23.2] "Einheiten und Armeeführer kostenlos", A11: in port, army leaders go aboard and
/// ashore for free; at sea no free transfer.
#[test]
fn a11_army_leaders_board_and_leave_in_port() {
    let mut s = game();
    armada_at(&mut s, Waters::Port(sp("seville")), 4, 0);
    place_leader(&mut s, "alba", "seville");
    actions(&mut s, SPA, 1);
    let board = am(armada::Move::BoardLeader {
        leader: leader("alba"),
    });
    assert!(moves(&s).contains(&board));
    play(&mut s, board);
    assert_eq!(loc(&s, "alba"), Loc::Armada);
    assert_eq!(cp_left(&s), 1, "free");
    let land = am(armada::Move::LandLeader {
        leader: leader("alba"),
    });
    assert!(moves(&s).contains(&land));
    let mut t = s.clone();
    // At sea: no free landing.
    t.armada.at = Some(zone("atlantic_ocean"));
    assert!(!moves(&t).contains(&land));
    play(&mut s, land);
    assert_eq!(loc(&s, "alba"), Loc::Space(sp("seville")));
}

/// A11: a leader aboard stays aboard through the winter ([23.2]); the Armada brings him
/// home with its units.
#[test]
fn a11_leaders_winter_aboard() {
    let mut s = game();
    armada_at(&mut s, zone("gulf_of_lyon"), 4, 2);
    leader_aboard(&mut s, "alba");
    let mut ev = Vec::new();
    at_sea::winter(&mut s, &mut ev);
    assert!(matches!(s.armada.at, Some(Waters::Port(_))));
    assert_eq!(loc(&s, "alba"), Loc::Armada);
    assert!(E::invariant_violations(&s).is_empty());
}

/// [12.1], [16.3], [23.2], A12: the Armada is Spain's ship: it carries a line of
/// communication across its sea zone and satisfies the own-ships condition of an ordinary
/// transport (at most 5 units, ending in a port).
#[test]
fn a12_the_armada_counts_as_a_ship() {
    let mut s = game();
    war(&mut s, SPA, FRA);
    s.sp_mut(sp("milan")).controller = signoria_elisabeth_i::data::Power::France;
    clear(&mut s, "milan");
    let genoa = sp("genoa");
    assert!(!signoria_elisabeth_i::control::loc(&s, SPA, genoa));
    armada_at(&mut s, zone("gulf_of_lyon"), 2, 0);
    assert!(signoria_elisabeth_i::control::loc(&s, SPA, genoa));
    // Barcelona's galley stays home; the Armada alone in the zone.
    put(&mut s, "barcelona", PoolOwner::Spain, 2, 0, 0);
    actions(&mut s, SPA, 3);
    assert!(moves(&s).contains(&Move::Transport {
        space: sp("barcelona")
    }));
    play(
        &mut s,
        Move::Transport {
            space: sp("barcelona"),
        },
    );
    play(&mut s, Move::AddUnit(UnitKind::Regular));
    play(
        &mut s,
        Move::Go {
            to: sp("barcelona"),
        },
    );
    assert!(moves(&s).contains(&Move::ShipTo {
        to: zone("gulf_of_lyon")
    }));
}

/// A12: the Armada is an enemy ship too: a French transport may not land in the port
/// it lies in, and France's ships may enter that Spanish port only against it.
#[test]
fn a12_the_armada_is_an_enemy_ship() {
    let mut s = game();
    war(&mut s, SPA, FRA);
    armada_at(&mut s, Waters::Port(sp("barcelona")), 2, 0);
    assert!(signoria_elisabeth_i::naval::enemy_ships(
        &s,
        FRA,
        Waters::Port(sp("barcelona"))
    ));
    assert!(!signoria_elisabeth_i::naval::enemy_ships(
        &s,
        ENG,
        Waters::Port(sp("barcelona"))
    ));
}

/// A13: an Armada lost with army leaders aboard: each leader is displaced ([12.5]) to the
/// nearest fortified space Spain controls.
#[test]
fn a13_a_lost_armada_displaces_its_leaders() {
    let mut s = game();
    armada_at(&mut s, Waters::Port(sp("barcelona")), 2, 2);
    leader_aboard(&mut s, "alba");
    let mut ev = Vec::new();
    at_sea::lose(&mut s, &mut ev);
    assert!(s.armada.at.is_none());
    match loc(&s, "alba") {
        Loc::Space(x) => {
            assert_ne!(x, sp("barcelona"));
            assert_eq!(signoria_elisabeth_i::board::controller_pw(&s, x), Some(SPA));
        }
        l => panic!("Alba at {l:?}"),
    }
    assert!(E::invariant_violations(&s).is_empty());
}

/// The leaders aboard are public: every seat's view shows them, and the events name them.
#[test]
fn leaders_aboard_are_public() {
    let mut s = game();
    armada_at(&mut s, Waters::Port(sp("seville")), 4, 0);
    place_leader(&mut s, "alba", "seville");
    actions(&mut s, SPA, 1);
    let ev = play(
        &mut s,
        am(armada::Move::BoardLeader {
            leader: leader("alba"),
        }),
    );
    assert!(ev.contains(&Event::Armada(armada::Event::Leaders {
        leaders: vec![leader("alba")]
    })));
    for seat in 0..6 {
        let v = E::view(&s, signoria_engine::Viewer::Seat(seat));
        assert_eq!(v.armada.leaders, vec![leader("alba")]);
    }
}

// ---- naval leaders lent with ships [9.2]

fn santa_cruz_in(s: &mut State, port: &str) -> u8 {
    use signoria_elisabeth_i::admirals::{ALoc, idx_of};
    let i = idx_of("santa_cruz").unwrap();
    let a = s.admirals.iter_mut().find(|a| a.idx == i).unwrap();
    a.at = ALoc::At(Waters::Port(sp(port)));
    i
}

fn lend_corunna_galleon(s: &mut State, admiral: Option<u8>) -> Move {
    use signoria_elisabeth_i::model::{DealPick, Frame, ShipKind};
    s.stack = vec![Frame::Negotiate { who: SPA }];
    Move::Propose {
        to: FRA,
        deal: DealPick::ShipLoan {
            port: sp("corunna"),
            kind: ShipKind::Galleon,
            n: 1,
            admiral,
        },
    }
}

/// [9.2] "Ist ein Marineanführer mit verliehenen Schiffen gestapelt, kann er ebenfalls
/// dem Alliierten geliehen werden", A14: the loan is offered with or without the naval
/// leader of that port (never one of another port); lent, he goes with the ships to the
/// borrower's port and acts for the borrower: his rating in its fleet, following its ships.
#[test]
fn a14_a_naval_leader_lent_with_ships() {
    use signoria_elisabeth_i::admirals::{self, ALoc};
    use signoria_elisabeth_i::data::Power;
    use signoria_elisabeth_i::diplomacy::ship_loans;
    use signoria_engine::ProtoGame;
    let mut s = game();
    let sc = santa_cruz_in(&mut s, "corunna");
    let with = lend_corunna_galleon(&mut s, Some(sc));
    let without = lend_corunna_galleon(&mut s, None);
    let m = moves(&s);
    assert!(m.contains(&with) && m.contains(&without));
    assert!(
        !m.iter().any(|x| matches!(
            x,
            Move::Propose {
                deal: signoria_elisabeth_i::model::DealPick::ShipLoan { port, admiral: Some(_), .. },
                ..
            } if *port != sp("corunna")
        )),
        "only with the ships he is stacked with"
    );
    assert_eq!(E::move_from_pb(&E::move_to_pb(&with)).unwrap(), with);
    let label = E::describe_move(&s, 0, &with);
    assert!(label.contains("Santa Cruz"), "{label}");
    play(&mut s, with);
    announce_and_confirm(&mut s);
    let dest = ship_loans::destination(&s, FRA, sp("corunna")).unwrap();
    let a = s.admirals.iter().find(|a| a.idx == sc).unwrap().clone();
    assert_eq!(a.at, ALoc::At(Waters::Port(dest)));
    assert_eq!(a.lent_to, Some(FRA));
    assert_eq!(a.owner, SPA);
    assert_eq!(admirals::at(&s, Waters::Port(dest), Power::France).len(), 1);
    assert!(admirals::at(&s, Waters::Port(dest), Power::Spain).is_empty());
    // He sails with the French ships, not with Spain's.
    let to = Waters::Sea(data().space(dest).ports[0]);
    let mut t = s.clone();
    admirals::follow(&mut t, Power::Spain, Waters::Port(dest), to);
    assert_eq!(t.admirals.iter().find(|a| a.idx == sc).unwrap().at, a.at);
    admirals::follow(&mut t, Power::France, Waters::Port(dest), to);
    assert_eq!(
        t.admirals.iter().find(|a| a.idx == sc).unwrap().at,
        ALoc::At(to)
    );
    assert!(E::invariant_violations(&s).is_empty());
}

/// A15: in winter the loan ends: the lent leader goes to the lender's nearest port and acts
/// for it again.
#[test]
fn a15_the_lent_leader_returns_in_winter() {
    use signoria_elisabeth_i::admirals::ALoc;
    let mut s = game();
    let sc = santa_cruz_in(&mut s, "corunna");
    let with = lend_corunna_galleon(&mut s, Some(sc));
    play(&mut s, with);
    announce_and_confirm(&mut s);
    let mut ev = Vec::new();
    signoria_elisabeth_i::naval::winter_return(&mut s, &mut ev);
    let a = s.admirals.iter().find(|a| a.idx == sc).unwrap();
    assert_eq!(a.lent_to, None);
    match a.at {
        ALoc::At(Waters::Port(x)) => {
            assert_eq!(signoria_elisabeth_i::board::controller_pw(&s, x), Some(SPA))
        }
        l => panic!("Santa Cruz at {l:?}"),
    }
    assert!(s.ship_loans.is_empty());
    assert!(E::invariant_violations(&s).is_empty());
}

// ---- England's captains [10] step 2, [5.2]; Don John [10] step 4, [20.4]

fn captain(id: &str) -> u8 {
    data().captains.iter().position(|c| c.id == id).unwrap() as u8
}

/// [10] step 2, [5.2], A16: in spring England places captains with a battle rating of 1
/// on English ships in an English home port; each acts as a naval leader (his battle
/// rating) until the end of the turn and is not outfitted for the World map meanwhile.
#[test]
fn a16_english_captains_act_as_naval_leaders() {
    use signoria_elisabeth_i::admirals::{self, Role};
    use signoria_elisabeth_i::data::Power;
    use signoria_elisabeth_i::model::Frame;
    use signoria_engine::ProtoGame;
    let mut s = game();
    signoria_elisabeth_i::world::ensure(&mut s);
    s.stack = vec![Frame::SpringOf { who: ENG }];
    let mut ev = Vec::new();
    signoria_elisabeth_i::flow::auto(&mut s, &mut ev);
    assert_eq!(kind(&s), "place_captains");
    assert_eq!(seat(&s), ENG as usize);
    let hawkins = am(armada::Move::Captain {
        captain: captain("hawkins"),
        port: sp("london"),
    });
    let m = moves(&s);
    assert!(m.contains(&hawkins), "{m:?}");
    assert!(
        !m.iter().any(
            |x| matches!(x, Move::Armada(armada::Move::Captain { captain: c, .. })
            if *c == captain("frobisher") || *c == captain("gilbert"))
        ),
        "captains with a battle rating of 0 are no naval leaders"
    );
    assert!(
        !m.iter().any(
            |x| matches!(x, Move::Armada(armada::Move::Captain { port, .. })
            if *port == sp("york"))
        ),
        "only onto English ships in a home port"
    );
    assert_eq!(E::move_from_pb(&E::move_to_pb(&hawkins)).unwrap(), hawkins);
    play(&mut s, hawkins);
    let a = admirals::at(&s, Waters::Port(sp("london")), Power::England);
    assert_eq!(a.len(), 1);
    assert_eq!(a[0].id, "hawkins");
    assert_eq!(
        a[0].battle,
        data().captains[captain("hawkins") as usize].battle
    );
    assert!(
        !admirals::captains_free(&s).contains(&captain("hawkins")),
        "not in the pool this turn"
    );
    assert!(s.admirals.iter().any(|x| x.role == Role::Captain));
    // Winter ends his turn as a naval leader; he is England's captain again next turn.
    let mut ev = Vec::new();
    signoria_elisabeth_i::naval::winter_return(&mut s, &mut ev);
    assert!(!s.admirals.iter().any(|x| x.role == Role::Captain));
    s.turn += 1;
    assert!(admirals::captains_free(&s).contains(&captain("hawkins")));
    assert!(E::invariant_violations(&s).is_empty());
}

/// [10] step 4, A17: Don John arriving is placed as an army leader or as a naval leader
/// (in a Spanish home port, his naval battle rating); in a Spanish impulse he changes his
/// role in a port space Spain controls, for free.
#[test]
fn a17_don_john_two_roles() {
    use signoria_elisabeth_i::admirals::{self, Role};
    use signoria_elisabeth_i::data::Power;
    use signoria_elisabeth_i::model::Frame;
    let mut s = game();
    let dj = admirals::don_john().unwrap();
    let i = signoria_elisabeth_i::board::leader_pos(&s, dj);
    s.leaders[i].at = Loc::Card;
    s.stack = vec![Frame::PlaceLeader {
        who: SPA,
        leader: dj,
    }];
    let m = moves(&s);
    assert!(m.contains(&Move::PlaceLeaderIn {
        space: sp("madrid")
    }));
    let naval = am(armada::Move::DonJohnNaval {
        port: sp("seville"),
    });
    assert!(m.contains(&naval));
    play(&mut s, naval);
    assert_eq!(loc(&s, "don_john"), Loc::Naval);
    let a = admirals::at(&s, Waters::Port(sp("seville")), Power::Spain);
    assert_eq!(a.len(), 1);
    assert_eq!(
        a[0].battle,
        data().army_leaders[dj as usize].naval_battle.unwrap()
    );
    assert!(s.admirals.iter().any(|x| x.role == Role::ArmyLeader));
    // In Seville during a Spanish impulse: back to an army leader, and again.
    actions(&mut s, SPA, 1);
    play(&mut s, am(armada::Move::DonJohnSwitch));
    assert_eq!(loc(&s, "don_john"), Loc::Space(sp("seville")));
    assert!(admirals::at(&s, Waters::Port(sp("seville")), Power::Spain).is_empty());
    assert_eq!(cp_left(&s), 1, "free");
    play(&mut s, am(armada::Move::DonJohnSwitch));
    assert_eq!(loc(&s, "don_john"), Loc::Naval);
    // Not in Madrid (no port) as an army leader.
    let mut t = game();
    place_leader(&mut t, "don_john", "madrid");
    actions(&mut t, SPA, 1);
    assert!(!moves(&t).contains(&am(armada::Move::DonJohnSwitch)));
}

/// [20.4], A17: Don John at sea in winter may become an army leader and go to a Spanish
/// capital; otherwise he returns with the ships.
#[test]
fn a17_don_john_leaves_the_ships_in_winter() {
    use signoria_elisabeth_i::admirals;
    use signoria_elisabeth_i::model::{Moment, Step};
    let mut s = game();
    let dj = admirals::don_john().unwrap();
    admirals::to_naval(&mut s, dj, zone("gulf_of_lyon"));
    s.stack = vec![Frame::Step(Step::Winter)];
    let mut ev = Vec::new();
    armada::at(&mut s, Moment::After(Step::Action), &mut ev);
    assert_eq!(kind(&s), "don_john_winter");
    let m = moves(&s);
    assert!(m.contains(&Move::Done));
    let madrid = am(armada::Move::DonJohnCapital {
        capital: sp("madrid"),
    });
    assert!(m.contains(&madrid));
    play(&mut s, madrid);
    assert_eq!(loc(&s, "don_john"), Loc::Space(sp("madrid")));
    assert!(admirals::don_john_at_sea(&s).is_none());
}

/// A18 ([12.5]): displaced units never go into a space holding land units of a power at
/// war with them (a Huguenot unit that stood in a French fortress before the war began):
/// the next fortress instead.
#[test]
fn a18_no_displacement_among_enemies() {
    use signoria_elisabeth_i::data::Power;
    let mut s = game();
    war(&mut s, FRA, PRO);
    let x = sp("nantes");
    put(&mut s, "nantes", PoolOwner::France, 2, 0, 0);
    let french_fortress = |s: &State, y| {
        y != x
            && signoria_elisabeth_i::board::fortified(s, y)
            && s.sp(y).controller == Power::France
            && s.sp(y).siege.is_none()
    };
    let first = signoria_elisabeth_i::board::by_land_distance(x)
        .into_iter()
        .find(|&y| french_fortress(&s, y))
        .unwrap();
    let key = data().space(first).key.clone();
    put(&mut s, &key, PoolOwner::Huguenot, 1, 0, 0);
    let before = troops(&s, &key, FRA);
    let mut ev = Vec::new();
    signoria_elisabeth_i::religion::rebellion::displace_units(
        &mut s,
        x,
        |o| o != PoolOwner::France,
        &mut ev,
    );
    assert_eq!(troops(&s, "nantes", FRA), 0);
    assert_eq!(troops(&s, &key, FRA), before, "not among the Huguenots");
    assert!(E::invariant_violations(&s).is_empty());
}

/// A19 ([13.2], [20.10]): a lone leader who could form no formation in his space (the
/// Duke of Guise outside the French zone) is no interception source; another leader is.
#[test]
fn a19_no_interception_from_a_leader_without_a_way() {
    use signoria_elisabeth_i::model::Selection;
    let mut s = game();
    war(&mut s, SPA, ENG);
    clear(&mut s, "breda");
    clear(&mut s, "maastricht");
    s.sp_mut(sp("breda")).controller = signoria_elisabeth_i::data::Power::Spain;
    put(&mut s, "breda", PoolOwner::Spain, 1, 0, 0);
    let guise = leader("duke_of_guise");
    let i = signoria_elisabeth_i::board::leader_pos(&s, guise);
    s.leaders[i].owner = SPA;
    s.leaders[i].at = Loc::Space(sp("maastricht"));
    signoria_elisabeth_i::land::start(
        &mut s,
        ENG,
        sp("antwerp"),
        sp("breda"),
        Selection::default(),
        None,
    );
    let m = signoria_elisabeth_i::land::current_ref(&s).clone();
    assert!(
        !signoria_elisabeth_i::land::intercept_sources(&s, &m, SPA).contains(&sp("maastricht"))
    );
    place_leader(&mut s, "alba", "maastricht");
    assert!(signoria_elisabeth_i::land::intercept_sources(&s, &m, SPA).contains(&sp("maastricht")));
}
