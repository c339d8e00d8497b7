// The rules of the Paper Soccer variants on the lines-and-kicks model (`line`, `line/opcja1`, `russian`), as
// engine/src/kinds/line_soccer/ plays them: lines of three steps that never touch a drawn point, the
// centre or the out-line; a player left without a full move is closed, and the player who closed them kicks
// a straight line of the rules' length. The page needs them to offer only legal steps and kicks.
//
// Points are in the frame of the rules: the centre spot is (0, 0), x grows east, y grows north; the first
// seat attacks the goal at y = length / 2.

/** Kurnik's direction digits 0–7 as (dx, dy) with y growing north. */
export const DIRECTIONS = [
  { digit: 0, dx: 0, dy: 1, name: 'north' },
  { digit: 1, dx: 1, dy: 1, name: 'north-east' },
  { digit: 2, dx: 1, dy: 0, name: 'east' },
  { digit: 3, dx: 1, dy: -1, name: 'south-east' },
  { digit: 4, dx: 0, dy: -1, name: 'south' },
  { digit: 5, dx: -1, dy: -1, name: 'south-west' },
  { digit: 6, dx: -1, dy: 0, name: 'west' },
  { digit: 7, dx: -1, dy: 1, name: 'north-west' },
];

/** Steps in a full line (or, in `russian`, a move). */
export const LINE_STEPS = 3;

/** Each variant's rules: kick lengths (the duty's, then the escalations) and the switches that differ. */
export const VARIANTS = {
  line: { kicks: [7, 14, 21], linesMustComplete: true, kickMayEndOnDrawnPoint: false, kicksAgainFromDrawnPoint: false, postTips: false },
  opcja1: { kicks: [6, 12, 18], linesMustComplete: true, kickMayEndOnDrawnPoint: true, kicksAgainFromDrawnPoint: true, postTips: false },
  russian: { kicks: [6], linesMustComplete: false, kickMayEndOnDrawnPoint: true, kicksAgainFromDrawnPoint: false, postTips: true },
};

/** The variant a ruleset plays: `line`, `opcja1` or `russian`. */
export function variantOf(ruleset) {
  if (ruleset.kind === 'russian-soccer') return 'russian';
  return ruleset.preset === 'opcja1' ? 'opcja1' : 'line';
}

const key = (p) => `${p.x},${p.y}`;
const segmentKey = (a, b) => (a.y < b.y || (a.y === b.y && a.x < b.x) ? `${key(a)}:${key(b)}` : `${key(b)}:${key(a)}`);
export const shifted = (p, digit, times = 1) => ({ x: p.x + DIRECTIONS[digit].dx * times, y: p.y + DIRECTIONS[digit].dy * times });

/** The field: W × L cells, mouths of 5 points (|x| ≤ 2) on the end lines, and in `russian` forbidden post tips. */
export class Field {
  constructor(width, length, postTips) {
    this.width = width;
    this.length = length;
    this.halfWidth = width / 2;
    this.halfLength = length / 2;
    this.mouth = 2;
    this.postTips = postTips;
  }

  contains(p) {
    return Math.abs(p.x) <= this.halfWidth && Math.abs(p.y) <= this.halfLength;
  }

  isMouth(p) {
    return Math.abs(p.y) === this.halfLength && Math.abs(p.x) <= this.mouth;
  }

  /** The out-line (the border but the mouths) and, in `russian`, the post tips: the ball never touches them. */
  isForbidden(p) {
    const onBorder = Math.abs(p.x) === this.halfWidth || Math.abs(p.y) === this.halfLength;
    const postTip = this.postTips && Math.abs(p.x) === this.mouth + 1 && Math.abs(p.y) === this.halfLength - 1;
    return (onBorder && !this.isMouth(p)) || postTip;
  }

  /** The seat that attacks the goal a mouth point belongs to. */
  attackerOf(p) {
    return p.y > 0 ? 'first' : 'second';
  }
}

/** The drawn points and segments. */
export class Drawing {
  constructor() {
    this.points = new Set([key({ x: 0, y: 0 })]);
    this.segments = new Set();
  }

  clone() {
    const copy = new Drawing();
    copy.points = new Set(this.points);
    copy.segments = new Set(this.segments);
    return copy;
  }

  hasPoint(p) {
    return this.points.has(key(p));
  }

  draw(from, to) {
    this.segments.add(segmentKey(from, to));
    this.points.add(key(to));
  }

  undraw(from, to) {
    this.segments.delete(segmentKey(from, to));
    this.points.delete(key(to));
  }

  /** Where a step from `from` lands, or why it may not: `forbidden`, `drawn point` or `crosses a line`. */
  stepTarget(field, from, digit) {
    const to = shifted(from, digit);
    if (!field.contains(to) || field.isForbidden(to)) return { fault: 'forbidden' };
    if (this.hasPoint(to)) return { fault: 'drawn point' };
    const { dx, dy } = DIRECTIONS[digit];
    if (dx !== 0 && dy !== 0 && this.segments.has(segmentKey({ x: from.x + dx, y: from.y }, { x: from.x, y: from.y + dy }))) {
      return { fault: 'crosses a line' };
    }
    return { to };
  }

  canStep(field, from) {
    return DIRECTIONS.some(({ digit }) => this.stepTarget(field, from, digit).to);
  }

  /** Whether a line of `steps` more steps can be drawn from `from` (a step into a mouth completes it). */
  hasLine(field, from, steps) {
    if (steps === 0) return true;
    for (const { digit } of DIRECTIONS) {
      const { to } = this.stepTarget(field, from, digit);
      if (!to) continue;
      if (field.isMouth(to)) return true;
      this.draw(from, to);
      const found = this.hasLine(field, to, steps - 1);
      this.undraw(from, to);
      if (found) return true;
    }
    return false;
  }
}

/** Where a kick of `length` stops, or null when it touches the out-line or leaves the field; it stops early on a mouth. */
export function traceKick(field, from, digit, length) {
  for (let segments = 1; segments <= length; segments += 1) {
    const at = shifted(from, digit, segments);
    if (!field.contains(at) || field.isForbidden(at)) return null;
    if (field.isMouth(at)) return { end: at, segments, scores: true };
    if (segments === length) return { end: at, segments, scores: false };
  }
  return null;
}

/** A step (`{step: digit}`) or a kick (`{kick: digit, segments}`) from its notation: `3` or `p37`. */
export function parseActions(text) {
  const actions = [];
  const fail = () => {
    throw new Error(`${JSON.stringify(text)} is not Line Soccer notation`);
  };
  for (let at = 0; at < text.length;) {
    if (text[at] === 'p') {
      const match = /^p([0-7])(\d+)/.exec(text.slice(at));
      if (!match) fail();
      const segments = Number(match[2]);
      if (segments < 1 || segments > 21) fail();
      actions.push({ kick: Number(match[1]), segments });
      at += match[0].length;
    } else if (/[0-7]/.test(text[at])) {
      actions.push({ step: Number(text[at]) });
      at += 1;
    } else {
      fail();
    }
  }
  return actions;
}

/** An action's notation. */
export function actionText(action) {
  return 'kick' in action ? `p${action.kick}${action.segments}` : String(action.step);
}

const other = (seat) => (seat === 'first' ? 'second' : 'first');

/** A game position and its turn sequence, as the engine's `Play`. */
export class Position {
  constructor(ruleset) {
    this.variant = variantOf(ruleset);
    this.rules = VARIANTS[this.variant];
    this.field = new Field(ruleset.width, ruleset.length, this.rules.postTips);
    this.drawing = new Drawing();
    this.ball = { x: 0, y: 0 };
    this.toMove = 'first';
    /** `{steps}` while a line is being drawn, `{level}` while a kick of `rules.kicks[level]` is due. */
    this.phase = { steps: 0 };
    /** Where the ball stood in the current kick series. */
    this.series = new Set();
    this.midTurn = false;
    this.outcome = null;
  }

  clone() {
    const copy = Object.create(Position.prototype);
    return Object.assign(copy, this, {
      drawing: this.drawing.clone(),
      ball: { ...this.ball },
      phase: { ...this.phase },
      series: new Set(this.series),
      outcome: this.outcome && { ...this.outcome },
    });
  }

  /** The length of the kick the side to move owes, or null while a line is due. */
  get kickDue() {
    return !this.outcome && 'level' in this.phase ? this.rules.kicks[this.phase.level] : null;
  }

  /** Where the step `digit` lands, or why it is illegal. */
  checkStep(digit) {
    if (this.outcome) return { fault: 'the game is over' };
    if (!('steps' in this.phase)) return { fault: 'a kick is due' };
    const target = this.drawing.stepTarget(this.field, this.ball, digit);
    if (!target.to) return target;
    const remaining = LINE_STEPS - this.phase.steps - 1;
    if (this.rules.linesMustComplete && !this.field.isMouth(target.to) && remaining > 0) {
      const after = this.drawing.clone();
      after.draw(this.ball, target.to);
      if (!after.hasLine(this.field, target.to, remaining)) return { fault: 'the line could not be completed' };
    }
    return target;
  }

  kickPath(digit, level) {
    const path = traceKick(this.field, this.ball, digit, this.rules.kicks[level]);
    if (!path) return null;
    if (path.scores) return path;
    if (!this.rules.kickMayEndOnDrawnPoint && this.drawing.hasPoint(path.end)) return null;
    if (this.series.has(key(path.end))) return null;
    return path;
  }

  /** The kick `digit` if it is legal now. */
  checkKick(digit) {
    if (this.outcome || !('level' in this.phase)) return null;
    return this.kickPath(digit, this.phase.level);
  }

  /** Every legal action now: steps while a line is due, kicks while a kick is. */
  legalActions() {
    if (this.outcome) return [];
    const actions = [];
    for (const { digit } of DIRECTIONS) {
      if ('steps' in this.phase) {
        if (this.checkStep(digit).to) actions.push({ step: digit });
      } else {
        const path = this.checkKick(digit);
        if (path) actions.push({ kick: digit, segments: path.segments });
      }
    }
    return actions;
  }

  /** Whether the player about to draw a line from the ball has a full move; false means closed. */
  hasFullMove() {
    return this.drawing.clone().hasLine(this.field, this.ball, LINE_STEPS);
  }

  /** Plays one action; throws on an illegal one. Returns `continues`, `ended` or `over`. */
  play(action) {
    if ('kick' in action) {
      const path = this.checkKick(action.kick);
      if (!path || path.segments !== action.segments) throw new Error(`the kick ${actionText(action)} is illegal now`);
      return this.kick(action.kick, path);
    }
    const target = this.checkStep(action.step);
    if (!target.to) throw new Error(`the step ${action.step} is illegal now: ${target.fault}`);
    return this.step(target.to);
  }

  step(to) {
    const mover = this.toMove;
    this.drawing.draw(this.ball, to);
    this.ball = to;
    this.midTurn = true;
    if (this.field.isMouth(to)) return this.goal(mover);
    const steps = this.phase.steps + 1;
    if (steps === LINE_STEPS) {
      this.startSeries();
      return this.afterDrawing(mover, false);
    }
    if (!this.rules.linesMustComplete && !this.drawing.canStep(this.field, to)) {
      this.startSeries();
      return this.assignKick(other(mover), mover);
    }
    this.phase = { steps };
    return 'continues';
  }

  kick(digit, path) {
    const kicker = this.toMove;
    const endedOnDrawnPoint = this.drawing.hasPoint(path.end);
    let at = this.ball;
    for (let i = 0; i < path.segments; i += 1) {
      const next = shifted(at, digit);
      this.drawing.draw(at, next);
      at = next;
    }
    this.ball = path.end;
    this.midTurn = true;
    if (path.scores) return this.goal(kicker);
    this.series.add(key(path.end));
    return this.afterDrawing(kicker, endedOnDrawnPoint);
  }

  startSeries() {
    this.series = new Set([key(this.ball)]);
  }

  afterDrawing(mover, endedOnDrawnPoint) {
    if ((endedOnDrawnPoint && this.rules.kicksAgainFromDrawnPoint) || !this.hasFullMove()) return this.assignKick(mover, mover);
    this.toMove = other(mover);
    this.phase = { steps: 0 };
    this.midTurn = false;
    return 'ended';
  }

  /** The kick duty, passed on at the escalated lengths while the seat due has no legal kick (§2.5). */
  assignKick(firstKicker, mover) {
    let kicker = firstKicker;
    for (let level = 0; ; level += 1) {
      if (DIRECTIONS.some(({ digit }) => this.kickPath(digit, level))) {
        this.toMove = kicker;
        this.phase = { level };
        if (kicker === mover && level === 0) return 'continues';
        this.midTurn = false;
        return 'ended';
      }
      if (this.variant === 'russian') return this.finish({ winner: other(kicker), reason: 'stuck' });
      if (level + 1 === this.rules.kicks.length) return this.finish({ winner: null, reason: 'stuck' });
      kicker = other(kicker);
    }
  }

  goal(mover) {
    const attacker = this.field.attackerOf(this.ball);
    return this.finish({ winner: attacker, reason: attacker === mover ? 'goal' : 'own_goal' });
  }

  finish(outcome) {
    this.outcome = outcome;
    this.midTurn = false;
    return 'over';
  }
}
