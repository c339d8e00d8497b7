// Checks web/js/kinds/paper-soccer/rules.js against the engine's facts: the goal-mouth walls, bounces, and every game of the kurnik
// corpus (../shared/corpus/kurnik, or KARTKA_CORPUS_DIR) replayed step by step with its recorded result.
// Run with `node --test web/test/`.

import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

import { Pitch, Position, parseDigits } from '../js/kinds/paper-soccer/rules.js';

const [N, NE, E, S, W, NW] = [0, 1, 2, 4, 6, 7];

test('goal mouth: posts enter only diagonally, the middle enters anywhere, nothing leaves a goal', () => {
  const pitch = new Pitch();
  assert.ok(pitch.isWall({ x: 3, y: 0 }, N));
  assert.ok(!pitch.isWall({ x: 3, y: 0 }, NE));
  assert.ok(pitch.isWall({ x: 3, y: 0 }, NW));
  assert.ok(!pitch.isWall({ x: 5, y: 0 }, NW));
  for (const digit of [NW, N, NE]) assert.ok(!pitch.isWall({ x: 4, y: 0 }, digit));
  assert.ok(!pitch.isWall({ x: 3, y: 0 }, E), 'along the mouth is open');
  assert.ok(pitch.isWall({ x: 3, y: 0 }, W), 'along the end line beside it is a wall');
  assert.ok(pitch.isWall({ x: 2, y: 0 }, NE));
  assert.ok(pitch.isWall({ x: 4, y: -1 }, S));
  assert.ok(pitch.isWall({ x: 0, y: 1 }, N));
  assert.ok(!pitch.isWall({ x: 0, y: 1 }, NE));
});

test('the protocol example: a bounce off the post, then a goal', () => {
  const position = new Position(new Pitch());
  for (const digit of [0, 0, 0, 0]) assert.equal(position.step(digit), 'turn_over');
  assert.equal(position.legalDirections().length, 7, 'every way but back down the drawn segment');
  assert.ok(position.wouldBounce(NE), 'the post is a wall point');
  assert.equal(position.step(NE), 'bounce');
  assert.equal(position.toMove, 'first');
  assert.equal(position.step(NW), 'game_over');
  assert.deepEqual(position.outcome, { winner: 'first', reason: 'goal' });
  assert.deepEqual(position.legalDirections(), []);
});

test('an illegal step throws and changes nothing', () => {
  const position = new Position(new Pitch());
  position.step(N);
  const before = position.clone();
  assert.throws(() => position.step(4), /illegal/, 'back along the drawn segment');
  assert.deepEqual(position, before);
});

function corpusDir() {
  const here = dirname(fileURLToPath(import.meta.url));
  return process.env.KARTKA_CORPUS_DIR ?? join(here, '..', '..', '..', 'shared', 'corpus', 'kurnik');
}

/** The games of a kurnik record file: their turns and their `Result` (Black–White). */
function* games(text) {
  for (const chunk of text.split(/\r?\n(?=\[Event )/)) {
    const result = /\[Result "([^"]*)"\]/.exec(chunk)?.[1];
    const movetext = chunk.replace(/\[[^\]]*\]/g, ' ');
    const turns = movetext.split(/\s+/).filter((token) => /^[0-7]+$/.test(token));
    if (result !== undefined) yield { turns, result };
  }
}

test('every game of one corpus day replays with its recorded result', () => {
  const dir = corpusDir();
  const file = readdirSync(dir).filter((name) => name.endsWith('.pgn.gz')).sort()[0];
  assert.ok(file, `a corpus file in ${dir}`);
  let count = 0;
  let finished = 0;
  for (const { turns, result } of games(gunzipSync(readFileSync(join(dir, file))).toString('utf8'))) {
    const position = new Position(new Pitch());
    turns.forEach((turn, t) => {
      const digits = parseDigits(turn);
      digits.forEach((digit, i) => {
        const outcome = position.step(digit);
        const last = i === digits.length - 1;
        if (!last) assert.equal(outcome, 'bounce', `game ${count}, turn ${t}: only the last step ends a turn`);
        else if (t < turns.length - 1) assert.notEqual(outcome, 'bounce', `game ${count}, turn ${t} ends`);
      });
    });
    if (position.outcome) {
      finished += 1;
      // kurnik writes Black–White: 0-1 means White, the first seat, won.
      assert.equal(result, position.outcome.winner === 'first' ? '0-1' : '1-0', `game ${count}`);
    }
    count += 1;
  }
  assert.ok(count > 4000, `read ${count} games`);
  assert.ok(finished > count / 2, `${finished} of ${count} games end by the rules`);
});
