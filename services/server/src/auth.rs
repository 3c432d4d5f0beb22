//! Seat tokens: who the caller is.
//!
//! A seat token is `st1.<seat>.<hex HMAC-SHA256>` where the MAC covers the game
//! id and the seat under the server secret. Nothing is stored: any replica with
//! the same secret verifies any token, and the comparison is constant-time
//! (`Mac::verify_slice`). A token of another game, a changed seat or a forged MAC
//! is refused with UNAUTHENTICATED.
//!
//! The caller presents the token as `authorization: Bearer <token>`; no
//! `authorization` header means a spectator.
//!
//! Two more kinds of token may change who plays a seat (`SetSeatBot`):
//! - the game's owner token `ot1.<hex HMAC-SHA256>`, returned by
//!   `CreateGame` to its caller: a MAC of the game id under the same secret
//!   with its own domain separation, so it is never a seat token;
//! - the operator token, a secret configured on every replica
//!   (`--operator-token-file`), compared in constant time.

use hmac::{Hmac, Mac};
use sha2::Sha256;
use signoria_engine::{Seat, Viewer};

type HmacSha256 = Hmac<Sha256>;

const TOKEN_PREFIX: &str = "st1";
/// Domain separation: these MACs are seat tokens of format version 1.
const MAC_CONTEXT: &[u8] = b"signoria seat token v1\n";
const OWNER_PREFIX: &str = "ot1";
/// Domain separation: these MACs are owner tokens of format version 1.
const OWNER_CONTEXT: &[u8] = b"signoria owner token v1\n";

/// The smallest secret accepted from a file or the environment.
pub const MIN_SECRET_BYTES: usize = 16;

/// Who is calling, for one game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Caller {
    Spectator,
    Seat(Seat),
}

impl Caller {
    pub fn viewer(self) -> Viewer {
        match self {
            Caller::Spectator => Viewer::Public,
            Caller::Seat(s) => Viewer::Seat(s),
        }
    }

    pub fn seat(self) -> Option<Seat> {
        match self {
            Caller::Spectator => None,
            Caller::Seat(s) => Some(s),
        }
    }
}

/// Why a token was refused. The messages are deliberately the same for a
/// forged MAC and a token of another game: both are "not valid for this game".
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AuthError {
    #[error("the authorization header must be `Bearer <seat token>`")]
    BadHeader,
    #[error("malformed seat token")]
    Malformed,
    #[error("the seat token is not valid for this game")]
    Invalid,
}

/// Signs and verifies seat tokens with the server secret.
#[derive(Clone)]
pub struct TokenSigner {
    key: HmacSha256,
}

impl std::fmt::Debug for TokenSigner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TokenSigner(..)")
    }
}

impl TokenSigner {
    /// A signer with this secret (any length; callers enforce
    /// [`MIN_SECRET_BYTES`] for configured secrets).
    pub fn new(secret: &[u8]) -> Self {
        TokenSigner {
            key: HmacSha256::new_from_slice(secret).expect("HMAC takes keys of any length"),
        }
    }

    /// A signer with a fresh random 32-byte secret.
    pub fn random() -> Self {
        let mut secret = [0u8; 32];
        getrandom::fill(&mut secret).expect("the OS random source works");
        Self::new(&secret)
    }

    fn mac(&self, game_id: &str, seat: Seat) -> HmacSha256 {
        let mut mac = self.key.clone();
        mac.update(MAC_CONTEXT);
        mac.update(&(game_id.len() as u64).to_be_bytes());
        mac.update(game_id.as_bytes());
        mac.update(&(seat as u64).to_be_bytes());
        mac
    }

    /// The token of `seat` in `game_id`.
    pub fn sign(&self, game_id: &str, seat: Seat) -> String {
        let tag = self.mac(game_id, seat).finalize().into_bytes();
        format!("{TOKEN_PREFIX}.{seat}.{}", hex(&tag))
    }

    /// The seat a token stands for in `game_id`.
    pub fn verify(&self, game_id: &str, token: &str) -> Result<Seat, AuthError> {
        let mut parts = token.trim().split('.');
        let (Some(prefix), Some(seat), Some(tag), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(AuthError::Malformed);
        };
        if prefix != TOKEN_PREFIX
            || seat.is_empty()
            || seat.len() > 4
            || !seat.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(AuthError::Malformed);
        }
        let seat: Seat = seat.parse().map_err(|_| AuthError::Malformed)?;
        let tag = unhex(tag).ok_or(AuthError::Malformed)?;
        // Constant-time comparison.
        self.mac(game_id, seat)
            .verify_slice(&tag)
            .map_err(|_| AuthError::Invalid)?;
        Ok(seat)
    }

    /// The caller from request metadata: a verified seat, or a spectator when
    /// there is no `authorization` header.
    pub fn caller(
        &self,
        metadata: &tonic::metadata::MetadataMap,
        game_id: &str,
    ) -> Result<Caller, AuthError> {
        match bearer(metadata)? {
            None => Ok(Caller::Spectator),
            Some(token) => self.verify(game_id, token).map(Caller::Seat),
        }
    }

    /// The owner token of `game_id`.
    pub fn sign_owner(&self, game_id: &str) -> String {
        format!(
            "{OWNER_PREFIX}.{}",
            hex(&self.owner_mac(game_id).finalize().into_bytes())
        )
    }

    fn owner_mac(&self, game_id: &str) -> HmacSha256 {
        let mut mac = self.key.clone();
        mac.update(OWNER_CONTEXT);
        mac.update(&(game_id.len() as u64).to_be_bytes());
        mac.update(game_id.as_bytes());
        mac
    }

    /// Whether `token` is the owner token of `game_id` (constant-time).
    pub fn is_owner(&self, game_id: &str, token: &str) -> bool {
        let Some(tag) = token
            .trim()
            .strip_prefix(OWNER_PREFIX)
            .and_then(|t| t.strip_prefix('.'))
            .and_then(unhex)
        else {
            return false;
        };
        self.owner_mac(game_id).verify_slice(&tag).is_ok()
    }
}

/// The bearer token of request metadata (`None`: no `authorization`).
pub fn bearer(metadata: &tonic::metadata::MetadataMap) -> Result<Option<&str>, AuthError> {
    let Some(value) = metadata.get("authorization") else {
        return Ok(None);
    };
    let value = value.to_str().map_err(|_| AuthError::BadHeader)?.trim();
    value
        .strip_prefix("Bearer ")
        .or_else(|| value.strip_prefix("bearer "))
        .map(Some)
        .ok_or(AuthError::BadHeader)
}

/// The operators' secret token (`signoria serve --operator-token-file`);
/// `Debug` never shows it.
#[derive(Clone, PartialEq, Eq)]
pub struct OperatorToken(Vec<u8>);

impl OperatorToken {
    /// A token of at least [`MIN_SECRET_BYTES`] bytes.
    pub fn new(token: Vec<u8>) -> Result<OperatorToken, String> {
        if token.len() < MIN_SECRET_BYTES {
            return Err(format!(
                "the operator token must have at least {MIN_SECRET_BYTES} bytes"
            ));
        }
        Ok(OperatorToken(token))
    }

    /// Whether `token` is this one (constant-time).
    pub fn matches(&self, token: &str) -> bool {
        use subtle::ConstantTimeEq as _;
        self.0.ct_eq(token.trim().as_bytes()).into()
    }
}

impl std::fmt::Debug for OperatorToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("OperatorToken(..)")
    }
}

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        s.push(DIGITS[(b >> 4) as usize] as char);
        s.push(DIGITS[(b & 15) as usize] as char);
    }
    s
}

fn unhex(s: &str) -> Option<Vec<u8>> {
    if s.len() != 64 {
        return None;
    }
    fn digit(c: u8) -> Option<u8> {
        match c {
            b'0'..=b'9' => Some(c - b'0'),
            b'a'..=b'f' => Some(c - b'a' + 10),
            b'A'..=b'F' => Some(c - b'A' + 10),
            _ => None,
        }
    }
    s.as_bytes()
        .chunks(2)
        .map(|p| Some(digit(p[0])? << 4 | digit(p[1])?))
        .collect()
}

/// A fresh random identifier of `bytes` random bytes, hex-encoded.
pub fn random_id(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    getrandom::fill(&mut buf).expect("the OS random source works");
    hex(&buf)
}

/// A fresh random game seed from the OS random source.
pub fn random_seed() -> u64 {
    getrandom::u64().expect("the OS random source works")
}

#[cfg(test)]
mod tests {
    use super::*;
    use tonic::metadata::{MetadataMap, MetadataValue};

    fn signer() -> TokenSigner {
        TokenSigner::new(b"0123456789abcdef0123456789abcdef")
    }

    #[test]
    fn a_token_verifies_for_its_game_and_seat() {
        let s = signer();
        for seat in 0..4 {
            let t = s.sign("g1", seat);
            assert!(t.starts_with(&format!("st1.{seat}.")));
            assert_eq!(s.verify("g1", &t), Ok(seat));
        }
    }

    #[test]
    fn tokens_are_bound_to_the_game() {
        let s = signer();
        let t = s.sign("game-a", 0);
        assert_eq!(s.verify("game-b", &t), Err(AuthError::Invalid));
        // Length-prefixing keeps (game, seat) pairs apart.
        assert_ne!(s.sign("g1", 1), s.sign("g", 11));
    }

    #[test]
    fn a_changed_seat_or_tag_is_refused() {
        let s = signer();
        let t = s.sign("g1", 0);
        let as_seat_1 = t.replacen("st1.0.", "st1.1.", 1);
        assert_eq!(s.verify("g1", &as_seat_1), Err(AuthError::Invalid));
        // Flip each hex digit of the tag in turn.
        let prefix_len = "st1.0.".len();
        for i in prefix_len..t.len() {
            let mut bytes = t.clone().into_bytes();
            bytes[i] = if bytes[i] == b'0' { b'1' } else { b'0' };
            let forged = String::from_utf8(bytes).unwrap();
            assert_eq!(
                s.verify("g1", &forged),
                Err(AuthError::Invalid),
                "digit {i}"
            );
        }
    }

    #[test]
    fn another_secret_does_not_verify() {
        let t = signer().sign("g1", 2);
        let other = TokenSigner::new(b"another secret, also long enough");
        assert_eq!(other.verify("g1", &t), Err(AuthError::Invalid));
        assert_eq!(
            TokenSigner::random().verify("g1", &t),
            Err(AuthError::Invalid)
        );
    }

    #[test]
    fn malformed_tokens_are_refused() {
        let s = signer();
        let good = s.sign("g1", 0);
        let tag = good.rsplit('.').next().unwrap();
        for bad in [
            "",
            "st1",
            "st1.0",
            &format!("st2.0.{tag}"),
            &format!("st1.x.{tag}"),
            &format!("st1.-1.{tag}"),
            &format!("st1.0.{}", &tag[..62]),
            &format!("st1.0.{tag}.x"),
            &format!("st1.0.{}zz", &tag[..62]),
            &format!("st1.99999999999999999999.{tag}"),
        ] {
            assert_eq!(s.verify("g1", bad), Err(AuthError::Malformed), "{bad:?}");
        }
    }

    #[test]
    fn callers_come_from_the_authorization_header() {
        let s = signer();
        let mut md = MetadataMap::new();
        assert_eq!(s.caller(&md, "g1"), Ok(Caller::Spectator));
        md.insert(
            "authorization",
            MetadataValue::try_from(format!("Bearer {}", s.sign("g1", 3))).unwrap(),
        );
        assert_eq!(s.caller(&md, "g1"), Ok(Caller::Seat(3)));
        assert_eq!(s.caller(&md, "g2"), Err(AuthError::Invalid));
        md.insert(
            "authorization",
            MetadataValue::try_from(s.sign("g1", 3)).unwrap(),
        );
        assert_eq!(s.caller(&md, "g1"), Err(AuthError::BadHeader));
        md.insert(
            "authorization",
            MetadataValue::from_static("Bearer nonsense"),
        );
        assert_eq!(s.caller(&md, "g1"), Err(AuthError::Malformed));
    }

    #[test]
    fn owner_tokens_are_per_game_and_never_seat_tokens() {
        let s = signer();
        let owner = s.sign_owner("g1");
        assert!(s.is_owner("g1", &owner));
        assert!(!s.is_owner("g2", &owner));
        assert!(!TokenSigner::random().is_owner("g1", &owner));
        assert!(!s.is_owner("g1", &s.sign("g1", 0)));
        assert!(s.verify("g1", &owner).is_err());
        assert!(!s.is_owner("g1", "ot1.zz"));
        let op = OperatorToken::new(b"operator secret, long enough".to_vec()).unwrap();
        assert!(op.matches("operator secret, long enough"));
        assert!(!op.matches("operator secret, long enougH"));
        assert!(!format!("{op:?}").contains("secret"));
        assert!(OperatorToken::new(b"short".to_vec()).is_err());
    }

    #[test]
    fn hex_round_trips() {
        let bytes: Vec<u8> = (0..32).map(|i| i * 8 + 1).collect();
        assert_eq!(unhex(&hex(&bytes)).unwrap(), bytes);
        assert_eq!(random_id(16).len(), 32);
        assert_ne!(random_id(16), random_id(16));
    }
}
