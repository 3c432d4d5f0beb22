//! The decision stack: for each kind of frame, who decides, what they may choose,
//! what they are asked, and how a choice or an automatic step resolves. The rules
//! live in the modules named after them.

use signoria_engine::{Scoped, Seat};

use crate::labels::{province_name, seat_name};
use crate::model::{AcqStep, Event, Frame, Move, SeatId, State};
use crate::{
    acquisition, cards, combat, events, expansion, flow, misery, purchase, setup, shortage,
    turn_order, war, written_record,
};

/// The kinds of frame a seat decides on.
pub const DECISION_KINDS: [&str; 23] = [
    "return card",
    "capital bid",
    "choose capital",
    "turn-order bid",
    "renaissance",
    "clear counters",
    "mills",
    "card purchase",
    "play cards",
    "pirates",
    "civil war loss",
    "war cession",
    "reduce",
    "fleet",
    "advances",
    "stabilization",
    "art discard",
    "indulgence",
    "token card",
    "expansion",
    "cathedral",
    "written record",
    "final card play",
];

/// The kinds of frame that are automatic steps only.
pub const AUTOMATIC_KINDS: [&str; 3] = ["deal", "round", "turns"];

pub fn kind(frame: &Frame) -> &'static str {
    match frame {
        Frame::Deal => "deal",
        Frame::ReturnCard { .. } => "return card",
        Frame::CapitalBid { .. } => "capital bid",
        Frame::ChooseCapital { .. } => "choose capital",
        Frame::TurnOrderBid { .. } => "turn-order bid",
        Frame::Round { .. } => "round",
        Frame::Turns { .. } => "turns",
        Frame::Renaissance { .. } => "renaissance",
        Frame::ClearCounters { .. } => "clear counters",
        Frame::Mills { .. } => "mills",
        Frame::Purchase { .. } => "card purchase",
        Frame::Play { .. } => "play cards",
        Frame::Pirates { .. } => "pirates",
        Frame::CivilWarLoss { .. } => "civil war loss",
        Frame::Cede { .. } => "war cession",
        Frame::Reduce { .. } => "reduce",
        Frame::Acquire { step, .. } => match step {
            AcqStep::Fleet => "fleet",
            AcqStep::Advances => "advances",
            AcqStep::Stabilize => "stabilization",
        },
        Frame::ArtDiscard { .. } => "art discard",
        Frame::Indulgence { .. } => "indulgence",
        Frame::TokenWindow { .. } => "token card",
        Frame::Expand { .. } => "expansion",
        Frame::Cathedral(_) => "cathedral",
        Frame::WrittenRecord { .. } => "written record",
        Frame::Final { .. } => "final card play",
    }
}

/// The Renaissance owner asked next in this window.
fn renaissance_seat(s: &State, asked: u8) -> Option<SeatId> {
    s.order
        .iter()
        .copied()
        .find(|&p| asked & (1 << p) == 0 && !turn_order::renaissance_swaps(s, p).is_empty())
}

fn one(seat: SeatId, yes: bool) -> Vec<Seat> {
    if yes { vec![seat as Seat] } else { Vec::new() }
}

pub fn deciders(s: &State, frame: &Frame) -> Vec<Seat> {
    let active = |seat: SeatId| !s.player(seat).out;
    match frame {
        Frame::Deal | Frame::Round { .. } | Frame::Turns { .. } => Vec::new(),
        Frame::ReturnCard { returned } => (0..s.n()).filter(|&p| returned[p].is_none()).collect(),
        Frame::CapitalBid { bids } => (0..s.n()).filter(|&p| bids[p].is_none()).collect(),
        Frame::ChooseCapital { order, next } => order
            .get(*next as usize)
            .map(|&p| vec![p as Seat])
            .unwrap_or_default(),
        Frame::TurnOrderBid { bids } => (0..s.n())
            .filter(|&p| bids[p].is_none() && !s.players[p].out)
            .collect(),
        Frame::Renaissance { asked } => renaissance_seat(s, *asked)
            .map(|p| vec![p as Seat])
            .unwrap_or_default(),
        Frame::ClearCounters { seat } => one(
            *seat,
            active(*seat) && !shortage::clear_choices(s, *seat).is_empty(),
        ),
        Frame::Mills { seat } => one(*seat, active(*seat)),
        Frame::Purchase { seat } => one(*seat, !purchase::choices(s, *seat).is_empty()),
        Frame::Play { seat } => one(*seat, active(*seat) && !s.player(*seat).hand.is_empty()),
        Frame::Pirates { seat, .. } => one(*seat, !events::pirate_targets(s).is_empty()),
        Frame::CivilWarLoss { victim } => one(*victim, active(*victim)),
        Frame::Cede {
            loser,
            winner,
            left,
        } => one(
            *loser,
            !war::cede_choices(s, *loser, *winner, *left).is_empty(),
        ),
        Frame::Reduce { seat, .. } => one(*seat, active(*seat) && s.player(*seat).bought > 0),
        Frame::Acquire { seat, step } => {
            one(*seat, !acquisition::choices(s, *seat, *step).is_empty())
        }
        Frame::ArtDiscard { seat } => one(*seat, active(*seat) && !s.player(*seat).hand.is_empty()),
        Frame::Indulgence { seat, .. } => one(*seat, active(*seat) && s.player(*seat).cash > 0),
        Frame::TokenWindow { asked } => s
            .order
            .iter()
            .copied()
            .find(|&p| asked & (1 << p) == 0 && expansion::can_buy_token_card(s, p))
            .map(|p| vec![p as Seat])
            .unwrap_or_default(),
        Frame::Expand { seat } => one(
            *seat,
            active(*seat)
                && (s.player(*seat).bought > 0
                    || expansion::can_buy_token_card(s, *seat)
                    || !expansion::swap_control_choices(s, *seat).is_empty()),
        ),
        Frame::Cathedral(a) => match a.ask.first() {
            Some(&d) if combat::cathedral_usable(s, d, &[a.attacker]) => vec![d as Seat],
            _ => Vec::new(),
        },
        Frame::WrittenRecord { taker, .. } => one(*taker, active(*taker)),
        // Hand sizes are public, the cards are not: a seat with cards is asked even if
        // none of them can be played (it then keeps them, RULINGS R-FINAL-UNPLAYABLE).
        Frame::Final { seat } => one(*seat, active(*seat) && !s.player(*seat).hand.is_empty()),
    }
}

pub fn choices(s: &State, frame: &Frame, seat: Seat) -> Vec<Move> {
    let me = seat as SeatId;
    match frame {
        Frame::ReturnCard { .. } => setup::return_choices(s, me),
        Frame::CapitalBid { .. } => setup::capital_bid_choices(s, me),
        Frame::ChooseCapital { .. } => setup::capital_choices(s),
        Frame::TurnOrderBid { .. } => {
            let mut out: Vec<Move> = turn_order::bid_range(s, me)
                .map(|tokens| Move::Bid { tokens })
                .collect();
            out.push(Move::Resign);
            out
        }
        Frame::Renaissance { .. } => {
            let mut out: Vec<Move> = turn_order::renaissance_swaps(s, me)
                .into_iter()
                .map(|earlier| Move::Swap { earlier })
                .collect();
            out.push(Move::Pass);
            out
        }
        Frame::ClearCounters { .. } => shortage::clear_choices(s, me),
        Frame::Mills { .. } => shortage::mills_choices(s),
        Frame::Purchase { .. } => purchase::choices(s, me),
        Frame::Play { .. } => {
            let mut out = cards::play_moves(s, me, false);
            out.push(Move::Pass);
            out
        }
        Frame::Pirates { .. } => events::pirate_choices(s),
        Frame::CivilWarLoss { .. } => vec![
            Move::LoseHalf { cash: true },
            Move::LoseHalf { cash: false },
        ],
        Frame::Cede {
            loser,
            winner,
            left,
        } => war::cede_choices(s, *loser, *winner, *left),
        Frame::Reduce { .. } => vec![
            Move::UseBought { bought: true },
            Move::UseBought { bought: false },
        ],
        Frame::Acquire { step, .. } => acquisition::choices(s, me, *step),
        Frame::ArtDiscard { .. } => {
            let mut out = purchase::discard_moves(s, me);
            out.push(Move::Pass);
            out
        }
        Frame::Indulgence { owed, .. } => expansion::indulgence_choices(s, me, *owed),
        Frame::TokenWindow { .. } => vec![Move::TokenCard, Move::Pass],
        Frame::Expand { .. } => {
            let mut out = expansion::choices(s, me);
            if out.is_empty() {
                out.push(Move::Pass);
            }
            out
        }
        Frame::Cathedral(_) => vec![Move::Declare, Move::Pass],
        Frame::WrittenRecord { .. } => written_record::choices(s, me),
        Frame::Final { .. } => {
            let out = cards::play_moves(s, me, true);
            if out.is_empty() {
                vec![Move::Pass]
            } else {
                out
            }
        }
        Frame::Deal | Frame::Round { .. } | Frame::Turns { .. } => Vec::new(),
    }
}

pub fn prompt(s: &State, frame: &Frame, seat: Seat) -> String {
    let me = seat as SeatId;
    match frame {
        Frame::ReturnCard { .. } => "give back one of your three cards".into(),
        Frame::CapitalBid { .. } => "bid for the choice of capital (secret)".into(),
        Frame::ChooseCapital { .. } => "choose your capital".into(),
        Frame::TurnOrderBid { .. } => format!(
            "bid expansion tokens for the next round (secret; cash {})",
            s.player(me).cash
        ),
        Frame::Renaissance { .. } => "Renaissance: swap ranks with a neighbour?".into(),
        Frame::ClearCounters { .. } => "first player: clear shortage/surplus counters?".into(),
        Frame::Mills { .. } => "Mills: shift grain, cloth, wine or metal one box?".into(),
        Frame::Purchase { .. } => {
            "buy a card (Urban Ascendancy) or discard one (Art & Technology)?".into()
        }
        Frame::Play { .. } => "play a card or pass".into(),
        Frame::Pirates { left, .. } => {
            format!("Pirates/Vikings: {left} more control token(s) to reduce")
        }
        Frame::CivilWarLoss { .. } => {
            "Civil War: lose half your noted cash or half your bought tokens".into()
        }
        Frame::Cede { winner, left, .. } => {
            format!(
                "War lost: cede {left} control token(s) to {}",
                seat_name(s, *winner)
            )
        }
        Frame::Reduce { province, .. } => format!(
            "no expansion token in stock for {}: use a bought one or leave it empty",
            province_name(*province)
        ),
        Frame::Acquire { step, .. } => match step {
            AcqStep::Fleet => "raise your fleet one box for 10?".into(),
            AcqStep::Advances => "buy an advance or pass".into(),
            AcqStep::Stabilize => format!(
                "stabilization: pay {} or take misery",
                acquisition::stabilization_cost(s, me)
            ),
        },
        Frame::ArtDiscard { .. } => "Art & Technology: discard a card?".into(),
        Frame::Indulgence { owed, .. } => {
            format!("Holy Indulgence: {owed} token(s) short; pay ducats, the rest in misery steps")
        }
        Frame::TokenWindow { .. } => format!(
            "buy a card with {} expansion tokens now?",
            expansion::token_card_price(s).unwrap_or(0)
        ),
        Frame::Expand { .. } => format!(
            "place your expansion tokens ({} left) or end your turn",
            s.player(me).bought
        ),
        Frame::Cathedral(a) => format!(
            "{} attacks {}: declare your Cathedral win?",
            seat_name(s, a.attacker),
            province_name(a.province)
        ),
        Frame::WrittenRecord { victim, .. } => {
            format!(
                "Written Record: give a card to {} for a random one of theirs?",
                seat_name(s, *victim)
            )
        }
        Frame::Final { .. } => "final card play: play your next card".into(),
        Frame::Deal | Frame::Round { .. } | Frame::Turns { .. } => String::new(),
    }
}

pub fn resolve(s: &mut State, seat: Seat, mv: &Move, ev: &mut Vec<Scoped<Event>>) {
    let me = seat as SeatId;
    let top = s.stack.last().cloned().expect("a frame to resolve");
    match (top, mv) {
        (Frame::ReturnCard { .. }, Move::ReturnCard { card }) => {
            if let Some(Frame::ReturnCard { returned }) = s.stack.last_mut() {
                returned[seat] = Some(*card);
            }
        }
        (Frame::CapitalBid { .. }, Move::CapitalBid { ducats }) => {
            if let Some(Frame::CapitalBid { bids }) = s.stack.last_mut() {
                bids[seat] = Some(*ducats);
            }
        }
        (Frame::ChooseCapital { .. }, Move::ChooseCapital { province }) => {
            setup::choose_capital(s, me, *province, ev)
        }
        (Frame::TurnOrderBid { .. }, Move::Bid { tokens }) => {
            if let Some(Frame::TurnOrderBid { bids }) = s.stack.last_mut() {
                bids[seat] = Some(*tokens);
            }
        }
        (Frame::TurnOrderBid { .. }, Move::Resign) => misery::eliminate(s, me, true, ev),
        (Frame::Renaissance { .. }, mv) => {
            if let Move::Swap { earlier } = mv {
                turn_order::swap(s, me, *earlier, ev);
            }
            if let Some(Frame::Renaissance { asked }) = s.stack.last_mut() {
                *asked |= 1 << me;
            }
        }
        (Frame::ClearCounters { .. }, Move::ClearCounter { commodity }) => {
            shortage::clear(s, me, *commodity, ev)
        }
        (
            Frame::Mills { .. },
            Move::Mills {
                commodity,
                shortage: sh,
            },
        ) => {
            s.stack.pop();
            shortage::shift(s, *commodity, *sh, ev);
        }
        (Frame::Purchase { .. }, Move::BuyCard) => purchase::buy(s, me, ev),
        (Frame::Purchase { .. } | Frame::ArtDiscard { .. }, Move::Discard { card }) => {
            if matches!(s.stack.last(), Some(Frame::ArtDiscard { .. })) {
                s.stack.pop();
            }
            purchase::discard(s, me, *card, ev)
        }
        (
            Frame::Play { .. },
            mv @ (Move::PlayCommodity { .. }
            | Move::PlayPersonality { .. }
            | Move::PlayEvent { .. }),
        ) => cards::play(s, me, mv, false, 0, ev),
        (Frame::Final { .. }, Move::Pass) => {
            s.stack.pop();
        }
        (Frame::Final { .. }, mv) => {
            let after = flow::players_after(s, me);
            cards::play(s, me, mv, true, after, ev)
        }
        (Frame::Pirates { .. }, Move::Pirate { province }) => events::pirate(s, *province, ev),
        (Frame::CivilWarLoss { victim }, Move::LoseHalf { cash }) => {
            events::lose_half(s, victim, *cash, ev)
        }
        (Frame::Cede { loser, winner, .. }, Move::Cede { province }) => {
            war::cede(s, loser, winner, *province, ev)
        }
        (
            Frame::Reduce {
                seat: owner,
                province,
            },
            Move::UseBought { bought },
        ) => events::reduce_with(s, owner, province, *bought, ev),
        (Frame::Acquire { step, .. }, mv) => acquisition::resolve(s, me, step, mv, ev),
        (Frame::Indulgence { owed, .. }, Move::PayIndulgence { ducats }) => {
            s.stack.pop();
            expansion::pay_indulgence(s, me, owed, *ducats, ev);
        }
        (Frame::TokenWindow { .. }, mv) => {
            if *mv == Move::TokenCard {
                expansion::buy_token_card(s, me, ev);
            }
            if let Some(Frame::TokenWindow { asked }) = s.stack.last_mut() {
                *asked |= 1 << me;
            }
        }
        (Frame::Expand { .. }, Move::Place { province, count }) => {
            expansion::place(s, me, *province, *count, ev)
        }
        (
            Frame::Expand { .. },
            Move::Attack {
                province,
                cathedral,
            },
        ) => expansion::attack(s, me, *province, *cathedral, ev),
        (Frame::Expand { .. }, Move::TokenCard) => expansion::buy_token_card(s, me, ev),
        (Frame::Expand { .. }, Move::SwapControl { from, to }) => {
            expansion::swap_control(s, me, *from, *to, ev)
        }
        (Frame::Cathedral(a), Move::Declare) => {
            s.stack.pop();
            combat::fight(s, a, Some(me), ev);
        }
        (Frame::Cathedral(mut a), Move::Pass) => {
            s.stack.pop();
            a.ask.remove(0);
            continue_cathedral(s, a, ev);
        }
        (Frame::WrittenRecord { taker, victim }, Move::GiveCard { card }) => {
            s.stack.pop();
            written_record::swap(s, taker, victim, *card, ev);
        }
        (_, Move::Pass) => {
            s.stack.pop();
        }
        (frame, mv) => unreachable!("{mv:?} on {frame:?} is never listed"),
    }
}

/// Ask the next defender with a Cathedral, or fight.
fn continue_cathedral(s: &mut State, mut a: crate::model::Attack, ev: &mut Vec<Scoped<Event>>) {
    a.ask
        .retain(|&d| combat::cathedral_usable(s, d, &[a.attacker]));
    if a.ask.is_empty() {
        combat::fight(s, a, None, ev);
    } else {
        s.stack.push(Frame::Cathedral(a));
    }
}

/// Run the automatic frame on top (a frame whose decision has nobody to ask).
pub fn auto(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
    let top = s.stack.last().cloned().expect("a frame to run");
    match top {
        Frame::Deal => setup::deal(s, ev),
        Frame::ReturnCard { returned } => setup::reveal_returns(s, &returned, ev),
        Frame::CapitalBid { bids } => setup::reveal_capital_bids(s, &bids, ev),
        Frame::TurnOrderBid { bids } => {
            s.stack.pop();
            turn_order::reveal(s, &bids, ev);
        }
        Frame::Round { step } => flow::round_step(s, step, ev),
        Frame::Turns { phase, done } => flow::turns_step(s, phase, done),
        Frame::Cede {
            loser,
            winner,
            left,
        } => war::cede_auto(s, loser, winner, left, ev),
        Frame::Reduce { seat, province } => events::reduce_with(s, seat, province, false, ev),
        Frame::Acquire { seat, step } => acquisition::step_auto(s, seat, step, ev),
        Frame::Indulgence { seat, owed } => {
            s.stack.pop();
            if !s.player(seat).out {
                expansion::pay_indulgence(s, seat, owed, 0, ev);
            }
        }
        Frame::Cathedral(a) => {
            s.stack.pop();
            continue_cathedral(s, a, ev);
        }
        Frame::ChooseCapital { .. }
        | Frame::Renaissance { .. }
        | Frame::ClearCounters { .. }
        | Frame::Mills { .. }
        | Frame::Purchase { .. }
        | Frame::Play { .. }
        | Frame::Pirates { .. }
        | Frame::CivilWarLoss { .. }
        | Frame::ArtDiscard { .. }
        | Frame::TokenWindow { .. }
        | Frame::Expand { .. }
        | Frame::WrittenRecord { .. }
        | Frame::Final { .. } => {
            s.stack.pop();
        }
    }
}
