// The rules of Paper Soccer as kartka plays them (the classic kurnik.pl rules), with drawings of the goal mouth.

import { goalDiagram } from './diagram.js';
import { h } from '../../dom.js';
import { t } from '../../i18n.js';
import './rules-catalog.js';

const [N, NE, E, SE, S, SW, W, NW] = [0, 1, 2, 3, 4, 5, 6, 7];

function figure(caption, diagram) {
  return h('figure', { class: 'rule-figure' }, goalDiagram({ ...diagram, label: caption }), h('figcaption', { text: caption }));
}

/** The rules page's article. */
export function rulesPage() {
  return h('article', { class: 'panel rules-page' },
    h('h1', { text: t('paper-soccer.rules.title') }),
    h('p', { class: 'lead', text: t('paper-soccer.rules.lead') }),

    h('h2', { text: t('paper-soccer.rules.pitch') }),
    h('p', { text: t('paper-soccer.rules.pitch1') }),
    h('p', { text: t('paper-soccer.rules.pitch2') }),

    h('h2', { text: t('paper-soccer.rules.step') }),
    h('ul', {},
      h('li', { text: t('paper-soccer.rules.step1') }),
      h('li', { text: t('paper-soccer.rules.step2') })),

    h('h2', { text: t('paper-soccer.rules.turns') }),
    h('ul', {},
      h('li', {}, h('strong', { text: t('paper-soccer.rules.bounce') }), ' ', t('paper-soccer.rules.bounce1')),
      h('li', { text: t('paper-soccer.rules.mouthFree') }),
      h('li', { text: t('paper-soccer.rules.turn') })),

    h('h2', { text: t('paper-soccer.rules.mouth') }),
    h('p', { text: t('paper-soccer.rules.mouth1') }),
    h('div', { class: 'figures' },
      figure(t('paper-soccer.rules.figurePost'), {
        ball: { x: 3, y: 0 }, steps: [{ digit: NE, allowed: true }, { digit: N, allowed: false }, { digit: NW, allowed: false }, { digit: E, allowed: true }, { digit: W, allowed: false }] }),
      figure(t('paper-soccer.rules.figureMiddle'), {
        ball: { x: 4, y: 0 }, steps: [{ digit: NW, allowed: true }, { digit: N, allowed: true }, { digit: NE, allowed: true }, { digit: W, allowed: true }, { digit: E, allowed: true }] }),
      figure(t('paper-soccer.rules.figureBeside'), {
        ball: { x: 2, y: 0 }, steps: [{ digit: NE, allowed: false }, { digit: E, allowed: false }, { digit: SE, allowed: true }, { digit: S, allowed: true }, { digit: SW, allowed: true }] }),
      figure(t('paper-soccer.rules.figureBounce'), {
        ball: { x: 5, y: 2 }, lines: [{ from: { x: 6, y: 2 }, to: { x: 6, y: 1 } }], steps: [{ digit: NE, allowed: true }] })),

    h('h2', { text: t('paper-soccer.rules.end') }),
    h('ul', {},
      h('li', {}, h('strong', { text: t('paper-soccer.rules.goal') }), ' ', t('paper-soccer.rules.goal1')),
      h('li', {}, h('strong', { text: t('paper-soccer.rules.stuck') }), ' ', t('paper-soccer.rules.stuck1')),
      h('li', { text: t('paper-soccer.rules.besides') })),

    h('h2', { text: t('paper-soccer.rules.notation') }),
    h('p', { text: t('paper-soccer.rules.notation1') }),
    h('p', { text: t('paper-soccer.rules.notation2') }),
    h('p', {}, h('a', { href: '/', text: t('paper-soccer.rules.toLobby') })));
}
