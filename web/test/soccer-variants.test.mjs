// The client's rules of the `classic+centre` and `xrsoccer` variants, on hand-made lines: a point, the restart
// on the centre, the end of a match, xrsoccer's three-step lines and a relocation. Run with `node --test web/test/`.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { KINDS, kindOf, loadKind } from '../js/kinds/index.js';
import { XrPosition, Field } from '../js/kinds/xrsoccer/rules.js';

// The pages load a kind's rules, notation and board when they show a game (`loadKind`); these tests use them.
for (const key of KINDS.keys()) await loadKind(key);

const playAll = (game, digits) => [...digits].forEach((digit) => game.play(digit));

test('centre: a goal is a point, every line stays, and the other player kicks off from the centre', () => {
  const game = kindOf('paper-soccer-centre').newGame({ kind: 'paper-soccer-centre', width: 8, height: 10, goal: 2 });
  playAll(game, '0000');
  assert.equal(game.toMove, 'first');
  playAll(game, '1');
  assert.equal(game.midTurn, true, 'the post bounces');
  playAll(game, '7');
  assert.deepEqual(game.scores, { first: 1, second: 0 });
  assert.deepEqual(game.position.ball, { x: 4, y: 5 }, 'back on the centre');
  assert.equal(game.toMove, 'second');
  assert.equal(game.restarted, true);
  assert.equal(game.outcome, null);
  assert.equal(game.steps.length, 6, 'the goal line stays drawn');
  const { board } = game.position;
  assert.notEqual(board.blocked[board.index({ x: 4, y: 5 })], 0, 'the centre keeps its line: arriving there later bounces');
  assert.ok(!game.legalActions().includes('0'), 'the line from the centre stays drawn');
  game.play(game.legalActions()[0]);
  assert.equal(game.restarted, false);
});

test('centre: a match ends with a score when the kicker has no free line at the centre', () => {
  const game = kindOf('paper-soccer-centre').newGame({ kind: 'paper-soccer-centre', width: 8, height: 10, goal: 2 });
  let guard = 0;
  while (!game.outcome && guard < 2000) {
    game.play(game.legalActions()[(guard * 5) % game.legalActions().length]);
    guard += 1;
  }
  assert.ok(game.outcome, 'random play ends');
  assert.equal(game.outcome.reason, 'score');
  const [first, second] = game.outcome.scores;
  assert.equal(first + second, game.points.length);
  assert.equal(game.outcome.winner, first > second ? 'first' : second > first ? 'second' : null);
});

test('xrsoccer: a line is three steps, segments are never reused, and points may be revisited', () => {
  const game = kindOf('xrsoccer').newGame({ kind: 'xrsoccer', width: 12, length: 18, target: 5 });
  playAll(game, '00');
  assert.equal(game.toMove, 'first');
  assert.equal(game.midTurn, true);
  playAll(game, '0');
  assert.equal(game.toMove, 'second');
  assert.ok(!game.legalActions().includes('4'), 'the segment just drawn');
  playAll(game, '365');
  assert.deepEqual(game.position.ball, { x: 5, y: 8 }, 'through a visited point (6,7): no bounce');
  assert.equal(game.toMove, 'first');
});

test('xrsoccer: a goal after one step scores and the ball restarts on the centre', () => {
  const position = new XrPosition(new Field());
  position.ball = { x: 6, y: 1 };
  assert.equal(position.step(0), 'point');
  assert.deepEqual(position.scores, { first: 1, second: 0 });
  assert.deepEqual(position.ball, { x: 6, y: 9 });
  assert.equal(position.toMove, 'second');
});

test('xrsoccer: a stuck player is carried to the nearest point with a line, the same row first', () => {
  const field = new Field();
  const position = new XrPosition(field);
  position.blocked.fill(0xff);
  const open = (x, y, digits) => {
    let at = { x, y };
    for (const digit of digits) {
      const to = { x: at.x + [0, 1, 1, 1, 0, -1, -1, -1][digit], y: at.y + [-1, -1, 0, 1, 1, 1, 0, -1][digit] };
      position.blocked[position.index(at)] &= ~(1 << digit);
      position.blocked[position.index(to)] &= ~(1 << ((digit + 4) % 8));
      at = to;
    }
  };
  open(9, 9, [2, 2, 2]);
  open(6, 8, [0, 0, 0]);
  assert.equal(position.beginTurn(), null);
  assert.deepEqual(position.relocation, { from: { x: 6, y: 9 }, to: { x: 9, y: 9 } });
  assert.deepEqual(position.ball, { x: 9, y: 9 });
});
