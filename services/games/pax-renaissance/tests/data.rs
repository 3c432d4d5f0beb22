//! Data tests: counts, map consistency and the card facts the seed states.

use signoria_pax_renaissance::data::*;

#[test]
fn data_loads() {
    load().expect("data files parse and validate");
}

#[test]
fn deck_counts_match_the_seed() {
    // Seed B1: 35 East, 57 West; A3/C5: two comets per deck.
    let c = cards();
    assert_eq!(
        c.deck(Region::East).len() + c.comets(Region::East).len(),
        35
    );
    assert_eq!(
        c.deck(Region::West).len() + c.comets(Region::West).len(),
        57
    );
    assert_eq!(c.comets(Region::East).len(), 2);
    assert_eq!(c.comets(Region::West).len(), 2);
    assert_eq!(empire_cards().len(), 10);
    assert_eq!(victory_cards().len(), 4);
    assert_eq!(player_cards().len(), 4);
    assert_eq!(map().map_cards.len(), 10);
}
