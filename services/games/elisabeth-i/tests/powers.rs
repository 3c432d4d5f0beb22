//! The power-specific rules of [23]: the HRE's preference and its reveal, the capital's
//! move to Prague [23.5]; the Suez Canal [23.1]; Spain's two capitals [23.2]; the Virgin
//! Queen card [23.3]; the Duke of Guise [20.10]; the Protestant capitals and leaders
//! [23.6] (rulings K1-K9).

mod common;

use common::*;
use signoria_elisabeth_i::board::capitals;
use signoria_elisabeth_i::data::data;
use signoria_elisabeth_i::majors::{Event as KEvent, ottoman};
use signoria_elisabeth_i::model::{Event, Frame, Move, Preference, State};
use signoria_elisabeth_i::religion::score::hre_track_vp;
use signoria_elisabeth_i::victory;
use signoria_elisabeth_i::view;
use signoria_engine::{Audience, GameRng, Scoped, Viewer};

fn ev() -> Vec<Scoped<Event>> {
    Vec::new()
}

fn card(key: &str) -> signoria_elisabeth_i::data::CardId {
    data().card_by_key(key).unwrap().id
}

/// The preference worth the most on the track now, and its VP.
fn best_pref(s: &State) -> (Preference, i16) {
    [
        Preference::Catholic,
        Preference::Balanced,
        Preference::Protestant,
    ]
    .into_iter()
    .map(|p| (p, hre_track_vp(s, p)))
    .max_by_key(|x| x.1)
    .unwrap()
}

/// Every power's VP set to `target` by its bonus VP.
fn set_vp(s: &mut State, target: [i16; 6]) {
    for p in 0..6u8 {
        let now = victory::vp(s, p);
        s.bonus_vp[p as usize] += target[p as usize] - now;
    }
    assert_eq!(victory::all_vp(s), target.to_vec());
}

fn revealed(evs: &[Scoped<Event>]) -> Option<Preference> {
    evs.iter().find_map(|e| match &e.event {
        Event::Majors(KEvent::PreferenceRevealed { preference }) => Some(*preference),
        _ => None,
    })
}

/// K1 ([23.5], [25.2]): the HRE names its preference in the victory determination when
/// its column makes it a winner; from then on the column counts and is public.
#[test]
fn k1_the_hre_reveals_when_its_column_wins() {
    let mut s = game();
    s.turn = 2;
    let (pref, hidden) = best_pref(&s);
    assert!(hidden > 0, "the track gives the HRE's best column VP");
    s.ps_mut(HRE).preference = Some(pref);
    let standard = data().tables.victory.standard_vp as i16;
    // One VP short even with the column: no reveal, no victory.
    let mut short = s.clone();
    set_vp(&mut short, [10, 10, 10, 10, standard - hidden - 1, 10]);
    let mut e = ev();
    assert!(!victory::determination(&mut short, &mut e));
    assert_eq!(revealed(&e), None);
    assert!(!short.majors.hre_revealed);
    assert_eq!(
        view::view(&short, Viewer::Public).powers[HRE as usize].preference,
        None
    );
    // Enough with the column: revealed, and the HRE wins the standard victory.
    set_vp(&mut s, [10, 10, 10, 10, standard - hidden, 10]);
    let mut e = ev();
    assert!(victory::determination(&mut s, &mut e));
    assert_eq!(revealed(&e), Some(pref));
    // The reveal is public.
    assert!(e.iter().any(|x| x.audience == Audience::All
        && matches!(x.event, Event::Majors(KEvent::PreferenceRevealed { .. }))));
    assert_eq!(s.winners.as_ref().unwrap().0, vec![HRE]);
    assert_eq!(victory::vp(&s, HRE), standard);
    // Public now: every viewer sees the preference.
    for v in [Viewer::Public, Viewer::Seat(s.seat_of(SPA))] {
        assert_eq!(
            view::view(&s, v).powers[HRE as usize].preference,
            Some(pref)
        );
        assert_eq!(view::view(&s, v).majors.hre_revealed, Some(pref));
    }
}

/// K1: the reveal that stops another power's domination victory.
#[test]
fn k1_the_hre_reveals_to_stop_a_domination_victory() {
    let mut s = game();
    s.turn = data().tables.victory.domination_from_turn;
    let (pref, hidden) = best_pref(&s);
    s.ps_mut(HRE).preference = Some(pref);
    let lead = data().tables.victory.domination_lead as i16;
    // Spain leads everyone by the domination lead; the HRE's column closes the gap.
    set_vp(&mut s, [5, 15, 5, 5, 15 - lead, 5]);
    let mut e = ev();
    let over = victory::determination(&mut s, &mut e);
    assert_eq!(revealed(&e), Some(pref));
    assert!(!over, "the domination victory is stopped");
    assert_eq!(victory::vp(&s, HRE), 15 - lead + hidden);
}

/// K1: a preference that changes nothing stays secret; only the HRE's seat reads its
/// column, and every other seat sees it redrawn.
#[test]
fn k1_the_secret_preference_stays_hidden() {
    let mut s = game();
    s.turn = 2;
    s.ps_mut(HRE).preference = Some(Preference::Balanced);
    set_vp(&mut s, [10, 10, 10, 10, 10, 10]);
    let mut e = ev();
    assert!(!victory::determination(&mut s, &mut e));
    assert_eq!(revealed(&e), None);
    assert_eq!(victory::vp(&s, HRE), 10, "the column does not count yet");
    let own = view::view(&s, Viewer::Seat(s.seat_of(HRE)));
    assert_eq!(
        own.powers[HRE as usize].preference,
        Some(Preference::Balanced)
    );
    assert_eq!(
        own.majors.hre_secret_vp,
        Some(hre_track_vp(&s, Preference::Balanced))
    );
    let other = view::view(&s, Viewer::Seat(s.seat_of(ENG)));
    assert_eq!(other.powers[HRE as usize].preference, None);
    assert_eq!(other.majors.hre_secret_vp, None);
    // Redrawn for another seat (some seed gives another preference), kept for its own.
    let mut changed = false;
    for seed in 0..20 {
        let t = signoria_elisabeth_i::hidden::resample(
            &s,
            s.seat_of(ENG),
            &mut GameRng::from_seed(seed),
        );
        changed |= t.ps(HRE).preference != Some(Preference::Balanced);
        let u = signoria_elisabeth_i::hidden::resample(
            &s,
            s.seat_of(HRE),
            &mut GameRng::from_seed(seed),
        );
        assert_eq!(u.ps(HRE).preference, Some(Preference::Balanced));
    }
    assert!(changed);
    // Once revealed, never redrawn.
    s.majors.hre_revealed = true;
    for seed in 0..20 {
        let t = signoria_elisabeth_i::hidden::resample(
            &s,
            s.seat_of(ENG),
            &mut GameRng::from_seed(seed),
        );
        assert_eq!(t.ps(HRE).preference, Some(Preference::Balanced));
    }
    assert_eq!(
        victory::vp(&s, HRE),
        10 + hre_track_vp(&s, Preference::Balanced)
    );
}

/// K2 ([23.5], [3.3]): *Rudolf II.* makes Rudolf the HRE's ruler and moves the capital
/// to Prague for the rest of the game: the winter's regular goes there, not to Vienna.
#[test]
fn k2_rudolf_moves_the_capital_to_prague() {
    let mut s = game();
    assert_eq!(capitals(&s, HRE), vec![sp("vienna")]);
    give(&mut s, FRA, "rudolf_ii");
    s.stack = vec![Frame::Impulse {
        who: FRA,
        passes: 0,
    }];
    let evs = play(
        &mut s,
        Move::PlayEvent {
            card: card("rudolf_ii"),
        },
    );
    assert_eq!(s.ps(HRE).ruler, "rudolf_ii");
    assert_eq!(capitals(&s, HRE), vec![sp("prague")]);
    assert!(evs.iter().any(|e| matches!(
        e,
        Event::Majors(KEvent::CapitalMoved { power: HRE, to }) if *to == sp("prague")
    )));
    assert_eq!(
        view::view(&s, Viewer::Public).majors.hre_capitals,
        vec![sp("prague")]
    );
    // The HRE's winter option brings its mercenaries to Prague now ([20.6]).
    let (v0, p0) = (hre_units(&s, "vienna"), hre_units(&s, "prague"));
    assert!(signoria_elisabeth_i::winter::hre_mercenaries_ok(&s));
    signoria_elisabeth_i::winter::hre_mercenaries(&mut s, &mut ev());
    assert_eq!(hre_units(&s, "vienna"), v0, "Vienna is no capital any more");
    assert_eq!(hre_units(&s, "prague"), p0 + 2);
}

fn hre_units(s: &State, x: &str) -> u8 {
    signoria_elisabeth_i::board::troops_of(s, HRE, sp(x)).total()
}

fn suez_attempt(s: &mut State, die: u8) -> Vec<Scoped<Event>> {
    let mut e = ev();
    ottoman::attempt(s, die, &mut e);
    e
}

/// K3/K4 ([23.1]): each failed attempt lowers the die needed by one; a success gives 2
/// bonus VP and +1 card for the rest of the game.
#[test]
fn k4_the_suez_canal_gets_easier_with_each_attempt() {
    let mut s = game();
    assert_eq!(ottoman::target(&s), 6);
    let vp0 = victory::vp(&s, OTT);
    let cards0 = signoria_elisabeth_i::deal::draw_count(&s, OTT);
    suez_attempt(&mut s, 5);
    assert!(!ottoman::built(&s));
    assert_eq!(ottoman::target(&s), 5);
    suez_attempt(&mut s, 3);
    assert_eq!(ottoman::target(&s), 4);
    assert_eq!(victory::vp(&s, OTT), vp0);
    let e = suez_attempt(&mut s, 4);
    assert!(ottoman::built(&s));
    assert!(e.iter().any(|x| matches!(
        x.event,
        Event::Majors(KEvent::SuezAttempt {
            die: 4,
            target: 4,
            built: true
        })
    )));
    assert_eq!(victory::vp(&s, OTT), vp0 + 2);
    assert_eq!(signoria_elisabeth_i::deal::draw_count(&s, OTT), cards0 + 1);
    assert!(view::view(&s, Viewer::Public).majors.suez_built);
}

/// K3 ([23.1]): *Großwesir* played as its event is a Suez attempt (only the Ottomans'
/// home card, only while the canal is unfinished); the card goes to the power card.
#[test]
fn k3_the_grand_vizier_attempts_the_canal() {
    let mut s = game();
    give(&mut s, OTT, "grand_vizier");
    s.stack = vec![Frame::Impulse {
        who: OTT,
        passes: 0,
    }];
    let gv = Move::PlayEvent {
        card: card("grand_vizier"),
    };
    let (t, evs) = until(&s, |t| play(t, gv.clone()), |t, _| !ottoman::built(t));
    assert_eq!(t.majors.suez_failures, 1);
    assert!(t.ps(OTT).home_played.contains(&card("grand_vizier")));
    assert!(evs.iter().any(|e| matches!(
        e,
        Event::Majors(KEvent::SuezAttempt {
            target: 6,
            built: false,
            ..
        })
    )));
    // Finished: no longer offered as an event.
    let mut u = s.clone();
    u.majors.suez_built = true;
    assert!(!moves(&u).contains(&gv));
    assert!(moves(&s).contains(&gv));
}

/// RULINGS W9 with [23.1]: once the canal is finished an Ottoman expedition starts on
/// its front side and may carry a colony.
#[test]
fn k4_after_the_canal_ottoman_expeditions_start_whole() {
    use signoria_elisabeth_i::world::Move as WM;
    let mut s = game();
    s.turn = 3;
    signoria_elisabeth_i::world::ensure(&mut s);
    s.majors.suez_built = true;
    actions(&mut s, OTT, 3);
    let outfits: Vec<Move> = moves(&s)
        .into_iter()
        .filter(|m| matches!(m, Move::World(WM::Outfit { .. })))
        .collect();
    assert!(
        outfits
            .iter()
            .any(|m| matches!(m, Move::World(WM::Outfit { colony: true, .. })))
    );
    let o = outfits
        .iter()
        .find(|m| matches!(m, Move::World(WM::Outfit { colony: false, .. })))
        .unwrap()
        .clone();
    play(&mut s, o);
    assert!(
        s.world
            .captains
            .iter()
            .any(|c| c.owner == Some(OTT) && !c.damaged)
    );
}

fn noble(id: &str) -> u8 {
    signoria_elisabeth_i::royals::nobles::by_id(id)
}

/// Elizabeth engaged to a Spanish noble this turn.
fn engaged_to_spain(s: &mut State) -> u8 {
    use signoria_elisabeth_i::royals::nobles::{self, Status};
    nobles::ensure(s);
    let groom = (0..nobles::count())
        .find(|&i| nobles::owner(i) == Some(SPA) && nobles::is_male(i))
        .expect("a Spanish groom");
    let bride = noble("elizabeth_i");
    nobles::set(s, groom, Status::Engaged);
    nobles::set(s, bride, Status::Engaged);
    s.royals
        .engaged
        .push(signoria_elisabeth_i::royals::wedding::Couple { groom, bride });
    groom
}

fn vq_impulse(s: &mut State) -> Move {
    give(s, ENG, "the_virgin_queen");
    s.stack = vec![Frame::Impulse {
        who: ENG,
        passes: 0,
    }];
    Move::PlayEvent {
        card: card("the_virgin_queen"),
    }
}

/// K5 ([23.3], [6.2]): *Die jungfräuliche Königin* takes a card from the discard pile
/// (never a mandatory card); the home card goes to the power card.
#[test]
fn k5_the_virgin_queen_takes_a_card_from_the_discard_pile() {
    use signoria_elisabeth_i::majors::Move as KMove;
    let mut s = game();
    let vq = vq_impulse(&mut s);
    play(&mut s, vq);
    assert_eq!(kind(&s), "virgin_queen");
    assert_eq!(seat(&s), s.seat_of(ENG));
    let m = moves(&s);
    assert!(!m.contains(&Move::Majors(KMove::Jilt)), "not engaged");
    let mandatory: Vec<_> = s
        .discard
        .iter()
        .copied()
        .filter(|&c| signoria_elisabeth_i::events::is_mandatory(c))
        .collect();
    assert!(!mandatory.is_empty());
    for c in &mandatory {
        assert!(!m.contains(&Move::Majors(KMove::Retrieve { card: *c })));
    }
    let Move::Majors(KMove::Retrieve { card: taken }) = m[0].clone() else {
        panic!("{m:?}")
    };
    play(&mut s, m[0].clone());
    assert!(s.ps(ENG).hand.contains(&taken));
    assert!(!s.discard.contains(&taken));
    assert!(s.ps(ENG).home_played.contains(&card("the_virgin_queen")));
}

/// K5 ([23.3]): engaged, Elizabeth may call it off; the groom's power rolls on the
/// jilted table (reconstructed): 5-6 four mercenaries, 1-4 CP spent on mercenaries.
#[test]
fn k5_elizabeth_jilts_her_groom() {
    use signoria_elisabeth_i::majors::{Move as KMove, england};
    use signoria_elisabeth_i::royals::nobles::{self, Status};
    let mut s = game();
    let groom = engaged_to_spain(&mut s);
    let vq = vq_impulse(&mut s);
    play(&mut s, vq);
    assert!(moves(&s).contains(&Move::Majors(KMove::Jilt)));
    let spain_mercs = |s: &State| {
        data()
            .space_ids()
            .map(|x| signoria_elisabeth_i::board::troops_of(s, SPA, x).mercenaries)
            .sum::<u8>()
    };
    for (die, more) in [(6u8, 4u8), (1, 2)] {
        let mut t = s.clone();
        let m0 = spain_mercs(&t);
        t.stack.pop();
        let mut e = ev();
        england::jilt(&mut t, die, &mut e);
        assert!(t.royals.engaged.is_empty());
        assert_eq!(nobles::get(&t, groom).status, Status::Free);
        assert_eq!(nobles::get(&t, noble("elizabeth_i")).status, Status::Free);
        assert_eq!(spain_mercs(&t), m0 + more, "die {die}");
        assert!(e.iter().any(|x| matches!(
            x.event,
            Event::Majors(KEvent::Jilted { power: Some(SPA), die: d, .. }) if d == die
        )));
    }
    // Through the move: the wedding no longer happens.
    play(&mut s, Move::Majors(KMove::Jilt));
    assert!(s.royals.engaged.is_empty());
}

/// K6 ([23.3]): after Elizabeth's death the card is neither played nor kept: in the
/// spring deployment England must set it aside.
#[test]
fn k6_after_elizabeths_death_the_card_is_set_aside() {
    use signoria_elisabeth_i::royals::nobles::{self, Status};
    let mut s = game();
    let vq = vq_impulse(&mut s);
    assert!(moves(&s).contains(&vq));
    nobles::set(&mut s, noble("elizabeth_i"), Status::Dead);
    assert!(!moves(&s).contains(&vq));
    give(&mut s, ENG, "english_home_card_2");
    s.stack = vec![Frame::ChooseHome { who: ENG }];
    assert_eq!(
        moves(&s),
        vec![Move::SetAsideHome {
            card: card("the_virgin_queen")
        }]
    );
    nobles::set(&mut s, noble("elizabeth_i"), Status::Free);
    assert_eq!(moves(&s).len(), 2);
}

/// K7 ([20.10]): no destination of a stack with the Duke of Guise lies outside the
/// French zone (Metz counts to it); in winter, sent to a capital outside it, he is
/// eliminated, while another Spanish leader goes to Madrid.
#[test]
fn k7_the_duke_of_guise_stays_in_france() {
    use signoria_elisabeth_i::data::{PoolOwner, ReligiousZone};
    use signoria_elisabeth_i::majors::france::in_french_zone;
    use signoria_elisabeth_i::model::{Loc, Purpose, Selection, Troops};
    use signoria_elisabeth_i::movement::destinations;
    assert!(in_french_zone(sp("metz")));
    let guise = leader("duke_of_guise");
    let mut s = game();
    // A French-zone space with a land neighbour outside the zone that Spain may enter.
    let d = data();
    let mut found = None;
    for a in d
        .space_ids()
        .filter(|&x| d.space(x).zone == Some(ReligiousZone::France))
    {
        let mut t = s.clone();
        put(&mut t, &d.space(a).key, PoolOwner::Spain, 2, 0, 0);
        place_leader(&mut t, "duke_of_guise", &d.space(a).key);
        let sel = |leaders: Vec<u8>| Selection {
            troops: Troops {
                regulars: 2,
                ..Default::default()
            },
            leaders,
            ..Default::default()
        };
        let free = destinations(&t, SPA, a, Purpose::Move, &sel(vec![]), 9);
        if free.iter().any(|&(x, _)| !in_french_zone(x)) {
            let with = destinations(&t, SPA, a, Purpose::Move, &sel(vec![guise]), 9);
            found = Some((free, with));
            break;
        }
    }
    let (free, with) = found.expect("a border space");
    assert!(with.iter().all(|&(x, _)| in_french_zone(x)), "{with:?}");
    assert!(with.len() < free.len());
    // Winter: alone in Reims, he would go to a Spanish capital: eliminated.
    place_leader(&mut s, "duke_of_guise", "reims");
    place_leader(&mut s, "alba", "reims");
    signoria_elisabeth_i::winter::return_units(&mut s, &mut ev());
    let at = |s: &State, l: u8| s.leaders[signoria_elisabeth_i::board::leader_pos(s, l)].at;
    assert_eq!(at(&s, guise), Loc::Dead);
    assert!(matches!(at(&s, leader("alba")), Loc::Space(x) if capitals(&s, SPA).contains(&x)));
}

/// K8 ([23.6]): each Protestant capital serves its own faction: its units winter there,
/// a deployment from it is offered only without the other faction's units; Huguenot
/// leaders enter on Huguenot fortified home spaces the Protestants control, Dutch ones
/// on Dutch ones.
#[test]
fn k8_protestant_capitals_serve_their_own_faction() {
    use signoria_elisabeth_i::data::{Faction, PoolOwner, Power};
    use signoria_elisabeth_i::majors::protestant::{capital_of_owner, deploy_ok, leader_site_ok};
    let mut s = game();
    for x in ["la_rochelle", "amsterdam"] {
        s.sp_mut(sp(x)).controller = Power::Protestant;
    }
    s.religion.capitals = vec![(Faction::Dutch, sp("amsterdam"))];
    assert_eq!(
        capital_of_owner(&s, PoolOwner::Dutch),
        Some(Some(sp("amsterdam")))
    );
    assert_eq!(capital_of_owner(&s, PoolOwner::Huguenot), Some(None));
    assert_eq!(capital_of_owner(&s, PoolOwner::Spain), None);
    assert_eq!(capitals(&s, PRO), vec![sp("amsterdam")]);
    put(&mut s, "amsterdam", PoolOwner::Dutch, 2, 0, 0);
    assert!(deploy_ok(&s, PRO, sp("amsterdam")));
    put(&mut s, "amsterdam", PoolOwner::Huguenot, 1, 0, 0);
    assert!(
        deploy_ok(&s, PRO, sp("amsterdam")),
        "the Dutch units deploy (K8)"
    );
    assert!(!deploy_ok(&s, PRO, sp("la_rochelle")), "no capital there");
    let coligny = leader("coligny");
    let orange = leader("william_of_orange");
    assert!(leader_site_ok(&s, coligny, sp("la_rochelle")));
    assert!(!leader_site_ok(&s, coligny, sp("amsterdam")));
    assert!(leader_site_ok(&s, orange, sp("amsterdam")));
    assert!(!leader_site_ok(&s, orange, sp("la_rochelle")));
    s.sp_mut(sp("la_rochelle")).controller = Power::France;
    assert!(!leader_site_ok(&s, coligny, sp("la_rochelle")));
}

/// A Protestant-controlled Amsterdam as the Dutch capital, with a free Protestant
/// neighbour (returned) to deploy or displace to.
fn dutch_capital() -> (State, signoria_elisabeth_i::data::SpaceId) {
    use signoria_elisabeth_i::data::{Faction, Power};
    let mut s = game();
    clear(&mut s, "amsterdam");
    s.sp_mut(sp("amsterdam")).controller = Power::Protestant;
    s.religion.capitals = vec![(Faction::Dutch, sp("amsterdam"))];
    let near = data()
        .neighbours(sp("amsterdam"))
        .map(|(x, _)| x)
        .find(|&x| !signoria_elisabeth_i::board::fortified(&s, x))
        .expect("an unfortified neighbour");
    clear(&mut s, &data().space(near).key);
    s.sp_mut(near).controller = Power::Protestant;
    (s, near)
}

/// K8 ([23.6] L2168 "Dieses Feld dient dann als Hauptstadt für Armeeführer und Einheiten
/// dieses Gebiets während Frühjahrsaufmarsch"): a spring deployment from a Protestant
/// capital holding units of both factions takes only the capital's faction's units; the
/// others stay.
#[test]
fn k8_a_deployment_from_a_mixed_capital_takes_its_faction() {
    use signoria_elisabeth_i::data::PoolOwner;
    use signoria_elisabeth_i::model::UnitKind;
    let (mut s, near) = dutch_capital();
    put(&mut s, "amsterdam", PoolOwner::Dutch, 2, 0, 0);
    put(&mut s, "amsterdam", PoolOwner::Huguenot, 1, 1, 0);
    s.stack = vec![Frame::Deploy { who: PRO }];
    play(
        &mut s,
        Move::DeployFrom {
            capital: sp("amsterdam"),
        },
    );
    assert!(!moves(&s).contains(&Move::AddUnit(UnitKind::Mercenary)));
    play(&mut s, Move::AddUnit(UnitKind::Regular));
    play(&mut s, Move::AddUnit(UnitKind::Regular));
    assert!(
        !moves(&s).contains(&Move::AddUnit(UnitKind::Regular)),
        "the Huguenot regular stays"
    );
    play(&mut s, Move::Go { to: near });
    assert_eq!(owner_units(&s, near, PoolOwner::Dutch), 2);
    assert_eq!(owner_units(&s, near, PoolOwner::Huguenot), 0);
    assert_eq!(owner_units(&s, sp("amsterdam"), PoolOwner::Huguenot), 2);
    assert_eq!(owner_units(&s, sp("amsterdam"), PoolOwner::Dutch), 0);
}

/// N1 with [23.6]: the Dutch and Huguenot counters are one power's units, yet each keeps
/// its faction: in a move action from a space holding both, the formation offers a
/// regular of each faction, and the Huguenots picked are the counters that move (the
/// Dutch, first in the fixed order, stay).
#[test]
fn n1_the_protestants_choose_which_factions_counters_move() {
    use signoria_elisabeth_i::data::PoolOwner;
    use signoria_elisabeth_i::model::UnitKind;
    let (mut s, near) = dutch_capital();
    put(&mut s, "amsterdam", PoolOwner::Dutch, 2, 0, 0);
    put(&mut s, "amsterdam", PoolOwner::Huguenot, 2, 0, 0);
    actions(&mut s, PRO, 3);
    play(
        &mut s,
        Move::MoveFrom {
            space: sp("amsterdam"),
        },
    );
    let huguenot = Move::AddUnitOf {
        kind: UnitKind::Regular,
        owner: PoolOwner::Huguenot,
    };
    let m = moves(&s);
    assert!(m.contains(&huguenot), "{m:?}");
    assert!(m.contains(&Move::AddUnitOf {
        kind: UnitKind::Regular,
        owner: PoolOwner::Dutch,
    }));
    assert!(!m.contains(&Move::AddUnit(UnitKind::Regular)));
    play(&mut s, huguenot.clone());
    play(&mut s, huguenot);
    play(&mut s, Move::Go { to: near });
    settle(&mut s);
    assert_eq!(owner_units(&s, near, PoolOwner::Huguenot), 2);
    assert_eq!(owner_units(&s, near, PoolOwner::Dutch), 0);
    assert_eq!(owner_units(&s, sp("amsterdam"), PoolOwner::Dutch), 2);
}

/// K8 ([12.5] with [23.6] L2168): displaced Protestant land units go to a capital of
/// their own faction only: with the Dutch capital besieged (so no free fortified space),
/// the Dutch units go into it and the Huguenot units, with no capital of theirs, are lost.
#[test]
fn k8_displaced_units_use_their_own_factions_capital() {
    use signoria_elisabeth_i::data::PoolOwner;
    use signoria_elisabeth_i::religion::{Event as GEvent, rebellion::displace_units};
    let (mut s, near) = dutch_capital();
    s.sp_mut(sp("amsterdam")).siege = Some(signoria_elisabeth_i::model::Siege {
        by: vec![SPA],
        since: 0,
    });
    let key = data().space(near).key.clone();
    put(&mut s, &key, PoolOwner::Dutch, 1, 0, 0);
    put(&mut s, &key, PoolOwner::Huguenot, 2, 0, 0);
    let mut e = ev();
    displace_units(&mut s, near, |_| false, &mut e);
    let moved: Vec<_> = e
        .iter()
        .filter_map(|x| match &x.event {
            Event::Religion(GEvent::Displaced { owner, to, .. }) => Some((*owner, *to)),
            _ => None,
        })
        .collect();
    assert!(moved.contains(&(PoolOwner::Dutch, Some(sp("amsterdam")))));
    assert!(moved.contains(&(PoolOwner::Huguenot, None)));
}

/// K10 ([23.6] L2156): after the land units' winter return the Protestants may take army
/// leaders off the map onto their power card, one by one, or stop; such a leader enters
/// again in a spring deployment ([10] step 4).
#[test]
fn k10_protestants_take_leaders_off_the_map_in_winter() {
    use signoria_elisabeth_i::majors::Move as KMove;
    use signoria_elisabeth_i::model::{Loc, Moment, Step};
    let mut s = game();
    place_leader(&mut s, "coligny", "la_rochelle");
    place_leader(&mut s, "william_of_orange", "amsterdam");
    s.stack = vec![Frame::Hook {
        at: Moment::After(Step::Winter),
        next: 0,
    }];
    signoria_engine::kernel::advance::<signoria_elisabeth_i::ElisabethI>(&mut s, &mut ev());
    assert_eq!(kind(&s), "protestant_leaders_off_map");
    assert_eq!(seat(&s), s.seat_of(PRO));
    let off = Move::Majors(KMove::LeaderOffMap {
        leader: leader("coligny"),
    });
    assert!(moves(&s).contains(&Move::Done));
    play(&mut s, off.clone());
    assert_eq!(loc(&s, "coligny"), Loc::Card);
    assert_eq!(kind(&s), "protestant_leaders_off_map");
    assert!(!moves(&s).contains(&off));
    play(&mut s, Move::Done);
    assert_eq!(loc(&s, "william_of_orange"), Loc::Space(sp("amsterdam")));
    assert_ne!(kind(&s), "protestant_leaders_off_map");
}

/// K9 ([23.2], [10] step 6, [20.6]): Spain's two capitals, Madrid and Milan: a regular
/// in each in winter, one spring deployment from either.
#[test]
fn k9_spain_has_two_capitals_and_one_deployment() {
    use signoria_elisabeth_i::data::PoolOwner;
    let mut s = game();
    assert_eq!(capitals(&s, SPA), vec![sp("madrid"), sp("milan")]);
    let regs = |s: &State, x: &str| signoria_elisabeth_i::board::troops_of(s, SPA, sp(x)).regulars;
    let (m0, n0) = (regs(&s, "madrid"), regs(&s, "milan"));
    signoria_elisabeth_i::winter::replacements(&mut s, &mut ev());
    assert_eq!((regs(&s, "madrid"), regs(&s, "milan")), (m0 + 1, n0 + 1));
    put(&mut s, "madrid", PoolOwner::Spain, 2, 0, 0);
    put(&mut s, "milan", PoolOwner::Spain, 2, 0, 0);
    // Milan's neighbours Spanish, so that a deployment from it has somewhere to go.
    let near: Vec<_> = data().neighbours(sp("milan")).map(|(x, _)| x).collect();
    for x in near {
        s.sp_mut(x).controller = signoria_elisabeth_i::data::Power::Spain;
    }
    s.stack = vec![Frame::Deploy { who: SPA }];
    let m = moves(&s);
    for c in ["madrid", "milan"] {
        assert!(m.contains(&Move::DeployFrom { capital: sp(c) }), "{c}");
    }
    play(
        &mut s,
        Move::DeployFrom {
            capital: sp("milan"),
        },
    );
    assert_eq!(kind(&s), "formation");
    assert!(!s.stack.iter().any(|f| matches!(f, Frame::Deploy { .. })));
}

/// K7 through the formation ([20.10]): the Duke of Guise is offered only while a
/// destination remains with him (an interception out of France never takes him), and a
/// formation with him is never left without a destination.
#[test]
fn k7_a_formation_with_guise_keeps_a_destination() {
    use signoria_elisabeth_i::data::PoolOwner;
    use signoria_elisabeth_i::majors::france::in_french_zone;
    use signoria_elisabeth_i::model::{Purpose, Selection, UnitKind};
    let guise = leader("duke_of_guise");
    let d = data();
    let base = game();
    for purpose_out in [false, true] {
        let mut checked = 0;
        for a in d.space_ids().filter(|&x| in_french_zone(x)) {
            let mut s = base.clone();
            put(&mut s, &d.space(a).key, PoolOwner::Spain, 2, 0, 0);
            place_leader(&mut s, "duke_of_guise", &d.space(a).key);
            let out = d
                .neighbours(a)
                .map(|(x, _)| x)
                .find(|&x| !in_french_zone(x));
            let purpose = match (purpose_out, out) {
                (true, Some(to)) => Purpose::Intercept { to },
                (true, None) => continue,
                // Only where a move could start ([13.1]: the listing of "move from").
                (false, _) if !signoria_elisabeth_i::movement::can_move_from(&s, SPA, a, 5) => {
                    continue;
                }
                (false, _) => Purpose::Move,
            };
            s.stack = vec![
                Frame::Actions { who: SPA, cp: 5 },
                Frame::Formation {
                    who: SPA,
                    from: a,
                    purpose,
                    sel: Selection::default(),
                },
            ];
            let mut left = 8;
            while kind(&s) == "formation" && left > 0 {
                left -= 1;
                let m = moves(&s);
                assert!(
                    !m.is_empty(),
                    "a formation without a move in {}: {:?}",
                    d.space(a).key,
                    s.stack.last()
                );
                if purpose_out {
                    assert!(!m.contains(&Move::AddLeader { leader: guise }));
                }
                let add = m
                    .iter()
                    .find(|x| matches!(x, Move::AddLeader { leader } if *leader == guise))
                    .or_else(|| {
                        m.iter()
                            .find(|x| matches!(x, Move::AddUnit(UnitKind::Regular)))
                    });
                match add {
                    Some(x) => {
                        play(&mut s, x.clone());
                    }
                    None => {
                        for x in &m {
                            if let Move::Go { to } = x
                                && matches!(s.stack.last(), Some(Frame::Formation { sel, .. }) if sel.leaders.contains(&guise))
                            {
                                assert!(in_french_zone(*to));
                            }
                        }
                        break;
                    }
                }
            }
            checked += 1;
        }
        assert!(checked > 0);
    }
}
