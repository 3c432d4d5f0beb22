//! Tables and constants (seed where printed in the rulebook, reconstructed where they sit on
//! components we do not have). Field names follow `data/tables.json`.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::powers::Power;
use super::prov::Provenance;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FormationRow {
    pub leaders: u8,
    pub max_units: String,
}

/// Formation size (5.1).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Formation {
    pub rows: Vec<FormationRow>,
    pub no_leader_max: u8,
    pub prov: Provenance,
}

impl Formation {
    /// Maximum land units for the command ratings of the leaders present (5.1).
    pub fn max_units(&self, commands: &[u8]) -> u32 {
        let mut c: Vec<u32> = commands.iter().map(|&x| x as u32).collect();
        c.sort_unstable_by(|a, b| b.cmp(a));
        match c.len() {
            0 => self.no_leader_max as u32,
            1 => c[0],
            _ => c[0] + c[1],
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Constant {
    pub value: u8,
    pub prov: Provenance,
}

/// Naval battle dice (16.2).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NavalDice {
    pub galley_atlantic: u8,
    pub corsair: u8,
    pub galley_port_or_mediterranean: u8,
    pub galleon: u8,
    pub race_built_galleon: u8,
    pub armada: String,
    pub per_naval_leader_battle_point: u8,
    pub defender_in_port: u8,
    pub hits_per_ship: u8,
    pub hit_on: Vec<u8>,
    pub prov: Provenance,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Interception {
    pub target: u8,
    pub dice: u8,
    pub land: BTreeMap<String, i8>,
    pub naval: BTreeMap<String, i8>,
    pub prov: Provenance,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SilverFleetRow {
    pub die: Vec<u8>,
    pub zone: String,
    #[serde(default)]
    pub otherwise: Option<String>,
    #[serde(default)]
    pub condition: Option<String>,
}

/// Silver Fleet location (23.2).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SilverFleet {
    pub rows: Vec<SilverFleetRow>,
    pub escort_max_galleons: u8,
    pub treasures_chosen: BTreeMap<String, u8>,
    pub prov: Provenance,
}

impl SilverFleet {
    /// Zone key for a die roll; `philippines_spanish` switches result 6 (23.2).
    pub fn zone_for(&self, die: u8, philippines_spanish: bool) -> Option<&str> {
        let row = self.rows.iter().find(|r| r.die.contains(&die))?;
        match (&row.condition, &row.otherwise) {
            (Some(_), Some(o)) if !philippines_spanish => Some(o.as_str()),
            _ => Some(row.zone.as_str()),
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpanishAllotment {
    pub fortresses: u8,
    pub fortresses_with_coastal_fortification: u8,
    pub jesuits: u8,
    pub jesuits_after_english_college_douai: u8,
    pub jesuits_total: u8,
    pub prov: Provenance,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PatronageResults {
    pub removed_at_or_below: u8,
    pub nothing: Vec<u8>,
    pub still_working: u8,
    pub award_from: u8,
    pub scientist_split_ranges: Vec<[u8; 2]>,
    pub prov: Provenance,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AwardRow {
    pub result: [u8; 2],
    pub vp: u8,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PatronageAwards {
    pub rows: Vec<AwardRow>,
    pub scientist_bonus_instead_of_vp: bool,
    pub prov: Provenance,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ParisVp {
    pub turns_for_2_vp: Vec<u8>,
    pub france_rulers: Vec<String>,
    pub spain_leader: String,
    pub protestant_leader: String,
    pub otherwise_vp: u8,
    pub prov: Provenance,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CentralEurope {
    pub keys: Vec<String>,
    pub vp_per_turn: u8,
    pub prov: Provenance,
}

/// England-Spain declaration-of-war cost (9.5).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnglandSpainDow {
    pub base: i8,
    pub papal_bull_excommunication: i8,
    pub mary_captured: i8,
    pub mary_executed: i8,
    pub floor: i8,
    pub spain_may_enter_ireland_scotland_at_or_below: i8,
    pub prov: Provenance,
}

impl EnglandSpainDow {
    pub fn cost(&self, excommunicated: bool, mary_captured: bool, mary_executed: bool) -> u8 {
        let mut c = self.base;
        if excommunicated {
            c += self.papal_bull_excommunication;
        }
        if mary_captured {
            c += self.mary_captured;
        }
        if mary_executed {
            c += self.mary_executed;
        }
        c.max(self.floor) as u8
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CatholicLeague {
    pub check_turns: Vec<u8>,
    pub automatic_protestant_keys_in_france: u8,
    pub no_check_if_at_most_french_home_spaces: u8,
    pub roll_target: u8,
    pub spain_min_regulars: u8,
    pub french_units_removed_divisor: u8,
    pub league_spaces: Vec<String>,
    pub extra_unfortified_spaces: u8,
    pub prov: Provenance,
}

/// The Morisco unit and its revolt ([23.1], [20.1], [12.4]; `morisco`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoriscoRevolt {
    /// The most land steps the unit may stand from Granada.
    pub range: u8,
    /// Unrest markers the Ottoman places in winter within `range` of the unit.
    pub winter_unrest: u8,
    /// Unrest markers the event places in unoccupied Spanish home spaces.
    pub event_unrest: u8,
    pub prov: Provenance,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Suez {
    pub first_attempt_success_on: Vec<u8>,
    pub each_failure_lowers_target_by: u8,
    pub with_excavation_lowers_by: u8,
    pub bonus_vp: u8,
    pub card_marker: u8,
    pub prov: Provenance,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Victory {
    pub standard_vp: u8,
    pub domination_lead: u8,
    pub domination_from_turn: u8,
    pub last_turn: u8,
    pub protestant_religious_victory_more_than: u8,
    pub catholic_religious_victory_at: u8,
    pub france_religious_victory_max_protestant_in_france_and_scotland: u8,
    pub catholic_rebellion_hits_margin: u8,
    pub circumnavigation_vp: Vec<u8>,
    pub virgin_queen_vp_max: u8,
    pub prov: Provenance,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Turns {
    pub count: u8,
    pub years: Vec<[u16; 2]>,
    pub prov: Provenance,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RowsOf<T> {
    pub rows: Vec<T>,
    pub prov: Provenance,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardRowT {
    pub min_keys_each_row: u8,
    pub cards: u8,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NamedBonus {
    pub id: String,
    pub de: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScienceBonuses {
    pub names: Vec<NamedBonus>,
    pub prov: Provenance,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TreasureFace {
    Cp,
    DrawCard,
    ScienceBonus,
    Vp,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TreasureToken {
    pub face: TreasureFace,
    #[serde(default)]
    pub value: Option<u8>,
    pub count: u8,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Treasures {
    pub tokens: Vec<TreasureToken>,
    pub prov: Provenance,
}

impl Treasures {
    pub fn total(&self) -> u32 {
        self.tokens.iter().map(|t| t.count as u32).sum()
    }
}

/// A 2d6 table: the first row whose `max` is at least the modified roll applies.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BandRow {
    pub max: u8,
    pub result: String,
    #[serde(default)]
    pub vp: Option<u8>,
    #[serde(default)]
    pub cards: Option<u8>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BandTable {
    #[serde(default)]
    pub dice: Option<u8>,
    pub rows: Vec<BandRow>,
    pub prov: Provenance,
}

impl BandTable {
    pub fn lookup(&self, roll: i32) -> &BandRow {
        self.rows
            .iter()
            .find(|r| roll <= r.max as i32)
            .unwrap_or_else(|| self.rows.last().expect("non-empty table"))
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DieRow {
    pub die: Vec<u8>,
    pub result: String,
    #[serde(default)]
    pub cp: Option<u8>,
    #[serde(default)]
    pub count: Option<u8>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DieTable {
    pub dice: u8,
    pub rows: Vec<DieRow>,
    pub prov: Provenance,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MarginResult {
    pub hits_over_defence: u8,
    pub result: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GatherIntelligence {
    pub base_dice: u8,
    pub results: Vec<MarginResult>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Assassination {
    pub dice_by_cp: BTreeMap<String, u8>,
    pub defender_dice: u8,
    pub kill_at_margin: u8,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CatholicRebellion {
    pub dice_by_cp: BTreeMap<String, u8>,
    pub defender_dice: u8,
    pub rebellion_at_margin: u8,
    pub victory_at_margin: u8,
    pub spanish_regular_in_ireland_or_scotland: u8,
    pub spanish_regular_in_england: u8,
    /// Spain's extra dice from Mary Stuart ([23.3]): queen in Scotland / captured.
    pub mary_in_scotland_bonus_dice: u8,
    pub mary_captured_bonus_dice: u8,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spy {
    pub gather_intelligence: GatherIntelligence,
    pub assassination: Assassination,
    pub english_catholic_rebellion: CatholicRebellion,
    pub agent_bonus_die: u8,
    pub prov: Provenance,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HreVp {
    pub catholic: u8,
    pub balanced: u8,
    pub protestant: u8,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProtestantSpacesRow {
    pub max: u8,
    pub spain: u8,
    pub england: u8,
    pub protestant: u8,
    pub hre: HreVp,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DowCost {
    Variable,
    Na,
    Ally,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum Cost {
    Cp(u8),
    Special(DowCost),
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MajorDow {
    pub a: Power,
    pub b: Power,
    pub cost: Cost,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MinorDow {
    pub power: Power,
    pub minor: Power,
    pub cost: Cost,
}

/// Diplomatic status display (9.4).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DowCosts {
    pub majors: Vec<MajorDow>,
    pub minors: Vec<MinorDow>,
    pub prov: Provenance,
}

impl DowCosts {
    pub fn between(&self, x: Power, y: Power) -> Option<&Cost> {
        self.majors
            .iter()
            .find(|d| (d.a == x && d.b == y) || (d.a == y && d.b == x))
            .map(|d| &d.cost)
            .or_else(|| {
                self.minors
                    .iter()
                    .find(|d| (d.power == x && d.minor == y) || (d.power == y && d.minor == x))
                    .map(|d| &d.cost)
            })
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InfluenceColumn {
    pub minor: Power,
    pub activate: Vec<Power>,
    pub deactivate: Vec<Power>,
    pub start: BTreeMap<Power, u8>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActivatedMajor {
    pub major: Power,
    pub activate: Vec<Power>,
    pub deactivate: Vec<Power>,
    /// Starting influence (2-5 players, public: "places starting diplomatic influence").
    #[serde(default)]
    pub start: BTreeMap<Power, u8>,
}

/// Diplomatic influence display (24).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InfluenceDisplay {
    pub minors: Vec<InfluenceColumn>,
    pub max_influence: u8,
    pub activated_majors_2_to_5_players: Vec<ActivatedMajor>,
    pub prov: Provenance,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tables {
    pub about: String,
    pub formation: Formation,
    pub fortified_space_max_defenders: Constant,
    pub naval_battle_dice: NavalDice,
    pub interception: Interception,
    pub silver_fleet: SilverFleet,
    pub spanish_allotment: SpanishAllotment,
    pub patronage_results: PatronageResults,
    pub patronage_awards: PatronageAwards,
    pub paris_vp: ParisVp,
    pub master_of_central_europe: CentralEurope,
    pub england_spain_dow: EnglandSpainDow,
    pub catholic_league: CatholicLeague,
    pub morisco_revolt: MoriscoRevolt,
    pub suez_canal: Suez,
    pub victory: Victory,
    pub turns: Turns,
    pub protestant_card_draw: RowsOf<CardRowT>,
    pub science_bonuses: ScienceBonuses,
    pub treasures: Treasures,
    pub navigation: BandTable,
    pub colony: BandTable,
    pub spy: Spy,
    pub royal_marriage: RowsOf<BandRow>,
    pub jilted_by_elizabeth: DieTable,
    pub protestant_spaces_track: RowsOf<ProtestantSpacesRow>,
    pub dow_costs: DowCosts,
    pub influence_display: InfluenceDisplay,
}

impl Tables {
    /// Every table's provenance, by name (for the provenance checks).
    pub fn provenances(&self) -> Vec<(&'static str, &Provenance)> {
        vec![
            ("formation", &self.formation.prov),
            (
                "fortified_space_max_defenders",
                &self.fortified_space_max_defenders.prov,
            ),
            ("naval_battle_dice", &self.naval_battle_dice.prov),
            ("interception", &self.interception.prov),
            ("silver_fleet", &self.silver_fleet.prov),
            ("spanish_allotment", &self.spanish_allotment.prov),
            ("patronage_results", &self.patronage_results.prov),
            ("patronage_awards", &self.patronage_awards.prov),
            ("paris_vp", &self.paris_vp.prov),
            (
                "master_of_central_europe",
                &self.master_of_central_europe.prov,
            ),
            ("england_spain_dow", &self.england_spain_dow.prov),
            ("catholic_league", &self.catholic_league.prov),
            ("morisco_revolt", &self.morisco_revolt.prov),
            ("suez_canal", &self.suez_canal.prov),
            ("victory", &self.victory.prov),
            ("turns", &self.turns.prov),
            ("protestant_card_draw", &self.protestant_card_draw.prov),
            ("science_bonuses", &self.science_bonuses.prov),
            ("treasures", &self.treasures.prov),
            ("navigation", &self.navigation.prov),
            ("colony", &self.colony.prov),
            ("spy", &self.spy.prov),
            ("royal_marriage", &self.royal_marriage.prov),
            ("jilted_by_elizabeth", &self.jilted_by_elizabeth.prov),
            (
                "protestant_spaces_track",
                &self.protestant_spaces_track.prov,
            ),
            ("dow_costs", &self.dow_costs.prov),
            ("influence_display", &self.influence_display.prov),
        ]
    }
}
