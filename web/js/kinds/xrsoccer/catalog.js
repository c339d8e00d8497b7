// xrsoccer's texts in the site's languages (i18n.js).

import { addCatalog } from '../../i18n.js';

addCatalog({
  en: {
    'xrsoccer.variant': '{width}×{length}, to {target}',
    'xrsoccer.chooseFirst': 'First (score in the top goal)',
    'xrsoccer.howToMove': 'Draw a line of three steps: click or tap a highlighted point for each. A stuck ball is carried on (the dashed arrow). Keyboard: the numeric keypad.',
    'xrsoccer.over': 'The match is decided — waiting for the server…',
    'xrsoccer.again': 'Your line goes on: three steps in all.',
    'xrsoccer.othersAgain': '{name} is drawing a line of three steps.',
  },
  pl: {
    'xrsoccer.variant': '{width}×{length}, do {target}',
    'xrsoccer.chooseFirst': 'Pierwszy (strzela do górnej bramki)',
    'xrsoccer.howToMove': 'Narysuj linię z trzech kroków: kliknij lub dotknij podświetlony punkt dla każdego. Zablokowana piłka jest przenoszona dalej (przerywana strzałka). Klawiatura: klawiatura numeryczna.',
    'xrsoccer.over': 'Mecz rozstrzygnięty — czekamy na serwer…',
    'xrsoccer.again': 'Twoja linia trwa: razem trzy kroki.',
    'xrsoccer.othersAgain': '{name} rysuje linię z trzech kroków.',
  },
  ru: {
    'xrsoccer.variant': '{width}×{length}, до {target}',
    'xrsoccer.chooseFirst': 'Первый (забивает в верхние ворота)',
    'xrsoccer.howToMove': 'Нарисуйте линию из трёх шагов: нажмите на подсвеченную точку для каждого. Застрявший мяч переносится дальше (пунктирная стрелка). Клавиатура: цифровой блок.',
    'xrsoccer.over': 'Матч решён — ждём сервер…',
    'xrsoccer.again': 'Ваша линия продолжается: всего три шага.',
    'xrsoccer.othersAgain': '{name} рисует линию из трёх шагов.',
  },
});
