// Sea Battle in the browser (js/kinds/sea-battle/): the notation of every text a viewer receives, the fleet check
// the engine makes, the random fleet's legality, the game rebuilt from a sequence of projected moves for a player
// and a spectator, and the verification at the end: the commitments recomputed with the engine's formula and a
// moved ship caught. Run with `node --test web/test/`.

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';

import { loadKind } from '../js/kinds/index.js';
import { commitmentOf } from '../js/kinds/commitment.js';
import {
  FLEETS, cellName, checkFleet, firstFleet, fleetText, parseCell, parseFleet, parseShip, parseShots, randomFleet, readRules,
  reach, shipCells, shipName, shotText,
} from '../js/kinds/sea-battle/rules.js';
import { SeaBattleGame } from '../js/kinds/sea-battle/game.js';

const kind = await loadKind('sea-battle');
const GAME_ID = '5b0d7c1e-2f4a-4b6c-8d9e-0a1b2c3d4e5f';
const CLASSIC = { kind: 'sea-battle', fleet: 'classic' };
const FIRST_FLEET = 'F:A1-A4,C1-C3,E1-E3,G1-G2,I1-I2,A6-A7,C6,E6,G6,I6';
const SECOND_FLEET = 'F:J1-J4,A10-C10,E10-G10,A8-B8,D8-E8,G8-H8,A1,C1,E1,G1';

/** The engine's commitment (engine/src/commitment.rs), with node's own SHA-256. */
function engineCommitment(seat, secret, nonceHex) {
  return createHash('sha256').update(`kartka-commit/v1\n${GAME_ID}\n${seat}\n${secret}\n`).update(Buffer.from(nonceHex, 'hex')).digest('hex');
}

/** A generator of numbers in [0, 1) from a seed (mulberry32), so that many draws are the same every run. */
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test('cells, ships and fleets read and write as the engine does', () => {
  assert.equal(cellName(0), 'A1');
  assert.equal(cellName(99), 'J10');
  assert.equal(parseCell('E5'), 44);
  for (const bad of ['K1', 'A11', 'A0', 'a1', 'E5x']) assert.equal(parseCell(bad), -1, bad);
  assert.equal(shipName(parseShip('A4-A1')), 'A1-A4');
  assert.equal(shipName(parseShip('C7')), 'C7');
  assert.equal(shipName(parseShip('B2-B2')), 'B2');
  assert.equal(parseShip('A1-B2'), null);
  assert.equal(fleetText(parseFleet('F:C7,A4-A1,J8-H8')), 'F:A1-A4,H8-J8,C7', 'the canonical order, as the engine writes it');
  assert.equal(parseFleet('F A1'), null);
  assert.equal(parseFleet('F:A1,K1'), null);
  assert.equal(fleetText(parseFleet(FIRST_FLEET)), FIRST_FLEET);
});

test('every public and private text reads: fleets, misses, hits, sinks and a shot on its way', () => {
  assert.deepEqual(parseShots('E5.'), [{ cell: 44, answer: 'miss' }]);
  assert.deepEqual(parseShots('E5x'), [{ cell: 44, answer: 'hit' }]);
  const [sunk] = parseShots('E5#E3-E6');
  assert.equal(sunk.answer, 'sunk');
  assert.equal(shipName(sunk.ship), 'E3-E6');
  assert.equal(shotText(parseShots('C6#C6')[0]), 'C6#C6');
  assert.deepEqual(parseShots('A1x A2x A3.').map(shotText), ['A1x', 'A2x', 'A3.']);
  assert.deepEqual(parseShots('E5'), [{ cell: 44, answer: null }], "the mover's own shot before its answer");
  for (const bad of ['', 'E5?', 'E5#F1-F3', 'E5x  E6.', 'K1.', 'F']) assert.equal(parseShots(bad), null, bad);
  assert.deepEqual(kind.notation.actions('A1x A2x A3.'), ['A1x', 'A2x', 'A3.']);
  assert.equal(kind.notation.actionCount('A1x A2x A3.'), 3);
  assert.equal(kind.notation.actionCount(FIRST_FLEET), 1);
  assert.equal(kind.notation.actionCount('F'), 1);
  assert.deepEqual(kind.notation.actions('F5x F6.'), ['F5x', 'F6.'], 'shots at column F are no fleet');
  assert.equal(kind.notation.display(FIRST_FLEET), 'fleet', 'a fleet reads as a word in the move list');
  assert.equal(kind.notation.display('E5x E6.'), 'E5x E6.');
});

test('the fleet check is the engine\'s: the exact ships, apart as touching says', () => {
  const classic = readRules(CLASSIC);
  assert.deepEqual([classic.touching, classic.shootAgain], ['none', true], 'the classic fleet\'s defaults');
  const hasbro = readRules({ kind: 'sea-battle', fleet: 'hasbro' });
  assert.deepEqual([hasbro.touching, hasbro.shootAgain], ['any', false], 'Hasbro\'s defaults');
  assert.equal(readRules({ fleet: 'hasbro', touching: 'sides', shoot_again: true }).touching, 'sides');
  assert.throws(() => readRules({ fleet: 'salvo' }), /classic or hasbro/);

  assert.equal(checkFleet(parseFleet(FIRST_FLEET), classic), null);
  assert.deepEqual(checkFleet(parseFleet('F:A1-A4,C1-C3'), classic), { problem: 'missing', left: [3, 2, 2, 2, 1, 1, 1, 1] });
  assert.deepEqual(checkFleet(parseFleet('F:A1-A5'), classic), { problem: 'wrong' });
  // B1-B3 beside A1-A4: side by side.
  const beside = parseFleet('F:A1-A4,B1-B3');
  assert.equal(checkFleet(beside, classic).problem, 'touch');
  // Five Hasbro ships packed in rows touch side by side: allowed by Hasbro's default, not with `sides`.
  const packed = parseFleet('F:A1-E1,A2-D2,A3-C3,A4-C4,A5-B5');
  assert.equal(checkFleet(packed, hasbro), null);
  assert.equal(checkFleet(packed, { ...hasbro, touching: 'sides' }).problem, 'touch');
  // Ships that meet only at a corner: allowed with `sides`, refused with `none`.
  const corner = parseFleet('F:A1-E1,F2-I2,A5-C5,A7-C7,A9-B9');
  assert.equal(checkFleet(corner, { ...hasbro, touching: 'sides' }), null);
  assert.equal(checkFleet(corner, { ...hasbro, touching: 'none' }).problem, 'touch');
  assert.equal(checkFleet(parseFleet('F:A1-E1,A1-A4,A5-C5,A7-C7,A9-B9'), hasbro).problem, 'overlap');
  assert.deepEqual([...reach(new Set([0]), 'sides')].sort((a, b) => a - b), [0, 1, 10]);
  assert.deepEqual([...reach(new Set([0]), 'none')].sort((a, b) => a - b), [0, 1, 10, 11]);
});

test('the random fleet is legal in many draws, for both fleets and every touching rule', () => {
  for (const fleet of Object.keys(FLEETS)) {
    for (const touching of ['none', 'sides', 'any']) {
      const rules = readRules({ fleet, touching });
      const random = seeded(fleet.length * 31 + touching.length);
      const seen = new Set();
      for (let draw = 0; draw < 300; draw += 1) {
        const ships = randomFleet(rules, random);
        assert.equal(checkFleet(ships, rules), null, `${fleet}, ${touching}: ${fleetText(ships)}`);
        assert.equal(fleetText(parseFleet(fleetText(ships))), fleetText(ships), 'canonical');
        seen.add(fleetText(ships));
      }
      assert.ok(seen.size > 290, `${fleet}, ${touching}: the draws differ (${seen.size} of 300)`);
      assert.equal(checkFleet(firstFleet(rules), rules), null, `${fleet}, ${touching}: the first fleet is legal`);
    }
  }
});

test('the random fleet is uniform over the legal layouts of a small fleet', () => {
  // Two ships of nine cells on the 10 × 10 grid: every legal layout (counted here pair by pair, ships of equal
  // length not told apart) comes about equally often, by Pearson's chi-square with a bound of six deviations; a
  // seeded generator keeps the test from flaking.
  for (const touching of ['none', 'sides']) {
    const rules = { lengths: [9, 9], touching };
    const places = [];
    for (let start = 0; start < 100; start += 1) {
      for (const vertical of [false, true]) if (shipCells({ start, length: 9, vertical })) places.push({ start, length: 9, vertical });
    }
    let layouts = 0;
    places.forEach((a, i) => places.slice(i + 1).forEach((b) => { layouts += checkFleet([a, b], rules) === null ? 1 : 0; }));
    const random = seeded(touching.length);
    const counts = new Map();
    const perLayout = 100;
    for (let draw = 0; draw < layouts * perLayout; draw += 1) {
      const key = fleetText(randomFleet(rules, random));
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    assert.equal(counts.size, layouts, `${touching}: every legal layout is drawn, and nothing else`);
    const chi = [...counts.values()].reduce((sum, count) => sum + (count - perLayout) ** 2 / perLayout, 0);
    const freedom = layouts - 1;
    assert.ok(chi < freedom + 6 * Math.sqrt(2 * freedom), `${touching}: chi-square ${chi} with ${freedom} degrees`);
  }
});

/** The moves of a short game as the server stores them, each with the public text, the mover's own text and the
 * fleet's commitment and nonce: the second seat's fleet has a ship of four at J1-J4 that the first seat sinks. */
const NONCES = { first: '01'.repeat(32), second: 'ab'.repeat(32) };
const MOVES = [
  { seat: 'second', public: 'F', own: SECOND_FLEET },
  { seat: 'first', public: 'F', own: FIRST_FLEET },
  { seat: 'first', public: 'J1x J2x J3x J4#J1-J4 H1.' },
  { seat: 'second', public: 'A1x B1.' },
  { seat: 'first', public: 'A10x' },
];

/** Those moves as `viewer` (a seat, or null for a spectator) receives them. */
function projected(viewer) {
  return MOVES.map((move) => {
    const record = { seat: move.seat, notation: move.own && move.seat === viewer ? move.own : move.public };
    if (move.own) {
      record.commitment = engineCommitment(move.seat, move.own, NONCES[move.seat]);
      if (move.seat === viewer) Object.assign(record, { secret: move.own, nonce: NONCES[move.seat] });
    }
    return record;
  });
}

function replay(viewer, count = MOVES.length) {
  const game = kind.newGame(CLASSIC, { id: GAME_ID });
  for (const record of projected(viewer).slice(0, count)) {
    for (const action of kind.notation.actions(record.notation)) game.play(action, record.seat, record);
  }
  return game;
}

test('the view is rebuilt from the moves the viewer received: its own fleet, every shot, nobody else\'s fleet', () => {
  const setup = replay('first', 1);
  assert.deepEqual(setup.seatsToAct, ['first'], 'the second seat is ready, the first still places');
  assert.equal(setup.position.grids.second.fleet, null, 'the opponent\'s fleet is never in the view');
  assert.equal(setup.isLegal(FIRST_FLEET, 'first'), true);
  assert.equal(setup.isLegal('F:A1-A4,B1-B3', 'first'), false, 'a fleet the rules refuse');
  assert.equal(setup.isLegal(FIRST_FLEET, 'second'), false, 'a seat that placed its fleet');
  assert.equal(setup.isLegal('E5', 'first'), false, 'no shot in setup');
  const start = kind.newGame(CLASSIC);
  assert.deepEqual(start.seatsToAct, ['first', 'second'], 'both place their fleets at once');

  const game = replay('first');
  const { grids } = game.position;
  assert.equal(fleetText(grids.first.fleet), FIRST_FLEET);
  assert.equal(grids.second.fleet, null);
  assert.equal(grids.second.sunk.map(shipName).join(), 'J1-J4');
  // Around the sunk J1-J4, I1–I5 and J5 are known empty (no touching): shooting there is refused.
  assert.deepEqual([...grids.second.knownEmpty].map(cellName).sort(), ['I1', 'I2', 'I3', 'I4', 'I5', 'J5']);
  assert.equal(game.isLegal('I3', 'first'), false);
  assert.equal(grids.first.shots.get(parseCell('A1')), 'hit', 'the opponent\'s shots on the own grid');
  // A10 was a hit, and the classic rules shoot again.
  assert.deepEqual(game.seatsToAct, ['first']);
  assert.equal(game.midTurn, true);
  assert.equal(game.isLegal('B10', 'first'), true);
  assert.equal(game.isLegal('A10', 'first'), false, 'a cell shot before');
  assert.equal(game.isLegal('B10', 'second'), false, 'not the shooter');

  const spectator = replay(null);
  assert.equal(spectator.position.grids.first.fleet, null, 'a spectator sees no fleet');
  assert.equal(spectator.position.grids.second.sunk.length, 1, 'but every sunk ship');
  assert.deepEqual(spectator.seatsToAct, ['first']);

  // The viewer's own shot on its way: nobody acts until its answer comes.
  const waiting = game.clone();
  waiting.play('B10', 'first');
  assert.deepEqual(waiting.seatsToAct, []);
  assert.deepEqual(game.seatsToAct, ['first'], 'the clone played, not the game');
  assert.throws(() => game.play('A10x', 'first'), /not open/);
});

test('a miss passes the turn, and sinking the last ship ends the game', () => {
  const rules = readRules(CLASSIC);
  const fleet = parseFleet(SECOND_FLEET);
  const game = kind.newGame(CLASSIC);
  game.play('F', 'first');
  game.play('F', 'second');
  assert.deepEqual(game.seatsToAct, ['first']);
  game.play('E5.', 'first');
  assert.deepEqual(game.seatsToAct, ['second'], 'a miss passes the turn');
  game.play('E5.', 'second');
  const shot = new Set();
  for (const s of fleet) {
    for (const cell of shipCells(s)) {
      const answer = shotText({ ...(shipCells(s).every((c) => c === cell || shot.has(c)) ? { answer: 'sunk', ship: s } : { answer: 'hit' }), cell });
      shot.add(cell);
      game.play(answer, 'first');
    }
  }
  assert.deepEqual(game.outcome, { winner: 'first', reason: 'fleet_sunk' });
  assert.deepEqual(game.seatsToAct, []);
  assert.equal(rules.lengths.reduce((a, b) => a + b), shot.size);
  const hasbro = kind.newGame({ kind: 'sea-battle', fleet: 'hasbro' });
  hasbro.play('F', 'first');
  hasbro.play('F', 'second');
  hasbro.play('A1x', 'first');
  assert.deepEqual(hasbro.seatsToAct, ['second'], 'Hasbro: a hit does not shoot again');
});

test('the commitment is the engine\'s formula, and the game verifies once both fleets are revealed', async () => {
  assert.equal(await commitmentOf(GAME_ID, 'first', FIRST_FLEET, NONCES.first), engineCommitment('first', FIRST_FLEET, NONCES.first));
  // A known vector, computed once with the engine's formula: it pins the input's layout.
  assert.equal(await commitmentOf(GAME_ID, 'second', 'S:0123', '07'.repeat(32)),
    createHash('sha256').update(Buffer.concat([Buffer.from(`kartka-commit/v1\n${GAME_ID}\nsecond\nS:0123\n`), Buffer.alloc(32, 7)])).digest('hex'));
  assert.equal(await commitmentOf(GAME_ID, 'first', FIRST_FLEET, '01'), null, 'a nonce of 32 bytes only');

  const game = replay('first');
  assert.equal(await game.verify(), null, 'nothing to verify while the opponent\'s fleet is secret');
  const revealed = MOVES.filter((move) => move.own).sort((a, b) => a.seat.localeCompare(b.seat)).map((move) => ({
    seat: move.seat, notation: move.own, secret: move.own, nonce: NONCES[move.seat], commitment: engineCommitment(move.seat, move.own, NONCES[move.seat]),
  }));
  const ended = game.clone();
  ended.reveal(revealed);
  assert.equal(fleetText(ended.position.grids.second.fleet), SECOND_FLEET, 'the opponent\'s fleet, drawn at the end');
  assert.deepEqual(await ended.verify(), { verified: true, answers: 8 });

  // A fleet moved after the fact: its commitment fails.
  const moved = fleetText(parseFleet(SECOND_FLEET.replace('A10-C10', 'J6-J8')));
  assert.equal(checkFleet(parseFleet(moved), readRules(CLASSIC)), null, 'the moved fleet is legal');
  const tampered = game.clone();
  tampered.reveal([revealed[0], { ...revealed[1], notation: moved, secret: moved }]);
  assert.deepEqual(await tampered.verify(), { verified: false, seat: 'second', problem: 'commitment' });
  // The forger recomputed the commitment too: the answer A10x no longer holds.
  const forged = game.clone();
  forged.reveal([revealed[0], { ...revealed[1], notation: moved, secret: moved, commitment: engineCommitment('second', moved, NONCES.second) }]);
  assert.deepEqual(await forged.verify(), { verified: false, seat: 'second', problem: 'answer', shot: 'A10x', truth: 'A10.' });
});

test('a finished game\'s snapshot, every move in its whole version, shows both fleets and verifies', async () => {
  const game = kind.newGame(CLASSIC, { id: GAME_ID });
  for (const move of MOVES) {
    const record = { seat: move.seat, notation: move.own ?? move.public };
    if (move.own) Object.assign(record, { secret: move.own, nonce: NONCES[move.seat], commitment: engineCommitment(move.seat, move.own, NONCES[move.seat]) });
    for (const action of kind.notation.actions(record.notation)) game.play(action, record.seat, record);
  }
  assert.equal(fleetText(game.position.grids.second.fleet), SECOND_FLEET);
  assert.deepEqual(await game.verify(), { verified: true, answers: 8 });
});

test('the game model follows a simultaneous setup: both seats to act, both clocks running, the reveal at the end', async () => {
  const { GameModel } = await import('../js/game-model.js');
  const { cardState } = await import('../js/player-card.js');
  const clocks = { ms: [60000, 60000], running: 'first', running_seats: ['first', 'second'] };
  const [secondsFleet, firstsFleet, ...shots] = projected('first');
  const model = new GameModel({
    id: GAME_ID,
    players: ['alice', 'bob'].map((name) => ({ account_id: name, name, guest: false })),
    ruleset: CLASSIC,
    time_control: { type: 'fischer', initial_seconds: 60, increment_seconds: 0 },
    speed: 'bullet',
    rated: false,
    status: 'active',
    result: null,
    moves: [],
    ply: 0,
    to_act: 'first',
    seats_to_act: ['first', 'second'],
    mid_turn: false,
    clocks,
    clocks_at_ms: 1000,
    draw_offer: null,
    seq: 1,
    created_at_ms: 0,
  });
  assert.deepEqual(model.seatsToAct(), ['first', 'second']);
  const { firstMoveNote, firstMoveNotice } = await import('../js/first-move.js');
  const waiting = Object.create(model, { clocks: { value: { ...clocks, first_move_ms: 30000 } } });
  for (const seat of ['first', 'second']) {
    assert.notEqual(firstMoveNote(waiting, seat, 1000), '', `${seat}'s first-move time runs`);
    assert.equal(firstMoveNotice(waiting, seat, 1000), firstMoveNotice(waiting, 'first', 1000), `${seat} reads it as its own`);
  }
  for (const seat of ['first', 'second']) {
    const state = cardState(model, seat, 2000);
    assert.equal(state.toMove, true, `${seat} is to act`);
    assert.equal(state.running, true, `${seat}'s clock runs`);
    assert.equal(model.timeLeft(seat, 2000), 59000);
  }
  let seq = 1;
  const moved = (record, seatsToAct) => model.apply({ seq: (seq += 1), at_ms: 3000, event: {
    type: 'moved', ply: model.ply, turn_ended: true, at_ms: 3000, clocks: { ms: [59000, 58000], running: seatsToAct[0] ?? null, running_seats: seatsToAct },
    seats_to_act: seatsToAct, ...record } });
  moved(secondsFleet, ['first']);
  assert.deepEqual(model.seatsToAct(), ['first'], 'the second seat is ready');
  assert.equal(cardState(model, 'second', 4000).running, false);
  moved(firstsFleet, ['first']);
  for (const shot of shots) moved(shot, [shot.seat]);
  assert.equal(model.ply, 10, 'a fleet is one action, each shot one');
  assert.equal(model.game.position.grids.second.fleet, null);
  model.apply({ seq: (seq += 1), at_ms: 5000, event: {
    type: 'ended', result: { ranks: [2, 1], winner: 'second', reason: 'resignation' }, clocks: { ms: [50000, 50000], running: null },
    revealed: [
      { seat: 'second', notation: SECOND_FLEET, secret: SECOND_FLEET, nonce: NONCES.second, commitment: engineCommitment('second', SECOND_FLEET, NONCES.second) },
      { seat: 'first', notation: FIRST_FLEET, secret: FIRST_FLEET, nonce: NONCES.first, commitment: engineCommitment('first', FIRST_FLEET, NONCES.first) },
    ] } });
  assert.deepEqual(model.seatsToAct(), []);
  assert.equal(fleetText(model.game.position.grids.second.fleet), SECOND_FLEET);
  assert.deepEqual(await model.game.verify(), { verified: true, answers: 8 });
});
