// Renders the server's OpenAPI document (/api/openapi.json) as a page for people: one section per tag, one
// entry per operation with its parameters, body and answers; schemas are shown as the document holds them.

const main = document.getElementById('api');
const status = document.getElementById('status');

/** An element with attributes and children (strings become text). */
function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  for (const child of children.flat()) {
    if (child !== null && child !== undefined) element.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return element;
}

/** The name of a referenced schema, or the schema itself as JSON. */
function schemaText(schema) {
  if (!schema) return '';
  if (schema.$ref) return schema.$ref.split('/').pop();
  return JSON.stringify(schema);
}

function contentOf(content) {
  return Object.entries(content ?? {}).map(([type, media]) => `${type} ${schemaText(media.schema)}`.trim()).join(', ');
}

function operationEntry(method, path, operation) {
  const parameters = (operation.parameters ?? []).map((parameter) =>
    h('li', {}, h('code', {}, parameter.name), ` (${parameter.in}${parameter.required ? ', required' : ''}) `,
      schemaText(parameter.schema), parameter.description ? ` — ${parameter.description}` : ''));
  const answers = Object.entries(operation.responses ?? {}).map(([code, answer]) =>
    h('li', {}, h('code', {}, code), ` ${answer.description ?? ''} `, contentOf(answer.content)));
  const body = operation.requestBody;
  return h('details', { id: `${method}-${path}` },
    h('summary', {},
      h('span', { class: 'method' }, method.toUpperCase()), h('span', { class: 'path' }, path),
      operation.security?.length ? h('span', { class: 'token', title: 'needs Authorization: Bearer <token>' }, 'token') : null,
      ` — ${operation.summary ?? ''}`),
    operation.description ? h('p', {}, operation.description) : null,
    parameters.length ? [h('h4', {}, 'Parameters'), h('ul', {}, parameters)] : null,
    body ? [h('h4', {}, 'Body'), h('p', {}, body.description ?? '', ' ', contentOf(body.content))] : null,
    h('h4', {}, 'Answers'), h('ul', {}, answers));
}

async function render() {
  const response = await fetch('/api/openapi.json');
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const api = await response.json();
  const byTag = new Map((api.tags ?? []).map((tag) => [tag.name, []]));
  for (const [path, item] of Object.entries(api.paths ?? {})) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch']) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'other';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag).push(operationEntry(method, path, operation));
    }
  }
  for (const [tag, entries] of byTag) {
    if (entries.length) main.append(h('section', {}, h('h2', {}, tag), entries));
  }
  const schemas = Object.entries(api.components?.schemas ?? {}).map(([name, schema]) =>
    h('details', { id: `schema-${name}` }, h('summary', {}, name), h('pre', {}, JSON.stringify(schema, null, 2))));
  main.append(h('section', {}, h('h2', {}, 'Schemas'), schemas));
  status.textContent = `${main.querySelectorAll('section > details[id^="get-"], section > details[id^="post-"], section > details[id^="put-"], section > details[id^="delete-"]').length} operations.`;
}

render().catch((error) => {
  status.textContent = `The API description could not be loaded: ${error.message}`;
});
