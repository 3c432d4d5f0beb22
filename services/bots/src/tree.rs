//! The search tree of information-set MCTS, seen from one observer.
//!
//! A node stands for every state reached by the same sequence of moves, in
//! whatever determinization: the moves legal there differ from one
//! determinization to the next, so each edge counts how often it was
//! *available* and UCB uses that count instead of the parent's visits.
//!
//! A pick on a simultaneous secret choice (several seats pending) is not
//! visible to the seats that still have to pick: every such pick leads to the
//! same shared child, so a later picker decides without knowing it. Once the
//! last pick is made the choice is resolved and revealed, and the next child
//! is keyed by all the picks of that choice together.

use signoria_engine::Seat;

/// A move of a seat from a node, with its statistics.
#[derive(Debug, Clone)]
pub struct Edge<M> {
    pub seat: Seat,
    pub mv: M,
    /// Iterations that went through this edge.
    pub visits: u32,
    /// Sum of the rewards of `seat` over those iterations.
    pub reward: f64,
    /// Iterations in which this move was legal at the node.
    pub available: u32,
}

impl<M> Edge<M> {
    pub fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.reward / self.visits as f64
        }
    }

    /// Upper confidence bound with exploration constant `c`.
    pub fn ucb(&self, c: f64) -> f64 {
        self.mean() + c * ((self.available.max(1) as f64).ln() / self.visits.max(1) as f64).sqrt()
    }
}

/// The moves that lead from a node to one child: the picks of a
/// simultaneous choice since the last visible move, then the visible move.
pub type ChildKey<M> = Vec<(Seat, M)>;

#[derive(Debug, Clone)]
pub struct Node<M> {
    pub edges: Vec<Edge<M>>,
    children: Vec<(ChildKey<M>, usize)>,
    hidden_child: Option<usize>,
}

impl<M> Default for Node<M> {
    fn default() -> Self {
        Node {
            edges: Vec::new(),
            children: Vec::new(),
            hidden_child: None,
        }
    }
}

/// Nodes in an arena; node 0 is the root.
#[derive(Debug, Clone)]
pub struct Tree<M> {
    pub nodes: Vec<Node<M>>,
}

impl<M: Clone + PartialEq> Default for Tree<M> {
    fn default() -> Self {
        Self::new()
    }
}

impl<M: Clone + PartialEq> Tree<M> {
    pub const ROOT: usize = 0;

    pub fn new() -> Self {
        Tree {
            nodes: vec![Node::default()],
        }
    }

    /// The edge index of each of `moves` of `seat` at `node`, adding edges
    /// for moves not seen there before, and counting each as available once.
    /// Moves usually come in the same order as last time, so each is looked
    /// for at its own position first.
    pub fn available_edges(&mut self, node: usize, seat: Seat, moves: &[M]) -> Vec<usize> {
        let edges = &mut self.nodes[node].edges;
        moves
            .iter()
            .enumerate()
            .map(|(i, mv)| {
                let same = |e: &Edge<M>| e.seat == seat && e.mv == *mv;
                let at = match edges.get(i) {
                    Some(e) if same(e) => i,
                    _ => match edges.iter().position(same) {
                        Some(at) => at,
                        None => {
                            edges.push(Edge {
                                seat,
                                mv: mv.clone(),
                                visits: 0,
                                reward: 0.0,
                                available: 0,
                            });
                            edges.len() - 1
                        }
                    },
                };
                edges[at].available += 1;
                at
            })
            .collect()
    }

    /// The child every pick of a simultaneous choice at `node` leads to.
    pub fn hidden_child(&mut self, node: usize) -> usize {
        if let Some(child) = self.nodes[node].hidden_child {
            return child;
        }
        let child = self.push();
        self.nodes[node].hidden_child = Some(child);
        child
    }

    /// The child reached from `node` by the moves of `key`.
    pub fn child(&mut self, node: usize, key: ChildKey<M>) -> usize {
        if let Some((_, child)) = self.nodes[node].children.iter().find(|(k, _)| *k == key) {
            return *child;
        }
        let child = self.push();
        self.nodes[node].children.push((key, child));
        child
    }

    fn push(&mut self) -> usize {
        self.nodes.push(Node::default());
        self.nodes.len() - 1
    }
}
