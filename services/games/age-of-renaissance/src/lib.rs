//! Age of Renaissance (German Descartes edition, seed `003_6a2dc6d9a5bfafd7.txt`) for
//! Signoria.
//!
//! So far only the component data: the map (regions, provinces, satellites and their
//! support arrows, coast strips and sea areas), the 12 commodities, the 64 history cards,
//! the 26 advances, the set-up facts per player count and the printed tables. Everything
//! is loaded from `data/*.json` (embedded at compile time) into typed tables validated at
//! load; see [`data::data`] and `data/README.md`.

pub mod data;
