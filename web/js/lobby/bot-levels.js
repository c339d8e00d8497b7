// The built-in bot's levels as the lobby names them: "3 · Casual · Elo +785". Shared by the "Play the computer"
// panel and quick pairing's offer of the bot to a waiting player.

import { t } from '../i18n.js';

/** What each level plays like (bot/src/level.rs has what each one does). */
const LEVEL_NAMES = new Map([
  [1, 'computer.beginner'],
  [2, 'computer.novice'],
  [3, 'computer.casual'],
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

/** One level of `GET /api/bots` as the lobby shows it: number, name and measured strength. */
export const levelLabel = (bot) =>
  `${bot.level} · ${levelName(bot.level)} · ${t('computer.elo', { elo: signedElo(bot.measured_elo) })}`;

/** The bot of the default level, or the weakest one listed when that level's account is missing. */
export const defaultBot = (bots) => bots.find((bot) => bot.level === DEFAULT_LEVEL) ?? bots[0];
