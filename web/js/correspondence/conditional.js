// Conditional moves on a correspondence game's page: on the opponent's turn, the player plays the turn they
// expect on a board of its own, then their answer, and stores the line; the server plays the answer at once if
// the opponent's turn is exactly that (docs/protocol.md, "Conditional moves"). The stored lines are listed, and
// a line the server played is shown as matched.

import { h, replaceChildren } from '../dom.js';
import { errorText, t } from '../i18n.js';
import { otherSeat } from '../seats.js';
import { correspondenceApi } from './api.js';

/** The server keeps at most this many lines per player and game. */
const MAX_LINES = 32;

/**
 * The last line the server played for `seat` among `turns` (the game model's): the opponent's turn before it
 * and the reply, or null. The moves say which were conditional replies, so a reload shows the match too.
 */
export function lastMatch(turns, seat) {
  for (let i = turns.length - 1; i > 0; i -= 1) {
    if (turns[i].seat === seat && turns[i].conditional) return { condition: turns[i - 1].notation, reply: turns[i].notation };
  }
  return null;
}

export class ConditionalMoves {
  /** `page` is the game page (game.js), with a seat: only players have conditional moves. */
  constructor(page) {
    this.page = page;
    this.kind = page.model.kind;
    this.seat = page.seat;
    this.opponent = otherSeat(page.seat);
    /** The lines as the server keeps them: `[{condition, reply}]`. */
    this.lines = [];
    /** The last line the server played for me: `{condition, reply}`. */
    this.matched = lastMatch(page.model.turns, this.seat);
    /** The line being entered: the game it is played on and the actions of each side. */
    this.scratch = null;
    this.closed = false;
    this.board = new this.kind.Board(page.model.ruleset, { label: t('corr.conditional.boardLabel'), onAction: (action) => this.play(action) });
    this.boardWrap = h('div', { class: 'board-wrap conditional-board' }, this.board.element, this.board.controls);
    this.list = h('div', { class: 'conditional-lines' });
    this.matchedLine = h('p', { class: 'conditional-matched', id: 'conditional-matched', role: 'status', hidden: true });
    this.editor = h('div', { class: 'conditional-editor' });
    this.error = h('p', { class: 'error', role: 'alert', hidden: true });
    this.element = h('section', { class: 'conditional-moves', id: 'conditional-moves' },
      h('h2', { class: 'small-heading', text: t('corr.conditional.title') }),
      this.matchedLine, this.list, this.editor, this.error);
    if (page.model.status === 'active') this.load();
  }

  close() {
    this.closed = true;
  }

  shown(notation) {
    const { display } = this.kind.notation;
    return display ? display(notation, this.page.model.ruleset) : notation;
  }

  async load() {
    try {
      const { lines } = await correspondenceApi.conditionalMoves(this.page.gameId);
      if (this.closed) return;
      this.lines = lines;
      this.render();
    } catch (error) {
      this.fail(error);
    }
  }

  fail(error) {
    this.error.textContent = errorText(error);
    this.error.hidden = false;
  }

  /** Whether lines may be entered now: the opponent is to start a turn (a condition is a whole turn). */
  open() {
    const { model } = this.page;
    return model.status === 'active' && model.toAct() === this.opponent && !model.game.midTurn;
  }

  /** Plays an action of the line being entered: the opponent's expected turn first, then my answer. */
  play(action) {
    const scratch = this.scratch;
    if (!scratch || this.done() || !scratch.game.legalActions().includes(action)) return;
    const side = scratch.game.toMove === this.opponent ? scratch.condition : scratch.reply;
    scratch.game.play(action);
    side.push(action);
    this.render();
  }

  /** Whether the line being entered is whole: the opponent's turn and all of my answer. */
  done() {
    const scratch = this.scratch;
    return Boolean(scratch && scratch.reply.length && (scratch.game.outcome || scratch.game.toMove !== this.seat));
  }

  startOver() {
    this.scratch = { game: this.page.model.game.clone(), condition: [], reply: [] };
    this.render();
  }

  async save(lines) {
    this.error.hidden = true;
    try {
      if (lines.length) {
        ({ lines: this.lines } = await correspondenceApi.setConditionalMoves(this.page.gameId, lines));
      } else {
        await correspondenceApi.clearConditionalMoves(this.page.gameId);
        this.lines = [];
      }
      this.startOver();
    } catch (error) {
      this.fail(error);
    }
  }

  add() {
    const separator = this.kind.notation.separator ?? '';
    const line = { condition: this.scratch.condition.join(separator), reply: this.scratch.reply.join(separator) };
    this.save([...this.lines.filter((stored) => stored.condition !== line.condition), line]);
  }

  /** Hears every game event after the page's model has applied it. */
  onEvent({ event }) {
    if (event.type !== 'moved') return;
    this.matched = lastMatch(this.page.model.turns, this.seat) ?? this.matched;
    this.scratch = null;
    // Once a turn is over the server has dropped the lines that no longer apply.
    if (event.turn_ended) this.load();
    else this.render();
  }

  render() {
    const { model } = this.page;
    this.element.hidden = model.status !== 'active' && !this.matched;
    this.matchedLine.hidden = !this.matched;
    if (this.matched) {
      this.matchedLine.textContent = t('corr.conditional.matched', { condition: this.shown(this.matched.condition), reply: this.shown(this.matched.reply) });
    }
    const name = model.player(this.opponent).name;
    replaceChildren(this.list, this.lines.length
      ? h('ul', { class: 'items', id: 'conditional-lines' }, this.lines.map((line) => h('li', { 'data-condition': line.condition },
        t('corr.conditional.line', { name, condition: this.shown(line.condition), reply: this.shown(line.reply) }))))
      : h('p', { class: 'empty', text: t('corr.conditional.none') }));
    if (!this.open()) {
      this.scratch = null;
      replaceChildren(this.editor, model.status === 'active' ? h('p', { class: 'hint', text: t('corr.conditional.onTheirTurn', { name }) }) : null);
      return;
    }
    if (!this.scratch) this.scratch = { game: model.game.clone(), condition: [], reply: [] };
    const { game, condition, reply } = this.scratch;
    const done = this.done();
    let step = t('corr.conditional.playTheirs', { name });
    if (done) step = t('corr.conditional.complete');
    else if (game.outcome) step = t('corr.conditional.ends');
    else if (game.toMove === this.seat) step = t('corr.conditional.playYours');
    this.board.turned = this.page.board.turned;
    this.boardWrap.classList.toggle('turned', this.board.turned);
    this.board.draw(game, { targets: !done && !game.outcome });
    const button = (label, attributes, onClick) => h('button', { type: 'button', class: 'small', ...attributes, on: { click: onClick } }, label);
    const separator = this.kind.notation.separator ?? '';
    replaceChildren(this.editor,
      h('p', { class: 'hint', text: t('corr.conditional.hint', { name }) }),
      this.boardWrap,
      h('p', { class: 'conditional-step', id: 'conditional-step', text: step }),
      condition.length ? h('p', { class: 'meta', text: t('corr.conditional.line', { name, condition: this.shown(condition.join(separator)), reply: this.shown(reply.join(separator)) || '…' }) }) : null,
      h('div', { class: 'button-row' },
        button(t('corr.conditional.add'), { class: 'small primary', id: 'add-conditional', disabled: !done || this.lines.length >= MAX_LINES }, () => this.add()),
        button(t('corr.conditional.startOver'), { id: 'reset-conditional', disabled: !condition.length }, () => this.startOver()),
        this.lines.length ? button(t('corr.conditional.clear'), { class: 'small quiet', id: 'clear-conditional' }, () => this.save([])) : null));
  }
}
