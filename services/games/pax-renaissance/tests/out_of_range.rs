//! Moves naming ids the game does not have (a card number past the last card,
//! an empire, city or border that does not exist, a seat past the fourth, an
//! op or agent position past any card's, a market column past the row) in
//! every field of every move, at several points of random games: the kernel
//! refuses each without a panic and without changing the state, its label is
//! written without a panic, and the proto mapping refuses it as malformed.
//! Unspecified or unknown enum values in the proto are malformed too.

use signoria_engine::{Game, GameRng, ProtoGame, RuleErrorKind};
use signoria_pax_renaissance::model::*;
use signoria_pax_renaissance::{Move, Options, PaxRenaissance as P, pb};

const CARDS: [CardId; 3] = [92, 1000, CardId::MAX];
const MAPS: [MapId; 2] = [10, MapId::MAX];
const CITIES: [CityId; 2] = [27, CityId::MAX];
const BORDERS: [BorderId; 2] = [13, BorderId::MAX];
const SEATS: [usize; 3] = [4, 1 << 32, usize::MAX];
const SMALL: [u8; 2] = [40, u8::MAX];

fn piece() -> Piece {
    Piece {
        shape: Shape::Knight,
        religion: Religion::Catholic,
    }
}

fn members() -> Vec<Member> {
    let mut v: Vec<Member> = CARDS.iter().map(|&c| Member::Card(c)).collect();
    v.extend(MAPS.iter().map(|&m| Member::Empire(m)));
    v
}

fn tokens() -> Vec<Token> {
    SEATS.iter().map(|&s| Token::Serf(s)).collect()
}

fn spots() -> Vec<Spot> {
    let mut v: Vec<Spot> = CITIES.iter().map(|&c| Spot::City(c)).collect();
    v.extend(CITIES.iter().map(|&c| Spot::Replace(c, piece())));
    v.extend(BORDERS.iter().map(|&b| Spot::Border(b)));
    v.extend(members().into_iter().map(Spot::Tableau));
    v
}

fn fighters() -> Vec<Fighter> {
    let mut v: Vec<Fighter> = CITIES.iter().map(|&c| Fighter::City(c, piece())).collect();
    v.extend(BORDERS.iter().map(|&b| Fighter::Border(b)));
    v.extend(tokens().into_iter().map(Fighter::Repressed));
    v
}

fn targets() -> Vec<Target> {
    let ok = Member::Empire(0);
    let mut v = Vec::new();
    for m in members() {
        v.push(Target::Bishop { from: m, to: ok });
        v.push(Target::Bishop { from: ok, to: m });
        v.push(Target::Card(m));
    }
    for col in SMALL {
        v.push(Target::Market {
            row: Side::East,
            col,
        });
    }
    for b in BORDERS {
        v.push(Target::Tax { border: b, map: 0 });
        v.push(Target::Border { border: b, map: 0 });
        v.push(Target::Corsair { from: b, to: 0 });
        v.push(Target::Corsair { from: 0, to: b });
    }
    for m in MAPS {
        v.push(Target::Tax { border: 0, map: m });
        v.push(Target::Border { border: 0, map: m });
        v.push(Target::Empire(m));
        v.push(Target::Map(m));
    }
    for c in CITIES {
        v.push(Target::City(c, piece()));
    }
    v
}

/// Every move with an out-of-range value in one of its fields (the other
/// fields valid), for every field of every move that names an id.
fn out_of_range() -> Vec<Move> {
    let mut v = Vec::new();
    for col in [6, 40, u8::MAX] {
        for row in Side::BOTH {
            v.push(Move::Buy { row, col });
        }
    }
    for card in CARDS {
        for oneshot in [false, true] {
            v.push(Move::Play {
                card,
                oneshot,
                map: None,
            });
            v.push(Move::Play {
                card,
                oneshot,
                map: Some(0),
            });
        }
        v.push(Move::Crown { card, empire: 0 });
        v.push(Move::SellHand { card });
        v.push(Move::Discard { card });
    }
    for m in MAPS {
        for oneshot in [false, true] {
            v.push(Move::Play {
                card: 0,
                oneshot,
                map: Some(m),
            });
        }
        v.push(Move::Crown { card: 0, empire: m });
        v.push(Move::TakeRepressed { empire: m });
        v.push(Move::Pacify {
            token: None,
            empire: Some(m),
        });
        v.push(Move::Pacify {
            token: Some(Token::Serf(0)),
            empire: Some(m),
        });
    }
    for victory in [5, 40, u8::MAX] {
        v.push(Move::DeclareVictory { victory });
        v.push(Move::ActivateVictory { victory });
    }
    for member in members() {
        v.push(Move::Sell { member });
        v.push(Move::Op {
            member,
            op: 0,
            target: Target::Empire(0),
        });
    }
    for op in SMALL {
        v.push(Move::Op {
            member: Member::Empire(0),
            op,
            target: Target::Empire(0),
        });
    }
    for target in targets() {
        v.push(Move::Op {
            member: Member::Empire(0),
            op: 0,
            target,
        });
    }
    for spot in spots() {
        v.push(Move::PlaceAgent { spot });
        v.push(Move::PlaceOtherAgent { agent: 1, spot });
        v.push(Move::PlaceSurvivor {
            fighter: Fighter::AgentPawn,
            spot,
        });
        v.push(Move::Liberate {
            token: Token::Serf(0),
            spot,
        });
    }
    for agent in SMALL {
        v.push(Move::PlaceOtherAgent {
            agent,
            spot: Spot::City(0),
        });
    }
    for token in tokens() {
        v.push(Move::Pacify {
            token: Some(token),
            empire: None,
        });
        v.push(Move::Liberate {
            token,
            spot: Spot::City(0),
        });
    }
    for city in CITIES {
        v.push(Move::Levy { city });
    }
    for b in BORDERS {
        v.push(Move::Concession { border: Some(b) });
    }
    for fighter in fighters() {
        v.push(Move::Casualty { fighter });
        v.push(Move::PlaceSurvivor {
            fighter,
            spot: Spot::City(0),
        });
    }
    v
}

#[test]
fn out_of_range_ids_are_refused_at_every_point() {
    let moves = out_of_range();
    assert!(moves.len() > 150, "{} moves", moves.len());
    // Each is malformed on the wire.
    for mv in &moves {
        let pb = P::move_to_pb(mv);
        assert!(
            P::move_from_pb(&pb).is_err(),
            "{mv:?} read back as {:?}",
            P::move_from_pb(&pb)
        );
    }
    let options = [
        Options::default(),
        Options {
            astrology: true,
            bankruptcy: true,
            expert: true,
        },
    ];
    let mut kinds = std::collections::BTreeSet::new();
    for (g, options) in options.iter().enumerate() {
        for players in 2..=4 {
            let seed = 100 + g as u64 * 10 + players as u64;
            let mut s = P::setup(options, players, seed).unwrap();
            let mut rng = GameRng::from_seed(seed);
            let mut step = 0;
            while let Some(&seat) = P::pending(&s).first() {
                if step % 5 == 0 {
                    kinds.insert(P::frame_kind(s.stack.last().unwrap()));
                    for mv in &moves {
                        let label = P::describe_move(&s, seat, mv);
                        assert!(!label.is_empty());
                        let mut probe = s.clone();
                        let err = P::apply(&mut probe, seat, mv).expect_err("out of range");
                        assert_eq!(err.kind, RuleErrorKind::Illegal, "{mv:?}: {err}");
                        assert!(probe == s, "{mv:?} changed the state");
                    }
                }
                step += 1;
                let legal = P::legal_moves(&s, seat);
                let mv = legal[rng.index(legal.len())].clone();
                P::apply(&mut s, seat, &mv).unwrap();
            }
            // And after the end.
            for mv in &moves {
                let mut probe = s.clone();
                let err = P::apply(&mut probe, 0, mv).unwrap_err();
                assert_eq!(err.kind, RuleErrorKind::GameOver);
                assert!(probe == s);
            }
        }
    }
    for k in ["turn", "ops", "agents", "levy", "casualties"] {
        assert!(
            kinds.contains(k),
            "never probed on a '{k}' decision: {kinds:?}"
        );
    }
}

/// A Play of a card number past the last card (the defect: an index out of
/// bounds in the card table before the legality check) is refused.
#[test]
fn playing_a_card_past_the_last_is_illegal() {
    let mut s = P::setup(&Options::default(), 3, 1).unwrap();
    let before = s.clone();
    let seat = P::pending(&s)[0];
    for card in [92, 120, CardId::MAX] {
        let err = P::apply(
            &mut s,
            seat,
            &Move::Play {
                card,
                oneshot: true,
                map: None,
            },
        )
        .unwrap_err();
        assert_eq!(err.kind, RuleErrorKind::Illegal);
    }
    assert_eq!(s, before);
}

/// Enum values that are unspecified (0) or unknown, and ids past the data,
/// in the proto.
#[test]
fn malformed_proto_moves_are_refused() {
    use pb::r#move::{self as m, Kind};
    let piece = |shape, religion| Some(pb::Piece { shape, religion });
    let bad = [
        Kind::Buy(m::Buy { row: 0, col: 1 }),
        Kind::Buy(m::Buy { row: 3, col: 1 }),
        Kind::Buy(m::Buy { row: 1, col: 6 }),
        Kind::Ops(m::Ops { side: 0 }),
        Kind::TradeFair(m::TradeFair { row: -1 }),
        Kind::DeclareVictory(m::DeclareVictory { victory: 0 }),
        Kind::DeclareVictory(m::DeclareVictory { victory: 6 }),
        Kind::ActivateVictory(m::ActivateVictory { victory: 99 }),
        Kind::Crown(m::Crown { card: 0, empire: 0 }),
        Kind::Crown(m::Crown {
            card: 0,
            empire: 11,
        }),
        Kind::Play(m::Play {
            card: 92,
            one_shot: false,
            map: None,
        }),
        Kind::Play(m::Play {
            card: 0,
            one_shot: false,
            map: Some(0),
        }),
        Kind::TakeRepressed(m::TakeRepressed { empire: 12 }),
        Kind::Levy(m::Levy { city: 27 }),
        Kind::Concession(m::Concession { border: Some(13) }),
        Kind::Discard(m::Discard { card: u32::MAX }),
        Kind::PlaceAgent(m::PlaceAgent { spot: None }),
        Kind::PlaceAgent(m::PlaceAgent {
            spot: Some(pb::Spot {
                kind: Some(pb::spot::Kind::Replace(pb::CityReplace {
                    city: 0,
                    victim: piece(0, 1),
                })),
            }),
        }),
        Kind::PlaceAgent(m::PlaceAgent {
            spot: Some(pb::Spot {
                kind: Some(pb::spot::Kind::Replace(pb::CityReplace {
                    city: 0,
                    victim: piece(1, 4),
                })),
            }),
        }),
        Kind::Casualty(m::Casualty {
            fighter: Some(pb::Fighter {
                kind: Some(pb::fighter::Kind::AgentPawn(false)),
            }),
        }),
        Kind::Liberate(m::Liberate {
            token: Some(pb::Token {
                kind: Some(pb::token::Kind::Serf(4)),
            }),
            spot: Some(pb::Spot {
                kind: Some(pb::spot::Kind::City(0)),
            }),
        }),
    ];
    for kind in bad {
        let pb = pb::Move { kind: Some(kind) };
        assert!(P::move_from_pb(&pb).is_err(), "{kind:?} accepted");
    }
    assert!(P::move_from_pb(&pb::Move { kind: None }).is_err());
}
