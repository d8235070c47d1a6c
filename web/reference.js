// The API reference, rendered from the OpenAPI document: per tag, each endpoint with every path
// (formats and aliases), its parameters (type, range, enum, default), its responses (status, media
// types, schema links, headers). Text only goes in with textContent: nothing from the document is
// read as HTML.
import { h } from './dom.js';

/** The value a local `$ref` (`#/components/…`) points at. */
export function resolve(document, ref) {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce((node, token) => node?.[token.replace(/~1/g, '/').replace(/~0/g, '~')], document);
}

function deref(document, node) {
  let current = node;
  for (let i = 0; i < 10 && current && typeof current.$ref === 'string'; i++) current = resolve(document, current.$ref);
  return current ?? {};
}

/** A schema described in a few words: `integer ≥ 1`, `one of E, P, T`, `comma list of …`. */
export function describeType(document, schema) {
  if (!schema) return 'any';
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.startsWith('#/components/schemas/') ? schema.$ref.slice('#/components/schemas/'.length) : undefined;
    const target = resolve(document, schema.$ref);
    return name && !name.includes('/') ? name : describeType(document, target);
  }
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map((value) => (value === null ? 'null' : String(value))).join(', ')}`;
  for (const keyword of ['anyOf', 'oneOf'])
    if (Array.isArray(schema[keyword])) return schema[keyword].map((option) => describeType(document, option)).join(' or ');
  const types = [].concat(schema.type ?? []);
  if (types.includes('array')) return `${schema['x-comma-list'] ? 'comma list' : 'array'} of ${describeType(document, schema.items)}`;
  const base = types.filter((type) => type !== 'null').join(' or ') || 'any';
  return types.includes('null') ? `${base} or null` : base;
}

/** Range, length and pattern rules of a schema (and of its items). */
export function describeRules(schema) {
  if (!schema) return '';
  const rules = [];
  const target = schema.items && [].concat(schema.type ?? []).includes('array') ? schema.items : schema;
  const options = [target, ...(target.anyOf ?? [])];
  for (const option of options) {
    if (option.minimum !== undefined && option.maximum !== undefined) rules.push(`${option.minimum} to ${option.maximum}`);
    else if (option.minimum !== undefined) rules.push(`≥ ${option.minimum}`);
    else if (option.maximum !== undefined) rules.push(`≤ ${option.maximum}`);
    if (option.exclusiveMinimum !== undefined) rules.push(`> ${option.exclusiveMinimum}`);
    if (option.exclusiveMaximum !== undefined) rules.push(`< ${option.exclusiveMaximum}`);
    if (option.maxLength !== undefined) rules.push(`at most ${option.maxLength} characters`);
    if (option.pattern !== undefined) rules.push(`matches ${option.pattern}`);
  }
  return rules.join('; ');
}

function schemaLink(document, schema) {
  if (!schema) return undefined;
  const refs = [schema, ...(schema.anyOf ?? [])]
    .map((option) => option.$ref ?? option['x-json-equivalent'])
    .filter((ref) => typeof ref === 'string' && ref.startsWith('#/components/schemas/'));
  if (refs.length === 0) return h('span', {}, describeType(document, schema));
  return h(
    'span',
    {},
    refs.flatMap((ref, i) => {
      const name = ref.slice('#/components/schemas/'.length);
      const url = resolve(document, ref)?.['x-schema-url'];
      const link = url ? h('a', { href: url, class: 'schema' }, name) : h('code', {}, name);
      return i === 0 ? [link] : [' or ', link];
    }),
  );
}

function parameterTable(document, parameters) {
  if (parameters.length === 0) return h('p', { class: 'muted' }, 'No parameters but the API key.');
  return h(
    'table',
    { class: 'parameters' },
    h(
      'thead',
      {},
      h('tr', {}, h('th', {}, 'Parameter'), h('th', {}, 'In'), h('th', {}, 'Type'), h('th', {}, 'Rules'), h('th', {}, 'Default'), h('th', {}, 'Description')),
    ),
    h(
      'tbody',
      {},
      parameters.map((reference) => {
        const parameter = deref(document, reference);
        const schema = parameter.schema ?? {};
        return h(
          'tr',
          { 'data-parameter': parameter.name },
          h('td', {}, h('code', {}, parameter.name), parameter.required ? h('span', { class: 'required', title: 'required' }, ' required') : undefined),
          h('td', {}, parameter.in),
          h('td', {}, describeType(document, schema)),
          h('td', {}, describeRules(schema)),
          h('td', {}, schema.default === undefined ? '' : h('code', {}, Array.isArray(schema.default) ? schema.default.join(',') : String(schema.default))),
          h('td', {}, parameter.description ?? ''),
        );
      }),
    ),
  );
}

function responseList(document, responses) {
  return h(
    'dl',
    { class: 'responses' },
    Object.entries(responses).flatMap(([status, reference]) => {
      const response = deref(document, reference);
      const content = Object.entries(response.content ?? {});
      const headers = Object.keys(response.headers ?? {});
      return [
        h('dt', { 'data-status': status }, h('code', { class: `http-status s${status[0]}xx` }, status)),
        h(
          'dd',
          {},
          h('p', {}, response.description ?? ''),
          content.length
            ? h(
                'ul',
                { class: 'media' },
                content.map(([mediaType, media]) => h('li', {}, h('code', {}, mediaType), ': ', schemaLink(document, media.schema))),
              )
            : undefined,
          headers.length ? h('p', { class: 'muted' }, 'Headers: ', headers.join(', ')) : undefined,
        ),
      ];
    }),
  );
}

/** The reference: one article per endpoint (all its paths), grouped by tag. */
export function renderReference(document) {
  const groups = new Map();
  for (const [path, item] of Object.entries(document.paths)) {
    const operation = item.get;
    if (!operation) continue;
    const tag = operation.tags?.[0] ?? 'Other';
    const key = operation['x-canonical-path'] ?? path;
    if (!groups.has(tag)) groups.set(tag, new Map());
    const endpoints = groups.get(tag);
    if (!endpoints.has(key)) endpoints.set(key, []);
    endpoints.get(key).push({ path, operation });
  }
  const root = h('div', { class: 'reference' });
  const toc = h('ul', { class: 'toc' });
  root.append(h('nav', { 'aria-label': 'Endpoints' }, toc));
  for (const [tag, endpoints] of groups) {
    const tagId = `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
    toc.append(h('li', {}, h('a', { href: `#${tagId}` }, tag)));
    const section = h('section', { class: 'tag', id: tagId }, h('h3', {}, tag));
    for (const [canonical, entries] of endpoints) {
      // The extension-less path of the canonical form documents the parameters and every format.
      const main = entries.find((entry) => entry.path === canonical) ?? entries[0];
      const operation = main.operation;
      const formats = operation['x-formats'];
      const article = h(
        'article',
        { class: 'endpoint', 'data-endpoint': canonical },
        h('h4', {}, h('span', { class: 'method' }, 'GET'), ' ', h('code', {}, formats ? `${canonical}.{${formats.join(',')}}` : canonical)),
        h('p', {}, operation.summary ?? ''),
        formats
          ? h(
              'p',
              { class: 'muted' },
              `Formats: ${formats.join(', ')} (default ${operation['x-default-format']}).`,
              operation.security?.length === 0 ? ' No key needed.' : '',
            )
          : undefined,
        operation.security?.length === 0 && !formats ? h('p', { class: 'muted' }, 'No key needed.') : undefined,
        operation['x-example-query'] !== undefined
          ? h(
              'p',
              {},
              'Example: ',
              h(
                'code',
                { class: 'example' },
                `${canonical}.${operation['x-formats']?.includes('json') ? 'json' : operation['x-default-format']}?${operation['x-example-query']}`,
              ),
            )
          : undefined,
        h(
          'details',
          { class: 'paths' },
          h('summary', {}, `${entries.length} path${entries.length === 1 ? '' : 's'}`),
          h(
            'ul',
            {},
            entries.map(({ path, operation: op }) =>
              h(
                'li',
                {},
                h('code', { class: 'path', 'data-path': path }, path),
                op['x-alias-of'] ? h('span', { class: 'muted' }, ` (alias of ${op['x-alias-of']})`) : undefined,
              ),
            ),
          ),
        ),
        h('h5', {}, 'Parameters'),
        parameterTable(document, operation.parameters ?? []),
        h('h5', {}, 'Responses'),
        responseList(document, operation.responses ?? {}),
      );
      section.append(article);
    }
    root.append(section);
  }
  const schemas = Object.entries(document.components?.schemas ?? {});
  root.append(
    h(
      'section',
      { class: 'tag', id: 'schemas' },
      h('h3', {}, 'JSON Schemas'),
      h('p', {}, 'Every schema of the contract, served at its own URL (listed at ', h('a', { href: '/api/schemas' }, '/api/schemas'), ').'),
      h(
        'ul',
        { class: 'schemas' },
        schemas.map(([name, schema]) =>
          h('li', {}, h('a', { href: schema['x-schema-url'], class: 'schema' }, name), schema.description ? ` — ${schema.description}` : ''),
        ),
      ),
    ),
  );
  toc.append(h('li', {}, h('a', { href: '#schemas' }, 'JSON Schemas')));
  return root;
}
