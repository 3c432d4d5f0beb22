//! The responses to a naval move (16.1 steps 3-6): *Stürme*, naval interception, naval avoid
//! battle and the turn of the vertical stacks; then the list of battles due (step 7).
//!
//! The caller announces and executes the moves (steps 1-2, placing arriving ships vertical in a
//! sea zone without friendly units) and hands over the ships on the Europe map afterwards.

use serde::{Deserialize, Serialize};

use super::naval_battle::{Fleet, Waters};
use super::{Ask, CombatError, CombatLog, Dice, Relations, refuse, two_dice_test};
use crate::data::{Power, SeaGroup, SpaceId, data};

/// Locations adjacent for ships (16.1): a port and its 1-2 sea zones; a sea zone and the ports
/// anchored in it (never Antwerp or Rotterdam, 16.7) and the sea zones sharing a border.
pub fn adjacent(w: Waters) -> Vec<Waters> {
    let d = data();
    match w {
        Waters::Port(s) => d.space(s).ports.iter().map(|&z| Waters::Sea(z)).collect(),
        Waters::Sea(z) => {
            let zone = d.sea_zone(z);
            let mut v: Vec<Waters> = zone.adjacent.iter().map(|&a| Waters::Sea(a)).collect();
            v.extend(
                zone.ports
                    .iter()
                    .filter(|&&p| d.space(p).ships_may_enter())
                    .map(|&p| Waters::Port(p)),
            );
            v
        }
    }
}

fn mediterranean(w: Waters) -> bool {
    matches!(w, Waters::Sea(z) if data().sea_zone(z).group == SeaGroup::Mediterranean)
}

/// The modifier of a naval interception or avoid-battle roll: the best naval leader's battle
/// rating, -1 in a Mediterranean zone with a galleon, race-built galleon or the Armada among
/// the ships, +1 with *Teleskop* (16.1 steps 4-5; data table `interception.naval`).
pub fn naval_modifier(f: &Fleet, zone: Waters, telescope: bool) -> i32 {
    let t = &data().tables.interception.naval;
    let mut m = f.best_admiral() as i32;
    if mediterranean(zone) && f.has_galleon_type() {
        m += *t.get("galleon_in_mediterranean").unwrap_or(&-1) as i32;
    }
    if telescope {
        m += *t.get("telescope").unwrap_or(&1) as i32;
    }
    m
}

/// One stack of ships on the map after the move's step 2.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShipsAt {
    pub at: Waters,
    pub fleet: Fleet,
    /// Rotated 90 degrees: arrived this move in a sea zone without friendly units.
    pub vertical: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NavalMoveInput {
    pub mover: Power,
    pub board: Vec<ShipsAt>,
    /// Locations the mover's ships entered in step 2.
    pub entered: Vec<Waters>,
    pub relations: Relations,
    /// Controllers of the ports next to the entered zones (for avoid battle destinations).
    pub port_controllers: Vec<(SpaceId, Power)>,
    /// Powers with the science bonus *Teleskop*.
    pub telescope: Vec<Power>,
    /// Powers other than the mover holding *Stürme*.
    pub storms: Vec<Power>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum NavalMoveChoice {
    PlayStorms,
    /// Try to intercept from `from` into `into` with the whole stack there.
    Intercept {
        from: Waters,
        into: Waters,
    },
    /// Try to avoid battle from `from` to `to` with all own ships there.
    Avoid {
        from: Waters,
        to: Waters,
    },
    Done,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
enum Stage {
    Storms(Vec<Power>),
    Intercept(Vec<Power>),
    Avoid(Vec<(Power, Waters)>),
    Done,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NavalMoveOutcome {
    pub stormed_by: Option<Power>,
    /// The ships afterwards, all horizontal (step 6).
    pub board: Vec<ShipsAt>,
    /// Successful interceptions (power, from, into).
    pub intercepted: Vec<(Power, Waters, Waters)>,
    /// Successful avoid-battle moves (power, from, to).
    pub avoided: Vec<(Power, Waters, Waters)>,
    /// Battles due (step 7): each location where the mover's ships meet enemy ships, with the
    /// enemy powers there. The mover chooses the order of locations and opponents; it fights
    /// each enemy once until it loses a battle in that location.
    pub battles: Vec<(Waters, Vec<Power>)>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NavalMove {
    input: NavalMoveInput,
    stage: Stage,
    /// Stacks (by board index) that already tried to intercept.
    tried: Vec<usize>,
    /// A power succeeded: only it may go on trying.
    succeeded: Option<Power>,
    intercepted_into: Vec<Waters>,
    ask: Option<Ask<NavalMoveChoice>>,
    out: NavalMoveOutcome,
    log: Vec<CombatLog>,
}

impl NavalMove {
    pub fn start(input: NavalMoveInput, rng: &mut impl Dice) -> NavalMove {
        let mut storms: Vec<Power> = input
            .storms
            .iter()
            .copied()
            .filter(|p| *p != input.mover)
            .collect();
        storms.sort_by_key(|p| p.impulse_index().unwrap_or(usize::MAX));
        storms.dedup();
        let mut m = NavalMove {
            input,
            stage: Stage::Storms(storms),
            tried: Vec::new(),
            succeeded: None,
            intercepted_into: Vec::new(),
            ask: None,
            out: NavalMoveOutcome::default(),
            log: Vec::new(),
        };
        m.run(rng);
        m
    }

    pub fn ask(&self) -> Option<&Ask<NavalMoveChoice>> {
        self.ask.as_ref()
    }

    pub fn outcome(&self) -> Option<&NavalMoveOutcome> {
        matches!(self.stage, Stage::Done).then_some(&self.out)
    }

    pub fn take_log(&mut self) -> Vec<CombatLog> {
        std::mem::take(&mut self.log)
    }

    fn enemies_in_order(&self) -> Vec<Power> {
        let mut v: Vec<Power> = self
            .input
            .board
            .iter()
            .map(|s| s.fleet.power)
            .filter(|&p| self.input.relations.at_war(p, self.input.mover))
            .collect();
        v.sort_by_key(|p| p.impulse_index().unwrap_or(usize::MAX));
        v.dedup();
        v
    }

    /// Interception attempts open to `p` now (16.1 step 4 restrictions).
    fn intercept_options(&self, p: Power) -> Vec<NavalMoveChoice> {
        let b = &self.input.board;
        let mover = self.input.mover;
        let rel = &self.input.relations;
        let targets: Vec<Waters> = b
            .iter()
            .filter(|s| s.fleet.power == mover && s.vertical)
            .map(|s| s.at)
            .collect();
        let mut v = Vec::new();
        for (i, s) in b.iter().enumerate() {
            if s.fleet.power != p || self.tried.contains(&i) || s.fleet.is_empty() {
                continue;
            }
            // Ships in a location that now also holds the mover's ships may not intercept.
            if b.iter().any(|o| o.at == s.at && o.fleet.power == mover) {
                continue;
            }
            for &t in &targets {
                if !adjacent(s.at).contains(&t) {
                    continue;
                }
                // No interception into a location with horizontal ships hostile to p.
                let blocked = b
                    .iter()
                    .any(|o| o.at == t && !o.vertical && rel.at_war(o.fleet.power, p));
                let c = NavalMoveChoice::Intercept {
                    from: s.at,
                    into: t,
                };
                if !blocked && !v.contains(&c) {
                    v.push(c);
                }
            }
        }
        v
    }

    /// Avoid-battle destinations of `p` from `from` (16.1 step 5).
    fn avoid_options(&self, p: Power, from: Waters) -> Vec<NavalMoveChoice> {
        let rel = &self.input.relations;
        adjacent(from)
            .into_iter()
            .filter(|&to| match to {
                Waters::Port(s) => self
                    .input
                    .port_controllers
                    .iter()
                    .any(|&(x, c)| x == s && c == p),
                Waters::Sea(_) => !self
                    .input
                    .board
                    .iter()
                    .any(|o| o.at == to && rel.at_war(o.fleet.power, p)),
            })
            .map(|to| NavalMoveChoice::Avoid { from, to })
            .collect()
    }

    pub fn choose(
        &mut self,
        power: Power,
        choice: &NavalMoveChoice,
        rng: &mut impl Dice,
    ) -> Result<(), CombatError> {
        let Some(ask) = &self.ask else {
            return refuse("the naval move has no decision open");
        };
        if ask.power != power || !ask.options.contains(choice) {
            return refuse("that choice is not offered to this power now");
        }
        match (self.stage.clone(), *choice) {
            (Stage::Storms(_), NavalMoveChoice::PlayStorms) => {
                if let Some(c) = data().card_by_key("storms") {
                    self.log.push(CombatLog::CardPlayed { power, card: c.id });
                }
                self.out.stormed_by = Some(power);
                self.finish();
            }
            (Stage::Storms(mut q), NavalMoveChoice::Done) => {
                q.remove(0);
                self.stage = Stage::Storms(q);
            }
            (Stage::Intercept(mut q), NavalMoveChoice::Done) => {
                q.remove(0);
                self.stage = Stage::Intercept(q);
            }
            (Stage::Intercept(_), NavalMoveChoice::Intercept { from, into }) => {
                let i = (0..self.input.board.len())
                    .find(|&i| {
                        let s = &self.input.board[i];
                        s.at == from && s.fleet.power == power && !self.tried.contains(&i)
                    })
                    .expect("offered");
                self.tried.push(i);
                let tele = self.input.telescope.contains(&power);
                let m = naval_modifier(&self.input.board[i].fleet, into, tele);
                let (dice, ok) = two_dice_test(rng, m);
                self.log.push(CombatLog::Rolled {
                    power,
                    purpose: format!("naval interception ({m:+})"),
                    dice,
                    hits: ok as u8,
                });
                if ok {
                    self.succeeded = Some(power);
                    self.input.board[i].at = into;
                    self.input.board[i].vertical = true;
                    self.out.intercepted.push((power, from, into));
                    self.intercepted_into.push(into);
                }
            }
            (Stage::Avoid(mut q), NavalMoveChoice::Done) => {
                q.remove(0);
                self.stage = Stage::Avoid(q);
            }
            (Stage::Avoid(mut q), NavalMoveChoice::Avoid { from, to }) => {
                q.remove(0);
                let mut f = Fleet::new(power);
                for s in self
                    .input
                    .board
                    .iter()
                    .filter(|s| s.at == from && s.fleet.power == power)
                {
                    for g in &s.fleet.ships {
                        f.add(g.owner, g.kind, g.count);
                    }
                    f.armada += s.fleet.armada;
                    f.admirals.extend(s.fleet.admirals.iter().cloned());
                }
                let tele = self.input.telescope.contains(&power);
                let m = naval_modifier(&f, from, tele);
                let (dice, ok) = two_dice_test(rng, m);
                self.log.push(CombatLog::Rolled {
                    power,
                    purpose: format!("naval avoid battle ({m:+})"),
                    dice,
                    hits: ok as u8,
                });
                if ok {
                    // All of the power's ships in the zone go together (16.1 step 5; the
                    // seed's "intercepting ships" means the avoiding ones, RULINGS C7).
                    for s in self
                        .input
                        .board
                        .iter_mut()
                        .filter(|s| s.at == from && s.fleet.power == power)
                    {
                        s.at = to;
                    }
                    self.out.avoided.push((power, from, to));
                }
                self.stage = Stage::Avoid(q);
            }
            _ => return refuse("that choice does not fit this step"),
        }
        self.run(rng);
        Ok(())
    }

    fn run(&mut self, _rng: &mut impl Dice) {
        loop {
            self.ask = None;
            match self.stage.clone() {
                Stage::Storms(q) => match q.first() {
                    Some(&p) => {
                        self.ask = Some(Ask {
                            power: p,
                            what: "naval move: play Storms?".into(),
                            options: vec![NavalMoveChoice::PlayStorms, NavalMoveChoice::Done],
                        });
                        return;
                    }
                    None => self.stage = Stage::Intercept(self.enemies_in_order()),
                },
                Stage::Intercept(q) => match q.first() {
                    Some(&p) => {
                        // Once one power succeeded, no other power may try (16.1 step 4).
                        let allowed = self.succeeded.is_none() || self.succeeded == Some(p);
                        let mut opts = if allowed {
                            self.intercept_options(p)
                        } else {
                            Vec::new()
                        };
                        if opts.is_empty() {
                            let mut q = q.clone();
                            q.remove(0);
                            self.stage = Stage::Intercept(q);
                            continue;
                        }
                        opts.push(NavalMoveChoice::Done);
                        self.ask = Some(Ask {
                            power: p,
                            what: "naval move: try to intercept?".into(),
                            options: opts,
                        });
                        return;
                    }
                    None => self.stage = Stage::Avoid(self.avoid_queue()),
                },
                Stage::Avoid(q) => match q.first() {
                    Some(&(p, from)) => {
                        let mut opts = self.avoid_options(p, from);
                        if opts.is_empty() {
                            let mut q = q.clone();
                            q.remove(0);
                            self.stage = Stage::Avoid(q);
                            continue;
                        }
                        opts.push(NavalMoveChoice::Done);
                        self.ask = Some(Ask {
                            power: p,
                            what: "naval move: try to avoid battle?".into(),
                            options: opts,
                        });
                        return;
                    }
                    None => self.finish(),
                },
                Stage::Done => return,
            }
        }
    }

    /// Avoid battle: enemy powers, in impulse order, in sea zones the mover entered where no
    /// interception happened, all enemy ships there horizontal and the mover's vertical.
    fn avoid_queue(&self) -> Vec<(Power, Waters)> {
        let b = &self.input.board;
        let mover = self.input.mover;
        let mut q = Vec::new();
        for p in self.enemies_in_order() {
            for &w in &self.input.entered {
                if !matches!(w, Waters::Sea(_)) || self.intercepted_into.contains(&w) {
                    continue;
                }
                let here: Vec<&ShipsAt> = b.iter().filter(|s| s.at == w).collect();
                let enemies_horizontal = here
                    .iter()
                    .filter(|s| self.input.relations.at_war(s.fleet.power, mover))
                    .all(|s| !s.vertical);
                let mover_vertical = here
                    .iter()
                    .filter(|s| s.fleet.power == mover)
                    .all(|s| s.vertical);
                let p_here = here.iter().any(|s| s.fleet.power == p);
                if p_here && enemies_horizontal && mover_vertical && !q.contains(&(p, w)) {
                    q.push((p, w));
                }
            }
        }
        q
    }

    fn finish(&mut self) {
        let mut board = self.input.board.clone();
        for s in board.iter_mut() {
            s.vertical = false;
        }
        let mover = self.input.mover;
        let mut battles: Vec<(Waters, Vec<Power>)> = Vec::new();
        if self.out.stormed_by.is_none() {
            for s in board.iter().filter(|s| s.fleet.power == mover) {
                let mut foes: Vec<Power> = board
                    .iter()
                    .filter(|o| o.at == s.at && self.input.relations.at_war(o.fleet.power, mover))
                    .map(|o| o.fleet.power)
                    .collect();
                foes.sort_by_key(|p| p.impulse_index().unwrap_or(usize::MAX));
                foes.dedup();
                if !foes.is_empty() && !battles.iter().any(|(w, _)| *w == s.at) {
                    battles.push((s.at, foes));
                }
            }
        }
        self.out.board = board;
        self.out.battles = battles;
        self.stage = Stage::Done;
        self.ask = None;
    }
}
