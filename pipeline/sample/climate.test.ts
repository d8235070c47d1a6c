// The sample's synthetic weather: deterministic in its seed, physically sensible hour by hour, and
// plausible enough that the PVWatts model gives believable yields (4 kW in Colorado: about 6,000 kWh
// a year, within 25 %).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { WeatherData } from '../readers/weather/index.ts';
import { prepareSite, simulate } from '../../pv/v5/index.ts';
import { generateWeather, HOURLY_COLUMNS, standardPressure, type HourlyColumns, type Site } from './climate.ts';
import { realPlaces } from './climate-places.ts';
import { nsrdbCellId, nsrdbGridDrafts, sampleClimateStations } from './climate-stations.ts';
import { STATION_LIST_PLACES } from './options.ts';

const boulder: Site = { lat: 40.13, lon: -105.24, timezone: -7, elevation: 1689 };
const phoenix: Site = { lat: 33.45, lon: -111.98, timezone: -7, elevation: 358 };
const seattle: Site = { lat: 47.46, lon: -122.31, timezone: -8, elevation: 122 };
const sydney: Site = { lat: -33.95, lon: 151.18, timezone: 10, elevation: 3 };

function asWeather(site: Site, columns: HourlyColumns): WeatherData {
  const absent = new Float32Array(8760).fill(Number.NaN);
  return {
    format: 'tmy3',
    header: {
      location: 'sample',
      city: 'SAMPLE',
      state: 'XX',
      country: null,
      lat: site.lat,
      lon: site.lon,
      tz: site.timezone,
      elev: site.elevation,
      source: null,
    },
    stepSeconds: 3600,
    hasMinuteColumn: false,
    length: 8760,
    ...columns,
    poa: absent,
    twet: absent,
    wdir: absent,
    rh: absent,
    snow: absent,
    aod: absent,
  };
}

function annualAc(site: Site, seed: number): number {
  const result = simulate(
    { system_capacity: 4, module_type: 0, losses: 14, array_type: 1, tilt: 20, azimuth: site.lat < 0 ? 0 : 180, dc_ac_ratio: 1.2, inv_eff: 96 },
    prepareSite(asWeather(site, generateWeather(site, seed))),
  );
  assert.ok(result.ok, result.ok ? '' : result.error);
  return result.outputs.ac_annual;
}

const sum = (values: Float32Array) => values.reduce((total, value) => total + value, 0);

test('the same seed gives the same year; another seed another one', () => {
  const a = generateWeather(boulder, 11);
  const b = generateWeather(boulder, 11);
  const c = generateWeather(boulder, 12);
  for (const name of HOURLY_COLUMNS) assert.deepEqual(a[name], b[name], name);
  assert.notDeepEqual(a.ghi, c.ghi);
  assert.deepEqual(sampleClimateStations(5, { nsrdbSpacingDeg: 4 }), sampleClimateStations(5, { nsrdbSpacingDeg: 4 }));
});

test('--climate-places: that many of the station lists’ places, the first and then evenly spread, every kind among them; all of them by default', () => {
  assert.equal(realPlaces().length, STATION_LIST_PLACES);
  const stationsAt = (climatePlaces?: number) =>
    sampleClimateStations(9, { nsrdbSpacingDeg: 8, climatePlaces }).filter(({ draft }) => draft.dataset !== 'nsrdb');
  const all = stationsAt();
  assert.deepEqual(stationsAt(STATION_LIST_PLACES), all);
  assert.deepEqual(
    all.map(({ draft }) => [draft.lat, draft.lon]),
    realPlaces().map((place) => [place.lat, place.lon]),
  );
  assert.deepEqual(stationsAt(0), []);
  const ten = stationsAt(10);
  const step = STATION_LIST_PLACES / 10;
  assert.deepEqual(
    ten.map(({ draft }) => draft.id),
    Array.from({ length: 10 }, (_, i) => all[Math.floor(i * step)]!.draft.id),
  );
  assert.deepEqual(new Set(ten.map(({ draft }) => draft.dataset)), new Set(['tmy2', 'tmy3', 'intl']));
});

test('hour by hour: dark at night, components consistent, values in range, a non-leap year', () => {
  for (const site of [boulder, phoenix, seattle, sydney]) {
    const w = generateWeather(site, 3);
    for (let i = 0; i < 8760; i++) {
      assert.ok(w.ghi[i]! >= 0 && w.ghi[i]! < 1300 && w.dni[i]! >= 0 && w.dni[i]! <= 1200 && w.dhi[i]! >= 0 && w.dhi[i]! <= w.ghi[i]! + 1, `record ${i}`);
      assert.ok(w.tdry[i]! > -50 && w.tdry[i]! < 55 && w.wspd[i]! >= 0 && w.wspd[i]! < 40);
    }
    // Local midnight is dark and local noon is not (on most days).
    let darkMidnights = 0;
    let brightNoons = 0;
    for (let d = 0; d < 365; d++) {
      if (w.ghi[d * 24]! === 0) darkMidnights++;
      if (w.ghi[d * 24 + 12]! > 100) brightNoons++;
    }
    assert.equal(darkMidnights, 365);
    assert.ok(brightNoons > 300, `${brightNoons} bright noons`);
    assert.deepEqual([w.month[0], w.day[0], w.hour[0], w.month[8759], w.day[8759], w.hour[8759], w.minute[0]], [1, 1, 0, 12, 31, 23, 30]);
  }
  // Seasons: July is warmer than January in the north, colder in the south.
  const meanOf = (w: HourlyColumns, month: number) => {
    let total = 0;
    let count = 0;
    for (let i = 0; i < 8760; i++)
      if (w.month[i] === month) {
        total += w.tdry[i]!;
        count++;
      }
    return total / count;
  };
  const north = generateWeather(boulder, 1);
  const south = generateWeather(sydney, 1);
  assert.ok(meanOf(north, 7) > meanOf(north, 1) + 10);
  assert.ok(meanOf(south, 7) < meanOf(south, 1) - 4);
});

test('pressure and dew point: the standard atmosphere at the elevation, and dew points below the temperature', () => {
  for (const site of [boulder, phoenix, seattle, sydney]) {
    const w = generateWeather(site, 5);
    const expected = standardPressure(site.elevation);
    for (let i = 0; i < 8760; i++) {
      assert.ok(Math.abs(w.pres[i]! - expected) <= 12 && Number.isInteger(w.pres[i]), `${site.lat}: record ${i} pressure ${w.pres[i]} (standard ${expected})`);
      assert.ok(w.tdew[i]! <= w.tdry[i]! && w.tdew[i]! > -60, `${site.lat}: record ${i} dew point ${w.tdew[i]} at ${w.tdry[i]} °C`);
    }
  }
  // Boulder's real TMY3 (724699) has 817–852 mbar; Phoenix's a drier air than Seattle's.
  assert.ok(Math.abs(standardPressure(boulder.elevation) - 830) < 10);
  const depression = (site: Site) => {
    const w = generateWeather(site, 5);
    let total = 0;
    for (let i = 0; i < 8760; i++) total += w.tdry[i]! - w.tdew[i]!;
    return total / 8760;
  };
  assert.ok(depression(phoenix) > depression(seattle) + 5, `${depression(phoenix)} vs ${depression(seattle)}`);
});

test('PVWatts on the synthetic weather: 4 kW in Colorado makes about 6,000 kWh, deserts more, Seattle less', () => {
  const colorado = annualAc(boulder, 20240601);
  assert.ok(colorado > 6000 * 0.75 && colorado < 6000 * 1.25, `Colorado: ${colorado} kWh`);
  assert.ok(annualAc(phoenix, 1) > annualAc(seattle, 1) * 1.3);
  const sydneyAc = annualAc(sydney, 1);
  assert.ok(sydneyAc > 4500 && sydneyAc < 8000, `Sydney: ${sydneyAc} kWh`);
  // Irradiation of the right size: Colorado’s real TMY3 has 1,655 kWh/m² of GHI a year.
  const ghi = sum(generateWeather(boulder, 2).ghi) / 1000;
  assert.ok(ghi > 1400 && ghi < 2100, `${ghi} kWh/m²`);
});

test('the nsrdb grid: land cells over the U.S. with v1-style ids and numbered v2 ids, spacing as asked', () => {
  assert.equal(nsrdbCellId(40.01, -105.02), 'W105N040-W10502N4001');
  const first = nsrdbGridDrafts({ spacingDeg: 4, limit: 3 });
  assert.deepEqual(
    first.map((cell) => [cell.id, cell.id_v2, cell.header_location]),
    first.map((cell, i) => [`3-${nsrdbCellId(cell.lat, cell.lon)}`, `3-G-000000${i + 1}`, String(i + 1)]),
  );
  const coarse = nsrdbGridDrafts({ spacingDeg: 4 });
  const fine = nsrdbGridDrafts({ spacingDeg: 2 });
  assert.ok(fine.length > 3 * coarse.length && fine.length < 5 * coarse.length, `${coarse.length} vs ${fine.length}`);
  for (const cell of fine) {
    assert.equal(cell.country, 'United States');
    assert.ok(cell.state.length > 0 && cell.city === '' && cell.resolution === 223);
    assert.ok(cell.lat > 24 && cell.lat < 50 && cell.lon > -125 && cell.lon < -66);
  }
  assert.equal(nsrdbGridDrafts({ spacingDeg: 0.5, limit: 100, landOnly: false }).length, 100);
});
