// Checks web/js/kinds/racetrack/rules.js against the engine (engine/src/kinds/racetrack/): the shipped tracks
// read from their files' maps as the server serves them, the engine's exact segment tests, the engine's perft
// data (so the nine targets, crashes and occupied points agree move for move), a crash's cost and skipped turn,
// the finish after a full lap, and a seat that leaves. Run with `node --test web/test/`.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { Position, Track, cellsMet, meets, parseMove } from '../js/kinds/racetrack/rules.js';

/** A shipped track as `GET /api/tracks/{hash}` serves it: its name and its map's rows. */
function shipped(name) {
  const text = readFileSync(new URL(`../../engine/src/kinds/racetrack/tracks/${name}.track`, import.meta.url), 'utf8');
  const lines = text.split('\n');
  const rows = lines.slice(lines.indexOf('map:') + 1).map((row) => row.trimEnd());
  while (rows.length && rows.at(-1) === '') rows.pop();
  return new Track({ name, hash: 'test', rows });
}

const race = (name, players, options = {}) => new Position({ kind: 'racetrack', track: name, players, ...options }, shipped(name));

function perft(position, depth) {
  if (depth === 0) return 1;
  let count = 0;
  for (const move of position.legalMoves()) {
    const next = position.clone();
    next.play(move);
    count += depth === 1 ? 1 : perft(next, depth - 1);
  }
  return count;
}

test('a segment meets the cells it passes through in order and not the ones it touches, as the engine', () => {
  const cells = (from, to) => cellsMet(from, to).map(({ x, y }) => [x, y]);
  assert.deepEqual(cells({ x: 0, y: 0 }, { x: 3, y: 0 }), [[0, 0], [1, 0], [2, 0], [3, 0]]);
  assert.deepEqual(cells({ x: 0, y: 0 }, { x: 2, y: 2 }), [[0, 0], [1, 1], [2, 2]]);
  assert.deepEqual(cells({ x: 0, y: 0 }, { x: 2, y: 1 }), [[0, 0], [1, 0], [1, 1], [2, 1]]);
  assert.deepEqual(cells({ x: 0, y: 3 }, { x: 1, y: 0 }), [[0, 3], [0, 2], [1, 1], [1, 0]]);
  assert.equal(meets({ x: 0, y: 0 }, { x: 2, y: 2 }, { x: 1, y: 0 }), false);
});

test('moves read as keypad digits or points and nothing else', () => {
  assert.deepEqual(parseMove('7'), { digit: 7 });
  assert.deepEqual(parseMove('12,-3'), { point: { x: 12, y: -3 } });
  for (const bad of ['0', '10', '', 'a', '1,', ',2', '1,2,3']) assert.throws(() => parseMove(bad), /not Racetrack notation/, bad);
});

test('the legal moves from the start count as the engine counts them (its perft data)', () => {
  const data = readFileSync(new URL('../../engine/tests/data/perft/racetrack.txt', import.meta.url), 'utf8');
  const races = data.split('\n').filter((line) => line.startsWith('track='));
  assert.ok(races.length >= 4);
  for (const line of races) {
    const { track, players, counts } = Object.fromEntries(line.split(' ').map((pair) => pair.split('=')));
    // The deepest counts take long in a browser's rules; four plies cover crashes and occupied points.
    const expected = counts.split(',').map(Number).slice(0, 4);
    const position = race(track, Number(players));
    assert.deepEqual(expected.map((_, depth) => perft(position, depth + 1)), expected, line);
  }
});

test('a crash stops the car before the wall, costs a hit point and its next turn', () => {
  const position = race('sprint', 2);
  const start = position.cars[0].position;
  // Straight up from the first start cell, in the top row of the track: a wall right above it.
  const up = position.targets().find((target) => target.digit === 8);
  assert.equal(up.crash, true, `${JSON.stringify(start)} has a wall above`);
  position.play('8');
  const car = position.cars[0];
  assert.deepEqual(car.position, start);
  assert.deepEqual(car.velocity, { x: 0, y: 0 });
  assert.equal(car.hitPoints, 4);
  assert.deepEqual(car.crashes, [start]);
  assert.equal(position.toMove, 'second');
  position.play('5');
  // The first seat skips its turn: the second moves again.
  assert.equal(position.toMove, 'second');
  assert.equal(position.cars[0].skipsTurn, false);
});

test('under crash: out the first crash puts the car out, and the last car racing ends the race once ranks are settled', () => {
  const position = race('sprint', 2, { crash: 'out' });
  position.play('8');
  assert.deepEqual(position.cars[0].standing, { out: 1 });
  assert.deepEqual(position.outcome, { winner: 'second', reason: 'score', ranks: [2, 1] });
});

test('a seat that leaves is ranked below the cars out by crashing, and the others race on', () => {
  const position = race('oval', 3, { crash: 'out' });
  position.leave('second', 'resignation');
  assert.equal(position.outcome, null);
  const crash = position.targets().find((target) => target.crash);
  assert.ok(crash, 'a target off the track');
  position.play(String(crash.digit));
  assert.deepEqual(position.outcome, { winner: 'third', reason: 'score', ranks: [2, 3, 1] });
});

test('a car finishes crossing the line after a lap through every touch point, and ranks first', () => {
  // The line is the S/F column x = 4, racing east; one touch point, o, on the bottom straight.
  const track = new Track({ name: 'ring', hash: 'test', rows: ['#########', '#...S...#', '#.>.S...#', '#...F...#', '#..###..#', '#..o....#', '#########'] });
  const position = new Position({ kind: 'racetrack', players: 2 }, track);
  const lap = ['5,1', '6,2', '7,3', '7,4', '7,5', '6,5', '5,5', '4,5', '3,5', '2,5', '1,4', '1,3', '1,2', '2,1', '3,1', '4,1'];
  lap.forEach((point, index) => {
    assert.equal(position.toMove, 'first', point);
    position.play(point);
    const car = position.cars[0];
    assert.deepEqual(car.trail.at(-1), { x: Number(point.split(',')[0]), y: Number(point.split(',')[1]) });
    if (index < lap.length - 1) {
      assert.ok(car.standing.running, `still racing at ${point}`);
      // The second car waits on its start cell.
      position.play('5');
    }
  });
  assert.equal(position.cars[0].touched, track.allTouched);
  assert.deepEqual(position.cars[0].standing, { finished: lap.length });
  // The second car could still tie in the same round; once it has moved, the ranks are settled.
  assert.equal(position.outcome, null);
  position.play('5');
  assert.deepEqual(position.outcome, { winner: 'first', reason: 'score', ranks: [1, 2] });
});

test('the same lap without its touch point crosses the line and races on', () => {
  const track = new Track({ name: 'ring', hash: 'test', rows: ['#########', '#...S...#', '#.>.S...#', '#...F...#', '#..###..#', '#o......#', '#########'] });
  const position = new Position({ kind: 'racetrack', players: 2 }, track);
  for (const point of ['5,1', '6,2', '7,3', '7,4', '7,5', '6,5', '5,5', '4,5', '3,5', '2,5', '1,4', '1,3', '1,2', '2,1', '3,1']) {
    position.play(point);
    position.play('5');
  }
  position.play('4,1');
  assert.equal(position.cars[0].laps, 1);
  assert.ok(position.cars[0].standing.running, 'the touch point at 1,5 was passed only through its corner');
});

test('a game is built once its track is fetched by the hash its ruleset names, and refused before', async () => {
  const { default: play } = await import('../js/kinds/racetrack/play.js');
  const { rows } = shipped('sprint');
  const hash = 'ab'.repeat(32);
  const ruleset = { kind: 'racetrack', track: 'sprint', track_hash: hash, players: 3 };
  assert.throws(() => play.newGame(ruleset), /not loaded/);
  const asked = [];
  globalThis.fetch = async (url) => {
    asked.push(url);
    return { ok: true, json: async () => ({ name: 'sprint', version: 1, hash, fewest_moves: null, rows }) };
  };
  try {
    await play.prepare(ruleset);
    await play.prepare(ruleset);
  } finally {
    delete globalThis.fetch;
  }
  assert.deepEqual(asked, [`/api/tracks/${hash}`], 'fetched once');
  const game = play.newGame(ruleset);
  assert.equal(game.position.cars.length, 3);
  assert.deepEqual(game.legalActions(), race('sprint', 3).legalMoves());
  const [first] = game.legalActions();
  assert.deepEqual(play.notation.actions(first), [first]);
  assert.equal(play.notation.actionCount('4,1'), 1);
  assert.throws(() => play.notation.actionCount('4 1'), /not Racetrack notation/);
  game.leave('second', 'resignation');
  assert.deepEqual(game.position.cars[1].standing, { left: 0 });
});

test('a track the server lacks is refused when it is fetched', async () => {
  const { default: play } = await import('../js/kinds/racetrack/play.js');
  globalThis.fetch = async () => ({ ok: false, status: 404 });
  try {
    await assert.rejects(play.prepare({ kind: 'racetrack', track: 'gone', track_hash: 'cd'.repeat(32) }), /404/);
  } finally {
    delete globalThis.fetch;
  }
});
