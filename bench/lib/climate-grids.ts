// Synthetic climate data sets for the climate, data-query and national-grid benches: the sample's
// tmy2, tmy3 and intl stations plus an nsrdb grid of exactly N cells over the contiguous U.S. (cells
// over water too, so that any N fits), built in the bench's scratch space, up to a national grid's
// 2,000,000 cells in bounded memory: the cells are generated one at a time and written as they come
// (DuckDB sorts the catalog within its memory limit), never all held at once.
//
// Writing every cell's own hourly year would take hours at 2,000,000 cells (about 4 ms a station on
// two cores: generating its weather, then compressing 8,760 × 14 values) and some 100 GB. What the
// benches measure needs less: the data query reads only the catalog, and the store reads a station
// by the catalog's shard, row group and byte range. So only the first shard is written (the first
// stations' generated weather); every further shard is a hard link to it, and the station at
// position j of shard s gets the rows of the station at position j of the first, station_index
// included, so that every catalog record names the rows that hold its hours; its solar resource
// (which a server refuses to start without) is that station's too. What grows with the grid is real:
// the catalog (every cell its own record and place), the solar resource's rows and the shard files,
// each with the footer the store parses and keeps.
import { linkSync } from 'node:fs';
import { join } from 'node:path';
import { DataSetWriter } from '../../pipeline/dataset-writer.ts';
import type { StationDraft } from '../../pipeline/datasets/climate-records.ts';
import { SolarResourceCollector } from '../../pipeline/datasets/climate-solar-resource.ts';
import { SHARD_STATIONS, writeCatalog, writeClimate } from '../../pipeline/datasets/climate-writer.ts';
import { generateWeather } from '../../pipeline/sample/climate.ts';
import { CONUS, nsrdbGridCells, sampleClimateStations } from '../../pipeline/sample/climate-stations.ts';
import { Random } from '../../pipeline/sample/random.ts';
import type { ClimateStation } from '../../types/schemas.ts';
import { scratchDir } from './scratch.ts';

export interface Grid {
  cells: number;
  /** Every station of the catalog: the grid's cells and the sample's other stations. */
  stations: number;
  shards: number;
  dir: string;
  buildSeconds: number;
}

const shardKey = (shard: number) => `hourly-${String(shard).padStart(4, '0')}`;
const MB = 1024 * 1024;

/** The sample's tmy2, tmy3 and intl stations. */
const otherStations = () => sampleClimateStations(1).flatMap(({ draft }) => (draft.dataset === 'nsrdb' ? [] : [draft]));

/** Every station of a grid of `cells`, in the order they are numbered (the sample's other stations, then the cells). */
function* gridDrafts(others: StationDraft[], cells: number): Generator<StationDraft> {
  yield* others;
  const area = (CONUS.north - CONUS.south) * (CONUS.east - CONUS.west);
  let made = 0;
  for (const draft of nsrdbGridCells({ spacingDeg: Math.sqrt(area / cells) * 0.97, landOnly: false, limit: cells, seedLabel: `bench-${cells}` })) {
    made++;
    yield draft;
  }
  if (made !== cells) throw new Error(`grid of ${made} cells, wanted ${cells}`);
}

/**
 * Prints every `every` records how many of `total` a step has written, at what rate, and the
 * process's resident memory; `log` false prints nothing.
 */
function progressOf(step: string, total: number, log: boolean) {
  const started = performance.now();
  const every = Math.max(1, Math.round(total / 10));
  let count = 0;
  return {
    tick() {
      if (++count % every !== 0 || !log) return;
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `    ${step}: ${count.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} (${Math.round(count / seconds).toLocaleString('en-US')} a second, ${Math.round(process.memoryUsage().rss / MB)} MB resident)`,
      );
    },
  };
}

/** A grid of `cells` nsrdb cells beside the sample's other stations; `log` prints each step's progress and rate. */
export async function climateGrid(cells: number, { log = false }: { log?: boolean } = {}): Promise<Grid> {
  const started = performance.now();
  const random = new Random(cells);
  const others = otherStations();
  const drafts = gridDrafts(others, cells);
  const firstShardInputs = Array.from({ length: SHARD_STATIONS }, () => {
    const draft = drafts.next().value as StationDraft;
    const seed = random.int(0, 0x7fff_ffff);
    return {
      draft,
      load: () => generateWeather({ lat: draft.header_lat, lon: draft.header_lon, timezone: draft.header_tz, elevation: draft.header_elev }, seed),
    };
  });

  const dir = scratchDir(`climate-grid-${cells}`);
  const writer = await DataSetWriter.open(dir);
  try {
    // the first shard's stations' solar resource, which every cell modelled on one of them shares
    const solar = new SolarResourceCollector(0);
    const { stations: firstShard } = await writeClimate(writer, firstShardInputs, {
      label: `bench grid ${cells}: first shard`,
      onLoaded: (draft, columns) => solar.add(draft, columns),
    });
    if (firstShard.length !== SHARD_STATIONS || firstShard.some((station) => station.hourly_file !== shardKey(0))) {
      throw new Error(`the first ${SHARD_STATIONS} stations did not make exactly one shard: has the pipeline's shard size changed?`);
    }
    let stations = 0;
    const catalogProgress = progressOf('catalog', others.length + cells, log);
    function* records(): Generator<ClimateStation> {
      for (const draft of chain(
        firstShardInputs.map((input) => input.draft),
        drafts,
      )) {
        const model = firstShard[stations % SHARD_STATIONS]!;
        if (draft.records !== model.records) throw new Error(`${draft.id} has ${draft.records} records, its first-shard model ${model.records}`);
        const { station_index, hourly_row_group, hourly_offset, hourly_bytes } = model;
        const hourly_file = shardKey(Math.floor(stations++ / SHARD_STATIONS));
        catalogProgress.tick();
        // (the draft is this station's own: made into its record, not copied)
        yield Object.assign(draft, { station_index, hourly_file, hourly_row_group, hourly_offset, hourly_bytes });
      }
    }
    await writeCatalog(writer, records());
    const files = writer.dataset('climate').files;
    const first = files[shardKey(0)]!;
    const shards = Math.ceil(stations / SHARD_STATIONS);
    for (let shard = 1; shard < shards; shard++) {
      const path = first.path.replace(shardKey(0), shardKey(shard));
      linkSync(join(writer.workDir, first.path), join(writer.workDir, path));
      files[shardKey(shard)] = { ...first, path };
    }
    // Each station's solar resource is its model's (the first shard's station at its station_index),
    // written in the catalog's order, which is its ids': the ids read a chunk at a time into one
    // buffer (as 2,000,000 strings they would hold 100 MB more of heap while the rows are written).
    const ids = { text: [] as Buffer[], ends: new Uint32Array(stations), models: new Int32Array(stations) };
    const catalog = await writer.db.stream(`SELECT id, station_index FROM read_parquet('${join(writer.workDir, files.stations!.path)}')`);
    let read = 0;
    let length = 0;
    for (let chunk = await catalog.fetchChunk(); chunk && chunk.rowCount > 0; chunk = await catalog.fetchChunk()) {
      const [chunkIds, indexes] = chunk.getColumns() as [string[], number[]];
      for (const [i, id] of chunkIds.entries()) {
        ids.ends[read] = length += id.length;
        ids.models[read++] = indexes[i]!;
      }
      ids.text.push(Buffer.from(chunkIds.join(''), 'latin1'));
    }
    if (read !== stations) throw new Error(`the catalog has ${read} stations, not the ${stations} written`);
    const idText = Buffer.concat(ids.text);
    const solarProgress = progressOf('solar resource', stations, log);
    await solar.write(
      writer,
      (function* () {
        for (let i = 0; i < stations; i++) {
          solarProgress.tick();
          yield { id: idText.toString('latin1', i === 0 ? 0 : ids.ends[i - 1], ids.ends[i]), model: firstShard[ids.models[i]!]!.id };
        }
      })(),
      true,
    );
    writer.commit({
      schema_version: 1,
      generator: 'bench',
      sample: true,
      notice: `SAMPLE DATA: synthetic benchmark grid of ${cells} cells, every shard a copy of the first`,
    });
    return { cells, stations, shards, dir, buildSeconds: (performance.now() - started) / 1000 };
  } catch (error) {
    writer.abort();
    throw error;
  } finally {
    writer.close();
  }
}

function* chain<T>(...parts: Iterable<T>[]): Generator<T> {
  for (const part of parts) yield* part;
}

/** Random points over the contiguous U.S. */
export function usPoints(count: number, seed: number): Array<[number, number]> {
  const random = new Random(seed);
  return Array.from({ length: count }, () => [Number(random.between(25, 49).toFixed(4)), Number(random.between(-124, -67).toFixed(4))]);
}
