//! Move labels a person can read, the game info and the options mapping.

mod common;
use common::*;

use signoria_engine::{Game, ProtoGame};
use signoria_wallenstein::model::{Action, Awaiting, Card, Frame, Move};
use signoria_wallenstein::{Options, Wallenstein as W};

#[test]
fn labels_name_lands_actions_and_tiles() {
    let mut s = bare(4);
    let b = give(&mut s, 0, "Burgund", 3);
    let k = give(&mut s, 1, "Lothringen", 1);
    let own = give(&mut s, 0, "Strassburg", 1);
    assert_eq!(
        W::describe_move(
            &s,
            0,
            &Move::Plan {
                field: 4,
                card: Card::Land(b)
            }
        ),
        "collect taxes: Burgund"
    );
    assert_eq!(
        W::describe_move(
            &s,
            0,
            &Move::Plan {
                field: 10,
                card: Card::Money(3)
            }
        ),
        "bid money card 3"
    );
    assert_eq!(
        W::describe_move(
            &s,
            0,
            &Move::Plan {
                field: 10,
                card: Card::Land(b)
            }
        ),
        "bid the Burgund card"
    );
    s.stack = vec![
        Frame::Actions { slot: 0, pos: 0 },
        Frame::March(Awaiting {
            seat: 0,
            action: Action::FightA,
            from: b,
        }),
    ];
    assert_eq!(
        W::describe_move(&s, 0, &Move::March { to: k, count: 2 }),
        "attack Lothringen: 2 armies from Burgund"
    );
    assert_eq!(
        W::describe_move(&s, 0, &Move::March { to: own, count: 1 }),
        "move Strassburg: 1 army from Burgund"
    );
    let space = s
        .space_tiles
        .iter()
        .position(|t| *t == signoria_wallenstein::Tile::SixArmies)
        .unwrap() as u8;
    assert_eq!(
        W::describe_move(&s, 0, &Move::TakeSpace { space }),
        format!("take turn-order space {} with the 6 armies tile", space + 1)
    );
}

#[test]
fn info_and_options() {
    let info = W::info();
    assert_eq!(
        (info.id, info.min_players, info.max_players),
        ("wallenstein", 3, 5)
    );
    assert_eq!(info.options[0].name, "fixed_start");
    for o in [
        Options {
            fixed_start: true,
            ..Default::default()
        },
        Options {
            fixed_start: false,
            ..Default::default()
        },
    ] {
        assert_eq!(W::options_from_pb(&W::options_to_pb(&o)).unwrap(), o);
    }
    assert_eq!(
        W::options_from_pb(&Default::default()).unwrap(),
        Options::default()
    );
    assert!(W::setup(&Options::default(), 2, 1).is_err());
    assert!(W::setup(&Options::default(), 6, 1).is_err());
    let o: Options = serde_json::from_str("{}").unwrap();
    assert!(!o.fixed_start);
}
