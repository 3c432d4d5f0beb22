//! Minor powers [24], the activated majors and seats of 2-5 player games [3.1], [3.2],
//! the scenarios [1.4]: the rulings P1-P7 and the edge cases of digest §8.17.

mod common;

use common::*;
use signoria_elisabeth_i::data::{PoolOwner, Power, data};
use signoria_elisabeth_i::minors::{self, Move as MMove, activation, influence};
use signoria_elisabeth_i::model::{Event, Frame, Moment, Move, State, Step};
use signoria_elisabeth_i::{ElisabethI as E, Options};
use signoria_engine::{Game, GameRng, Scoped, kernel};

fn ev() -> Vec<Scoped<Event>> {
    Vec::new()
}

fn opts(scenario: &str) -> Options {
    Options {
        scenario: scenario.into(),
    }
}

/// Play random legal moves until `stop` holds or the game ends; the frame kinds seen.
fn drive(s: &mut State, seed: u64, stop: impl Fn(&State) -> bool) -> Vec<&'static str> {
    let mut rng = GameRng::from_seed(seed);
    let mut seen = Vec::new();
    while !stop(s) && !s.stack.is_empty() {
        let k = kind(s);
        if !seen.contains(&k) {
            seen.push(k);
        }
        let who = seat(s);
        let legal = E::legal_moves(s, who);
        let mv = legal[rng.index(legal.len())].clone();
        E::apply(s, who, &mv).unwrap();
        let v = E::invariant_violations(s);
        assert!(v.is_empty(), "{v:?}");
    }
    seen
}

/// P1: the seats of each player count; the HRE's preference only with six players, in
/// the scenario's first turn (errata #208, #215).
#[test]
fn p1_seats_by_player_count_and_preference_only_with_six() {
    assert!(E::setup(&Options::default(), 1, 1).is_err());
    assert!(E::setup(&Options::default(), 7, 1).is_err());
    let want: [(usize, &[&[u8]]); 5] = [
        (6, &[&[OTT], &[SPA], &[ENG], &[FRA], &[HRE], &[PRO]]),
        (5, &[&[OTT], &[SPA], &[ENG], &[FRA], &[PRO]]),
        (4, &[&[SPA], &[ENG], &[FRA], &[PRO]]),
        (3, &[&[SPA], &[FRA], &[ENG, PRO]]),
        (2, &[&[SPA, FRA], &[ENG, PRO]]),
    ];
    for (n, seats) in want {
        let s = E::setup(&Options::default(), n, 5).unwrap();
        assert_eq!(E::players(&s), n);
        let got: Vec<Vec<u8>> = seats.iter().map(|x| x.to_vec()).collect();
        assert_eq!(s.seats, got, "{n} players");
        // Every major still plays ([3.1]): the activated ones are the others.
        let act: Vec<u8> = s.minors.activated.iter().map(|x| x.0).collect();
        let mut all: Vec<u8> = s.seats.iter().flatten().copied().chain(act).collect();
        all.sort();
        assert_eq!(all, vec![0, 1, 2, 3, 4, 5]);
    }
    for (n, scenario, first) in [(6, "campaign", 1), (5, "campaign", 1), (6, "tournament", 3)] {
        let mut s = E::setup(&opts(scenario), n, 11).unwrap();
        assert_eq!(s.turn, first);
        let seen = drive(&mut s, 3, |s| s.turn > first);
        assert_eq!(
            seen.contains(&"preference"),
            n == 6,
            "{n} players, {scenario}"
        );
        assert_eq!(s.ps(HRE).preference.is_some(), n == 6);
    }
}

/// P2: an activated major is run by the seat of the power that won its status; its
/// impulse is that seat's decision; with no controller, nobody's.
#[test]
fn p2_an_activated_major_is_run_by_the_winners_seat() {
    let mut s = E::setup(&Options::default(), 4, 9).unwrap();
    s.minors.activated = vec![(OTT, Some(SPA)), (HRE, None)];
    assert_eq!(s.seat_opt(OTT), s.seat_opt(SPA));
    assert_eq!(s.seat_opt(HRE), None);
    give(&mut s, OTT, "storms");
    s.stack = vec![Frame::Impulse {
        who: OTT,
        passes: 0,
    }];
    assert_eq!(E::pending(&s), vec![s.seat_of(SPA)]);
    // The Spanish seat sees the Ottoman hand, the others do not.
    let v = E::view(&s, signoria_engine::Viewer::Seat(s.seat_of(SPA)));
    assert!(v.powers[OTT as usize].hand.is_some());
    let v = E::view(&s, signoria_engine::Viewer::Seat(s.seat_of(ENG)));
    assert!(v.powers[OTT as usize].hand.is_none());
}

/// P3: the activated majors' status is determined when the scenario begins and after
/// every action phase, once per turn ([24.6], digest §8.17 #190); influence decides;
/// the markers go back to their start in winter.
#[test]
fn p3_activated_majors_are_determined_at_the_start_and_after_each_action_phase() {
    let s0 = E::setup(&Options::default(), 4, 13).unwrap();
    // The scenario's start determined both.
    assert!(s0.minors.determined.contains(&Power::Ottoman));
    assert!(s0.minors.determined.contains(&Power::Hre));
    let mut s = s0.clone();
    minors::at(&mut s, Moment::After(Step::Winter), &mut ev());
    assert!(s.minors.determined.is_empty());
    // The reconstructed starting influence (tables.json): France on the Ottomans.
    assert_eq!(influence::influence(&s, Power::Ottoman, FRA), 1);
    s.minors.influence.retain(|x| x.0 != Power::Ottoman);
    s.minors.influence.push((Power::Ottoman, SPA, 9));
    let mut e = ev();
    minors::at(&mut s, Moment::After(Step::Action), &mut e);
    let dets = e
        .iter()
        .filter(|x| {
            matches!(
                x.event,
                Event::Minors(minors::Event::StatusDetermined { .. })
            )
        })
        .count();
    assert_eq!(dets, 2);
    assert_eq!(minors::controller(&s, OTT), Some(SPA), "9 + d6 beats 6");
    // A second determination in the same turn is ignored.
    let mut e = ev();
    minors::at(&mut s, Moment::After(Step::Action), &mut e);
    assert!(e.is_empty());
    // Winter: back to the starting boxes; control stays until the next determination.
    minors::at(&mut s, Moment::After(Step::Winter), &mut ev());
    assert_eq!(influence::influence(&s, Power::Ottoman, SPA), 0);
    assert_eq!(minors::controller(&s, OTT), Some(SPA));
    // The Deactivate row's winner leaves it inactive.
    s.minors.influence.push((Power::Ottoman, PRO, 9));
    minors::at(&mut s, Moment::After(Step::Action), &mut ev());
    assert_eq!(minors::controller(&s, OTT), None);
    assert!(minors::inactive(&s, OTT));
}

/// P4: an inactive major draws no cards, passes its impulse and rejects proposals.
#[test]
fn p4_an_inactive_major_passes_and_draws_nothing() {
    let mut s = E::setup(&Options::default(), 4, 17).unwrap();
    s.minors.activated = vec![(OTT, None), (HRE, None)];
    for p in 0..6u8 {
        let h = std::mem::take(&mut s.ps_mut(p).hand);
        s.discard.extend(h);
    }
    s.turn = 2;
    signoria_elisabeth_i::deal::card_draw(&mut s, &mut ev());
    assert!(s.ps(OTT).hand.is_empty() && s.ps(HRE).hand.is_empty());
    assert!(!s.ps(SPA).hand.is_empty());
    // Even with cards in hand the inactive Ottomans pass; Spain decides next.
    give(&mut s, OTT, "storms");
    s.stack = vec![Frame::Impulse {
        who: OTT,
        passes: 0,
    }];
    let mut e = ev();
    kernel::advance::<E>(&mut s, &mut e);
    assert!(e.iter().any(|x| x.event == Event::Passed { power: OTT }));
    assert_eq!(E::pending(&s), vec![s.seat_of(SPA)]);
    // An announcement naming an inactive major is rejected by the fixed rule.
    let f = Frame::Confirm { who: OTT, id: 0 };
    let mv = minors::activated::choice(&s, &f, OTT, &[Move::Accept, Move::Reject]);
    assert_eq!(mv, Move::Reject);
    // Its private events reach no seat (only omniscient viewers).
    let mut e = vec![Scoped::to_seat(
        s.seat_of(OTT),
        Event::Passed { power: OTT },
    )];
    minors::activated::no_seat_audience(&s, &mut e);
    assert_eq!(e[0].audience, signoria_engine::Audience::Omniscient);
}

/// P5: activation ([24.2]) puts the activator's markers on the minor's spaces that had
/// none or an activating power's; Ireland's rebels take Ulster (§8.17 #188).
#[test]
fn p5_activation_places_the_activators_markers() {
    let mut s = game();
    activation::activate(&mut s, Power::Scotland, ENG, &mut ev());
    assert_eq!(activation::ally(&s, Power::Scotland), Some(ENG));
    let d = data();
    for x in d
        .space_ids()
        .filter(|&x| d.space(x).home == Power::Scotland)
    {
        assert_eq!(s.sp(x).controller, Power::England, "{}", d.space(x).name);
    }
    put(&mut s, "ulster", PoolOwner::England, 2, 0, 0);
    activation::activate(&mut s, Power::Ireland, SPA, &mut ev());
    assert_eq!(troops(&s, "ulster", ENG), 0);
    let irish = s
        .sp(sp("ulster"))
        .forces
        .iter()
        .find(|f| f.owner == PoolOwner::Ireland)
        .map_or(0, |f| f.troops.total());
    assert_eq!(irish, 3);
    assert!(s.sp(sp("ulster")).fortress || d.space(sp("ulster")).kind.fortified());
    // Dublin is English: England is not an activating power of Ireland.
    assert_eq!(s.sp(sp("dublin")).controller, Power::England);
    assert!(E::invariant_violations(&s).is_empty());
}

/// P6 (erratum #203): deactivation takes the former ally's markers off the minor's home
/// spaces and displaces the units occupying them to their nearest friendly fortified
/// space.
#[test]
fn p6_deactivation_displaces_occupiers() {
    let mut s = game();
    activation::activate(&mut s, Power::Scotland, ENG, &mut ev());
    clear(&mut s, "stirling");
    put(&mut s, "stirling", PoolOwner::England, 3, 0, 0);
    let before: u32 = (0..s.spaces.len()).map(|i| troops_at(&s, i, ENG)).sum();
    activation::deactivate(&mut s, Power::Scotland, &mut ev());
    assert_eq!(activation::ally(&s, Power::Scotland), None);
    assert_eq!(s.sp(sp("stirling")).controller, Power::Scotland);
    assert_eq!(troops(&s, "stirling", ENG), 0);
    let after: u32 = (0..s.spaces.len()).map(|i| troops_at(&s, i, ENG)).sum();
    assert_eq!(before, after, "displaced, not lost");
    assert!(E::invariant_violations(&s).is_empty());
}

fn troops_at(s: &State, i: usize, p: u8) -> u32 {
    // The power's own counters (an active minor's units count as its ally's, N1).
    let own = PoolOwner::of(signoria_elisabeth_i::model::major(p), None);
    s.sp(signoria_elisabeth_i::data::SpaceId(i as u16))
        .forces
        .iter()
        .filter(|f| f.owner == own)
        .map(|f| f.troops.total() as u32)
        .sum::<u32>()
}

/// P7: only the powers the players hold win; a seat scores its powers' VP.
#[test]
fn p7_only_seated_powers_win() {
    let mut s = E::setup(&Options::default(), 4, 19).unwrap();
    s.bonus_vp[OTT as usize] = 100;
    s.turn = 7;
    assert!(signoria_elisabeth_i::victory::determination(
        &mut s,
        &mut ev()
    ));
    let (w, _) = s.winners.clone().unwrap();
    assert!(!w.contains(&OTT), "{w:?}");
    assert!(w.iter().all(|p| s.seats.iter().flatten().any(|q| q == p)));
}

/// [24.5], §8.17 #189: influence costs 1 CP, only where the power is listed, up to box 9
/// and not while the column is determined this turn.
#[test]
fn e189_influence_is_bought_up_to_box_nine() {
    let mut s = game();
    actions(&mut s, SPA, 2);
    let buy = Move::Minors(MMove::BuyInfluence { on: Power::Papacy });
    assert!(moves(&s).contains(&buy));
    // Only where the power is in the Activate or Deactivate row: not the Ottomans in
    // Ireland (tables.json).
    let mut t = s.clone();
    actions(&mut t, OTT, 2);
    assert!(!moves(&t).contains(&Move::Minors(MMove::BuyInfluence { on: Power::Ireland })));
    assert!(moves(&t).contains(&Move::Minors(MMove::BuyInfluence { on: Power::Venice })));
    let before = influence::influence(&s, Power::Papacy, SPA);
    play(&mut s, buy.clone());
    assert_eq!(influence::influence(&s, Power::Papacy, SPA), before + 1);
    assert_eq!(cp_left(&s), 1);
    s.minors
        .influence
        .retain(|x| !(x.0 == Power::Papacy && x.1 == SPA));
    s.minors.influence.push((Power::Papacy, SPA, 9));
    s.minors.influence.sort();
    assert!(!moves(&s).contains(&buy));
    s.minors
        .influence
        .retain(|x| !(x.0 == Power::Papacy && x.1 == SPA));
    s.minors.determined.push(Power::Papacy);
    assert!(!moves(&s).contains(&buy));
}

/// [24.6] step 3: a tie goes to the power earlier in impulse order; §8.17 #190: a
/// second determination in a turn is ignored.
#[test]
fn e190_ties_go_to_the_earlier_power_and_a_second_determination_is_ignored() {
    for seed in 0..40 {
        let mut s = game();
        s.rng = GameRng::from_seed(seed);
        let mut e = ev();
        influence::determine(&mut s, Power::Venice, &mut e);
        let Some(Event::Minors(minors::Event::StatusDetermined { rolls, winner, .. })) =
            e.iter().map(|x| x.event.clone()).next()
        else {
            panic!("no determination: {e:?}");
        };
        let best = rolls.iter().map(|r| r.2).max().unwrap();
        let first = rolls.iter().find(|r| r.2 == best).unwrap().0;
        assert_eq!(winner, first);
        let mut e = ev();
        influence::determine(&mut s, Power::Venice, &mut e);
        assert!(e.is_empty());
    }
}

/// [1.4], [24.7]: the Tournament starts in turn 3 with Scotland allied to England and
/// only Florence independent.
#[test]
fn tournament_starts_in_turn_3() {
    let s = E::setup(&opts("tournament"), 6, 23).unwrap();
    assert_eq!(s.turn, 3);
    assert_eq!(activation::ally(&s, Power::Scotland), Some(ENG));
    assert_eq!(s.sp(sp("edinburgh")).controller, Power::England);
    assert_eq!(s.sp(sp("florence")).controller, Power::Independent);
    assert_eq!(s.sp(sp("tunis")).controller, Power::Ottoman);
    assert_eq!(s.ps(OTT).ruler, "selim_ii");
    let c = Options::default();
    let s = E::setup(&c, 6, 23).unwrap();
    assert_eq!(s.turn, 1);
    assert_eq!(s.sp(sp("tunis")).controller, Power::Independent);
}

/// P8 ([9.4] steps 2-4): a declaration on a minor in the war segment, its cost paid in
/// cards, the determination without the declarer and the Deactivate row, intervention
/// (the minor becomes the winner's ally, the winner is at war with the declarer) or
/// isolation (the next power decides; nobody: the minor stays at war, inactive).
#[test]
fn p8_war_on_a_minor_and_intervention() {
    let mut s = game();
    give(&mut s, SPA, "card_18");
    give(&mut s, SPA, "card_19");
    s.stack = vec![Frame::Minors(minors::wars::frame(SPA))];
    let dow = Move::Minors(MMove::DeclareWarOnMinor {
        minor: Power::Venice,
    });
    assert!(moves(&s).contains(&dow));
    // Portugal only after King Sebastian I Dies.
    assert!(!moves(&s).contains(&Move::Minors(MMove::DeclareWarOnMinor {
        minor: Power::Portugal
    })));
    play(&mut s, dow);
    assert!(minors::wars::hostile(&s, Power::Venice, SPA));
    assert!(s.minors.banned.contains(&(Power::Venice, SPA)));
    play(&mut s, Move::Done);
    assert_eq!(kind(&s), "pay_war");
    let c = moves(&s)[0].clone();
    play(&mut s, c);
    // Venice's determination: Spain (declarer) and the Ottomans (Deactivate row) out.
    assert_eq!(kind(&s), "intervene");
    let Some(Frame::Minors(minors::Frame::Intervene { ranking, .. })) = s.stack.last().cloned()
    else {
        panic!()
    };
    assert!(!ranking.contains(&SPA) && !ranking.contains(&OTT));
    let first = ranking[0];
    play(&mut s, Move::Minors(MMove::Intervene));
    assert_eq!(activation::ally(&s, Power::Venice), Some(first));
    assert!(signoria_elisabeth_i::board::at_war(&s, first, SPA));
    assert!(s.minors.wars.is_empty(), "[24.2] step 5");
    assert_eq!(
        s.sp(sp("venice")).controller,
        signoria_elisabeth_i::model::major(first)
    );

    // Everyone isolates: Venice stays inactive and at war with Spain.
    let mut s = game();
    s.stack = vec![];
    minors::wars::declare(&mut s, SPA, Power::Venice, &mut ev());
    let ranking = minors::wars::ranking(&mut s, Power::Venice, SPA, &mut ev());
    s.stack = vec![Frame::Minors(minors::Frame::Intervene {
        minor: Power::Venice,
        declarer: SPA,
        ranking: ranking.clone(),
    })];
    for _ in 0..ranking.len() {
        play(&mut s, Move::Minors(MMove::Isolate));
    }
    assert!(s.stack.is_empty());
    assert_eq!(activation::ally(&s, Power::Venice), None);
    assert!(minors::wars::hostile(&s, Power::Venice, SPA));
    assert!(!minors::wars::hostile(&s, Power::Venice, FRA));
}

/// [24.1], [13.1]: a major at war with an inactive minor enters its spaces; a few
/// defenders withdraw into the fortress and are besieged; a minor not at war stays
/// closed.
#[test]
fn e186_an_inactive_minor_at_war_can_be_entered_and_besieged() {
    let mut s = game();
    put(&mut s, "ferrara", PoolOwner::France, 4, 0, 0);
    let sel = signoria_elisabeth_i::model::Selection {
        troops: signoria_elisabeth_i::model::Troops {
            regulars: 4,
            ..Default::default()
        },
        ..Default::default()
    };
    let reach = |s: &State| {
        signoria_elisabeth_i::movement::destinations(
            s,
            FRA,
            sp("ferrara"),
            signoria_elisabeth_i::model::Purpose::Move,
            &sel,
            2,
        )
        .into_iter()
        .any(|x| x.0 == sp("venice"))
    };
    assert!(!reach(&s));
    minors::wars::declare(&mut s, FRA, Power::Venice, &mut ev());
    assert!(reach(&s));
    actions(&mut s, FRA, 2);
    use signoria_elisabeth_i::model::UnitKind as U;
    move_formation(&mut s, "ferrara", "venice", &[U::Regular; 4], &[]);
    settle(&mut s);
    assert_eq!(troops(&s, "venice", FRA), 4);
    assert!(
        s.sp(sp("venice")).siege.is_some(),
        "the 2 Venetians stand inside"
    );
    assert!(E::invariant_violations(&s).is_empty());
}

/// P9 ([9.5]): with Ireland allied to Spain its spaces are Spanish, yet no Spanish unit
/// goes there: not by the spring deployment, the winter return nor a naval move.
#[test]
fn p9_spain_stays_out_of_its_irish_ally() {
    let mut s = game();
    activation::activate(&mut s, Power::Ireland, SPA, &mut ev());
    assert_eq!(s.sp(sp("galway")).controller, Power::Spain);
    let irish: Vec<_> = data()
        .space_ids()
        .filter(|&x| data().space(x).home == Power::Ireland)
        .collect();
    for c in signoria_elisabeth_i::board::capitals(&s, SPA) {
        let t = signoria_elisabeth_i::movement::deploy_targets(&s, SPA, c);
        assert!(!t.iter().any(|x| irish.contains(x)));
    }
    for x in &irish {
        assert!(signoria_elisabeth_i::movement::closed_to_spain(SPA, *x));
        assert!(!signoria_elisabeth_i::movement::closed_to_spain(FRA, *x));
    }
    // A Spanish stack in the field next to Ireland goes home in winter, not to Galway.
    put(&mut s, "bristol", PoolOwner::Spain, 1, 0, 0);
    let mut e = ev();
    signoria_elisabeth_i::winter::return_units(&mut s, &mut e);
    for x in &irish {
        assert!(
            !s.sp(*x).forces.iter().any(|f| f.owner == PoolOwner::Spain),
            "{}",
            data().space(*x).name
        );
    }
    let ports = signoria_elisabeth_i::naval::destinations(
        &s,
        SPA,
        signoria_elisabeth_i::combat::naval_battle::Waters::Sea(
            data().space(sp("galway")).ports[0],
        ),
    );
    assert!(!ports.iter().any(|w| matches!(
        w,
        signoria_elisabeth_i::combat::naval_battle::Waters::Port(x) if irish.contains(x)
    )));
}
