// Replaying a game action by action: first / back / forward / last, a slider, the move list, and the record.

import { api } from './api.js';
import { h, replaceChildren, s } from './dom.js';
import { describePlayers, describeResult, describeTimeControl } from './format.js';
import { GameModel } from './game-model.js';
import { loadKind } from './kinds/index.js';
import { errorText, t } from './i18n.js';
import { renderMoveList } from './move-list.js';
import { cardsAroundBoard, departureText, seatCards } from './player-card.js';
import { boardTurned, canFlip, firstBottom, nextSeat, seatIndex } from './seats.js';

/** The control buttons' drawings (SVG paths in a 16 × 16 box): bar and triangles, as on any player. */
const ICONS = {
  first: 'M3 3h2v10H3zM13 3v10L6 8z',
  back: 'M12 3v10L5 8z',
  forward: 'M4 3v10l7-5z',
  last: 'M11 3h2v10h-2zM3 3v10l7-5z',
  play: 'M4 2v12l10-6z',
  pause: 'M3 2h4v12H3zM9 2h4v12H9z',
};

/** How long autoplay shows each step, in milliseconds: long enough to follow a soccer bounce chain. */
const AUTOPLAY_STEP_MS = 900;

export async function mount(root, context, [gameId]) {
  const panel = h('p', { class: 'loading', text: t('game.loading') });
  root.append(panel);
  let snapshot;
  try {
    snapshot = await api.game(gameId);
    await loadKind(snapshot.ruleset);
  } catch (error) {
    const text = error.code === 'unknown_game' ? t('game.noSuchGame') : errorText(error);
    replaceChildren(root, h('section', { class: 'panel narrow' }, h('h1', { text: t('replay.cannot') }), h('p', { text })));
    return null;
  }
  const replay = new Replay(root, snapshot, context.account());
  return () => replay.close();
}

class Replay {
  constructor(root, snapshot, me) {
    this.model = new GameModel(snapshot);
    this.snapshot = snapshot;
    const { model } = this;
    const { kind } = model;
    this.total = model.actions.length;
    // The number of actions played by the end of each turn, and the move record (with clocks) each action ends.
    let count = 0;
    this.turnEnds = model.turns.map((turn) => (count += kind.notation.actionCount(turn.notation)));
    this.clocksAfter = [];
    let actions = 0;
    for (const move of snapshot.moves) {
      actions += kind.notation.actionCount(move.notation);
      this.clocksAfter[actions] = move.clocks;
    }
    this.board = new kind.Board(model.ruleset, { label: describePlayers(model.players, 'replay.boardLabel', 'replay.boardLabelTable') });
    this.cards = seatCards(model);
    this.slider = h('input', { type: 'range', id: 'replay-slider', min: 0, max: this.total, value: this.total,
      'aria-label': t('replay.step'), on: { input: () => this.show(Number(this.slider.value)) } });
    this.counter = h('p', { class: 'counter', id: 'replay-counter', 'aria-live': 'polite' });
    const control = (label, id, icon, target) =>
      h('button', { type: 'button', class: 'control', id, 'aria-label': label, title: label, on: { click: () => this.show(target()) } },
        s('svg', { viewBox: '0 0 16 16', 'aria-hidden': 'true' }, s('path', { d: icon })));
    // A kind with secrets is neither analysed nor explored.
    this.analyse = h('a', { class: 'button', id: 'replay-analyse', href: `/analysis/${snapshot.id}`, text: t('replay.analyse'), hidden: kind.hiddenInformation });
    this.moves = h('div', { class: 'move-list', id: 'move-list', tabindex: 0, 'aria-label': t('game.moves') });
    this.explore = h('a', { class: 'button', id: 'explore-opening', text: t('replay.explore'), hidden: kind.hiddenInformation });
    this.playButton = h('button', { type: 'button', class: 'control', id: 'replay-play', on: { click: () => this.toggleAutoplay() } },
      s('svg', { viewBox: '0 0 16 16', 'aria-hidden': 'true' }, s('path', { d: ICONS.play })));
    this.boardWrap = h('div', { class: 'board-wrap' }, this.board.element);
    this.column = h('div', { class: 'board-column' });
    const seats = model.seats();
    const flip = canFlip(seats)
      ? h('button', { type: 'button', class: 'small', id: 'flip-board', on: { click: () => this.turnBoard(nextSeat(seats, this.bottom)) } }, t('game.flip'))
      : null;
    // A player replays their own game from their side, as they played it; anyone else as the game page shows it
    // to a spectator (firstBottom).
    this.turnBoard(firstBottom(seats, (me && model.seatOf(me.id)) || null));
    const live = snapshot.status === 'active';
    replaceChildren(root,
      h('div', { class: 'game-page replay' },
        this.column,
        h('aside', { class: 'side' },
          h('p', { class: 'game-title' }, h('strong', { text: t('replay.title') }), ` · ${kind.name} · ${describeTimeControl(model.timeControl)}`),
          h('p', { class: 'status', id: 'replay-result', text: this.resultText() }),
          live ? h('p', {}, h('a', { class: 'button primary', href: `/game/${snapshot.id}`, text: t('replay.watchLive') })) : null,
          h('div', { class: 'controls', role: 'group', 'aria-label': t('replay.controls') },
            control(t('replay.first'), 'replay-first', ICONS.first, () => 0),
            control(t('replay.back'), 'replay-back', ICONS.back, () => this.at - 1),
            this.playButton,
            control(t('replay.forward'), 'replay-forward', ICONS.forward, () => this.at + 1),
            control(t('replay.last'), 'replay-last', ICONS.last, () => this.total)),
          this.slider, this.counter,
          h('div', { class: 'game-tools' }, flip),
          h('h2', { class: 'small-heading', text: t('game.moves') }), this.moves,
          h('div', { class: 'button-row' },
            this.analyse,
            h('a', { class: 'button', id: 'download-record', href: api.recordUrl(snapshot.id), download: '', text: t('common.downloadRecord') }),
            this.explore,
            h('a', { class: 'button quiet', href: '/', text: t('nav.lobby') })),
          h('p', { class: 'hint', text: t('replay.keys') }))));
    this.onKey = (event) => this.key(event);
    document.addEventListener('keydown', this.onKey);
    this.autoplay = null;
    this.labelPlayButton();
    this.show(this.total);
  }

  close() {
    this.stopAutoplay();
    document.removeEventListener('keydown', this.onKey);
  }

  /** Shows the board with `bottom`'s card below it, turned to its end in a game of two, as the game page does. */
  turnBoard(bottom) {
    this.bottom = bottom;
    this.board.turned = boardTurned(this.model.seats(), bottom);
    this.boardWrap.classList.toggle('turned', this.board.turned);
    replaceChildren(this.column, ...cardsAroundBoard(this.cards, bottom, this.boardWrap));
  }

  /** Plays the game forward a step at a time; from the end, it starts again from the first step. */
  toggleAutoplay() {
    if (this.autoplay) {
      this.stopAutoplay();
      return;
    }
    if (this.at === this.total) this.show(0);
    this.autoplay = setInterval(() => {
      this.show(this.at + 1, { keepPlaying: true });
      if (this.at === this.total) this.stopAutoplay();
    }, AUTOPLAY_STEP_MS);
    this.labelPlayButton();
  }

  stopAutoplay() {
    clearInterval(this.autoplay);
    this.autoplay = null;
    this.labelPlayButton();
  }

  labelPlayButton() {
    const playing = Boolean(this.autoplay);
    const label = playing ? t('replay.pause') : t('replay.play');
    this.playButton.setAttribute('aria-label', label);
    this.playButton.title = label;
    this.playButton.setAttribute('aria-pressed', String(playing));
    this.playButton.querySelector('path').setAttribute('d', playing ? ICONS.pause : ICONS.play);
  }

  resultText() {
    const { status, result, players } = this.snapshot;
    if (status === 'finished') return `${describeResult(result, players)}.`;
    if (status === 'aborted') return t('replay.aborted');
    return t('replay.ongoing');
  }

  key(event) {
    if (event.target.closest?.('input, textarea, select') && event.target !== this.slider) return;
    if (event.key === ' ' && !event.target.closest?.('button, a, input')) {
      event.preventDefault();
      this.toggleAutoplay();
      return;
    }
    const targets = { ArrowLeft: this.at - 1, ArrowRight: this.at + 1, Home: 0, End: this.total };
    if (!(event.key in targets) || event.target === this.slider) return;
    event.preventDefault();
    this.show(targets[event.key]);
  }

  /** Shows the position after `count` actions; a step the viewer asks for stops autoplay. */
  show(count, { keepPlaying = false } = {}) {
    if (!keepPlaying && this.autoplay) this.stopAutoplay();
    this.at = Math.max(0, Math.min(this.total, count));
    const game = this.model.gameAt(this.at);
    this.board.draw(game);
    this.slider.value = String(this.at);
    this.analyse.href = `/analysis/${this.snapshot.id}?ply=${this.at}`;
    const turn = this.turnEnds.findIndex((end) => end >= this.at);
    const current = this.at === 0 ? -1 : turn;
    const turns = this.model.turns.map((t, index) => ({ ...t, index }));
    renderMoveList(this.moves, this.model.kind, turns, { ruleset: this.model.ruleset, seats: this.model.seats(), current, onSelect: (index) => this.show(this.turnEnds[index]) });
    this.counter.textContent = t('replay.counter', { at: this.at, total: this.total });
    // The explorer opens at the last whole turn shown.
    const turnsShown = this.turnEnds.filter((end) => end <= this.at).length;
    const explored = this.model.actions.slice(0, turnsShown ? this.turnEnds[turnsShown - 1] : 0);
    const moves = explored.map(({ action }) => action).join(this.model.kind.notation.separator ?? '');
    this.explore.href = `/explorer?${new URLSearchParams({ ruleset: JSON.stringify(this.model.ruleset), moves })}`;
    let clocks = this.snapshot.moves.length ? null : this.snapshot.clocks;
    for (let k = this.at; k >= 0 && !clocks; k -= 1) clocks = this.clocksAfter[k];
    const tc = this.model.timeControl;
    const initial = (tc.type === 'per_move' ? tc.reserve_seconds : tc.initial_seconds ?? 0) * 1000;
    for (const seat of this.model.seats()) {
      const ms = clocks ? clocks.ms[seatIndex(seat)] : initial;
      this.cards[seat].setClock(ms, false);
      const departure = this.model.departed.find((left) => left.seat === seat && left.ply <= this.at);
      this.cards[seat].setToMove(!departure && (this.at < this.total || this.snapshot.status === 'active') ? game.toMove === seat : false);
      this.cards[seat].setDeparted(departure ? departureText(departure.reason) : null);
    }
    for (const [id, disabled] of [['replay-first', this.at === 0], ['replay-back', this.at === 0],
      ['replay-forward', this.at === this.total], ['replay-last', this.at === this.total]]) {
      document.getElementById(id).disabled = disabled;
    }
  }
}
