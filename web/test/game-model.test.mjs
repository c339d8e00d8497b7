// The game page's model follows every event that changes a game: the end (by the rules or by an admin), an
// abort (by a player or an admin), and clock changes that come without a move. Run with `node --test web/test/`.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { GameModel, turnRows } from '../js/game-model.js';
import { lastMatch } from '../js/correspondence/conditional.js';
import { KINDS, loadKind } from '../js/kinds/index.js';

// The pages load a kind's rules, notation and board when they show a game (`loadKind`); these tests use them.
for (const key of KINDS.keys()) await loadKind(key);

// Protocol 2's clocks, without version 1's `first_ms`/`second_ms` aliases: the model reads the list.
const clocks = (first, second, running) => ({ ms: [first, second], running });

const PITCH = { kind: 'paper-soccer', width: 8, height: 10, goal: 2 };

function activeGame(ruleset = PITCH, moves = [{ ply: 0, seat: 'first', notation: '0', turn_ended: true, at_ms: 1000, clocks: clocks(179000, 180000, 'second') }]) {
  return new GameModel({
    id: '7e8f9a0b-1c2d-4e3f-8a5b-6c7d8e9f0a1b',
    players: [{ account_id: 'a', name: 'alice', guest: false }, { account_id: 'b', name: 'bob', guest: false }],
    ruleset,
    time_control: { type: 'fischer', initial_seconds: 180, increment_seconds: 2 },
    speed: 'blitz',
    rated: true,
    status: 'active',
    result: null,
    moves,
    ply: moves.length,
    to_act: 'second',
    mid_turn: false,
    clocks: clocks(179000, 180000, 'second'),
    clocks_at_ms: 1000,
    draw_offer: 'first',
    seq: 3,
    created_at_ms: 0,
  });
}

test('an adjudication ends the game like an ended event, with its rating changes', () => {
  const game = activeGame();
  const result = { ranks: [2, 1], winner: 'second', reason: 'adjudication' };
  const changes = [{ seat: 'first', rating_before: 1500, rating_after: 1480, deviation: 200, provisional: true }];
  game.apply({ at_ms: 5000, event: { type: 'adjudicated', result, clocks: clocks(179000, 176000, null), rating_changes: changes } });
  assert.equal(game.status, 'finished');
  assert.deepEqual(game.result, result);
  assert.deepEqual(game.ratingChanges, changes);
  assert.equal(game.drawOffer, null);
  assert.equal(game.toAct(), null);
  assert.equal(game.timeLeft('second', 9000), 176000, 'the clocks stop');
});

test('a snapshot\'s conditional replies show which line matched, after a reload too', () => {
  const move = (ply, seat, notation, conditional = false) =>
    ({ ply, seat, notation, turn_ended: true, at_ms: 1000, clocks: clocks(179000, 180000, null), conditional });
  const game = activeGame(PITCH, [move(0, 'first', '0'), move(1, 'second', '0'), move(2, 'first', '0', true), move(3, 'second', '6')]);
  assert.deepEqual(game.turns.map((turn) => turn.conditional), [false, false, true, false]);
  assert.deepEqual(lastMatch(game.turns, 'first'), { condition: '0', reply: '0' });
  assert.equal(lastMatch(game.turns, 'second'), null, 'none was played for the other seat');
  assert.equal(lastMatch(activeGame().turns, 'first'), null, 'older servers send no mark: no match');
});

test('an admin\'s abort is told apart from a player\'s', () => {
  const byAdmin = activeGame();
  byAdmin.apply({ at_ms: 5000, event: { type: 'aborted_by_admin' } });
  assert.equal(byAdmin.status, 'aborted');
  assert.equal(byAdmin.abortedByAdmin, true);
  assert.equal(byAdmin.timeLeft('second', 9000), 180000, 'the running clock stops');
  const byPlayer = activeGame();
  byPlayer.apply({ at_ms: 5000, event: { type: 'aborted', seat: 'second' } });
  assert.equal(byPlayer.status, 'aborted');
  assert.equal(byPlayer.abortedByAdmin, false);
});

test('downtime credits and vacations set the clocks without a move', () => {
  const game = activeGame();
  game.apply({ at_ms: 60000, event: { type: 'clock_credited', seat: 'second', credited_ms: 50000, clocks: clocks(179000, 170000, 'second') } });
  assert.equal(game.timeLeft('second', 61000), 169000);
  game.apply({ at_ms: 62000, event: { type: 'vacation_started', seat: 'second', clocks: clocks(179000, 168000, null) } });
  assert.equal(game.timeLeft('second', 90000), 168000, 'a paused clock does not run');
  assert.equal(game.status, 'active');
});

test('a ply counts actions of the game\'s kind, not characters: a bounce in Paper Soccer, squares in Closing In', () => {
  const soccer = activeGame();
  soccer.apply({ at_ms: 2000, event: { type: 'moved', ply: 1, seat: 'second', notation: '2', turn_ended: true, clocks: clocks(179000, 178000, 'first') } });
  // Back to the centre spot, which a line touches: a bounce, then a step east ends the turn.
  soccer.apply({ at_ms: 3000, event: { type: 'moved', ply: 2, seat: 'first', notation: '52', turn_ended: true, clocks: clocks(177000, 178000, 'second') } });
  assert.equal(soccer.ply, 4);
  assert.equal(soccer.toAct(), 'second');
  const moved = (ply, seat, notation) => ({ ply, seat, notation, turn_ended: true, at_ms: 1000 + ply, clocks: clocks(180000, 180000, seat === 'first' ? 'second' : 'first') });
  const board = { kind: 'closing-in', size: 12 };
  const game = activeGame(board, [moved(0, 'first', 'A12'), moved(1, 'second', 'L10')]);
  assert.equal(game.ply, 2, 'A12 and L10 are one move each');
  game.apply({ at_ms: 5000, event: { ...moved(2, 'first', 'A11'), type: 'moved' } });
  assert.equal(game.ply, 3);
  assert.equal(game.toAct(), 'second');
  assert.deepEqual(game.turns.map((turn) => turn.notation), ['A12', 'L10', 'A11']);
  assert.deepEqual(game.game.position.removed.map(({ x, y }) => [x, y]), [[0, 11]], 'A left A12');
  assert.ok(game.hasMoved('first') && game.hasMoved('second'));
});

test('a per-move clock runs its move time first, then the reserve (the seed\'s T=10 s, R=45 s)', () => {
  const game = activeGame();
  game.apply({ at_ms: 2000, event: { type: 'clock_credited', seat: 'second', credited_ms: 0, clocks: { ...clocks(60000, 45000, 'second'), move_ms: 10000 } } });
  assert.equal(game.moveTimeLeft('second', 9000), 3000);
  assert.equal(game.timeLeft('second', 9000), 45000, 'the reserve is untouched within the move time');
  assert.equal(game.moveTimeLeft('second', 27000), 0);
  assert.equal(game.timeLeft('second', 27000), 30000, 'only time beyond the move time comes off the reserve');
  assert.equal(game.moveTimeLeft('first', 9000), null, 'the seat not to move has no move timer');
  assert.equal(game.timeLeft('first', 9000), 60000);
});

test('a Dots turn of several moves joins its actions with a space, and a STOP window counts down', () => {
  const ruleset = { kind: 'dots', width: 10, height: 10, start: 'empty', first_move_zone: false, extra_move: false,
    instant_win: 0, stop: { window: { seconds: 60 } }, auto_end: false, territory: false };
  const move = (ply, seat, notation, turnEnded, clocksNow) => ({ ply, seat, notation, turn_ended: turnEnded, at_ms: 1000 + ply, clocks: clocksNow });
  const running = clocks(170000, 170000, 'first');
  const inWindow = { ...clocks(170000, 170000, null), window_ms: 60000 };
  const game = activeGame(ruleset, [move(0, 'first', 'ed', true, running), move(1, 'second', 'STOP', true, inWindow),
    move(2, 'first', 'ee', false, { ...inWindow, window_ms: 59000 }), move(3, 'first', 'ef', false, { ...inWindow, window_ms: 58000 })]);
  assert.deepEqual(game.turns.map((turn) => turn.notation), ['ed', 'STOP', 'ee ef']);
  assert.equal(game.kind.notation.display(game.turns[2].notation, ruleset), '5-6 5-5');
  game.setClocks({ ...inWindow, window_ms: 58000 }, 5000);
  assert.equal(game.windowTimeLeft(15000), 48000);
  assert.equal(game.timeLeft('first', 15000), 170000, 'the main clocks stand still in the window');
  game.apply({ at_ms: 20000, event: { type: 'ended', result: { ranks: [1, 1], winner: null, reason: 'score', scores: [0, 0] }, clocks: clocks(170000, 170000, null) } });
  assert.equal(game.windowTimeLeft(20000), null);
});

test('an offer to end and count stands until declined, the opponent moves or the game ends; its score reads in halves', async () => {
  const { formatScores } = await import('../js/format.js');
  const ruleset = { kind: 'dots', width: 10, height: 10, start: 'empty', first_move_zone: false, extra_move: false,
    instant_win: 0, stop: 'computed', auto_end: false, territory: false };
  const moved = (ply, seat, notation) => ({ type: 'moved', ply, seat, notation, turn_ended: true, at_ms: 1000 + ply,
    clocks: clocks(170000, 170000, seat === 'first' ? 'second' : 'first') });
  const game = activeGame(ruleset, []);
  assert.equal(game.agreedEndOffer, null, 'a snapshot without the field has no offer');
  assert.ok(game.kind.agreedEnd, 'Dots scores an agreed end');
  game.apply({ at_ms: 1, event: { type: 'agreed_end_offered', seat: 'first' } });
  assert.equal(game.agreedEndOffer, 'first');
  game.apply({ at_ms: 2, event: moved(0, 'first', 'ed') });
  assert.equal(game.agreedEndOffer, 'first', 'the offerer\'s own move leaves it standing');
  game.apply({ at_ms: 3, event: { type: 'agreed_end_declined', seat: 'second' } });
  assert.equal(game.agreedEndOffer, null);
  game.apply({ at_ms: 4, event: { type: 'agreed_end_offered', seat: 'second' } });
  game.apply({ at_ms: 5, event: moved(1, 'second', 'ee') });
  assert.equal(game.agreedEndOffer, 'second', 'the offerer moves on');
  game.apply({ at_ms: 6, event: moved(2, 'first', 'ef') });
  assert.equal(game.agreedEndOffer, null, 'the opponent moved instead of answering');
  game.apply({ at_ms: 7, event: { type: 'agreed_end_offered', seat: 'second' } });
  const result = { ranks: [1, 2], winner: 'first', reason: 'agreement', scores: [5, 2], half_points: true };
  game.apply({ at_ms: 8, event: { type: 'ended', result, clocks: clocks(170000, 170000, null) } });
  assert.equal(game.agreedEndOffer, null);
  assert.equal(formatScores(game.result), '2½ : 1');
  assert.equal(formatScores({ ...result, scores: [1, 0] }), '½ : 0');
  assert.equal(formatScores({ ranks: [1, 1], winner: null, reason: 'agreement', scores: [3, 3] }), '3 : 3');
  assert.equal(formatScores({ ranks: [1, 2], winner: 'first', reason: 'goal' }), null);
  assert.equal(activeGame().kind.agreedEnd, undefined, 'Paper Soccer scores none');
});

test('before a side\'s first move its first-move time runs, not its clock; an abort for it names that side', () => {
  const game = activeGame();
  game.setClocks({ ...clocks(180000, 180000, 'second'), first_move_ms: 30000 }, 1000);
  assert.equal(game.timeLeft('second', 21000), 180000, 'the main clock waits for the first move');
  assert.equal(game.firstMoveTimeLeft(21000), 10000);
  assert.equal(game.firstMoveTimeLeft(40000), 0);
  game.apply({ at_ms: 2000, event: { type: 'moved', ply: 1, seat: 'second', notation: '2', turn_ended: true, at_ms: 2000, clocks: clocks(180000, 180000, 'first') } });
  assert.equal(game.firstMoveTimeLeft(3000), null, 'both sides have moved');
  assert.equal(game.timeLeft('first', 3000), 179000, 'now the main clock runs');
  const abandoned = activeGame();
  abandoned.apply({ at_ms: 31000, event: { type: 'aborted', seat: 'second', reason: 'no_first_move' } });
  assert.deepEqual([abandoned.status, abandoned.abortedBy, abandoned.abortReason], ['aborted', 'second', 'no_first_move']);
});

test('nothing in the model or the result texts assumes two seats: a three-seat game\'s clocks, players and places', async () => {
  const { describeResult, describeResultFor, formatScores, resultFor } = await import('../js/format.js');
  const { language, translate } = await import('../js/i18n.js');
  const say = (key, params) => translate(language, key, params);
  const players = [{ account_id: 'a', name: 'alice' }, { account_id: 'b', name: 'bob' }, { account_id: 'c', name: 'carol' }];
  const game = new GameModel({
    id: '7e8f9a0b-1c2d-4e3f-8a5b-6c7d8e9f0a1c', players, ruleset: PITCH,
    time_control: { type: 'fischer', initial_seconds: 180, increment_seconds: 2 }, speed: 'blitz', rated: false,
    status: 'active', result: null, moves: [], ply: 0, to_act: 'third', mid_turn: false,
    clocks: { ms: [170000, 160000, 150000], running: 'third' }, clocks_at_ms: 1000, draw_offer: null, seq: 0, created_at_ms: 0,
  });
  assert.deepEqual(game.seats(), ['first', 'second', 'third']);
  assert.equal(game.seatOf('c'), 'third');
  assert.equal(game.player('third').name, 'carol');
  assert.deepEqual(game.seats().map((seat) => game.timeLeft(seat, 6000)), [170000, 160000, 145000], 'the third clock runs');
  const result = { ranks: [2, 1, 3], winner: 'second', reason: 'score', scores: [4, 7, 1] };
  game.apply({ at_ms: 6000, event: { type: 'ended', result, clocks: { ms: [170000, 160000, 145000], running: null } } });
  assert.deepEqual(game.seats().map((seat) => game.timeLeft(seat, 9000)), [170000, 160000, 145000], 'the clocks stop');
  const reason = say('reason.score');
  const place = (rank) => say(`place.${rank}`);
  const placed = (name, rank) => say('result.placed', { name, place: place(rank) });
  assert.equal(describeResult(game.result, game.players),
    say('result.places', { places: [placed('bob', 1), placed('alice', 2), placed('carol', 3)].join(', '), reason }));
  assert.equal(describeResultFor(game.result, 'second'), say('result.youWon', { reason }));
  assert.equal(describeResultFor(game.result, 'first'), say('result.yourPlace', { place: place(2), reason }));
  assert.equal(resultFor(game.result, 'third'), say('result.yourPlaceShort', { place: place(3) }));
  assert.equal(formatScores(game.result), '4 : 7 : 1');
  const shared = { ranks: [1, 1, 3], winner: null, reason: 'score' };
  assert.equal(resultFor(shared, 'first'), say('result.yourPlaceShort', { place: say('result.sharedFirst') }));
  assert.equal(describeResult({ ranks: [1, 1, 1], winner: null, reason: 'score' }, players), say('result.draw', { reason }));
});

test('a two-seat result reads as before: the winner by name, or a draw', async () => {
  const { describeResult, describeResultFor, resultFor } = await import('../js/format.js');
  const { language, translate } = await import('../js/i18n.js');
  const say = (key, params) => translate(language, key, params);
  const players = [{ name: 'alice' }, { name: 'bob' }];
  const reason = say('reason.goal');
  const won = { ranks: [2, 1], winner: 'second', reason: 'goal' };
  assert.equal(describeResult(won, players), say('result.won', { name: 'bob', reason }));
  assert.equal(describeResultFor(won, 'first'), say('result.youLost', { reason }));
  assert.equal(resultFor(won, 'second'), say('result.youWonShort'));
  assert.equal(describeResult({ ranks: [1, 1], winner: null, reason: 'goal' }, players), say('result.draw', { reason }));
});

test('a three-seat Dots and Boxes game: turns in seat order, an extra move joins its turn, rounds of three', () => {
  const players = [{ account_id: 'a', name: 'alice' }, { account_id: 'b', name: 'bob' }, { account_id: 'c', name: 'carol' }];
  const running = (seat) => ({ ms: [60000, 60000, 60000], running: seat });
  const moves = [['first', 'a1h', true], ['second', 'a2h', true], ['third', 'a1v', true], ['first', 'b1v', false],
    ['first', 'b1h', true], ['second', 'b2h', true]].map(([seat, notation, ended], ply) => (
    { ply, seat, notation, turn_ended: ended, at_ms: 1000 + ply, clocks: running(seat) }));
  const game = new GameModel({
    id: '7e8f9a0b-1c2d-4e3f-8a5b-6c7d8e9f0a1d', players, ruleset: { kind: 'dots-and-boxes', rows: 1, cols: 2, players: 3 },
    time_control: { type: 'fischer', initial_seconds: 60, increment_seconds: 0 }, speed: 'bullet', rated: false,
    status: 'active', result: null, moves, ply: moves.length, to_act: 'third', mid_turn: false,
    clocks: running('third'), clocks_at_ms: 1000, draw_offer: null, seq: 6, created_at_ms: 0,
  });
  assert.equal(game.toAct(), 'third');
  assert.deepEqual(game.game.position.scores, [1, 0, 0]);
  assert.deepEqual(game.turns.map((turn) => [turn.seat, turn.notation]),
    [['first', 'a1h'], ['second', 'a2h'], ['third', 'a1v'], ['first', 'b1v b1h'], ['second', 'b2h']]);
  assert.deepEqual(turnRows(game.turns).map((row) => [row.number, row.first?.notation, row.second?.notation, row.third?.notation]),
    [[1, 'a1h', 'a2h', 'a1v'], [2, 'b1v b1h', 'b2h', undefined]]);
  game.apply({ at_ms: 2000, event: { type: 'moved', ply: 6, seat: 'third', notation: 'c1v', turn_ended: true, at_ms: 2000, clocks: running(null) } });
  assert.deepEqual(game.game.outcome, { winner: null, reason: 'score', ranks: [1, 3, 1], scores: [1, 0, 1] });
  assert.equal(game.toAct(), null, 'the rules ended the game');
});

test('a swap2 opening: the first seat\'s three stones are one turn, and the second seat takes Black', () => {
  const ruleset = { kind: 'five-in-a-row', width: 15, height: 15, endless: false, line: 5, win: 'freestyle', opening: 'swap2' };
  const moves = [
    { ply: 0, seat: 'first', notation: 'h8 h9 i8', turn_ended: true, at_ms: 1000, clocks: clocks(179000, 180000, 'second') },
    { ply: 3, seat: 'second', notation: '=B', turn_ended: true, at_ms: 2000, clocks: clocks(179000, 179000, 'first') },
  ];
  const game = activeGame(ruleset, moves);
  assert.equal(game.ply, 4, 'three stones and a choice are four actions');
  assert.deepEqual(game.turns.map((turn) => turn.notation), ['h8 h9 i8', '=B']);
  assert.equal(game.game.colourOf('second'), 'black');
  assert.equal(game.toAct(), 'first', 'White, the first seat, moves next');
});

test('a draw offer in a game of three waits for every seat that has not accepted it; a new offer starts afresh', () => {
  const players = [{ account_id: 'a', name: 'alice' }, { account_id: 'b', name: 'bob' }, { account_id: 'c', name: 'carol' }];
  const model = new GameModel({
    id: '7e8f9a0b-1c2d-4e3f-8a5b-6c7d8e9f0a1d', players, ruleset: PITCH,
    time_control: { type: 'fischer', initial_seconds: 180, increment_seconds: 2 }, speed: 'blitz', rated: false,
    status: 'active', result: null, moves: [], ply: 0, to_act: 'first', mid_turn: false,
    clocks: { ms: [180000, 180000, 180000], running: 'first' }, clocks_at_ms: 1000, draw_offer: null, seq: 0, created_at_ms: 0,
  });
  model.apply({ event: { type: 'draw_offered', seat: 'first' }, at_ms: 1 });
  assert.ok(!model.awaitsAnswer('draw', 'first'), 'its maker does not answer it');
  assert.ok(model.awaitsAnswer('draw', 'second') && model.awaitsAnswer('draw', 'third'));
  model.apply({ event: { type: 'draw_accepted', seat: 'second' }, at_ms: 2 });
  assert.ok(!model.awaitsAnswer('draw', 'second'), 'second accepted');
  assert.ok(model.awaitsAnswer('draw', 'third'));
  model.apply({ event: { type: 'draw_offered', seat: 'third' }, at_ms: 3 });
  assert.deepEqual([...model.drawAcceptedBy], [], 'a new offer starts with no acceptances');
});

test('a seat that leaves a game of three that plays on is passed by, in a snapshot as in a live event', () => {
  const players = [{ account_id: 'a', name: 'alice' }, { account_id: 'b', name: 'bob' }, { account_id: 'c', name: 'carol' }];
  const boxes = { kind: 'dots-and-boxes', rows: 2, cols: 2, players: 3 };
  const move = (ply, seat, notation) => ({ ply, seat, notation, turn_ended: true, at_ms: 1000 + ply, clocks: { ms: [1, 1, 1], running: null } });
  const base = {
    id: '7e8f9a0b-1c2d-4e3f-8a5b-6c7d8e9f0a1e', players, ruleset: boxes,
    time_control: { type: 'fischer', initial_seconds: 180, increment_seconds: 2 }, speed: 'blitz', rated: false,
    status: 'active', result: null, mid_turn: false,
    clocks: { ms: [180000, 180000, 180000], running: 'first' }, clocks_at_ms: 1000, draw_offer: null, seq: 0, created_at_ms: 0,
  };
  // The second seat left after the first move: the first seat's next turn follows the third's.
  const snapshot = { ...base, moves: [move(0, 'first', 'a1h'), move(1, 'third', 'a3h')], ply: 2, to_act: 'first',
    departed: [{ seat: 'second', ply: 1, reason: 'resignation' }] };
  const replayed = new GameModel(snapshot);
  assert.ok(replayed.hasLeft('second'));
  assert.equal(replayed.toAct(), 'first', 'the second seat is passed by');
  const live = new GameModel({ ...base, moves: [move(0, 'first', 'a1h')], ply: 1, to_act: 'second' });
  assert.equal(live.toAct(), 'second');
  live.apply({ at_ms: 2000, event: { type: 'seat_left', seat: 'second', reason: 'resignation', ply: 1, to_act: 'third', clocks: { ms: [1, 1, 1], running: 'third' } } });
  assert.equal(live.toAct(), 'third', 'the turn passes the seat that left');
});
