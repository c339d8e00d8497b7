// Russian Paper Soccer (kia84's `russian`) in the shape kinds/index.js describes; it shares its board, game
// and notation with Line Soccer.

import { shared } from '../line-soccer/shared.js';
import { t } from '../../i18n.js';

const field = (width, length) => ({ kind: 'russian-soccer', width, length });

export default {
  key: 'russian-soccer',
  name: t('russian-soccer.name'),
  defaultRuleset: field(40, 52),
  variants: [{ label: '40×52', ruleset: field(40, 52) }, { label: '20×26', ruleset: field(20, 26) }],
  describeRuleset: (ruleset) => `${ruleset.width}×${ruleset.length}`,
  ...shared,
  // Its texts and diagrams are a kind's largest part, and only the rules page needs them.
  rulesPage: () => import('./rules-page.js').then((module) => module.rulesPage()),
};
