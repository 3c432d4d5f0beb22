//! The names of the game's numbered things for `GetCatalog`, from the data
//! files (`data/provinces.json`, `cards.json`).

use signoria_engine::CatalogSection;

use crate::data::data;

pub fn sections() -> Vec<CatalogSection> {
    let d = data();
    vec![
        CatalogSection::indexed(
            "province",
            "provinces (the map, moves naming a province)",
            d.provinces.iter().map(|p| p.name.clone()),
        ),
        CatalogSection::indexed(
            "card",
            "history cards (hands, the discard pile, card moves)",
            d.cards.iter().map(|c| c.name_de.clone()),
        ),
    ]
}
