// Checks web/js/kinds/five-in-a-row/rules.js against the rules document and the engine's answers
// (engine/src/kinds/five_in_a_row/): a freestyle win and its row, an exact overline that plays on, caro's blocked
// five, renju's forbidden double three, double four and overline (and White's overline winning), the pro
// openings' distance, swap and swap2 with the second seat taking Black or White or passing the choice back, the
// endless board, a tic-tac-toe draw, the engine's own renju cases and its perft data. Illegal actions are refused
// with the engine's reason and change nothing.
// Run with `node --test web/test/`.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { IllegalAction, Position, parseActions, readRules } from '../js/kinds/five-in-a-row/rules.js';
import { FiveInARowGame } from '../js/kinds/five-in-a-row/game.js';

const GOMOKU = { kind: 'five-in-a-row', width: 15, height: 15, endless: false, line: 5, win: 'freestyle', opening: 'none' };

/** A position of `ruleset` (gomoku's options for the rest) after `moves`, one action each. */
function played(ruleset, moves) {
  const position = new Position({ ...GOMOKU, ...ruleset });
  for (const move of moves) position.play(move);
  return position;
}

/** White stones far from each other and from Black's rows. */
const SCATTERED = ['a1', 'c1', 'e1', 'g1', 'i1', 'k1'];

/** Black's and White's stones interleaved, Black first: `alternate(['h8', 'i8'], ['a1'])` is h8 a1 i8. */
function alternate(black, white) {
  return black.flatMap((stone, index) => (index < white.length ? [stone, white[index]] : [stone]));
}

/** Asserts `action` is refused with `code` and changes nothing. */
function refused(position, action, code) {
  const before = position.clone();
  assert.throws(() => position.play(action), (error) => error instanceof IllegalAction && error.code === code, `${action}: ${code}`);
  assert.deepEqual(position, before, `${action} changed nothing`);
}

test('move texts read as the engine writes them, canonical and space separated', () => {
  assert.deepEqual(parseActions(' h8  A1 y25 =B =W 3,-2 -1000,0 0,0 '), ['h8', 'a1', 'y25', '=B', '=W', '3,-2', '-1000,0', '0,0']);
  for (const bad of ['8h', 'h0', 'h08', 'h100', 'h8h9', '=X', '=Bh8', '3,', '-0,1', '03,1', '10000,1', '1,2,3']) {
    assert.throws(() => parseActions(bad), /not Five in a row notation/, bad);
  }
});

test('options the engine refuses are refused', () => {
  assert.throws(() => readRules({ width: 2, height: 5, line: 3 }), /3 to 25 points/);
  assert.throws(() => readRules({ line: 7 }), /3 to 6 stones/);
  assert.throws(() => readRules({ width: 19, height: 19, win: 'renju' }), /renju is played/);
  assert.throws(() => readRules({ width: 6, height: 6, line: 4, opening: 'pro' }), /at least 7x7/);
  assert.throws(() => readRules({ width: 5, height: 5, line: 3, opening: 'swap2' }), /line of at least 4/);
  assert.deepEqual(readRules({ endless: true, line: 6, win: 'caro', opening: 'long-pro' }),
    { endless: true, width: null, height: null, line: 6, win: 'caro', opening: 'long-pro' });
});

test('freestyle: five in a row wins for the seat playing that colour, and the row is known', () => {
  const position = played({}, alternate(['h8', 'i9', 'j10', 'k11'], ['a1', 'a2', 'a3', 'a4']));
  assert.equal(position.outcome, null);
  assert.equal(position.toMove, 'first');
  position.play('g7');
  assert.deepEqual(position.outcome, { winner: 'first', reason: 'row', ranks: [1, 2] });
  assert.deepEqual(position.winningLine.map(({ x, y }) => [x, y]).sort((a, b) => a[0] - b[0]), [[6, 6], [10, 10]]);
  assert.deepEqual(position.legalActions(), []);
  refused(position, 'o15', 'game_over');
});

test('exact: an overline does not win and play goes on; exactly five does', () => {
  const moves = alternate(['c8', 'd8', 'e8', 'g8', 'h8'], SCATTERED);
  const exact = played({ win: 'exact' }, moves);
  exact.play('f8');
  assert.equal(exact.outcome, null, 'c8–h8 is six: no win');
  assert.equal(exact.toMove, 'second');
  const freestyle = played({}, moves);
  freestyle.play('f8');
  assert.equal(freestyle.outcome.winner, 'first', 'freestyle: six wins');
  const five = played({ win: 'exact' }, alternate(['c8', 'd8', 'e8', 'f8'], ['a1', 'a2', 'a3', 'a4']));
  five.play('g8');
  assert.equal(five.outcome.winner, 'first');
});

test('caro: a five blocked at both ends by the opponent does not win; an edge does not block', () => {
  const blocked = played({ win: 'caro' }, alternate(['b8', 'c8', 'd8', 'e8'], ['a8', 'g8', 'a1', 'a2']));
  blocked.play('f8');
  assert.equal(blocked.outcome, null, 'a8 and g8 are White: b8–f8 is blocked');
  const atEdge = played({ win: 'caro' }, alternate(['a8', 'b8', 'c8', 'd8'], ['f8', 'o1', 'o2', 'o3']));
  atEdge.play('e8');
  assert.equal(atEdge.outcome.winner, 'first', 'the edge and f8: blocked at one end only');
});

test('renju: a double three, a double four and an overline are forbidden to Black, shown and refused', () => {
  const renju = { win: 'renju' };
  const doubleThree = played(renju, alternate(['f8', 'g8', 'h6', 'h7'], ['a1', 'a3', 'o1', 'o3']));
  assert.deepEqual(doubleThree.forbiddenPoints().find(({ point }) => point.x === 7 && point.y === 7)?.shape, 'double-three');
  assert.ok(!doubleThree.legalActions().includes('h8'));
  refused(doubleThree, 'h8', 'forbidden');
  const doubleFour = played(renju, alternate(['e8', 'f8', 'g8', 'h5', 'h6', 'h7'], ['a1', 'a3', 'a5', 'o1', 'o3', 'o5']));
  assert.equal(doubleFour.forbiddenPoints().find(({ point }) => point.x === 7 && point.y === 7)?.shape, 'double-four');
  refused(doubleFour, 'h8', 'forbidden');
  const overline = played(renju, alternate(['c8', 'd8', 'e8', 'g8', 'h8'], SCATTERED));
  refused(overline, 'f8', 'forbidden');
  // A five is never forbidden, even when the same stone also makes a forbidden shape.
  const five = played(renju, alternate(['d8', 'e8', 'f8', 'g8'], ['a1', 'a2', 'a3', 'a4']));
  assert.deepEqual(five.forbiddenPoints().filter(({ point }) => point.y === 7).map(({ shape }) => shape), []);
  five.play('h8');
  assert.equal(five.outcome.winner, 'first');
  // White is never forbidden anything, and its overline wins.
  const white = played(renju, alternate(['a1', 'a2', 'a3', 'a4', 'a6', 'o15'], ['c8', 'd8', 'e8', 'g8', 'h8']));
  assert.deepEqual(white.forbiddenPoints(), [], 'White to move');
  white.play('f8');
  assert.deepEqual(white.outcome, { winner: 'second', reason: 'row', ranks: [2, 1] });
});

test('pro and long-pro: the first stone on the centre, Black\'s second far enough from it', () => {
  const pro = played({ opening: 'pro' }, []);
  assert.deepEqual(pro.legalActions(), ['h8']);
  refused(pro, 'a1', 'not_on_centre');
  pro.play('h8');
  pro.play('h9');
  refused(pro, 'j10', 'too_near_centre');
  assert.ok(pro.legalActions().includes('k8') && !pro.legalActions().includes('j8'));
  pro.play('k8');
  const longPro = played({ opening: 'long-pro' }, ['h8', 'h9']);
  refused(longPro, 'k8', 'too_near_centre');
  longPro.play('l8');
  const endless = new Position({ kind: 'five-in-a-row', endless: true, line: 5, win: 'freestyle', opening: 'long-pro' });
  endless.play('0,0');
  endless.play('1,0');
  assert.ok(!endless.legalActions().includes('3,0') && endless.legalActions().includes('4,0'), 'the endless centre is 0,0');
});

test('swap2: the second seat takes Black, and the first seat, now White, moves next', () => {
  const game = new FiveInARowGame({ ...GOMOKU, opening: 'swap2' });
  assert.equal(game.colourOf('first'), null, 'the seats have no colours yet');
  game.play('h8');
  assert.equal(game.midTurn, true, 'the first seat places three stones in one turn');
  game.play('h9');
  game.play('i8');
  assert.deepEqual([...game.position.stones.values()].map((stone) => stone.colour), ['black', 'white', 'black']);
  assert.equal(game.toMove, 'second');
  assert.equal(game.midTurn, false);
  assert.deepEqual(game.legalActions().slice(0, 2), ['=B', '=W'], 'a choice, or a black stone');
  assert.ok(game.position.choiceDue && game.position.takesStone);
  game.play('=B');
  assert.equal(game.colourOf('second'), 'black');
  assert.equal(game.colourOf('first'), 'white');
  assert.equal(game.toMove, 'first', 'White moves next');
  assert.ok(!game.legalActions().includes('=B'));
  refused(game.position, '=W', 'stone_due');
  game.play('j8');
  assert.equal(game.position.stones.get('9,7').colour, 'white');
  assert.equal(game.toMove, 'second');
});

test('swap2: the second seat takes White and places its stone, or places two and hands the choice back', () => {
  const white = new FiveInARowGame({ ...GOMOKU, opening: 'swap2' });
  ['h8', 'h9', 'i8', '=W'].forEach((action) => white.play(action));
  assert.equal(white.colourOf('second'), 'white');
  assert.equal(white.toMove, 'second');
  assert.equal(white.midTurn, true, 'White\'s fourth stone in the same turn');
  refused(white.position, '=B', 'stone_due');
  white.play('j9');
  assert.equal(white.position.stones.get('9,8').colour, 'white');
  assert.equal(white.toMove, 'first', 'Black moves next');
  const passed = new FiveInARowGame({ ...GOMOKU, opening: 'swap2' });
  ['h8', 'h9', 'i8', 'g8', 'g9'].forEach((action) => passed.play(action));
  assert.deepEqual([...passed.position.stones.values()].map((stone) => stone.colour), ['black', 'white', 'black', 'black', 'white']);
  assert.equal(passed.toMove, 'first');
  assert.deepEqual(passed.legalActions(), ['=B', '=W'], 'a choice alone');
  assert.ok(passed.position.choiceDue && !passed.position.takesStone);
  refused(passed.position, 'a1', 'choice_due');
  passed.play('=B');
  assert.equal(passed.colourOf('first'), 'black');
  assert.equal(passed.toMove, 'second', 'three black stones, two white: White moves');
});

test('swap: the second seat chooses after three stones, and White moves next', () => {
  const game = new FiveInARowGame({ ...GOMOKU, opening: 'swap' });
  ['h8', 'h9', 'i8'].forEach((action) => game.play(action));
  assert.deepEqual(game.legalActions(), ['=B', '=W']);
  game.play('=W');
  assert.equal(game.colourOf('second'), 'white');
  assert.equal(game.toMove, 'second');
  assert.equal(game.midTurn, false);
});

test('the endless board: the first stone on 0,0, then within the line of a stone', () => {
  const position = new Position({ kind: 'five-in-a-row', endless: true, line: 5, win: 'freestyle', opening: 'none' });
  assert.deepEqual(position.legalActions(), ['0,0']);
  refused(position, '1,0', 'not_at_origin');
  refused(position, 'h8', 'other_board');
  position.play('0,0');
  assert.equal(position.legalActions().length, 11 * 11 - 1);
  refused(position, '6,0', 'too_far');
  ['5,5', '0,2', '4,4', '0,-2', '3,3', '2,-3', '2,2', '-3,0'].forEach((action) => position.play(action));
  assert.equal(position.outcome, null);
  position.play('1,1');
  assert.equal(position.outcome.winner, 'second', '1,1 to 5,5');
});

test('tic-tac-toe: a full board without a row is a draw', () => {
  const position = new Position({ kind: 'five-in-a-row', width: 3, height: 3, endless: false, line: 3, win: 'freestyle', opening: 'none' });
  for (const move of ['b2', 'a1', 'c1', 'a3', 'a2', 'c2', 'b1', 'b3']) {
    position.play(move);
    assert.equal(position.outcome, null, move);
  }
  position.play('c3');
  assert.deepEqual(position.outcome, { winner: null, reason: 'board_full', ranks: [1, 1] });
  assert.equal(position.winningLine, null);
});

/** White stones far from every shape the engine's renju tests build around the centre (its FILLERS). */
const FILLERS = ['a1', 'a3', 'a5', 'a11', 'a13', 'a15', 'o1', 'o3', 'o15', 'o13'];

test('renju as the engine\'s tests play it: a double four in one row, a four-three allowed, a five that is also a double four', () => {
  const renju = { win: 'renju' };
  refused(played(renju, alternate(['c8', 'e8', 'g8', 'i8'], FILLERS)), 'f8', 'forbidden');
  assert.equal(played(renju, alternate(['c8', 'e8', 'g8', 'i8'], FILLERS)).forbiddenPoints().find(({ point }) => point.x === 5 && point.y === 7)?.shape, 'double-four');
  played(renju, alternate(['e8', 'f8', 'g8', 'h6', 'h7'], FILLERS)).play('h8');
  const black = ['e8', 'f8', 'g8', 'h8', 'i9', 'i10', 'i11', 'f5', 'g6', 'h7'];
  refused(played(renju, alternate(black.slice(4), FILLERS)), 'i8', 'forbidden');
  const five = played(renju, alternate(black, FILLERS));
  five.play('i8');
  assert.equal(five.outcome.winner, 'first');
});

test('renju: a three whose only straight four would be forbidden is no three (the recursive definition)', () => {
  const renju = { win: 'renju' };
  const white = ['d8', 'a1', 'a3', 'a13', 'a15', 'o1', 'o15', 'o13', 'o3'];
  refused(played(renju, alternate(['f8', 'g8', 'h6', 'h7', 'n14'], white)), 'h8', 'forbidden');
  const recursive = played(renju, alternate(['f8', 'g8', 'i4', 'i5', 'i6', 'i7', 'i9', 'h6', 'h7'], white));
  recursive.play('h8');
  recursive.play('n2');
  assert.throws(() => recursive.clone().play('i8'), (error) => error.code === 'forbidden' && /overline/.test(error.message));
});

test('tic-tac-toe perft to depth 6 matches the engine\'s data file (engine/tests/data/perft/five-in-a-row.txt)', () => {
  const data = readFileSync(new URL('../../engine/tests/data/perft/five-in-a-row.txt', import.meta.url), 'utf8');
  const lines = data.split('\n').filter((line) => line && !line.startsWith('#'));
  assert.ok(lines.length > 0);
  for (const line of lines) {
    const fields = Object.fromEntries(line.split(' ').map((field) => field.split('=')));
    const [width, height] = fields.board.split('x').map(Number);
    const position = new Position({ width, height, line: Number(fields.line), win: fields.win, opening: fields.opening });
    for (const action of fields.moves.split('/').filter(Boolean)) position.play(action);
    // The depths up to a hundred thousand sequences in all (tic-tac-toe's 6, whose count already leaves out the
    // games won at depth 5), so that this stays quick; the engine's perft test covers the rest, to the full board.
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
    walk(position, 0);
    assert.deepEqual(found, counts, line);
  }
});

test('the turn says what the side to act does: choose, choose or place two, or which colour to place', async () => {
  const { default: kind } = await import('../js/kinds/five-in-a-row/index.js');
  const { t } = await import('../js/i18n.js');
  const game = new FiveInARowGame({ ...GOMOKU, opening: 'swap2' });
  assert.equal(kind.messages.turn(game, null), t('five-in-a-row.placeBlack'));
  game.play('h8');
  assert.equal(kind.messages.turn(game, 'alice'), t('five-in-a-row.othersPlaceWhite', { name: 'alice' }));
  ['h9', 'i8'].forEach((action) => game.play(action));
  assert.equal(kind.messages.turn(game, null), t('five-in-a-row.chooseOrPlace'));
  ['g8', 'g9'].forEach((action) => game.play(action));
  assert.equal(kind.messages.turn(game, null), t('five-in-a-row.choose'));
  assert.equal(kind.messages.turn(game, 'bob'), t('five-in-a-row.othersChoose', { name: 'bob' }));
});
