//! The names of the game's numbered things for `GetCatalog`, from the data
//! files (`data/cards.json`, `leaders.json`, `excommunications.json`).

use signoria_engine::CatalogSection;

use crate::data::data;

pub fn sections() -> Vec<CatalogSection> {
    let d = data();
    vec![
        CatalogSection {
            kind: "card",
            description: "development cards (tower spaces, hands of cards, card events)",
            entries: d
                .cards
                .iter()
                .map(|c| (u32::from(c.id), c.name.clone()))
                .collect(),
        },
        CatalogSection {
            kind: "leader",
            description: "leader cards (the draft, leader moves, a seat's leaders)",
            entries: d
                .leaders
                .iter()
                .map(|l| (u32::from(l.id), l.name.clone()))
                .collect(),
        },
        CatalogSection {
            kind: "excommunication",
            description: "excommunication tiles (the Vatican's tiles, a seat's excommunications)",
            entries: d
                .excomms
                .iter()
                .map(|e| (u32::from(e.id), e.name.clone()))
                .collect(),
        },
    ]
}
