// The admin pages' texts (i18n/<language>.js), added to the site's catalogs: the admin pages speak the reader's
// language through the same `t` and the same remembered choice as the rest of the site.

import { addCatalog } from '../../js/i18n.js';
import en from './i18n/en.js';
import pl from './i18n/pl.js';
import ru from './i18n/ru.js';

addCatalog({ en, pl, ru });
