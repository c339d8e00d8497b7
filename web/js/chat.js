// A chat channel's panel (docs/protocol.md, "Chat"): the channel's messages as text — never as markup, so
// whatever anyone writes is shown exactly as written — a line to write in, and for a player the switch that
// mutes the opponent, showing the mute the server keeps (the players' `chat_history` says whether it is on).
// In the lobby a signed-in reader may mute any other author: a button on each of their messages, and the list
// of muted authors (the lobby's `chat_history` names them) with a button to unmute each. Beside the mute, a
// report: the reader writes why, and the message goes to the admins (`POST /api/reports`), its text kept.
// Messages come as `chat` and `chat_history` frames; each is kept once, by its id.

import { api } from './api.js';
import { h, replaceChildren } from './dom.js';
import { errorText, t } from './i18n.js';
import { playerLink } from './player-link.js';

/** The longest message the server accepts, in characters. */
const MAX_CHARS = 300;
/** The longest reason of a report the server accepts, in characters. */
const MAX_REASON_CHARS = 1000;

/** The players' words for the one opponent of a game of two, and for the others at a larger table (the mute
 * then silences every other player, as the server keeps it per reader). */
const PLAYERS_WORDS = {
  pair: { title: 'chat.title.players', mute: 'chat.mute', unmute: 'chat.unmute', muted: 'chat.muted' },
  table: { title: 'chat.title.playersTable', mute: 'chat.muteTable', unmute: 'chat.unmuteTable', muted: 'chat.mutedTable' },
};

/** Whether a message's channel is `channel`: the same kind, and the same game for a game's channels. */
export function sameChannel(a, b) {
  return a.kind === b.kind && (a.game_id ?? null) === (b.game_id ?? null);
}

export class ChatPanel {
  /**
   * `connection` is the page's `Connection`; `channel` the channel shown (it may be set later with
   * `setChannel`, messages arriving before are kept); `canMute` shows a player's mute switch; `me`, the reader's
   * account id, lets them mute other authors (the lobby).
   */
  constructor(connection, { channel = null, gameId = null, canMute = false, canWrite = true, me = null } = {}) {
    this.connection = connection;
    this.channel = channel;
    this.gameId = gameId ?? channel?.game_id ?? null;
    this.canMute = canMute;
    this.canWrite = canWrite;
    /** The players' words: `pair` for a game of two, `table` for more. */
    this.words = PLAYERS_WORDS.pair;
    this.muted = false;
    this.me = me;
    /** The authors the reader muted (the lobby): names by account id. */
    this.mutedAuthors = new Map();
    this.mutedList = h('ul', { class: 'chat-muted-authors' });
    this.mutedPanel = h('details', { class: 'chat-muted-panel', hidden: true },
      h('summary', { text: t('chat.mutedAuthors') }), this.mutedList);
    /** Messages by id. */
    this.messages = new Map();
    this.list = h('ol', { class: 'chat-messages', 'aria-live': 'polite' });
    this.input = h('input', { type: 'text', maxlength: MAX_CHARS, placeholder: t('chat.placeholder'), 'aria-label': t('chat.placeholder') });
    this.error = h('p', { class: 'chat-error', role: 'alert', hidden: true });
    this.muteButton = h('button', { type: 'button', class: 'small chat-mute', on: { click: () => this.toggleMute() } });
    this.mutedNote = h('p', { class: 'hint chat-muted', hidden: true });
    this.title = h('h2', { class: 'small-heading' });
    /** The message being reported, while the report form is open. */
    this.reporting = null;
    this.reportAbout = h('p', { class: 'hint' });
    this.reportReason = h('textarea', { maxlength: MAX_REASON_CHARS, rows: 2, 'aria-label': t('chat.reportReason'), placeholder: t('chat.reportReason') });
    this.reportForm = h('form', { class: 'chat-report', hidden: true, on: { submit: (event) => this.sendReport(event) } },
      this.reportAbout, this.reportReason,
      h('div', { class: 'chat-report-buttons' },
        h('button', { type: 'submit', class: 'small chat-report-send', text: t('chat.reportSend') }),
        h('button', { type: 'button', class: 'small secondary chat-report-cancel', text: t('chat.reportCancel'),
          on: { click: () => this.closeReport() } })));
    this.reportedNote = h('p', { class: 'hint chat-reported', role: 'status', hidden: true });
    this.form = h('form', { class: 'chat-form', on: { submit: (event) => this.send(event) } },
      this.input, h('button', { type: 'submit', text: t('chat.send') }));
    this.signIn = h('p', { class: 'hint' }, h('a', { href: '/login', text: t('chat.sign-in') }));
    this.element = h('section', { class: 'chat', 'aria-label': 'chat' }, this.title, this.list,
      this.form, this.signIn, this.error, this.reportForm, this.reportedNote, this.mutedNote, this.muteButton, this.mutedPanel);
    this.removers = [
      connection.on('chat', ({ message }) => this.add([message])),
      connection.on('chat_history', ({ channel, messages, opponent_muted: muted, muted_accounts: authors }) => {
        if (!this.mine(channel)) return;
        if (channel.kind === 'players') this.muted = Boolean(muted);
        // Only the first part of a long history lists them.
        for (const { account_id: id, name } of authors ?? []) this.mutedAuthors.set(id, name);
        this.add(messages);
      }),
    ];
    this.render();
  }

  /** Shows `channel` from now on; `canMute` for a player of the game, `canWrite` for anyone signed in, `table`
   * when the game has more than two players (the players' chat and its mute are then with all the others). */
  setChannel(channel, { canMute = false, canWrite = true, table = false } = {}) {
    this.channel = channel;
    this.canMute = canMute;
    this.canWrite = canWrite;
    this.words = table ? PLAYERS_WORDS.table : PLAYERS_WORDS.pair;
    for (const [id, message] of this.messages) if (!sameChannel(message.channel, channel)) this.messages.delete(id);
    this.render();
  }

  close() {
    this.removers.forEach((remove) => remove());
  }

  mine(channel) {
    if (this.channel) return sameChannel(channel, this.channel);
    return this.gameId !== null && channel.game_id === this.gameId;
  }

  add(messages) {
    for (const message of messages) if (this.mine(message.channel)) this.messages.set(message.id, message);
    this.render();
  }

  render() {
    const kind = this.channel?.kind ?? 'spectators';
    this.title.textContent = t(kind === 'players' ? this.words.title : `chat.title.${kind}`);
    const sorted = [...this.messages.values()]
      .filter((message) => !this.mutedAuthors.has(message.account_id))
      .sort((a, b) => a.id - b.id);
    replaceChildren(this.list, sorted.length
      ? sorted.map((message) => h('li', { class: 'chat-message' },
        // In a game a name opens in a new tab, so that nobody leaves their game by it.
        playerLink(message.name, { class: 'chat-name', target: this.gameId ? '_blank' : null }),
        ': ', h('span', { class: 'chat-text', text: message.text }), this.authorActions(message)))
      : h('li', { class: 'hint', text: t('chat.empty') }));
    replaceChildren(this.mutedList, [...this.mutedAuthors].map(([id, name]) => h('li', {},
      h('span', { text: name }), ' ',
      h('button', { type: 'button', class: 'small chat-unmute-author', text: t('chat.unmuteAuthor'),
        'aria-label': t('chat.unmuteAuthorNamed', { name }), on: { click: () => this.muteAuthor(id, name, false) } }))));
    this.mutedPanel.hidden = this.mutedAuthors.size === 0;
    this.list.scrollTop = this.list.scrollHeight;
    this.muteButton.hidden = !this.canMute;
    this.mutedNote.hidden = !(this.canMute && this.muted);
    this.mutedNote.textContent = t(this.words.muted);
    this.form.hidden = !this.canWrite;
    this.signIn.hidden = this.canWrite;
    this.muteButton.textContent = t(this.muted ? this.words.unmute : this.words.mute);
    this.muteButton.setAttribute('aria-pressed', String(this.muted));
  }

  async send(event) {
    event.preventDefault();
    const text = this.input.value;
    if (!this.channel) return;
    try {
      await this.connection.request({ type: 'chat_send', channel: this.channel, text });
      this.input.value = '';
      this.showError(null);
    } catch (error) {
      this.showError(error);
    }
  }

  /** What the reader may do with another author's message in the lobby: mute its author, report it. */
  authorActions(message) {
    if (!this.me || this.channel?.kind !== 'lobby' || message.account_id === this.me) return null;
    return h('span', { class: 'chat-author-actions' },
      h('button', { type: 'button', class: 'small chat-mute-author', text: t('chat.muteAuthor'),
        'aria-label': t('chat.muteAuthorNamed', { name: message.name }),
        on: { click: () => this.muteAuthor(message.account_id, message.name, true) } }),
      h('button', { type: 'button', class: 'small chat-report-author', text: t('chat.report'),
        'aria-label': t('chat.reportNamed', { name: message.name }),
        on: { click: () => this.openReport(message) } }));
  }

  /** Opens the report form for `message`: it asks why before anything is sent. */
  openReport(message) {
    this.reporting = message;
    this.reportAbout.textContent = t('chat.reportAbout', { name: message.name, text: message.text });
    this.reportReason.value = '';
    this.reportForm.hidden = false;
    this.reportedNote.hidden = true;
    this.showError(null);
    this.reportReason.focus();
  }

  closeReport() {
    this.reporting = null;
    this.reportForm.hidden = true;
  }

  /** Sends the report with the reason written; on success the form closes and says it reached the admins. */
  async sendReport(event) {
    event.preventDefault();
    const message = this.reporting;
    const reason = this.reportReason.value.trim();
    if (!message) return;
    if (!reason) {
      this.error.hidden = false;
      this.error.textContent = t('chat.reportReasonFirst');
      this.reportReason.focus();
      return;
    }
    try {
      await api.report({ message_id: message.id, reason });
      this.closeReport();
      this.showError(null);
      this.reportedNote.textContent = t('chat.reported', { name: message.name });
      this.reportedNote.hidden = false;
    } catch (error) {
      this.showError(error);
    }
  }

  /** Mutes (or unmutes) an author in the lobby: their messages go (or come back) at once. */
  async muteAuthor(accountId, name, muted) {
    try {
      await this.connection.request({ type: 'chat_mute', account_id: accountId, muted });
      if (muted) this.mutedAuthors.set(accountId, name);
      else this.mutedAuthors.delete(accountId);
      this.showError(null);
      this.render();
    } catch (error) {
      this.showError(error);
    }
  }

  async toggleMute() {
    const muted = !this.muted;
    try {
      await this.connection.request({ type: 'chat_mute', game_id: this.channel.game_id, muted });
      this.muted = muted;
      this.render();
    } catch (error) {
      this.showError(error);
    }
  }

  showError(error) {
    this.error.hidden = !error;
    if (!error) return;
    this.error.textContent = errorText(error);
  }
}
