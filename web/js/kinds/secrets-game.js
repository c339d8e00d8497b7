// What the games with secrets (Sea Battle, Bulls and Cows) share as the kinds table shapes them
// (kinds/position-game.js): a game seen by one viewer, built from the moves as that viewer receives them, each
// played for the seat that made it (in a simultaneous phase that is not always the first seat to act). The
// position holds the secrets this viewer may see, and at the end the revealed ones.

import { PositionGame } from './position-game.js';

export class SecretsGame extends PositionGame {
  /** A game from `position`, its start; `id`, the game's id, is what its commitments are bound to. */
  constructor(position, id) {
    super(position);
    this.id = id;
  }

  /** Every seat that acts now: several at once in a simultaneous phase. */
  get seatsToAct() {
    return this.position.seatsToAct;
  }

  /** Whether `seat` may play `action` now. */
  isLegal(action, seat) {
    return this.position.illegal(seat, action) === null;
  }

  /** Plays one action of a move as this viewer received it, for `seat` (the seat to act when not given);
   * `record` is the move it came in (its commitment, secret and nonce). */
  play(action, seat, record) {
    this.position.play(action.trim(), seat ?? this.position.toMove, record);
  }

  /** The revealed moves at the end (`ended`'s `revealed`): both secrets with their nonces. */
  reveal(records) {
    records.forEach((record) => this.position.reveal(record));
  }
}
