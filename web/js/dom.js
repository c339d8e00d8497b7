// Building DOM without innerHTML, so names and other text from the server can never become markup.

const SVG_NS = 'http://www.w3.org/2000/svg';

function build(element, props, children) {
  for (const [key, value] of Object.entries(props ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'class') element.setAttribute('class', value);
    else if (key === 'text') element.textContent = value;
    else if (key === 'on') for (const [event, handler] of Object.entries(value)) element.addEventListener(event, handler);
    else if (key in element && !(element instanceof SVGElement)) element[key] = value;
    else element.setAttribute(key, value === true ? '' : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

/** An HTML element: `h('button', {class: 'primary', on: {click}}, 'Play')`. */
export function h(tag, props, ...children) {
  return build(document.createElement(tag), props, children);
}

/** An SVG element, attributes set as given. */
export function s(tag, attributes, ...children) {
  return build(document.createElementNS(SVG_NS, tag), attributes, children);
}

/** Replaces the children of `element`. */
export function replaceChildren(element, ...children) {
  element.replaceChildren();
  return build(element, null, children);
}
