// The rules of Russian Paper Soccer (kia84's `russian`) as kartka plays them, with the decisions the sources
// leave open (engine/src/kinds/line_soccer/mod.rs lists the same).

import { h } from '../../dom.js';
import { figure } from '../line-soccer/diagram.js';

const SMALL = { kind: 'russian-soccer', width: 12, length: 16 };

/** The rules page's article. */
export function rulesPage() {
  return h('article', { class: 'panel rules-page' },
    h('h1', { text: 'The rules of Russian Paper Soccer' }),
    h('p', { class: 'lead', text: 'The Russian game of kia84: moves of three steps on a large field, and penalties of 6 for whoever ' +
      'leaves the opponent without a move.' }),

    h('h2', { text: 'The field' }),
    h('p', { text: 'Squared paper of 40 × 52 cells (any even size from 10 × 10 to 40 × 52). The ball starts on the centre spot; ' +
      'the first player attacks the top goal. Each goal has 5 scoring points between two posts one cell long; the ball never touches ' +
      'the out-line or the tips of the posts, so a goal is entered only straight on.' }),
    h('p', { text: 'The sources draw lots for the first mover; here the lot is the choice of seats, and the first seat always starts.' }),

    h('h2', { text: 'Moves' }),
    h('ul', {},
      h('li', { text: 'A move is 3 steps, one at a time, to neighbouring points. No step lands on a drawn point or crosses a drawn diagonal.' }),
      h('li', { text: 'Self-clamp: a mover with nowhere to go after the 1st or 2nd step ends the move there, and the opponent kicks a penalty from that point.' })),
    h('div', { class: 'figures' },
      figure(SMALL, ['0', '0', '0', '2'], 'After the first move (north three times) the second player has stepped east once and steps on.')),

    h('h2', { text: 'Penalties' }),
    h('ul', {},
      h('li', { text: 'After you complete a move or a penalty, if your opponent has no full 3-step move, you kick a penalty.' }),
      h('li', { text: 'A penalty is a straight kick of 6 in any of the 8 directions. It may cross and run along lines and end on drawn points, ' +
        'but may not touch the out-line or a post tip before a goal.' }),
      h('li', { text: 'While the opponent stays clamped you kick again. Within one series no penalty may end where the ball already stood in it (no there-and-back).' }),
      h('li', { text: 'A kicker with no legal penalty loses.' }),
      h('li', { text: 'On the board the ball is ringed in the kicker’s colour and each legal penalty is a dashed arrow; kicked lines stay dashed.' })),

    h('h2', { text: 'How a game ends' }),
    h('p', { text: 'A goal wins for its attacker, own goals included; a kicker without a legal penalty loses; there are no draws by the rules. ' +
      'Besides the rules: resignation, time, abandonment, an agreed draw, or an abort before both players moved.' }),

    h('h2', { text: 'Notation' }),
    h('p', { text: 'Steps are kurnik digits 0–7; a penalty is p, its direction and 6 (p46); a turn token runs a player’s actions together, ' +
      'and records carry the headers Variant "russian", Board, Mouth, Kicks and Winner. Saves of kia84 can be imported.' }),
    h('p', {}, h('a', { href: '/', text: 'To the lobby' })));
}
