// The fuel-station endpoints' 422 and 404 wording: each message names the parameter, and for an
// unknown value the values allowed (docs/decisions.md). The commercial building resources word
// their plain parameters the same way (building-resources-messages.ts).
import { bounds, shown, type ParamIssue } from '../params.ts';
import type { BodyProblem } from '../request-body.ts';
import type { RouteProblem } from '../wkt-linestring.ts';

/** Fuel-station 422 messages: they name the parameter, and for an unknown value, the values allowed. */
export function fuelStationMessage(issue: ParamIssue): string {
  const name = `The '${issue.param}' parameter`;
  switch (issue.kind) {
    case 'repeated':
      return `${name} was given more than once.`;
    case 'empty':
      return `${name} must not be empty.`;
    case 'required':
      return `${name} is required.`;
    case 'type':
      return `${name} must be ${issue.expected === 'integer' ? 'an integer' : issue.expected === 'number' ? 'a number' : `a ${issue.expected}`} (got '${shown(issue.value)}').`;
    case 'enum':
      return `${name} has an invalid value '${shown(issue.value)}'. Allowed values: ${issue.allowed!.join(', ')}.`;
    case 'range':
      return `${name} must be ${bounds(issue)} (got '${shown(issue.value)}').`;
    case 'length':
      return `${name} is too long (at most ${issue.maximum} characters).`;
    default:
      return `${name} has an invalid value '${shown(issue.value)}': ${issue.description ?? 'see the documentation'}`;
  }
}

/** Fuel stations nearest: neither a location nor both coordinates. */
export const FUEL_STATION_LOCATION_REQUIRED = "Either the 'location' or both 'latitude' and 'longitude' parameters must be given to.";

/** Fuel stations nearest: a location the gazetteer cannot place. */
export function fuelStationUngeocodedMessage(location: string): string {
  return `The location '${shown(location)}' could not be geocoded: give a ZIP code, 'City, ST', or an address that contains either.`;
}

/** Fuel stations nearby-route: a route that is not a LINESTRING of 2 to the most points, each a longitude and a latitude. */
export function fuelStationRouteMessage(problem: RouteProblem): string {
  const name = "The 'route' parameter";
  switch (problem.kind) {
    case 'not-linestring':
      return `${name} must be a WKT LINESTRING of longitude latitude points, such as LINESTRING(-74.0 40.7, -87.63 41.87, -104.98 39.76).`;
    case 'point':
      return `${name} has an invalid point ${problem.index} '${shown(problem.text)}': each point is a longitude and a latitude, separated by a space.`;
    case 'range':
      return `${name} has an invalid point ${problem.index}: its ${problem.coordinate} must be between ${problem.coordinate === 'longitude' ? '-180 and 180' : '-90 and 90'} (got '${problem.value}').`;
    case 'too-few':
      return `${name} must have at least 2 points (got ${problem.count}).`;
    case 'too-many':
      return `${name} has ${problem.count} points: at most ${problem.maximum} are taken. Simplify the route, or split it.`;
    case 'antipodes':
      return `${name} has antipodal points ${problem.index} and ${problem.index + 1}: no single shortest arc joins them.`;
  }
}

/** A POST body that cannot be read (nearby-route). */
export function fuelStationBodyMessage(problem: BodyProblem): string {
  switch (problem.kind) {
    case 'too-large':
      return `The request body is too large: at most ${problem.limitBytes / 1024} KB.`;
    case 'malformed':
      return `The request body is not a valid ${problem.type === 'json' ? 'JSON document' : 'form'}: ${shown(problem.detail)}`;
    case 'unsupported':
      return `The request body must be a form (application/x-www-form-urlencoded, UTF-8) or JSON (application/json), not '${shown(problem.contentType)}'.`;
    case 'not-an-object':
      return 'The request body must be a JSON object of parameters.';
    case 'value':
      return `The '${problem.param}' parameter of a JSON body must be a string, a number, a boolean, or a list of them.`;
  }
}

/** Fuel station by id, the 404: no station has the id, or the id is no station id at all. */
export const FUEL_STATION_NOT_FOUND = 'A station for the given ID could not be found.';
