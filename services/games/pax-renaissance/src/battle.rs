//! Battles [Glossar: SCHLACHT, Battle table, F9, J1, J2, K1, K2].

use signoria_engine::Scoped;

use crate::board;
use crate::data::{self, Ability, Empire, OneShot};
use crate::model::*;

fn war_of(card: CardId) -> War {
    match &data::card(card).one_shot {
        Some(OneShot::Conspiracy) => War::Conspiracy,
        Some(OneShot::PeasantRevolt) => War::PeasantRevolt,
        Some(o) => War::Religious(o.war_religion().expect("a war card")),
        None => unreachable!("not a war card"),
    }
}

/// E2.1: knight and rook agents fight, a pirate agent being a rook (RULINGS
/// R-50); pawns only in peasant revolts; in a religious war only the
/// faithful colour (K1); the other agents (bishops among them) are placed
/// afterwards.
pub fn split_agents(card: CardId, agents: &[Agent]) -> (Vec<Agent>, Vec<Agent>) {
    let war = war_of(card);
    agents.iter().partition(|a| match (a, war) {
        // K1: in a religious war only agents of the war's colour attack.
        (Agent::Knight(r) | Agent::Rook(r) | Agent::Pirate(r), War::Religious(w)) => *r == w,
        (Agent::Knight(_) | Agent::Rook(_) | Agent::Pirate(_), _) => true,
        (Agent::Pawn, _) => war == War::PeasantRevolt,
        _ => false,
    })
}

/// The fighting agents that can actually be taken: from the supply, or a
/// matching repressed token [Glossar: SPIELSTEIN-VERWALTUNG], as `start_war` does.
fn takeable(s: &State, seat: usize, fight: &[Agent]) -> Vec<Agent> {
    let mut supply = s.supply;
    let mut dice = s.players[seat].dice;
    let mut repressed: Vec<Token> = s.empires.iter().flat_map(|e| e.repressed.clone()).collect();
    let mut take = |tok: Token| {
        let free = match tok {
            Token::Piece(p) => &mut supply[p.religion.index()][board::shape_index(p.shape)],
            Token::Serf(_) => &mut dice,
        };
        if *free > 0 {
            *free -= 1;
            return true;
        }
        match repressed.iter().position(|&x| x == tok) {
            Some(i) => {
                repressed.remove(i);
                true
            }
            None => false,
        }
    };
    fight
        .iter()
        .copied()
        .filter(|&a| match a {
            Agent::Knight(r) => take(Token::Piece(Piece {
                shape: Shape::Knight,
                religion: r,
            })),
            Agent::Rook(r) | Agent::Pirate(r) => take(Token::Piece(Piece {
                shape: Shape::Rook,
                religion: r,
            })),
            Agent::Pawn => take(Token::Serf(seat)),
            Agent::Bishop(_) => false,
        })
        .collect()
}

/// Is the one-shot war possible at map m? A religious war needs heretics
/// (cursed law) [K1]; every war needs at least one attacker (RULINGS R-35),
/// counting only agents that can be taken.
pub fn war_possible(s: &State, card: CardId, m: MapId) -> bool {
    let d = data::card(card);
    let (fight, _) = split_agents(card, &d.agents);
    let fight = takeable(s, s.active, &fight);
    let (att, def, rooks) = participants(s, war_of(card), m, &fight, s.active);
    let attackers = !att.is_empty() || !rooks.is_empty();
    match war_of(card) {
        War::Religious(_) => !def.is_empty() && attackers,
        _ => attackers,
    }
}

fn agent_fighter(a: Agent) -> Option<Fighter> {
    match a {
        Agent::Knight(r) => Some(Fighter::Agent(Piece {
            shape: Shape::Knight,
            religion: r,
        })),
        // E2.2 "PIRATEN(TURM)-AGENTEN": in a battle a pirate agent is a rook.
        Agent::Rook(r) | Agent::Pirate(r) => Some(Fighter::Agent(Piece {
            shape: Shape::Rook,
            religion: r,
        })),
        Agent::Pawn => Some(Fighter::AgentPawn),
        _ => None,
    }
}

/// Attackers and defenders by the battle table, and the rooks the active
/// player may add as knights (Knights Hospitaller, crusades only).
fn participants(
    s: &State,
    war: War,
    m: MapId,
    agents: &[Agent],
    seat: usize,
) -> (Vec<Fighter>, Vec<Fighter>, Vec<Fighter>) {
    let mut att: Vec<Fighter> = Vec::new();
    let mut def: Vec<Fighter> = Vec::new();
    let mut rooks: Vec<Fighter> = Vec::new();
    let city_pieces = |map: MapId| -> Vec<(CityId, Piece)> {
        board::usable_cities(map)
            .flat_map(|c| s.cities[c as usize].iter().map(move |&p| (c, p)))
            .collect()
    };
    let empire_in_play = s.empires[m as usize].owner.is_some();
    match war {
        War::Conspiracy | War::PeasantRevolt => {
            att.extend(agents.iter().filter_map(|&a| agent_fighter(a)));
            for (c, p) in city_pieces(m) {
                def.push(Fighter::City(c, p));
            }
            for b in board::borders_of(m) {
                match s.borders[b as usize] {
                    Some(BorderToken::Pirate(_)) => att.push(Fighter::Border(b)),
                    Some(BorderToken::Concession(o)) if o == seat && war == War::PeasantRevolt => {
                        att.push(Fighter::Border(b))
                    }
                    _ => {}
                }
            }
            if empire_in_play {
                for &tok in &s.empires[m as usize].repressed {
                    let joins = match tok {
                        Token::Piece(_) => war == War::Conspiracy,
                        Token::Serf(_) => war == War::PeasantRevolt,
                    };
                    if joins {
                        att.push(Fighter::Repressed(tok));
                    }
                }
            }
        }
        War::Religious(r) => {
            att.extend(agents.iter().filter_map(|&a| agent_fighter(a)));
            for (c, p) in city_pieces(m) {
                if p.religion == r {
                    att.push(Fighter::City(c, p))
                } else {
                    def.push(Fighter::City(c, p))
                }
            }
            for b in board::borders_of(m) {
                if let Some(BorderToken::Pirate(pr)) = s.borders[b as usize] {
                    if pr == r {
                        att.push(Fighter::Border(b))
                    } else {
                        def.push(Fighter::Border(b))
                    }
                }
            }
            // Faithful knights on adjacent map cards (diagonals included) [K1].
            let rook_maps = board::abilities(s, seat)
                .into_iter()
                .filter_map(|a| match a {
                    Ability::CrusadeRooksAsKnights { religion, empires } if *religion == r => {
                        Some(empires)
                    }
                    _ => None,
                })
                .flatten()
                .map(|e| e.id())
                .collect::<Vec<MapId>>();
            for n in Empire::ALL.map(Empire::id) {
                if !data::map().adjacent_ids(n, m) {
                    continue;
                }
                for (c, p) in city_pieces(n) {
                    if p.religion != r {
                        continue;
                    }
                    if p.shape == Shape::Knight {
                        att.push(Fighter::City(c, p));
                    } else if rook_maps.contains(&n) {
                        // "darfst Du weiße Türme ... wie Ritter verwenden": a choice.
                        rooks.push(Fighter::City(c, p));
                    }
                }
            }
        }
        War::Campaign => unreachable!(),
    }
    att.sort_unstable();
    def.sort_unstable();
    rooks.sort_unstable();
    (att, def, rooks)
}

/// Does a "counts double in battles" ability (Duchy of Ferrara: a white
/// token in Venice) apply to one of these fighters [Glossar: FÄHIGKEIT]?
pub fn venice_doubling(s: &State, fighters: &[Fighter]) -> bool {
    let doubles: Vec<(CityId, Religion)> = (0..s.n())
        .flat_map(|p| board::abilities(s, p))
        .filter_map(|a| match a {
            Ability::DoubleInBattle { city, religion } => Some((
                data::map().city_id(city).expect("validated city"),
                *religion,
            )),
            _ => None,
        })
        .collect();
    fighters.iter().any(|f| match f {
        Fighter::City(c, p) => doubles.contains(&(*c, p.religion)),
        _ => false,
    })
}

pub fn start_war(
    s: &mut State,
    card: CardId,
    m: MapId,
    fight: &[Agent],
    ev: &mut Vec<Scoped<Event>>,
) {
    let seat = s.active;
    // Take the committed agents from the supply (substitution allowed in card
    // play; the player names the empire cards before the battle, R-53).
    let depth = s.stack.len();
    let mut taken = Vec::new();
    for &a in fight {
        let ok = match a {
            Agent::Knight(r) => board::take_piece(
                s,
                Piece {
                    shape: Shape::Knight,
                    religion: r,
                },
                true,
            ),
            Agent::Rook(r) | Agent::Pirate(r) => board::take_piece(
                s,
                Piece {
                    shape: Shape::Rook,
                    religion: r,
                },
                true,
            ),
            Agent::Pawn => board::take_die(s, seat, true),
            _ => false,
        };
        if ok {
            taken.push(a);
        }
    }
    if s.stack.len() > depth {
        s.stack.insert(
            depth,
            Task::StartWar {
                card,
                map: m,
                agents: taken,
            },
        );
        return;
    }
    launch(s, card, m, &taken, ev);
}

/// The battle of a war whose agents are taken [Battle table].
pub fn launch(s: &mut State, card: CardId, m: MapId, taken: &[Agent], ev: &mut Vec<Scoped<Event>>) {
    let war = war_of(card);
    let seat = s.active;
    let (att, def, rooks) = participants(s, war, m, taken, seat);
    let mut b = Battle {
        war,
        map: m,
        attackers: att,
        defenders: def,
        survivors: Vec::new(),
        cause: Cause::War(war),
    };
    if !rooks.is_empty() {
        if b.attackers.is_empty() {
            // The rooks are the only attackers: waging the war is using them.
            b.attackers = rooks;
        } else {
            // RULINGS R-48: the active player decides before the battle.
            s.battle = Some(b);
            s.stack.push(Task::JoinRooks { rooks });
            return;
        }
    }
    begin(s, b, ev);
}

/// F9: the knights in the cities of the King's own map card.
pub fn campaign_knights(s: &State, e: MapId) -> Vec<Fighter> {
    board::usable_cities(e)
        .flat_map(|c| {
            s.cities[c as usize]
                .iter()
                .filter(|p| p.shape == Shape::Knight)
                .map(move |&p| Fighter::City(c, p))
        })
        .collect()
}

pub fn start_campaign(s: &mut State, e: MapId, m: MapId, ev: &mut Vec<Scoped<Event>>) {
    let att = campaign_knights(s, e);
    board::pay_china(s, s.active, att.len() as i64); // F9: 1 florin per attacker
    let mut def: Vec<Fighter> = board::usable_cities(m)
        .flat_map(|c| {
            s.cities[c as usize]
                .iter()
                .map(move |&p| Fighter::City(c, p))
        })
        .collect();
    def.sort_unstable();
    begin(
        s,
        Battle {
            war: War::Campaign,
            map: m,
            attackers: att,
            defenders: def,
            survivors: Vec::new(),
            cause: Cause::Campaign(e),
        },
        ev,
    );
}

/// A fighter's strength: 2 for a token that counts double (RULINGS R-45), else 1.
pub fn weight(s: &State, f: Fighter) -> usize {
    if venice_doubling(s, &[f]) { 2 } else { 1 }
}

/// Attrition: min(A, D) units die on each side; the attacker chooses every casualty.
fn begin(s: &mut State, b: Battle, ev: &mut Vec<Scoped<Event>>) {
    let a: usize = b.attackers.iter().map(|&f| weight(s, f)).sum();
    let d: usize = b.defenders.iter().map(|&f| weight(s, f)).sum();
    ev.push(Scoped::public(Event::Note {
        text: format!(
            "battle in {}: {a} attackers against {d} defenders",
            board::map_name(b.map)
        ),
    }));
    s.battle = Some(b);
    let k = a.min(d) as u8;
    // The side whose every member dies needs no choice.
    if a > d {
        let defs = s.battle.as_ref().unwrap().defenders.clone();
        for f in defs {
            kill_fighter(s, f, false);
        }
        s.stack.push(Task::Casualties {
            attackers: true,
            count: k,
        });
    } else {
        let atts = s.battle.as_ref().unwrap().attackers.clone();
        for f in atts {
            kill_fighter(s, f, true);
        }
        s.stack.push(Task::Casualties {
            attackers: false,
            count: k,
        });
    }
}

fn kill_fighter(s: &mut State, f: Fighter, attacker: bool) {
    let b = s.battle.as_mut().unwrap();
    let list = if attacker {
        &mut b.attackers
    } else {
        &mut b.defenders
    };
    let i = list.iter().position(|&x| x == f).expect("fighter present");
    list.remove(i);
    let m = b.map;
    match f {
        Fighter::Agent(p) => board::kill_piece(s, p),
        Fighter::AgentPawn => s.players[s.active].dice += 1,
        Fighter::City(c, p) => {
            let occ = &mut s.cities[c as usize];
            let i = occ.iter().position(|&x| x == p).unwrap();
            occ.remove(i);
            board::kill_piece(s, p);
        }
        Fighter::Border(b) => board::kill_border(s, b),
        Fighter::Repressed(tok) => {
            let r = &mut s.empires[m as usize].repressed;
            let i = r.iter().position(|&x| x == tok).unwrap();
            r.remove(i);
            board::kill_token(s, tok);
        }
    }
}

pub fn casualty_moves(s: &State, attackers: bool) -> Vec<Move> {
    let b = s.battle.as_ref().unwrap();
    let mut l = if attackers {
        b.attackers.clone()
    } else {
        b.defenders.clone()
    };
    l.sort_unstable();
    l.dedup();
    l.into_iter()
        .map(|fighter| Move::Casualty { fighter })
        .collect()
}

pub fn execute(s: &mut State, mv: &Move, ev: &mut Vec<Scoped<Event>>) {
    match *mv {
        Move::JoinRooks { join } => {
            let Some(Task::JoinRooks { rooks }) = s.stack.pop() else {
                unreachable!()
            };
            let mut b = s.battle.take().expect("a crusade in preparation");
            if join {
                b.attackers.extend(rooks);
                b.attackers.sort_unstable();
            }
            begin(s, b, ev);
        }
        Move::Casualty { fighter } => {
            let w = weight(s, fighter) as u8;
            let Some(Task::Casualties { attackers, count }) = s.stack.last_mut() else {
                unreachable!()
            };
            let attackers = *attackers;
            if *count >= w {
                *count -= w;
                kill_fighter(s, fighter, attackers);
            } else {
                // A doubled token hit once survives the battle (RULINGS R-45).
                *count = 0;
            }
        }
        Move::PlaceSurvivor { fighter, spot } => {
            let b = s.battle.as_mut().unwrap();
            let i = b
                .survivors
                .iter()
                .position(|&f| f == fighter)
                .expect("a survivor");
            let f = b.survivors.remove(i);
            place_survivor(s, f, spot);
        }
        Move::FlipMap { flip } => {
            let Some(Task::TheocracyFlip { map }) = s.stack.pop() else {
                unreachable!()
            };
            if flip {
                s.flipped[map as usize] = !s.flipped[map as usize];
            }
        }
        _ => unreachable!(),
    }
}

fn survivor_token(f: Fighter, seat: usize) -> Option<Token> {
    match f {
        Fighter::Agent(p) => Some(Token::Piece(p)),
        Fighter::AgentPawn => Some(Token::Serf(seat)),
        Fighter::Repressed(t) => Some(t),
        _ => None,
    }
}

fn place_survivor(s: &mut State, f: Fighter, spot: Spot) {
    let tok = survivor_token(f, s.active).unwrap();
    match (tok, spot) {
        (Token::Piece(p), Spot::City(c)) => s.cities[c as usize].push(p),
        (Token::Serf(o), Spot::Border(b)) => {
            s.borders[b as usize] = Some(BorderToken::Concession(o))
        }
        _ => unreachable!(),
    }
}

/// Free spots for a token on a conquered map card [Glossar: SCHLACHT, REGIMEWECHSEL].
pub fn free_spots(s: &State, m: MapId, tok: Token) -> Vec<Spot> {
    match tok {
        Token::Piece(_) => board::usable_cities(m)
            .filter(|&c| board::city_free(s, c))
            .map(Spot::City)
            .collect(),
        Token::Serf(_) => board::borders_of(m)
            .filter(|&b| s.borders[b as usize].is_none())
            .map(Spot::Border)
            .collect(),
    }
}

/// Each distinct survivor to each free spot for it: the player chooses which
/// survivor goes where, and so which ones are left over when room runs out
/// (RULINGS R-52).
pub fn survivor_moves(s: &State) -> Vec<Move> {
    let b = s.battle.as_ref().unwrap();
    let mut kinds = b.survivors.clone();
    kinds.sort_unstable();
    kinds.dedup();
    let mut v = Vec::new();
    for f in kinds {
        for spot in free_spots(s, b.map, survivor_token(f, s.active).unwrap()) {
            v.push(Move::PlaceSurvivor { fighter: f, spot });
        }
    }
    v
}

/// The first survivor without a free spot for it, if any.
fn stuck_survivor(s: &State) -> Option<usize> {
    let b = s.battle.as_ref().expect("survivors of a battle");
    b.survivors
        .iter()
        .position(|&f| free_spots(s, b.map, survivor_token(f, s.active).unwrap()).is_empty())
}

/// Nothing to choose: every survivor is placed, or one has no room.
pub fn survivors_without_choice(s: &State) -> bool {
    let b = s.battle.as_ref().expect("survivors of a battle");
    b.survivors.is_empty() || stuck_survivor(s).is_some()
}

/// The task ends when every survivor is placed; a survivor without room is
/// repressed onto the empire, free [Glossar: SCHLACHT].
pub fn survivor_auto(s: &mut State) {
    let b = s.battle.as_ref().expect("survivors of a battle");
    let m = b.map;
    if b.survivors.is_empty() {
        s.stack.pop();
        return;
    }
    let i = stuck_survivor(s).expect("automatic only when a survivor has no room");
    let f = s.battle.as_mut().unwrap().survivors.remove(i);
    let tok = survivor_token(f, s.active).unwrap();
    board::repress_onto(s, tok, m);
}

/// After the casualties: on a win, survivors are placed, the map may flip,
/// and the regime changes [Glossar: SCHLACHT, J1, K2].
pub fn finish(s: &mut State, ev: &mut Vec<Scoped<Event>>) {
    let b = s.battle.as_ref().unwrap().clone();
    let won = !b.attackers.is_empty();
    ev.push(Scoped::public(Event::Note {
        text: format!(
            "the attack on {} {}",
            board::map_name(b.map),
            if won { "succeeds" } else { "fails" }
        ),
    }));
    if !won {
        s.battle = None;
        return;
    }
    // Agents and repressed attackers that survived must be placed; the
    // others (map tokens, campaign knights) never move.
    let survivors: Vec<Fighter> = b
        .attackers
        .iter()
        .copied()
        .filter(|f| {
            matches!(
                f,
                Fighter::Agent(_) | Fighter::AgentPawn | Fighter::Repressed(_)
            )
        })
        .collect();
    // Repressed attackers leave the empire card now.
    for f in &survivors {
        if let Fighter::Repressed(tok) = f {
            let r = &mut s.empires[b.map as usize].repressed;
            let i = r.iter().position(|x| x == tok).unwrap();
            r.remove(i);
        }
    }
    let bm = s.battle.as_mut().unwrap();
    bm.attackers.retain(|f| {
        !matches!(
            f,
            Fighter::Agent(_) | Fighter::AgentPawn | Fighter::Repressed(_)
        )
    });
    bm.survivors = survivors;
    // Order (RULINGS R-16): survivors, map flip, empire card, concession, liberation.
    s.stack.push(Task::Regime {
        map: b.map,
        cause: b.cause,
    });
    match b.war {
        War::Conspiracy if board::theocracy(s, b.map).is_some() => {
            s.stack.push(Task::TheocracyFlip { map: b.map })
        }
        War::Religious(r) => {
            // K2 (RULINGS R-17): the map card flips when its other side shows the war's religion.
            let other = data::map_card(b.map).theocracy(!s.flipped[b.map as usize]);
            if other == Some(r) {
                s.flipped[b.map as usize] = !s.flipped[b.map as usize];
            }
        }
        _ => {}
    }
    s.stack.push(Task::Survivors);
}
