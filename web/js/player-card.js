// A player's box beside the board: colour, name, clock, and a note (to move, away, …).

import { h, replaceChildren } from './dom.js';
import { formatClock } from './format.js';
import { t } from './i18n.js';
import { playerLink } from './player-link.js';
import { ratingBadge } from './ratings.js';

/** Clocks below this show as low on time. */
const LOW_TIME_MS = 20_000;

export class PlayerCard {
  /** `player` of `seat`; `you` marks the viewer's own card. Its name links to the player's page in a new tab, so
   * that nobody leaves a game by it. `clockText(ms)` writes the time left (a clock reading by default; days and
   * hours for correspondence). */
  constructor(player, seat, { you = false, clockText = formatClock } = {}) {
    this.clockText = clockText;
    this.clock = h('span', { class: 'clock', role: 'timer', 'aria-label': t('card.clock', { name: player.name }) });
    this.moveClock = h('span', { class: 'move-clock', role: 'timer', 'aria-label': t('card.moveTime', { name: player.name }), hidden: true });
    this.note = h('span', { class: 'note' });
    this.rating = h('span', { class: 'card-rating' });
    this.element = h('div', { class: `player seat-${seat}`, 'data-seat': seat },
      h('span', { class: 'swatch', 'aria-hidden': 'true' }),
      h('span', { class: 'name' }, playerLink(player, { target: '_blank' }), you ? h('span', { class: 'tag', text: t('common.you') }) : null,
        player.guest && !you ? h('span', { class: 'tag quiet', text: t('common.guest') }) : null,
        player.bot ? h('span', { class: 'tag bot', text: t('player.bot'), title: t('player.botTitle') }) : null),
      this.rating,
      this.note,
      this.moveClock,
      this.clock);
  }

  /** Shows the time left; `moveMs` (a per-move clock's move time, shown before the reserve) when it runs. */
  setClock(ms, running, moveMs = null) {
    this.clock.textContent = this.clockText(ms);
    this.clock.classList.toggle('running', running && moveMs === null);
    this.clock.classList.toggle('low', running && moveMs === null && ms < LOW_TIME_MS);
    this.clock.title = moveMs === null ? '' : t('card.reserve');
    this.moveClock.hidden = moveMs === null;
    if (moveMs !== null) {
      this.moveClock.textContent = t('card.move', { time: formatClock(moveMs) });
      this.moveClock.classList.toggle('running', running && moveMs > 0);
      this.clock.classList.toggle('running', running && moveMs === 0);
      this.clock.classList.toggle('low', running && moveMs === 0 && ms < LOW_TIME_MS);
    }
  }

  /** Shows a rating (`{rating, provisional}`), with the points the game just won or lost when `change` is given. */
  setRating(rating, change) {
    const text = change < 0 ? `−${-change}` : `+${change}`;
    replaceChildren(this.rating, ratingBadge(rating),
      change === undefined ? null : h('span', { class: `change ${change < 0 ? 'down' : 'up'}`, text }));
  }

  setToMove(toMove) {
    this.element.classList.toggle('to-move', toMove);
  }

  setNote(text) {
    this.note.textContent = text ?? '';
  }
}

/** One card per seat of `model`'s game, keyed by seat name in seat order; `options(seat)` gives a card's options. */
export function seatCards(model, options = () => ({})) {
  return Object.fromEntries(model.seats().map((seat) => [seat, new PlayerCard(model.player(seat), seat, options(seat))]));
}

/** The board column in order: every other seat's card above the board, `bottom`'s card (the seat whose side of the
 * board is at the bottom) below it. */
export function cardsAroundBoard(cards, bottom, board) {
  const above = Object.entries(cards).filter(([seat]) => seat !== bottom).map(([, card]) => card.element);
  return [...above, board, cards[bottom].element];
}
