// The rules pages: `/rules` shows the default kind's rules, `/rules/<kind>` any kind's; each kind writes its own.

import { h } from './dom.js';
import { t } from './i18n.js';
import { DEFAULT_KIND, KINDS, loadRulesPage, rulesUrl } from './kinds/index.js';

export async function mount(root, context, [key]) {
  const kind = key === undefined ? DEFAULT_KIND : KINDS.get(key);
  if (!kind) {
    root.append(h('section', { class: 'panel narrow' }, h('h1', { text: t('rules.noSuchGame') }),
      h('p', {}, t('rules.noSuchGameText'), ' ', h('a', { href: '/', text: t('common.toLobby') }))));
    return null;
  }
  root.append(await loadRulesPage(kind), h('nav', { class: 'rules-kinds', 'aria-label': t('rules.otherGames') },
    h('ul', {}, [...KINDS.values()].filter((other) => other !== kind)
      .map((other) => h('li', {}, h('a', { href: rulesUrl(other), text: t('rules.rulesOf', { game: other.name }) }))))));
  return null;
}
