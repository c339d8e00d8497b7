// Closing In's texts in the site's languages (i18n.js).

import { addCatalog } from '../../i18n.js';

addCatalog({
  en: {
    'closing-in.board': 'Closing In board',
    'closing-in.moveTo': 'Move to {square}',
    'closing-in.removed': '{square}: removed as number {count}',
    'closing-in.name': 'Closing In',
    'closing-in.moveFirst': 'moving first',
    'closing-in.moveSecond': 'moving second',
    'closing-in.chooseA': 'A (place and move first)',
    'closing-in.chooseB': 'B (place and move second)',
    'closing-in.howToMove': 'Click or tap a highlighted square to move your marker there.',
    'closing-in.over': 'No move left — waiting for the server…',
  },
  pl: {
    'closing-in.board': 'Plansza do domykania',
    'closing-in.moveTo': 'Idź na {square}',
    'closing-in.removed': '{square}: usunięte jako {count}.',
    'closing-in.name': 'Domykanie',
    'closing-in.moveFirst': 'rusza pierwszy',
    'closing-in.moveSecond': 'rusza drugi',
    'closing-in.chooseA': 'A (stawia i rusza pierwszy)',
    'closing-in.chooseB': 'B (stawia i rusza drugi)',
    'closing-in.howToMove': 'Kliknij lub dotknij podświetlone pole, aby przestawić tam swój pionek.',
    'closing-in.over': 'Brak ruchu — czekamy na serwer…',
  },
  ru: {
    'closing-in.board': 'Доска для «Окружения»',
    'closing-in.moveTo': 'Ход на {square}',
    'closing-in.removed': '{square}: убрана {count}-й',
    'closing-in.name': 'Окружение',
    'closing-in.moveFirst': 'ходит первым',
    'closing-in.moveSecond': 'ходит вторым',
    'closing-in.chooseA': 'A (ставит фишку и ходит первым)',
    'closing-in.chooseB': 'B (ставит фишку и ходит вторым)',
    'closing-in.howToMove': 'Нажмите на подсвеченную клетку, чтобы переставить туда свою фишку.',
    'closing-in.over': 'Ходов нет — ждём сервер…',
  },
});
