// A Balda game as the kinds table shapes it (kinds/position-game.js): the grid of letters, played one move (a
// word or a pass) at a time, for 2–4 seats. A move is a whole turn.

import { PositionGame } from '../position-game.js';
import { Position } from './rules.js';

export class BaldaGame extends PositionGame {
  /** A game of `ruleset`, which names its start word (`start`, set by the server when the game is created). */
  constructor(ruleset) {
    super(new Position(ruleset));
  }

  /** Only a pass can be listed: which words are legal is the server's dictionary's to say (see `isLegal`). */
  legalActions() {
    return this.position.outcome ? [] : ['pass'];
  }

  /** Whether `action` is a move of legal shape now (the server judges its word). */
  isLegal(action) {
    return this.position.isLegal(action);
  }
}
