//! Mapping between the Rust types and `signoria.v1.games.age_of_renaissance`
//! (`proto/signoria/v1/games/age_of_renaissance.proto`). Ids out of range and enum
//! values unspecified or unknown are malformed.

use crate::data::{Advance, CardId, Category, Commodity, ProvinceId, Region, data};
use crate::model::{CashReason, DrawReason, Event, Fleet, Move, Options, Target};
use crate::pb;
use crate::view::View;
use pb::event::Kind as E;
use pb::r#move::Kind as M;

pub fn options_from_pb(pb: &pb::Options) -> Result<Options, String> {
    let last_epoch = pb.last_epoch.unwrap_or(3);
    if !(1..=3).contains(&last_epoch) {
        return Err(format!("last_epoch {last_epoch} is not 1, 2 or 3"));
    }
    Ok(Options {
        last_epoch: last_epoch as u8,
    })
}

pub fn options_to_pb(o: &Options) -> pb::Options {
    pb::Options {
        last_epoch: Some(o.last_epoch as u32),
    }
}

fn card(v: u32) -> Result<CardId, String> {
    if (v as usize) < data().cards.len() {
        Ok(CardId(v as u8))
    } else {
        Err(format!("card {v} out of range"))
    }
}

fn province(v: u32) -> Result<ProvinceId, String> {
    if (v as usize) < data().provinces.len() {
        Ok(ProvinceId(v as u8))
    } else {
        Err(format!("province {v} out of range"))
    }
}

fn seat(v: u32) -> Result<u8, String> {
    if v < 6 {
        Ok(v as u8)
    } else {
        Err(format!("seat {v} out of range"))
    }
}

fn small(v: u32, what: &str) -> Result<u8, String> {
    u8::try_from(v).map_err(|_| format!("{what} {v} out of range"))
}

pub fn commodity_to_pb(c: Commodity) -> i32 {
    c.index() as i32 + 1
}

pub fn commodity_from_pb(v: i32) -> Result<Commodity, String> {
    usize::try_from(v - 1)
        .ok()
        .and_then(|i| Commodity::ALL.get(i).copied())
        .ok_or_else(|| format!("commodity {v} unspecified or unknown"))
}

pub fn advance_to_pb(a: Advance) -> i32 {
    a.index() as i32 + 1
}

pub fn advance_from_pb(v: i32) -> Result<Advance, String> {
    usize::try_from(v - 1)
        .ok()
        .and_then(|i| Advance::ALL.get(i).copied())
        .ok_or_else(|| format!("advance {v} unspecified or unknown"))
}

pub fn category_to_pb(c: Category) -> i32 {
    Category::ALL
        .iter()
        .position(|&x| x == c)
        .expect("a category") as i32
        + 1
}

pub fn category_from_pb(v: i32) -> Result<Category, String> {
    usize::try_from(v - 1)
        .ok()
        .and_then(|i| Category::ALL.get(i).copied())
        .ok_or_else(|| format!("category {v} unspecified or unknown"))
}

pub fn region_to_pb(r: Region) -> i32 {
    r.index() as i32 + 1
}

pub fn region_from_pb(v: i32) -> Result<Region, String> {
    usize::try_from(v - 1)
        .ok()
        .and_then(|i| Region::ALL.get(i).copied())
        .ok_or_else(|| format!("region {v} unspecified or unknown"))
}

pub fn fleet_to_pb(f: Fleet) -> pb::Fleet {
    let (kind, level) = match f {
        Fleet::None => (pb::FleetKind::None, 0),
        Fleet::Galley(b) => (pb::FleetKind::Galley, b),
        Fleet::ThreeMaster(b) => (pb::FleetKind::ThreeMaster, b),
        Fleet::OceanGoing(b) => (pb::FleetKind::OceanGoing, b),
    };
    pb::Fleet {
        kind: kind as i32,
        level: level as u32,
    }
}

fn draw_reason(r: DrawReason) -> pb::DrawReason {
    match r {
        DrawReason::Deal => pb::DrawReason::Deal,
        DrawReason::Draw => pb::DrawReason::Draw,
        DrawReason::Bought => pb::DrawReason::Bought,
        DrawReason::Tokens => pb::DrawReason::Tokens,
        DrawReason::Bonus => pb::DrawReason::Bonus,
        DrawReason::Shortage => pb::DrawReason::Shortage,
    }
}

fn cash_reason(r: CashReason) -> pb::CashReason {
    match r {
        CashReason::CapitalBid => pb::CashReason::CapitalBid,
        CashReason::Bid => pb::CashReason::Bid,
        CashReason::Counter => pb::CashReason::Counter,
        CashReason::Card => pb::CashReason::Card,
        CashReason::Payout => pb::CashReason::Payout,
        CashReason::Event => pb::CashReason::Event,
        CashReason::PrintingPress => pb::CashReason::PrintingPress,
        CashReason::Fleet => pb::CashReason::Fleet,
        CashReason::Advance => pb::CashReason::Advance,
        CashReason::Stabilization => pb::CashReason::Stabilization,
        CashReason::Indulgence => pb::CashReason::Indulgence,
        CashReason::Income => pb::CashReason::Income,
        CashReason::Banking => pb::CashReason::Banking,
        CashReason::Surplus => pb::CashReason::Surplus,
    }
}

pub fn target_to_pb(t: Target) -> pb::Target {
    use pb::target::Kind;
    pb::Target {
        kind: Some(match t {
            Target::None => Kind::None(pb::NoTarget {}),
            Target::Seat(s) => Kind::Seat(s as u32),
            Target::Province(p) => Kind::Province(p.0 as u32),
            Target::Region(r) => Kind::Region(region_to_pb(r)),
            Target::Category(c) => Kind::Category(category_to_pb(c)),
        }),
    }
}

pub fn target_from_pb(t: Option<&pb::Target>) -> Result<Target, String> {
    use pb::target::Kind;
    Ok(
        match t.and_then(|t| t.kind.as_ref()).ok_or("target missing")? {
            Kind::None(_) => Target::None,
            Kind::Seat(s) => Target::Seat(seat(*s)?),
            Kind::Province(p) => Target::Province(province(*p)?),
            Kind::Region(r) => Target::Region(region_from_pb(*r)?),
            Kind::Category(c) => Target::Category(category_from_pb(*c)?),
        },
    )
}

pub fn move_from_pb(pb: &pb::Move) -> Result<Move, String> {
    Ok(match pb.kind.as_ref().ok_or("empty move")? {
        M::ReturnCard(m) => Move::ReturnCard {
            card: card(m.card)?,
        },
        M::CapitalBid(m) => Move::CapitalBid {
            ducats: small(m.ducats, "bid")?,
        },
        M::ChooseCapital(m) => Move::ChooseCapital {
            province: province(m.province)?,
        },
        M::Bid(m) => Move::Bid { tokens: m.tokens },
        M::Resign(_) => Move::Resign,
        M::Pass(_) => Move::Pass,
        M::Swap(m) => Move::Swap { earlier: m.earlier },
        M::ClearCounter(m) => Move::ClearCounter {
            commodity: commodity_from_pb(m.commodity)?,
        },
        M::Mills(m) => Move::Mills {
            commodity: commodity_from_pb(m.commodity)?,
            shortage: m.shortage,
        },
        M::BuyCard(_) => Move::BuyCard,
        M::Discard(m) => Move::Discard {
            card: card(m.card)?,
        },
        M::PlayCommodity(m) => Move::PlayCommodity {
            card: card(m.card)?,
            commodity: commodity_from_pb(m.commodity)?,
        },
        M::PlayPersonality(m) => Move::PlayPersonality {
            card: card(m.card)?,
        },
        M::PlayEvent(m) => Move::PlayEvent {
            card: card(m.card)?,
            target: target_from_pb(m.target.as_ref())?,
        },
        M::Pirate(m) => Move::Pirate {
            province: province(m.province)?,
        },
        M::LoseHalf(m) => Move::LoseHalf { cash: m.cash },
        M::Cede(m) => Move::Cede {
            province: province(m.province)?,
        },
        M::UseBought(m) => Move::UseBought { bought: m.bought },
        M::RaiseFleet(_) => Move::RaiseFleet,
        M::BuyAdvance(m) => Move::BuyAdvance {
            advance: advance_from_pb(m.advance)?,
            claims: m
                .claims
                .iter()
                .map(|&c| card(c))
                .collect::<Result<_, _>>()?,
        },
        M::Stabilize(m) => Move::Stabilize { pay: m.pay },
        M::PayIndulgence(m) => Move::PayIndulgence {
            ducats: small(m.ducats, "ducats")?,
        },
        M::TokenCard(_) => Move::TokenCard,
        M::Place(m) => Move::Place {
            province: province(m.province)?,
            count: small(m.count, "count")?,
        },
        M::Attack(m) => Move::Attack {
            province: province(m.province)?,
            cathedral: m.cathedral,
        },
        M::SwapControl(m) => Move::SwapControl {
            from: province(m.from)?,
            to: province(m.to)?,
        },
        M::Declare(_) => Move::Declare,
        M::GiveCard(m) => Move::GiveCard {
            card: card(m.card)?,
        },
    })
}

pub fn move_to_pb(mv: &Move) -> pb::Move {
    use pb::r#move as m;
    let kind = match mv {
        Move::ReturnCard { card } => M::ReturnCard(m::ReturnCard {
            card: card.0 as u32,
        }),
        Move::CapitalBid { ducats } => M::CapitalBid(m::CapitalBid {
            ducats: *ducats as u32,
        }),
        Move::ChooseCapital { province } => M::ChooseCapital(m::ChooseCapital {
            province: province.0 as u32,
        }),
        Move::Bid { tokens } => M::Bid(m::Bid { tokens: *tokens }),
        Move::Resign => M::Resign(m::Resign {}),
        Move::Pass => M::Pass(m::Pass {}),
        Move::Swap { earlier } => M::Swap(m::Swap { earlier: *earlier }),
        Move::ClearCounter { commodity } => M::ClearCounter(m::ClearCounter {
            commodity: commodity_to_pb(*commodity),
        }),
        Move::Mills {
            commodity,
            shortage,
        } => M::Mills(m::Mills {
            commodity: commodity_to_pb(*commodity),
            shortage: *shortage,
        }),
        Move::BuyCard => M::BuyCard(m::BuyCard {}),
        Move::Discard { card } => M::Discard(m::Discard {
            card: card.0 as u32,
        }),
        Move::PlayCommodity { card, commodity } => M::PlayCommodity(m::PlayCommodity {
            card: card.0 as u32,
            commodity: commodity_to_pb(*commodity),
        }),
        Move::PlayPersonality { card } => M::PlayPersonality(m::PlayPersonality {
            card: card.0 as u32,
        }),
        Move::PlayEvent { card, target } => M::PlayEvent(m::PlayEvent {
            card: card.0 as u32,
            target: Some(target_to_pb(*target)),
        }),
        Move::Pirate { province } => M::Pirate(m::Pirate {
            province: province.0 as u32,
        }),
        Move::LoseHalf { cash } => M::LoseHalf(m::LoseHalf { cash: *cash }),
        Move::Cede { province } => M::Cede(m::Cede {
            province: province.0 as u32,
        }),
        Move::UseBought { bought } => M::UseBought(m::UseBought { bought: *bought }),
        Move::RaiseFleet => M::RaiseFleet(m::RaiseFleet {}),
        Move::BuyAdvance { advance, claims } => M::BuyAdvance(m::BuyAdvance {
            advance: advance_to_pb(*advance),
            claims: claims.iter().map(|c| c.0 as u32).collect(),
        }),
        Move::Stabilize { pay } => M::Stabilize(m::Stabilize { pay: *pay }),
        Move::PayIndulgence { ducats } => M::PayIndulgence(m::PayIndulgence {
            ducats: *ducats as u32,
        }),
        Move::TokenCard => M::TokenCard(m::TokenCard {}),
        Move::Place { province, count } => M::Place(m::Place {
            province: province.0 as u32,
            count: *count as u32,
        }),
        Move::Attack {
            province,
            cathedral,
        } => M::Attack(m::Attack {
            province: province.0 as u32,
            cathedral: *cathedral,
        }),
        Move::SwapControl { from, to } => M::SwapControl(m::SwapControl {
            from: from.0 as u32,
            to: to.0 as u32,
        }),
        Move::Declare => M::Declare(m::Declare {}),
        Move::GiveCard { card } => M::GiveCard(m::GiveCard {
            card: card.0 as u32,
        }),
    };
    pb::Move { kind: Some(kind) }
}

pub fn decision_to_pb(kind: &str) -> pb::Decision {
    use pb::Decision as D;
    match kind {
        "over" => D::Over,
        "return card" => D::ReturnCard,
        "capital bid" => D::CapitalBid,
        "choose capital" => D::ChooseCapital,
        "turn-order bid" => D::TurnOrderBid,
        "renaissance" => D::Renaissance,
        "clear counters" => D::ClearCounters,
        "mills" => D::Mills,
        "card purchase" => D::CardPurchase,
        "play cards" => D::PlayCards,
        "pirates" => D::Pirates,
        "civil war loss" => D::CivilWarLoss,
        "war cession" => D::WarCession,
        "reduce" => D::Reduce,
        "fleet" => D::Fleet,
        "advances" => D::Advances,
        "stabilization" => D::Stabilization,
        "art discard" => D::ArtDiscard,
        "indulgence" => D::Indulgence,
        "token card" => D::TokenCard,
        "expansion" => D::Expansion,
        "cathedral" => D::Cathedral,
        "written record" => D::WrittenRecord,
        "final card play" => D::FinalCardPlay,
        _ => D::Automatic,
    }
}

fn ids<T: Copy>(v: &[T], f: impl Fn(T) -> u32) -> Vec<u32> {
    v.iter().map(|&x| f(x)).collect()
}

pub fn view_to_pb(v: &View) -> pb::View {
    pb::View {
        viewer: v.viewer.map(u32::from),
        round: v.round as u32,
        epoch: v.epoch as u32,
        last_epoch: v.last_epoch as u32,
        decision: decision_to_pb(&v.decision) as i32,
        pending: ids(&v.pending, u32::from),
        players: v
            .players
            .iter()
            .map(|p| pb::PlayerView {
                capital: p.capital.map(|c| c.0 as u32),
                pick: p.pick.map(u32::from),
                cash: p.cash,
                noted: p.noted,
                hand_size: p.hand_size,
                hand: p
                    .hand
                    .as_deref()
                    .map_or_else(Vec::new, |h| ids(h, |c| c.0 as u32)),
                hand_visible: p.hand.is_some(),
                known: ids(&p.known, |c| c.0 as u32),
                advances: p.advances.iter().map(|&a| advance_to_pb(a)).collect(),
                new_advances: p.new_advances.iter().map(|&a| advance_to_pb(a)).collect(),
                fleet: Some(fleet_to_pb(p.fleet)),
                misery_box: p.misery_box as u32,
                misery: p.misery,
                out: p.out,
                resigned: p.resigned,
                bought: p.bought as u32,
                stock: p.stock as u32,
                control_stock: p.control_stock as u32,
                last_bid: p.last_bid,
                position: p.position.map(u32::from),
                rank: p.rank.map(u32::from),
                shielded: p.shielded,
                renaissance_used: p.renaissance_used,
                fleet_raised: p.fleet_raised,
                token_card: p.token_card,
                cathedral_vs: ids(&p.cathedral_vs, u32::from),
            })
            .collect(),
        provinces: v
            .provinces
            .iter()
            .map(|p| pb::ProvinceView {
                province: p.province.0 as u32,
                controller: p.controller.map(u32::from),
                control_new: p.control_new,
                established: ids(&p.established, u32::from),
                placed: ids(&p.placed, u32::from),
            })
            .collect(),
        counters: v.counters.clone(),
        order: ids(&v.order, u32::from),
        deck_size: v.deck_size,
        held_back: v.held_back,
        pile_size: v.pile_size,
        pile_top: v.pile_top.map(|c| c.0 as u32),
        removed: ids(&v.removed, |c| c.0 as u32),
        last_card_drawn: v.last_card_drawn,
        personalities: v
            .personalities
            .iter()
            .map(|p| pb::PersonalityView {
                card: p.card.0 as u32,
                owner: p.owner as u32,
                slot: p.slot as u32,
                claims: ids(&p.claims, u32::from),
            })
            .collect(),
        military: v
            .military
            .iter()
            .map(|&(s, c)| pb::MilitaryCard {
                seat: s as u32,
                card: c.0 as u32,
            })
            .collect(),
        papal: v.papal.map_or(0, category_to_pb),
        civil_war: ids(&v.civil_war, u32::from),
        token_cards: v.token_cards as u32,
        wars: v
            .wars
            .iter()
            .map(|w| pb::War {
                declarer: w.declarer as u32,
                target: w.target as u32,
            })
            .collect(),
        stirrups_armor_dead: v.stirrups_armor_dead,
        crusades_dead: v.crusades_dead,
        papal_dead: v.papal_dead,
        secret: v
            .secret
            .iter()
            .map(|s| pb::SecretChoice {
                chosen: s.chosen,
                value: s.value,
            })
            .collect(),
        scores: v.scores.clone(),
        secret_deck: v
            .secrets
            .as_ref()
            .map_or_else(Vec::new, |s| ids(&s.deck, |c| c.0 as u32)),
        secret_pile: v
            .secrets
            .as_ref()
            .map_or_else(Vec::new, |s| ids(&s.pile, |c| c.0 as u32)),
    }
}

pub fn event_to_pb(e: &Event) -> pb::Event {
    use pb::event as e_;
    let kind = match e {
        Event::Drew {
            seat,
            count,
            cards,
            why,
        } => E::Drew(e_::Drew {
            seat: *seat as u32,
            count: *count as u32,
            cards: ids(cards, |c| c.0 as u32),
            reason: draw_reason(*why) as i32,
        }),
        Event::Deck { epoch, size } => E::Deck(e_::Deck {
            epoch: *epoch as u32,
            size: *size as u32,
        }),
        Event::Returned { seat, card } => E::Returned(e_::Returned {
            seat: *seat as u32,
            card: card.map(|c| c.0 as u32),
        }),
        Event::CapitalBids { bids } => E::CapitalBids(e_::CapitalBids {
            bids: ids(bids, u32::from),
        }),
        Event::TieRoll { seat, roll } => E::TieRoll(e_::TieRoll {
            seat: *seat as u32,
            roll: *roll as u32,
        }),
        Event::CapitalChosen { seat, province } => E::CapitalChosen(e_::CapitalChosen {
            seat: *seat as u32,
            province: province.0 as u32,
        }),
        Event::Bids { bids } => E::Bids(e_::Bids {
            bids: bids.iter().map(|&tokens| pb::Bid { tokens }).collect(),
        }),
        Event::TurnOrder { order } => E::TurnOrder(e_::TurnOrder {
            order: ids(order, u32::from),
        }),
        Event::Swapped { seat, with } => E::Swapped(e_::Swapped {
            seat: *seat as u32,
            with: *with as u32,
        }),
        Event::Cash { seat, amount, why } => E::Cash(e_::Cash {
            seat: *seat as u32,
            amount: *amount,
            reason: cash_reason(*why) as i32,
        }),
        Event::Misery { seat, from, to } => E::Misery(e_::Misery {
            seat: *seat as u32,
            from: *from as u32,
            to: *to as u32,
        }),
        Event::Out { seat, resigned } => E::Out(e_::Out {
            seat: *seat as u32,
            resigned: *resigned,
        }),
        Event::Counter { commodity, level } => E::Counter(e_::Counter {
            commodity: commodity_to_pb(*commodity),
            level: *level as i32,
        }),
        Event::Roll {
            dice,
            commodities,
            shortage,
        } => E::Roll(e_::Roll {
            dice: Some(dice_to_pb(*dice)),
            commodities: commodities.iter().map(|&c| commodity_to_pb(c)).collect(),
            shortage: *shortage,
        }),
        Event::Played { seat, card, target } => E::Played(e_::Played {
            seat: *seat as u32,
            card: card.0 as u32,
            target: Some(target_to_pb(*target)),
        }),
        Event::Discarded { seat, card } => E::Discarded(e_::Discarded {
            seat: *seat as u32,
            card: card.0 as u32,
        }),
        Event::Personality { seat, card, slot } => E::Personality(e_::Personality {
            seat: *seat as u32,
            card: card.0 as u32,
            slot: *slot as u32,
        }),
        Event::FleetRaised { seat, fleet } => E::FleetRaised(e_::FleetRaised {
            seat: *seat as u32,
            fleet: Some(fleet_to_pb(*fleet)),
        }),
        Event::AdvanceBought {
            seat,
            advance,
            price,
            claims,
        } => E::AdvanceBought(e_::AdvanceBought {
            seat: *seat as u32,
            advance: advance_to_pb(*advance),
            price: *price,
            claims: ids(claims, |c| c.0 as u32),
        }),
        Event::Tokens {
            seat,
            province,
            count,
        } => E::Tokens(e_::Tokens {
            seat: *seat as u32,
            province: province.0 as u32,
            count: *count as i32,
        }),
        Event::Control {
            seat,
            province,
            gained,
        } => E::Control(e_::Control {
            seat: *seat as u32,
            province: province.0 as u32,
            gained: *gained,
        }),
        Event::Combat {
            attacker,
            province,
            attack,
            defence,
            dice,
            cathedral,
            won,
        } => E::Combat(e_::Combat {
            attacker: *attacker as u32,
            province: province.0 as u32,
            attack: *attack as u32,
            defence: *defence as u32,
            dice: dice.map(dice_to_pb),
            cathedral: cathedral.map(u32::from),
            won: *won,
        }),
        Event::WarRoll {
            declarer,
            target,
            rolls,
            totals,
        } => E::WarRoll(e_::WarRoll {
            declarer: *declarer as u32,
            target: *target as u32,
            rolls: ids(rolls, u32::from),
            totals: ids(totals, u32::from),
        }),
        Event::Swap {
            taker,
            victim,
            given,
            taken,
        } => E::Swap(e_::Swap {
            taker: *taker as u32,
            victim: *victim as u32,
            given: given.map(|c| c.0 as u32),
            taken: taken.map(|c| c.0 as u32),
        }),
        Event::Income {
            seat,
            income,
            banking,
        } => E::Income(e_::Income {
            seat: *seat as u32,
            income: *income,
            banking: *banking,
        }),
        Event::Over => E::Over(e_::Over {}),
    };
    pb::Event { kind: Some(kind) }
}

fn dice_to_pb(d: [u8; 3]) -> pb::Dice {
    pb::Dice {
        green: d[0] as u32,
        black: d[1] as u32,
        white: d[2] as u32,
    }
}
