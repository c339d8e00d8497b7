// Gallows in the browser (js/kinds/gallows/): the notation of every text a viewer receives, the word check, the
// game rebuilt from the moves each player and a spectator receive, the result, and the verification at the end:
// the commitments recomputed with the engine's formula and a changed word caught. Run with `node --test web/test/`.

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';

import { loadKind } from '../js/kinds/index.js';
import { ALPHABETS, checkRound, checkWord, normalise, parseMove, readRules, startPattern } from '../js/kinds/gallows/rules.js';

const kind = await loadKind('gallows');
const GAME_ID = '0f8e2a4c-1d3b-4e5f-9a7b-6c5d4e3f2a1b';
const RULES = { kind: 'gallows', language: 'pl' };
const NONCES = { first: '07'.repeat(32), second: 'c3'.repeat(32) };
const WORDS = { first: 'kobra', second: 'żółw' };

/** The engine's commitment (engine/src/commitment.rs), with node's own SHA-256. */
function engineCommitment(seat, secret, nonceHex) {
  return createHash('sha256').update(`kartka-commit/v1\n${GAME_ID}\n${seat}\n${secret}\n`).update(Buffer.from(nonceHex, 'hex')).digest('hex');
}

/** A whole game as the engine discloses it: [seat, public text, the mover's own text or null]. The first seat
 * sets kobra and the second finds it with one miss; the second sets żółw and the first is hanged after 6. */
const MOVES = [
  ['first', 'W:_____', 'W:kobra'],
  ['second', 'a+____a', null],
  ['second', 'e-', null],
  ['second', 'o+_o__a', null],
  ['second', '=kobra+', null],
  ['second', 'W:____', 'W:żółw'],
  ['first', 'a-', null],
  ['first', 'e-', null],
  ['first', 'ó+_ó__', null],
  ['first', 'i-', null],
  ['first', 'y-', null],
  ['first', '=sówa-', null],
  ['first', 'u-#żółw', null],
];

/** The game as `viewer` (a seat, or null for a spectator) receives the first `count` moves. */
function replay(viewer, count = MOVES.length) {
  const game = kind.newGame(RULES, { id: GAME_ID });
  for (const [seat, text, own] of MOVES.slice(0, count)) {
    const mine = own && seat === viewer;
    const record = own ? { commitment: engineCommitment(seat, own, NONCES[seat]), ...(mine ? { secret: own, nonce: NONCES[seat] } : {}) } : {};
    game.play(mine ? own : text, seat, record);
  }
  return game;
}

test('every public and private text reads', () => {
  assert.deepEqual(parseMove('W:_____'), { type: 'set', pattern: '_____' });
  assert.deepEqual(parseMove('W:k___a'), { type: 'set', pattern: 'k___a' });
  assert.deepEqual(parseMove('o+_o___'), { type: 'letter', letter: 'o', shown: '_o___', hanged: null });
  assert.deepEqual(parseMove('ł-'), { type: 'letter', letter: 'ł', shown: null, hanged: null });
  assert.deepEqual(parseMove('x-#kobra'), { type: 'letter', letter: 'x', shown: null, hanged: 'kobra' });
  assert.deepEqual(parseMove('=kobra+'), { type: 'solve', word: 'kobra', right: true, hanged: null });
  assert.deepEqual(parseMove('=kobza-#kobra'), { type: 'solve', word: 'kobza', right: false, hanged: 'kobra' });
  for (const bad of ['', 'W:', 'W:k0', 'o+', 'o', 'o-x', '=kobra', '=kobra+#kobra', 'X-', 'x-#']) {
    assert.equal(parseMove(bad), null, bad);
  }
  assert.equal(kind.notation.actionCount('o+_o___'), 1);
  assert.deepEqual(['W:_____', 'a-'].map(kind.notation.display), ['word _____', 'a-']);
});

test('words are checked against the game\'s alphabet and length; the dictionary is the server\'s', () => {
  const polish = readRules(RULES);
  assert.equal(checkWord('żółw', polish), null);
  assert.deepEqual(checkWord('kot', polish), { problem: 'length' });
  assert.deepEqual(checkWord('łódź', readRules({ language: 'en' })), { problem: 'letter', letter: 'ł' });
  assert.deepEqual(checkWord('kobra', polish, 4), { problem: 'guessLength', wanted: 4 });
  const russian = readRules({ language: 'ru' });
  assert.equal(normalise('Ёлка', russian), 'елка', 'ё is е, upper case lower');
  assert.equal(ALPHABETS.ru.length, 32);
  assert.equal(startPattern('kobra', readRules({ reveal: 'ends' })), 'k___a');
  assert.equal(startPattern('anna', readRules({ reveal: 'ends' })), 'a__a');
  assert.throws(() => readRules({ misses: 7 }));
});

test('the view is rebuilt from the moves the viewer received, round by round', () => {
  const start = kind.newGame(RULES);
  assert.deepEqual(start.seatsToAct, ['first'], 'the first seat sets the first word');
  assert.deepEqual(start.legalActions(), ['W:kobra'], 'one word of the shipped list: the dictionary is the server\'s');

  const guessersView = replay('second', 2);
  assert.equal(guessersView.position.round.word, null, 'the word is not in the guesser\'s view');
  assert.equal(guessersView.position.round.pattern, '____a');
  assert.equal(guessersView.isLegal('a', 'second'), false, 'a letter tried');
  assert.equal(guessersView.isLegal('k', 'second'), true);
  assert.equal(guessersView.isLegal('ё', 'second'), false, 'not a Polish letter');
  assert.equal(guessersView.isLegal('k', 'first'), false, 'the setter does not guess');
  assert.equal(guessersView.legalActions().length, ALPHABETS.pl.length - 1);
  const settersView = replay('first', 2);
  assert.equal(settersView.position.round.word, 'kobra', 'the setter sees its own word');
  assert.equal(settersView.position.round.pattern, '____a', 'and the pattern the guesser sees');

  const second = replay(null, 6);
  assert.equal(second.position.rounds[0].end, 'solved');
  assert.equal(second.position.rounds[0].misses, 1);
  assert.deepEqual(second.seatsToAct, ['first'], 'the second round: the first seat guesses');

  const over = replay(null);
  assert.equal(over.position.rounds[1].end, 'hanged');
  assert.equal(over.position.rounds[1].word, 'żółw', 'the word is shown once the guesser is hanged');
  assert.deepEqual(over.outcome, { winner: 'second', reason: 'score', ranks: [2, 1], scores: [0, 5] });
  assert.deepEqual(over.seatsToAct, []);
});

test('a word the server draws is no move of the setter', () => {
  const game = kind.newGame({ ...RULES, word: 'server' });
  assert.equal(game.position.serverDraws, true);
  assert.equal(game.isLegal('W:kobra', 'first'), false);
  game.play('W:_____', 'first', { commitment: 'ab'.repeat(32) });
  assert.equal(game.position.serverDraws, false);
});

test('the commitments are the engine\'s, and the game verifies once both words are revealed', async () => {
  const game = replay('first');
  assert.equal(await game.verify(), null, 'nothing to verify while the other word is hidden');
  const revealed = (secondWord, commitment) => [
    { seat: 'first', notation: 'W:kobra', secret: 'W:kobra', nonce: NONCES.first, commitment: engineCommitment('first', 'W:kobra', NONCES.first) },
    { seat: 'second', notation: secondWord, secret: secondWord, nonce: NONCES.second, commitment: commitment ?? engineCommitment('second', `W:${WORDS.second}`, NONCES.second) },
  ];
  const honest = game.clone();
  honest.reveal(revealed(`W:${WORDS.second}`));
  assert.deepEqual(await honest.verify(), { verified: true, answers: 11 });

  const tampered = game.clone();
  tampered.reveal(revealed('W:sowy'));
  assert.deepEqual(await tampered.verify(), { verified: false, seat: 'second', problem: 'commitment' });
  // The forger recomputed the commitment: sowy answers ó as a miss, not ó+_ó__.
  const forged = game.clone();
  forged.reveal(revealed('W:sowy', engineCommitment('second', 'W:sowy', NONCES.second)));
  assert.deepEqual(await forged.verify(), { verified: false, seat: 'second', problem: 'answer', round: 2, published: 'ó+_ó__', truth: 'ó-' });
  assert.equal(checkRound(['W:_____', 'x-'], 'kobra', readRules(RULES)), null);
});
