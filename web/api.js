// This server's API as the page calls it: with the key the user entered (in the X-Api-Key header),
// answers parsed as JSON, errors worded as the API words them; and an operation's parameters read
// from the OpenAPI document, with the ranges they give a form's inputs.
import { $ } from './dom.js';
import { resolve } from './reference.js';

function apiKey() {
  return $('#api-key').value.trim() || 'DEMO_KEY';
}

async function answerOf(response, url) {
  const text = await response.text();
  let body = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { ok: response.ok, status: response.status, body, url };
}

/**
 * GET a path of this API; `url` is what was asked for, to show. A `|` (PVWatts v8's list separator)
 * is sent as itself, as the API's documentation writes it, rather than as %7C: the same to the
 * server, easier to read.
 */
export async function get(path, params) {
  const query = new URLSearchParams(params).toString().replace(/%7C/g, '|');
  const url = query ? `${path}?${query}` : path;
  return answerOf(await fetch(url, { headers: { 'X-Api-Key': apiKey(), Accept: 'application/json' } }), url);
}

/** A link of this API (same origin) that carries the key itself, for the browser to follow: a download. */
export function keyedLink(link, params) {
  const url = new URL(link, location.href);
  url.searchParams.set('api_key', apiKey());
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return `${url.pathname}${url.search}`;
}

/** POST a form-encoded body to a path of this API. */
export async function post(path, params) {
  const headers = { 'X-Api-Key': apiKey(), Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' };
  return answerOf(await fetch(path, { method: 'POST', headers, body: new URLSearchParams(params).toString() }), path);
}

/** The words of an error answer: the endpoint's `errors`, or the gateway's `error.message`. */
export function errorText(answer) {
  const body = answer.body;
  if (body && Array.isArray(body.errors) && body.errors.length) return body.errors.join(' ');
  if (body?.error?.message) return `${body.error.code}: ${body.error.message}`;
  return `The server answered ${answer.status}.`;
}

/** The parameters of an operation of the document (undefined without it), by name, with their `$ref`s followed. */
export function parametersOf(openapi, path) {
  const operation = openapi.paths[path]?.get;
  if (!operation) return undefined;
  const byName = new Map();
  for (const reference of operation.parameters ?? []) {
    const parameter = reference.$ref ? resolve(openapi, reference.$ref) : reference;
    if (parameter) byName.set(parameter.name, parameter);
  }
  return byName;
}

/** Ranges of the form's number inputs from the parameters, where they state them (and defaults for empty inputs). */
export function applyContract(form, parameters) {
  for (const [name, parameter] of parameters) {
    const input = form.elements.namedItem(name);
    if (!(input instanceof HTMLInputElement) || input.type !== 'number') continue;
    const schema = parameter.schema ?? {};
    if (typeof schema.minimum === 'number') input.min = String(schema.minimum);
    if (typeof schema.maximum === 'number') input.max = String(schema.maximum);
    if (typeof schema.default === 'number' && input.value === '') input.value = String(schema.default);
  }
}

/** What separates a list parameter's items in the query (its `style`: `|` for pipeDelimited), or undefined when it takes one value. */
export function listSeparator(parameter) {
  if (parameter?.schema?.type !== 'array') return undefined;
  if (parameter.style === 'pipeDelimited') return '|';
  if (parameter.style === 'spaceDelimited') return ' ';
  return ',';
}
