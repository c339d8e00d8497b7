// A Sea Battle game as the kinds table shapes it (kinds/position-game.js), seen by one viewer: built from the
// moves as that viewer receives them, each played for its seat. Setup and play are the position's phases
// (rules.js); at the end both fleets are revealed and `verify` checks them against their commitments and every
// published answer.

import { SecretsGame } from '../secrets-game.js';
import { commitmentHolds } from '../commitment.js';
import { Position, cellName, checkAnswers, firstFleet, fleetText } from './rules.js';

export class SeaBattleGame extends SecretsGame {
  /** A game of `ruleset`; `id`, the game's id, is what its commitments are bound to. */
  constructor(ruleset, { id = null } = {}) {
    super(new Position(ruleset), id);
  }

  /** The shots open to the shooter; in setup, where a fleet is one of some 10¹⁵, the first legal fleet only (a
   * page places fleets with its editor and `isLegal`). */
  legalActions() {
    const { position } = this;
    if (position.outcome || position.awaiting) return [];
    if (position.inSetup) return [fleetText(firstFleet(position.rules))];
    return position.openCells(position.shooter).map(cellName);
  }

  /**
   * Whether the game as published holds, once both fleets are known: each fleet hashes with its nonce to the
   * commitment published when it was placed, is a legal fleet, and gives every answer published to the shots at
   * it. Resolves `{verified: true, answers}` (the shots checked) or `{verified: false, seat, problem}`; null
   * while a fleet, its nonce or its commitment is missing (a game still on, or aborted in setup).
   */
  async verify() {
    const { grids, rules } = this.position;
    if (!this.id || Object.values(grids).some((grid) => !grid.fleet || !grid.nonce || !grid.commitment)) return null;
    let answers = 0;
    for (const [seat, grid] of Object.entries(grids)) {
      if (!(await commitmentHolds(this.id, seat, grid.secret ?? fleetText(grid.fleet), grid.nonce, grid.commitment))) {
        return { verified: false, seat, problem: 'commitment' };
      }
      const wrong = checkAnswers(grid.fleet, grid.log, rules);
      if (wrong) return { verified: false, seat, ...wrong };
      answers += grid.log.length;
    }
    return { verified: true, answers };
  }
}
