// Buttons that end a game (resign, abort, accept a draw or an agreed end, claim a victory, Dots' STOP and DONE)
// take two presses, so that a slip of the finger never ends one: the first press asks, by the button's own label,
// and only a second press within a few seconds acts.

import { h } from './dom.js';

/** How long a button waits for the confirming second press. */
export const CONFIRM_MS = 4000;

/**
 * The two-press buttons of one page or board. Which button is waiting for its second press is kept here, not in
 * the button, so that a button drawn again meanwhile (an event arrived) still waits.
 */
export class Confirmations {
  constructor() {
    /** The name of the button waiting for its second press, and that button as last drawn. */
    this.armed = null;
    this.shown = null;
    this.timer = null;
  }

  /** Whether the button named `name` is waiting for its second press. */
  isArmed(name) {
    return this.armed === name;
  }

  /**
   * A button named `name` (unique among this set's) reading `label` that calls `action` on its second press;
   * after the first it reads `confirmLabel` for `CONFIRM_MS`.
   */
  button(name, { label, confirmLabel, action, attributes = {} }) {
    const button = h('button', { type: 'button', ...attributes });
    const show = (armed) => {
      button.textContent = armed ? confirmLabel : label;
      button.classList.toggle('confirming', armed);
    };
    show(this.isArmed(name));
    if (this.isArmed(name)) this.shown = { show };
    button.addEventListener('click', (event) => {
      event.preventDefault();
      if (this.isArmed(name)) {
        this.disarm();
        action();
        return;
      }
      this.disarm();
      this.armed = name;
      this.shown = { show };
      show(true);
      this.timer = setTimeout(() => this.disarm(), CONFIRM_MS);
    });
    return button;
  }

  /** Puts the waiting button, if any, back to its first label. */
  disarm() {
    clearTimeout(this.timer);
    this.shown?.show(false);
    this.armed = null;
    this.shown = null;
  }
}
