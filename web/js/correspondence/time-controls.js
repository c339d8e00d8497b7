// The correspondence time controls the lobby forms offer beside the live ones: days for each turn.

import { describeTimeControl } from '../format.js';
import { t } from '../i18n.js';

/** Days a turn the forms offer (the server also takes 10). */
export const CORRESPONDENCE_DAYS = [1, 2, 3, 5, 7, 14];

/** One time control per offered number of days; vacations pause the clock (the server's default). */
export const CORRESPONDENCE_TIME_CONTROLS = CORRESPONDENCE_DAYS.map((days) =>
  ({ type: 'correspondence', days_per_move: days, vacation_allowed: true }));

/** Whether a time control is a correspondence one (days a turn, played over REST as well as live). */
export function isCorrespondence(timeControl) {
  return timeControl?.type === 'correspondence';
}

/** A form's time control choices: the live ones, then the correspondence ones. */
export function withCorrespondence(live) {
  return [...live, ...CORRESPONDENCE_TIME_CONTROLS];
}

/** How a correspondence time control reads among a form's choices: "3 days a turn · Correspondence". */
export function correspondenceLabel(timeControl) {
  return `${describeTimeControl(timeControl)} · ${t('corr.name')}`;
}
