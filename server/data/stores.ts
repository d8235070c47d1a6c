// The stores of a data set: one registration for each data set the pipeline builds (its builder is
// listed in pipeline/datasets/index.ts). A registration names the manifest's entry it reads, the
// files whose columns must be their schema's properties (a data set built before a column was added
// is refused, not failed on deep in a query), and how its store is loaded. Adding a data set is a
// builder there and a registration here; `DataSet` then holds its store under the registration's name.
import type { CacheExpiry } from './byte-bounded-cache.ts';
import { BuildingResourceStore } from './building-resources.ts';
import { ClimateStore } from './climate.ts';
import type { Database } from './database.ts';
import { ElectricNetworkStore } from './electric-networks.ts';
import { NsrdbFileStore } from './nsrdb-files.ts';
import { SolarResourceStore } from './solar-resource.ts';
import { StationStore } from './stations.ts';

/** The caches' caps when a caller names none (tests, tools); the server's settings default to them too. */
export const DEFAULT_CACHE_MB = { climate: 256, pvSites: 256 } as const;

/** What a store is loaded from. */
export interface StoreContext {
  db: Database;
  /** The data set's directory, and its manifest's entries by data set. */
  dir: string;
  manifest: { datasets: Record<string, { files: Record<string, { path: string }> } | undefined> };
  /** A file of the registration's data set, by its name in the manifest, as a path; undefined when the build wrote none. */
  file(name: string): string | undefined;
  /** The caches' caps and how they let go of what goes unused. */
  caches: { climateBytes?: number } & CacheExpiry;
}

export interface StoreRegistration<Store> {
  /** The manifest's entry (pipeline/datasets/<builder>.ts names it). */
  dataset: string;
  /** Files of the entry whose columns are the properties of a schema ($id), as the pipeline writes them. */
  checkedFiles?: Record<string, string>;
  load(context: StoreContext): Promise<Store>;
}

const register = <Store>(registration: StoreRegistration<Store>) => registration;

export const storeRegistrations = {
  stations: register({
    dataset: 'fuel_stations',
    checkedFiles: { stations: '/api/schemas/fuel-station-source.schema.json' },
    load: ({ db, file }) => StationStore.load(db, file('stations')),
  }),
  /** The EV charging networks, a file of the fuel station data set beside the stations. */
  evNetworks: register({
    dataset: 'fuel_stations',
    checkedFiles: { networks: '/api/schemas/electric-network-source.schema.json' },
    load: ({ db, file }) => ElectricNetworkStore.load(db, file('networks')),
  }),
  buildingResources: register({
    dataset: 'building_resources',
    load: ({ db, file }) => BuildingResourceStore.load(db, { resources: file('resources'), events: file('events'), terms: file('terms') }),
  }),
  climate: register({
    dataset: 'climate',
    checkedFiles: { stations: '/api/schemas/climate-station.schema.json' },
    load: ({ db, dir, manifest, caches }) =>
      ClimateStore.load(db, dir, manifest, {
        cacheBytes: caches.climateBytes ?? DEFAULT_CACHE_MB.climate * 1024 * 1024,
        idleMs: caches.idleMs,
        onExpire: caches.onExpire,
      }),
  }),
  /** Each climate station's solar resource, a file of the climate data set beside the catalog. */
  solarResource: register({
    dataset: 'climate',
    checkedFiles: { solar_resource: '/api/schemas/climate-solar-resource.schema.json' },
    load: ({ db, file }) => SolarResourceStore.load(db, file('solar_resource')),
  }),
  /** The NSRDB downloads the pipeline ingested, kept whole: a file of the climate data set a build from the sample or without nsrdb files lacks. */
  nsrdbFiles: register({
    dataset: 'climate',
    load: ({ db, file }) => NsrdbFileStore.load(db, file('nsrdb_files')),
  }),
};

/** A data set's stores, by their registrations' names. */
export type Stores = { [Name in keyof typeof storeRegistrations]: Awaited<ReturnType<(typeof storeRegistrations)[Name]['load']>> };
