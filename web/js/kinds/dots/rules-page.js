// The rules of Dots (the sports rules, shared/rules/dots.md) in short, with a drawing of a capture.

import { h } from '../../dom.js';
import { Board } from './board.js';
import { DotsGame } from './game.js';

/** A small empty field after `moves`, captioned `caption`. */
function figure(caption, moves) {
  const ruleset = { kind: 'dots', width: 10, height: 8, start: 'empty', first_move_zone: false };
  const game = new DotsGame(ruleset);
  moves.forEach((move) => game.play(move));
  const board = new Board(ruleset, { label: caption });
  board.draw(game);
  board.element.classList.add('diagram');
  return h('figure', { class: 'rule-figure' }, board.element, h('figcaption', { text: caption }));
}

/** The rules page's article. */
export function rulesPage() {
  return h('article', { class: 'panel rules-page' },
    h('h1', { text: 'The rules of Dots' }),
    h('p', { class: 'lead', text: 'Dots (Kropki, “Sports Points”) is played on the crossings of squared paper: ' +
      'each player places dots of their colour and captures the other’s dots by closing a ring around them.' }),

    h('h2', { text: 'The field' }),
    h('p', { text: 'A field of 39 × 32 points unless the players choose another size (20 × 20, 30 × 30, any size from 10 to 52 a side). ' +
      'Blue moves first, Red second. The usual start is a cross of four dots in the middle; an empty start asks for each player’s ' +
      'first dot in the central zone.' }),

    h('h2', { text: 'Moves and captures' }),
    h('ul', {},
      h('li', { text: 'On your turn you place one dot on any free point. Dots never move and never disappear; there is no pass.' }),
      h('li', {}, h('strong', { text: 'Capture: ' }), 'when your new dot closes a ring of your live dots (neighbours along lines or diagonals) ' +
        'around at least one live enemy dot, everything inside is yours: the enemy dots are captured and the empty points become your ' +
        'territory, where no one may play. The smallest ring is taken.'),
      h('li', {}, h('strong', { text: 'House: ' }), 'a ring around nothing but empty points is a house. An enemy dot placed in your house is ' +
        'captured at once, unless it captures something itself.'),
      h('li', { text: 'Captured dots are dead: they never enclose nor capture. Your captured dots inside a ring you close later are freed. ' +
        'Dots on the edge of the field can never be captured, and the edge never helps to enclose.' }),
      h('li', { text: 'With the extra-move option, a move that captures lets you move again.' }),
      h('li', {}, h('strong', { text: 'Territory mode: ' }), 'a capture may be left unpainted (“Paint later”): the captured dots count at once, ' +
        'but the empty points inside stay playable as your deferred area, and an enemy dot placed there is captured at once. On your turn, ' +
        'before your dot, you may paint a deferred area (“Paint”): its points become your territory. There is no STOP in this mode.')),
    h('div', { class: 'figures' },
      figure('Blue’s dot closes a ring around Red’s dot: it is captured and the area is shaded blue. Score 1 : 0.',
        ['ed', 'ee', 'de', 'ab', 'fe', 'ac', 'ef'])),

    h('h2', { text: 'How a game ends' }),
    h('ul', {},
      h('li', {}, h('strong', { text: 'Score: ' }), 'your score is the number of the opponent’s dots you hold captured. The higher score wins; equal scores draw.'),
      h('li', {}, h('strong', { text: 'STOP: ' }), 'on your turn you may press STOP instead of moving. Your dots that are not linked to the edge of ' +
        'the field — through your dots, your territory and the dots you captured, along lines, not diagonals — count as captured by your ' +
        'opponent, and the game ends.'),
      h('li', {}, h('strong', { text: 'STOP window: ' }), 'in games with a window (3 minutes unless chosen otherwise), STOP instead lets your ' +
        'opponent place as many dots in a row as they like while you wait and both clocks stand still, until they press DONE or the ' +
        'window’s time is up; then the scores as they stand decide.'),
      h('li', { text: 'The game also ends when the player to move has no free point, or when a score reaches the instant-win number if one is set.' }),
      h('li', { text: 'Besides the rules: resignation, running out of time, a draw agreed by both players, and an abort before both players moved.' })),

    h('h2', { text: 'Notation' }),
    h('p', { text: 'A point is written as two letters, column then row from the top: a–z for 0–25, A–Z for 26–51 (qv is column 17, row 22 from ' +
      'the top). The official display counts columns from the left and rows from the bottom, from 1: on 39 × 32, qv is 17-11. ' +
      'Records are SGF as zagram.org writes them.' }),
    h('p', {}, h('a', { href: '/', text: 'To the lobby' })));
}
