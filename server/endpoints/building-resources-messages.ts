// The commercial building resources' 422 wording (resources and events): a vocabulary filter says
// what it takes; the other parameters are worded as the fuel stations' are.
import { shown, type ParamIssue } from '../params.ts';
import { fuelStationMessage } from './fuel-stations-messages.ts';

/** Building-resources parameters that are not vocabulary term lists. */
const BUILDING_PLAIN_PARAMS = new Set(['s', 'scope', 'callback', 'format', 'api_key']);

/** Commercial building resources 422 messages (resources and events): the parameter, and what it takes. */
export function buildingResourceMessage(issue: ParamIssue): string {
  const name = `The '${issue.param}' parameter`;
  if (issue.kind === 'pattern' && issue.param === 'callback') {
    return `${name} must be a JavaScript function name: letters, digits, _, $ and dots, not starting with a digit, at most 64 characters (got '${shown(issue.value)}').`;
  }
  if (!BUILDING_PLAIN_PARAMS.has(issue.param) && issue.kind !== 'repeated' && issue.kind !== 'empty') {
    return `${name} has an invalid value '${shown(issue.value)}': give term ids or term names, separated by commas.`;
  }
  return fuelStationMessage(issue);
}

/** A building-resources filter value that is no term of its vocabulary. */
export function unknownTermMessage(param: string, value: unknown, vocabulary: string): string {
  return `The '${param}' parameter names no term of the ${vocabulary.replace(/_/g, ' ')} vocabulary: '${shown(value)}'. Give a term id or a term name.`;
}
