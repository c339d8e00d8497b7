// What every kind's game (kinds/index.js, `newGame`) shares: the kind's position (its rules.js) behind the
// shape the pages read. Whose move it is, whether a turn goes on and how the game ended are the position's; a
// copy to play on clones it. A kind's game.js extends this and states only what is its own: how its actions read
// (`legalActions`, `play`) and what it records beside the position.

export class PositionGame {
  /** A game over `position`: a kind's rules state with `clone()`, `toMove`, `midTurn` and `outcome`. */
  constructor(position) {
    this.position = position;
  }

  /** A copy to play on, this game unchanged: the position cloned, whatever else the game records copied as it
   * stands (a game that records lists copies them in its own `clone`). */
  clone() {
    const copy = Object.create(Object.getPrototypeOf(this));
    return Object.assign(copy, this, { position: this.position.clone() });
  }

  get toMove() {
    return this.position.toMove;
  }

  get midTurn() {
    return this.position.midTurn;
  }

  get outcome() {
    return this.position.outcome;
  }

  /** Plays one action given as its notation, for a position that reads its own; throws on anything else or an
   * illegal action. */
  play(action) {
    this.position.play(action.trim());
  }
}
