// The rules of Closing In as kartka plays them, with a drawing of a queen move on the board.

import { h } from '../../dom.js';
import { Board } from './board.js';
import { ClosingInGame } from './game.js';

/** A 6 × 6 board after `moves`, the squares of the side to move highlighted, captioned `caption`. */
function figure(caption, moves) {
  const game = new ClosingInGame({ size: 6 });
  moves.forEach((move) => game.play(move));
  const board = new Board({ size: 6 }, { label: caption });
  board.draw(game, { targets: true });
  board.element.classList.add('diagram');
  return h('figure', { class: 'rule-figure' }, board.element, h('figcaption', { text: caption }));
}

/** The rules page's article. */
export function rulesPage() {
  return h('article', { class: 'panel rules-page' },
    h('h1', { text: 'The rules of Closing In' }),
    h('p', { class: 'lead', text: 'Closing In (Domykanie) is a pencil game by Sid Sackson: two markers on a square board, ' +
      'and every move burns the square a marker leaves. Whoever runs out of moves first loses.' }),

    h('h2', { text: 'The board' }),
    h('p', { text: 'A square board, 6 × 6 unless the players choose 8 × 8. Columns are lettered from A on the left, rows numbered from 1 at the bottom, ' +
      'so a square is written like D5.' }),

    h('h2', { text: 'Moves' }),
    h('ul', {},
      h('li', {}, h('strong', { text: 'Placing: ' }), 'the first player (A) puts their marker on any square; then the second player (B) on any other square.'),
      h('li', {}, h('strong', { text: 'Moving: ' }), 'from then on, a move removes the square the marker stands on — crossed out for the rest of the game — ' +
        'and moves the marker like a chess queen: any distance along its row, its column or a diagonal.'),
      h('li', { text: 'A marker may not jump over a removed square, and may not land on or pass through the other marker.' }),
      h('li', { text: 'Every move ends the turn; the players take turns until one of them cannot move.' })),
    h('div', { class: 'figures' },
      figure('A (blue) stands on B3 after D5 B2 B3 C3: D5 and B2 are crossed out, B (red) stands on C3. A may go to the highlighted squares.',
        ['D5', 'B2', 'B3', 'C3'])),

    h('h2', { text: 'How a game ends' }),
    h('ul', {},
      h('li', {}, h('strong', { text: 'No move: ' }), 'a player who cannot move on their turn loses; the winner is the last one able to move. ' +
        'There are no draws by the rules: every move removes a square.'),
      h('li', { text: 'Besides the rules: resignation, running out of time, a claim after the opponent left and did not return in time, ' +
        'a draw agreed by both players, and an abort before both players moved.' })),

    h('h2', { text: 'Notation' }),
    h('p', { text: 'A move is written as the square the marker goes to; the first two are the placements. ' +
      'The move list numbers the pairs: “1. D5 B2 2. B3 C3” is A placing on D5, B on B2, A moving to B3 and B to C3. ' +
      'On the board, removed squares carry the number of their removal, in order.' }),
    h('p', {}, h('a', { href: '/', text: 'To the lobby' })));
}
