//! Replaying an exported game (`ExportGame`, `signoria replay`): the export's
//! set-up and moves run through this release's rules, and every event and the
//! final state must come out as the export says.

use signoria_engine::Viewer;

use crate::pb;
use crate::registry::Registry;

/// What a replay went through.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replayed {
    /// Moves applied.
    pub moves: usize,
    /// Versions that no move made (resignations), passed over.
    pub without_move: usize,
}

/// Replay `export`; `Err` says the first place where the rules of this
/// release and the export part.
pub fn replay(registry: &Registry, export: &pb::GameExport) -> Result<Replayed, String> {
    let game = registry.get(&export.game_type).ok_or_else(|| {
        format!(
            "this release does not play game type {:?}",
            export.game_type
        )
    })?;
    let mut state = game
        .setup(
            export.options.as_ref(),
            export.player_count as usize,
            export.seed,
        )
        .map_err(|e| format!("the set-up: {e}"))?;
    let mut done = Replayed {
        moves: 0,
        without_move: 0,
    };
    for (i, v) in export.versions.iter().enumerate() {
        if v.version != i as u64 + 1 {
            return Err(format!(
                "version {} where {} was due: the export is not complete",
                v.version,
                i + 1
            ));
        }
        let (Some(seat), Some(mv)) = (v.seat, v.r#move.as_ref()) else {
            if v.seat.is_some() || v.r#move.is_some() {
                return Err(format!("version {}: a seat without a move", v.version));
            }
            if !v.events.is_empty() {
                return Err(format!(
                    "version {}: events without a move that made them",
                    v.version
                ));
            }
            done.without_move += 1;
            continue;
        };
        let applied = state
            .apply(seat as usize, mv, Viewer::Omniscient, v.version)
            .map_err(|e| {
                format!(
                    "version {}: the move of seat {seat} is refused: {e}",
                    v.version
                )
            })?;
        if applied.visible != v.events {
            return Err(format!(
                "version {}: the move of seat {seat} has other events than the export's \
                 ({} here, {} there)",
                v.version,
                applied.visible.len(),
                v.events.len()
            ));
        }
        done.moves += 1;
    }
    if export.final_view.as_ref() != Some(&state.view(Viewer::Omniscient)) {
        return Err("the final state differs from the export's".into());
    }
    let outcome = state.outcome().map(crate::service::outcome_pb);
    if outcome != export.outcome {
        return Err(format!(
            "the outcome differs: {outcome:?} here, {:?} in the export",
            export.outcome
        ));
    }
    Ok(done)
}
