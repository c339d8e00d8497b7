// The browser's mirror of the lines-and-kicks rules (kinds/line-soccer/rules.js) against the engine: turn-token
// perft from the engine's own data file (engine/tests/data/perft/line-soccer.txt) for `line`, `line/opcja1` and
// `russian`, and hand-made positions for kicks. Run with `node --test web/test/`.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { LineSoccerGame } from '../js/kinds/line-soccer/game.js';
import { Position, actionText, parseActions } from '../js/kinds/line-soccer/rules.js';

const RULESETS = {
  line: { kind: 'line-soccer', preset: 'line', width: 20, length: 30 },
  'line/opcja1': { kind: 'line-soccer', preset: 'opcja1', width: 16, length: 20 },
  russian: { kind: 'russian-soccer', width: 40, length: 52 },
};

const other = (seat) => (seat === 'first' ? 'second' : 'first');

/** Calls `visit(after)` for every whole turn the side to move may play. */
function eachTurn(position, visit) {
  for (const action of position.legalActions()) {
    const after = position.clone();
    if (after.play(action) === 'continues') eachTurn(after, visit);
    else visit(after);
  }
}

/** Sequences of `depth` turn tokens, a `-` (a seat that does not act when its token is due) counting as one. */
function perft(position, next, depth) {
  if (depth === 0) return 1;
  if (position.outcome) return 0;
  if (position.toMove !== next) return perft(position, other(next), depth - 1);
  let total = 0;
  eachTurn(position, (after) => {
    total += perft(after, other(next), depth - 1);
  });
  return total;
}

test('turn-token perft agrees with the engine on every position of its data file', () => {
  const file = readFileSync(new URL('../../engine/tests/data/perft/line-soccer.txt', import.meta.url), 'utf8');
  const lines = file.split('\n').filter((line) => line.startsWith('rules='));
  assert.ok(lines.length >= 3);
  for (const line of lines) {
    const [, name, moves, counts] = /^rules=(\S+) moves=(\S*) counts=(\S+)$/.exec(line);
    const position = new Position(RULESETS[name]);
    let next = 'first';
    for (const token of moves ? moves.split(',') : []) {
      if (token !== '-') parseActions(token).forEach((action) => position.play(action));
      next = other(next);
    }
    const expected = counts.split(',').map(Number).slice(0, 2);
    const found = expected.map((_, at) => perft(position, next, at + 1));
    assert.deepEqual(found, expected, line);
  }
});

test('a closed opponent makes the mover kick, and the kick is drawn apart', () => {
  // A small opcja1 field: north three times from the centre, then hem the ball in by hand.
  const game = new LineSoccerGame(RULESETS['line/opcja1']);
  const { drawing } = game.position;
  for (const [x, y] of [[-1, 4], [0, 4], [1, 4], [-1, 3], [1, 3], [-1, 2], [1, 2]]) drawing.points.add(`${x},${y}`);
  ['0', '0', '0'].forEach((step) => game.play(step));
  assert.equal(game.toMove, 'first', 'the second player is closed: the first kicks');
  assert.equal(game.kickDue, 6);
  assert.ok(game.midTurn, 'the kick is part of the same turn');
  const kicks = game.legalActions();
  assert.ok(kicks.length > 0 && kicks.every((action) => action.startsWith('p')), kicks.join());
  game.play('p46');
  assert.ok(game.strokes.slice(-6).every((stroke) => stroke.kick), 'six kicked segments');
  assert.equal(game.kickDue, null);
  assert.equal(game.toMove, 'second');
  assert.throws(() => game.play('p46'), /illegal/);
});

test('notation splits a turn into its steps and kicks and writes them back', () => {
  const actions = parseActions('012p37p214');
  assert.deepEqual(actions.map(actionText), ['0', '1', '2', 'p37', 'p214']);
  assert.throws(() => parseActions('p8'), /not Line Soccer notation/);
  assert.throws(() => parseActions('p30'), /not Line Soccer notation/);
});

test('both rules pages draw their diagrams', async () => {
  // The pages build DOM elements; without a DOM, the diagrams' games are what can fail, so replay them here.
  for (const [ruleset, actions] of [
    [RULESETS['line/opcja1'], ['0', '0', '1']],
    [{ kind: 'russian-soccer', width: 12, length: 16 }, ['0', '0', '0', '2']],
  ]) {
    const game = new LineSoccerGame(ruleset);
    actions.forEach((action) => game.play(action));
    assert.ok(game.legalActions().length > 0);
  }
});
