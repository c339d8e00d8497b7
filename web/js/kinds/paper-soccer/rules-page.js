// The rules of Paper Soccer as kartka plays them (the classic kurnik.pl rules), with drawings of the goal mouth.

import { goalDiagram } from './diagram.js';
import { h } from '../../dom.js';

const [N, NE, E, SE, S, SW, W, NW] = [0, 1, 2, 3, 4, 5, 6, 7];

function figure(caption, diagram) {
  return h('figure', { class: 'rule-figure' }, goalDiagram({ ...diagram, label: caption }), h('figcaption', { text: caption }));
}

/** The rules page's article. */
export function rulesPage() {
  return h('article', { class: 'panel rules-page' },
    h('h1', { text: 'The rules of Paper Soccer' }),
    h('p', { class: 'lead', text: 'Paper Soccer (Piłkarzyki) is played on squared paper. kartka plays the classic rules of kurnik.pl (PlayOK).' }),

    h('h2', { text: 'The pitch' }),
    h('p', { text: 'The pitch is 8 squares wide and 10 long; the ball moves between the points where the lines of the paper cross (9 × 11 of them). ' +
      'In the middle of each short side is a goal 2 squares wide and 1 deep. The ball starts on the centre spot.' }),
    h('p', { text: 'The first player (“White” in kurnik records) kicks off and attacks the top goal; the second player attacks the bottom goal. ' +
      'On the board, each goal is tinted in the colour of the player who scores there.' }),

    h('h2', { text: 'A step' }),
    h('ul', {},
      h('li', { text: 'A step moves the ball to one of the 8 neighbouring points — straight or diagonally — drawing a line.' }),
      h('li', { text: 'The ball may not run along a line already drawn, nor along the border of the pitch or the sides and back of a goal. ' +
        'It may cross a drawn diagonal with the other diagonal.' })),

    h('h2', { text: 'Bounces and turns' }),
    h('ul', {},
      h('li', {}, h('strong', { text: 'Bounce: ' }), 'when the ball reaches a point that already had a line or a wall at it, the same player steps again. ' +
        'Every point on the border and both goal posts always bounce.'),
      h('li', { text: 'The middle of the goal mouth is not a wall point: the ball stops there if nothing touched it yet.' }),
      h('li', { text: 'A turn is all of one player\'s steps up to the first step that ends on a fresh point (nothing drawn at it). Then the other player moves.' })),

    h('h2', { text: 'The goal mouth' }),
    h('p', { text: 'The goal can only be entered from the three points of its mouth, and nothing leaves a goal:' }),
    h('div', { class: 'figures' },
      figure('From a post, only the diagonal into the middle of the goal; along the mouth is open, along the end line is not.', {
        ball: { x: 3, y: 0 }, steps: [{ digit: NE, allowed: true }, { digit: N, allowed: false }, { digit: NW, allowed: false }, { digit: E, allowed: true }, { digit: W, allowed: false }] }),
      figure('From the middle of the mouth, into any of the three goal points.', {
        ball: { x: 4, y: 0 }, steps: [{ digit: NW, allowed: true }, { digit: N, allowed: true }, { digit: NE, allowed: true }, { digit: W, allowed: true }, { digit: E, allowed: true }] }),
      figure('Beside the mouth the end line is a wall: no way into the goal, nor along the line to the post.', {
        ball: { x: 2, y: 0 }, steps: [{ digit: NE, allowed: false }, { digit: E, allowed: false }, { digit: SE, allowed: true }, { digit: S, allowed: true }, { digit: SW, allowed: true }] }),
      figure('A bounce: the ball reaches a point a line already touches, so the same player steps again.', {
        ball: { x: 5, y: 2 }, lines: [{ from: { x: 6, y: 2 }, to: { x: 6, y: 1 } }], steps: [{ digit: NE, allowed: true }] })),

    h('h2', { text: 'How a game ends' }),
    h('ul', {},
      h('li', {}, h('strong', { text: 'Goal: ' }), 'the ball reaches a goal point; the player who defends that goal loses. An own goal counts for the opponent.'),
      h('li', {}, h('strong', { text: 'Stuck: ' }), 'a player who must step again after a bounce and has no free line loses. (Corners are suicide.)'),
      h('li', { text: 'Besides the rules: resignation, running out of time (Fischer clocks: each completed turn adds the increment), ' +
        'a claim after the opponent left and did not return in time, a draw agreed by both players, and an abort before both players moved.' })),

    h('h2', { text: 'Notation' }),
    h('p', { text: 'kurnik writes each step as a digit, clockwise from north in the board\'s own frame: 0 = up, 1 = up-right, 2 = right, 3 = down-right, ' +
      '4 = down, 5 = down-left, 6 = left, 7 = up-left. A turn is its digits run together: 754 is a turn with two bounces. ' +
      'The move list numbers the turns: “1. 0 3 2. 67 5” is White 0, Black 3, White 67, Black 5.' }),
    h('p', { text: 'On the numeric keypad the keys sit where the steps go: 8 up, 9 up-right, 6 right, 3 down-right, 2 down, 1 down-left, 4 left, 7 up-left.' }),
    h('p', {}, h('a', { href: '/', text: 'To the lobby' })));
}
