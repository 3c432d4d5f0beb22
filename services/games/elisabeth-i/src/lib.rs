//! Elisabeth I. (Spielworxx, German edition of GMT's *Virgin Queen*, 1559-1598).
//!
//! Only the component data layer exists so far: the map graph, powers and force pools,
//! personalities, the 112 cards, tables and scenario set-ups, loaded from `data/*.json` and
//! validated once (see [`data::data`]). Every record carries its provenance: the seed rulebook,
//! a public source, or our own reconstruction (see `data/README.md`).

pub mod combat;
pub mod data;
