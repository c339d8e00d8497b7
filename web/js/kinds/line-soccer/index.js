// Line Soccer (`line` and its parameter set `line/opcja1`) in the shape kinds/index.js describes.

import { t } from '../../i18n.js';
import { shared } from './shared.js';

const field = (preset, width, length) => ({ kind: 'line-soccer', preset, width, length });

export default {
  key: 'line-soccer',
  name: t('line-soccer.name'),
  defaultRuleset: field('line', 20, 30),
  variants: [
    { label: '20×30', ruleset: field('line', 20, 30) },
    { label: '30×40', ruleset: field('line', 30, 40) },
    { label: 'Opcja I 16×20', ruleset: field('opcja1', 16, 20) },
  ],
  describeRuleset: (ruleset) => `${ruleset.preset === 'opcja1' ? 'Opcja I ' : ''}${ruleset.width}×${ruleset.length}`,
  ...shared,
  // Its texts and diagrams are a kind's largest part, and only the rules page needs them.
  rulesPage: () => import('./rules-page.js').then((module) => module.rulesPage()),
};
