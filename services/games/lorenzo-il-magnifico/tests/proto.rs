//! The proto enums name the board's closed sets the way the state numbers them.

use signoria_engine::{Game, ProtoGame, Viewer};
use signoria_lorenzo_il_magnifico::model::*;
use signoria_lorenzo_il_magnifico::pb;
use signoria_lorenzo_il_magnifico::{LorenzoIlMagnifico as L, Options};

fn place_pb(member: u8, space: u8) -> pb::r#move::Place {
    match L::move_to_pb(&Move::Place {
        member,
        space,
        servants: 0,
    })
    .kind
    {
        Some(pb::r#move::Kind::Place(p)) => p,
        other => panic!("{other:?}"),
    }
}

#[test]
fn action_spaces_and_members_are_named_after_the_board() {
    for space in 0..SPACES {
        let p = place_pb(0, space);
        let name = pb::ActionSpace::try_from(p.space).unwrap().as_str_name();
        let expected = match space {
            0..16 => format!(
                "ACTION_SPACE_{}_TOWER_FLOOR_{}",
                Kind::from_idx(space as usize / 4)
                    .tower_name()
                    .to_uppercase(),
                space % 4 + 1
            ),
            HARVEST_SMALL => "ACTION_SPACE_HARVEST_SMALL".into(),
            HARVEST_LARGE => "ACTION_SPACE_HARVEST_LARGE".into(),
            PRODUCTION_SMALL => "ACTION_SPACE_PRODUCTION_SMALL".into(),
            PRODUCTION_LARGE => "ACTION_SPACE_PRODUCTION_LARGE".into(),
            20 => "ACTION_SPACE_MARKET_COINS".into(),
            21 => "ACTION_SPACE_MARKET_SERVANTS".into(),
            22 => "ACTION_SPACE_MARKET_MILITARY_AND_COINS".into(),
            23 => "ACTION_SPACE_MARKET_PRIVILEGES".into(),
            _ => "ACTION_SPACE_COUNCIL_PALACE".into(),
        };
        assert_eq!(name, expected, "{}", space_name(space));
    }
    for member in 0..=NEUTRAL {
        let p = place_pb(member, COUNCIL);
        let name = pb::FamilyMember::try_from(p.member).unwrap().as_str_name();
        assert_eq!(
            name,
            format!(
                "FAMILY_MEMBER_{}",
                MEMBER_NAMES[member as usize].to_uppercase()
            )
        );
    }
}

#[test]
fn council_privileges_are_named_after_their_gain() {
    let names = [
        "COUNCIL_PRIVILEGE_WOOD_AND_STONE",
        "COUNCIL_PRIVILEGE_SERVANTS",
        "COUNCIL_PRIVILEGE_COINS",
        "COUNCIL_PRIVILEGE_MILITARY_POINTS",
        "COUNCIL_PRIVILEGE_FAITH_POINTS",
    ];
    let gains = [
        Res([1, 1, 0, 0, 0, 0, 0]),
        Res::one(SERVANTS, 2),
        Res::coins(2),
        Res::one(MP, 2),
        Res::one(FP, 1),
    ];
    for option in 0..5u8 {
        let Some(pb::r#move::Kind::ChoosePrivilege(p)) =
            L::move_to_pb(&Move::ChoosePrivilege { option }).kind
        else {
            panic!()
        };
        let name = pb::CouncilPrivilege::try_from(p.option)
            .unwrap()
            .as_str_name();
        assert_eq!(name, names[option as usize]);
        assert_eq!(
            signoria_lorenzo_il_magnifico::effects::privilege_gain(option),
            gains[option as usize]
        );
    }
}

#[test]
fn unspecified_or_unknown_values_do_not_decode() {
    let bad = |kind| L::move_from_pb(&pb::Move { kind: Some(kind) }).unwrap_err();
    use pb::r#move::*;
    assert!(
        bad(Kind::Place(Place {
            member: 0,
            space: 1,
            servants: 0
        }))
        .contains("family member")
    );
    assert!(
        bad(Kind::Place(Place {
            member: 1,
            space: 26,
            servants: 0
        }))
        .contains("action space")
    );
    assert!(bad(Kind::ChoosePrivilege(ChoosePrivilege { option: 6 })).contains("privilege"));
    assert!(
        bad(Kind::ActivateLeader(ActivateLeader {
            leader: 1,
            member: Some(0)
        }))
        .contains("family member")
    );
}

#[test]
fn views_carry_the_phase_and_the_decision_kind() {
    let s = L::setup(&Options::default(), 2, 3).unwrap();
    let v = L::view_to_pb(&L::view(&s, Viewer::Public));
    assert_eq!(v.phase(), pb::Phase::TileDraft);
    let mut b = L::setup(&Options { advanced: false }, 2, 3).unwrap();
    assert_eq!(
        L::view_to_pb(&L::view(&b, Viewer::Public)).phase(),
        pb::Phase::Actions
    );
    let seat = L::pending(&b)[0];
    b.towers = [None; 16];
    L::apply(
        &mut b,
        seat,
        &Move::Place {
            member: 0,
            space: COUNCIL,
            servants: 0,
        },
    )
    .unwrap();
    let v = L::view_to_pb(&L::view(&b, Viewer::Public));
    let d = v.decision.expect("a privilege to choose");
    assert_eq!(d.kind(), pb::DecisionKind::Privileges);
    assert_eq!(d.seat as usize, seat);
    assert_eq!(v.spaces[0].space(), pb::ActionSpace::CouncilPalace);
    assert_eq!(v.spaces[0].occupants[0].member(), pb::FamilyMember::Black);
}

/// The bit sets of closed sets in the view (members placed, periods
/// excommunicated, card types a bonus action may take, privileges taken from a
/// grant) also come as lists of enum values, the same sets, at every step of
/// random games; the bit fields stay filled for older clients.
#[test]
#[allow(deprecated)]
fn bit_sets_come_as_enum_lists_too() {
    let bits = |mask: u32| -> Vec<i32> {
        (0..32)
            .filter(|k| mask & (1 << k) != 0)
            .map(|k| k + 1)
            .collect()
    };
    let mut seen = [0usize; 4];
    for seed in 0..30u64 {
        let mut s = L::setup(&Options::default(), 2 + (seed % 3) as usize, seed).unwrap();
        let mut rng = signoria_engine::GameRng::from_seed(seed);
        while let Some(&seat) = L::pending(&s).first() {
            let v = L::view_to_pb(&L::view(&s, Viewer::Omniscient));
            for p in &v.players {
                assert_eq!(p.placed_members, bits(p.placed), "seed {seed}");
                let periods: Vec<u32> = bits(p.excommunicated).iter().map(|&x| x as u32).collect();
                assert_eq!(p.excommunicated_periods, periods, "seed {seed}");
                seen[0] += usize::from(p.placed != 0);
                seen[1] += usize::from(p.excommunicated != 0);
            }
            if let Some(d) = &v.decision {
                assert_eq!(d.allowed_card_types, bits(d.card_types), "seed {seed}");
                assert_eq!(d.taken_privileges, bits(d.taken), "seed {seed}");
                seen[2] += usize::from(d.card_types != 0);
                seen[3] += usize::from(d.taken != 0);
            }
            let legal = L::legal_moves(&s, seat);
            let mv = legal[rng.index(legal.len())].clone();
            L::apply(&mut s, seat, &mv).unwrap();
        }
    }
    assert!(
        seen.iter().all(|&n| n > 0),
        "every bit set was non-empty somewhere: {seen:?}"
    );
    for kind in Kind::ALL {
        let name = pb::CardType::try_from(kind.idx() as i32 + 1)
            .unwrap()
            .as_str_name();
        assert_eq!(name, format!("CARD_TYPE_{}", kind.name().to_uppercase()));
    }
}
