// Checks web/js/kinds/superghost/rules.js and its notation: actions read with and without the server's verdict, a
// letter goes at either end (a round's first at the end), a verdict decides the round (a completed word, a
// challenge a word answers, one none does), a bare challenge of the reader's own waits for the verdict, an illegal
// action changes nothing, five lost rounds put a seat out, a seat that leaves is passed by, and the last seat in
// wins with the others ranked by the order they went out.
// Run with `node --test web/test/`.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { GHOST, Position, actionName, parseAction, splitActions } from '../js/kinds/superghost/rules.js';
import { SuperghostGame } from '../js/kinds/superghost/game.js';
import play from '../js/kinds/superghost/play.js';

const ENGLISH = { players: 2, language: 'en' };

const played = (ruleset, actions) => {
  const position = new Position(ruleset);
  actions.split(' ').filter(Boolean).forEach((action) => position.play(action));
  return position;
};

test('actions read with and without the verdict and write as the player sends them', () => {
  assert.deepEqual(parseAction('>s!'), { side: 'end', letter: 's', completed: true });
  assert.deepEqual(parseAction('<Ż'), { side: 'start', letter: 'ż', completed: false });
  assert.deepEqual(parseAction('?+'), { challenge: true, held: true });
  assert.deepEqual(parseAction('?-'), { challenge: true, held: false });
  assert.deepEqual(parseAction('?'), { challenge: true, held: null });
  for (const text of ['>a', '<a', '?']) assert.equal(actionName(parseAction(text)), text);
  for (const bad of ['', 'a', '>1', '>ab', '?!', '>a+', '!']) assert.throws(() => parseAction(bad), /not Superghost notation/, bad);
  assert.deepEqual(splitActions('>a<b?+'), ['>a', '<b', '?+']);
  assert.deepEqual(play.notation.actions('>s!'), ['>s!']);
  assert.equal(play.notation.actionCount('>c >a'), 2);
  assert.throws(() => splitActions('>a x'), /not Superghost notation/);
});

test('letters go at either end, the first of a round at the end, and only the game\'s letters', () => {
  const position = played(ENGLISH, '>a >t <c');
  assert.equal(position.text(), 'cat');
  assert.equal(position.toMove, 'second');
  assert.equal(position.lastAdder, 'first');
  assert.deepEqual(position.legalActions().slice(0, 2), ['?', '<a']);
  assert.equal(position.legalActions().length, 1 + 2 * 26);
  const start = new Position(ENGLISH);
  assert.deepEqual(start.legalActions(), [...'abcdefghijklmnopqrstuvwxyz'].map((letter) => `>${letter}`));
  for (const bad of ['<a', '?', '>ż']) {
    const before = start.clone();
    assert.throws(() => start.play(bad), undefined, bad);
    assert.deepEqual(start, before, `${bad} changes nothing`);
  }
});

test('the verdict decides the round: a completed word, a challenge a word answers, one none does', () => {
  const completed = played(ENGLISH, '>c >a >t >s!');
  assert.deepEqual(completed.lastRound, { loser: 'second', reason: 'completed', fragment: 'cats' });
  assert.deepEqual(completed.losses, [0, 1]);
  assert.equal(completed.text(), '');
  assert.equal(completed.toMove, 'second', 'the loser starts the next round');
  const failed = played(ENGLISH, '>c >a >t >t ?+');
  assert.deepEqual(failed.lastRound, { loser: 'first', reason: 'challenge_failed', fragment: 'catt' });
  assert.equal(failed.toMove, 'first');
  const exposed = played(ENGLISH, '>z >q ?-');
  assert.deepEqual(exposed.lastRound, { loser: 'second', reason: 'challenged', fragment: 'zq' });
  assert.equal(exposed.ghostOf('second'), 'g');
  assert.equal(new Position({ players: 2, language: 'ru' }).language, 'ru');
  assert.equal(GHOST.pl, 'balda');
});

test('a bare challenge of the reader\'s own waits for the server\'s verdict', () => {
  const game = new SuperghostGame(ENGLISH);
  ['>z', '>q', '?'].forEach((action) => game.play(action));
  assert.ok(game.position.awaiting);
  assert.deepEqual(game.legalActions(), []);
  assert.throws(() => game.play('>a'), /awaits its verdict/);
});

test('five lost rounds put a seat out, a seat that leaves is passed by, and the last seat in wins', () => {
  const position = new Position({ players: 3, language: 'en' });
  for (let round = 0; round < 5; round += 1) {
    assert.equal(position.toMove, 'first');
    ['>b', '>a', '>t', '>h!'].forEach((action) => position.play(action));
  }
  assert.ok(position.isOut('first'));
  assert.equal(position.ghostOf('first'), 'ghost');
  assert.equal(position.toMove, 'second');
  position.play('>c');
  position.leave('third', 'resignation');
  assert.equal(position.text(), '', 'the round starts again');
  assert.deepEqual(position.outcome, { winner: 'second', reason: 'resignation', ranks: [3, 1, 2] });
  assert.throws(() => position.play('>a'), /over/);
});
