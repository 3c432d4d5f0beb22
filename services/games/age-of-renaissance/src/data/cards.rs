//! The 64 history cards (seed §7, A.1-A.3) and the 12 commodities (seed A.1, §9.6.1).

use super::Data;
use super::ids::{Advance, CardId, Commodity, Event};
use super::provenance::Provenance;

/// A commodity (seed §4.7, A.1, shortage/surplus table).
#[derive(Debug, Clone)]
pub struct CommodityInfo {
    pub commodity: Commodity,
    pub name_de: String,
    pub name_source: String,
    /// Basiswert: the payout for one province.
    pub base: u32,
    /// The white + black total that puts a shortage/surplus counter on it (gold and
    /// ivory share 12).
    pub ss_roll: u8,
    /// The printed payout row: box k (from 1) pays `base * k^2`.
    pub payout_track: Vec<u32>,
    pub provenance: Provenance,
}

/// A history card.
#[derive(Debug, Clone)]
pub struct Card {
    pub id: CardId,
    /// The stable string id of the data file.
    pub key: String,
    /// The card's name as the seed prints it.
    pub name_de: String,
    /// An English name (events and personalities).
    pub name_en: Option<String>,
    /// 1, 2 or 3.
    pub epoch: u8,
    /// Epoch number in a circle: onto the pile reused in the next epoch after play;
    /// in a square: out of the game (seed §4.7, §7.2, legend).
    pub recycled: bool,
    /// One of the five epoch-1 cards set aside at the start (seed §8.1).
    pub held_back: bool,
    pub kind: CardKind,
    pub provenance: Provenance,
}

/// What a history card is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CardKind {
    /// A commodity card; two commodities = the player chooses which pays (seed §7.1).
    Commodity { commodities: Vec<Commodity> },
    Event {
        event: Event,
        /// Steigbügel, Rüstung, Langbogen, Schießpulver (seed A.2).
        military_advantage: bool,
    },
    Personality {
        credits: Vec<Credit>,
        /// The credits become `amount` in a round in which this event is played too
        /// (Walter ohne Geld with the Crusades, Marco Polo with the Mongols).
        event_bonus: Option<EventBonus>,
    },
}

/// A personality's credit towards an advance (seed A.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Credit {
    pub advance: Advance,
    pub amount: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EventBonus {
    pub event: Event,
    pub amount: u32,
}

impl Card {
    pub fn commodities(&self) -> &[Commodity] {
        match &self.kind {
            CardKind::Commodity { commodities } => commodities,
            _ => &[],
        }
    }

    pub fn event(&self) -> Option<Event> {
        match self.kind {
            CardKind::Event { event, .. } => Some(event),
            _ => None,
        }
    }

    pub fn is_commodity(&self) -> bool {
        matches!(self.kind, CardKind::Commodity { .. })
    }

    pub fn is_event(&self) -> bool {
        matches!(self.kind, CardKind::Event { .. })
    }

    pub fn is_personality(&self) -> bool {
        matches!(self.kind, CardKind::Personality { .. })
    }
}

impl Data {
    pub fn card(&self, id: CardId) -> &Card {
        &self.cards[id.index()]
    }

    /// The card with this string id.
    pub fn card_id(&self, key: &str) -> Option<CardId> {
        self.cards.iter().find(|c| c.key == key).map(|c| c.id)
    }

    /// The card of this event (each event is printed once).
    pub fn event_card(&self, event: Event) -> CardId {
        self.cards
            .iter()
            .find(|c| c.event() == Some(event))
            .map(|c| c.id)
            .expect("every event has a card (checked at load)")
    }

    /// The cards of an epoch, held-back cards included, in file order.
    pub fn cards_of_epoch(&self, epoch: u8) -> Vec<CardId> {
        self.cards
            .iter()
            .filter(|c| c.epoch == epoch)
            .map(|c| c.id)
            .collect()
    }

    /// The five epoch-1 cards set aside at the start (seed §8.1).
    pub fn held_back_cards(&self) -> Vec<CardId> {
        self.cards
            .iter()
            .filter(|c| c.held_back)
            .map(|c| c.id)
            .collect()
    }

    pub fn commodity(&self, commodity: Commodity) -> &CommodityInfo {
        &self.commodities[commodity.index()]
    }
}
