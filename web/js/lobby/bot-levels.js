// The built-in bot's levels as the lobby names them: "3 · Amateur · Elo +785" (no level is named like a game
// mode, so that "Level 3 · … — Paper Soccer: 3+2 Blitz, rated" reads one way). Shared by the "Play the computer"
// panel and quick pairing's offer of the bot to a waiting player.

import { api } from '../api.js';
import { t } from '../i18n.js';
import { ratingIn } from '../ratings.js';
import { speedOf } from '../time-controls.js';

/** What each level plays like (bot/src/level.rs has what each one does). */
const LEVEL_NAMES = new Map([
  [1, 'computer.beginner'],
  [2, 'computer.novice'],
  [3, 'computer.amateur'],
  [4, 'computer.club'],
  [5, 'computer.strongClub'],
  [6, 'computer.expert'],
  [7, 'computer.master'],
  [8, 'computer.strongest'],
]);

/** The level offered when the player has not chosen one. */
export const DEFAULT_LEVEL = 3;

/** A level's name in the reader's language ("Beginner" … "Strongest"). */
const levelName = (level) => (LEVEL_NAMES.has(level) ? t(LEVEL_NAMES.get(level)) : '');

/** The measured Elo with its sign: level 1 is the ladder's zero, the others stand above it. */
const signedElo = (elo) => (elo > 0 ? `+${elo}` : String(elo));

/** One level of `GET /api/bots` as the lobby shows it: number, name and measured strength (none for a level the
 * server has no figure for). */
export const levelLabel = (bot) => (bot.measured_elo === null
  ? `${bot.level} · ${levelName(bot.level)}`
  : `${bot.level} · ${levelName(bot.level)} · ${t('computer.elo', { elo: signedElo(bot.measured_elo) })}`);

/** The bot of the default level, or the weakest one listed when that level's account is missing. */
export const defaultBot = (bots) => bots.find((bot) => bot.level === DEFAULT_LEVEL) ?? bots[0];

/**
 * The bot to offer a player waiting in `pool`: the level whose rating in the pool's game and speed class is
 * nearest the player's, when the player's and at least one level's are established (not provisional); the
 * default level otherwise. The levels' ratings come from their rated games on this server, so they are on the
 * player's scale, which the measured Elo is not.
 */
export async function botFor(bots, pool, myProfile) {
  const speed = speedOf(pool.time_control);
  const established = (profile) => {
    const { rating, provisional } = ratingIn(profile, pool.ruleset.kind, speed);
    return provisional ? null : rating;
  };
  const mine = established(await myProfile());
  if (mine === null) return defaultBot(bots);
  const rated = (await Promise.all(bots.map(async (bot) => ({ bot, rating: established(await api.player(bot.account.name)) }))))
    .filter(({ rating }) => rating !== null);
  if (!rated.length) return defaultBot(bots);
  const distance = ({ rating }) => Math.abs(rating - mine);
  return rated.reduce((best, level) => (distance(level) < distance(best) ? level : best)).bot;
}
