//! The 26 advances (seed §6, §9.4.2, §C and the record sheet).

use super::Data;
use super::ids::{Advance, AdvanceEffect, Category};
use super::provenance::Provenance;

/// An advance as the overview §C and the record sheet print it.
#[derive(Debug, Clone)]
pub struct AdvanceInfo {
    pub advance: Advance,
    /// An English key (`astronomy`, `mills`, ...).
    pub key: String,
    pub name_de: String,
    pub name_source: String,
    pub category: Category,
    /// The printed price; also the advance's value in the final score (seed §11.2).
    pub cost: u32,
    /// Nachlass: the credit the advance gives towards later purchases, if one is printed
    /// (M, Q and U print none). Which purchases it applies to is a rule (digest 5.5.2).
    pub credit: Option<u32>,
    /// Advances that must be owned first (seed §9.4.2).
    pub prerequisites: Vec<Advance>,
    /// Misery steps at purchase: +1 for every Religion advance ("& 1 EEI"), -1 for
    /// Anatomie [B] and Landwirtschaft [K] (seed §9.4.3), else 0.
    pub misery_on_purchase: i8,
    /// The phase numbers printed on the card (when the property is used).
    pub phases: Vec<u8>,
    pub effects: Vec<AdvanceEffect>,
    pub provenance: Provenance,
}

impl AdvanceInfo {
    pub fn has_effect(&self, effect: AdvanceEffect) -> bool {
        self.effects.contains(&effect)
    }

    /// Position within its category, from 1 (the misery relief of §9.4.3 counts "the
    /// first two / three / all" advances of Science, Commerce and Culture).
    pub fn rank_in_category(&self, data: &Data) -> usize {
        Advance::ALL
            .iter()
            .filter(|a| data.advance(**a).category == self.category && **a <= self.advance)
            .count()
    }
}

impl Data {
    pub fn advance(&self, advance: Advance) -> &AdvanceInfo {
        &self.advances[advance.index()]
    }

    /// The advances of a category, in letter order.
    pub fn advances_in(&self, category: Category) -> Vec<Advance> {
        Advance::ALL
            .into_iter()
            .filter(|&a| self.advance(a).category == category)
            .collect()
    }
}
