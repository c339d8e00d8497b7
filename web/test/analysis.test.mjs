// The analysis board's pure parts: where a turn can end (kinds/turn-ends.js through each kind's `turnEnds`),
// checked against an exhaustive search without memo or cap; the variation tree; the shared link's address; the
// bot's evaluation in words.
// Run with `node --test web/test/`.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { AnalysisTree, analysisPath, decodeLine, encodeLine, readAnalysisQuery } from '../js/analysis-tree.js';
import { analysisSeats } from '../js/analysis.js';
import { KINDS, kindOf, loadKind } from '../js/kinds/index.js';
import { TURN_END_WORK } from '../js/kinds/turn-ends.js';
import { describeEvaluation } from '../js/format.js';

// The pages load a kind's rules, notation and board when they show a game (`loadKind`); these tests use them.
for (const key of KINDS.keys()) await loadKind(key);

/** Every end of the turn being played, found the slow way: every line of the turn, nothing remembered. */
function everyEnd(game, where) {
  const ends = new Set();
  const walk = (from) => {
    for (const action of from.legalActions()) {
      const next = from.clone();
      next.play(action);
      if (next.midTurn && !next.outcome) walk(next);
      else ends.add(`${where(next).x},${where(next).y}:${next.outcome?.winner ?? ''}`);
    }
  };
  if (!game.outcome) walk(game);
  return [...ends].sort();
}

const endKeys = ({ ends }) => ends.map(({ at, winner }) => `${at.x},${at.y}:${winner ?? ''}`).sort();

/** A game of `kind` after `count` actions chosen by a fixed sequence, so each run plays the same game. */
function playedGame(kind, count, seed) {
  const game = kind.newGame(kind.defaultRuleset);
  let state = seed;
  for (let k = 0; k < count && !game.outcome; k += 1) {
    state = (state * 1103515245 + 12345) % 2147483648;
    const actions = game.legalActions();
    game.play(actions[state % actions.length]);
  }
  return game;
}

/** The first game of `kind` (seeds and lengths in a fixed order) whose turn ends satisfy `wanted`. */
function findGame(kind, wanted) {
  for (let seed = 1; seed <= 200; seed += 1) {
    for (const count of [10, 20, 30, 40, 60, 80]) {
      const game = playedGame(kind, count, seed);
      const found = kind.turnEnds(game);
      if (wanted(found, game)) return { game, found };
    }
  }
  throw new Error(`no game of ${kind.key} is as wanted`);
}

/** Where the last line drawn ends: the Paper Soccer kinds keep their `steps`, the Line Soccer kinds `strokes`. */
const lastPoint = (game) => (game.steps ?? game.strokes).at(-1).to;
const withTurnEnds = [...KINDS.values()].filter((kind) => kind.turnEnds);

test('the kinds whose turns go on offer where a turn can end', () => {
  assert.ok(withTurnEnds.map((kind) => kind.key).includes('paper-soccer'));
  for (const kind of KINDS.values()) {
    if (kind.turnEnds !== undefined) assert.equal(typeof kind.turnEnds, 'function', kind.key);
  }
});

test('at the start of Paper Soccer every step ends the turn on its own point', () => {
  const kind = kindOf('paper-soccer');
  const found = kind.turnEnds(kind.newGame(kind.defaultRuleset));
  assert.equal(found.capped, false);
  assert.equal(found.ends.length, 8, 'eight neighbours of the centre, none touched yet');
  for (const end of found.ends) {
    assert.equal(end.line.length, 1);
    assert.equal(end.winner, null);
    assert.equal(Math.max(Math.abs(end.at.x - 4), Math.abs(end.at.y - 5)), 1);
  }
});

test('the memoised search finds exactly the ends an exhaustive one finds, and each line gets there', () => {
  for (const kind of withTurnEnds) {
    let compared = 0;
    let bouncing = 0;
    for (let seed = 1; seed <= 15; seed += 1) {
      for (const count of [10, 25, 40, 60]) {
        const game = playedGame(kind, count, seed);
        const found = kind.turnEnds(game);
        // The exhaustive search walks every line of the turn: only where the network is small enough for it.
        if (found.capped || found.work > 3000) continue;
        compared += 1;
        assert.deepEqual(endKeys(found), everyEnd(game, lastPoint), `${kind.key} seed ${seed} after ${count}`);
        for (const { at, line, winner } of found.ends) {
          const replay = game.clone();
          for (const action of line) replay.play(action);
          assert.ok(!replay.midTurn || replay.outcome, `${kind.key}: the line ${line.join('')} ends the turn`);
          assert.deepEqual(lastPoint(replay), at);
          assert.equal(replay.outcome?.winner ?? null, winner);
        }
        if (found.ends.some(({ line }) => line.length > 1)) bouncing += 1;
      }
    }
    assert.ok(compared >= 30, `${kind.key}: ${compared} positions compared`);
    assert.ok(bouncing >= 5, `${kind.key}: positions with bounces among them (${bouncing})`);
  }
});

test('the search stops at its cap and says so, keeping what it found', () => {
  const kind = kindOf('paper-soccer');
  const { game, found: whole } = findGame(kind, (found) => !found.capped && found.work > 40);
  const capped = kind.turnEnds(game, 8);
  assert.equal(capped.capped, true);
  assert.equal(capped.work, 8);
  const all = endKeys(whole);
  for (const key of endKeys(capped)) assert.ok(all.includes(key), `${key} is a real end`);
  assert.equal(kind.turnEnds(game, whole.work).capped, false, 'exactly enough work is not a cap');
});

test('a dense bounce network is cut at the default cap, not searched to its end', () => {
  const kind = kindOf('paper-soccer');
  const { found } = findGame(kind, (result) => result.capped);
  assert.equal(found.work, TURN_END_WORK);
  assert.ok(found.ends.length > 0, 'the ends found before the cap are kept');
});

test('a finished game has no turn to end', () => {
  const kind = kindOf('paper-soccer');
  let game = playedGame(kind, 400, 5);
  for (let seed = 6; !game.outcome; seed += 1) game = playedGame(kind, 400, seed);
  assert.deepEqual(kind.turnEnds(game), { ends: [], capped: false, work: 0 });
});

test('the tree keeps the main line, adds branches, promotes and deletes them', () => {
  const kind = kindOf('paper-soccer');
  const tree = new AnalysisTree(kind, kind.defaultRuleset);
  const main = tree.playLine(['0', '2', '2']);
  assert.deepEqual(tree.line(main), ['0', '2', '2']);
  const afterFirst = tree.root.children[0];
  assert.equal(tree.play(afterFirst, '2'), afterFirst.children[0], 'a known action follows the known node');
  const branch = tree.playLine(['3', '4'], afterFirst);
  assert.deepEqual(tree.line(branch), ['0', '3', '4']);
  assert.equal(tree.branchOf(main), null);
  assert.equal(tree.branchOf(branch), afterFirst.children[1]);
  assert.deepEqual(tree.line(tree.lineEnd(afterFirst)), ['0', '2', '2']);
  assert.equal(branch.seat, 'first', 'the third turn is the first seat\'s');
  assert.equal(branch.number, 2);
  assert.throws(() => tree.play(tree.root, '9'));
  assert.throws(() => tree.play(afterFirst, '4'), 'back along the drawn line');
  assert.equal(afterFirst.children.length, 2, 'an illegal action adds nothing');
  assert.ok(tree.promote(branch));
  assert.deepEqual(tree.line(tree.lineEnd(tree.root)), ['0', '3', '4']);
  assert.equal(tree.promote(branch), false, 'already the main line');
  assert.equal(tree.remove(branch), null, 'the main line is not deleted');
  assert.equal(tree.remove(main), afterFirst);
  assert.deepEqual(afterFirst.children.map((child) => child.action), ['3']);
  assert.equal(tree.step(tree.root, 5), branch);
  assert.equal(tree.step(branch, -2), afterFirst);
  assert.equal(tree.step(branch, -9), tree.root);
});

test('a bounce continues the turn: its actions are one turn of one seat', () => {
  const kind = kindOf('paper-soccer');
  const { game, found } = findGame(kind, (result) => result.ends.some(({ line }) => line.length > 1));
  const long = found.ends.find(({ line }) => line.length > 1);
  const tree = new AnalysisTree(kind, kind.defaultRuleset);
  tree.root.game = game;
  const end = tree.playLine(long.line);
  assert.equal(end.startsTurn, false);
  assert.equal(end.seat, game.toMove);
  assert.equal(tree.root.children[0].startsTurn, true);
});

test('a shared address gives back its line, position and ruleset, whatever the actions hold', () => {
  const line = ['qv', 'STOP', 'a,b', 'D5', '7'];
  assert.deepEqual(decodeLine(encodeLine(line)), line);
  assert.deepEqual(decodeLine(''), []);
  const ruleset = { kind: 'closing-in', size: 8 };
  const scratch = analysisPath({ ruleset, line, ply: 3 });
  assert.ok(scratch.startsWith('/analysis?ruleset='));
  assert.deepEqual(readAnalysisQuery(scratch.slice(scratch.indexOf('?'))), { ruleset, line, ply: 3 });
  const id = '7e8f9a0b-1c2d-4e3f-8a5b-6c7d8e9f0a1b';
  const stored = analysisPath({ gameId: id, ruleset, line: [], ply: 0 });
  assert.equal(stored, `/analysis/${id}?ply=0`);
  assert.deepEqual(readAnalysisQuery('?ply=0'), { ruleset: null, line: [], ply: 0 });
  assert.deepEqual(readAnalysisQuery('?ruleset=%7Bnot&ply=x'), { ruleset: null, line: [], ply: null });
  assert.throws(() => readAnalysisQuery('?moves=%E0%A4%A'), URIError);
});

test('the bot\'s loss for a seat names the winner at a table of two, and the loser at a larger one', () => {
  const two = ['first', 'second'];
  const four = ['first', 'second', 'third', 'fourth'];
  const name = (seat) => `the ${seat} seat`;
  const loss = { kind: 'loss', within: 3 };
  assert.equal(describeEvaluation(loss, 'second', two, name), 'the first seat wins within 3 actions');
  assert.equal(describeEvaluation({ kind: 'loss', within: null }, 'first', two, name), 'the second seat wins (proven by the solver)');
  assert.equal(describeEvaluation(loss, 'second', four, name), 'the second seat loses within 3 actions');
  assert.equal(describeEvaluation({ kind: 'loss', within: null }, 'fourth', four, name), 'the fourth seat loses (proven by the solver)');
  assert.equal(describeEvaluation({ kind: 'win', within: 1 }, 'third', four, name), 'the third seat wins within 1 action');
  assert.equal(describeEvaluation({ kind: 'score', hundredths: 35 }, 'fourth', four, name), '+0.35 for the fourth seat');
});

test('a stored game\'s departure is replayed at its ply: the later moves are the right seats\', a line leaving before it keeps the seat', () => {
  const ruleset = { kind: 'dots-and-boxes', rows: 3, cols: 3, players: 4 };
  const actions = ['a1h', 'a2h', 'a3h', 'b1h'];
  const departures = [{ seat: 'second', ply: 1, reason: 'resignation' }];
  const tree = new AnalysisTree(kindOf(ruleset), ruleset, { actions, departures });
  const end = tree.playLine(actions);
  const line = [];
  for (let at = end; at.parent; at = at.parent) line.unshift(at);
  assert.deepEqual(line.map((n) => n.seat), ['first', 'third', 'fourth', 'first'], 'the turn passes the second seat by');
  assert.deepEqual(line.map((n) => n.number), [1, 1, 1, 2], 'a round goes on past the seat that left');
  assert.deepEqual(line.map((n) => n.startsRound), [true, false, false, true]);
  assert.equal(end.game.toMove, 'third');
  // A variation after the departure keeps it; one from before it is a line where the seat never left.
  assert.equal(tree.play(line[0], 'c1h').seat, 'third');
  const before = tree.play(tree.root, 'c1h');
  assert.equal(before.game.toMove, 'second');
  assert.equal(tree.play(before, 'a1h').seat, 'second');
  // Without the departure the same line would be read as the second seat's.
  const plain = new AnalysisTree(kindOf(ruleset), ruleset).playLine(actions.slice(0, 2));
  assert.equal(plain.seat, 'second');
  // The bot's suggestion is asked with the departures the line has had, and only those.
  assert.deepEqual(tree.departuresOn(end), departures);
  assert.deepEqual(tree.departuresOn(tree.play(line[0], 'c1h')), departures, 'a variation after it keeps it');
  assert.deepEqual(tree.departuresOn(before), [], 'a variation from before it never had it');
  assert.deepEqual(tree.departuresOn(tree.root), [], 'the start is before it');
});

test('rounds are numbered when the first seat has left: a round starts where the seat order starts again', () => {
  const ruleset = { kind: 'dots-and-boxes', rows: 3, cols: 3, players: 3 };
  const actions = ['a1h', 'a2h', 'a3h', 'b1h', 'b2h'];
  const tree = new AnalysisTree(kindOf(ruleset), ruleset, { actions, departures: [{ seat: 'first', ply: 1, reason: 'time' }] });
  const line = [];
  for (let at = tree.playLine(actions); at.parent; at = at.parent) line.unshift(at);
  assert.deepEqual(line.map((n) => [n.seat, n.number]), [['first', 1], ['second', 1], ['third', 1], ['second', 2], ['third', 2]]);
});

test('free analysis counts the seats its ruleset has: Dots and Boxes for two has two, not the kind\'s four', () => {
  const boxes = (players) => ({ kind: 'dots-and-boxes', rows: 5, cols: 5, players });
  assert.deepEqual(analysisSeats({ players: null, ruleset: boxes(2) }), ['first', 'second']);
  assert.deepEqual(analysisSeats({ players: null, ruleset: boxes(3) }), ['first', 'second', 'third']);
  assert.deepEqual(analysisSeats({ players: null, ruleset: { kind: 'dots-and-boxes', rows: 5, cols: 5 } }), ['first', 'second']);
  assert.deepEqual(analysisSeats({ players: null, ruleset: kindOf({ kind: 'paper-soccer' }).defaultRuleset }), ['first', 'second']);
  assert.deepEqual(analysisSeats({ players: [{ name: 'a' }, { name: 'b' }, { name: 'c' }], ruleset: boxes(3) }), ['first', 'second', 'third']);
  // So the bot's loss for one of two is the other's win, as at any table of two.
  const name = (seat) => `the ${seat} seat`;
  assert.equal(describeEvaluation({ kind: 'loss', within: 3 }, 'second', analysisSeats({ players: null, ruleset: boxes(2) }), name),
    'the first seat wins within 3 actions');
});
