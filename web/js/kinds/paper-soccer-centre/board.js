// The classic pitch (kinds/paper-soccer/board.js, unchanged) with the running score above it, the points
// marked where they were made, and a ring on the centre spot right after a point, when the ball restarts there.

import { s } from '../../dom.js';
import { Board as PitchBoard } from '../paper-soccer/board.js';

/** SVG units per lattice cell, as the classic board draws. */
const CELL = 10;

export class Board extends PitchBoard {
  constructor(ruleset, options = {}) {
    super(ruleset, { ...options, label: options.label ?? 'Paper Soccer pitch, a match of points' });
    this.score = s('text', { class: 'score', x: 0, y: -CELL * 1.15 });
    this.marks = s('g', { class: 'points' });
    this.restart = s('circle', { class: 'restart', r: 4, cx: this.pitch.centre().x * CELL, cy: this.pitch.centre().y * CELL });
    this.element.insertBefore(this.marks, this.ball);
    this.element.append(this.restart, this.score);
  }

  draw(game, options = {}) {
    super.draw(game, options);
    const { first, second } = game.scores;
    this.score.textContent = `${first} : ${second}`;
    this.marks.replaceChildren(...game.points.map(({ scorer, at }) =>
      s('circle', { class: `point-mark point-${scorer}`, cx: at.x * CELL, cy: at.y * CELL, r: 3.4 })));
    this.restart.setAttribute('visibility', game.restarted ? 'visible' : 'hidden');
  }
}
