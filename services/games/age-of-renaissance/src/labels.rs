//! Readable labels for moves (`Game::describe_move`): province, card and advance names
//! from the data layer. Any move gets a label, also one naming ids the game does not
//! have.

use crate::data::{Advance, CardId, Category, Commodity, ProvinceId, Region, data};
use crate::model::{Move, SeatId, State, Target};

pub fn province_name(p: ProvinceId) -> String {
    data()
        .provinces
        .get(p.index())
        .map_or_else(|| format!("province #{}", p.0), |x| x.name.clone())
}

pub fn card_name(c: CardId) -> String {
    data()
        .cards
        .get(c.index())
        .map_or_else(|| format!("card #{}", c.0), |x| x.name_de.clone())
}

pub fn advance_name(a: Advance) -> String {
    format!("{} [{}]", data().advance(a).name_de, a.letter())
}

pub fn commodity_name(c: Commodity) -> String {
    data().commodity(c).name_de.clone()
}

pub fn category_name(c: Category) -> &'static str {
    match c {
        Category::Science => "Wissenschaft",
        Category::Religion => "Religion",
        Category::Commerce => "Handel",
        Category::Culture => "Kultur",
        Category::Exploration => "Entdeckungen",
        Category::Civics => "Gesellschaft",
    }
}

pub fn region_name(r: Region) -> String {
    data().region(r).name.clone()
}

fn target_label(s: &State, t: Target) -> String {
    match t {
        Target::None => String::new(),
        Target::Seat(p) => format!(" against {}", seat_name(s, p)),
        Target::Province(p) => format!(" on {}", province_name(p)),
        Target::Region(r) => format!(" in region {}", region_name(r)),
        Target::Category(c) => format!(" forbidding {}", category_name(c)),
    }
}

/// "seat 2 (Genoa)" once capitals are chosen.
pub fn seat_name(s: &State, p: SeatId) -> String {
    match s.players.get(p as usize).and_then(|x| x.capital) {
        Some(c) => format!("seat {p} ({})", province_name(c)),
        None => format!("seat {p}"),
    }
}

/// The label of a move for `seat` (the seat deciding: attacks name the tokens they
/// commit, advances the price the seat pays).
pub fn describe(s: &State, seat: SeatId, mv: &Move) -> String {
    let known_province = |p: ProvinceId| p.index() < data().provinces.len();
    let known_cards = |cs: &[CardId]| cs.iter().all(|c| c.index() < data().cards.len());
    let in_game = (seat as usize) < s.players.len();
    match mv {
        Move::ReturnCard { card } => format!("give back {}", card_name(*card)),
        Move::CapitalBid { ducats } => format!("bid {ducats} ducats for the capital choice"),
        Move::ChooseCapital { province } => format!("take {} as capital", province_name(*province)),
        Move::Bid { tokens } if *tokens < 0 => {
            format!("bid {tokens} (pay {} for no tokens)", -tokens)
        }
        Move::Bid { tokens } => format!("buy {tokens} expansion tokens"),
        Move::Resign => "resign from the game".into(),
        Move::Pass => "pass".into(),
        Move::Swap { earlier: true } => "Renaissance: swap with the player before you".into(),
        Move::Swap { earlier: false } => "Renaissance: swap with the player after you".into(),
        Move::ClearCounter { commodity } => format!(
            "pay {} to clear a {} counter",
            data().commodity(*commodity).base,
            commodity_name(*commodity)
        ),
        Move::Mills {
            commodity,
            shortage,
        } => format!(
            "Mills: {} one box towards {}",
            commodity_name(*commodity),
            if *shortage { "shortage" } else { "surplus" }
        ),
        Move::BuyCard => "buy a card for 10 ducats".into(),
        Move::Discard { card } => format!("discard {}", card_name(*card)),
        Move::PlayCommodity { card, commodity } => {
            if data()
                .cards
                .get(card.index())
                .is_some_and(|c| c.commodities().len() > 1)
            {
                format!(
                    "play {} for {}",
                    card_name(*card),
                    commodity_name(*commodity)
                )
            } else {
                format!("play {}", card_name(*card))
            }
        }
        Move::PlayPersonality { card } => format!("play {}", card_name(*card)),
        Move::PlayEvent { card, target } => {
            format!("play {}{}", card_name(*card), target_label(s, *target))
        }
        Move::Pirate { province } => format!("Pirates/Vikings on {}", province_name(*province)),
        Move::LoseHalf { cash: true } => "lose half your noted cash".into(),
        Move::LoseHalf { cash: false } => "lose half your bought expansion tokens".into(),
        Move::Cede { province } => format!("cede {}", province_name(*province)),
        Move::UseBought { bought: true } => "use a bought expansion token".into(),
        Move::UseBought { bought: false } => "leave the province empty".into(),
        Move::RaiseFleet => "raise the fleet one box for 10 ducats".into(),
        Move::BuyAdvance { advance, claims } => {
            let mut label = format!("buy {}", advance_name(*advance));
            if in_game && known_cards(claims) {
                let price = crate::acquisition::price(s, seat, *advance, claims);
                label.push_str(&format!(" for {price}"));
            }
            if !claims.is_empty() {
                let names: Vec<String> = claims.iter().map(|c| card_name(*c)).collect();
                label.push_str(&format!(" claiming {}", names.join(", ")));
            }
            label
        }
        Move::Stabilize { pay: true } => "pay stabilization".into(),
        Move::Stabilize { pay: false } => "refuse stabilization (misery)".into(),
        Move::PayIndulgence { ducats } => format!("pay {ducats} ducats, the rest in misery"),
        Move::TokenCard => "return expansion tokens to draw a card".into(),
        Move::Place { province, count } => format!("place {count} on {}", province_name(*province)),
        Move::Attack {
            province,
            cathedral,
        } => format!(
            "attack {}{}{}",
            province_name(*province),
            if in_game && known_province(*province) {
                format!(
                    " with {} tokens",
                    crate::combat::tokens_needed(s, seat, *province)
                )
            } else {
                String::new()
            },
            if *cathedral {
                " declaring the Cathedral"
            } else {
                ""
            }
        ),
        Move::SwapControl { from, to } => format!(
            "take the control token off {} to control {}",
            province_name(*from),
            province_name(*to)
        ),
        Move::Declare => "declare the Cathedral win".into(),
        Move::GiveCard { card } => format!("give {} for a random card", card_name(*card)),
    }
}
