// The texts of chat, profiles and the other social parts of the site, in English, by stable key. Every key
// these parts use is listed here, in one place, so that translations can follow them; `t(key, values)` fills
// `{name}` placeholders from `values`, and an unknown key shows as itself rather than breaking the page.

export const TEXTS = {
  'chat.title.lobby': 'Lobby chat',
  'chat.title.players': 'Chat with your opponent',
  'chat.title.spectators': 'Spectators’ chat',
  'chat.empty': 'No messages yet.',
  'chat.placeholder': 'Say something…',
  'chat.send': 'Send',
  'chat.sign-in': 'Sign in to chat',
  'lobby.sign-in': 'Sign in or play as a guest to play; everything here can be watched without an account.',
  'lobby.sign-in-link': 'Sign in to play',
  'chat.mute': 'Mute opponent',
  'chat.unmute': 'Unmute opponent',
  'chat.muted': 'You muted your opponent’s chat.',
  'chat.error.chat_too_long': 'That message is too long (300 characters at most).',
  'chat.error.chat_too_fast': 'You are writing too fast; wait a little.',
  'chat.error.muted': 'An admin muted your chat.',
  'chat.error.invalid_request': 'Write something first.',
  'chat.error.other': 'The message was not sent: {message}',
  'challenge.received': '{name} challenges you to a game.',
  'challenge.open': 'See the challenge',
  'challenge.declined': '{name} declined your challenge.',
  'leaderboard.nobody-rated': 'Nobody has a rating here yet.',
  'leaderboard.nobody-established': 'Nobody is established yet: {rated} rated players are still provisional (marked ?).',
  'profile.loading': 'Loading the player…',
  'profile.unknown': 'There is no player called {name}.',
  'profile.guest': 'guest',
  'profile.bot': 'bot',
  'profile.results': '{finished} games finished: {wins} won, {losses} lost, {draws} drawn; {active} being played.',
  'profile.versus': 'You against them: {wins} won, {losses} lost, {draws} drawn.',
  'profile.ratings': 'Ratings',
  'profile.no-ratings': 'No rated games yet.',
  'profile.rated-games': '{games} rated games',
  'profile.chart': 'Rating history',
  'profile.chart-too-short': 'The chart needs two rated games.',
  'profile.games': 'Games',
  'profile.no-games': 'No games yet.',
  'profile.more': 'More games',
};

/** The text of `key`, with `{name}` placeholders filled from `values`. */
export function t(key, values = {}) {
  const text = TEXTS[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}
