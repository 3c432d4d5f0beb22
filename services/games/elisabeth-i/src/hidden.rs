//! Redrawing what a seat may not see (for the hidden-information check and search bots):
//! the other powers' non-home cards and the deck are dealt anew from their union, the
//! HRE's preference is redrawn for others (`majors::hre::resample`), and the random generator is reseeded.

use signoria_engine::{GameRng, Seat};

use crate::deal::is_home;
use crate::model::State;

pub fn resample(s: &State, seat: Seat, rng: &mut GameRng) -> State {
    let mut t = s.clone();
    let others: Vec<u8> = (0..6u8).filter(|&p| t.seat_of(p) != seat).collect();
    let mut pool = t.deck.clone();
    for &p in &others {
        pool.extend(t.ps(p).hand.iter().copied().filter(|&c| !is_home(c)));
    }
    pool.sort();
    rng.shuffle(&mut pool);
    for &p in &others {
        let ps = t.ps_mut(p);
        let n = ps.hand.iter().filter(|&&c| !is_home(c)).count();
        ps.hand.retain(|&c| is_home(c));
        for _ in 0..n {
            ps.hand.push(pool.pop().expect("counts kept"));
        }
        ps.hand.sort();
    }
    t.deck = pool;
    crate::diplomacy::resample(&mut t, seat, rng);
    crate::subsystems::resample(&mut t, seat, rng);
    t.rng = GameRng::from_seed(rng.next_u64());
    t
}
