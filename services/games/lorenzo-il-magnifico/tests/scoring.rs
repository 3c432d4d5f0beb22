//! Final scoring, one test per table [Spielende und Schlusswertung L443–477].

mod common;
use common::*;
use signoria_engine::Game;
use signoria_lorenzo_il_magnifico::LorenzoIlMagnifico as L;
use signoria_lorenzo_il_magnifico::data::data;
use signoria_lorenzo_il_magnifico::model::*;
use signoria_lorenzo_il_magnifico::scoring::{final_scores, military_awards};
use signoria_lorenzo_il_magnifico::value::ex;

fn ids(kind: Kind, n: usize) -> Vec<u8> {
    data()
        .cards
        .iter()
        .filter(|c| c.kind == kind)
        .take(n)
        .map(|c| c.id)
        .collect()
}

#[test]
fn territories_table() {
    let expected = [0, 0, 0, 1, 4, 10, 20];
    for (n, &want) in expected.iter().enumerate() {
        let mut s = fresh(2);
        s.players[0].cards[Kind::Territory.idx()] = ids(Kind::Territory, n);
        assert_eq!(final_scores(&s)[0].territories, want, "{n} territories");
        excommunicate(&mut s, 0, ex::NO_VP_TERRITORIES);
        assert_eq!(final_scores(&s)[0].territories, 0);
    }
}

#[test]
fn characters_table() {
    let expected = [0, 1, 3, 6, 10, 15, 21];
    for (n, &want) in expected.iter().enumerate() {
        let mut s = fresh(2);
        s.players[0].cards[Kind::Character.idx()] = ids(Kind::Character, n);
        assert_eq!(final_scores(&s)[0].characters, want, "{n} characters");
        excommunicate(&mut s, 0, ex::NO_VP_CHARACTERS);
        assert_eq!(final_scores(&s)[0].characters, 0);
    }
}

#[test]
fn ventures_sum_their_printed_points() {
    let mut s = fresh(2);
    let v = vec![
        card_id("Hiring Recruits"),
        card_id("Support to the Pope"),
        card_id("Sacred War"),
    ];
    s.players[0].cards[Kind::Venture.idx()] = v;
    assert_eq!(final_scores(&s)[0].ventures, 4 + 10 + 8);
    excommunicate(&mut s, 0, ex::NO_VP_VENTURES);
    assert_eq!(final_scores(&s)[0].ventures, 0);
}

#[test]
fn military_ranking_ties() {
    assert_eq!(military_awards(&[7, 3]), vec![5, 2]);
    assert_eq!(military_awards(&[3, 3]), vec![5, 5]);
    assert_eq!(military_awards(&[1, 9, 4, 4]), vec![0, 5, 2, 2]);
    assert_eq!(military_awards(&[0, 0, 0]), vec![5, 5, 5]); // RULINGS.md R10
}

#[test]
fn totals_add_up_and_rank() {
    let mut s = fresh(3);
    s.players[0].res = res(5, 0, 0, 0, 20, 3, 0); // 20 + 1 resource VP + 2 military
    s.players[1].res = res(0, 0, 0, 10, 18, 8, 0); // 18 + 2 + 5
    s.players[2].res = res(0, 0, 0, 0, 30, 0, 0); // 30
    s.players[2].cards[Kind::Character.idx()] = ids(Kind::Character, 2); // +3
    let l = final_scores(&s);
    assert_eq!(
        l.iter().map(|x| x.total).collect::<Vec<_>>(),
        vec![23, 25, 33]
    );
    s.scores = Some(l);
    let o = L::outcome(&s).unwrap();
    assert_eq!(
        o.results.iter().map(|r| r.rank).collect::<Vec<_>>(),
        vec![3, 2, 1]
    );
}

#[test]
fn per_five_vp_counts_before_final_scoring() {
    let mut s = fresh(2);
    s.players[0].res = res(0, 0, 0, 0, 26, 0, 0);
    s.players[0].cards[Kind::Territory.idx()] = ids(Kind::Territory, 6);
    excommunicate(&mut s, 0, ex::VP_PER_5_VP);
    let l = &final_scores(&s)[0];
    assert_eq!(l.vp_per_5_vp, -5); // not -(26 + 20)/5
    assert_eq!(l.total, 26 - 5 + 20 + 5);
}

#[test]
fn faith_track_ends_at_fifteen() {
    // RULINGS.md R9
    assert_eq!(signoria_lorenzo_il_magnifico::flow::faith_vp(15), 30);
    assert_eq!(signoria_lorenzo_il_magnifico::flow::faith_vp(20), 30);
    assert_eq!(signoria_lorenzo_il_magnifico::flow::faith_vp(6), 7);
}

#[test]
fn penalties_may_make_the_total_negative() {
    // RULINGS.md R18
    let mut s = fresh(2);
    s.players[0].res = res(0, 0, 0, 0, 2, 9, 0);
    s.players[1].res = res(0, 0, 0, 0, 0, 12, 0);
    excommunicate(&mut s, 0, ex::VP_PER_MP);
    assert_eq!(final_scores(&s)[0].total, 2 + 2 - 9);
}
