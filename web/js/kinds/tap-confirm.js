// Two taps to play on a touch screen, for boards whose targets sit close together (Five in a row's squares, Dots
// and Boxes' edges): a finger's first tap marks a target, a second tap on it plays it, a tap elsewhere marks
// that one instead. A mouse click or a key plays at once.

/** Whether this screen is played with a finger. */
const touch = () => Boolean(globalThis.matchMedia?.('(pointer: coarse)').matches);

export class TapConfirm {
  constructor() {
    this.enabled = touch();
    /** The action marked by a first tap, or null. */
    this.pending = null;
  }

  /** Whether a tap on `action` plays it now (and if not, it is marked). A keyboard's press always plays. */
  tap(action, event) {
    const byKey = event?.type === 'keydown';
    if (!this.enabled || byKey || this.pending === action) {
      this.pending = null;
      return true;
    }
    this.pending = action;
    return false;
  }

  /** Forgets the mark (the targets changed). */
  clear() {
    this.pending = null;
  }
}
