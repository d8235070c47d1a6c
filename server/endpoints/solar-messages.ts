// The solar group's 422 wording: the dataset query's and both PVWatts estimators', worded as the
// PVWatts v6 message the real service sends (`'inv_eff' must be between 90 and 99.5`).
import { bounds, type ParamIssue } from '../params.ts';

/**
 * Solar dataset query (and estimator) 422 messages, worded as the PVWatts v6 one the wire shows
 * (`'inv_eff' must be between 90 and 99.5`): the parameter in quotes, then the rule.
 */
export function solarMessage(issue: ParamIssue): string {
  const name = `'${issue.param}'`;
  switch (issue.kind) {
    case 'required':
      return `${name} is required`;
    case 'repeated':
      return `${name} must be given only once`;
    case 'empty':
      return `${name} must not be empty`;
    case 'type':
      return `${name} must be ${issue.expected === 'integer' ? 'an integer' : issue.expected === 'number' ? 'a number' : `a ${issue.expected}`}`;
    case 'range':
      return `${name} must be ${bounds(issue)}`;
    case 'enum': {
      const allowed = issue.allowed!.map(String);
      return `${name} must be ${allowed.length === 2 ? allowed.join(' or ') : `${allowed.slice(0, -1).join(', ')} or ${allowed[allowed.length - 1]}`}`;
    }
    case 'length':
      return `${name} must be at most ${issue.maximum} characters`;
    case 'excluded':
      return `${name} must not be passed with '${issue.excludedBy}'`;
    case 'count':
      return `${name} must be ${issue.counts!.join(' or ')} values separated by ${issue.separator}`;
    case 'pattern':
      if (issue.param === 'callback')
        return `${name} must be a JavaScript function name: letters, digits, _, $ and dots, not starting with a digit, at most 64 characters`;
      return `${name} is invalid`;
    default:
      return `${name} is invalid`;
  }
}

/** Solar dataset query: every station in range (all=1) needs a range. */
export const SOLAR_ALL_NEEDS_RADIUS = "'radius' must be greater than 0 when 'all' is 1";

/** Estimator (PVWatts v6): a file_id the climate catalog does not hold, worded as the v5-era service did. */
export function solarUnknownFileMessage(fileId: string): string {
  return `Unable to load data file for file_id specified: ${JSON.stringify(fileId)}`;
}

/**
 * Estimator: no station of the dataset within the radius of the point (radius 0: the dataset has no
 * station at all). Coordinates as floats, as data_query's warnings print them.
 */
export function solarNoStationMessage(dataset: string, radiusMiles: number, lat: string, lon: string): string {
  const where = `lat=${lat} lon=${lon}`;
  return radiusMiles > 0 ? `No ${dataset} weather data found within ${radiusMiles} miles of ${where}` : `No ${dataset} weather data found for ${where}`;
}

/** Estimator: the model refused to run (the v5-era service's words; the model's own reason goes in the warnings). */
export const SOLAR_MODEL_FAILED = 'An internal error occurred in the pvwattsv5 module.';

/** Solar resource: an address the geocoder cannot place (the fuel-station search's words, docs/decisions.md §9). */
export function solarResourceUngeocodedMessage(address: string): string {
  return `The address '${address}' could not be geocoded: give a ZIP code, 'City, ST', or an address that contains either.`;
}

/** Solar resource: no climate station with a resource within the search's distance of the point. Coordinates as floats, as data_query's warnings print them. */
export function solarResourceNoStationMessage(radiusMiles: number, lat: string, lon: string): string {
  return `No solar resource data found within ${radiusMiles} miles of lat=${lat} lon=${lon}`;
}
