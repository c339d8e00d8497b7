// A Gallows game as the kinds table shapes it (kinds/position-game.js), seen by one viewer: built from the moves
// as that viewer receives them, each played for its seat. At the end both words are revealed and `verify` checks
// them against their commitments and every published answer.

import { SecretsGame } from '../secrets-game.js';
import { commitmentHolds } from '../commitment.js';
import { EXAMPLE_WORDS, Position, checkRound, checkWord } from './rules.js';

export class GallowsGame extends SecretsGame {
  /** A game of `ruleset`; `id`, the game's id, is what its commitments are bound to. */
  constructor(ruleset, { id = null } = {}) {
    super(new Position(ruleset), id);
  }

  /** The letters not tried while a round is guessed; while a word is set by its setter, one word of the
   * shipped list (any dictionary word is one, and the browser holds none); nothing while the server draws or
   * once the game is over. */
  legalActions() {
    const { position } = this;
    if (position.outcome || position.serverDraws) return [];
    if (position.setting) return [`W:${EXAMPLE_WORDS[position.rules.language]}`];
    return position.rules.alphabet.filter((letter) => !position.tried(letter));
  }

  /**
   * Whether the game as published holds, once both words are known: each hashes with its nonce to the
   * commitment published when it was set, has letters of the game's alphabet, and gives every answer published.
   * Resolves `{verified: true, answers}` (the guesses checked) or `{verified: false, seat, problem}` (`problem`
   * `commitment`, `illegal` or `answer`, the last with `round`, `published` and `truth`); null while a word, its
   * nonce or its commitment is missing.
   */
  async verify() {
    const { seats, rounds, rules } = this.position;
    if (!this.id || Object.values(seats).some((seat) => !seat.secret || !seat.nonce || !seat.commitment)) return null;
    for (const [seat, { secret, nonce, commitment }] of Object.entries(seats)) {
      if (!(await commitmentHolds(this.id, seat, `W:${secret}`, nonce, commitment))) return { verified: false, seat, problem: 'commitment' };
      if (checkWord(secret, rules)) return { verified: false, seat, problem: 'illegal' };
    }
    let answers = 0;
    for (const [index, round] of rounds.entries()) {
      const setter = index === 0 ? 'first' : 'second';
      const wrong = checkRound(round.moves, seats[setter].secret, rules);
      if (wrong) return { verified: false, seat: setter, problem: 'answer', round: index + 1, published: wrong.published, truth: wrong.truth };
      answers += Math.max(round.moves.length - 1, 0);
    }
    return { verified: true, answers };
  }
}
