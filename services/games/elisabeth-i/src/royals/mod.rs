//! Royals: marriages [21], rulers and their deaths [3.3], and their cards.
//!
//! - `nobles`: the marriage display, entry, aging [21.3], William of Orange's return;
//! - `arrange`: marriages arranged in the negotiation segment [9.1], [21] (a power's own
//!   couple by its royals move; two powers' by a clause of an announcement, RULINGS S9);
//! - `bonus`: the bonuses that are actions after a marriage [21.1] (influence, sermon,
//!   suppress heresy);
//! - `wedding`: the marriage phase [21.1] (dice, table, bonuses), the Virgin Queen VP
//!   [21.2], deaths of engaged nobles [21.4], rulers' deaths and their fall-backs [23].
//!
//! Everything here is public (the display and the table results are open).

pub mod arrange;
pub mod bonus;
pub mod nobles;
pub mod wedding;

use serde::{Deserialize, Serialize};
use signoria_engine::{GameRng, Scoped, Seat, Viewer};

use crate::data::{Power, ReligiousZone, data};
use crate::events::EventDef;
use crate::model::{self, Moment, Pw, Step};
use crate::pb;

use nobles::{NobleState, Status};
use wedding::{Couple, Outcome};

/// Its decisions (`model::Frame::Royals`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Frame {
    /// Anna of Austria's power may reroll the lowest die of her marriage ([21.1]).
    Reroll {
        who: Pw,
        couple: Couple,
        dice: [u8; 2],
    },
    /// Carry out one engaged couple's marriage (automatic, [21.1]).
    Wed { couple: Couple },
    /// A marriage bonus's action, carried out at once by `who` ([21.1] L1872-1876).
    Bonus { who: Pw, bonus: bonus::Bonus },
    /// The Virgin Queen VP and aging after the marriages (automatic, [21.2], [21.3]).
    Aging,
}

/// Its choices (`model::Move::Royals`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    /// In the negotiation segment: announce a marriage of two of the power's own nobles
    /// (`to` is the power itself; RULINGS S9: with another power it is a clause of an
    /// announcement, `model::Deal::Marriage`).
    Propose { to: Pw, couple: Couple },
    /// Reroll the lowest die (Anna of Austria) or keep the dice.
    Reroll(bool),
    /// A marriage bonus: add one box of influence in this column ([24.5]).
    Influence(Power),
    /// A marriage bonus: the sermon's or suppression's attempts in this zone ([18.2],
    /// [18.3]).
    Convert(ReligiousZone),
}

/// What happened (`model::Event::Royals`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    Proposed {
        from: Pw,
        to: Pw,
        groom: u8,
        bride: u8,
    },
    Engaged {
        groom: u8,
        bride: u8,
    },
    EngagementEnded {
        groom: u8,
        bride: u8,
    },
    Wedding {
        groom: u8,
        bride: u8,
        dice: [u8; 2],
        total: u8,
        outcome: Outcome,
    },
    Vp {
        power: Pw,
        vp: i16,
    },
    CardMarker {
        power: Pw,
        cards: i8,
    },
    PatronageBonus {
        power: Pw,
        turn: u8,
    },
    Aged {
        noble: u8,
        eligibility: u8,
    },
    NobleDied {
        noble: u8,
    },
    LeaderDied {
        leader: u8,
    },
    RulerDied {
        power: Pw,
    },
}

/// Its part of the game state (`model::State.royals`; stored only when not default).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct State {
    /// One per noble of the data pack (empty until the first turn begins).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nobles: Vec<NobleState>,
    /// Couples engaged this turn, in the order engaged.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub engaged: Vec<Couple>,
    /// VP from marriages per major ([21.1], [21.2]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub vp: Vec<i16>,
    /// Card markers for the next card draw per major ([21.1]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cards: Vec<i8>,
    /// +1 on patronage rolls: (power, turn) (Isabella Clara Eugenia, [21.1], [22]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub patronage_plus: Vec<(Pw, u8)>,
    /// Final rulers who died ([23]; ruler ids).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dead_rulers: Vec<String>,
    /// Virgin Queen VP won so far ([21.2], at most 5).
    #[serde(default)]
    pub virgin_queen: u8,
    /// Mary Stuart's status ([23.3]; from the scenario, e.g. captured in the Tournament).
    #[serde(default, skip_serializing_if = "is_scotland")]
    pub mary: Mary,
    /// The turn Elizabeth died ([23.3]: later English Catholic rebellions that turn).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub elizabeth_died: Option<u8>,
}

/// Mary Stuart's status ([23.3]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Mary {
    /// Alive, queen of Scotland (from turn 2).
    #[default]
    Scotland,
    /// Captured in England (the marker on England's home card).
    Captured,
    /// Executed by England (-1 VP for England).
    Executed,
    /// Died otherwise (in childbirth, [21.1]: as if executed, without the VP).
    Dead,
}

fn is_scotland(m: &Mary) -> bool {
    *m == Mary::Scotland
}

/// Mary Stuart's status now ([23.3]; her noble's death counts as dead, [21.1]).
pub fn mary(s: &model::State) -> Mary {
    if s.royals.mary == Mary::Scotland || s.royals.mary == Mary::Captured {
        let n = nobles::by_id("mary_stuart");
        if nobles::get(s, n).status == Status::Dead {
            return Mary::Dead;
        }
    }
    s.royals.mary
}

/// The royals' state at the start of a scenario: Mary Stuart's status ([23.3]).
pub fn setup(sc: &crate::data::Scenario) -> State {
    State {
        mary: match sc.mary_stuart.as_str() {
            "captured" => Mary::Captured,
            "executed" => Mary::Executed,
            _ => Mary::Scotland,
        },
        ..Default::default()
    }
}

/// Its part of a viewer's view (`view::View.royals`): all of it is public.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct View {
    pub nobles: Vec<(u8, NobleState)>,
    pub engaged: Vec<Couple>,
    pub vp: Vec<i16>,
    pub cards: Vec<i8>,
    pub dead_rulers: Vec<String>,
    pub virgin_queen: u8,
}

/// Its card events (chained by `events::registry`).
pub static EVENTS: &[EventDef] = &[];

/// Its frame kinds on which a seat decides (the playouts check that each is reached).
pub const DECISION_KINDS: &[&str] = &["reroll_marriage", "marriage_bonus"];
/// Its frame kinds that never wait for a seat.
pub const AUTOMATIC_KINDS: &[&str] = &["wed", "aging"];

pub fn kind(f: &Frame) -> &'static str {
    match f {
        Frame::Reroll { .. } => "reroll_marriage",
        Frame::Bonus { .. } => "marriage_bonus",
        Frame::Wed { .. } => "wed",
        Frame::Aging => "aging",
    }
}

/// The power deciding the frame (None: automatic, see [`auto`]).
pub fn decider(_s: &model::State, f: &Frame) -> Option<Pw> {
    match f {
        Frame::Reroll { who, .. } | Frame::Bonus { who, .. } => Some(*who),
        Frame::Wed { .. } | Frame::Aging => None,
    }
}

pub fn choices(s: &model::State, f: &Frame) -> Vec<model::Move> {
    match f {
        Frame::Reroll { .. } => vec![
            model::Move::Royals(Move::Reroll(true)),
            model::Move::Royals(Move::Reroll(false)),
        ],
        Frame::Bonus { who, bonus } => bonus::choices(s, *who, *bonus),
        Frame::Wed { .. } | Frame::Aging => Vec::new(),
    }
}

use crate::labels::power_name as name;

fn couple_name(c: Couple) -> String {
    format!(
        "{} and {}",
        nobles::info(c.groom).name,
        nobles::info(c.bride).name
    )
}

pub fn prompt(_s: &model::State, f: &Frame) -> String {
    match f {
        Frame::Reroll { who, couple, dice } => format!(
            "{}: the marriage of {} rolled {} and {}; reroll the lowest die?",
            name(*who),
            couple_name(*couple),
            dice[0],
            dice[1]
        ),
        Frame::Bonus { who, bonus } => {
            format!("{}: the marriage bonus: {}", name(*who), bonus.name())
        }
        Frame::Wed { .. } | Frame::Aging => String::new(),
    }
}

/// Apply a listed choice to the frame on top of the stack (`f` is a copy of it).
pub fn resolve(
    s: &mut model::State,
    f: Frame,
    mv: &model::Move,
    ev: &mut Vec<Scoped<model::Event>>,
) {
    s.stack.pop();
    match (f, mv) {
        (Frame::Reroll { couple, dice, .. }, model::Move::Royals(Move::Reroll(again))) => {
            let mut rng = s.rng.clone();
            let d = if *again {
                wedding::reroll_lowest(dice, &mut rng)
            } else {
                dice
            };
            wedding::finish(s, couple, d, &mut rng, ev);
            s.rng = rng;
        }
        (Frame::Bonus { who, .. }, model::Move::Royals(m)) => bonus::resolve(s, who, m, ev),
        (f, m) => unreachable!("royals: {m:?} on {f:?}"),
    }
}

/// Run an automatic frame (already popped from the stack).
pub fn auto(s: &mut model::State, f: Frame, ev: &mut Vec<Scoped<model::Event>>) {
    let mut rng = s.rng.clone();
    match f {
        Frame::Wed { couple } => {
            // [21.4]: a couple whose noble died meanwhile was already dissolved.
            if s.royals.engaged.contains(&couple) {
                wedding::wed(s, couple, &mut rng, ev);
            }
        }
        Frame::Aging => {
            wedding::virgin_queen(s, ev);
            nobles::age(s, &mut rng, ev);
        }
        f => unreachable!("royals: {f:?} has a decider"),
    }
    s.rng = rng;
}

/// Its CP actions `who` may take with `cp` CP left in the impulse ([11]).
pub fn actions(_s: &model::State, _who: Pw, _cp: u8) -> Vec<model::Move> {
    Vec::new()
}

/// Carry out one of its CP actions; returns the CP it costs now (0 when a frame it
/// pushes spends them later).
pub fn act(
    _s: &mut model::State,
    _who: Pw,
    _cp: u8,
    mv: &Move,
    _ev: &mut Vec<Scoped<model::Event>>,
) -> u8 {
    unreachable!("royals has no CP action: {mv:?}")
}

/// The royals moves of `who`'s negotiation turn: announcing its own couple ([9.1], [21];
/// RULINGS S9).
pub fn negotiate_choices(s: &model::State, who: Pw) -> Vec<model::Move> {
    arrange::choices(s, who)
}

/// Carry out a proposal chosen in the negotiation segment.
pub fn negotiate(s: &mut model::State, who: Pw, mv: &Move, ev: &mut Vec<Scoped<model::Event>>) {
    match mv {
        Move::Propose { couple, .. } => arrange::propose(s, who, *couple, ev),
        m => unreachable!("royals: {m:?} in the negotiation segment"),
    }
}

/// What it does at a fixed moment of the turn ([7]); it may push frames.
pub fn at(s: &mut model::State, when: Moment, _ev: &mut Vec<Scoped<model::Event>>) {
    match when {
        Moment::TurnBegins => {
            nobles::ensure(s);
            nobles::returns(s);
            let turn = s.turn;
            s.royals.patronage_plus.retain(|&(_, t)| t >= turn);
        }
        // The card markers counted in this card draw ([21.1]: the next turn's cards).
        Moment::After(Step::CardDraw) => s.royals.cards.clear(),
        // [7] step 6: the marriage phase.
        Moment::After(Step::Marriage) => wedding::phase(s),
        _ => {}
    }
}

/// Its VP for `p` ([25.2]).
/// Mary Stuart executed: England's "executed -1 VP" marker ([23.3]).
pub fn vp(s: &model::State, p: Pw) -> i16 {
    let executed = if p == wedding::ENGLAND && s.royals.mary == Mary::Executed {
        MARY_EXECUTED_VP
    } else {
        0
    };
    s.royals.vp.get(p as usize).copied().unwrap_or(0) + executed
}

/// [23.3]: the execution costs England 1 VP.
pub const MARY_EXECUTED_VP: i16 = -1;

/// Its change to the number of cards `p` draws ([6.2] step 4): the marriage card markers
/// and a dead ruler's fall-back card bonus (§9.18).
pub fn card_bonus(s: &model::State, p: Pw) -> i8 {
    let mut b = s.royals.cards.get(p as usize).copied().unwrap_or(0);
    if wedding::ruler_dead(s, p)
        && let Some(r) = data().ruler(&s.ps(p).ruler)
    {
        b += r.death_card_bonus.unwrap_or(r.card_bonus) as i8 - r.card_bonus as i8;
    }
    b
}

/// The administrative rating of `p`'s ruler after its death (§9.18), if it died.
pub fn admin(s: &model::State, p: Pw) -> Option<u8> {
    if !wedding::ruler_dead(s, p) {
        return None;
    }
    data().ruler(&s.ps(p).ruler).and_then(|r| r.death_admin)
}

/// +1 on `p`'s patronage rolls this turn (Isabella Clara Eugenia, [21.1]).
pub fn patronage_bonus(s: &model::State, p: Pw) -> u8 {
    s.royals
        .patronage_plus
        .iter()
        .filter(|&&(q, t)| q == p && t == s.turn)
        .count()
        .min(1) as u8
}

pub fn describe(_s: &model::State, mv: &Move) -> String {
    match mv {
        Move::Propose { couple, .. } => {
            format!("announce the marriage of {}", couple_name(*couple))
        }
        Move::Reroll(true) => "reroll the lowest die".into(),
        Move::Reroll(false) => "keep the dice".into(),
        m => bonus::describe(m).unwrap_or_default(),
    }
}

pub fn view(s: &model::State, _viewer: Viewer) -> View {
    View {
        nobles: (0..nobles::count())
            .map(|i| (i, nobles::get(s, i)))
            .collect(),
        engaged: s.royals.engaged.clone(),
        vp: (0..6).map(|p| vp(s, p)).collect(),
        cards: (0..6)
            .map(|p| s.royals.cards.get(p).copied().unwrap_or(0))
            .collect(),
        dead_rulers: s.royals.dead_rulers.clone(),
        virgin_queen: s.royals.virgin_queen,
    }
}

/// Its rule invariants (checked after every move of the playouts).
pub fn violations(s: &model::State) -> Vec<String> {
    let mut v = Vec::new();
    let mut seen = Vec::new();
    for c in &s.royals.engaged {
        for n in [c.groom, c.bride] {
            if seen.contains(&n) {
                v.push(format!("noble {} engaged twice", nobles::id(n)));
            }
            seen.push(n);
            if nobles::get(s, n).status != Status::Engaged {
                v.push(format!(
                    "engaged noble {} is not marked engaged",
                    nobles::id(n)
                ));
            }
        }
        if !nobles::is_male(c.groom) || nobles::is_male(c.bride) {
            v.push("a couple is not a man and a woman".into());
        }
    }
    for (i, n) in s.royals.nobles.iter().enumerate() {
        if n.status == Status::Engaged && !seen.contains(&(i as u8)) {
            v.push(format!("noble {} engaged to nobody", nobles::id(i as u8)));
        }
        if n.elig > 5 {
            v.push(format!("noble {} above the display", nobles::id(i as u8)));
        }
    }
    if s.royals.virgin_queen > 5 {
        v.push("more than 5 Virgin Queen VP".into());
    }
    v
}

/// Redraw what `seat` may not see of it: nothing is secret.
pub fn resample(_s: &mut model::State, _seat: Seat, _rng: &mut GameRng) {}

/// Why a move that is not listed is refused, when the reason is a rule of this
/// subsystem that is not implemented (an UNSUPPORTED message naming the rule).
pub fn unsupported(s: &model::State, mv: &model::Move) -> Option<String> {
    let _ = s;
    let model::Move::Royals(Move::Propose { couple, .. }) = mv else {
        return None;
    };
    refused_couple(*couple)
}

/// Why a marriage naming one of the nobles of RULINGS S1 is not offered (the royals move
/// or a marriage clause of an announcement).
pub fn refused_couple(couple: Couple) -> Option<String> {
    [couple.groom, couple.bride]
        .into_iter()
        .filter(|&n| n < nobles::count())
        .find_map(|n| {
            arrange::refused(n).map(|why| {
                format!(
                    "the marriage of {} is not offered: it needs {why} (RULINGS S1)",
                    nobles::info(n).name
                )
            })
        })
}

fn outcome_pb(o: &Outcome) -> (i32, u32, u32) {
    use pb::RoyalsOutcome as O;
    match o {
        Outcome::BackToPool => (O::BackToPool as i32, 0, 0),
        Outcome::WifeDies => (O::WifeDies as i32, 0, 0),
        Outcome::HusbandMurdered => (O::HusbandMurdered as i32, 0, 0),
        Outcome::Annulment => (O::Annulment as i32, 0, 0),
        Outcome::Award { vp, cards } => (O::Award as i32, *vp as u32, *cards as u32),
    }
}

pub fn move_to_pb(m: &Move) -> pb::RoyalsMove {
    use pb::RoyalsMoveKind as K;
    let mut p = pb::RoyalsMove::default();
    match m {
        Move::Propose { to, couple } => {
            p.kind = K::Propose as i32;
            p.to = Some(*to as u32);
            p.groom = Some(couple.groom as u32);
            p.bride = Some(couple.bride as u32);
        }
        Move::Reroll(b) => {
            p.kind = K::Reroll as i32;
            p.reroll = Some(*b);
        }
        Move::Influence(t) => {
            p.kind = K::BonusInfluence as i32;
            p.on = crate::minors::owner_pb(*t);
        }
        Move::Convert(z) => {
            p.kind = K::BonusConversion as i32;
            p.zone = crate::religion::pb::zone_pb(*z);
        }
    }
    p
}

pub fn move_from_pb(p: &pb::RoyalsMove) -> Result<Move, String> {
    use pb::RoyalsMoveKind as K;
    let noble = |x: Option<u32>| -> Result<u8, String> {
        match x {
            Some(n) if n < nobles::count() as u32 => Ok(n as u8),
            _ => Err("a noble index out of range".into()),
        }
    };
    match K::try_from(p.kind) {
        Ok(K::Propose) => {
            let to = match p.to {
                Some(t) if t < 6 => t as Pw,
                _ => return Err("a power index out of range".into()),
            };
            Ok(Move::Propose {
                to,
                couple: Couple {
                    groom: noble(p.groom)?,
                    bride: noble(p.bride)?,
                },
            })
        }
        Ok(K::Accept | K::Reject) => Err(
            "no marriage proposal awaits an answer: a marriage with another power is a clause \
             of an announcement, confirmed with the announcement (RULINGS S9)"
                .into(),
        ),
        Ok(K::Reroll) => Ok(Move::Reroll(p.reroll.ok_or("reroll needs its flag")?)),
        Ok(K::BonusInfluence) => Ok(Move::Influence(crate::minors::owner_from(p.on)?)),
        Ok(K::BonusConversion) => Ok(Move::Convert(crate::religion::pb::zone_from(p.zone)?)),
        _ => Err(format!("royals move kind {} unknown", p.kind)),
    }
}

pub fn event_to_pb(e: &Event) -> pb::RoyalsEvent {
    use pb::RoyalsEventKind as K;
    let mut p = pb::RoyalsEvent::default();
    let (k, power, other, groom, bride, value) = match e {
        Event::Proposed {
            from,
            to,
            groom,
            bride,
        } => (
            K::Proposed,
            Some(*from),
            Some(*to),
            Some(*groom),
            Some(*bride),
            None,
        ),
        Event::Engaged { groom, bride } => {
            (K::Engaged, None, None, Some(*groom), Some(*bride), None)
        }
        Event::EngagementEnded { groom, bride } => (
            K::EngagementEnded,
            None,
            None,
            Some(*groom),
            Some(*bride),
            None,
        ),
        Event::Wedding {
            groom,
            bride,
            dice,
            total,
            outcome,
        } => {
            let (o, vp, cards) = outcome_pb(outcome);
            p.dice = dice.iter().map(|&d| d as u32).collect();
            p.total = Some(*total as u32);
            p.outcome = o;
            p.vp = Some(vp as i32);
            p.cards = Some(cards as i32);
            (K::Wedding, None, None, Some(*groom), Some(*bride), None)
        }
        Event::Vp { power, vp } => {
            p.vp = Some(*vp as i32);
            (K::Vp, Some(*power), None, None, None, None)
        }
        Event::CardMarker { power, cards } => {
            p.cards = Some(*cards as i32);
            (K::CardMarker, Some(*power), None, None, None, None)
        }
        Event::PatronageBonus { power, turn } => (
            K::PatronageBonus,
            Some(*power),
            None,
            None,
            None,
            Some(*turn as u32),
        ),
        Event::Aged { noble, eligibility } => (
            K::Aged,
            None,
            None,
            Some(*noble),
            None,
            Some(*eligibility as u32),
        ),
        Event::NobleDied { noble } => (K::NobleDied, None, None, Some(*noble), None, None),
        Event::LeaderDied { leader } => {
            (K::LeaderDied, None, None, None, None, Some(*leader as u32))
        }
        Event::RulerDied { power } => (K::RulerDied, Some(*power), None, None, None, None),
    };
    p.kind = k as i32;
    p.power = power.map(|x| x as u32);
    p.other = other.map(|x| x as u32);
    p.groom = groom.map(|x| x as u32);
    p.bride = bride.map(|x| x as u32);
    p.value = value;
    p
}

fn status_pb(st: Status) -> (i32, u32) {
    use pb::RoyalsNobleStatus as S;
    match st {
        Status::Free => (S::Free as i32, 0),
        Status::Engaged => (S::Engaged as i32, 0),
        Status::Married => (S::Married as i32, 0),
        Status::FrenchCard => (S::FrenchCard as i32, 0),
        Status::Dead => (S::Dead as i32, 0),
        Status::Returns(t) => (S::Returns as i32, t as u32),
    }
}

pub fn view_to_pb(v: &View) -> pb::RoyalsView {
    pb::RoyalsView {
        nobles: v
            .nobles
            .iter()
            .map(|(i, n)| {
                let (status, returns) = status_pb(n.status);
                pb::RoyalsNoble {
                    noble: *i as u32,
                    status,
                    eligibility: n.elig as u32,
                    returns_in_turn: returns,
                }
            })
            .collect(),
        engaged: v
            .engaged
            .iter()
            .map(|c| pb::RoyalsCouple {
                groom: c.groom as u32,
                bride: c.bride as u32,
            })
            .collect(),
        // No marriage proposal awaits an answer any more (RULINGS S9): a pending marriage
        // is a clause of a pending announcement.
        pending_from: None,
        pending_to: None,
        pending: None,
        vp: v.vp.iter().map(|&x| x as i32).collect(),
        cards: v.cards.iter().map(|&x| x as i32).collect(),
        dead_rulers: v.dead_rulers.clone(),
        virgin_queen_vp: v.virgin_queen as u32,
    }
}
