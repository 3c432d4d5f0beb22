//! The names of the game's numbered things for `GetCatalog`, from the data
//! files (`data/lands.json`, `events.json`, `kaiserhof.json`).

use signoria_engine::CatalogSection;

use crate::data::{EventEffect, data};
use crate::labels::favor_label;

fn effect_name(e: EventEffect) -> &'static str {
    use EventEffect as E;
    match e {
        E::TradingHouseCalms => "trading houses calm unrest",
        E::PalaceDefenderPlusOne => "palaces defend with one more",
        E::TaxAtMost5 => "tax at most 5",
        E::GrainAtLeast4 => "grain at least 4",
        E::TaxAtLeast6 => "tax at least 6",
        E::GrainAtMost3 => "grain at most 3",
        E::NeutralTwoPeasants => "neutral lands: two peasants",
        E::ChurchLandsImmune => "church lands immune",
        E::FewerArmiesRaised => "fewer armies raised",
    }
}

pub fn sections() -> Vec<CatalogSection> {
    let d = data();
    vec![
        CatalogSection::indexed(
            "land",
            "lands (map, land cards, moves naming a land)",
            d.lands.iter().map(|l| l.name.clone()),
        ),
        CatalogSection::indexed("region", "regions of the map", d.regions.iter().cloned()),
        CatalogSection {
            kind: "event",
            description: "event cards (the round's event; winter grain loss)",
            entries: d
                .events
                .iter()
                .map(|e| {
                    (
                        u32::from(e.id),
                        format!(
                            "{}; winter grain loss {}",
                            effect_name(e.effect),
                            e.grain_loss
                        ),
                    )
                })
                .collect(),
        },
        CatalogSection {
            kind: "favor",
            description: "Kaiserhof favor cards, by printed number",
            entries: (1..=d.kaiserhof.favors.len() as u8)
                .map(|n| (u32::from(n), favor_label(n)))
                .collect(),
        },
    ]
}
