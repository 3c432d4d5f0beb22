//! Tableaus, locations, tokens and the discard/repress procedures shared by
//! every action (seed sections cited per function).

use signoria_engine::Seat;

use crate::data::{self, Ability, Empire, Location, Op, Prestige};
use crate::model::*;

// ---------------------------------------------------------------- tableaus

/// Where a slot lies: (seat, side index, position from the player card).
pub fn find_slot(s: &State, root: Member) -> Option<(Seat, usize, usize)> {
    for (seat, p) in s.players.iter().enumerate() {
        for side in 0..2 {
            if let Some(i) = p.tableau[side].iter().position(|x| x.root == root) {
                return Some((seat, side, i));
            }
        }
    }
    None
}

/// The slot a member belongs to: a crowned queen lies with her king, a vassal
/// under its suzerain [I1, Glossar: VASALL].
pub fn root_of(s: &State, m: Member) -> Member {
    match m {
        Member::Card(c) => {
            if let Some(e) = s
                .empires
                .iter()
                .position(|e| e.queen == Some(c) && e.owner.is_some())
            {
                root_of(s, Member::Empire(e as MapId))
            } else {
                m
            }
        }
        Member::Empire(e) => match s.empires[e as usize].suzerain {
            Some(z) => root_of(s, Member::Empire(z)),
            None => m,
        },
    }
}

/// All members of a slot: the root, its queen, its vassals and their queens.
pub fn members_of(s: &State, root: Member) -> Vec<Member> {
    let mut out = vec![root];
    if let Member::Empire(e) = root {
        if let Some(q) = s.empires[e as usize].queen {
            out.push(Member::Card(q));
        }
        for (v, es) in s.empires.iter().enumerate() {
            if es.suzerain == Some(e) && es.owner.is_some() {
                out.extend(members_of(s, Member::Empire(v as MapId)));
            }
        }
    }
    out
}

/// Every member in a seat's tableau side, in slot order.
pub fn side_members(s: &State, seat: Seat, side: Side) -> Vec<Member> {
    s.players[seat].tableau[side.index()]
        .iter()
        .flat_map(|sl| members_of(s, sl.root))
        .collect()
}

pub fn all_members(s: &State, seat: Seat) -> Vec<Member> {
    let mut v = side_members(s, seat, Side::East);
    v.extend(side_members(s, seat, Side::West));
    v
}

pub fn owner_of(s: &State, m: Member) -> Option<Seat> {
    find_slot(s, root_of(s, m)).map(|x| x.0)
}

pub fn side_of_member(s: &State, m: Member) -> Option<Side> {
    find_slot(s, root_of(s, m)).map(|x| if x.1 == 0 { Side::East } else { Side::West })
}

/// The location of an empire id.
pub fn empire_location(e: MapId) -> Location {
    Location::Empire(Empire::ALL[e as usize])
}

/// A member's location [Glossar: ORT, I1]: a crowned queen takes her king's;
/// none for a spinster-to-be queen (and comets).
pub fn location(s: &State, m: Member) -> Option<Location> {
    match m {
        Member::Empire(e) => Some(empire_location(e)),
        Member::Card(c) => {
            if let Some(e) = s
                .empires
                .iter()
                .position(|e| e.queen == Some(c) && e.owner.is_some())
            {
                Some(empire_location(e as MapId))
            } else {
                data::card(c).location
            }
        }
    }
}

/// Two locations match, with "The East"/"The West" counting as each of its
/// map cards [Glossar: ORT, F3].
pub fn loc_match(a: Option<Location>, b: Option<Location>) -> bool {
    match (a, b) {
        (Some(Location::Empire(x)), Some(Location::Empire(y))) => x == y,
        (Some(a), Some(b)) => a.region() == b.region(),
        _ => false,
    }
}

/// The map cards a location stands for (none without a location).
pub fn maps_in(loc: Option<Location>) -> Vec<MapId> {
    loc.map_or_else(Vec::new, Location::maps)
}

pub fn slot_bishop(s: &State, root: Member) -> Option<Religion> {
    find_slot(s, root).and_then(|(seat, side, i)| s.players[seat].tableau[side][i].bishop)
}

/// A bishop disables all non-religious ops and all abilities of its card
/// (the whole group) [F1, Glossar: BISCHOF].
pub fn disabled(s: &State, m: Member) -> bool {
    slot_bishop(s, root_of(s, m)).is_some()
}

/// The empire card's face showing.
fn empire_side(s: &State, e: MapId) -> &'static data::EmpireSide {
    let card = data::empire_card_of(e);
    match s.empires[e as usize].face {
        Face::King => &card.king,
        Face::Republic => &card.republic,
    }
}

pub fn member_ops(s: &State, m: Member) -> &'static [Op] {
    match m {
        Member::Card(c) => &data::card(c).ops,
        Member::Empire(e) => &empire_side(s, e).ops,
    }
}

pub fn member_prestige(s: &State, m: Member) -> &'static [Prestige] {
    match m {
        Member::Card(c) => &data::card(c).prestige,
        Member::Empire(e) => &empire_side(s, e).prestige,
    }
}

/// Prestige of a seat: every tableau member (prestige is never disabled) and
/// the spinsters (RULINGS R-12) [Glossar: PRESTIGE, I2].
pub fn prestige(s: &State, seat: Seat, kind: Prestige) -> i64 {
    let mut n = 0;
    for m in all_members(s, seat) {
        n += member_prestige(s, m).iter().filter(|&&p| p == kind).count() as i64;
    }
    for &c in &s.players[seat].spinsters {
        n += data::card(c)
            .prestige
            .iter()
            .filter(|&&p| p == kind)
            .count() as i64;
    }
    n
}

/// An ability is on while its card is in the tableau and not disabled [Glossar: FÄHIGKEIT].
pub fn has_ability(s: &State, seat: Seat, ab: &Ability) -> bool {
    all_members(s, seat).into_iter().any(|m| match m {
        Member::Card(c) => data::card(c).ability() == Some(ab) && !disabled(s, m),
        _ => false,
    })
}

/// Every active ability of a seat.
pub fn abilities(s: &State, seat: Seat) -> Vec<&'static Ability> {
    all_members(s, seat)
        .into_iter()
        .filter(|&m| !disabled(s, m))
        .filter_map(|m| match m {
            Member::Card(c) => data::card(c).ability(),
            _ => None,
        })
        .collect()
}

pub fn hand_limit(s: &State, seat: Seat) -> Option<usize> {
    if has_ability(s, seat, &Ability::NoHandLimit) {
        None
    } else {
        Some(data::constants().hand_limit as usize)
    }
}

/// The tableau side a card goes to [E2, N1]: its own marker, or its
/// location in the expert variant.
pub fn play_side(s: &State, c: CardId) -> Side {
    let d = data::card(c);
    match d.location {
        Some(loc) if s.options.expert => loc.region(),
        _ => d.deck,
    }
}

/// Put a new slot at the outer end of a side [E2, Glossar: REICH].
pub fn push_slot(s: &mut State, seat: Seat, side: Side, root: Member, bishop: Option<Religion>) {
    s.players[seat].tableau[side.index()].push(Slot { root, bishop });
}

fn remove_slot(s: &mut State, root: Member) -> Option<Slot> {
    let (seat, side, i) = find_slot(s, root)?;
    Some(s.players[seat].tableau[side].remove(i))
}

// ---------------------------------------------------------------- tokens

pub fn shape_index(sh: Shape) -> usize {
    match sh {
        Shape::Knight => 0,
        Shape::Rook => 1,
    }
}

/// Return a token to the supply (kill = discard) [Glossar: TÖTEN].
pub fn kill_token(s: &mut State, tok: Token) {
    match tok {
        Token::Piece(p) => s.supply[p.religion.index()][shape_index(p.shape)] += 1,
        Token::Serf(seat) => s.players[seat].dice += 1,
    }
}

pub fn kill_piece(s: &mut State, p: Piece) {
    kill_token(s, Token::Piece(p));
}

pub fn kill_border(s: &mut State, b: BorderId) {
    match s.borders[b as usize].take() {
        Some(BorderToken::Concession(seat)) => s.players[seat].dice += 1,
        Some(BorderToken::Pirate(r)) => kill_piece(
            s,
            Piece {
                shape: Shape::Rook,
                religion: r,
            },
        ),
        None => {}
    }
}

/// Repress a token onto an empire card, or kill it if the empire is in the
/// stack [F5, Glossar: UNTERDRÜCKEN].
pub fn repress_onto(s: &mut State, tok: Token, empire: MapId) {
    if s.empires[empire as usize].owner.is_some() {
        s.empires[empire as usize].repressed.push(tok);
    } else {
        kill_token(s, tok);
    }
}

/// Take a piece from the supply for a placement. With `substitute`, a
/// matching repressed token may be used instead [Glossar: SPIELSTEIN-VERWALTUNG].
pub fn take_piece(s: &mut State, p: Piece, substitute: bool) -> bool {
    take_token(s, Token::Piece(p), substitute)
}

pub fn can_take_piece(s: &State, p: Piece, substitute: bool) -> bool {
    s.supply[p.religion.index()][shape_index(p.shape)] > 0
        || (substitute && repressed_available(s, Token::Piece(p)) > 0)
}

pub fn take_die(s: &mut State, seat: Seat, substitute: bool) -> bool {
    take_token(s, Token::Serf(seat), substitute)
}

pub fn can_take_die(s: &State, seat: Seat, substitute: bool) -> bool {
    s.players[seat].dice > 0 || (substitute && repressed_available(s, Token::Serf(seat)) > 0)
}

/// The empire cards holding a repressed token like `tok`, each once.
pub fn repressed_sources(s: &State, tok: Token) -> Vec<MapId> {
    (0..s.empires.len() as MapId)
        .filter(|&e| s.empires[e as usize].repressed.contains(&tok))
        .collect()
}

/// Matching repressed tokens not yet claimed by a pending [`Task::Substitute`].
fn repressed_available(s: &State, tok: Token) -> usize {
    let held: usize = s
        .empires
        .iter()
        .map(|e| e.repressed.iter().filter(|&&x| x == tok).count())
        .sum();
    let claimed = s
        .stack
        .iter()
        .filter(|t| matches!(t, Task::Substitute { token, .. } if *token == tok))
        .count();
    held.saturating_sub(claimed)
}

/// Take a token from the supply; with `substitute` (card play) and the supply
/// out, "any" matching repressed token (SPIELSTEIN-VERWALTUNG): taken at once
/// when only one empire card holds one, otherwise the player names the empire
/// card afterwards ([`Task::Substitute`], RULINGS R-53).
pub fn take_token(s: &mut State, tok: Token, substitute: bool) -> bool {
    let free = match tok {
        Token::Piece(p) => &mut s.supply[p.religion.index()][shape_index(p.shape)],
        Token::Serf(seat) => &mut s.players[seat].dice,
    };
    if *free > 0 {
        *free -= 1;
        return true;
    }
    if !substitute || repressed_available(s, tok) == 0 {
        return false;
    }
    let sources = repressed_sources(s, tok);
    if sources.len() == 1 {
        take_repressed_from(s, tok, sources[0]);
    } else {
        // The cards holding one now, when the token is needed: a token the same
        // placement represses afterwards is not among them.
        s.stack.push(Task::Substitute {
            token: tok,
            from: sources,
        });
    }
    true
}

/// The empire cards a pending substitution may take from: those of `from`
/// still holding such a token.
pub fn substitute_sources(s: &State, tok: Token, from: &[MapId]) -> Vec<MapId> {
    repressed_sources(s, tok)
        .into_iter()
        .filter(|e| from.contains(e))
        .collect()
}

/// Remove one repressed token like `tok` from empire `e`.
pub fn take_repressed_from(s: &mut State, tok: Token, e: MapId) {
    let r = &mut s.empires[e as usize].repressed;
    let i = r.iter().position(|&x| x == tok).expect("repressed token");
    r.remove(i);
}

// ---------------------------------------------------------------- map

/// The theocracy the map card shows now, if any [B5, Glossar: THEOKRATIE].
pub fn theocracy(s: &State, m: MapId) -> Option<Religion> {
    data::map_card(m).theocracy(s.flipped[m as usize])
}

pub fn covered(s: &State, c: CityId) -> bool {
    match data::city(c).trade_centre {
        Some(ce) => !s.uncovered[ce.index()],
        None => false,
    }
}

/// A city with room, not covered by a bankruptcy marker [B5, Glossar: STADT].
pub fn city_free(s: &State, c: CityId) -> bool {
    !covered(s, c) && s.cities[c as usize].len() < data::city(c).capacity()
}

/// The map card a city lies on.
pub fn city_map(c: CityId) -> MapId {
    data::city(c).empire.id()
}

pub fn usable_cities(m: MapId) -> impl Iterator<Item = CityId> {
    data::map_card(m).city_ids.iter().copied()
}

/// Saturated: no city with room [Glossar: SÄTTIGUNG].
pub fn saturated(s: &State, m: MapId) -> bool {
    !usable_cities(m).any(|c| city_free(s, c))
}

pub fn borders_of(m: MapId) -> impl Iterator<Item = BorderId> {
    data::map_card(m).border_ids.iter().copied()
}

/// The two map cards a border lies between.
pub fn border_maps(b: BorderId) -> [MapId; 2] {
    data::border(b).between.map(Empire::id)
}

pub fn concessions(s: &State, seat: Seat) -> usize {
    s.borders
        .iter()
        .filter(|b| **b == Some(BorderToken::Concession(seat)))
        .count()
}

// ---------------------------------------------------------------- discards

/// Discard a tableau member with everything attached [Glossar: ABWERFEN, I1, E3]:
/// bishops and repressed tokens die, a king's queen dies, vassals return to
/// the stack, empires return to the stack, other cards leave the game.
pub fn discard_member(s: &mut State, m: Member) {
    let root = root_of(s, m);
    if root == m {
        if let Some(slot) = remove_slot(s, m) {
            if let Some(b) = slot.bishop {
                s.supply[b.index()][2] += 1;
            }
        }
    }
    match m {
        Member::Card(c) => {
            for e in s.empires.iter_mut() {
                if e.queen == Some(c) {
                    e.queen = None;
                }
            }
            s.discards.push(c);
        }
        Member::Empire(e) => release_empire(s, e),
    }
}

/// An empire goes back to the stack: queen killed, vassals discarded,
/// repressed tokens killed.
fn release_empire(s: &mut State, e: MapId) {
    strip_empire(s, e);
    let toks = std::mem::take(&mut s.empires[e as usize].repressed);
    for tok in toks {
        kill_token(s, tok);
    }
    let es = &mut s.empires[e as usize];
    es.owner = None;
    es.face = Face::King;
    es.suzerain = None;
}

/// Discard an empire's queen and vassals (every regime change) [Glossar: REGIMEWECHSEL].
pub fn strip_empire(s: &mut State, e: MapId) {
    if let Some(q) = s.empires[e as usize].queen.take() {
        s.discards.push(q);
    }
    let vassals: Vec<MapId> = (0..s.empires.len() as MapId)
        .filter(|&v| s.empires[v as usize].suzerain == Some(e))
        .collect();
    for v in vassals {
        release_empire(s, v);
    }
}

/// Take an empire out of wherever it lies, keeping its repressed tokens;
/// returns the bishop of its slot if it was a root.
pub fn detach_empire(s: &mut State, e: MapId) -> Option<Religion> {
    let es = &s.empires[e as usize];
    es.owner?;
    if es.suzerain.is_some() {
        s.empires[e as usize].suzerain = None;
        return None;
    }
    remove_slot(s, Member::Empire(e)).and_then(|sl| sl.bishop)
}

// ---------------------------------------------------------------- misc

pub fn pay_china(s: &mut State, seat: Seat, n: i64) {
    s.players[seat].florins -= n;
    s.china += n;
}

pub fn gain_china(s: &mut State, seat: Seat, n: i64) {
    s.players[seat].florins += n;
    s.china -= n;
}

// Names for labels and prompts; an id the data does not know (only in a
// move that is refused) gets a placeholder instead of a panic.

const UNKNOWN: &str = "(unknown)";

pub fn card_name(c: CardId) -> &'static str {
    data::cards()
        .all
        .get(c as usize)
        .map_or(UNKNOWN, |d| &d.name)
}

pub fn member_name(m: Member) -> String {
    match m {
        Member::Card(c) => card_name(c).to_string(),
        Member::Empire(e) => format!("{} (empire)", map_name(e)),
    }
}

pub fn map_name(m: MapId) -> &'static str {
    data::map()
        .map_cards
        .get(m as usize)
        .map_or(UNKNOWN, |d| &d.name)
}

pub fn city_name(c: CityId) -> &'static str {
    data::map()
        .cities
        .get(c as usize)
        .map_or(UNKNOWN, |d| &d.name)
}

pub fn border_name(b: BorderId) -> &'static str {
    data::map()
        .borders
        .get(b as usize)
        .map_or(UNKNOWN, |d| &d.id)
}

pub fn piece_name(p: Piece) -> String {
    format!(
        "{} {}",
        p.religion.colour(),
        if p.shape == Shape::Knight {
            "knight"
        } else {
            "rook"
        }
    )
}

pub fn token_name(tok: Token) -> String {
    match tok {
        Token::Piece(p) => piece_name(p),
        Token::Serf(seat) => format!("serf of seat {seat}"),
    }
}
