// What the boards of the games with secrets (Sea Battle, Bulls and Cows) share: both seats' parts shown side by
// side, the reader's first. Turning the board for the second seat (`turned`) swaps the sides, never turns them
// upside down, and redraws the game the board last drew.

export class SideBySideBoard {
  constructor() {
    this.bottomTurned = false;
    this.game = null;
    this.showTargets = false;
  }

  /** The page shows the board for the second seat: its side comes first. */
  set turned(turned) {
    this.bottomTurned = turned;
    if (this.game) this.draw(this.game, { targets: this.showTargets });
  }

  get turned() {
    return this.bottomTurned;
  }

  /** The seat whose side comes first: the reader's, or the one a spectator chose. */
  get ownSeat() {
    return this.bottomTurned ? 'second' : 'first';
  }
}
