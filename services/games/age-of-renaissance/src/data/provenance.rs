//! Where a record comes from.

use serde::Deserialize;

/// The provenance every record of the data files carries: the seed lines or sections
/// that state it, the third-party source entries it was transcribed from, and our own
/// rulings where neither decides. A `ruled` entry starts with the ruling's id (`D<n>:`)
/// from `data/README.md`; a correction against the source is cited as `C<n>:`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Provenance {
    #[serde(default)]
    pub seed: Vec<String>,
    #[serde(default)]
    pub source: Vec<String>,
    #[serde(default)]
    pub ruled: Vec<String>,
}

impl Provenance {
    pub fn is_empty(&self) -> bool {
        self.seed.is_empty() && self.source.is_empty() && self.ruled.is_empty()
    }

    /// Every `D<n>` / `C<n>` id this provenance cites.
    pub fn cited_ids(&self) -> Vec<String> {
        let mut out = Vec::new();
        for text in self.seed.iter().chain(&self.source).chain(&self.ruled) {
            let bytes = text.as_bytes();
            let mut i = 0;
            while i < bytes.len() {
                let starts_word = i == 0 || !bytes[i - 1].is_ascii_alphanumeric();
                if starts_word && (bytes[i] == b'D' || bytes[i] == b'C') {
                    let mut j = i + 1;
                    while j < bytes.len() && bytes[j].is_ascii_digit() {
                        j += 1;
                    }
                    if j > i + 1 && j < bytes.len() && bytes[j] == b':' {
                        out.push(text[i..j].to_string());
                    }
                    i = j.max(i + 1);
                } else {
                    i += 1;
                }
            }
        }
        out
    }
}
