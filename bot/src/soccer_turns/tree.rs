//! The tree of whole turns: a pool of nodes, each a turn and the position it leads to, with its children
//! side by side, and a pool of the steps of every turn. Both are bounded ([`NODE_LIMIT`], [`STEP_LIMIT`]) and
//! reserved once per search, so the search allocates nothing per node.

use kartka_engine::soccer::Direction;

/// The most nodes (whole turns) one search keeps: about 40 bytes each, so 40 MiB at most. A search that fills
/// the pool answers with what it has. At the ~50,000 evaluations a second of the learned evaluation this is
/// about 20 s of thought.
pub const NODE_LIMIT: usize = 1 << 20;

/// The most steps of turns one search keeps, a byte each (16 MiB): turns in a bounce network can be long.
pub const STEP_LIMIT: usize = 1 << 24;

/// What is known for certain about a node, for the seat that played its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Proof {
    /// Not decided within the tree.
    Open,
    /// The seat that played the turn wins against any defence (it scored, or every answer loses).
    Won,
    /// The seat that played the turn loses against best play (an own goal, a stuck ball, or an answer that wins).
    Lost,
    /// The game ended drawn.
    Drawn,
}

/// One whole turn in the tree and the position after it, seen from the seat that played it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    /// Where the turn's steps start in [`Tree::steps`].
    pub(super) steps_start: u32,
    /// How many steps the turn has.
    pub(super) steps_len: u32,
    /// The index of the first child; the children follow it.
    pub(super) first_child: u32,
    /// How many children the node has: 0 until it is expanded.
    pub(super) children: u32,
    /// Whether the node's children have been listed.
    pub(super) expanded: bool,
    /// Whether the children are every turn of the position but those proven lost (none unproven left out by
    /// the caps), so that all of them lost proves the node won.
    pub(super) complete: bool,
    /// Whether every child is proven lost. With `complete` that proves the node won; without it (turns were
    /// left out by the caps, rated no better than the lost ones kept) nothing below the node is left to
    /// search, and an iteration stops there as at a settled node.
    pub(super) every_answer_lost: bool,
    /// What is known for certain.
    pub(super) proof: Proof,
    /// How many iterations went through the node.
    pub(super) visits: u32,
    /// The evaluation of the position after the turn for the seat that played it, -1 to 1.
    pub(super) prior: f32,
    /// The sum of the values backed up through the node, for that seat.
    pub(super) sum: f32,
    /// The best value its subtree guarantees that seat, by minimax over the evaluations at its frontier.
    pub(super) minimax: f32,
}

impl Node {
    /// A node for a turn whose steps are at `steps_start..steps_start + steps_len`, evaluated `prior`.
    pub(super) fn new(steps_start: u32, steps_len: u32, prior: f32, proof: Proof) -> Node {
        Node {
            steps_start,
            steps_len,
            first_child: 0,
            children: 0,
            expanded: false,
            complete: false,
            every_answer_lost: false,
            proof,
            visits: 0,
            prior,
            sum: 0.0,
            minimax: prior,
        }
    }

    /// The mean of the values backed up through the node, its own evaluation counted as one of them.
    pub(super) fn mean(&self) -> f32 {
        (self.prior + self.sum) / (1 + self.visits) as f32
    }

    /// The value of the node for the seat that played its turn: exact when proven.
    pub(super) fn exact(&self) -> Option<f32> {
        match self.proof {
            Proof::Open => None,
            Proof::Won => Some(1.0),
            Proof::Lost => Some(-1.0),
            Proof::Drawn => Some(0.0),
        }
    }

    /// Whether the node is settled for good: no iteration needs to go below it.
    pub(super) fn settled(&self) -> bool {
        self.proof != Proof::Open
    }

    /// Whether an iteration that reaches the node goes no further: it is settled, or every answer the caps
    /// kept is lost.
    pub(super) fn exhausted(&self) -> bool {
        self.settled() || self.every_answer_lost
    }

    /// The indices of the node's children.
    pub(super) fn child_indices(&self) -> std::ops::Range<usize> {
        let first = self.first_child as usize;
        first..first + self.children as usize
    }
}

/// The nodes and their turns' steps. Node 0 is the root: the position the search starts from, reached by no
/// steps.
pub(super) struct Tree {
    pub(super) nodes: Vec<Node>,
    pub(super) steps: Vec<Direction>,
}

impl Tree {
    /// A tree holding only the root, with room reserved for the limits.
    pub(super) fn new() -> Tree {
        let mut nodes = Vec::with_capacity(NODE_LIMIT);
        nodes.push(Node::new(0, 0, 0.0, Proof::Open));
        Tree { nodes, steps: Vec::with_capacity(STEP_LIMIT) }
    }

    /// The steps of node `index`'s turn.
    pub(super) fn steps_of(&self, index: usize) -> &[Direction] {
        let node = &self.nodes[index];
        let start = node.steps_start as usize;
        &self.steps[start..start + node.steps_len as usize]
    }

    /// Whether `nodes` more nodes and `steps` more steps fit within the limits.
    pub(super) fn has_room(&self, nodes: usize, steps: usize) -> bool {
        self.nodes.len() + nodes <= NODE_LIMIT && self.steps.len() + steps <= STEP_LIMIT
    }
}
