//! The serialised form of a game state: JSON inside a small envelope that names
//! the game type and the schema version it was written with.
//!
//! JSON was chosen over a binary format because it tolerates added fields
//! (`#[serde(default)]`), which is how release N+1 keeps reading the states that
//! release N wrote; a game that changes shape bumps its schema version and
//! upgrades older states in [`Game::upgrade_state`].

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::Game;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StoredGame<S> {
    pub game_type: String,
    pub schema: u32,
    pub state: S,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StateCodecError {
    #[error("stored state is for game type {found}, expected {expected}")]
    WrongGame { expected: String, found: String },
    #[error("stored state has schema {found}, newer than this release's {current}")]
    TooNew { found: u32, current: u32 },
    #[error("stored state could not be read: {0}")]
    Corrupt(String),
}

/// Serialise a state with its envelope.
pub fn encode_state<G: Game>(state: &G::State) -> Vec<u8> {
    let info = G::info();
    let stored = StoredGame { game_type: info.id.to_string(), schema: info.schema_version, state };
    serde_json::to_vec(&stored).expect("game states serialise")
}

/// Read a state written by this release or an older one.
pub fn decode_state<G: Game>(bytes: &[u8]) -> Result<G::State, StateCodecError> {
    let info = G::info();
    let raw: StoredGame<serde_json::Value> =
        serde_json::from_slice(bytes).map_err(|e| StateCodecError::Corrupt(e.to_string()))?;
    if raw.game_type != info.id {
        return Err(StateCodecError::WrongGame { expected: info.id.into(), found: raw.game_type });
    }
    if raw.schema > info.schema_version {
        return Err(StateCodecError::TooNew { found: raw.schema, current: info.schema_version });
    }
    let value = if raw.schema < info.schema_version {
        G::upgrade_state(raw.schema, raw.state).map_err(StateCodecError::Corrupt)?
    } else {
        raw.state
    };
    serde_json::from_value(value).map_err(|e| StateCodecError::Corrupt(e.to_string()))
}

/// A stable digest of a state (SHA-256 of its JSON, hex), for golden replays.
pub fn state_digest<G: Game>(state: &G::State) -> String {
    let bytes = serde_json::to_vec(state).expect("game states serialise");
    let digest = Sha256::digest(&bytes);
    digest.iter().map(|b| format!("{b:02x}")).collect()
}
