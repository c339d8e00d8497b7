// A Bulls and Cows game as the kinds table shapes it (kinds/position-game.js), seen by one viewer: built from the
// moves as that viewer receives them, each played for its seat. At the end both secrets are revealed and `verify`
// checks them against their commitments and every published answer.

import { SecretsGame } from '../secrets-game.js';
import { commitmentHolds } from '../commitment.js';
import { Position, allCodes, checkRounds } from './rules.js';

export class BullsAndCowsGame extends SecretsGame {
  /** A game of `ruleset`; `id`, the game's id, is what its commitments are bound to. */
  constructor(ruleset, { id = null } = {}) {
    super(new Position(ruleset), id);
  }

  /** Every code the rules allow, as a secret (`S:0123`) while secrets are chosen, else as a guess. */
  legalActions() {
    const { position } = this;
    if (position.outcome) return [];
    const prefix = position.choosingSecrets ? 'S:' : '';
    return allCodes(position.rules).map((code) => `${prefix}${code}`);
  }

  /**
   * Whether the game as published holds, once both secrets are known: each hashes with its nonce to the
   * commitment published when it was chosen, is a legal secret, and gives every answer published. Resolves
   * `{verified: true, answers}` (the answers checked) or `{verified: false, seat, problem}`; null while a secret,
   * its nonce or its commitment is missing.
   */
  async verify() {
    const { seats, rounds, rules } = this.position;
    if (!this.id || Object.values(seats).some((seat) => !seat.secret || !seat.nonce || !seat.commitment)) return null;
    for (const [seat, { secret, nonce, commitment }] of Object.entries(seats)) {
      if (!(await commitmentHolds(this.id, seat, `S:${secret}`, nonce, commitment))) return { verified: false, seat, problem: 'commitment' };
    }
    const wrong = checkRounds(rounds, { first: seats.first.secret, second: seats.second.secret }, rules);
    return wrong ? { verified: false, ...wrong } : { verified: true, answers: 2 * rounds.length };
  }
}
