// The lobby's chat channel, as a lobby panel.

import { ChatPanel } from '../chat.js';

export const ID = 'lobby-chat';

export function mount(container, lobby) {
  const me = lobby.account();
  const panel = new ChatPanel(lobby.connection, { channel: { kind: 'lobby' }, canWrite: Boolean(me), me: me?.id ?? null });
  panel.title.id = `${ID}-title`;
  container.append(panel.element);
  return () => panel.close();
}
