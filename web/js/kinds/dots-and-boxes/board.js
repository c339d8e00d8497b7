// The Dots and Boxes field in SVG: the dots with their coordinates, each drawn edge in the colour of the seat that
// drew it (the last one marked), each completed box shaded in its owner's colour with the owner's initial, the
// undrawn edges as targets when the side to move may draw (on a touch screen a first tap marks an edge, a second
// draws it: kinds/tap-confirm.js), and below the field every seat's boxes. It only draws
// and reports clicks; games and replays decide what to show.

import { s } from '../../dom.js';
import { HORIZONTAL, edgeName } from './rules.js';
import { TapConfirm } from '../tap-confirm.js';
import { t } from '../../i18n.js';
import './catalog.js';

/** SVG units between two dots. */
const STEP = 10;
/** Room around the field, in units (the coordinates stand in it, left and below). */
const MARGIN = 7;
/** Height of the row below the field: the scores. */
const FOOTER = 9;
/** The scores' largest font size, in units. */
const SCORE_SIZE = 4.5;
/** Half the thickness of an edge's tap target, in units. */
const HIT = 3;

const seatName = (seat) => t(`dots-and-boxes.seat.${seat}`);

export class Board {
  /**
   * `options.onAction(edge)` is called with an edge's name when a highlighted edge is clicked or tapped (games
   * only); `options.label` names the board for screen readers.
   */
  constructor(ruleset, options = {}) {
    this.rows = ruleset.rows ?? 5;
    this.cols = ruleset.cols ?? 5;
    this.onAction = options.onAction;
    this.confirm = new TapConfirm();
    const [width, height] = [this.cols * STEP, this.rows * STEP];
    const viewBox = [-MARGIN, -MARGIN / 2, width + 1.5 * MARGIN, height + 1.5 * MARGIN + FOOTER].join(' ');
    this.boxes = s('g', { class: 'boxes' });
    this.edges = s('g', { class: 'edges' });
    this.targets = s('g', { class: 'targets' });
    this.marks = s('g', { class: 'marks' });
    this.score = s('text', { class: 'score', x: 0, y: height + MARGIN + FOOTER / 2 });
    this.element = s('svg', { class: 'board dots-and-boxes', viewBox, role: 'img', 'aria-label': options.label ?? t('dots-and-boxes.board') },
      this.paper(width, height), this.boxes, this.targets, this.edges, this.marks, this.dots(), this.score);
  }

  /** The SVG point of the dot in `column`, `row` (row 1 at the bottom). */
  at(column, row) {
    return { x: column * STEP, y: (this.rows - row) * STEP };
  }

  /** The two ends of `edge` in SVG units. */
  ends(edge) {
    const from = this.at(edge.column, edge.row);
    const to = edge.orientation === HORIZONTAL ? this.at(edge.column + 1, edge.row) : this.at(edge.column, edge.row + 1);
    return { x1: from.x, y1: from.y, x2: to.x, y2: to.y };
  }

  paper(width, height) {
    const labels = [];
    for (let column = 0; column <= this.cols; column += 1) {
      labels.push(s('text', { class: 'coordinate', x: column * STEP, y: height + MARGIN * 0.6 }, String.fromCharCode(97 + column)));
    }
    for (let row = 0; row <= this.rows; row += 1) {
      labels.push(s('text', { class: 'coordinate', x: -MARGIN * 0.6, y: this.at(0, row).y }, String(row + 1)));
    }
    return s('g', { class: 'paper' },
      s('rect', { class: 'field', x: -MARGIN, y: -MARGIN / 2, width: width + 1.5 * MARGIN, height: height + 1.5 * MARGIN + FOOTER }),
      s('g', { class: 'coordinates' }, labels));
  }

  dots() {
    const dots = [];
    for (let row = 0; row <= this.rows; row += 1) {
      for (let column = 0; column <= this.cols; column += 1) {
        const { x, y } = this.at(column, row);
        dots.push(s('circle', { class: 'dot', cx: x, cy: y, r: 1.1 }));
      }
    }
    return s('g', { class: 'dots' }, dots);
  }

  /** Draws a `DotsAndBoxesGame`; with `targets`, the edges the side to move may draw. */
  draw(game, { targets: showTargets = false } = {}) {
    const { position } = game;
    const boxes = [];
    for (let row = 0; row < this.rows; row += 1) {
      for (let column = 0; column < this.cols; column += 1) {
        const owner = position.boxOwner(column, row);
        if (!owner) continue;
        const { x, y } = this.at(column, row + 1);
        boxes.push(s('g', { class: `box box-${owner}` },
          s('title', {}, t('dots-and-boxes.boxOf', { seat: seatName(owner) })),
          s('rect', { x, y, width: STEP, height: STEP }),
          s('text', { x: x + STEP / 2, y: y + STEP / 2 }, seatName(owner).slice(0, 1))));
      }
    }
    this.boxes.replaceChildren(...boxes);
    const edges = [];
    position.drawnBy.forEach((seat, index) => {
      if (seat === null) return;
      const edge = position.edgeAt(index);
      edges.push(s('line', { class: `edge edge-${seat}`, 'data-edge': edgeName(edge), ...this.ends(edge) }));
    });
    this.edges.replaceChildren(...edges);
    this.marks.replaceChildren(...(position.lastEdge ? [s('line', { class: 'last', ...this.ends(position.lastEdge) })] : []));
    const scores = position.seats().map((seat, index) => ({ seat, text: `${seatName(seat)} ${position.scores[index]}` }));
    this.score.replaceChildren(...scores.flatMap(({ seat, text }, index) => [
      ...(index > 0 ? [s('tspan', {}, ' · ')] : []),
      s('tspan', { class: `score-${seat}${position.toMove === seat && !position.outcome ? ' to-move' : ''}` }, text),
    ]));
    // The scores fit the field's width: a small field with four seats writes them smaller.
    const characters = scores.reduce((sum, { text }) => sum + text.length + 3, 0);
    this.score.style.fontSize = `${Math.min(SCORE_SIZE, (this.cols * STEP + MARGIN) / (0.55 * characters)).toFixed(2)}px`;
    const legal = showTargets ? position.legalEdges() : [];
    // Redraw the targets only when they change, so an event that changes nothing here (a clock, a presence)
    // does not swap the element under a finger that is pressing it.
    const signature = legal.map(edgeName).join();
    if (signature === this.targetSignature) return;
    this.targetSignature = signature;
    this.confirm.clear();
    this.targets.replaceChildren(...legal.map((edge) => this.target(edge)));
  }

  target(edge) {
    const name = edgeName(edge);
    const { x1, y1, x2, y2 } = this.ends(edge);
    const draw = (event) => {
      event.preventDefault();
      const now = this.confirm.tap(name, event);
      for (const target of this.targets.children) target.classList.toggle('pending', !now && target.dataset.edge === name);
      if (now) this.onAction(name);
    };
    // Without `onAction` (the rules page's diagrams) the targets only show, they are not controls.
    const control = this.onAction
      ? { role: 'button', tabindex: 0, 'aria-label': t('dots-and-boxes.drawEdge', { edge: name }),
        on: { click: draw, keydown: (event) => (event.key === 'Enter' || event.key === ' ') && draw(event) } }
      : {};
    // The tap target covers the edge between its dots and a few units either side: a finger's width on a phone.
    const hit = edge.orientation === HORIZONTAL
      ? { x: Math.min(x1, x2) + 1.5, y: y1 - HIT, width: STEP - 3, height: 2 * HIT }
      : { x: x1 - HIT, y: Math.min(y1, y2) + 1.5, width: 2 * HIT, height: STEP - 3 };
    return s('g', { class: 'target', 'data-edge': name, ...control },
      s('title', {}, t('dots-and-boxes.drawEdge', { edge: name })),
      s('rect', { class: 'target-hit', ...hit }),
      s('line', { class: 'target-path', x1, y1, x2, y2 }));
  }
}
