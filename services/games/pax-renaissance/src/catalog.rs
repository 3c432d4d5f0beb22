//! The names of the game's numbered things for `GetCatalog`, from the data
//! files (`data/cards.json`, `map.json`).

use signoria_engine::CatalogSection;

use crate::data;

pub fn sections() -> Vec<CatalogSection> {
    let map = data::map();
    vec![
        CatalogSection::indexed(
            "card",
            "deck cards (markets, hands, tableaus, moves naming a card)",
            data::cards().all.iter().map(|c| c.name.clone()),
        ),
        CatalogSection::indexed(
            "city",
            "cities of the map",
            map.cities.iter().map(|c| c.name.clone()),
        ),
        CatalogSection::indexed(
            "border",
            "borders between two empires",
            map.borders.iter().map(|b| {
                format!(
                    "{} – {}",
                    map.card(b.between[0]).name,
                    map.card(b.between[1]).name
                )
            }),
        ),
    ]
}
