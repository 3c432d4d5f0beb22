//! Field battle (14), its retreats (14.1), the siege check after it (14 step 11) and the relief
//! battle variant (15.2).
//!
//! Decisions in order: German Reiters (attacker first, then each defending power; 14 step 1),
//! combat cards (attacker, then each defending power; steps 4-5), casualties (each owner, one
//! unit at a time; step 8), the beaten controller's garrison (up to 4 units and any leaders,
//! 14.1), retreat destinations (each beaten power), and a winning attacker's departure when it
//! does not outnumber the garrison (step 11, 15.3).

use serde::{Deserialize, Serialize};

use super::casualties::{LossChoice, LossQueue, Lost, options_of, record_loss, side_shares, take};
use super::retreat::{Neighbourhood, RetreatRule, destinations};
use super::siege::siege_holds;
use super::{
    Ask, CardEffect, CombatCard, CombatError, CombatLog, Contingent, Dice, LandKind, Relations,
    best_battle, card_label, refuse, roll_logged, total_units,
};
use crate::data::{CardId, PoolOwner, Power, SpaceId, data};

/// A relief force (15.2): the attacker belongs to the side of the besieged garrison.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Relief {
    /// Units and leaders of the relieving power inside the fortress that may join the battle
    /// (even beyond the formation limit). The active player may leave any of them out.
    pub inside: Contingent,
}

/// Everything a field battle needs to know.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FieldBattleInput {
    pub space: SpaceId,
    /// Controller of the battle space (`None`: independent).
    pub controller: Option<Power>,
    /// The moving formation (the active power is always the attacker, 14 step 2).
    pub attacker: Contingent,
    /// The space the attacker came from (a beaten attacker must go back there; a beaten
    /// defender may not go there, 14.1).
    pub attacker_from: SpaceId,
    /// 13.4 option 1: the attacker moved on from a fortress it could not besiege; a retreat
    /// back into that space eliminates it.
    pub attacker_origin_fatal: bool,
    /// The attacker landed by naval transport: a lost battle eliminates it (16.3 step 4).
    pub transported: bool,
    /// Defending contingents (interceptors or occupants), in impulse order.
    pub defenders: Vec<Contingent>,
    /// Land units already inside the fortress that do not fight (besieged units, or units a
    /// relieving player left out).
    pub inside: Vec<Contingent>,
    pub relief: Option<Relief>,
    pub neighbourhood: Neighbourhood,
    pub relations: Relations,
    /// Combat cards each power may play (the caller lists only cards whose effect it knows).
    pub cards: Vec<(Power, CombatCard)>,
    /// Holders of German Reiters and the mercenaries the card adds for them (card data; the
    /// number is not in the seed).
    pub reiters: Vec<(Power, u8)>,
}

/// What the game state must do after the battle.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FieldBattleOutcome {
    pub attacker_won: bool,
    pub attacker_dice: u32,
    pub defender_dice: u32,
    pub attacker_hits: u8,
    pub defender_hits: u8,
    /// Units eliminated (battle losses, no-retreat eliminations, transported units).
    pub lost: Vec<Lost>,
    /// Leaders captured: (captor, leader id).
    pub captured: Vec<(Power, String)>,
    /// Units and leaders that stay in the space outside the fortress (the winner, and a
    /// winning attacker that besieges).
    pub in_field: Vec<Contingent>,
    /// Units and leaders that are inside the fortress afterwards (those that were inside and
    /// those that went in).
    pub inside: Vec<Contingent>,
    /// Stacks that leave the space: (stack, destination).
    pub retreats: Vec<(Contingent, SpaceId)>,
    /// Powers whose formation lost the battle (no move action this impulse, 13.1).
    pub beaten: Vec<Power>,
    pub siege: SiegeAfter,
    pub cards_played: Vec<(Power, CardId)>,
    /// Mercenaries German Reiters added (the state places them from the pool).
    pub reiters_added: Vec<(Power, u8)>,
}

/// The siege status after the battle (14 step 11, 15.2).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum SiegeAfter {
    /// Nothing to say about a siege.
    #[default]
    None,
    /// The attacker now besieges the space.
    Besieged,
    /// The relief force won: the siege is over (the besiegers retreated in the battle).
    Lifted,
    /// The relief force lost, and the besiegers no longer outnumber the garrison: the caller
    /// runs [`super::siege::SiegeLift`] with them (15.3).
    MustLift,
}

/// A choice in a field battle.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum FieldChoice {
    /// Relief: one more unit from inside joins the battle.
    Join(LossChoice),
    JoinLeader(String),
    PlayReiters,
    PlayCard(CardId),
    Lose(LossChoice),
    /// The beaten controller puts one more unit into the fortress.
    Garrison(LossChoice),
    GarrisonLeader(String),
    RetreatTo(SpaceId),
    /// Stop joining / playing cards / garrisoning; decline German Reiters.
    Done,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
enum Stage {
    Join,
    Reiters(Vec<Power>),
    Cards(Vec<Power>),
    Losses,
    Garrison,
    Retreat(Vec<Power>),
    Leave,
    Done,
}

/// A field battle in progress.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FieldBattle {
    input: FieldBattleInput,
    /// [attacker side, defender side]; in a relief battle part 1 of the attacker side holds the
    /// units that joined from inside.
    sides: [Vec<Contingent>; 2],
    inside: Vec<Contingent>,
    stage: Stage,
    extra: [i32; 2],
    extra_hits: [u8; 2],
    losses: LossQueue,
    ask: Option<Ask<FieldChoice>>,
    garrison_cap: u32,
    out: FieldBattleOutcome,
    log: Vec<CombatLog>,
}

impl FieldBattle {
    /// Start a battle; it runs until the first decision.
    pub fn start(input: FieldBattleInput, rng: &mut impl Dice) -> Result<FieldBattle, CombatError> {
        if input.defenders.is_empty() {
            return refuse("a field battle needs a defender");
        }
        let mut sides: [Vec<Contingent>; 2] =
            [vec![input.attacker.clone()], input.defenders.clone()];
        let stage = match &input.relief {
            Some(r) => {
                if r.inside.power != input.attacker.power {
                    return refuse("only units of the relieving power may join a relief battle");
                }
                sides[0].push(Contingent::new(input.attacker.power));
                Stage::Join
            }
            None => Stage::Reiters(Vec::new()),
        };
        let mut b = FieldBattle {
            inside: input.inside.clone(),
            input,
            sides,
            stage,
            extra: [0, 0],
            extra_hits: [0, 0],
            losses: LossQueue::default(),
            ask: None,
            garrison_cap: 0,
            out: FieldBattleOutcome::default(),
            log: Vec::new(),
        };
        if let Stage::Reiters(_) = b.stage {
            b.stage = Stage::Reiters(b.reiters_queue());
        }
        b.run(rng);
        Ok(b)
    }

    /// The decision awaited, `None` once the battle is over.
    pub fn ask(&self) -> Option<&Ask<FieldChoice>> {
        self.ask.as_ref()
    }

    pub fn outcome(&self) -> Option<&FieldBattleOutcome> {
        matches!(self.stage, Stage::Done).then_some(&self.out)
    }

    /// Dice, cards and notes since the last call.
    pub fn take_log(&mut self) -> Vec<CombatLog> {
        std::mem::take(&mut self.log)
    }

    fn attacker(&self) -> Power {
        self.input.attacker.power
    }

    fn defender_powers(&self) -> Vec<Power> {
        let mut v: Vec<Power> = Vec::new();
        for c in &self.sides[1] {
            if !v.contains(&c.power) {
                v.push(c.power);
            }
        }
        v
    }

    fn reiters_queue(&self) -> Vec<Power> {
        let mut order = vec![self.attacker()];
        order.extend(self.defender_powers());
        order
            .into_iter()
            .filter(|p| self.input.reiters.iter().any(|(h, _)| h == p))
            .collect()
    }

    fn card_queue(&self) -> Vec<Power> {
        let mut order = vec![self.attacker()];
        order.extend(self.defender_powers());
        order
            .into_iter()
            .filter(|p| self.input.cards.iter().any(|(h, _)| h == p))
            .collect()
    }

    /// Take `power`'s choice.
    pub fn choose(
        &mut self,
        power: Power,
        choice: &FieldChoice,
        rng: &mut impl Dice,
    ) -> Result<(), CombatError> {
        let Some(ask) = &self.ask else {
            return refuse("the battle is over");
        };
        if ask.power != power {
            return refuse(format!("{:?} is not asked in this battle now", power));
        }
        if !ask.options.contains(choice) {
            return refuse("that choice is not offered now");
        }
        match (self.stage.clone(), choice) {
            (Stage::Join, FieldChoice::Join(c)) => {
                let inside = &mut self.input.relief.as_mut().expect("relief").inside;
                let lost = &mut Vec::new();
                let mut part = *c;
                part.part = 0;
                take(std::slice::from_mut(inside), part, lost);
                self.sides[0][1].add(c.owner, c.kind, 1);
            }
            (Stage::Join, FieldChoice::JoinLeader(id)) => {
                let inside = &mut self.input.relief.as_mut().expect("relief").inside;
                if let Some(i) = inside.leaders.iter().position(|l| &l.id == id) {
                    let l = inside.leaders.remove(i);
                    self.sides[0][1].leaders.push(l);
                }
            }
            (Stage::Join, FieldChoice::Done) => {
                let rest = self.input.relief.as_ref().expect("relief").inside.clone();
                if rest.units() > 0 || !rest.leaders.is_empty() {
                    self.inside.push(rest);
                }
                self.stage = Stage::Reiters(self.reiters_queue());
            }
            (Stage::Reiters(mut q), c) => {
                let p = q.remove(0);
                if *c == FieldChoice::PlayReiters {
                    let n = self
                        .input
                        .reiters
                        .iter()
                        .find(|(h, _)| *h == p)
                        .map(|x| x.1)
                        .unwrap_or(0);
                    let side = if p == self.attacker() { 0 } else { 1 };
                    let part = self.sides[side]
                        .iter()
                        .position(|c| c.power == p)
                        .expect("a participant");
                    self.sides[side][part].add(PoolOwner::of(p, None), LandKind::Mercenary, n);
                    self.out.reiters_added.push((p, n));
                    if let Some(card) = data().card_by_key("german_reiters") {
                        self.log.push(CombatLog::CardPlayed {
                            power: p,
                            card: card.id,
                        });
                        self.out.cards_played.push((p, card.id));
                    }
                }
                self.stage = Stage::Reiters(q);
            }
            (Stage::Cards(mut q), FieldChoice::Done) => {
                q.remove(0);
                self.stage = Stage::Cards(q);
            }
            (Stage::Cards(_), FieldChoice::PlayCard(id)) => {
                let i = self
                    .input
                    .cards
                    .iter()
                    .position(|(h, c)| *h == power && c.card == *id)
                    .expect("offered");
                let (_, card) = self.input.cards.remove(i);
                let side = if power == self.attacker() { 0 } else { 1 };
                match card.effect {
                    CardEffect::ExtraDice(n) => self.extra[side] += n as i32,
                    CardEffect::EnemyDice(n) => self.extra[1 - side] -= n as i32,
                    CardEffect::ExtraHits(n) => self.extra_hits[side] += n,
                    CardEffect::SiegeTechnique => {}
                }
                self.log.push(CombatLog::CardPlayed {
                    power,
                    card: card.card,
                });
                self.out.cards_played.push((power, card.card));
            }
            (Stage::Losses, FieldChoice::Lose(c)) => {
                self.losses
                    .choose(&mut self.sides, &mut self.out.lost, *c)?;
            }
            (Stage::Garrison, FieldChoice::Garrison(c)) => {
                let loser = self.loser_side();
                let mut none = Vec::new();
                take(&mut self.sides[loser], *c, &mut none);
                self.put_inside(power, c.owner, c.kind);
                self.garrison_cap -= 1;
            }
            (Stage::Garrison, FieldChoice::GarrisonLeader(id)) => {
                let loser = self.loser_side();
                let mut found = None;
                for con in self.sides[loser].iter_mut() {
                    if let Some(i) = con.leaders.iter().position(|l| &l.id == id) {
                        found = Some((con.power, con.leaders.remove(i)));
                        break;
                    }
                }
                if let Some((p, l)) = found {
                    self.inside_of(p).leaders.push(l);
                }
            }
            (Stage::Garrison, FieldChoice::Done) => self.stage = self.retreat_stage(),
            (Stage::Retreat(mut q), FieldChoice::RetreatTo(dest)) => {
                let p = q.remove(0);
                self.send_off(self.loser_side(), p, *dest);
                self.stage = Stage::Retreat(q);
            }
            (Stage::Leave, FieldChoice::RetreatTo(dest)) => {
                self.send_off(0, self.attacker(), *dest);
                self.out.siege = SiegeAfter::None;
                self.finish();
            }
            _ => return refuse("that choice does not fit this step"),
        }
        self.run(rng);
        Ok(())
    }

    fn inside_of(&mut self, power: Power) -> &mut Contingent {
        let i = match self.inside.iter().position(|c| c.power == power) {
            Some(i) => i,
            None => {
                self.inside.push(Contingent::new(power));
                self.inside.len() - 1
            }
        };
        &mut self.inside[i]
    }

    fn put_inside(&mut self, power: Power, owner: PoolOwner, kind: LandKind) {
        self.inside_of(power).add(owner, kind, 1);
    }

    fn loser_side(&self) -> usize {
        if self.out.attacker_won { 1 } else { 0 }
    }

    /// Run automatic steps until a decision is due or the battle is over.
    fn run(&mut self, rng: &mut impl Dice) {
        loop {
            self.ask = None;
            match self.stage.clone() {
                Stage::Join => {
                    let inside = &self.input.relief.as_ref().expect("relief").inside;
                    let mut options: Vec<FieldChoice> =
                        options_of(std::slice::from_ref(inside), inside.power)
                            .into_iter()
                            .map(|mut c| {
                                c.part = 1;
                                FieldChoice::Join(c)
                            })
                            .collect();
                    options.extend(
                        inside
                            .leaders
                            .iter()
                            .map(|l| FieldChoice::JoinLeader(l.id.clone())),
                    );
                    if options.is_empty() {
                        self.stage = Stage::Reiters(self.reiters_queue());
                        continue;
                    }
                    options.push(FieldChoice::Done);
                    self.ask = Some(Ask {
                        power: self.attacker(),
                        what: "relief battle: add a unit or leader from the fortress, or start the battle".into(),
                        options,
                    });
                    return;
                }
                Stage::Reiters(q) => match q.first() {
                    Some(&p) => {
                        self.ask = Some(Ask {
                            power: p,
                            what: "field battle: play German Reiters?".into(),
                            options: vec![FieldChoice::PlayReiters, FieldChoice::Done],
                        });
                        return;
                    }
                    None => self.stage = Stage::Cards(self.card_queue()),
                },
                Stage::Cards(q) => match q.first() {
                    Some(&p) => {
                        let mut options: Vec<FieldChoice> = self
                            .input
                            .cards
                            .iter()
                            .filter(|(h, _)| *h == p)
                            .map(|(_, c)| FieldChoice::PlayCard(c.card))
                            .collect();
                        if options.is_empty() {
                            let mut q = q.clone();
                            q.remove(0);
                            self.stage = Stage::Cards(q);
                            continue;
                        }
                        let names: Vec<String> = self
                            .input
                            .cards
                            .iter()
                            .filter(|(h, _)| *h == p)
                            .map(|(_, c)| card_label(c))
                            .collect();
                        options.push(FieldChoice::Done);
                        self.ask = Some(Ask {
                            power: p,
                            what: format!(
                                "field battle: play a combat card ({})?",
                                names.join(", ")
                            ),
                            options,
                        });
                        return;
                    }
                    None => self.fight(rng),
                },
                Stage::Losses => match self.losses.next(&mut self.sides, &mut self.out.lost) {
                    Some(a) => {
                        self.ask = Some(Ask {
                            power: a.power,
                            what: format!("field battle: {}", a.what),
                            options: a.options.into_iter().map(FieldChoice::Lose).collect(),
                        });
                        return;
                    }
                    None => self.after_losses(),
                },
                Stage::Garrison => {
                    let loser = self.loser_side();
                    let power = self.garrison_power();
                    let mut options: Vec<FieldChoice> = Vec::new();
                    if self.garrison_cap > 0 {
                        options.extend(
                            self.garrison_units(loser, power)
                                .into_iter()
                                .map(FieldChoice::Garrison),
                        );
                    }
                    options.extend(
                        self.sides[loser]
                            .iter()
                            .filter(|c| c.power == power)
                            .flat_map(|c| c.leaders.iter())
                            .map(|l| FieldChoice::GarrisonLeader(l.id.clone())),
                    );
                    if options.is_empty() {
                        self.stage = self.retreat_stage();
                        continue;
                    }
                    options.push(FieldChoice::Done);
                    self.ask = Some(Ask {
                        power,
                        what: format!(
                            "field battle lost: put a unit or leader into the fortress ({} more units fit)",
                            self.garrison_cap
                        ),
                        options,
                    });
                    return;
                }
                Stage::Retreat(q) => match q.first() {
                    None => self.siege_check(),
                    Some(&p) => {
                        let loser = self.loser_side();
                        match self.retreat_options(loser, p) {
                            RetreatOpts::Gone => {
                                let mut q = q.clone();
                                q.remove(0);
                                self.stage = Stage::Retreat(q);
                            }
                            RetreatOpts::Eliminate => {
                                self.eliminate(loser, p);
                                let mut q = q.clone();
                                q.remove(0);
                                self.stage = Stage::Retreat(q);
                            }
                            RetreatOpts::To(d) if d.len() == 1 => {
                                self.send_off(loser, p, d[0]);
                                let mut q = q.clone();
                                q.remove(0);
                                self.stage = Stage::Retreat(q);
                            }
                            RetreatOpts::To(d) => {
                                self.ask = Some(Ask {
                                    power: p,
                                    what: "field battle lost: choose where to retreat".into(),
                                    options: d.into_iter().map(FieldChoice::RetreatTo).collect(),
                                });
                                return;
                            }
                        }
                    }
                },
                Stage::Leave => {
                    let a = self.attacker();
                    let d = destinations(
                        &self.input.neighbourhood,
                        a,
                        &self.input.relations,
                        RetreatRule::SiegeLifted,
                        None,
                    );
                    match d.len() {
                        0 => {
                            self.eliminate(0, a);
                            self.out.siege = SiegeAfter::None;
                            self.finish();
                        }
                        1 => {
                            self.send_off(0, a, d[0]);
                            self.out.siege = SiegeAfter::None;
                            self.finish();
                        }
                        _ => {
                            self.ask = Some(Ask {
                                power: a,
                                what: "the battle is won but the garrison is not outnumbered: choose where to go".into(),
                                options: d.into_iter().map(FieldChoice::RetreatTo).collect(),
                            });
                            return;
                        }
                    }
                }
                Stage::Done => return,
            }
        }
    }

    /// Steps 2-7: count dice, roll, decide the winner; then queue the losses (step 8).
    fn fight(&mut self, rng: &mut impl Dice) {
        let a_units = total_units(&self.sides[0]);
        let d_units = total_units(&self.sides[1]);
        // 14 step 2: 1 die per unit + best leader's battle rating.
        let a_dice =
            (a_units as i32 + best_battle(&self.sides[0]) as i32 + self.extra[0]).max(0) as u32;
        // 14 step 3: the same + 1 defender die.
        let d_dice =
            (d_units as i32 + best_battle(&self.sides[1]) as i32 + 1 + self.extra[1]).max(0) as u32;
        let att_power = self.attacker();
        let (_, a_hits) = roll_logged(
            rng,
            &mut self.log,
            att_power,
            "field battle (attacker)",
            a_dice,
        );
        let d_power = self.sides[1][0].power;
        let (_, d_hits) = roll_logged(
            rng,
            &mut self.log,
            d_power,
            "field battle (defender)",
            d_dice,
        );
        let (a_hits, d_hits) = (a_hits + self.extra_hits[0], d_hits + self.extra_hits[1]);
        self.out.attacker_dice = a_dice;
        self.out.defender_dice = d_dice;
        self.out.attacker_hits = a_hits;
        self.out.defender_hits = d_hits;
        // Step 7: more hits wins; a tie goes to the defender.
        self.out.attacker_won = a_hits > d_hits;
        // Step 8: one unit per enemy hit; if both would be wiped out, the side that rolled more
        // dice keeps one unit (the defender on equal dice).
        let mut a_loss = (d_hits as u32).min(a_units);
        let mut d_loss = (a_hits as u32).min(d_units);
        if a_units > 0 && d_units > 0 && a_loss == a_units && d_loss == d_units {
            if a_dice > d_dice {
                a_loss -= 1;
            } else {
                d_loss -= 1;
            }
        }
        let mut items: Vec<(u8, Power, u32)> = vec![(0, self.attacker(), a_loss)];
        for (p, n) in side_shares(rng, &mut self.log, &self.sides[1], d_loss) {
            items.push((1, p, n));
        }
        self.losses = LossQueue { items };
        self.stage = Stage::Losses;
    }

    /// Steps 9-10: capture the leaders of a side without units; then the garrison and retreats.
    fn after_losses(&mut self) {
        for s in 0..2 {
            if total_units(&self.sides[s]) == 0 {
                let captor = self.captor(1 - s);
                for con in self.sides[s].iter_mut() {
                    for l in con.leaders.drain(..) {
                        self.out.captured.push((captor, l.id));
                    }
                }
            }
        }
        let loser = self.loser_side();
        self.out.beaten = self.sides[loser].iter().map(|c| c.power).collect();
        self.out.beaten.dedup();
        // 16.3 step 4: a formation that landed by transport and lost is destroyed.
        if loser == 0 && self.input.transported {
            self.eliminate(0, self.attacker());
            self.finish();
            return;
        }
        self.garrison_cap = 0;
        let fortified = data().space(self.input.space).kind.fortified();
        let max_inside = data().tables.fortified_space_max_defenders.value as u32;
        let already: u32 = total_units(&self.inside);
        if let Some(relief) = &self.input.relief {
            let _ = relief;
            if loser == 0 {
                // 15.2: equal hits: any participant may go in; fewer hits: only units that
                // began the impulse inside (part 1); at most 4 units inside in all.
                self.garrison_cap = max_inside.saturating_sub(already);
                self.stage = Stage::Garrison;
                return;
            }
        } else if fortified && loser == 1 && self.garrison_power_is_defender() {
            // 14.1: the beaten controller may put up to 4 units and any leaders inside.
            self.garrison_cap = max_inside.saturating_sub(already);
            self.stage = Stage::Garrison;
            return;
        }
        self.stage = self.retreat_stage();
    }

    fn garrison_power(&self) -> Power {
        match &self.input.relief {
            Some(_) => self.attacker(),
            None => self.input.controller.unwrap_or(self.sides[1][0].power),
        }
    }

    fn garrison_power_is_defender(&self) -> bool {
        match self.input.controller {
            Some(c) => self.sides[1].iter().any(|x| x.power == c),
            None => false,
        }
    }

    /// The units of the beaten side that may go inside now.
    fn garrison_units(&self, loser: usize, power: Power) -> Vec<LossChoice> {
        let all = options_of(&self.sides[loser], power);
        match &self.input.relief {
            Some(_) if self.out.attacker_hits < self.out.defender_hits => {
                all.into_iter().filter(|c| c.part == 1).collect()
            }
            _ => all,
        }
    }

    fn retreat_stage(&self) -> Stage {
        let loser = self.loser_side();
        let mut q: Vec<Power> = Vec::new();
        for c in &self.sides[loser] {
            if (c.units() > 0 || !c.leaders.is_empty()) && !q.contains(&c.power) {
                q.push(c.power);
            }
        }
        Stage::Retreat(q)
    }

    fn retreat_options(&self, side: usize, p: Power) -> RetreatOpts {
        let stack: Vec<&Contingent> = self.sides[side].iter().filter(|c| c.power == p).collect();
        if stack.iter().all(|c| c.units() == 0 && c.leaders.is_empty()) {
            return RetreatOpts::Gone;
        }
        if side == 0 {
            // 14.1: a beaten attacker goes back where it came from (C3); 13.4: fatal there.
            if self.input.attacker_origin_fatal {
                return RetreatOpts::Eliminate;
            }
            return RetreatOpts::To(vec![self.input.attacker_from]);
        }
        let d = destinations(
            &self.input.neighbourhood,
            p,
            &self.input.relations,
            RetreatRule::Battle,
            Some(self.input.attacker_from),
        );
        if d.is_empty() {
            RetreatOpts::Eliminate
        } else {
            RetreatOpts::To(d)
        }
    }

    /// The power that takes leaders captured from side `captor_side`'s opponents: the attacker,
    /// or among the defenders the controller of the space, else the first defender (C2).
    fn captor(&self, captor_side: usize) -> Power {
        if captor_side == 0 {
            return self.attacker();
        }
        match self.input.controller {
            Some(c) if self.sides[1].iter().any(|x| x.power == c) => c,
            _ => self.sides[1][0].power,
        }
    }

    /// Eliminate `p`'s units on `side` and capture its leaders (no legal retreat, 14.1).
    fn eliminate(&mut self, side: usize, p: Power) {
        let captor = if side == 0 && self.out.attacker_won {
            // The winner must leave but cannot (15.3): the controller captures.
            self.input.controller.unwrap_or(self.sides[1][0].power)
        } else {
            self.captor(1 - side)
        };
        for con in self.sides[side].iter_mut().filter(|c| c.power == p) {
            for g in con.units.drain(..) {
                for _ in 0..g.count {
                    record_loss(&mut self.out.lost, p, g.owner, g.kind);
                }
            }
            for l in con.leaders.drain(..) {
                self.out.captured.push((captor, l.id));
            }
        }
        self.log.push(CombatLog::Note(format!(
            "{} has no legal retreat: its stack is eliminated",
            data().power(p).name
        )));
    }

    fn send_off(&mut self, side: usize, p: Power, dest: SpaceId) {
        let mut stack = Contingent::new(p);
        for con in self.sides[side].iter_mut().filter(|c| c.power == p) {
            // 17.1: the Knights never leave their space; 23.1: the Morisco never goes
            // farther than two spaces from Granada: left behind, they are lost.
            for g in con.take_left_behind(dest) {
                for _ in 0..g.count {
                    record_loss(&mut self.out.lost, p, g.owner, g.kind);
                }
            }
            for g in con.units.drain(..) {
                stack.add(g.owner, g.kind, g.count);
            }
            stack.leaders.append(&mut con.leaders);
        }
        if stack.units() > 0 || !stack.leaders.is_empty() {
            self.out.retreats.push((stack, dest));
        }
    }

    /// Step 11: a winning attacker in an enemy fortified space besieges it if it outnumbers
    /// the units inside, else it must leave (15.3). A winning relief force ends the siege.
    fn siege_check(&mut self) {
        let fortified = data().space(self.input.space).kind.fortified();
        if self.input.relief.is_some() {
            if self.out.attacker_won {
                self.out.siege = SiegeAfter::Lifted;
            } else if !siege_holds(total_units(&self.sides[1]), total_units(&self.inside)) {
                self.out.siege = SiegeAfter::MustLift;
            }
            self.finish();
            return;
        }
        let enemy = match self.input.controller {
            Some(c) => self.input.relations.at_war(c, self.attacker()),
            None => true,
        };
        if self.out.attacker_won && fortified && enemy {
            let a = total_units(&self.sides[0]);
            if a > total_units(&self.inside) {
                self.out.siege = SiegeAfter::Besieged;
            } else {
                self.stage = Stage::Leave;
                return;
            }
        }
        self.finish();
    }

    fn finish(&mut self) {
        for s in 0..2 {
            for c in self.sides[s].drain(..) {
                if c.units() > 0 || !c.leaders.is_empty() {
                    merge_into(&mut self.out.in_field, c);
                }
            }
        }
        self.out.inside = self
            .inside
            .drain(..)
            .filter(|c| c.units() > 0 || !c.leaders.is_empty())
            .collect();
        self.stage = Stage::Done;
        self.ask = None;
    }
}

enum RetreatOpts {
    Gone,
    Eliminate,
    To(Vec<SpaceId>),
}

/// Add a contingent to a list, merging with one of the same power.
pub(crate) fn merge_into(list: &mut Vec<Contingent>, c: Contingent) {
    match list.iter_mut().find(|x| x.power == c.power) {
        Some(x) => {
            for g in &c.units {
                x.add(g.owner, g.kind, g.count);
            }
            x.leaders.extend(c.leaders);
        }
        None => list.push(c),
    }
}
