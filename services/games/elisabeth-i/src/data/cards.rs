//! The cards (seed 6): 112 in the deck (home cards included) plus the cards added in games
//! with fewer players. Cards are identified by `id` (printed number) and by a stable `key`.

use serde::{Deserialize, Deserializer, Serialize};

use super::powers::Power;
use super::prov::Provenance;

/// The printed card number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct CardId(pub u8);

/// The five card types (6.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardKind {
    Home,
    /// Red title, "Pflichtkarte".
    Mandatory,
    /// Blue title, "Reaktion".
    Response,
    /// Black title, "Kampf".
    Combat,
    Event,
}

/// When a card joins the deck (upper right corner, 6.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Entry {
    /// In the deck (or the owner's hand) from turn 1.
    Start,
    /// Added in the card phase of this turn (2-7).
    Turn(u8),
    /// Added in the turn after the Catholic League has formed.
    CatholicLeague,
}

impl Entry {
    /// Is this one of the cards stamped with a turn or the League (the seed's 39)?
    pub fn stamped(self) -> bool {
        !matches!(self, Entry::Start)
    }
    /// Is the card available in `turn` (League cards: only once `league_formed_before`)?
    pub fn available(self, turn: u8, league_formed_before: bool) -> bool {
        match self {
            Entry::Start => true,
            Entry::Turn(t) => t <= turn,
            Entry::CatholicLeague => league_formed_before,
        }
    }
}

fn de_entry<'de, D: Deserializer<'de>>(d: D) -> Result<Entry, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw {
        Turn(u8),
        Word(String),
    }
    match Option::<Raw>::deserialize(d)? {
        None => Ok(Entry::Start),
        Some(Raw::Turn(1)) => Ok(Entry::Start),
        Some(Raw::Turn(t)) if (2..=7).contains(&t) => Ok(Entry::Turn(t)),
        Some(Raw::Turn(t)) => Err(serde::de::Error::custom(format!(
            "entry turn {t} out of 1-7"
        ))),
        Some(Raw::Word(w)) if w == "league" => Ok(Entry::CatholicLeague),
        Some(Raw::Word(w)) => Err(serde::de::Error::custom(format!("unknown entry {w}"))),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Deck {
    /// One of the 112 cards of the six-player deck.
    Standard,
    /// Added only in games with fewer players (German Intervention, The Sublime Porte).
    Variant,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Card {
    pub id: CardId,
    /// Stable text key (slug of the English title, `card_<id>` for unidentified cards).
    pub key: String,
    /// Display title (German as printed; a placeholder when not identified).
    pub title: String,
    /// German title as the seed (or a public source) prints it.
    pub title_de: Option<String>,
    pub title_en: Option<String>,
    pub kind: CardKind,
    /// CP in the shield (mandatory cards: the 2 CP given after the event).
    pub cp: u8,
    /// Owner of a home card.
    #[serde(default)]
    pub power: Option<Power>,
    #[serde(deserialize_with = "de_entry")]
    pub entry: Entry,
    /// "Removed from the deck when played as an event"; `None` = not known.
    pub removed_after_event: Option<bool>,
    /// Player counts whose deck holds the card.
    pub players: Vec<u8>,
    /// False when the physical card behind this record is unknown.
    pub identified: bool,
    pub deck: Deck,
    pub prov: Provenance,
}

impl Card {
    pub fn in_game_with(&self, players: u8) -> bool {
        self.players.contains(&players)
    }
}
