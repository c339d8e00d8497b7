// Telling a player something that wants them back at the board ("your move", "game found") when they may be
// looking elsewhere: a short tone, and the tab's title while the tab is in the background. Sound can be switched
// off; the choice is kept in localStorage.

import { h } from './dom.js';
import { t } from './i18n.js';

const SOUND_KEY = 'kartka.sound';

/** The tones of each alert: frequencies in Hz, each played for `NOTE_S`. */
const TONES = { move: [660], found: [523, 784] };
const NOTE_S = 0.12;

let audio = null;
let plainTitle = null;

/** Whether alerts make a sound (on unless switched off). */
export function soundOn() {
  return localStorage.getItem(SOUND_KEY) !== 'off';
}

function play(tones) {
  if (!soundOn()) return;
  try {
    audio ??= new AudioContext();
    const start = audio.currentTime;
    tones.forEach((frequency, index) => {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.15, start + index * NOTE_S);
      gain.gain.exponentialRampToValueAtTime(0.001, start + (index + 1) * NOTE_S);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(start + index * NOTE_S);
      oscillator.stop(start + (index + 1) * NOTE_S);
    });
  } catch {
    // A browser that refuses sound (no audio device, no gesture yet) still gets the title.
  }
}

/** Marks the tab's title with `text` until the player looks at the tab again. */
function markTitle(text) {
  if (!document.hidden) return;
  plainTitle ??= document.title;
  document.title = `● ${text} — ${plainTitle}`;
}

document.addEventListener('visibilitychange', () => {
  if (document.hidden || plainTitle === null) return;
  document.title = plainTitle;
  plainTitle = null;
});

/** It has become the player's move. */
export function alertYourMove() {
  play(TONES.move);
  markTitle(t('alerts.yourMove'));
}

/** A game of the player's has started. */
export function alertGameFound() {
  play(TONES.found);
  markTitle(t('alerts.gameFound'));
}

/** A checkbox that switches the alerts' sound on and off. */
export function soundSwitch() {
  const input = h('input', { type: 'checkbox', id: 'sound-switch', checked: soundOn(),
    on: { change: () => localStorage.setItem(SOUND_KEY, input.checked ? 'on' : 'off') } });
  return h('label', { class: 'switch' }, input, ' ', t('alerts.sound'));
}
