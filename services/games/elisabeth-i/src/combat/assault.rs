//! Assault on a besieged fortified space (15.1).
//!
//! Decisions in order: *Stürme* by the other powers (step 2), the attacker's last German
//! Reiters (step 2), combat cards (attacker, then each defending major; steps 5-6), casualties
//! (each owner, one unit at a time; step 8), and after a success the *Plünderungen* /
//! *Spanische Furie!* window (step 9).

use serde::{Deserialize, Serialize};

use super::casualties::{LossChoice, LossQueue, Lost, side_shares};
use super::siege::{AssaultFacts, may_assault, siege_holds};
use super::{
    Ask, CardEffect, CombatCard, CombatError, CombatLog, Contingent, Dice, LandKind, best_battle,
    card_label, refuse, roll_logged, total_units,
};
use crate::data::{CardId, PoolOwner, Power, SpaceId, data};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AssaultInput {
    pub space: SpaceId,
    /// The space is a key (for *Spanische Furie!*).
    pub key: bool,
    /// The assaulting formation (15.1 step 1).
    pub attacker: Contingent,
    /// Besieging land units of the attacker in the space that are not in the formation.
    pub other_besiegers: u32,
    /// The controller of the space (always the defender, step 4).
    pub controller: Power,
    /// The besieged units and leaders, by power (the controller first).
    pub defenders: Vec<Contingent>,
    /// The controller owns the science bonus *Ravelin* (2 defender dice).
    pub ravelin: bool,
    pub facts: AssaultFacts,
    /// Powers other than the attacker holding *Stürme* (step 2).
    pub storms: Vec<Power>,
    /// Mercenaries German Reiters would add, if the attacker holds the card.
    pub attacker_reiters: Option<u8>,
    pub cards: Vec<(Power, CombatCard)>,
    /// Powers holding *Plünderungen* (any assault) or *Spanische Furie!* (a key).
    pub pillage: Vec<(Power, CardId)>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AssaultOutcome {
    /// *Stürme* interrupted the assault (our reading of "unterbrechen": the assault does not
    /// take place; the CP stays spent; RULINGS C6).
    pub stormed_by: Option<Power>,
    pub attacker_dice: u32,
    pub defender_dice: u32,
    pub attacker_hits: u8,
    pub defender_hits: u8,
    pub lost: Vec<Lost>,
    /// Success: the attacker takes control (step 9).
    pub success: bool,
    /// Leaders captured by the attacker (every besieged leader on success).
    pub captured: Vec<(Power, String)>,
    /// On success the defender's ships and naval leaders in the port go to the next turn's box.
    pub defender_ships_to_turn_track: bool,
    /// Failure: the besiegers no longer outnumber the garrison; the caller runs
    /// [`super::siege::SiegeLift`] with the whole besieging stack (step 10, 15.3).
    pub siege_lifted: bool,
    /// Failure with every attacking unit dead: the attacking leaders are displaced (12.5).
    pub displaced_leaders: Vec<String>,
    /// The surviving formation and garrison.
    pub attacker: Option<Contingent>,
    pub defenders: Vec<Contingent>,
    pub cards_played: Vec<(Power, CardId)>,
    pub reiters_added: u8,
    /// Response played after a success (*Plünderungen* / *Spanische Furie!*): its effect is the
    /// card's, applied by the card layer.
    pub pillage_played: Option<(Power, CardId)>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum AssaultChoice {
    PlayStorms,
    PlayReiters,
    PlayCard(CardId),
    Lose(LossChoice),
    PlayPillage(CardId),
    Done,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
enum Stage {
    Storms(Vec<Power>),
    Reiters,
    Cards(Vec<Power>),
    Losses,
    Pillage(Vec<Power>),
    Done,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Assault {
    input: AssaultInput,
    sides: [Vec<Contingent>; 2],
    stage: Stage,
    extra: [i32; 2],
    extra_hits: [u8; 2],
    losses: LossQueue,
    ask: Option<Ask<AssaultChoice>>,
    out: AssaultOutcome,
    log: Vec<CombatLog>,
}

impl Assault {
    /// Check the restrictions (15.1 step 1) and start; runs until the first decision.
    pub fn start(input: AssaultInput, rng: &mut impl Dice) -> Result<Assault, CombatError> {
        may_assault(&input.facts)?;
        if input.attacker.units() == 0 {
            return refuse("an assault needs land units");
        }
        let max = input.attacker.max_formation();
        if input.attacker.units() > max {
            return refuse(format!(
                "the assaulting formation is too large ({} units, at most {max}; 5.1)",
                input.attacker.units()
            ));
        }
        let mut storms: Vec<Power> = input.storms.clone();
        storms.retain(|p| *p != input.attacker.power);
        storms.sort_by_key(|p| p.impulse_index().unwrap_or(usize::MAX));
        storms.dedup();
        let mut a = Assault {
            sides: [vec![input.attacker.clone()], input.defenders.clone()],
            input,
            stage: Stage::Storms(storms),
            extra: [0, 0],
            extra_hits: [0, 0],
            losses: LossQueue::default(),
            ask: None,
            out: AssaultOutcome::default(),
            log: Vec::new(),
        };
        a.run(rng);
        Ok(a)
    }

    pub fn ask(&self) -> Option<&Ask<AssaultChoice>> {
        self.ask.as_ref()
    }

    pub fn outcome(&self) -> Option<&AssaultOutcome> {
        matches!(self.stage, Stage::Done).then_some(&self.out)
    }

    pub fn take_log(&mut self) -> Vec<CombatLog> {
        std::mem::take(&mut self.log)
    }

    fn attacker(&self) -> Power {
        self.input.attacker.power
    }

    pub fn choose(
        &mut self,
        power: Power,
        choice: &AssaultChoice,
        rng: &mut impl Dice,
    ) -> Result<(), CombatError> {
        let Some(ask) = &self.ask else {
            return refuse("the assault is over");
        };
        if ask.power != power || !ask.options.contains(choice) {
            return refuse("that choice is not offered to this power now");
        }
        match (self.stage.clone(), choice) {
            (Stage::Storms(_), AssaultChoice::PlayStorms) => {
                if let Some(c) = data().card_by_key("storms") {
                    self.log.push(CombatLog::CardPlayed { power, card: c.id });
                    self.out.cards_played.push((power, c.id));
                }
                self.out.stormed_by = Some(power);
                self.out.attacker = Some(self.sides[0][0].clone());
                self.out.defenders = self.sides[1].clone();
                self.stage = Stage::Done;
            }
            (Stage::Storms(mut q), AssaultChoice::Done) => {
                q.remove(0);
                self.stage = Stage::Storms(q);
            }
            (Stage::Reiters, c) => {
                if *c == AssaultChoice::PlayReiters {
                    let n = self.input.attacker_reiters.unwrap_or(0);
                    let p = self.attacker();
                    self.sides[0][0].add(PoolOwner::of(p, None), LandKind::Mercenary, n);
                    self.out.reiters_added = n;
                    if let Some(card) = data().card_by_key("german_reiters") {
                        self.log.push(CombatLog::CardPlayed {
                            power: p,
                            card: card.id,
                        });
                        self.out.cards_played.push((p, card.id));
                    }
                }
                self.input.attacker_reiters = None;
                self.stage = Stage::Cards(self.card_queue());
            }
            (Stage::Cards(mut q), AssaultChoice::Done) => {
                q.remove(0);
                self.stage = Stage::Cards(q);
            }
            (Stage::Cards(_), AssaultChoice::PlayCard(id)) => {
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
            (Stage::Losses, AssaultChoice::Lose(c)) => {
                self.losses
                    .choose(&mut self.sides, &mut self.out.lost, *c)?;
            }
            (Stage::Pillage(_), AssaultChoice::PlayPillage(id)) => {
                self.log.push(CombatLog::CardPlayed { power, card: *id });
                self.out.cards_played.push((power, *id));
                self.out.pillage_played = Some((power, *id));
                self.stage = Stage::Done;
            }
            (Stage::Pillage(mut q), AssaultChoice::Done) => {
                q.remove(0);
                self.stage = Stage::Pillage(q);
            }
            _ => return refuse("that choice does not fit this step"),
        }
        self.run(rng);
        Ok(())
    }

    fn card_queue(&self) -> Vec<Power> {
        let mut order = vec![self.attacker()];
        for c in &self.sides[1] {
            // Step 6: each defending major may play combat cards.
            if c.power.is_major() && !order.contains(&c.power) {
                order.push(c.power);
            }
        }
        order
            .into_iter()
            .filter(|p| self.input.cards.iter().any(|(h, _)| h == p))
            .collect()
    }

    fn run(&mut self, rng: &mut impl Dice) {
        loop {
            self.ask = None;
            match self.stage.clone() {
                Stage::Storms(q) => match q.first() {
                    Some(&p) => {
                        self.ask = Some(Ask {
                            power: p,
                            what: "assault: play Storms to interrupt it?".into(),
                            options: vec![AssaultChoice::PlayStorms, AssaultChoice::Done],
                        });
                        return;
                    }
                    None => self.stage = Stage::Reiters,
                },
                Stage::Reiters => {
                    if self.input.attacker_reiters.is_some() {
                        self.ask = Some(Ask {
                            power: self.attacker(),
                            what: "assault: play German Reiters?".into(),
                            options: vec![AssaultChoice::PlayReiters, AssaultChoice::Done],
                        });
                        return;
                    }
                    self.stage = Stage::Cards(self.card_queue());
                }
                Stage::Cards(q) => match q.first() {
                    Some(&p) => {
                        let offers: Vec<&CombatCard> = self
                            .input
                            .cards
                            .iter()
                            .filter(|(h, _)| *h == p)
                            .map(|(_, c)| c)
                            .collect();
                        if offers.is_empty() {
                            let mut q = q.clone();
                            q.remove(0);
                            self.stage = Stage::Cards(q);
                            continue;
                        }
                        let names: Vec<String> = offers.iter().map(|c| card_label(c)).collect();
                        let mut options: Vec<AssaultChoice> = offers
                            .iter()
                            .map(|c| AssaultChoice::PlayCard(c.card))
                            .collect();
                        options.push(AssaultChoice::Done);
                        self.ask = Some(Ask {
                            power: p,
                            what: format!("assault: play a combat card ({})?", names.join(", ")),
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
                            what: format!("assault: {}", a.what),
                            options: a.options.into_iter().map(AssaultChoice::Lose).collect(),
                        });
                        return;
                    }
                    None => self.after_losses(),
                },
                Stage::Pillage(q) => match q.first() {
                    Some(&p) => {
                        let options: Vec<AssaultChoice> = self
                            .input
                            .pillage
                            .iter()
                            .filter(|(h, _)| *h == p)
                            .map(|(_, c)| AssaultChoice::PlayPillage(*c))
                            .chain([AssaultChoice::Done])
                            .collect();
                        self.ask = Some(Ask {
                            power: p,
                            what: "the assault succeeded: play a response?".into(),
                            options,
                        });
                        return;
                    }
                    None => self.stage = Stage::Done,
                },
                Stage::Done => return,
            }
        }
    }

    /// Steps 3-8.
    fn fight(&mut self, rng: &mut impl Dice) {
        let att = &self.sides[0][0];
        let defending_units = total_units(&self.sides[1]);
        let non_cav = att.non_cavalry();
        // Step 3: 1 die per non-cavalry unit against an empty fortress; 1 per 2 (rounded up)
        // when at least one land unit (cavalry included) defends; + best leader.
        let base = if defending_units == 0 {
            non_cav
        } else {
            non_cav.div_ceil(2)
        };
        let a_dice = (base as i32 + att.best_battle() as i32 + self.extra[0]).max(0) as u32;
        // Step 4: 1 per defending non-cavalry unit + best leader + 1 (2 with Ravelin).
        let d_non_cav: u32 = self.sides[1].iter().map(Contingent::non_cavalry).sum();
        let bonus = if self.input.ravelin { 2 } else { 1 };
        let d_dice = (d_non_cav as i32 + best_battle(&self.sides[1]) as i32 + bonus + self.extra[1])
            .max(0) as u32;
        let att_power = self.attacker();
        let (_, a_hits) = roll_logged(rng, &mut self.log, att_power, "assault (attacker)", a_dice);
        let (_, d_hits) = roll_logged(
            rng,
            &mut self.log,
            self.input.controller,
            "assault (defender)",
            d_dice,
        );
        let (a_hits, d_hits) = (a_hits + self.extra_hits[0], d_hits + self.extra_hits[1]);
        self.out.attacker_dice = a_dice;
        self.out.defender_dice = d_dice;
        self.out.attacker_hits = a_hits;
        self.out.defender_hits = d_hits;
        // Step 8: 1 unit per enemy hit (cavalry may take hits); allied defenders split (9.2).
        let a_loss = (d_hits as u32).min(self.sides[0][0].units());
        let mut items = vec![(0u8, self.attacker(), a_loss)];
        for (p, n) in side_shares(rng, &mut self.log, &self.sides[1], a_hits as u32) {
            items.push((1, p, n));
        }
        self.losses = LossQueue { items };
        self.stage = Stage::Losses;
    }

    /// Steps 9-10.
    fn after_losses(&mut self) {
        let a_left = self.sides[0][0].units();
        let d_left = total_units(&self.sides[1]);
        self.out.success = self.out.attacker_hits >= 1 && d_left == 0 && a_left >= 1;
        if self.out.success {
            let captor = self.attacker();
            for c in self.sides[1].iter_mut() {
                for l in c.leaders.drain(..) {
                    self.out.captured.push((captor, l.id));
                }
            }
            self.out.defender_ships_to_turn_track = true;
            self.log.push(CombatLog::Note(format!(
                "{} takes {}",
                data().power(captor).name,
                data().space(self.input.space).name
            )));
        } else {
            let besiegers = a_left + self.input.other_besiegers;
            self.out.siege_lifted = !siege_holds(besiegers, d_left);
            if a_left == 0 {
                self.out.displaced_leaders =
                    self.sides[0][0].leaders.drain(..).map(|l| l.id).collect();
            }
        }
        self.out.attacker = Some(self.sides[0][0].clone());
        self.out.defenders = self.sides[1].clone();
        let holders: Vec<Power> = if self.out.success {
            let mut v: Vec<Power> = self
                .input
                .pillage
                .iter()
                .filter(|(_, c)| self.pillage_fits(*c))
                .map(|(p, _)| *p)
                .collect();
            v.sort_by_key(|p| p.impulse_index().unwrap_or(usize::MAX));
            v.dedup();
            v
        } else {
            Vec::new()
        };
        let fits: Vec<bool> = self
            .input
            .pillage
            .iter()
            .map(|(_, c)| self.pillage_fits(*c))
            .collect();
        let mut it = fits.into_iter();
        self.input.pillage.retain(|_| it.next().unwrap_or(false));
        self.stage = Stage::Pillage(holders);
    }

    /// *Spanische Furie!* only after an assault on a key; *Plünderungen* after any (15.1 step 9).
    fn pillage_fits(&self, card: CardId) -> bool {
        match data().card(card) {
            Some(c) if c.key == "spanish_fury" => self.input.key,
            Some(c) => c.key == "pillaging",
            None => false,
        }
    }
}
