//! The names of the game's numbered things, as the proto numbers them (the id
//! comments at the top of `elisabeth_i.proto` and of each subsystem's part):
//! served by `GetCatalog` so that a client can name every id of a move, view or
//! event. Everything comes from the data pack.

use crate::data::{Power, data};
use crate::patronage::figures;
use signoria_engine::CatalogSection;

pub fn sections() -> Vec<CatalogSection> {
    let d = data();
    let names = |v: &mut dyn Iterator<Item = &String>| v.cloned().collect::<Vec<_>>();
    vec![
        CatalogSection::indexed(
            "power",
            "the uint32 power fields of the subsystem messages: the six majors 0-5 in impulse order (the enum Power elsewhere)",
            Power::MAJORS.iter().map(|&p| d.power(p).name.clone()),
        ),
        CatalogSection::indexed(
            "space",
            "space, to_space and every other space id (data/europe_spaces.json)",
            names(&mut d.spaces.iter().map(|s| &s.name)),
        ),
        CatalogSection::indexed(
            "sea_zone",
            "Waters.id with sea set, zone of naval moves and piracy (data/sea_zones.json)",
            names(&mut d.sea_zones.iter().map(|z| &z.name)),
        ),
        CatalogSection {
            kind: "card",
            description: "card, cards, discard: cards by their printed number (data/cards.json)",
            entries: d
                .cards
                .iter()
                .map(|c| (c.id.0 as u32, c.title.clone()))
                .collect(),
        },
        CatalogSection::indexed(
            "leader",
            "leader: army leaders (data/leaders.json army_leaders)",
            names(&mut d.army_leaders.iter().map(|l| &l.name)),
        ),
        CatalogSection::indexed(
            "naval_leader",
            "naval leaders (data/leaders.json naval_leaders; those of an active minor act as its ally's)",
            names(&mut d.naval_leaders.iter().map(|l| &l.name)),
        ),
        CatalogSection::indexed(
            "noble",
            "groom, bride, noble: nobles of the marriage display (data/leaders.json nobles)",
            names(&mut d.nobles.iter().map(|n| &n.name)),
        ),
        CatalogSection::indexed(
            "figure",
            "figure: artists and scientists (data/patronage.json figures)",
            (0..figures::count()).map(|i| figures::figure(i).name.clone()),
        ),
        CatalogSection::indexed(
            "captain",
            "captain: explorers and privateers (data/leaders.json captains)",
            names(&mut d.captains.iter().map(|c| &c.name)),
        ),
        CatalogSection::indexed(
            "ocean_zone",
            "ocean zones of the World map (data/world.json ocean_zones)",
            names(&mut d.ocean_zones.iter().map(|z| &z.name)),
        ),
        CatalogSection::indexed(
            "settlement",
            "settlement: settlements of the World map (data/world.json settlements)",
            names(&mut d.settlements.iter().map(|s| &s.name)),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn section(kind: &str) -> CatalogSection {
        sections()
            .into_iter()
            .find(|s| s.kind == kind)
            .unwrap_or_else(|| panic!("no section {kind}"))
    }

    #[test]
    fn sections_name_every_id_the_proto_uses() {
        // [2.1], [2.4]: the map's spaces and the 13 sea zones; six majors.
        assert_eq!(section("space").entries.len(), data().spaces.len());
        assert_eq!(section("sea_zone").entries.len(), 13);
        assert_eq!(section("power").entries.len(), 6);
        assert_eq!(
            section("power").entries[1].1,
            data().power(Power::Spain).name
        );
        // Cards by printed number: every card of the data pack, ids unique and rising.
        let cards = section("card");
        assert_eq!(cards.entries.len(), data().cards.len());
        assert!(cards.entries.windows(2).all(|w| w[0].0 < w[1].0));
        let first = &data().cards[0];
        assert_eq!(cards.entries[0], (first.id.0 as u32, first.title.clone()));
        for s in sections() {
            assert!(!s.entries.is_empty(), "{}", s.kind);
            assert!(s.entries.iter().all(|(_, n)| !n.is_empty()), "{}", s.kind);
        }
    }
}
