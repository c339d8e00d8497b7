// What a correspondence game adds to the game page: a turn is made on the board as in a live game, then waits
// for "Send" (or "Take back") before it goes to the server, since nobody wants a slip of the finger to cost a
// game that lasts weeks; who is on vacation; and the player's conditional moves (conditional.js).

import { h, replaceChildren } from '../dom.js';
import { t } from '../i18n.js';
import { ConditionalMoves } from './conditional.js';

export class CorrespondenceTools {
  /** `page` is the game page (game.js): its model, seat, feed and `render()`. */
  constructor(page) {
    this.page = page;
    /** The actions of my turn made on the board and not sent yet. */
    this.draft = [];
    this.confirm = h('div', { class: 'turn-confirm', id: 'turn-confirm', hidden: true });
    this.conditional = page.seat ? new ConditionalMoves(page) : null;
    this.element = h('div', { class: 'correspondence-tools' }, this.confirm);
  }

  /** The conditional moves' section, placed lower on the page than the confirm step. */
  get section() {
    return this.conditional?.element ?? null;
  }

  /** Keeps `action` in the turn being made (the page has checked it is legal and mine to play). */
  add(action) {
    this.draft.push(action);
    this.page.render();
  }

  /** Sends the turn made, as one move: its actions joined the way the game writes a turn. */
  send() {
    const { model, feed } = this.page;
    const notation = this.draft.join(model.kind.notation.separator ?? '');
    this.draft = [];
    feed.move(model.ply + feed.pending.length, notation);
  }

  takeBack() {
    this.draft = [];
    this.page.render();
  }

  /** Redraws the confirm step for `game`, the game as shown (the server's, the pending moves and the draft). */
  render(game) {
    const { model, seat } = this.page;
    // A turn can only be drafted on my move: anything else (the game ended, a resync) drops it.
    if (this.draft.length && (model.status !== 'active' || model.toAct() !== seat)) this.draft = [];
    const complete = this.draft.length > 0 && (game.outcome || game.toMove !== seat);
    this.confirm.hidden = this.draft.length === 0;
    if (this.draft.length) {
      const button = (label, attributes, onClick) => h('button', { type: 'button', ...attributes, on: { click: onClick } }, label);
      replaceChildren(this.confirm,
        h('p', { text: complete ? t('corr.confirm.ready') : t('corr.confirm.unfinished') }),
        h('div', { class: 'button-row' },
          button(t('corr.confirm.send'), { class: 'primary', id: 'send-turn', disabled: !complete }, () => this.send()),
          button(t('corr.confirm.takeBack'), { id: 'take-back' }, () => this.takeBack())));
    }
    this.conditional?.render();
  }

  /** Hears every game event after the model has applied it. */
  onEvent(envelope) {
    this.conditional?.onEvent(envelope);
  }

  /** The status line while a turn waits for "Send": the board shows it played, but it is still my move. */
  statusText() {
    return this.draft.length ? t('corr.confirm.notSent') : null;
  }

  /** The note on a seat's card: on vacation, or nothing. */
  note(seat) {
    return this.page.model.status === 'active' && this.page.model.onVacation.has(seat) ? t('corr.onVacation') : '';
  }

  close() {
    this.conditional?.close();
  }
}
