// A player's box beside the board: colour, name, clock, and a note (to move, away, …).

import { h, replaceChildren } from './dom.js';
import { formatClock } from './format.js';
import { t } from './i18n.js';
import { playerLink } from './player-link.js';
import { ratingBadge } from './ratings.js';
import { cardOrder } from './seats.js';

/** Clocks below this show as low on time. */
const LOW_TIME_MS = 20_000;

/** The marker's text for each way a seat leaves a game that plays on (the `reason` of `seat_left`). */
const DEPARTURE_KEYS = { resignation: 'card.resigned', time: 'card.timedOut', abandonment: 'card.left' };

/** The marker on the card of a seat that left a game that plays on without it, from its departure's `reason`. */
export function departureText(reason) {
  return t(DEPARTURE_KEYS[reason] ?? 'card.left');
}

/** What `seat`'s card of `model`'s game shows at server time `now`: its clock (`ms`, `running`, and `moveMs`, a
 * per-move clock's move time, null for other clocks), whether the seat is to move, and the `departed` marker's
 * text (null while the seat plays). The turn passes a departed seat by, so it is never to move. */
export function cardState(model, seat, now) {
  const departure = model.departure(seat);
  // A clock waiting for its side's first move is not shown running.
  const running = model.status === 'active' && model.clockRunning(seat) && model.firstMoveTimeLeft(now) === null;
  return {
    ms: model.timeLeft(seat, now),
    running,
    moveMs: model.moveTimeLeft(seat, now),
    toMove: !departure && model.seatsToAct().includes(seat),
    departed: departure ? departureText(departure.reason) : null,
  };
}

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
    this.departed = h('span', { class: 'tag departed', hidden: true });
    this.element = h('div', { class: `player seat-${seat}`, 'data-seat': seat },
      h('span', { class: 'swatch', 'aria-hidden': 'true' }),
      h('span', { class: 'name' }, playerLink(player, { target: '_blank' }), you ? h('span', { class: 'tag', text: t('common.you') }) : null,
        player.guest && !you ? h('span', { class: 'tag quiet', text: t('common.guest') }) : null,
        player.bot ? h('span', { class: 'tag bot', text: t('player.bot'), title: t('player.botTitle') }) : null,
        this.departed),
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

  /** Marks the seat as gone from a game that plays on without it (`text`: resigned, timed out, left), or not
   * (null). */
  setDeparted(text) {
    this.departed.hidden = text === null;
    this.departed.textContent = text ?? '';
    this.element.classList.toggle('departed', text !== null);
  }

  setNote(text) {
    this.note.textContent = text ?? '';
  }
}

/** One card per seat of `model`'s game, keyed by seat name in seat order; `options(seat)` gives a card's options. */
export function seatCards(model, options = () => ({})) {
  return Object.fromEntries(model.seats().map((seat) => [seat, new PlayerCard(model.player(seat), seat, options(seat))]));
}

/** The board column in order (`cardOrder`): the cards of every seat but `bottom` above the board in seat order,
 * `bottom`'s card (the reader's own seat, or the end a spectator looks from) below it; with no `bottom`, every
 * card above. */
export function cardsAroundBoard(cards, bottom, board) {
  const { above, below } = cardOrder(Object.keys(cards), bottom);
  return [...above.map((seat) => cards[seat].element), board, below ? cards[below].element : null].filter(Boolean);
}
