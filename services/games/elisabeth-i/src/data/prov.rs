//! Provenance of a data record: where a fact comes from, so a person holding the physical
//! game can find and correct every reconstructed value.

use serde::Deserialize;

/// Where a record comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// Stated by the seed rulebook (Spielworxx living rules 1.1); `reference` gives section/line.
    Seed,
    /// A published fact (GMT FAQ, Vassal module help text, scenario booklet contents page).
    Public,
    /// Our own best reading, made so the game can be played.
    Reconstructed,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Provenance {
    pub src: Source,
    /// Seed section/line (`§2.5 L213`) or the public document.
    #[serde(rename = "ref", default)]
    pub reference: Option<String>,
    /// Fields of a seed/public record that are nevertheless our own reading.
    #[serde(default)]
    pub guessed: Vec<String>,
    #[serde(default)]
    pub note: Option<String>,
}

impl Provenance {
    /// True when the field `name` of this record is backed by the seed or a public source.
    pub fn backs(&self, field: &str) -> bool {
        self.src != Source::Reconstructed && !self.guessed.iter().any(|g| g == field)
    }

    pub(crate) fn check(&self, what: &str) -> Result<(), String> {
        match self.src {
            Source::Seed => {
                let r = self.reference.as_deref().unwrap_or("");
                if !(r.contains('L') || r.contains('§')) {
                    return Err(format!(
                        "{what}: a seed record needs a section or line reference"
                    ));
                }
            }
            Source::Public => {
                if self.reference.as_deref().unwrap_or("").is_empty() {
                    return Err(format!("{what}: a public record needs its source"));
                }
            }
            Source::Reconstructed => {
                if !self.guessed.is_empty() {
                    return Err(format!(
                        "{what}: a reconstructed record is our reading as a whole; 'guessed' is for seed/public records"
                    ));
                }
            }
        }
        Ok(())
    }
}
