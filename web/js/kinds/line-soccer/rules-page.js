// The rules of Line Soccer (`line` and `line/opcja1`) as kartka plays them, with the decisions the sources
// leave open (engine/src/kinds/line_soccer/mod.rs lists the same).

import { h } from '../../dom.js';
import { figure } from './diagram.js';

const SMALL = { kind: 'line-soccer', preset: 'opcja1', width: 16, length: 20 };

/** The rules page's article. */
export function rulesPage() {
  return h('article', { class: 'panel rules-page' },
    h('h1', { text: 'The rules of Line Soccer' }),
    h('p', { class: 'lead', text: 'Paper Soccer on a large field where the ball draws lines of three segments that never ' +
      'touch anything drawn before. A player left without a line is closed, and the player who closed them kicks.' }),

    h('h2', { text: 'The field' }),
    h('p', { text: 'Squared paper of 20 × 30 cells (any even size from 20 × 30 to 30 × 40). The ball starts on the centre spot. ' +
      'Each goal is a mouth of 5 points in the middle of an end line; the first player attacks the top goal. ' +
      'The ball never touches the out-line (the border beside the mouths), not even in passing.' }),
    h('p', { text: 'The sources draw lots for the first mover; here the lot is the choice of seats, and the first seat always starts.' }),

    h('h2', { text: 'Lines' }),
    h('ul', {},
      h('li', { text: 'A turn is a line of exactly 3 steps to neighbouring points (straight or diagonal), or 1–2 steps that end in a goal.' }),
      h('li', { text: 'No step may land on a drawn point (the centre spot included) or cross a drawn diagonal, so lines never touch.' }),
      h('li', { text: 'Moving is compulsory. kartka offers only steps after which the line can be finished: a line never gets stuck part-way.' })),
    h('div', { class: 'figures' },
      figure(SMALL, ['0', '0', '1'], 'The first player drew 0 0 1 (north, north, north-east); the second player may step to the highlighted points.')),

    h('h2', { text: 'Kicks' }),
    h('ul', {},
      h('li', { text: 'When you end a line or a kick and your opponent has no full line from the ball, they are closed: you kick, in the same turn.' }),
      h('li', { text: 'A kick is a straight line of 7 segments in any of the 8 directions. It may cross and run along drawn lines, but must end on a fresh point, ' +
        'and may not touch the out-line. A kick that reaches a mouth scores there (own goals too).' }),
      h('li', { text: 'If the opponent is still closed after your kick, you kick again; otherwise they draw a line.' }),
      h('li', { text: 'If the player due to kick has no legal kick, the duty passes to the other player at 14, then back at 21. ' +
        'After an escalated kick that closes the opponent, the next kick is again 7 long. With no legal 21-kick the game is drawn.' }),
      h('li', { text: 'Within one series of kicks (everything kicked between two lines, whoever kicks), no kick may end where the ball already stood in it.' }),
      h('li', { text: 'On the board, the ball is ringed in the kicker’s colour while a kick is due, and each legal kick is a dashed arrow to where it would end; kicked lines stay dashed.' })),

    h('h2', { text: 'Opcja I' }),
    h('p', { text: 'The parameter set Opcja I plays on 16 × 20 (up to 30 × 40), with kicks of 6, escalating to 12 and 18. ' +
      'Its kicks may end on drawn points; a kick that does earns the kicker another kick of 6.' }),

    h('h2', { text: 'How a game ends' }),
    h('ul', {},
      h('li', { text: 'A goal, by a step or a kick, by either player, wins for the attacker of that goal.' }),
      h('li', { text: 'A draw when nobody has a legal kick at the longest length.' }),
      h('li', { text: 'Besides the rules: resignation, time, abandonment, an agreed draw, or an abort before both players moved.' })),

    h('h2', { text: 'Notation' }),
    h('p', { text: 'A step is a kurnik digit 0–7 (0 north, clockwise). A kick is p, its direction and the segments it draws: p37 is 7 south-east. ' +
      'A turn token is everything one player draws before the other acts, steps then kicks (012p37); “-” is a turn in which a player drew nothing, ' +
      'because a kick duty passed through them. Records carry the Variant (line or line/opcja1), Board, Mouth, Kicks and Winner headers.' }),
    h('p', {}, h('a', { href: '/', text: 'To the lobby' })));
}
