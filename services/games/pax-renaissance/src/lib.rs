//! Pax Renaissance (1st edition base game, seed `000_f7a43b9941e468c0.txt`) for Signoria.

pub mod data;

pub mod pb {
    include!(concat!(env!("OUT_DIR"), "/signoria.v1.games.pax_renaissance.rs"));
}
