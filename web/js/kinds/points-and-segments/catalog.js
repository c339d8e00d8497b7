// Points and segments' texts in the site's languages (i18n.js).

import { addCatalog } from '../../i18n.js';

addCatalog({
  en: {
    'points-and-segments.board': 'Points and segments board',
    'points-and-segments.point': 'Point {number}',
    'points-and-segments.name': 'Points and segments',
    'points-and-segments.convexVariant': '{points} on a circle',
    'points-and-segments.moveFirst': 'moving first',
    'points-and-segments.moveSecond': 'moving second',
    'points-and-segments.chooseA': 'A (move first)',
    'points-and-segments.chooseB': 'B (move second)',
    'points-and-segments.howToMove': 'Tap a free point, then a point to join it to.',
    'points-and-segments.over': 'No move left — waiting for the server…',
  },
  pl: {
    'points-and-segments.board': 'Plansza do punktów i odcinków',
    'points-and-segments.point': 'Punkt {number}',
    'points-and-segments.name': 'Punkty i odcinki',
    'points-and-segments.convexVariant': '{points} na okręgu',
    'points-and-segments.moveFirst': 'rusza pierwszy',
    'points-and-segments.moveSecond': 'rusza drugi',
    'points-and-segments.chooseA': 'A (rusza pierwszy)',
    'points-and-segments.chooseB': 'B (rusza drugi)',
    'points-and-segments.howToMove': 'Dotknij wolnego punktu, a potem punktu, z którym chcesz go połączyć.',
    'points-and-segments.over': 'Brak ruchu — czekamy na serwer…',
  },
  ru: {
    'points-and-segments.board': 'Поле для «Точек и отрезков»',
    'points-and-segments.point': 'Точка {number}',
    'points-and-segments.name': 'Точки и отрезки',
    'points-and-segments.convexVariant': '{points} на окружности',
    'points-and-segments.moveFirst': 'ходит первым',
    'points-and-segments.moveSecond': 'ходит вторым',
    'points-and-segments.chooseA': 'A (ходит первым)',
    'points-and-segments.chooseB': 'B (ходит вторым)',
    'points-and-segments.howToMove': 'Нажмите на свободную точку, затем на точку, с которой её соединить.',
    'points-and-segments.over': 'Ходов нет — ждём сервер…',
  },
});
