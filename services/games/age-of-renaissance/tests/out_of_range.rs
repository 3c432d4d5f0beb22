//! Moves naming ids the game does not have (a province or card past the last, a seat
//! past the sixth, absurd counts and bids) at several points of random games: refused
//! without a panic and without changing the state, labelled without a panic, and
//! malformed in the proto mapping; unspecified enum values are malformed too.

use signoria_age_of_renaissance::data::{Advance, CardId, Category, Commodity, ProvinceId, Region};
use signoria_age_of_renaissance::model::{Move, Target};
use signoria_age_of_renaissance::{AgeOfRenaissance as A, Options, pb};
use signoria_engine::{Game, GameRng, ProtoGame};

fn odd_moves() -> Vec<Move> {
    let provinces = [ProvinceId(107), ProvinceId(200), ProvinceId(u8::MAX)];
    let cards = [CardId(64), CardId(u8::MAX)];
    let mut v = vec![
        Move::Bid { tokens: i32::MAX },
        Move::Bid { tokens: i32::MIN },
        Move::CapitalBid { ducats: u8::MAX },
        Move::PayIndulgence { ducats: u8::MAX },
        Move::Resign,
        Move::Declare,
    ];
    for &p in &provinces {
        v.push(Move::ChooseCapital { province: p });
        v.push(Move::Place {
            province: p,
            count: 1,
        });
        v.push(Move::Place {
            province: ProvinceId(0),
            count: u8::MAX,
        });
        v.push(Move::Attack {
            province: p,
            cathedral: true,
        });
        v.push(Move::Pirate { province: p });
        v.push(Move::Cede { province: p });
        v.push(Move::SwapControl { from: p, to: p });
    }
    for &c in &cards {
        v.push(Move::ReturnCard { card: c });
        v.push(Move::Discard { card: c });
        v.push(Move::GiveCard { card: c });
        v.push(Move::PlayPersonality { card: c });
        v.push(Move::PlayCommodity {
            card: c,
            commodity: Commodity::Gold,
        });
        v.push(Move::PlayEvent {
            card: c,
            target: Target::Seat(200),
        });
        v.push(Move::PlayEvent {
            card: c,
            target: Target::Province(ProvinceId(250)),
        });
        v.push(Move::BuyAdvance {
            advance: Advance::Z,
            claims: vec![c],
        });
    }
    v.push(Move::PlayEvent {
        card: CardId(31),
        target: Target::Region(Region::NewWorld),
    });
    v.push(Move::PlayEvent {
        card: CardId(32),
        target: Target::Category(Category::Civics),
    });
    v
}

#[test]
fn odd_moves_are_refused_and_labelled() {
    let odd = odd_moves();
    for players in [3, 6] {
        for seed in 0..4u64 {
            let mut s = A::setup(&Options::default(), players, seed).unwrap();
            let mut rng = GameRng::from_seed(seed);
            let mut step = 0;
            while !A::pending(&s).is_empty() {
                if step % 5 == 0 {
                    for seat in 0..players {
                        for mv in &odd {
                            let _ = A::describe_move(&s, seat, mv);
                            if A::legal_moves(&s, seat).contains(mv) {
                                continue;
                            }
                            let mut probe = s.clone();
                            assert!(A::apply(&mut probe, seat, mv).is_err(), "{mv:?} accepted");
                            assert!(probe == s, "a refused move changed the state");
                        }
                    }
                }
                let pending = A::pending(&s);
                let seat = pending[rng.index(pending.len())];
                let legal = A::legal_moves(&s, seat);
                let mv = legal[rng.index(legal.len())].clone();
                A::apply(&mut s, seat, &mv).unwrap();
                step += 1;
            }
            for mv in &odd {
                assert!(A::apply(&mut s.clone(), 0, mv).is_err());
            }
        }
    }
}

#[test]
fn odd_ids_are_malformed_on_the_wire() {
    for mv in odd_moves() {
        let pb = A::move_to_pb(&mv);
        let back = A::move_from_pb(&pb);
        let in_range = match &mv {
            Move::Place { province, .. } | Move::ChooseCapital { province } => province.0 < 107,
            Move::Attack { province, .. } | Move::Pirate { province } | Move::Cede { province } => {
                province.0 < 107
            }
            Move::SwapControl { from, .. } => from.0 < 107,
            Move::ReturnCard { card }
            | Move::Discard { card }
            | Move::GiveCard { card }
            | Move::PlayPersonality { card }
            | Move::PlayCommodity { card, .. } => card.0 < 64,
            Move::PlayEvent { card, target } => {
                card.0 < 64
                    && match target {
                        Target::Seat(x) => *x < 6,
                        Target::Province(p) => p.0 < 107,
                        _ => true,
                    }
            }
            Move::BuyAdvance { claims, .. } => claims.iter().all(|c| c.0 < 64),
            _ => true,
        };
        assert_eq!(back.is_ok(), in_range, "{mv:?}");
    }
    use pb::r#move::Kind;
    let bad = [
        Kind::ClearCounter(pb::r#move::ClearCounter { commodity: 0 }),
        Kind::ClearCounter(pb::r#move::ClearCounter { commodity: 13 }),
        Kind::BuyAdvance(pb::r#move::BuyAdvance {
            advance: 0,
            claims: vec![],
        }),
        Kind::BuyAdvance(pb::r#move::BuyAdvance {
            advance: 27,
            claims: vec![],
        }),
        Kind::PlayEvent(pb::r#move::PlayEvent {
            card: 31,
            target: None,
        }),
        Kind::CapitalBid(pb::r#move::CapitalBid { ducats: 256 }),
        Kind::Place(pb::r#move::Place {
            province: 1,
            count: 300,
        }),
    ];
    for k in bad {
        assert!(
            A::move_from_pb(&pb::Move {
                kind: Some(k.clone())
            })
            .is_err(),
            "{k:?}"
        );
    }
    assert!(A::move_from_pb(&pb::Move { kind: None }).is_err());
}
