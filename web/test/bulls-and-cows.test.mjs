// Bulls and Cows in the browser (js/kinds/bulls-and-cows/): the notation of every text a viewer receives, the
// code check and scoring the engine makes, the game rebuilt from a sequence of projected moves for each player
// and a spectator, and the verification at the end: the commitments recomputed with the engine's formula and a
// changed secret caught. Run with `node --test web/test/`.

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';

import { loadKind } from '../js/kinds/index.js';
import { allCodes, answerText, checkCode, parseMove, parseRound, readRules, score } from '../js/kinds/bulls-and-cows/rules.js';

const kind = await loadKind('bulls-and-cows');
const GAME_ID = '0f8e2a4c-1d3b-4e5f-9a7b-6c5d4e3f2a1b';
const RULES = { kind: 'bulls-and-cows', digits: 4, leading_zero: true, max_rounds: 10 };
const NONCES = { first: '07'.repeat(32), second: 'c3'.repeat(32) };
const SECRETS = { first: 'S:6109', second: 'S:1234' };

/** The engine's commitment (engine/src/commitment.rs), with node's own SHA-256. */
function engineCommitment(seat, secret, nonceHex) {
  return createHash('sha256').update(`kartka-commit/v1\n${GAME_ID}\n${seat}\n${secret}\n`).update(Buffer.from(nonceHex, 'hex')).digest('hex');
}

test('every public and private text reads', () => {
  assert.deepEqual(parseMove('S'), { type: 'secretPlaced' });
  assert.deepEqual(parseMove('S:0123'), { type: 'secret', code: '0123' });
  assert.deepEqual(parseMove('G'), { type: 'guessPlaced' });
  assert.deepEqual(parseMove('0123'), { type: 'guess', code: '0123' });
  assert.deepEqual(parseMove('0123=1B1C 4567=0B2C'), { type: 'round', round: [
    { guess: '0123', bulls: 1, cows: 1 }, { guess: '4567', bulls: 0, cows: 2 }] });
  for (const bad of ['', 'S:01', 'S0123', '0123=1B', '0123=1B1C', '0123=1B1C  4567=0B2C', '0123=10B0C 4567=0B2C', 'H']) {
    assert.equal(parseMove(bad), null, bad);
  }
  assert.equal(parseRound('0123=1B1C'), null, 'a round is both seats\' guesses');
  assert.deepEqual(kind.notation.actions('0123=1B1C 4567=0B2C'), ['0123=1B1C 4567=0B2C'], 'the completing guess is one action');
  assert.equal(kind.notation.actionCount('0123=1B1C 4567=0B2C'), 1);
  assert.equal(kind.notation.actionCount('S:0123'), 1);
  assert.equal(kind.notation.actionCount('G'), 1);
  assert.deepEqual(['S', 'S:0123', 'G', '0123'].map(kind.notation.display), ['secret', 'secret 0123', 'guess', '0123']);
});

test('codes are checked and scored as the engine does', () => {
  const rules = readRules(RULES);
  assert.equal(answerText(score('6109', '0123')), '1B1C', 'the seed\'s example');
  assert.equal(answerText(score('0123', '3210')), '0B4C');
  assert.equal(checkCode('0123', rules), null);
  assert.deepEqual(checkCode('012', rules), { problem: 'length', wanted: 4 });
  assert.deepEqual(checkCode('0113', rules), { problem: 'repeated', digit: '1' });
  assert.deepEqual(checkCode('01a3', rules), { problem: 'digit' });
  assert.deepEqual(checkCode('0123', readRules({ leading_zero: false })), { problem: 'leadingZero' });
  assert.equal(allCodes(rules).length, 5040);
  assert.equal(allCodes(readRules({ leading_zero: false })).length, 4536);
  assert.equal(allCodes(readRules({ leading_zero: false }))[0], '1023');
  // The rules' references: the replies to 0123 over every secret.
  const replies = {};
  for (const secret of allCodes(rules)) {
    const answer = answerText(score(secret, '0123'));
    replies[answer] = (replies[answer] ?? 0) + 1;
  }
  assert.deepEqual(replies, { '0B0C': 360, '0B1C': 1440, '0B2C': 1260, '0B3C': 264, '0B4C': 9, '1B0C': 480, '1B1C': 720,
    '1B2C': 216, '1B3C': 8, '2B0C': 180, '2B1C': 72, '2B2C': 6, '3B0C': 24, '4B0C': 1 });
  assert.throws(() => readRules({ digits: 7 }), /3 to 6/);
});

/** A game's moves: the second seat chooses first; round 1 resolves when the first seat guesses; in round 2 the
 * first seat breaks the code. Each with its public text and the mover's own. */
const MOVES = [
  { seat: 'second', public: 'S', own: SECRETS.second, secret: true },
  { seat: 'first', public: 'S', own: SECRETS.first, secret: true },
  { seat: 'second', public: 'G', own: '0123' },
  { seat: 'first', public: '5678=0B0C 0123=1B1C' },
  { seat: 'first', public: 'G', own: '1234' },
  { seat: 'second', public: '1234=4B0C 6190=2B2C' },
];

/** The moves as `viewer` (a seat, or null for a spectator) receives them. */
function projected(viewer) {
  return MOVES.map((move) => {
    const record = { seat: move.seat, notation: move.own && move.seat === viewer ? move.own : move.public };
    if (move.secret) {
      record.commitment = engineCommitment(move.seat, move.own, NONCES[move.seat]);
      if (move.seat === viewer) Object.assign(record, { secret: move.own, nonce: NONCES[move.seat] });
    }
    return record;
  });
}

function replay(viewer, count = MOVES.length) {
  const game = kind.newGame(RULES, { id: GAME_ID });
  for (const record of projected(viewer).slice(0, count)) {
    for (const action of kind.notation.actions(record.notation)) game.play(action, record.seat, record);
  }
  return game;
}

test('the view is rebuilt from the moves the viewer received, phase by phase', () => {
  const start = kind.newGame(RULES);
  assert.deepEqual(start.seatsToAct, ['first', 'second'], 'both choose their secrets at once');
  const setup = replay('first', 1);
  assert.deepEqual(setup.seatsToAct, ['first'], 'the second seat is ready');
  assert.equal(setup.position.seats.second.secret, null, 'its secret is not in the view');
  assert.equal(setup.isLegal('S:0123', 'first'), true);
  assert.equal(setup.isLegal('S:0113', 'first'), false);
  assert.equal(setup.isLegal('0123', 'first'), false, 'no guess before both secrets');

  const secondsView = replay('second', 3);
  assert.deepEqual(secondsView.seatsToAct, ['first'], 'round 1: the second seat guessed');
  assert.equal(secondsView.position.ownGuesses.second, '0123', 'its own guess, waiting');
  assert.equal(secondsView.position.seats.second.secret, '1234');
  const firstsView = replay('first', 3);
  assert.equal(firstsView.position.ownGuesses.second, undefined, 'the other\'s guess is not in the view');
  assert.equal(firstsView.position.guessed.has('second'), true, 'only that it is in');
  assert.equal(firstsView.isLegal('5678', 'first'), true);
  assert.equal(firstsView.isLegal('5678', 'second'), false, 'a seat that guessed this round');

  const round = replay(null, 4);
  assert.deepEqual(round.position.rounds, [{ first: { guess: '5678', bulls: 0, cows: 0 }, second: { guess: '0123', bulls: 1, cows: 1 } }]);
  assert.deepEqual(round.seatsToAct, ['first', 'second'], 'the next round: both guess');

  const over = replay(null);
  assert.deepEqual(over.outcome, { winner: 'first', reason: 'code_broken' });
  assert.deepEqual(over.seatsToAct, []);
  // Both in the same round draw; rounds running out draw too.
  const draw = kind.newGame({ ...RULES, max_rounds: 1 });
  draw.play('S', 'first');
  draw.play('S', 'second');
  draw.play('G', 'first');
  draw.play('0123=0B0C 4567=1B0C', 'second');
  assert.deepEqual(draw.outcome, { winner: null, reason: 'rounds_out' });
});

test('the commitments are the engine\'s, and the game verifies once both secrets are revealed', async () => {
  const game = replay('first');
  assert.equal(await game.verify(), null, 'nothing to verify while the other secret is hidden');
  const revealed = (secondSecret, commitment) => [
    { seat: 'first', notation: SECRETS.first, secret: SECRETS.first, nonce: NONCES.first, commitment: engineCommitment('first', SECRETS.first, NONCES.first) },
    { seat: 'second', notation: secondSecret, secret: secondSecret, nonce: NONCES.second, commitment: commitment ?? engineCommitment('second', SECRETS.second, NONCES.second) },
  ];
  const honest = game.clone();
  honest.reveal(revealed(SECRETS.second));
  assert.equal(honest.position.seats.second.secret, '1234', 'the other secret, shown at the end');
  assert.deepEqual(await honest.verify(), { verified: true, answers: 4 });

  const tampered = game.clone();
  tampered.reveal(revealed('S:1243'));
  assert.deepEqual(await tampered.verify(), { verified: false, seat: 'second', problem: 'commitment' });
  // The forger recomputed the commitment: the first round's answer to 5678 is still 0B0C, and 1234 against 1243
  // would have been 2B2C, not 4B0C.
  const forged = game.clone();
  forged.reveal(revealed('S:1243', engineCommitment('second', 'S:1243', NONCES.second)));
  assert.deepEqual(await forged.verify(), { verified: false, problem: 'answer', round: 2, seat: 'first', published: '4B0C', truth: '2B2C' });
});
