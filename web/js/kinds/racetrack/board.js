// The race in SVG: the track drawn from its map (track, danger zones, the start/finish line, touch points), every
// car's trail in its seat's colour with its crashes marked, each car where it stands, and, when the seat to move
// may move, the nine targets of its next move as tappable points (on a touch screen a first tap marks a target, a
// second plays it: kinds/tap-confirm.js), a target whose segment leaves the track drawn as a crash. Below the
// track every car's hit points or place. Keys 1–9 play the keypad's targets. It only draws and reports clicks.

import { s } from '../../dom.js';
import { DANGER, FINISH, OUTSIDE, START, TOUCH_POINT } from './rules.js';
import { TapConfirm } from '../tap-confirm.js';
import { t } from '../../i18n.js';
import './catalog.js';

/** SVG units per cell. */
const STEP = 10;
/** Height of the row below the track: the cars' hit points. */
const FOOTER = 12;

const seatName = (seat) => t(`racetrack.seat.${seat}`);
const SEATS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth'];
const centre = ({ x, y }) => ({ x: x * STEP + STEP / 2, y: y * STEP + STEP / 2 });

export class Board {
  /** `options.onAction(digit)` is called with a target's keypad digit when it is clicked, tapped or keyed; the
   * track comes with the first game drawn. */
  constructor(ruleset, options = {}) {
    this.onAction = options.onAction;
    this.label = options.label ?? t('racetrack.board');
    this.confirm = new TapConfirm();
    this.map = s('g', { class: 'map' });
    this.trails = s('g', { class: 'trails' });
    this.cars = s('g', { class: 'cars' });
    this.targets = s('g', { class: 'targets' });
    this.status = s('text', { class: 'status', x: 0, y: 0 });
    this.element = s('svg', { class: 'board racetrack', viewBox: '0 0 100 100', role: 'img', 'aria-label': this.label },
      this.map, this.trails, this.targets, this.cars, this.status);
  }

  /** Draws the track's cells once: the map never changes during a race. */
  drawTrack(track) {
    if (this.track === track) return;
    this.track = track;
    const [width, height] = [track.width * STEP, track.height * STEP];
    this.element.setAttribute('viewBox', `0 0 ${width} ${height + FOOTER}`);
    const cells = [];
    for (let y = 0; y < track.height; y += 1) {
      for (let x = 0; x < track.width; x += 1) {
        const cell = track.cell({ x, y });
        if (cell === OUTSIDE) continue;
        const kind = { [DANGER]: 'danger', [START]: 'line', [FINISH]: 'line', [TOUCH_POINT]: 'touch' }[cell] ?? 'road';
        cells.push(s('rect', { class: `cell ${kind}`, x: x * STEP, y: y * STEP, width: STEP, height: STEP }));
        if (cell === TOUCH_POINT) cells.push(s('circle', { class: 'touch-point', ...point(centre({ x, y })), r: STEP / 4 }));
      }
    }
    const { direction, line } = track;
    // The line is the near side of the run of line cells, against the racing direction.
    const ends = direction.x !== 0
      ? { x1: (direction.x > 0 ? line.along : -line.along + 1) * STEP, y1: line.across[0] * STEP, y2: (line.across[1] + 1) * STEP }
      : { y1: (direction.y > 0 ? line.along : -line.along + 1) * STEP, x1: line.across[0] * STEP, x2: (line.across[1] + 1) * STEP };
    if (direction.x !== 0) ends.x2 = ends.x1;
    else ends.y2 = ends.y1;
    this.map.replaceChildren(s('rect', { class: 'field', x: 0, y: 0, width, height: height + FOOTER }), ...cells,
      s('line', { class: 'finish-line', ...ends }));
    this.status.setAttribute('y', height + FOOTER / 2);
  }

  /** Draws a `RacetrackGame`; with `targets`, the nine targets of the car to move. */
  draw(game, { targets: showTargets = false } = {}) {
    const { position } = game;
    this.drawTrack(position.track);
    const trails = [];
    const cars = [];
    position.cars.forEach((car, index) => {
      const seat = SEATS[index];
      const points = car.trail.map((at) => { const c = centre(at); return `${c.x},${c.y}`; }).join(' ');
      trails.push(s('polyline', { class: `trail trail-${seat}`, points }));
      for (const crash of car.crashes) {
        const c = centre(crash);
        trails.push(s('path', { class: `crash crash-${seat}`, d: `M${c.x - 3},${c.y - 3}L${c.x + 3},${c.y + 3}M${c.x - 3},${c.y + 3}L${c.x + 3},${c.y - 3}` }));
      }
      if (car.standing.running) {
        cars.push(s('circle', { class: `car car-${seat}${position.toMove === seat && !position.outcome ? ' to-move' : ''}`, ...point(centre(car.position)), r: STEP / 3 },
          s('title', {}, seatName(seat))));
      }
    });
    this.trails.replaceChildren(...trails);
    this.cars.replaceChildren(...cars);
    this.status.replaceChildren(...position.cars.flatMap((car, index) => [
      ...(index > 0 ? [s('tspan', {}, ' · ')] : []),
      s('tspan', { class: `score-${SEATS[index]}` }, `${seatName(SEATS[index])} ${standingText(car)}`),
    ]));
    this.shown = showTargets && !position.outcome ? position.targets() : [];
    const signature = this.shown.map((target) => `${target.digit}:${target.point.x},${target.point.y}:${target.legal}`).join();
    if (signature === this.targetSignature) return;
    this.targetSignature = signature;
    this.confirm.clear();
    this.targets.replaceChildren(...this.shown.map((target) => this.target(target)));
  }

  target({ digit, point: at, legal, crash }) {
    const play = (event) => {
      event.preventDefault();
      const now = this.confirm.tap(String(digit), event);
      for (const shown of this.targets.children) shown.classList.toggle('pending', !now && shown.dataset.digit === String(digit));
      if (now) this.onAction(String(digit));
    };
    const label = t(crash ? 'racetrack.crashTo' : 'racetrack.driveTo', { point: `${at.x},${at.y}`, digit });
    const control = this.onAction && legal
      ? { role: 'button', tabindex: 0, 'aria-label': label,
        on: { click: play, keydown: (event) => (event.key === 'Enter' || event.key === ' ') && play(event) } }
      : {};
    const c = centre(at);
    return s('g', { class: `target${crash ? ' target-crash' : ''}${legal ? '' : ' blocked'}`, 'data-digit': String(digit), ...control },
      s('title', {}, label),
      s('circle', { class: 'target-hit', cx: c.x, cy: c.y, r: STEP / 2 }),
      s('circle', { class: 'target-dot', cx: c.x, cy: c.y, r: STEP / 5 }));
  }

  /** The keypad digit a key press plays, if it is a legal target. */
  keyAction(event) {
    const target = this.shown?.find((shown) => String(shown.digit) === event.key && shown.legal);
    return target ? String(target.digit) : null;
  }
}

const point = ({ x, y }) => ({ cx: x, cy: y });

/** A car's hit points while it races, else where it ended. */
function standingText(car) {
  if (car.standing.finished !== undefined) return t('racetrack.finished', { round: car.standing.finished });
  if (car.standing.out !== undefined) return t('racetrack.out');
  if (car.standing.left !== undefined) return t('racetrack.left');
  return `♥${car.hitPoints}`;
}
