// Checks web/js/kinds/dots-and-boxes/rules.js against the rules document and the engine's answers
// (engine/src/kinds/dots_and_boxes/): the notation, the engine's edge order, a completed box's extra move (one
// even for two boxes, none once the field is full), the scores, three players in seat order, the end with ranks
// shared by equal scores, a seat that leaves a three-player game, and the engine's perft data. Run with
// `node --test web/test/`.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { Position, edgeName, parseEdges, ranksOf, readRules } from '../js/kinds/dots-and-boxes/rules.js';
import { DotsAndBoxesGame } from '../js/kinds/dots-and-boxes/game.js';

/** A position of `rows` × `cols` boxes for `players` after `moves`, each checked to be played by its seat:
 * `[seat, edge]`. */
function played(rows, cols, players, moves) {
  const position = new Position({ kind: 'dots-and-boxes', rows, cols, players });
  for (const [seat, edge] of moves) {
    assert.equal(position.toMove, seat, `${edge} is ${seat}'s`);
    position.play(edge);
  }
  return position;
}

test('edges read as the engine writes them, with or without spaces, and nothing else reads', () => {
  assert.deepEqual(parseEdges('a1h c3v').map(edgeName), ['a1h', 'c3v']);
  assert.deepEqual(parseEdges(' a1hc3v ').map(edgeName), ['a1h', 'c3v']);
  assert.deepEqual(parseEdges('j10v'), [{ column: 9, row: 9, orientation: 'v' }]);
  for (const bad of ['a0h', 'a1x', 'A1h', 'a1', '1h']) assert.throws(() => parseEdges(bad), /not Dots and Boxes notation/, bad);
  assert.throws(() => readRules({ rows: 10, cols: 5, players: 2 }), /1 to 9 boxes/);
  assert.throws(() => readRules({ rows: 5, cols: 5, players: 5 }), /2 to 4 players/);
});

test('the legal edges are the undrawn ones in the engine\'s order: horizontal rows from the bottom, then vertical', () => {
  const game = new DotsAndBoxesGame({ kind: 'dots-and-boxes', rows: 1, cols: 2, players: 2 });
  assert.deepEqual(game.legalActions(), ['a1h', 'b1h', 'a2h', 'b2h', 'a1v', 'b1v', 'c1v']);
  game.play('b1v');
  assert.deepEqual(game.legalActions(), ['a1h', 'b1h', 'a2h', 'b2h', 'a1v', 'c1v']);
  const before = game.clone();
  assert.throws(() => game.play('b1v'), /drawn already/);
  assert.throws(() => game.play('c1h'), /off the field/);
  assert.throws(() => game.play('a1h b1h'), /one action is one edge/);
  assert.deepEqual(game, before, 'a refused edge changes nothing');
});

test('a completed box scores and gives its mover another edge; two boxes at once give one', () => {
  const position = played(2, 2, 2, [
    ['first', 'a1h'], ['second', 'a1v'], ['first', 'a2h'], ['second', 'c1v'], ['first', 'a3h'], ['second', 'c2v'],
    ['first', 'b1h'], ['second', 'b3h'],
  ]);
  position.play('b1v');
  assert.deepEqual(position.scores, [1, 0], 'b1v closes a1');
  assert.equal(position.boxOwner(0, 0), 'first');
  assert.equal(position.toMove, 'first');
  assert.equal(position.midTurn, true);
  position.play('a2v');
  assert.equal(position.midTurn, false, 'no box: the turn passes');
  assert.equal(position.toMove, 'second');
  position.play('b2v');
  assert.deepEqual(position.scores, [1, 1], 'b2v closes a2');
  assert.equal(position.toMove, 'second');
  position.play('b2h');
  assert.deepEqual(position.scores, [1, 3], 'b2h closes b1 and b2 at once');
  assert.equal(position.midTurn, false, 'the field is full: no move is owed');
  assert.deepEqual(position.outcome, { winner: 'second', reason: 'score', ranks: [2, 1], scores: [1, 3] });
  assert.deepEqual(position.legalEdges(), []);
  assert.throws(() => position.play('a1h'), /game is over/);
});

test('three players move in seat order, and an extra move keeps the seat', () => {
  const position = played(2, 2, 3, [
    ['first', 'a1h'], ['second', 'a3h'], ['third', 'c1v'], ['first', 'b3h'], ['second', 'a1v'], ['third', 'c2v'],
    ['first', 'b1h'], ['second', 'a2v'], ['third', 'a2h'],
    // First closes a1, then b1, then a2 and b2 with one edge: four boxes in one turn.
    ['first', 'b1v'], ['first', 'b2h'], ['first', 'b2v'],
  ]);
  assert.deepEqual(position.scores, [4, 0, 0]);
  assert.deepEqual(position.outcome, { winner: 'first', reason: 'score', ranks: [1, 2, 2], scores: [4, 0, 0] },
    'the two without a box share second place');
});

test('the end ranks by boxes: equal counts share a place, and a tie for first has no winner', () => {
  const position = played(1, 2, 3, [
    ['first', 'a1h'], ['second', 'a2h'], ['third', 'a1v'], ['first', 'b1v'], ['first', 'b1h'], ['second', 'b2h'], ['third', 'c1v'],
  ]);
  assert.deepEqual(position.outcome, { winner: null, reason: 'score', ranks: [1, 3, 1], scores: [1, 0, 1] });
  assert.deepEqual(ranksOf([5, 3, 5, 1]), [1, 3, 1, 4], 'the engine\'s own example');
  const drawn = played(1, 2, 2, [
    ['first', 'a1h'], ['second', 'b1h'], ['first', 'a2h'], ['second', 'a1v'], ['first', 'b1v'], ['first', 'b2h'], ['second', 'c1v'],
  ]);
  assert.deepEqual(drawn.outcome, { winner: null, reason: 'score', ranks: [1, 1], scores: [1, 1] }, 'two players: a draw');
});

test('a seat that leaves a three-player game is passed by, then ranked below every seat that stayed', () => {
  const position = played(1, 2, 3, [['first', 'a1h']]);
  position.leave('second', 'resigned');
  assert.equal(position.toMove, 'third', 'the turn passes the seat that left');
  assert.equal(position.outcome, null, 'two seats play on');
  position.play('a2h');
  assert.equal(position.toMove, 'first');
  for (const [seat, edge] of [['first', 'a1v'], ['third', 'b1v'], ['third', 'b1h'], ['first', 'b2h'], ['third', 'c1v']]) {
    assert.equal(position.toMove, seat, edge);
    position.play(edge);
  }
  assert.deepEqual(position.outcome, { winner: 'third', reason: 'score', ranks: [2, 3, 1], scores: [0, 0, 2] });
  const last = played(1, 1, 3, [['first', 'a1h']]);
  last.leave('first', 'resigned');
  last.leave('third', 'timeout');
  assert.deepEqual(last.outcome, { winner: 'second', reason: 'timeout', ranks: [3, 1, 2], scores: [0, 0, 0] },
    'the later to leave ranks the higher');
});

test('perft matches the engine\'s data file (engine/tests/data/perft/dots-and-boxes.txt), its field ends included', () => {
  const data = readFileSync(new URL('../../engine/tests/data/perft/dots-and-boxes.txt', import.meta.url), 'utf8');
  const lines = data.split('\n').filter((line) => line && !line.startsWith('#'));
  assert.ok(lines.length > 0);
  for (const line of lines) {
    const fields = Object.fromEntries(line.split(' ').map((field) => field.split('=')));
    const [rows, cols] = fields.boxes.split('x').map(Number);
    const game = new DotsAndBoxesGame({ kind: 'dots-and-boxes', rows, cols, players: Number(fields.players) });
    for (const edge of parseEdges(fields.moves)) game.play(edgeName(edge));
    // The depths up to a hundred thousand sequences in all, so that this stays quick.
    const all = fields.counts.split(',').map(Number);
    const counts = all.filter((_, depth) => all.slice(0, depth + 1).reduce((sum, count) => sum + count, 0) <= 100000);
    const found = new Array(counts.length).fill(0);
    const walk = (at, depth) => {
      if (depth === counts.length) return;
      for (const action of at.legalActions()) {
        found[depth] += 1;
        const next = at.clone();
        next.play(action);
        walk(next, depth + 1);
      }
    };
    walk(game, 0);
    assert.deepEqual(found, counts, line);
  }
});
