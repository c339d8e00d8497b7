// A small field after a few actions, drawn by the game's own board, for the rules pages of Line Soccer and
// Russian Paper Soccer.

import { h } from '../../dom.js';
import { Board } from './board.js';
import { LineSoccerGame } from './game.js';

/** `ruleset`'s field after `actions` (each one step or one kick), with the legal targets, captioned `caption`. */
export function figure(ruleset, actions, caption) {
  const game = new LineSoccerGame(ruleset);
  actions.forEach((action) => game.play(action));
  const board = new Board(ruleset, { label: caption });
  board.draw(game, { targets: true });
  board.element.classList.add('diagram');
  return h('figure', { class: 'rule-figure' }, board.element, h('figcaption', { text: caption }));
}
