//! Move labels and prompts name provinces, cards, advances and commodities as the data
//! layer does, never Rust debug text.

mod common;

use common::*;
use signoria_age_of_renaissance::data::{Advance, Commodity};
use signoria_age_of_renaissance::labels::describe;
use signoria_age_of_renaissance::model::{Move, Target};
use signoria_age_of_renaissance::{AgeOfRenaissance as A, Options};
use signoria_engine::{Game, GameRng};

#[test]
fn labels_use_names() {
    let s = started(3);
    let cases = [
        (
            Move::Place {
                province: pid("Toledo"),
                count: 2,
            },
            "place 2 on Toledo",
        ),
        (
            Move::BuyAdvance {
                advance: Advance::N,
                claims: vec![cid("dionysius_exiguus")],
            },
            "buy Schriftliche Aufzeichnungen [N] for 30 claiming Dionysus Exiguus",
        ),
        (
            Move::PlayCommodity {
                card: cid("wine_cloth_1"),
                commodity: Commodity::Cloth,
            },
            "play Wein/Stoffe for Stoffe",
        ),
        (
            Move::PlayEvent {
                card: cid("alchemy"),
                target: Target::Seat(2),
            },
            "play Alchimie against seat 2 (Venezia)",
        ),
        (Move::Bid { tokens: -3 }, "bid -3 (pay 3 for no tokens)"),
        (
            Move::Attack {
                province: pid("Barcelona"),
                cathedral: false,
            },
            // Seat 0's capital Barcelona (market 3) against seat 1: the market, and the
            // control token as 3 tokens doubled in its owner's capital: 9 tokens.
            "attack Barcelona with 9 tokens",
        ),
        (
            Move::ChooseCapital {
                province: pid("Genoa"),
            },
            "take Genoa as capital",
        ),
    ];
    for (mv, label) in cases {
        assert_eq!(describe(&s, 1, &mv), label);
    }
}

#[test]
fn labels_and_prompts_have_no_debug_text() {
    for players in [3, 5] {
        let mut s = A::setup(&Options::default(), players, 21).unwrap();
        let mut rng = GameRng::from_seed(21);
        while !A::pending(&s).is_empty() {
            let p = A::pending(&s)[0];
            let prompt = A::prompt_for(&s, p).unwrap();
            assert!(
                !prompt.contains("ProvinceId") && !prompt.contains("CardId"),
                "{prompt}"
            );
            let moves = A::legal_moves(&s, p);
            for m in &moves {
                let l = A::describe_move(&s, p, m);
                assert!(!l.contains("Id(") && !l.contains('{'), "{l}");
            }
            let mv = moves[rng.index(moves.len())].clone();
            A::apply(&mut s, p, &mv).unwrap();
        }
    }
}
