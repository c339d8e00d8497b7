// The REST endpoints of correspondence play (docs/protocol.md, "Correspondence play"): my games with their
// deadlines, seeks that outlive a session, conditional moves, vacation and notifications.

import { path, request } from '../api.js';

export const correspondenceApi = {
  myGames: () => request('GET', '/api/me/games'),
  seeks: () => request('GET', '/api/seeks'),
  createSeek: (seek) => request('POST', '/api/seeks', seek),
  acceptSeek: (id) => request('POST', path`/api/seeks/${id}/accept`),
  cancelSeek: (id) => request('POST', path`/api/seeks/${id}/cancel`),
  leaveSeek: (id) => request('POST', path`/api/seeks/${id}/leave`),
  conditionalMoves: (gameId) => request('GET', path`/api/games/${gameId}/conditional-moves`),
  setConditionalMoves: (gameId, lines) => request('PUT', path`/api/games/${gameId}/conditional-moves`, { lines }),
  clearConditionalMoves: (gameId) => request('DELETE', path`/api/games/${gameId}/conditional-moves`),
  vacation: () => request('GET', '/api/me/vacation'),
  startVacation: (days) => request('POST', '/api/me/vacation', { days }),
  endVacation: () => request('DELETE', '/api/me/vacation'),
  notificationSettings: () => request('GET', '/api/me/notifications/settings'),
  saveNotificationSettings: (settings) => request('PUT', '/api/me/notifications/settings', settings),
  testWebhook: () => request('POST', '/api/me/notifications/test'),
  notifications: () => request('GET', '/api/notifications'),
};
