// Paper Soccer as a match of points: its texts in the site's languages (i18n.js); the pitch's are Paper Soccer's.

import { addCatalog } from '../../i18n.js';

addCatalog({
  en: {
    'paper-soccer-centre.name': 'Paper Soccer (points)',
    'paper-soccer-centre.scoreTop': 'scoring in the top goal',
    'paper-soccer-centre.scoreBottom': 'scoring in the bottom goal',
    'paper-soccer-centre.chooseFirst': 'First (kick off, score in the top goal)',
    'paper-soccer-centre.chooseSecond': 'Second (the opponent kicks off)',
    'paper-soccer-centre.howToMove': 'Click or tap a highlighted point to move there; after a point the ball restarts on the centre. Keyboard: the numeric keypad, 8 = up … 7 = up-left.',
    'paper-soccer-centre.over': 'The centre is full — waiting for the server…',
  },
  pl: {
    'paper-soccer-centre.name': 'Piłkarzyki (na punkty)',
    'paper-soccer-centre.scoreTop': 'strzela do górnej bramki',
    'paper-soccer-centre.scoreBottom': 'strzela do dolnej bramki',
    'paper-soccer-centre.chooseFirst': 'Pierwszy (rozpoczyna, strzela do górnej bramki)',
    'paper-soccer-centre.chooseSecond': 'Drugi (przeciwnik rozpoczyna)',
    'paper-soccer-centre.howToMove': 'Kliknij lub dotknij podświetlony punkt, aby tam przejść; po zdobytym punkcie piłka wraca na środek. Klawiatura: klawiatura numeryczna, 8 = w górę … 7 = w górę w lewo.',
    'paper-soccer-centre.over': 'Środek jest pełny — czekamy na serwer…',
  },
  ru: {
    'paper-soccer-centre.name': 'Футбол на бумаге (на очки)',
    'paper-soccer-centre.scoreTop': 'забивает в верхние ворота',
    'paper-soccer-centre.scoreBottom': 'забивает в нижние ворота',
    'paper-soccer-centre.chooseFirst': 'Первый (начинает, забивает в верхние ворота)',
    'paper-soccer-centre.chooseSecond': 'Второй (соперник начинает)',
    'paper-soccer-centre.howToMove': 'Нажмите на подсвеченную точку, чтобы пойти туда; после гола мяч возвращается в центр. Клавиатура: цифровой блок, 8 = вверх … 7 = вверх-влево.',
    'paper-soccer-centre.over': 'Центр заперт — ждём сервер…',
  },
});
