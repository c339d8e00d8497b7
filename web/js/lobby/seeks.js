// Open seeks: games anyone may accept, listed live from the lobby feed, and a form to open one of mine.

import { h } from '../dom.js';
import { choice, form } from '../forms.js';
import { botMarked, formatTimeControl } from '../format.js';
import { gameName, kindOf } from '../kinds/index.js';
import { errorText, t } from '../i18n.js';
import { playerLink } from '../player-link.js';
import { showNotice } from '../notice.js';
import { ratingBadge, ratingIn } from '../ratings.js';
import { DEFAULT_TIME_CONTROL, TIME_CONTROLS, speedName, speedOf } from '../time-controls.js';
import { correspondenceApi } from '../correspondence/api.js';
import { correspondenceLabel, isCorrespondence, withCorrespondence } from '../correspondence/time-controls.js';
import { gameChoice } from './game-choice.js';
import { manySeats, seatsTaken, seekAction } from './seek-seats.js';
import { ratedChoice } from './rated-choice.js';

export const ID = 'seeks';

/** How far from my rating a seek's opponents may be, as offered in the form. */
const RANGES = [null, 100, 200, 300];

/** Live clocks, then days a turn: a correspondence seek is stored and stays open while its creator is away. */
const OFFERED = withCorrespondence(TIME_CONTROLS);

/** Which side the viewer plays if the seek is taken: the creator's `colour` seen from `mine` or not. */
function sideText(seek, mine) {
  const { colour, ruleset } = seek;
  if (manySeats(seek)) return t('seeks.seatsDealt');
  if (colour === 'random') return t('seeks.eitherSide');
  const creatorFirst = colour === 'first';
  return t('lobby.youPlay', { seat: kindOf(ruleset).seats[mine === creatorFirst ? 'first' : 'second'].name });
}

export function mount(container, lobby) {
  const { connection, feed } = lobby;
  const me = lobby.account();
  let profile = null;
  const list = h('div', { class: 'seek-list' });

  const accept = async (seek) => {
    try {
      const ack = await connection.request({ type: 'seek_accept', seek_id: seek.id });
      // A seat taken in a seek still open: the game starts (and `game_started` comes) when the last seat is.
      if (ack.game_id) lobby.navigate(`/game/${ack.game_id}`);
    } catch (error) {
      showNotice(error.code === 'unknown_seek' ? t('seeks.gone', { name: seek.creator.name }) : errorText(error));
    }
  };
  const cancel = (seek) => connection.request({ type: 'seek_cancel', seek_id: seek.id })
    .catch((error) => error.code !== 'unknown_seek' && showNotice(errorText(error)));

  /** Why I may not accept a seek (its rating range), or null. */
  const barred = (seek) => {
    if (!seek.rating_range || !profile) return null;
    const { rating } = ratingIn(profile, seek.ruleset.kind, seek.speed);
    const { min, max } = seek.rating_range;
    return rating < min || rating > max ? t('seeks.barred', { min, max, speed: speedName(seek.speed), rating }) : null;
  };

  const item = (seek) => {
    const action = seekAction(seek, me.id);
    const mine = action === 'cancel';
    const reason = mine ? null : barred(seek);
    const terms = [
      gameName(seek.ruleset),
      `${formatTimeControl(seek.time_control)} ${speedName(seek.speed)}`,
      seek.rated ? t('common.rated') : t('common.casual'),
      sideText(seek, mine),
      manySeats(seek) ? t('seeks.seatsTaken', { taken: seatsTaken(seek) }) : null,
      seek.rating_range && !reason ? t('seeks.ratings', { min: seek.rating_range.min, max: seek.rating_range.max }) : null,
    ].filter(Boolean).join(' · ');
    return h('li', { class: `seek${mine ? ' mine' : ''}`, 'data-seek': seek.id },
      h('div', { class: 'what' },
        h('span', {}, h('strong', {}, playerLink(seek.creator, { text: botMarked(seek.creator) })), ' ', ratingBadge(seek),
          mine ? h('span', { class: 'tag', text: t('common.you') }) : null),
        h('span', { class: 'meta', text: terms }),
        reason ? h('span', { class: 'meta barred', text: reason }) : null),
      h('div', { class: 'actions' }, {
        cancel: () => h('button', { type: 'button', class: 'small quiet cancel', on: { click: () => cancel(seek) } }, t('common.cancel')),
        // Leaving a seat is the same frame as cancelling: the server frees the seat of a player who is not the creator.
        leave: () => h('button', { type: 'button', class: 'small quiet leave', on: { click: () => cancel(seek) } }, t('seeks.leaveSeat')),
        join: () => h('button', { type: 'button', class: 'small primary accept', disabled: Boolean(reason), 'aria-label': t('seeks.playName', { name: seek.creator.name }),
          on: { click: () => accept(seek) } }, manySeats(seek) ? t('seeks.takeSeat') : t('live.play')),
      }[action]()));
  };

  // Rows stay in place while others come and go, so a focused or half-clicked button is never swapped out.
  const rows = new Map();
  /** The seek each row shows: a seek sent again (a seat taken or left) replaces its row where it stands. */
  const shown = new Map();
  const items = h('ul', { class: 'items', id: 'seek-items' });
  const empty = h('p', { class: 'empty', text: t('seeks.empty') });
  list.append(items, empty);
  const render = () => {
    for (const [id, row] of rows) {
      if (feed.seeks.has(id)) continue;
      row.remove();
      rows.delete(id);
      shown.delete(id);
    }
    for (const seek of feed.seeks.values()) {
      if (shown.get(seek.id) === seek) continue;
      const row = item(seek);
      if (rows.has(seek.id)) rows.get(seek.id).replaceWith(row);
      else items.append(row);
      rows.set(seek.id, row);
      shown.set(seek.id, seek);
    }
    items.hidden = rows.size === 0;
    empty.hidden = rows.size > 0;
  };
  const redraw = () => {
    rows.forEach((row) => row.remove());
    rows.clear();
    shown.clear();
    render();
  };

  const timeControl = choice(t('lobby.timeControl'), OFFERED.map((tc, i) => ({ value: String(i),
    label: isCorrespondence(tc) ? correspondenceLabel(tc) : `${formatTimeControl(tc)} · ${speedName(speedOf(tc))}`, selected: i === DEFAULT_TIME_CONTROL })), { name: 'seek-time-control' });
  const rated = ratedChoice('seek-rated', me, { rated: true });
  const colour = choice(t('lobby.youPlayField'), [
    { value: 'random', label: t('seeks.eitherSideField') },
    { value: 'first', label: '' },
    { value: 'second', label: '' },
  ], { name: 'seek-colour' });
  const game = gameChoice('seek-game', { seats: colour.input });
  const range = choice(t('seeks.opponents'), RANGES.map((gap, i) => ({ value: String(i),
    label: gap === null ? t('seeks.anyRating') : t('seeks.within', { gap }) })), { name: 'seek-range' });

  const create = async () => {
    const tc = OFFERED[Number(timeControl.input.value)];
    const gap = RANGES[Number(range.input.value)];
    const { ruleset } = game.selected();
    if (isCorrespondence(tc)) {
      // Over REST, open to any rating: the lobby feed announces it, and the correspondence panel lists it.
      await correspondenceApi.createSeek({ ruleset, time_control: tc, colour: colour.input.value, rated: rated.isRated() });
      return;
    }
    const frame = { type: 'seek_create', ruleset, time_control: tc, rated: rated.isRated(), colour: colour.input.value };
    if (gap !== null) {
      profile ??= await lobby.myProfile();
      const { rating } = ratingIn(profile, ruleset.kind, speedOf(tc));
      frame.rating_range = { min: rating - gap, max: rating + gap };
    }
    await connection.request(frame);
  };

  // A correspondence seek is open to anyone (rated or casual): the rating range does not apply to it.
  timeControl.input.addEventListener('change', () => {
    range.element.hidden = isCorrespondence(OFFERED[Number(timeControl.input.value)]);
  });

  container.append(
    h('h2', { id: `${ID}-title`, text: t('seeks.title') }),
    list,
    h('h3', { text: t('seeks.openOne') }),
    form({ class: 'stack', 'aria-label': t('seeks.openOne') }, [
      game.element,
      h('div', { class: 'row' }, timeControl.element, rated.element),
      h('div', { class: 'row' }, colour.element, range.element),
      h('button', { class: 'primary', type: 'submit', id: 'create-seek', text: t('seeks.open') }),
    ], create));

  feed.addEventListener('seeks', render);
  lobby.myProfile().then((loaded) => {
    profile = loaded;
    redraw();
  }, () => {});
  render();
  return () => feed.removeEventListener('seeks', render);
}
