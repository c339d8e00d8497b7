// The analysis board (`/analysis/GAME?moves=…&ply=N` on a stored game, `/analysis?ruleset=…&moves=…&ply=N` from
// any start): lines that are not stored, played from any position as a tree of variations, every legal action
// of the side to act on the board, where the turn being played can end (kinds with `turnEnds`), the built-in
// bot's suggestion on request, and the address of the line and position to share. Nothing here names a kind.

import { AnalysisTree, analysisPath, readAnalysisQuery } from './analysis-tree.js';
import { api } from './api.js';
import { h, replaceChildren, s } from './dom.js';
import { describeEvaluation, describeResult } from './format.js';
import { GameModel } from './game-model.js';
import { errorText, t } from './i18n.js';
import { DEFAULT_KIND, gameName, kindOf, loadKind, rulesetKey, rulesetSeats } from './kinds/index.js';
import { gameChoice } from './lobby/game-choice.js';
import { SEAT_NAMES, seatIndex, seatsOf } from './seats.js';

/** The control buttons' drawings, as on the replay page. */
const ICONS = {
  first: 'M3 3h2v10H3zM13 3v10L6 8z',
  back: 'M12 3v10L5 8z',
  forward: 'M4 3v10l7-5z',
  last: 'M11 3h2v10h-2zM3 3v10l7-5z',
};

/** The seats of the game analysed (`source` of the page), in seat order: a stored game's players', else as many
 * as its ruleset seats (a Dots and Boxes field for two has two of the kind's four). */
export function analysisSeats({ players, ruleset }) {
  return players ? seatsOf(players) : rulesetSeats(ruleset);
}

export async function mount(root, context, [gameId]) {
  root.append(h('p', { class: 'loading', text: t('game.loading') }));
  const cannot = (text) => replaceChildren(root, h('section', { class: 'panel narrow' },
    h('h1', { text: t('analysis.cannot') }), h('p', { text })));
  let query;
  try {
    query = readAnalysisQuery(location.search);
  } catch {
    cannot(t('analysis.badLink'));
    return null;
  }
  let source;
  if (gameId) {
    try {
      const snapshot = await api.game(gameId);
      await loadKind(snapshot.ruleset);
      const model = new GameModel(snapshot);
      const result = snapshot.status === 'finished' ? `${describeResult(snapshot.result, snapshot.players)}.` : null;
      source = { gameId, ruleset: snapshot.ruleset, main: model.actions.map(({ action }) => action), departures: model.departed, players: snapshot.players, result };
    } catch (error) {
      cannot(error.code === 'unknown_game' ? t('game.noSuchGame') : errorText(error));
      return null;
    }
  } else {
    source = { gameId: null, ruleset: query.ruleset ?? DEFAULT_KIND.defaultRuleset, main: [], departures: [], players: null, result: null };
  }
  let page;
  try {
    await loadKind(source.ruleset);
    page = new Analysis(root, context, source, query);
  } catch {
    cannot(t('analysis.badRuleset'));
    return null;
  }
  return () => page.close();
}

class Analysis {
  constructor(root, context, source, query) {
    this.context = context;
    this.source = source;
    const kind = kindOf(source.ruleset);
    this.kind = kind;
    // A stored game's seats that left are replayed where they left, so that its later turns are the right seats'.
    this.tree = new AnalysisTree(kind, source.ruleset, { actions: source.main, departures: source.departures });
    const mainEnd = this.tree.playLine(source.main);
    this.current = this.tree.step(this.tree.root, query.ply ?? mainEnd.ply);
    let badLine = false;
    if (query.line.length > 0) {
      // The shared line: played from the start, so it joins the main line where they agree and branches off
      // where they differ; an illegal action ends it there.
      let at = this.tree.root;
      const along = [at];
      for (const action of query.line) {
        try {
          at = this.tree.play(at, action);
        } catch {
          badLine = true;
          break;
        }
        along.push(at);
      }
      this.current = along[Math.min(query.ply ?? along.length - 1, along.length - 1)];
    }
    this.board = new kind.Board(source.ruleset, { label: t('analysis.boardLabel'), onAction: (action) => this.playAction(action) });
    const control = (label, id, icon, target) =>
      h('button', { type: 'button', class: 'control', id, 'aria-label': label, title: label, on: { click: () => this.go(target()) } },
        s('svg', { viewBox: '0 0 16 16', 'aria-hidden': 'true' }, s('path', { d: icon })));
    this.status = h('p', { class: 'status', id: 'analysis-status', 'aria-live': 'polite' });
    this.notice = h('p', { class: 'hint', id: 'analysis-notice', role: 'alert', hidden: !badLine, text: badLine ? t('analysis.lineCut') : '' });
    this.turnEnds = h('p', { class: 'hint', id: 'turn-ends', hidden: true });
    this.moves = h('div', { class: 'move-list analysis-tree', id: 'analysis-moves', 'aria-label': t('game.moves') });
    this.promoteButton = h('button', { type: 'button', class: 'small', id: 'promote-variation', on: { click: () => this.promote() } }, t('analysis.promote'));
    this.deleteButton = h('button', { type: 'button', class: 'small', id: 'delete-variation', on: { click: () => this.remove() } }, t('analysis.delete'));
    this.shareLink = h('input', { type: 'text', id: 'share-link', readOnly: true, hidden: true, 'aria-label': t('analysis.shareLink') });
    this.suggestion = h('div', { class: 'suggestion', id: 'suggestion', 'aria-live': 'polite' });
    this.askButton = h('button', { type: 'button', id: 'ask-bot', on: { click: () => this.ask() } }, t('analysis.askBot'));
    const back = source.gameId
      ? h('a', { class: 'button quiet', href: `/replay/${source.gameId}`, text: t('game.replay') })
      : null;
    // From scratch, any game of the kinds table: a new choice starts an empty board of it.
    const choose = source.gameId ? null : gameChoice('analysis-game', {
      only: (choice) => !choice.hiddenInformation,
      onChange: ({ ruleset }) => context.navigate(analysisPath({ ruleset, line: [], ply: 0 })),
    });
    if (choose) {
      const variant = kind.variants.findIndex((v) => rulesetKey(v.ruleset) === rulesetKey(source.ruleset));
      if (variant >= 0) choose.element.querySelector('select').value = `${kind.key}/${variant}`;
    }
    const title = source.players
      ? `${gameName(source.ruleset)} · ${source.players.map((player) => player.name).join(' – ')}`
      : gameName(source.ruleset);
    replaceChildren(root,
      h('div', { class: 'game-page analysis' },
        h('div', { class: 'board-column' }, h('div', { class: 'board-wrap' }, this.board.element, this.board.controls)),
        h('aside', { class: 'side' },
          h('p', { class: 'game-title' }, h('strong', { text: t('analysis.title') }), ` · ${title}`),
          choose?.element,
          source.result ? h('p', { class: 'hint', id: 'analysis-result', text: source.result }) : null,
          this.status, this.notice, this.turnEnds,
          h('div', { class: 'controls', role: 'group', 'aria-label': t('replay.controls') },
            control(t('replay.first'), 'analysis-first', ICONS.first, () => this.tree.root),
            control(t('replay.back'), 'analysis-back', ICONS.back, () => this.tree.step(this.current, -1)),
            control(t('replay.forward'), 'analysis-forward', ICONS.forward, () => this.tree.step(this.current, 1)),
            control(t('replay.last'), 'analysis-last', ICONS.last, () => this.tree.lineEnd(this.current))),
          h('h2', { class: 'small-heading', text: t('game.moves') }), this.moves,
          h('div', { class: 'button-row' }, this.promoteButton, this.deleteButton),
          h('h2', { class: 'small-heading', text: t('analysis.bot') }),
          h('div', { class: 'button-row' }, this.askButton), this.suggestion,
          h('h2', { class: 'small-heading', text: t('analysis.share') }),
          h('div', { class: 'button-row' }, h('button', { type: 'button', id: 'share', on: { click: () => this.share() } }, t('analysis.shareButton')), back),
          this.shareLink,
          h('p', { class: 'hint', text: t('analysis.keys') }))));
    this.onKey = (event) => this.key(event);
    document.addEventListener('keydown', this.onKey);
    this.show();
  }

  close() {
    document.removeEventListener('keydown', this.onKey);
  }

  key(event) {
    if (event.target.closest?.('input, textarea, select')) return;
    const targets = { ArrowLeft: -1, ArrowRight: 1 };
    if (event.key in targets) {
      event.preventDefault();
      this.go(this.tree.step(this.current, targets[event.key]));
      return;
    }
    if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      this.go(event.key === 'Home' ? this.tree.root : this.tree.lineEnd(this.current));
      return;
    }
    const action = this.board.keyAction?.(event);
    if (action !== undefined && this.current.game.legalActions().includes(action)) {
      event.preventDefault();
      this.playAction(action);
    }
  }

  /** Plays `action` from the position shown: the next node of a known line, or a new branch. */
  playAction(action) {
    try {
      this.go(this.tree.play(this.current, action));
    } catch {
      // The board offers legal actions only; a key for an illegal one changes nothing.
    }
  }

  go(node) {
    if (node !== this.current) this.suggested = null;
    this.current = node;
    this.show();
  }

  promote() {
    if (this.tree.promote(this.current)) this.show();
  }

  remove() {
    const left = this.tree.remove(this.current);
    if (left) this.go(left);
  }

  /** The address of the line through the position shown, and of that position. */
  path() {
    const { gameId, ruleset } = this.source;
    return analysisPath({ gameId, ruleset, line: this.tree.line(this.tree.lineEnd(this.current)), ply: this.current.ply });
  }

  share() {
    const link = `${location.origin}${this.path()}`;
    this.shareLink.hidden = false;
    this.shareLink.value = link;
    this.shareLink.select();
    navigator.clipboard?.writeText(link).then(() => this.say(t('analysis.copied')), () => {});
  }

  say(text) {
    this.notice.hidden = false;
    this.notice.textContent = text;
  }

  async ask() {
    const at = this.current;
    this.askButton.disabled = true;
    replaceChildren(this.suggestion, h('p', { class: 'loading', text: t('analysis.thinking') }));
    try {
      const reply = await api.suggestion(this.source.ruleset, this.tree.line(at), this.tree.departuresOn(at));
      if (this.current !== at) return;
      const preview = at.game.clone();
      for (const action of reply.actions) preview.play(action);
      this.suggested = { reply, preview, shown: true };
    } catch (error) {
      if (this.current !== at) return;
      this.suggested = { error };
    } finally {
      this.askButton.disabled = false;
    }
    this.show();
  }

  /** Who sits in `seat`: the player's name when the line comes from a game, else the kind's name of the seat. */
  seatName(seat) {
    const { players } = this.source;
    return players ? players[seatIndex(seat)].name : this.kind.seats[seat].name;
  }

  /** The game's seats in seat order. */
  seats() {
    return analysisSeats(this.source);
  }

  /** The bot's view for people: who stands better and by how much, or who wins or loses. */
  evaluationText({ evaluation }, seat) {
    return describeEvaluation(evaluation, seat, this.seats(), (who) => this.seatName(who));
  }

  renderSuggestion() {
    const { suggested } = this;
    if (!suggested) {
      replaceChildren(this.suggestion);
      return;
    }
    if (suggested.error) {
      const { error } = suggested;
      const signIn = error.code === 'unauthenticated' || error.code === 'invalid_token';
      replaceChildren(this.suggestion, h('p', { class: 'error', id: 'suggestion-error' },
        signIn ? h('a', { href: `/login?next=${encodeURIComponent(location.pathname + location.search)}`, text: t('analysis.signInForBot') }) : errorText(error)));
      return;
    }
    const { reply, shown } = suggested;
    const seat = this.current.game.toMove;
    const separator = this.kind.notation.separator ?? '';
    const turn = reply.actions.map((action) => this.display(action)).join(separator);
    replaceChildren(this.suggestion,
      h('p', { id: 'suggested-turn' }, t('analysis.suggested', { seat: this.seatName(seat), turn })),
      h('p', { id: 'suggested-evaluation', text: this.evaluationText(reply, seat) }),
      h('p', { class: 'hint', text: t('analysis.searchStats', { nodes: reply.nodes.toLocaleString(), depth: reply.depth }) }),
      h('div', { class: 'button-row' },
        h('button', { type: 'button', class: 'small primary', id: 'play-suggestion', on: { click: () => this.go(this.tree.playLine(reply.actions, this.current)) } }, t('analysis.playSuggestion')),
        h('button', { type: 'button', class: 'small', id: 'toggle-suggestion', on: { click: () => { suggested.shown = !suggested.shown; this.show(); } } },
          shown ? t('analysis.hideSuggestion') : t('analysis.showSuggestion'))));
  }

  display(action) {
    return this.kind.notation.display ? this.kind.notation.display(action, this.source.ruleset) : action;
  }

  statusText(game) {
    const { outcome } = game;
    if (!outcome) return t(game.midTurn ? 'analysis.toMoveAgain' : 'analysis.toMove', { seat: this.seatName(game.toMove) });
    if (outcome.winner) return t('analysis.won', { seat: this.seatName(outcome.winner) });
    // At a table of more than two, several seats may share first place without every seat sharing it.
    const ranks = outcome.ranks ?? [];
    const firsts = ranks.flatMap((rank, index) => (rank === 1 ? [SEAT_NAMES[index]] : []));
    if (firsts.length > 0 && firsts.length < ranks.length) return t('analysis.sharedWin', { seats: firsts.map((seat) => this.seatName(seat)).join(', ') });
    return t('analysis.drawn');
  }

  show() {
    const { game } = this.current;
    const preview = this.suggested?.shown ? this.suggested.preview : null;
    // Each position's ends are searched once: going back and forth costs nothing more.
    const ends = this.kind.turnEnds && !game.outcome ? (this.current.ends ??= this.kind.turnEnds(game)) : null;
    // The suggestion is drawn as the position after it, its turn standing out as the latest.
    this.board.draw(preview ?? game, { targets: !preview && !game.outcome, ends: preview ? [] : ends?.ends ?? [] });
    this.board.element.classList.toggle('preview', Boolean(preview));
    this.status.textContent = `${t('analysis.ply', { ply: this.current.ply })} · ${this.statusText(game)}`;
    // While the suggestion is drawn, the ends of the turn now would mislead: they are not on the board.
    this.turnEnds.hidden = !ends || Boolean(preview);
    if (ends) {
      this.turnEnds.textContent = ends.capped
        ? t('analysis.turnEndsCapped', { count: ends.ends.length, work: ends.work })
        : t('analysis.turnEnds', { count: ends.ends.length });
      this.turnEnds.dataset.count = String(ends.ends.length);
    }
    this.renderTree();
    this.renderSuggestion();
    const onMain = this.tree.branchOf(this.current) === null;
    this.promoteButton.disabled = onMain;
    this.deleteButton.disabled = onMain;
    for (const [id, disabled] of [['analysis-first', !this.current.parent], ['analysis-back', !this.current.parent],
      ['analysis-forward', this.current.children.length === 0], ['analysis-last', this.current.children.length === 0]]) {
      document.getElementById(id).disabled = disabled;
    }
    // The address bar always holds the link that brings this line and position back.
    if (location.pathname.startsWith('/analysis')) history.replaceState(null, '', this.path());
    if (!this.shareLink.hidden) this.shareLink.value = `${location.origin}${this.path()}`;
  }

  /** The tree as text: the main line, each alternative in parentheses after the action it replaces, nested. */
  renderTree() {
    const pieces = this.sequence(this.tree.root, true, true);
    replaceChildren(this.moves, pieces.length === 0
      ? h('p', { class: 'empty', text: t('game.noMoves') })
      : h('p', { class: 'line main-line' }, pieces));
    const marked = this.moves.querySelector('.current');
    if (marked) this.moves.scrollTop = Math.max(0, marked.offsetTop - this.moves.clientHeight / 2);
  }

  /** The line after `from` (its first children), each node's alternatives in parentheses after it; `leading`
   * when it begins the text. */
  sequence(from, numbered, leading) {
    const pieces = [];
    let needNumber = numbered;
    for (let at = from; at.children.length > 0; [at] = at.children) {
      const [main, ...others] = at.children;
      pieces.push(...this.token(main, needNumber, leading && pieces.length === 0));
      needNumber = false;
      for (const other of others) {
        pieces.push(' ', h('span', { class: 'variation' }, '(', ...this.token(other, true, true), ...this.sequence(other, false, false), ')'));
        needNumber = true;
      }
    }
    return pieces;
  }

  /** One action: a space before a new turn (the kind's separator inside one), the turn's number where a reader
   * needs it, and the action as a button that shows its position. */
  token(node, numbered, first) {
    const pieces = [];
    // A turn cut by a variation goes on after a space and an ellipsis, not run together with the parenthesis.
    if (!first) pieces.push(node.startsTurn || numbered ? ' ' : (this.kind.notation.separator ?? ''));
    if (node.startsRound) pieces.push(`${node.number}. `);
    else if (numbered) pieces.push(node.startsTurn ? `${node.number}… ` : '… ');
    const current = node === this.current;
    pieces.push(h('button', {
      type: 'button',
      class: `link-button move seat-${node.seat}${current ? ' current' : ''}`,
      'aria-current': current ? 'step' : null,
      'data-ply': node.ply,
      text: this.display(node.action),
      on: { click: () => this.go(node) },
    }));
    return pieces;
  }
}
