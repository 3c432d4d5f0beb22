//! Print a random game's decisions with their labels and events:
//! `cargo run -p signoria-lorenzo-il-magnifico --example transcript -- <players> <seed>`.

use signoria_engine::{Game, GameRng, Viewer};
use signoria_lorenzo_il_magnifico::{LorenzoIlMagnifico as L, Options};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let players = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(2);
    let seed = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1);
    let mut s = L::setup(&Options::default(), players, seed).unwrap();
    let mut rng = GameRng::from_seed(seed);
    while let Some(&seat) = L::pending(&s).first() {
        let legal = L::legal_moves(&s, seat);
        let m = legal[rng.index(legal.len())].clone();
        println!(
            "seat {seat}: {}  ({} options)",
            L::describe_move(&s, seat, &m),
            legal.len()
        );
        for e in L::apply(&mut s, seat, &m).unwrap() {
            if e.visible_to(Viewer::Public) {
                println!("    {:?}", e.event);
            }
        }
    }
    println!("{:?}", L::outcome(&s).unwrap());
}
