// A live game: play it (one `move` frame per action, as the actions are made) or watch it.

import { api } from './api.js';
import { ChatPanel } from './chat.js';
import { h, replaceChildren } from './dom.js';
import { GameFeed } from './feed.js';
import { GameModel } from './game-model.js';
import { loadKind } from './kinds/index.js';
import { errorText, moveErrorText, t } from './i18n.js';
import { alertYourMove, soundSwitch } from './alerts.js';
import { CorrespondenceTools } from './correspondence/game-tools.js';
import { isCorrespondence } from './correspondence/time-controls.js';
import { agreedEndControls } from './agreed-end.js';
import { Confirmations } from './confirm.js';
import { firstMoveNote, firstMoveNotice, noFirstMoveText } from './first-move.js';
import { describePlayers, describeResult, describeResultFor, describeTimeControl, formatClock, formatCountdown, formatDuration, formatScores } from './format.js';
import { renderMoveList } from './move-list.js';
import { showNotice } from './notice.js';
import { cardState, cardsAroundBoard, seatCards } from './player-card.js';
import { ratingIn } from './ratings.js';
import { declinedText, offeredText } from './offers.js';
import { mountRematch } from './rematch.js';
import { boardTurned, canFlip, firstBottom, nextSeat } from './seats.js';

/** How often clocks and countdowns are redrawn between server events. */
const TICK_MS = 100;
/** How long a move may wait for the server before the page says it is still being sent. */
const SLOW_SEND_MS = 700;

export function mount(root, context, [gameId]) {
  const me = context.account();
  const page = new GamePage(root, context, gameId, me);
  return () => page.close();
}

class GamePage {
  constructor(root, context, gameId, me) {
    this.context = context;
    this.gameId = gameId;
    this.me = me;
    this.model = null;
    this.root = root;
    replaceChildren(root, h('p', { class: 'loading', text: t('game.loading') }));
    // Before the feed subscribes: the chat history comes right after the snapshot.
    this.chat = new ChatPanel(context.connection, { gameId });
    // How many others watch, for players and spectators alike; the server sends it on subscribing and on change.
    this.viewerCount = h('span', { class: 'viewer-count', id: 'viewer-count', hidden: true });
    this.removeViewers = context.connection.on('viewers', ({ game_id: id, spectators }) => {
      if (id !== gameId) return;
      this.viewerCount.hidden = spectators === 0;
      this.viewerCount.textContent = t('game.viewers', { count: spectators });
    });
    // The game's kind is known from its snapshot, and what playing it needs is loaded then (`loadKind`): the
    // feed's calls wait their turn behind it, in order, so that no event is handled before its snapshot.
    // A handler's error is reported as any uncaught one, and the calls after it still run.
    this.handled = Promise.resolve();
    const inOrder = (handle) => (...args) => {
      this.handled = this.handled.then(() => handle(...args)).catch((error) => globalThis.reportError(error));
    };
    this.feed = new GameFeed(context.connection, gameId, {
      snapshot: inOrder(async (game) => {
        try {
          await loadKind(game.ruleset);
        } catch (error) {
          this.fail(error);
          return;
        }
        this.start(game);
      }),
      event: inOrder((envelope) => this.onEvent(envelope)),
      changed: inOrder(() => this.render()),
      rejected: (error) => this.say(t('game.moveRefused', { reason: moveErrorText(error) })),
      failed: (error) => this.fail(error),
    });
    /** The buttons that end the game take two presses (confirm.js). */
    this.confirmations = new Confirmations();
    this.onKey = (event) => this.key(event);
    document.addEventListener('keydown', this.onKey);
    this.removeStatus = context.connection.on('status', () => this.render());
    // Players and spectators follow a rematch to its game.
    this.removeRematch = context.connection.on('rematch', ({ game_id: id, rematch_id: next }) => id === gameId && context.navigate(`/game/${next}`));
    this.ticker = setInterval(() => this.tick(), TICK_MS);
  }

  close() {
    this.confirmations.disarm();
    this.closeRematch?.();
    this.correspondence?.close();
    clearInterval(this.ticker);
    document.removeEventListener('keydown', this.onKey);
    this.removeStatus();
    this.removeRematch();
    this.removeViewers();
    this.chat.close();
    this.feed.close();
  }

  fail(error) {
    const text = error.code === 'unknown_game' ? t('game.noSuchGame') : errorText(error);
    replaceChildren(this.root, h('section', { class: 'panel narrow' }, h('h1', { text: t('game.cannotOpen') }),
      h('p', { text }), h('p', {}, h('a', { href: '/', text: t('common.backToLobby') }))));
  }

  start(snapshot) {
    this.model = new GameModel(snapshot);
    this.seat = this.me ? this.model.seatOf(this.me.id) : null;
    const label = describePlayers(this.model.players, 'game.boardLabel', 'game.boardLabelTable');
    const { kind } = this.model;
    this.board = new kind.Board(this.model.ruleset, { label, onAction: (action) => this.play(action) });
    const correspondence = isCorrespondence(this.model.timeControl);
    // A correspondence clock counts days: "2 days 4 hours", not 52:00:00.
    const clockText = correspondence ? formatDuration : formatClock;
    this.cards = seatCards(this.model, (seat) => ({ you: this.seat === seat, clockText }));
    /** A correspondence game's confirm step, vacations and conditional moves (correspondence/game-tools.js). */
    this.correspondence = correspondence ? new CorrespondenceTools(this) : null;
    this.status = h('p', { class: 'status', id: 'game-status', role: 'status', 'aria-live': 'polite' });
    this.sending = h('p', { class: 'sending', id: 'sending', hidden: true });
    /** A timed window's countdown (Dots' STOP window): the main clocks stand still meanwhile. */
    this.window = h('p', { class: 'timed-window', id: 'timed-window', role: 'timer', hidden: true });
    /** The first-move time, before a side's first move: its main clock does not run meanwhile. */
    this.firstMove = h('p', { class: 'timed-window', id: 'first-move', role: 'timer', hidden: true });
    this.actions = h('div', { class: 'actions', id: 'game-actions' });
    this.moves = h('div', { class: 'move-list', id: 'move-list', tabindex: 0, 'aria-label': t('game.moves') });
    this.after = h('div', { class: 'after' });
    this.howToMove = this.seat ? h('p', { class: 'hint', text: kind.howToMove }) : null;
    this.offer = h('div', { class: 'offer', id: 'offer', role: 'alert', hidden: true });
    this.boardWrap = h('div', { class: 'board-wrap' }, this.board.frame ?? this.board.element, this.board.controls);
    // The analysis board at the position the server has confirmed (render keeps its address current).
    this.analyse = h('a', { class: 'button small', id: 'analyse-game', href: `/analysis/${this.gameId}`, text: t('game.analyse'), hidden: kind.hiddenInformation });
    this.column = h('div', { class: 'board-column' });
    const seats = this.model.seats();
    const flip = this.seat || !canFlip(seats) ? null
      : h('button', { type: 'button', class: 'small', id: 'flip-board', on: { click: () => this.turnBoard(nextSeat(seats, this.bottom)) } }, t('game.flip'));
    // Each player sees the board from their own side, their card below it; a spectator of a game of two starts
    // from the first seat's and may flip, of more seats sees every card above the board in seat order. A
    // player's role reads as their screen shows it: a turned board has its goals the other way up.
    this.turnBoard(firstBottom(seats, this.seat));
    const role = this.seat ? kind.seats[this.seat].role(this.board.turned) : null;
    // What a player needs during play comes first, so that on a phone it sits right under the board: whose turn
    // it is or the result, an offer to answer, the actions. The rest may scroll.
    replaceChildren(this.root,
      h('div', { class: 'game-page' },
        this.column,
        h('aside', { class: 'side' },
          this.status, this.window, this.correspondence?.element, this.offer, this.sending, this.actions, this.firstMove,
          h('p', { class: 'game-title' }, h('strong', { text: describeTimeControl(this.model.timeControl) }),
            ` · ${this.model.rated ? t('common.rated') : t('common.casual')}`,
            ` · ${kind.name}`,
            ` · ${this.seat ? t('game.youPlay', { seat: kind.seats[this.seat].name, role }) : t('game.watching')}`),
          h('div', { class: 'game-tools' }, soundSwitch(), flip, this.analyse, this.viewerCount),
          h('h2', { class: 'small-heading', text: t('game.moves') }), this.moves,
          this.howToMove,
          this.correspondence?.section,
          this.after,
          this.chat.element)));
    const channel = { kind: this.seat ? 'players' : 'spectators', game_id: this.gameId };
    this.chat.setChannel(channel, { canMute: Boolean(this.seat), canWrite: Boolean(this.me), table: seats.length > 2 });
    this.render();
    this.showRatings();
  }

  /** Shows the board with `bottom`'s card below it (null: none), turned to `bottom`'s end in a game of two
   * (`boardTurned`). */
  turnBoard(bottom) {
    this.bottom = bottom;
    this.board.turned = boardTurned(this.model.seats(), bottom);
    this.boardWrap.classList.toggle('turned', this.board.turned);
    replaceChildren(this.column, ...cardsAroundBoard(this.cards, bottom, this.boardWrap));
  }

  /** The players' current ratings for this game's speed class, until the game's end shows how they changed. */
  showRatings() {
    for (const seat of this.model.seats()) {
      api.player(this.model.player(seat).name).then((profile) => {
        if (!this.model.ratingChanges.length) this.cards[seat].setRating(ratingIn(profile, this.model.kind.key, this.model.speed));
      }, () => {});
    }
  }

  onEvent(envelope) {
    if (!this.model) return;
    this.model.apply(envelope);
    const { event } = envelope;
    for (const change of event.type === 'ended' ? this.model.ratingChanges : []) {
      this.cards[change.seat].setRating({ rating: change.rating_after, provisional: change.provisional },
        change.rating_after - change.rating_before);
    }
    if (event.type === 'draw_declined' && this.seat && event.seat !== this.seat) this.say(declinedText(this.model, 'draw', event.seat));
    if (event.type === 'agreed_end_declined' && this.seat && event.seat !== this.seat) this.say(declinedText(this.model, 'agreedEnd', event.seat));
    this.correspondence?.onEvent(envelope);
    this.render();
  }

  /** The game as the player sees it: the server's state plus the actions still on their way to it (and, in a
   * correspondence game, those of the turn waiting for "Send"). */
  display() {
    const game = this.model.game.clone();
    const turns = this.model.turns.map((turn, index) => ({ ...turn, index }));
    // Each pending move is read on its own: joined, two Dots moves would run together (`P:edia`).
    const actions = this.feed.pending.flatMap((move) => this.model.kind.notation.actions(move.notation));
    actions.push(...(this.correspondence?.draft ?? []));
    if (actions.length) {
      const open = turns.at(-1);
      const turnIndex = open && !open.ended && open.seat === this.seat ? open.index : turns.length;
      if (turnIndex === turns.length) turns.push({ seat: this.seat, notation: '', ended: false, index: turnIndex });
      for (const action of actions) {
        game.play(action, this.seat);
        const separator = turns[turnIndex].notation ? this.model.kind.notation.separator ?? '' : '';
        turns[turnIndex].notation += `${separator}${action}`;
        turns[turnIndex].pending = true;
        if (!game.midTurn) turns[turnIndex].ended = true;
      }
    }
    return { game, turns };
  }

  /** Whether the reader acts now: their seat is the one to move, or one of several in a simultaneous phase. */
  myMove(game) {
    return this.model.status === 'active' && this.seat && !game.outcome && (game.seatsToAct ?? [game.toMove]).includes(this.seat);
  }

  play(action) {
    const { game } = this.display();
    // A kind whose actions cannot all be listed (Sea Battle's fleets) says whether one is legal.
    const legal = game.isLegal ? game.isLegal(action, this.seat) : game.legalActions().includes(action);
    if (!this.myMove(game) || !legal) return;
    if (this.correspondence) {
      this.correspondence.add(action);
      return;
    }
    // Each pending move is one action: the plies so far are the server's and those.
    this.feed.move(this.model.ply + this.feed.pending.length, action);
  }

  key(event) {
    if (event.target.closest?.('input, textarea, select') || !this.model) return;
    const action = this.board.keyAction?.(event);
    if (action === undefined) return;
    event.preventDefault();
    this.play(action);
  }

  say(text) {
    showNotice(text);
  }

  render() {
    if (!this.model) return;
    const { game, turns } = this.display();
    const mine = this.myMove(game);
    // A move that has just become the player's, not the one a page opens on (that is the game found).
    if (mine && this.wasMine === false) alertYourMove();
    this.wasMine = mine;
    this.board.draw(game, { targets: mine });
    this.board.element.classList.toggle('my-move', mine);
    renderMoveList(this.moves, this.model.kind, turns, { ruleset: this.model.ruleset, seats: this.model.seats(), current: turns.length - 1 });
    this.analyse.href = `/analysis/${this.gameId}?ply=${this.model.actions.length}`;
    this.status.textContent = this.statusText(game);
    this.status.className = `status${mine ? ' mine' : ''}${mine && game.midTurn ? ' bounce' : ''}`;

    this.correspondence?.render(game);
    this.renderActions();
    this.renderAfter();
    this.tick();
  }

  statusText(game) {
    const model = this.model;
    const { messages } = model.kind;
    if (model.status === 'finished') {
      const result = `${this.seat ? describeResultFor(model.result, this.seat) : describeResult(model.result, model.players)}.`;
      const scores = formatScores(model.result);
      return scores ? `${result} ${t('result.finalScore', { scores })}` : result;
    }
    if (model.status === 'aborted' && model.abortedByAdmin) return t('game.abortedByAdmin');
    const noFirstMove = noFirstMoveText(model, this.seat);
    if (noFirstMove) return noFirstMove;
    if (model.status === 'aborted' && model.abortedBy === this.seat) return t('game.abortedByYou');
    if (model.status === 'aborted' && model.abortedBy) return t('game.abortedBy', { name: model.player(model.abortedBy).name });
    if (model.status === 'aborted') return t('game.aborted');
    const drafted = this.correspondence?.statusText();
    if (drafted) return drafted;
    if (game.outcome) return messages.over;
    // A kind's own words for its phase: a simultaneous one, where several seats act at once.
    const phase = messages.phase?.(game, this.seat, (seat) => model.player(seat).name);
    if (phase) return phase;
    const mover = game.toMove;
    const name = model.player(mover).name;
    const own = messages.turn?.(game, mover === this.seat ? null : name);
    if (own) return own;
    if (mover === this.seat) return game.midTurn ? messages.again : t('game.yourMove');
    return game.midTurn ? messages.othersAgain(name) : t('game.toMove', { name });
  }

  /** Whether the reader plays the game on: a player whose seat has not left it. */
  playing() {
    return Boolean(this.seat) && !this.model.hasLeft(this.seat);
  }

  renderActions() {
    const model = this.model;
    // A seat that left a game that plays on has nothing more to offer, answer or resign.
    if (!this.playing() || model.status !== 'active') {
      replaceChildren(this.actions);
      this.offer.hidden = true;
      return;
    }
    const offline = this.context.connection.status !== 'online';
    const act = async (type, fields, done) => {
      try {
        await this.feed.act(type, fields);
        if (done) this.say(done);
      } catch (error) {
        this.say(errorText(error));
      }
    };
    const button = (label, attributes, onClick) =>
      h('button', { type: 'button', disabled: offline, ...attributes, on: { click: onClick } }, label);
    // Whatever ends the game asks first (confirm.js).
    const ending = (name, label, confirmLabel, attributes, action) =>
      this.confirmations.button(name, { label, confirmLabel, action, attributes: { disabled: offline, ...attributes } });
    const buttons = [];
    if (!model.seats().every((seat) => model.hasMoved(seat))) {
      buttons.push(ending('abort', t('game.abort'), t('game.reallyAbort'), { class: 'quiet', id: 'abort' }, () => act('abort')));
    }
    // An offer stays on screen, with its answers, until it is answered or the game moves on.
    const banner = [];
    if (model.awaitsAnswer('draw', this.seat)) {
      banner.push(h('p', { text: offeredText(model, 'draw') }), h('div', { class: 'button-row' },
        ending('accept-draw', t('game.acceptDraw'), t('game.reallyAcceptDraw'), { class: 'primary', id: 'accept-draw' },
          () => act('draw', { action: 'accept' })),
        button(t('game.declineDraw'), { id: 'decline-draw' }, () => act('draw', { action: 'decline' }))));
    } else if (model.drawOffer) {
      buttons.push(button(t('game.drawOfferedByYou'), { disabled: true }, () => {}));
    } else {
      buttons.push(button(t('game.offerDraw'), { id: 'offer-draw' }, () => act('draw', { action: 'offer' }, t('game.drawOfferSent'))));
    }
    const agreedEnd = agreedEndControls(model, this.seat, { button, ending, act });
    buttons.push(...agreedEnd.buttons);
    banner.push(...agreedEnd.banner);
    this.offer.hidden = banner.length === 0;
    replaceChildren(this.offer, ...banner);
    buttons.push(ending('resign', t('game.resign'), t('game.reallyResign'), { class: 'danger', id: 'resign' }, () => act('resign')));
    // The win is claimed from an absent player on their turn (in a simultaneous phase, any other seat still to
    // act); a correspondence game cannot be: its clock decides.
    const claimableAt = model.seatsToAct().filter((seat) => seat !== this.seat).map((seat) => model.absent[seat])
      .find((at) => at !== undefined);
    if (claimableAt !== undefined && !this.correspondence) {
      this.claimButton = ending('claim-victory', t('game.claimVictory'), t('game.reallyClaimVictory'),
        { class: 'primary', id: 'claim-victory' }, () => act('claim_victory'));
      this.claimButton.dataset.at = claimableAt;
      buttons.push(this.claimButton);
    } else {
      this.claimButton = null;
    }
    replaceChildren(this.actions, buttons);
  }

  renderAfter() {
    if (this.howToMove) this.howToMove.hidden = this.model.status !== 'active' || !this.playing();
    if (this.model.status === 'active') {
      replaceChildren(this.after);
      return;
    }
    if (this.afterShown) return;
    this.afterShown = true;
    // Any player may offer the others a rematch, the seats rotated by one.
    if (this.seat) {
      this.closeRematch = mountRematch(this.after, this.context, { gameId: this.gameId, seat: this.seat, players: this.model.players, kind: this.model.kind });
    }
    const finished = this.model.status === 'finished';
    this.after.append(h('div', { class: 'button-row' },
      finished ? h('a', { class: this.seat ? 'button' : 'button primary', href: `/replay/${this.gameId}`, text: t('game.replay') }) : null,
      finished ? h('a', { class: 'button', href: api.recordUrl(this.gameId), download: '', text: t('common.downloadRecord') }) : null,
      h('a', { class: 'button quiet', href: '/', text: t('common.backToLobby') })));
  }

  /** Redraws the clocks (the running one counts down locally between events) and the claim countdown. */
  tick() {
    if (!this.model) return;
    const now = this.context.connection.serverNow();
    const model = this.model;
    for (const seat of model.seats()) {
      const card = this.cards[seat];
      const state = cardState(model, seat, now);
      card.setClock(state.ms, state.running, state.moveMs);
      card.setToMove(state.toMove);
      card.setDeparted(state.departed);
      const away = model.absent[seat];
      // Correspondence players are away most of the time; what matters there is a vacation. Whether a seat that
      // left is away matters to nobody.
      card.setNote(state.departed !== null ? ''
        : this.correspondence ? this.correspondence.note(seat)
          : model.status === 'active' && away !== undefined ? t('game.disconnected') : firstMoveNote(model, seat, now));
    }
    const windowLeft = model.windowTimeLeft(now);
    this.window.hidden = windowLeft === null;
    if (windowLeft !== null) this.window.textContent = t('game.timedWindow', { left: formatClock(windowLeft) });
    const firstMove = firstMoveNotice(model, this.seat, now);
    this.firstMove.hidden = firstMove === null;
    if (firstMove !== null) this.firstMove.textContent = firstMove;
    // A move normally settles within milliseconds; say so only when it does not, so nothing flickers.
    const oldest = this.feed.pending[0];
    const online = this.context.connection.status === 'online';
    this.sending.hidden = !oldest || (online && Date.now() - oldest.madeAt < SLOW_SEND_MS);
    this.sending.textContent = online ? t('game.sending') : t('game.sendingOffline');
    if (this.claimButton) {
      const wait = Number(this.claimButton.dataset.at) - now;
      const offline = this.context.connection.status !== 'online';
      this.claimButton.disabled = offline || wait > 0;
      // A claim waiting for its second press keeps asking.
      if (!this.confirmations.isArmed('claim-victory')) {
        this.claimButton.textContent = wait > 0 ? t('game.claimVictoryIn', { time: formatCountdown(wait) }) : t('game.claimVictory');
      }
    }
  }
}
