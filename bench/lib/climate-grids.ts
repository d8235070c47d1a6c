// Synthetic climate data sets for the benchmarks: the sample's tmy2, tmy3 and intl stations plus an
// nsrdb grid of exactly N cells over the contiguous U.S. (cells over water too, so that any N fits),
// each with the sample generator's hourly weather. Built once into .tmp/bench-climate/ and reused.
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DataSetWriter } from '../pipeline/dataset-writer.ts';
import { writeCatalog, writeClimate, type StationInput } from '../pipeline/datasets/climate.ts';
import { generateWeather } from '../pipeline/sample/climate.ts';
import { CONUS, nsrdbGridDrafts, sampleClimateStations } from '../pipeline/sample/climate-stations.ts';
import { Random } from '../pipeline/sample/random.ts';

export const benchRoot = join(import.meta.dirname, '..', '.tmp', 'bench-climate');
const VERSION = 1;

export interface Grid {
  cells: number;
  dir: string;
  /** Seconds the build took (undefined when reused). */
  buildSeconds?: number;
  bytesOnDisk: number;
}

function bytesOf(dir: string): number {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  return Object.values(manifest.datasets.climate.files as Record<string, { path: string }>).reduce((sum, file) => sum + statSync(join(dir, file.path)).size, 0);
}

export async function climateGrid(cells: number, log: (line: string) => void = console.log): Promise<Grid> {
  const dir = join(benchRoot, `grid-${cells}-v${VERSION}`);
  const marker = join(dir, 'manifest.json');
  if (existsSync(marker)) {
    const manifest = JSON.parse(readFileSync(marker, 'utf8'));
    if (manifest.bench_cells === cells) return { cells, dir, bytesOnDisk: bytesOf(dir) };
  }
  rmSync(dir, { recursive: true, force: true });
  const area = (CONUS.north - CONUS.south) * (CONUS.east - CONUS.west);
  const spacing = Math.sqrt(area / cells) * 0.97;
  const started = performance.now();
  const grid = nsrdbGridDrafts({ spacingDeg: spacing, landOnly: false, limit: cells, seedLabel: `bench-${cells}` });
  if (grid.length !== cells) throw new Error(`grid of ${grid.length} cells, wanted ${cells}`);
  const random = new Random(cells);
  const stations = [...sampleClimateStations(1).map((station) => station.draft).filter((draft) => draft.dataset !== 'nsrdb'), ...grid];
  const inputs: StationInput[] = stations.map((draft) => {
    const seed = random.int(0, 0x7fff_ffff);
    return { draft, load: () => generateWeather({ lat: draft.header_lat, lon: draft.header_lon, timezone: draft.header_tz, elevation: draft.header_elev }, seed) };
  });
  log(`  building ${cells} nsrdb cells (+${stations.length - cells} stations) into ${dir} ...`);
  const writer = await DataSetWriter.open(dir);
  try {
    const result = await writeClimate(writer, inputs, { label: `bench grid ${cells}` });
    await writeCatalog(writer, result.stations);
    writer.commit({ schema_version: 1, generator: 'bench', sample: true, notice: 'SAMPLE DATA: synthetic benchmark grid', bench_cells: cells } as never);
  } finally {
    writer.close();
  }
  return { cells, dir, buildSeconds: (performance.now() - started) / 1000, bytesOnDisk: bytesOf(dir) };
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function p50(values: number[]): number {
  return percentile([...values].sort((a, b) => a - b), 50);
}

/** Random points over the contiguous U.S. */
export function usPoints(count: number, seed: number): Array<[number, number]> {
  const random = new Random(seed);
  return Array.from({ length: count }, () => [Number(random.between(25, 49).toFixed(4)), Number(random.between(-124, -67).toFixed(4))]);
}
