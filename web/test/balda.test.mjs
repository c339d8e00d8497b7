// Checks web/js/kinds/balda/rules.js and its notation: moves read and write as the engine writes them, the start
// word stands across the middle row, a move's shape is checked (an open cell, a path of neighbours through the new
// letter, three letters at least, no word twice) and an illegal one changes nothing, scores are a point per letter,
// and the game ends on a full grid or three passes in a row per player, equal scores sharing a rank.
// Run with `node --test web/test/`.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { ALPHABETS, Position, moveName, parseMove, ranksOf } from '../js/kinds/balda/rules.js';
import { BaldaGame } from '../js/kinds/balda/game.js';
import play from '../js/kinds/balda/play.js';

const RUSSIAN = { size: 5, players: 2, language: 'ru', start: 'балда' };

test('moves read and write as the engine writes them', () => {
  for (const text of ['c4=к:b4,c4,c3,d3', 'a1=ż:a1,a2,b2', 'pass']) assert.equal(moveName(parseMove(text)), text);
  assert.equal(moveName(parseMove(' PASS ')), 'pass');
  assert.deepEqual(parseMove('b2=к:a3,b3,b2'), { cell: { x: 1, y: 1 }, letter: 'к', path: [{ x: 0, y: 2 }, { x: 1, y: 2 }, { x: 1, y: 1 }] });
  for (const bad of ['', 'c4', 'c4=:c4', 'c4=1:c4', 'c4=k', 'c4=k:c4,', 'c0=k:c4']) assert.throws(() => parseMove(bad), /not Balda notation/, bad);
  assert.deepEqual(play.notation.actions('b2=к:a3,b3,b2 pass'), ['b2=к:a3,b3,b2', 'pass']);
  assert.equal(play.notation.actionCount('pass pass'), 2);
});

test('the start word stands across the middle row, left to right', () => {
  const position = new Position(RUSSIAN);
  assert.equal([0, 1, 2, 3, 4].map((x) => position.letter({ x, y: 2 })).join(''), 'балда');
  assert.equal(position.grid.filter(Boolean).length, 5);
  assert.ok(position.isOpen({ x: 2, y: 3 }) && position.isOpen({ x: 0, y: 1 }));
  assert.ok(!position.isOpen({ x: 2, y: 2 }) && !position.isOpen({ x: 2, y: 4 }));
  assert.throws(() => new Position({ ...RUSSIAN, start: 'бал' }), /not 5 letters/);
  assert.equal(ALPHABETS.ru.length, 32);
  assert.equal(ALPHABETS.pl.length, 35);
});

test('a word scores a point per letter; illegal shapes are refused and change nothing', () => {
  const position = new Position(RUSSIAN);
  const before = position.clone();
  for (const bad of [
    'c3=к:b3,c3,d3', // a filled cell
    'c5=к:c5,c4,c3', // c5 touches no letter, c4 is empty
    'b2=к:a3,b2', // too short, and a3 is no neighbour of b2
    'b2=к:a3,b3,c3', // the new letter unused
    'b2=к:a3,b3,b2,b3', // b3 twice
    'b2=q:a3,b3,b2', // not a Russian letter
    'a3=к:a3,b3,c3', // the start word's cell
    'b4=б:b4,a3,b3', // a3 is no neighbour of b4
  ]) assert.equal(position.isLegal(bad), false, bad);
  for (const bad of ['c3=к:b3,c3,d3', 'b2=к:a3,b3,c3']) assert.throws(() => position.play(bad), Error, bad);
  assert.deepEqual(position, before);
  assert.equal(position.play('b2=к:a3,b3,b2'), 'turn_over');
  assert.deepEqual(position.scores, [3, 0]);
  assert.equal(position.toMove, 'second');
  assert.equal(position.isLegal('c2=к:a3,b3,b2'), false, 'БАК again, and c2 is not on its path');
  assert.equal(position.isLegal('a2=к:a3,b3,b2'), false, 'the same word is not named twice');
});

test('three passes in a row per player end the game; equal scores share a rank', () => {
  const game = new BaldaGame({ ...RUSSIAN, players: 3 });
  assert.deepEqual(game.legalActions(), ['pass']);
  for (let pass = 1; pass < 9; pass += 1) assert.equal(game.position.play('pass'), 'turn_over', `pass ${pass}`);
  assert.equal(game.position.play('pass'), 'game_over');
  assert.deepEqual(game.outcome, { winner: null, reason: 'score', ranks: [1, 1, 1], scores: [0, 0, 0] });
  assert.deepEqual(game.legalActions(), []);
  assert.deepEqual(ranksOf([5, 3, 5, 1]), [1, 3, 1, 4]);
});

test('a word resets the passes, and a full grid ends the game', () => {
  const position = new Position({ ...RUSSIAN, size: 5 });
  position.play('pass');
  position.play('b2=к:a3,b3,b2');
  assert.equal(position.passes, 0);
  // Fill the grid by hand but one cell, then the last letter ends the game.
  position.grid = position.grid.map((letter, index) => letter ?? (index === 0 ? null : 'а'));
  assert.equal(position.isOpen({ x: 0, y: 0 }), true);
  assert.equal(position.play('a1=т:a1,b1,b2'), 'game_over');
  assert.equal(position.outcome.reason, 'board_full');
  assert.deepEqual(position.outcome.scores, [3, 3]);
  assert.deepEqual(position.outcome.ranks, [1, 1]);
});
