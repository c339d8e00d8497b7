// Digital Wars (Digital Deletions) in the shape kinds/index.js describes.

import './catalog.js';
import { seat } from '../seat.js';
import { t } from '../../i18n.js';

const string = (length, options = {}) => ({ kind: 'digital-wars', length, pie: false, ending: 'misere', ...options });

/** A ruleset in a few words: `20 digits`, `10 digits, pie, normal`. */
function describe(ruleset) {
  const words = [t('digital-wars.digits', { count: ruleset.length ?? 20 })];
  if (ruleset.pie) words.push(t('digital-wars.pie'));
  if (ruleset.ending === 'normal') words.push(t('digital-wars.normal'));
  return words.join(', ');
}

const variant = (ruleset) => ({ get label() { return describe(ruleset); }, ruleset });

export default {
  key: 'digital-wars',
  get name() { return t('digital-wars.name'); },
  defaultRuleset: string(20),
  variants: [string(20), string(10), string(12, { pie: true }), string(20, { ending: 'normal' })].map(variant),
  describeRuleset: describe,
  seats: {
    first: seat('digital-wars.seat.first', 'digital-wars.moveFirst', 'digital-wars.chooseFirst'),
    second: seat('digital-wars.seat.second', 'digital-wars.moveSecond', 'digital-wars.chooseSecond'),
  },
  // What playing and showing a game needs (board, rules, notation) is loaded only by the pages that show one
  // (kinds/index.js `loadKind`), never by the lobby.
  play: () => import('./play.js'),
  // Its board's drawing, loaded with its board and its rules page (kinds/index.js).
  styles: [new URL('./board.css', import.meta.url).href],
  get howToMove() { return t('digital-wars.howToMove'); },
  messages: {
    get over() { return t('digital-wars.over'); },
    // Under the pie rule the writer writes the whole string in one turn.
    get again() { return t('digital-wars.again'); },
    othersAgain: (name) => t('digital-wars.othersAgain', { name }),
  },
  // Its texts and diagrams are a kind's largest part, and only the rules page needs them.
  rulesPage: () => import('./rules-page.js').then((module) => module.rulesPage()),
};
