// Sea Battle (Statki, «Морской бой») in the shape kinds/index.js describes: the first kind with hidden
// information. Each viewer's game is built from the moves as it receives them (rules.js); both seats place their
// fleets at once, then shoot in turn.

import './catalog.js';
import { seat } from '../seat.js';
import { t } from '../../i18n.js';

const sea = (fleet, options = {}) => ({ kind: 'sea-battle', fleet, ...options });

/** A ruleset in a few words: `classic`, `Hasbro, corners may touch, no second shot`. */
function describe(ruleset) {
  const fleet = ruleset.fleet ?? 'classic';
  const words = [t(`sea-battle.fleet.${fleet}`)];
  const defaults = fleet === 'hasbro' ? { touching: 'any', shoot_again: false } : { touching: 'none', shoot_again: true };
  if (ruleset.touching && ruleset.touching !== defaults.touching) words.push(t(`sea-battle.touching.${ruleset.touching}`));
  if (ruleset.shoot_again !== undefined && ruleset.shoot_again !== defaults.shoot_again) {
    words.push(t(ruleset.shoot_again ? 'sea-battle.shootAgain' : 'sea-battle.noShootAgain'));
  }
  return words.join(', ');
}

const variant = (ruleset) => ({ get label() { return describe(ruleset); }, ruleset });

/** The seat to act in a simultaneous phase, or waiting for the other: the status line's words. */
function phase(game, reader, nameOf) {
  const { position } = game;
  if (position.outcome) return null;
  if (position.inSetup) {
    const placing = position.seatsToAct;
    if (reader && placing.includes(reader)) {
      const opponent = reader === 'first' ? 'second' : 'first';
      return t(placing.includes(opponent) ? 'sea-battle.placeYours' : 'sea-battle.placeYoursOpponentReady', { name: nameOf(opponent) });
    }
    if (reader) return t('sea-battle.waitingForFleet', { name: nameOf(placing[0] ?? (reader === 'first' ? 'second' : 'first')) });
    return placing.length === 2 ? t('sea-battle.bothPlacing') : t('sea-battle.seatPlacing', { name: nameOf(placing[0]) });
  }
  if (position.awaiting) return t('sea-battle.awaitingAnswer');
  return null;
}

export default {
  key: 'sea-battle',
  hiddenInformation: true,
  get name() { return t('sea-battle.name'); },
  defaultRuleset: sea('classic'),
  variants: [sea('classic'), sea('hasbro'), sea('classic', { touching: 'sides' })].map(variant),
  describeRuleset: describe,
  seats: {
    first: seat('sea-battle.seat.first', 'sea-battle.shootsFirst', 'sea-battle.chooseFirst'),
    second: seat('sea-battle.seat.second', 'sea-battle.shootsSecond', 'sea-battle.chooseSecond'),
  },
  // What playing and showing a game needs (board, rules, notation) is loaded only by the pages that show one
  // (kinds/index.js `loadKind`), never by the lobby.
  play: () => import('./play.js'),
  styles: [new URL('./board.css', import.meta.url).href],
  get howToMove() { return t('sea-battle.howToMove'); },
  messages: {
    get over() { return t('sea-battle.over'); },
    get again() { return t('sea-battle.again'); },
    othersAgain: (name) => t('sea-battle.othersAgain', { name }),
    phase,
  },
  rulesPage: () => import('./rules-page.js').then((module) => module.rulesPage()),
};
