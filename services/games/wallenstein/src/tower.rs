//! The dice tower (Würfelturm) as a stateful random process (seed L74-83,
//! L205-213, L729-741, L781-798; digest §6.1).
//!
//! Cubes thrown in (together with everything lying in the tray) may stick on
//! the ledges inside; cubes stuck from earlier throws may be knocked loose and
//! fall out with them. The contents of the tower are part of the state and
//! public (they follow from the public counts of supply, map and tray).
//!
//! Two implementations of [`Tower`]: the calibrated random model used in play
//! ([`Calibrated`], driven by the game's [`GameRng`]) and a scripted one for
//! tests ([`Scripted`]), which states exactly what falls out.
//! The model and its calibration are described in the crate README.

use std::collections::VecDeque;

use serde::{Deserialize, Serialize};
use signoria_engine::GameRng;

/// A tower: given what is inside and what is thrown in (per party: seats, then
/// peasants), update the inside and return what falls into the tray.
pub trait Tower {
    fn drop(&mut self, inside: &mut [u32], thrown: &[u32], rng: &mut GameRng) -> Vec<u32>;
}

/// The calibrated model. Every cube thrown in sticks with probability
/// `stick_ppm * (capacity - inside) / capacity` (the emptier the ledges, the
/// more they catch); every cube inside before the throw is knocked loose with
/// probability `min(release_ppm * thrown, release_cap_ppm)` (more cubes
/// thrown knock more loose). Probabilities are in parts per million so the
/// model uses integer arithmetic only.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Calibrated {
    pub stick_ppm: u32,
    pub capacity: u32,
    pub release_ppm: u32,
    pub release_cap_ppm: u32,
}

impl Default for Calibrated {
    /// Calibration (README "The tower"): the empty tower holds back about 2/3
    /// of the initial fill; in play the inside settles near
    /// stick / (release + stick / capacity) ≈ 26 cubes, which the initial fill
    /// already reaches, so over a game about as many cubes come out as go in.
    fn default() -> Self {
        Calibrated {
            stick_ppm: 900_000,
            capacity: 60,
            release_ppm: 20_000,
            release_cap_ppm: 600_000,
        }
    }
}

fn chance(rng: &mut GameRng, ppm: u64) -> bool {
    rng.below(1_000_000) < ppm
}

impl Tower for Calibrated {
    fn drop(&mut self, inside: &mut [u32], thrown: &[u32], rng: &mut GameRng) -> Vec<u32> {
        let before: Vec<u32> = inside.to_vec();
        let total_thrown: u32 = thrown.iter().sum();
        let mut out = vec![0u32; thrown.len()];
        // Knock loose what was inside before this throw.
        let release =
            (self.release_ppm as u64 * total_thrown as u64).min(self.release_cap_ppm as u64);
        for (p, &c) in before.iter().enumerate() {
            for _ in 0..c {
                if chance(rng, release) {
                    inside[p] -= 1;
                    out[p] += 1;
                }
            }
        }
        // The thrown cubes fall through or stick, one after another.
        for (p, &c) in thrown.iter().enumerate() {
            for _ in 0..c {
                let held: u32 = inside.iter().sum();
                let free = self.capacity.saturating_sub(held) as u64;
                let stick = self.stick_ppm as u64 * free / self.capacity as u64;
                if chance(rng, stick) {
                    inside[p] += 1;
                } else {
                    out[p] += 1;
                }
            }
        }
        out
    }
}

/// A scripted tower for tests: each drop returns the next listed tray (per
/// party). Thrown cubes not listed stay inside; listed cubes beyond those
/// thrown come from the inside. With an empty script every thrown cube falls
/// straight through and nothing is released (a transparent tower).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scripted {
    pub outs: VecDeque<Vec<u32>>,
}

impl Tower for Scripted {
    fn drop(&mut self, inside: &mut [u32], thrown: &[u32], _rng: &mut GameRng) -> Vec<u32> {
        let Some(mut out) = self.outs.pop_front() else {
            return thrown.to_vec();
        };
        out.resize(thrown.len(), 0);
        for p in 0..thrown.len() {
            let available = inside[p] + thrown[p];
            assert!(
                out[p] <= available,
                "scripted tower: party {p} cannot drop {} of {available}",
                out[p]
            );
            inside[p] = available - out[p];
        }
        out
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum TowerModel {
    Calibrated(Calibrated),
    Scripted(Scripted),
}

/// The tower in the state: what is inside, what lies in the tray, the model,
/// and running totals for the statistics.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TowerState {
    pub inside: Vec<u32>,
    pub tray: Vec<u32>,
    pub model: TowerModel,
    /// Cubes thrown in and cubes that fell out since the initial fill (tray contents re-thrown count again).
    pub thrown_total: i64,
    /// Net cubes that came out (what fell into the tray minus what lay in it before).
    pub out_total: i64,
}

impl TowerState {
    pub fn new(parties: usize) -> Self {
        TowerState {
            inside: vec![0; parties],
            tray: vec![0; parties],
            model: TowerModel::Calibrated(Calibrated::default()),
            thrown_total: 0,
            out_total: 0,
        }
    }

    /// Throw `thrown` in together with the tray's contents; the tray then holds what fell out.
    /// Returns (everything thrown including the tray, what fell out).
    pub fn throw(
        &mut self,
        thrown: &[u32],
        rng: &mut GameRng,
        count: bool,
    ) -> (Vec<u32>, Vec<u32>) {
        let all: Vec<u32> = thrown.iter().zip(&self.tray).map(|(a, b)| a + b).collect();
        let out = match &mut self.model {
            TowerModel::Calibrated(m) => m.drop(&mut self.inside, &all, rng),
            TowerModel::Scripted(m) => m.drop(&mut self.inside, &all, rng),
        };
        if count {
            self.thrown_total += thrown.iter().sum::<u32>() as i64;
            self.out_total += out.iter().sum::<u32>() as i64 - self.tray.iter().sum::<u32>() as i64;
        }
        self.tray = out.clone();
        (all, out)
    }
}
