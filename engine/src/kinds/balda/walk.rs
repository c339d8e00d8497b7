//! Every placement that names a word: the board's paths walked against the dictionary's automaton, a path
//! abandoned as soon as no word begins with its letters (prefix pruning). The legal moves, and the bot's
//! search for the longest word, are this walk.

use fst::raw::{Fst, Node};

use super::action::{Move, Placement};
use super::geometry::{Cell, Path, MAX_CELLS};
use super::position::Position;
use super::rules::MIN_WORD_LEN;
use super::word_buffer::WordBuffer;

/// Calls `visit` with every legal placement of `position` (the game not over): for each empty cell touching
/// a letter, row by row from the bottom left, the paths from each start cell in the same order, extended
/// through neighbours left, right, below, above; where a path steps on the empty cell, each letter of the
/// alphabet in its order. A placement is visited when its path holds the new cell, its word has at least three
/// letters, is in the dictionary and is neither the start word nor named before.
pub fn for_each_word_move(position: &Position, mut visit: impl FnMut(Placement)) {
    let size = position.rules().size();
    let words = position.dictionary().clone();
    let fst = words.words().as_fst();
    let mut walker = Walker {
        position,
        fst,
        alphabet: position.rules().language().alphabet(),
        size,
        target: Cell::default(),
        letter: None,
        path: [Cell::default(); MAX_CELLS],
        len: 0,
        visited: 0,
        word: WordBuffer::new(),
    };
    let cells = usize::from(size) * usize::from(size);
    for target in (0..cells).map(|index| Cell::at(index, size)) {
        if position.letter(target).is_some() || !position.touches_a_letter(target) {
            continue;
        }
        walker.target = target;
        for start in (0..cells).map(|index| Cell::at(index, size)) {
            walker.step(start, fst.root(), &mut visit);
        }
    }
}

impl Position {
    /// Calls `visit` with every legal move while the game is not over: each placement (cells row by row from
    /// the bottom left, letters in the alphabet's order, then paths as [`for_each_word_move`] walks them),
    /// then the pass.
    pub fn for_each_legal_move(&self, mut visit: impl FnMut(Move)) {
        if self.is_over() {
            return;
        }
        for_each_word_move(self, |placement| visit(Move::Place(placement)));
        visit(Move::Pass);
    }
}

/// The walk's state: the path so far, the cells it visited, its word, and the new cell's letter once the path
/// has stepped on it.
struct Walker<'a> {
    position: &'a Position,
    fst: &'a Fst<Vec<u8>>,
    alphabet: &'static [char],
    size: u8,
    target: Cell,
    letter: Option<char>,
    path: [Cell; MAX_CELLS],
    len: usize,
    visited: u64,
    word: WordBuffer,
}

impl<'a> Walker<'a> {
    /// Extends the path onto `cell` from the automaton's `node` (the state after the path's letters), if the
    /// cell holds a letter or is the new cell.
    fn step(&mut self, cell: Cell, node: Node<'a>, visit: &mut impl FnMut(Placement)) {
        if self.visited & (1 << cell.index(self.size)) != 0 {
            return;
        }
        if cell == self.target {
            for &letter in self.alphabet {
                self.letter = Some(letter);
                self.step_with(cell, letter, node, visit);
            }
            self.letter = None;
        } else if let Some(letter) = self.position.letter(cell) {
            self.step_with(cell, letter, node, visit);
        }
    }

    fn step_with(&mut self, cell: Cell, letter: char, node: Node<'a>, visit: &mut impl FnMut(Placement)) {
        let Some(node) = follow(self.fst, node, letter) else { return };
        let saved = self.word.len();
        self.word.push(letter);
        self.path[self.len] = cell;
        self.len += 1;
        self.visited |= 1 << cell.index(self.size);
        if let Some(letter) = self.letter.filter(|_| self.len >= MIN_WORD_LEN && node.is_final()) {
            if self.position.is_fresh(self.word.as_str()) {
                if let Some(path) = Path::new(&self.path[..self.len]) {
                    visit(Placement { cell: self.target, letter, path });
                }
            }
        }
        cell.for_each_neighbour(self.size, |next| self.step(next, node, visit));
        self.visited &= !(1 << cell.index(self.size));
        self.len -= 1;
        self.word.truncate(saved);
    }
}

/// The automaton's state after `letter`'s UTF-8 bytes from `node`, if some word goes on that way.
fn follow<'f>(fst: &'f Fst<Vec<u8>>, mut node: Node<'f>, letter: char) -> Option<Node<'f>> {
    let mut bytes = [0; 4];
    for &byte in letter.encode_utf8(&mut bytes).as_bytes() {
        let at = node.find_input(byte)?;
        node = fst.node(node.transition(at).addr);
    }
    Some(node)
}
