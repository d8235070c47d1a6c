// Where a station says it is, checked against the `zipcodes` gazetteer of U.S. ZIP centroids:
// coordinates far from every ZIP of the station's state (latitude and longitude swapped, or
// otherwise wrong), and a ZIP that lost its leading zeros (Excel) where the state leaves no doubt about them.
// States the gazetteer does not know (Canadian provinces) are not checked.
import { zipCodes } from '../../model/zip-codes.ts';
import type { Issue } from '../issues.ts';

/** Military mail "states" (APO/FPO): their ZIP centroids are nowhere in particular, some at the poles. */
export const MILITARY_MAIL_STATES = new Set(['AA', 'AE', 'AP']);
/** How far (in whole degrees of latitude and longitude) a station may lie from its state's nearest ZIP centroid. */
const REACH_DEGREES = 1;

interface StateZips {
  /** 1° cells holding at least one ZIP centroid of the state, as `lat:lon` of their south-west corner. */
  cells: Set<string>;
  /** Leading zeros every ZIP of the state starts with (1 for MA: 01001 … 05544). */
  sharedLeadingZeros: number;
}

const cellOf = (latitude: number, longitude: number) => `${Math.floor(latitude)}:${Math.floor(longitude)}`;

function statesOfGazetteer(): Map<string, StateZips> {
  const states = new Map<string, StateZips>();
  for (const [zip, entry] of Object.entries(zipCodes())) {
    if (!/^\d{5}$/.test(zip) || MILITARY_MAIL_STATES.has(entry.state) || !Number.isFinite(entry.latitude) || !Number.isFinite(entry.longitude)) continue;
    const state = states.get(entry.state) ?? { cells: new Set<string>(), sharedLeadingZeros: 5 };
    state.cells.add(cellOf(entry.latitude, entry.longitude));
    state.sharedLeadingZeros = Math.min(state.sharedLeadingZeros, /^0*/.exec(zip)![0].length);
    states.set(entry.state, state);
  }
  return states;
}

/** Made on the first check: a build with no fuel stations to check reads no ZIP code. */
let gazetteerMade: Map<string, StateZips> | undefined;
const gazetteer = () => (gazetteerMade ??= statesOfGazetteer());

/** Whether a point lies within REACH_DEGREES of a ZIP centroid of the state. */
function nearState(state: StateZips, latitude: number, longitude: number): boolean {
  const [row, column] = [Math.floor(latitude), Math.floor(longitude)];
  for (let dLat = -REACH_DEGREES; dLat <= REACH_DEGREES; dLat++) {
    for (let dLon = -REACH_DEGREES; dLon <= REACH_DEGREES; dLon++) if (state.cells.has(`${row + dLat}:${column + dLon}`)) return true;
  }
  return false;
}

/** The state's ZIP cells when the station's point lies far from all of them (undefined when near, or not checkable). */
function farFromState(station: Record<string, unknown>): { latitude: number; longitude: number; code: string; state: StateZips } | undefined {
  const { latitude, longitude, state: code } = station;
  if (typeof latitude !== 'number' || typeof longitude !== 'number' || typeof code !== 'string') return undefined;
  const state = gazetteer().get(code);
  return state && !nearState(state, latitude, longitude) ? { latitude, longitude, code, state } : undefined;
}

/** Latitude and longitude written the wrong way round (the swapped point lies in the station's state): one repairable issue per field. */
export function swappedCoordinateIssues(station: Record<string, unknown>, where: Pick<Issue, 'file' | 'line' | 'record'>): Issue[] {
  const far = farFromState(station);
  if (!far || Math.abs(far.longitude) > 90 || !nearState(far.state, far.longitude, far.latitude)) return [];
  const reason = `latitude and longitude (${far.latitude}, ${far.longitude}) are swapped: the point is far outside ${far.code}`;
  const how = 'latitude and longitude swapped back';
  return [
    { ...where, field: 'latitude', value: far.latitude, reason, repair: { value: far.longitude, how } },
    { ...where, field: 'longitude', value: far.longitude, reason, repair: { value: far.latitude, how } },
  ];
}

/**
 * A point far from its state that swapping does not explain: either the state or the coordinates
 * are wrong, and nothing says which, so the station is kept and this is noted.
 */
export function farFromStateNote(station: Record<string, unknown>, where: Pick<Issue, 'file' | 'line' | 'record'>): Issue | undefined {
  const far = farFromState(station);
  if (!far) return undefined;
  return {
    ...where,
    field: 'latitude',
    value: far.latitude,
    reason: `the point (${far.latitude}, ${far.longitude}) is far outside ${far.code} (more than ${REACH_DEGREES}° from any of its ZIP codes): kept as it is`,
  };
}

/**
 * A ZIP that lost its leading zeros (Excel reads ZIPs as numbers) is repaired when the zeros are
 * certain: the padded ZIP is a ZIP of the station's state, or every ZIP of the state starts with them.
 */
export function zipRepair(value: unknown, stateCode: unknown): Issue['repair'] {
  if (typeof value !== 'string' || !/^\d{3,4}$/.test(value) || typeof stateCode !== 'string') return undefined;
  const padded = value.padStart(5, '0');
  const lost = 5 - value.length;
  if (zipCodes()[padded]?.state === stateCode) return { value: padded, how: `leading zeros restored (${padded} is in ${stateCode})` };
  if ((gazetteer().get(stateCode)?.sharedLeadingZeros ?? 0) >= lost)
    return { value: padded, how: `leading zeros restored (every ZIP of ${stateCode} starts with ${'0'.repeat(lost)})` };
  return undefined;
}
