// Failures of hostile requests, grouped by cause (endpoint, status, first problem), each group shown
// by one request made as small as it can be while it still fails the same way, as a curl command a
// developer can paste (DEMO_KEY in place of the test's key; the port of `npm start`).
import type { Problem } from './checks.ts';
import type { HostileRequest } from './generate.ts';
import { queryString } from './url.ts';

export interface Failure {
  request: HostileRequest;
  /** 0 when no answer came. */
  status: number;
  problems: Problem[];
  /** The first bytes of the body, escaped. */
  bodyStart: string;
  /** For a 5xx answered with no other request in flight: the exception the server logged. */
  serverError?: string;
}

export interface FailureGroup {
  endpoint: string;
  status: number;
  cause: string;
  failures: Failure[];
  /** The group's smallest request, after `minimize`. */
  example: Failure;
}

/** Failures of one cause: the endpoint, the status, the first problem, and for a 5xx the exception (its numbers aside). */
export const groupKey = (failure: Failure) =>
  [failure.request.endpoint, failure.status, failure.problems[0].cause, failure.serverError?.replace(/\d+/g, 'N')]
    .filter((part) => part !== undefined)
    .join(' | ');

export function pathAndQuery(request: HostileRequest, key: string): string {
  const query = queryString(request.query, key);
  return query ? `${request.path}?${query}` : request.path;
}

export function curlCommand(request: HostileRequest, baseUrl = 'http://127.0.0.1:8080'): string {
  const header = request.keyIn === 'header' ? `-H 'X-Api-Key: DEMO_KEY' ` : '';
  return `curl -g -i ${header}'${baseUrl}${pathAndQuery(request, 'DEMO_KEY')}'`;
}

export function groupFailures(failures: Failure[]): Map<string, Failure[]> {
  const groups = new Map<string, Failure[]>();
  for (const failure of failures) groups.set(groupKey(failure), [...(groups.get(groupKey(failure)) ?? []), failure]);
  return groups;
}

const size = (request: HostileRequest) => pathAndQuery(request, '').length;

export function smallest(failures: Failure[]): Failure {
  return failures.reduce((best, failure) => (size(failure.request) < size(best.request) ? failure : best));
}

/** An encoded value cut to about `length` characters, never inside a %XX escape. */
function shortened(value: string, length: number): string {
  const cut = value.slice(0, length);
  return cut.replace(/%[0-9A-Fa-f]?$/, '');
}

/**
 * The request without every query parameter it can do without, and with long values cut short where
 * the length is not what fails, as long as `stillFails` says it fails the same way (at most `budget` tries).
 */
export async function minimize(request: HostileRequest, stillFails: (candidate: HostileRequest) => Promise<boolean>, budget = 40): Promise<HostileRequest> {
  let current = request;
  let tries = 0;
  for (let index = current.query.length - 1; index >= 0 && tries < budget; index--) {
    if (current.query[index].isTheKey) continue;
    const candidate = { ...current, query: current.query.filter((_, i) => i !== index) };
    tries++;
    if (await stillFails(candidate)) current = candidate;
  }
  for (let index = 0; index < current.query.length && tries < budget; index++) {
    const value = current.query[index].value;
    if (value === undefined || value.length <= 24) continue;
    const query = current.query.map((part, i) => (i === index ? { ...part, value: shortened(value, 16) } : part));
    tries++;
    if (await stillFails({ ...current, query })) current = { ...current, query };
  }
  return current;
}

function describeGroup(group: FailureGroup, number: number, maxUrl: number): string {
  const { example } = group;
  const shown = (curl: string) =>
    curl.length > maxUrl ? `${curl.slice(0, maxUrl)}… (${curl.length} characters: the whole command is in the report file)` : curl;
  const curl = curlCommand(example.request);
  const generated = curlCommand(smallest(group.failures).request);
  const lines = [
    `${number}. ${group.endpoint} · ${group.status || 'no answer'} · ${group.cause} (${group.failures.length} request${group.failures.length === 1 ? '' : 's'})`,
    `   ${shown(curl)}`,
    ...(generated !== curl ? [`   as generated: ${shown(generated)}`] : []),
  ];
  for (const problem of example.problems) lines.push(`   - ${problem.cause}${problem.detail ? `: ${problem.detail}` : ''}`);
  lines.push(`   body: ${example.bodyStart}`);
  if (example.serverError) lines.push(`   server logged: ${example.serverError}`);
  return lines.join('\n');
}

export function formatReport(groups: FailureGroup[], context: { requests: number; seed?: number; maxUrl?: number }): string {
  const seed = context.seed === undefined ? '' : ` (seed ${context.seed}: HOSTILE_SEED=${context.seed} repeats them)`;
  const heading = `${groups.length} distinct failure${groups.length === 1 ? '' : 's'} in ${context.requests} hostile request${context.requests === 1 ? '' : 's'}${seed}`;
  return [heading, ...groups.map((group, index) => describeGroup(group, index + 1, context.maxUrl ?? Infinity))].join('\n\n');
}
