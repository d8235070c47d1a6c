// The station search's filters, made from the OpenAPI document: a control for every parameter of the
// search operations that the form does not already have, so that a filter added to the parameter
// schemas appears on the page by itself. A control left empty sends nothing (the API's default).
import { h } from './dom.js';

/**
 * Parameters that are no filters: how the answer is written (the page needs whole records) and paged,
 * the key, and the point the form's location stands for.
 */
const NOT_FILTERS = new Set(['format', 'response_format', 'api_key', 'callback', 'offset', 'latitude', 'longitude']);

function choices(name, values) {
  return h(
    'div',
    { class: 'choices' },
    values.map((value) => h('label', {}, h('input', { type: 'checkbox', name, value }), ` ${value}`)),
  );
}

function menu(name, values, byDefault) {
  const options = values.map((value) =>
    value === byDefault ? h('option', { value: '' }, `${value} (default)`) : h('option', { value: String(value) }, String(value)),
  );
  if (byDefault === undefined) options.unshift(h('option', { value: '' }, '(any)'));
  return h('select', { name, 'aria-label': name }, options);
}

/** The control for a parameter: checkboxes for a list of codes, a menu for one code, a number field for a number, else a text input. */
function control(parameter) {
  const { name } = parameter;
  const schema = parameter.schema ?? {};
  const listed = Array.isArray(schema.items?.enum);
  if (listed)
    return choices(
      name,
      schema.items.enum.filter((value) => value !== 'all'),
    );
  if (Array.isArray(schema.enum)) return menu(name, schema.enum, schema.default);
  if (schema.type === 'number') return h('input', { name, 'aria-label': name, type: 'number', step: 'any', min: schema.minimum, max: schema.maximum });
  return h('input', { name, 'aria-label': name, spellcheck: 'false', placeholder: schema.type === 'array' ? 'comma list' : '' });
}

/**
 * One fieldset per filter, in the order the document lists them, for `operations`: a Map of a search
 * mode to its operation's parameters (`parametersOf`). Each fieldset names the modes whose operation
 * takes it in `data-modes`.
 */
export function filterFieldsets(form, operations) {
  const filters = new Map();
  for (const [mode, parameters] of operations)
    for (const [name, parameter] of parameters) {
      if (NOT_FILTERS.has(name) || form.elements.namedItem(name)) continue;
      if (!filters.has(name)) filters.set(name, { parameter, modes: [] });
      filters.get(name).modes.push(mode);
    }
  return [...filters.values()].map(({ parameter, modes }) =>
    h(
      'fieldset',
      { class: 'filter', 'data-parameter': parameter.name, 'data-modes': modes.join(' ') },
      h('legend', {}, h('code', {}, parameter.name)),
      parameter.description ? h('small', {}, parameter.description) : undefined,
      control(parameter),
    ),
  );
}
