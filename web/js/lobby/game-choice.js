// The game a lobby panel plays: one select built from the kinds table, one entry per kind and ruleset variant
// (one per kind, or one per board size where a kind offers several), the default kind's default ruleset first.

import { choice } from '../forms.js';
import { t } from '../i18n.js';
import { DEFAULT_KIND, KINDS } from '../kinds/index.js';

/** Screens this narrow (the site's phone layout, site.css) list a kind's `narrowVariant` first. */
const NARROW = '(max-width: 820px)';

/** A kind's variants in the order listed: its default first, or on a narrow screen its `narrowVariant`. */
function listed(kind) {
  const variants = kind.variants.map((variant, index) => ({ variant, index }));
  const first = kind.narrowVariant;
  if (first === undefined || !globalThis.matchMedia?.(NARROW).matches) return variants;
  return [variants[first], ...variants.filter(({ index }) => index !== first)];
}

/** Every choice: `{value, label, kind, ruleset}`. */
const GAMES = [...KINDS.values()].flatMap((kind) => listed(kind).map(({ variant, index }) => ({
  value: `${kind.key}/${index}`,
  get label() { return kind.variants.length > 1 ? `${kind.name} ${variant.label}` : kind.name; },
  kind,
  ruleset: variant.ruleset,
})));

/**
 * A labelled select of the games; `name` is its form name. `selected()` is the chosen `{kind, ruleset}`;
 * `onChange(game)` hears every change. `seats`, a select with `first` and `second` options, gets the chosen
 * kind's names for them. `only(kind)`, when given, keeps the kinds it accepts (the analysis board's).
 */
export function gameChoice(name, { onChange, seats, only = () => true } = {}) {
  const field = choice(t('lobby.game'), GAMES.filter((game) => only(game.kind)).map((game) => ({ value: game.value, label: game.label,
    selected: game.kind === DEFAULT_KIND && game.ruleset === DEFAULT_KIND.defaultRuleset })), { name });
  const selected = () => GAMES.find((game) => game.value === field.input.value);
  const nameSeats = () => {
    for (const option of seats?.options ?? []) {
      if (option.value in selected().kind.seats) option.textContent = selected().kind.seats[option.value].choice;
    }
  };
  field.input.addEventListener('change', () => {
    nameSeats();
    onChange?.(selected());
  });
  nameSeats();
  return { element: field.element, selected };
}
