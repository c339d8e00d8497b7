// Small helpers shared by the forms: a labelled field, and a submit that shows the server's refusal.

import { h } from './dom.js';
import { errorText } from './i18n.js';

let nextId = 0;

/** A label with its input; `attributes` go on the input. */
export function field(label, attributes) {
  const id = `field-${(nextId += 1)}`;
  const input = h('input', { id, ...attributes });
  return { element: h('div', { class: 'field' }, h('label', { for: id, text: label }), input), input };
}

/** A labelled select of `options` (`[{value, label, selected?, disabled?}]`). */
export function choice(label, options, attributes = {}) {
  const id = `field-${(nextId += 1)}`;
  const select = h('select', { id, ...attributes },
    options.map((option) => h('option', { value: option.value, selected: option.selected, disabled: option.disabled, text: option.label })));
  return { element: h('div', { class: 'field' }, h('label', { for: id, text: label }), select), input: select };
}

/**
 * A form whose submit runs `action()`: the submit button is disabled meanwhile and a refusal is shown in the
 * form's error line.
 */
export function form(attributes, children, action) {
  const error = h('p', { class: 'error', role: 'alert', hidden: true });
  const element = h('form', attributes, children, error);
  element.addEventListener('submit', async (event) => {
    event.preventDefault();
    const buttons = element.querySelectorAll('button');
    buttons.forEach((button) => (button.disabled = true));
    error.hidden = true;
    try {
      await action();
    } catch (failure) {
      error.textContent = errorText(failure);
      error.hidden = false;
    } finally {
      buttons.forEach((button) => (button.disabled = false));
    }
  });
  return element;
}
